/**
 * A job's rows and the service, for the one job runner (./runner.ts): a row's price as it
 * leaves, its call under its own id and what the row comes to (`createRowCalls`), the rows whose
 * answer was lost read and sent again until they settle (`createLostRows`), and each job's pace.
 */
import { type ApiErrorJson, asksToWaitPastCap } from '../../api/errors';
import { WAITING_KINDS } from '../../job-summary';
import type { InterruptedCall, PeekRequest, RunResult } from '../../protocol';
import type { QuoteBounds } from '../../quote-format';
import { confirmedForToday } from '../budget';
import type { JobHeader, JobKind, JobRow, JobRunnerDeps, RowChange } from './kind';

/** Nothing to pay: a row answered from the cache, or refused before it leaves. */
export const FREE: QuoteBounds = { min: 0, max: 0 };

/** Why a job waits, in the product's words: its page shows the message while it is running. */
function waitReason(error: ApiErrorJson): ApiErrorJson {
  return {
    ...error,
    message:
      error.kind === 'member-budget'
        ? 'Waiting: your team budget is spent for today'
        : 'Waiting: the connection was refused, nothing was sent; asking again every minute',
  };
}

/** Errors after which no further row can succeed: the key (or member token) is refused, or the credits ran out. */
const STOPPING_KINDS: ReadonlySet<string> = new Set(['auth', 'member-token', 'credits']);

/** Why a job stopped before its rows were all asked: today's budget was reached. */
function budgetStop(remaining: number): ApiErrorJson {
  return {
    name: 'ApiError',
    kind: 'budget',
    message: `Stopped at today's budget: ${remaining} ${remaining === 1 ? 'credit' : 'credits'} left`,
    description:
      'The rows not asked cost nothing. Raise the daily budget in the options, or start them again and confirm.',
  };
}

/** Where a row stands and what it cost, from the service's result; the kind adds what it shows. */
function outcomeOf(result: RunResult): RowChange {
  switch (result.status) {
    case 'answer':
      return { status: 'done', credits: result.credits, cached: result.cached, error: undefined };
    case 'answer-gone':
      // Answered and paid before (never asked again under its id): what it showed is kept as it was.
      return { status: 'done', credits: result.credits, cached: false, error: undefined };
    case 'interrupted':
      return { status: 'interrupted', credits: result.interrupted.credits };
    case 'error':
      // An answer about someone on the do-not-enrich list was paid, though not kept.
      return { status: 'failed', credits: result.error.charged ?? 0, error: result.error };
    default:
      // A job confirms as a whole and asks cache-only only what is cached: read as refused, nothing spent.
      return {
        status: 'failed',
        credits: 0,
        error: { name: 'ApiError', kind: 'invalid', message: 'The service was not asked' },
      };
  }
}

/** When rows of each job were answered in the last minute: its pace. Memory only. */
export function createPace(now: () => number) {
  /** Per job, in the order they came: older ones are dropped from the front as they age. */
  const answeredAt = new Map<string, number[]>();

  function answeredLastMinute(id: string): number[] {
    const times = answeredAt.get(id) ?? [];
    const since = now() - 60_000;
    let aged = 0;
    while (aged < times.length && times[aged]! <= since) aged += 1;
    times.splice(0, aged);
    answeredAt.set(id, times);
    return times;
  }

  return {
    answered(id: string): void {
      answeredLastMinute(id).push(now());
    },
    perMinute: (id: string): number => answeredLastMinute(id).length,
  };
}

/** Writes what a row comes to after the service answered it: where it stands, what it cost, what it shows. */
function writeResult<Job extends JobHeader, Row extends JobRow>(
  kind: JobKind<Job, Row>,
  jobId: string,
  row: Row,
  result: RunResult,
): Promise<boolean> {
  return kind.write(jobId, row, { ...outcomeOf(result), ...kind.shows(row, result) });
}

/**
 * One row of a job and the service as it leaves: its price then, and its call under its own id
 * and what the row comes to.
 */
export function createRowCalls<Job extends JobHeader, Row extends JobRow>(
  kind: JobKind<Job, Row>,
  deps: JobRunnerDeps,
  now: () => number,
  pace: ReturnType<typeof createPace>,
) {
  /**
   * A row's price as it leaves. One quoted free because its answer was cached when it was queued
   * is asked from the cache only while it is there (it can then cost nothing); one quoted free
   * because the team's hub had it (team mode) is asked of the hub, free while the hub still has it;
   * once either is gone (evicted, cleared) it counts at its price, so that the cap holds.
   */
  async function quoteAsItLeaves(row: Row): Promise<{ quote: QuoteBounds; fromCacheOnly: boolean }> {
    const asked = { quote: row.quote, fromCacheOnly: false };
    if (!kind.priceAsItLeaves || (row.policy ?? 'cache-first') !== 'cache-first' || row.quote.max !== 0)
      return asked;
    const request = { endpointId: row.endpointId, params: paramsOf(row) };
    const [peeked] = (await deps.service.peekMany([request])).rows;
    if (!peeked?.ok) return asked;
    if (peeked.cached) return { quote: FREE, fromCacheOnly: true };
    // Not in this browser's cache: what the team has, only now asked of the hub (a row cached here
    // never is).
    const [team] = (await deps.service.peekMany([request], { team: true })).rows;
    const quote = team?.ok ? team.quote : peeked.quote;
    return { quote: { min: quote.min, max: quote.max }, fromCacheOnly: false };
  }

  /**
   * Asks one row (again, under its own id, after a restart), unless its kind answers it itself.
   * Returns why to stop, if so. A row not asked after all (its turn given up, the budget reached,
   * its cached answer gone, the service asking to wait past the cap) goes back to the queue,
   * nothing spent.
   */
  async function ask(
    job: Job,
    row: Row,
    held: AbortSignal,
    fromCacheOnly: boolean,
  ): Promise<ApiErrorJson | null> {
    if (kind.answersItself && (await kind.answersItself(job, row))) return null;
    try {
      return await askService(job, row, held, fromCacheOnly);
    } finally {
      kind.rowSettled?.(job, row);
    }
  }

  /** Asks the service for a row that is to leave, and writes what the row comes to. */
  async function askService(
    job: Job,
    row: Row,
    held: AbortSignal,
    fromCacheOnly: boolean,
  ): Promise<ApiErrorJson | null> {
    // A row read from the queue a while ago may be gone since (a member removed): it is not asked.
    if (row.status === 'queued' && !(await kind.write(job.id, row, { status: 'running' }))) return null;
    const result = await deps.service.run({
      requestId: row.requestId,
      endpointId: row.endpointId,
      params: paramsOf(row),
      policy: fromCacheOnly ? 'cache-only' : (row.policy ?? 'cache-first'),
      // Only a job the person confirmed past today's budget passes it (that day); the others check as they go.
      confirmed: confirmedForToday(job, now()),
      // The job sends its own interrupted rows again (../service.ts leaves them to it).
      ownerId: job.id,
      signal: held,
    });
    const notAsked =
      (result.status === 'error' &&
        (result.error.kind === 'aborted' ||
          asksToWaitPastCap(result.error) ||
          WAITING_KINDS.has(result.error.kind))) ||
      result.status === 'needs-confirmation' ||
      result.status === 'not-cached';
    if (notAsked) {
      // Nothing was sent (or charged): the row is asked again when the job goes on.
      await kind.write(job.id, row, { status: 'queued' });
      if (result.status === 'needs-confirmation') return budgetStop(result.remaining);
      if (result.status === 'error' && WAITING_KINDS.has(result.error.kind)) return waitReason(result.error);
      return result.status === 'error' && result.error.kind !== 'aborted' ? result.error : null;
    }
    await writeResult(kind, job.id, row, result);
    pace.answered(job.id);
    if (result.status === 'error' && STOPPING_KINDS.has(result.error.kind)) return result.error;
    return null;
  }

  return { quoteAsItLeaves, ask };
}

/**
 * The rows of a job whose answer was lost, read (and sent again when certainly not charged) until
 * they settle, and what the page shows of one.
 */
export function createLostRows<Job extends JobHeader, Row extends JobRow>(
  kind: JobKind<Job, Row>,
  deps: JobRunnerDeps,
) {
  /**
   * Rows whose answer was lost: each is read again (its cost may change until it settles) and,
   * when certainly not charged and the job was not cancelled, sent again under its id. Returns
   * whether any is still waiting for the balance to settle.
   */
  async function settleInterrupted(job: Job): Promise<boolean> {
    let waiting = false;
    for (const row of await kind.interrupted(job)) {
      const state = await deps.service.requestState(row.requestId);
      if (state.state === 'in-flight') {
        waiting = true;
        continue;
      }
      const resend = state.state === 'done' || (state.state === 'interrupted' && state.resumable);
      if (resend && !job.cancelRequested) {
        // Certainly not charged, and within the job's budget when it first left: asked again.
        const result = await deps.service.run({
          requestId: row.requestId,
          endpointId: row.endpointId,
          params: paramsOf(row),
          policy: row.policy ?? 'cache-first',
          confirmed: true,
          ownerId: job.id,
        });
        await writeResult(kind, job.id, row, result);
        if (result.status === 'interrupted' && !result.interrupted.settled) waiting = true;
        continue;
      }
      if (state.state === 'interrupted') {
        await kind.write(job.id, row, { credits: state.interrupted.credits });
        if (!state.interrupted.settled) waiting = true;
      }
    }
    return waiting;
  }

  /** A lost row's call as the page shows it (what the balance says it cost), or null. */
  async function interruptionOf(row: Row): Promise<InterruptedCall | null> {
    if (row.status !== 'interrupted') return null;
    const state = await deps.service.requestState(row.requestId);
    return state.state === 'interrupted' ? state.interrupted : null;
  }

  return { settleInterrupted, interruptionOf };
}

/** A row's params as the service takes them (kept as the page gave them). */
function paramsOf(row: JobRow): PeekRequest['params'] {
  return row.params as PeekRequest['params'];
}
