/**
 * The one job runner: everything that asks the service many times as a job of its own (a batch
 * from "Found on this page", a list from a file) runs through this loop, and each kind of job
 * gives a small adapter (`JobKind`: where its rows are kept, what a row shows, its policy). No page
 * drives a job; closing one does not stop it, and a worker that stops half-way loses nothing:
 *
 * - a job and its rows are in IndexedDB, written on every step (the adapter says where);
 * - each row is one `run` of the service under a request id chosen when the row was queued, so
 *   the call is journaled before it leaves (./jobs.ts), and a row asked again after a restart is
 *   answered from its record, or told what it cost when its answer was lost: it is never paid
 *   twice; a row answered and paid whose answer has since left the cache is told so (`answer-gone`)
 *   and is not sent again (./replays.ts): only a new click asks again, under a new id;
 * - the calls it journals carry the job's id (`ownerId`): the service leaves their losses to the
 *   job (./service.ts), which sends again one certainly not charged, unless it was cancelled;
 * - a worker that starts resumes every working job (`resume`, woken by ./work-alarm.ts); rows a
 *   stopped worker left running are asked again under their own ids first, and rows whose answer
 *   was lost are settled by the balance before the job calls itself done;
 * - it stops, letting the calls in flight finish (they are paid), at Pause, Cancel, a spend cap
 *   (before a row that could pass it), today's budget (as each row leaves, unless the person
 *   confirmed past it that day), or an answer after which no row can succeed; rows still waiting
 *   for their turn in the scheduler give up without leaving;
 * - it waits, its rows kept to ask, while nothing it sends can be answered for now: the member's
 *   budget at the team hub is spent (asked again once the hub says some is left: the next day, or
 *   when the admin raises it), or the connection is refused before anything is sent.
 */
import type { IDBPDatabase, StoreValue } from 'idb';
import type { EndpointId } from '../api/endpoints';
import { type ApiErrorJson, asksToWaitPastCap } from '../api/errors';
import { isWaitReason, isWorking, WAITING_KINDS } from '../job-summary';
import type { InterruptedCall, PeekRequest, Quote, RunResult } from '../protocol';
import type { QuoteBounds } from '../quote-format';
import { confirmedForToday } from './budget';
import type { EnrichmentDb } from './db';
import type { EnrichmentService } from './service';

/**
 * Rows asked at once. The scheduler paces them to the rate limit (300 a minute: one every 200 ms);
 * at the provider's ~2 s an answer that keeps about 10 in flight, so this leaves headroom.
 */
export const JOB_CONCURRENCY = 16;

/**
 * Rows read from the queue at a time. The queue is read again only once these are asked, not
 * after every answer: a long queue read for each of its rows made the reads most of a run's work.
 */
const QUEUE_READ = 4 * JOB_CONCURRENCY;

/** How often a waiting job looks again whether it may go on (the work alarm's period). */
const WAIT_POLL_MS = 60_000;

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

/** A cost not published counts this much against a spend cap (the budget's estimate for v3 calls). */
const UNPUBLISHED_CAP_ESTIMATE = 3;

/** Nothing to pay: a row answered from the cache, or refused before it leaves. */
export const FREE: QuoteBounds = { min: 0, max: 0 };

/**
 * Whether many requests that cost `total` together may pass what is left of today's budget (null:
 * no budget), so the person confirms first: at their most, or at all when the price is not published.
 */
export function passesBudget(total: Quote, remainingToday: number | null): boolean {
  if (remainingToday === null) return false;
  const unpublished = total.min === null && total.max === null;
  return unpublished ? remainingToday === 0 : (total.max ?? Number.POSITIVE_INFINITY) > remainingToday;
}

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

function capStop(cap: number): ApiErrorJson {
  return {
    name: 'ApiError',
    kind: 'budget',
    message: `Stopped at your cap of ${cap} ${cap === 1 ? 'credit' : 'credits'}`,
    description: 'The rows not asked cost nothing. Raise the cap to go on.',
  };
}

/** The most a row can still cost, for the spend cap. */
function worstCost(quote: QuoteBounds): number {
  return (
    quote.max ??
    (quote.min === null ? UNPUBLISHED_CAP_ESTIMATE : Math.max(quote.min, UNPUBLISHED_CAP_ESTIMATE))
  );
}

/** Changes a job kept in IndexedDB (a batch, a list's or a watch list's header) in one transaction; undefined once it is gone. */
export async function updateStoredJob<S extends 'batches' | 'lists' | 'watchLists'>(
  db: IDBPDatabase<EnrichmentDb>,
  store: S,
  id: string,
  at: number,
  change: (job: StoreValue<EnrichmentDb, S>) => void,
): Promise<StoreValue<EnrichmentDb, S> | undefined> {
  const tx = db.transaction(store, 'readwrite');
  const job = await tx.store.get(id);
  if (job) {
    change(job);
    job.updatedAt = at;
    await tx.store.put(job);
  }
  await tx.done;
  return job;
}

/** Where a call stands in the journal (./jobs.ts), as the runner reads it. */
export type RequestState = Awaited<ReturnType<JobRunnerDeps['service']['requestState']>>;

/**
 * What a row a stopped worker left `running` became, when its job ends (cancelled) without asking
 * it again: as the journal says, with what it cost; null when it never left (nothing asked, nothing
 * spent), which each kind shows in its own word.
 */
export function leftRunning(
  state: RequestState,
): { status: 'interrupted' | 'done' | 'failed'; credits: number | null } | null {
  if (state.state === 'interrupted') return { status: 'interrupted', credits: state.interrupted.credits };
  if (state.state === 'done') return { status: 'done', credits: state.credits };
  if (state.state === 'failed') return { status: 'failed', credits: 0 };
  return null;
}

/** What the runner reads of a job. */
export interface JobHeader {
  id: string;
  /** `running` and `settling` are working (lib/job-summary.ts isWorking); anything else has ended. */
  status: string;
  cancelRequested: boolean;
  /** Left out by a kind that cannot pause. */
  pauseRequested?: boolean;
  /** Confirmed past today's budget, on that day (./budget.ts confirmedForToday). */
  confirmed?: boolean;
  confirmedOn?: number;
  /** Stop before a row that could take `spent` past this; null or left out: no cap. */
  cap?: number | null;
  /** Credits the job has spent so far (kept by its adapter with each row). */
  spent?: number;
  /** Why it stopped, or while it is running why it waits (ApiErrorJson). */
  stopReason?: unknown;
}

/** What the runner reads of a row: one request, asked under its own id. */
export interface JobRow {
  requestId: string;
  endpointId: EndpointId;
  params: Record<string, unknown>;
  /** `refresh`: asked past the cache. Left out: cache-first. */
  policy?: 'cache-first' | 'refresh';
  /** Its price when it was queued: free when its answer was cached then. */
  quote: QuoteBounds;
  status: string;
}

/** What the runner writes to a row: where it stands and what it cost. */
export interface RowChange {
  status?: 'queued' | 'running' | 'done' | 'failed' | 'interrupted';
  credits?: number | null;
  cached?: boolean;
  /** ApiErrorJson */
  error?: unknown;
}

/** How a run of a job ends: every row asked, or Cancel, a stop rule, or Pause. */
export type JobEnd = 'done' | 'cancelled' | 'stopped' | 'paused';

/** A kind of job: what the runner needs to know of it. Batches and lists are two; a third is one more of these. */
export interface JobKind<Job extends JobHeader, Row extends JobRow> {
  /** What a warning calls it ("batch"). */
  name: string;
  /** The job as stored now; undefined once it is gone (deleted). */
  read(id: string): Promise<Job | undefined>;
  /** The ids of the jobs that are working: a worker that starts drives them. */
  working(): Promise<string[]>;
  /** Up to `count` rows to ask next, in their order: queued, and those a stopped worker left running. */
  next(job: Job, count: number): Promise<Row[]>;
  /** The rows whose answer was lost. */
  interrupted(job: Job): Promise<Row[]>;
  /**
   * Changes one row (and any totals the job keeps of its rows) in one transaction. Returns false
   * when the row is gone (its job deleted, a member removed): nothing was written.
   */
  write(jobId: string, row: Row, change: RowChange | Partial<Row>): Promise<boolean>;
  /** Every row was asked; the job waits for lost answers to settle. */
  markSettling(id: string): Promise<void>;
  /** What a row shows of its result, beyond where it stands and what it cost (its answer, in its words). */
  shows(row: Row, result: RunResult): Partial<Row>;
  /** Ends a run of the job: what becomes of its rows not asked is the kind's to say. */
  end(id: string, end: JobEnd, stopReason?: ApiErrorJson): Promise<void>;
  /**
   * Records why a running job waits (its page says so), or null once it goes on. A kind without it
   * waits all the same, unsaid.
   */
  waiting?(id: string, reason: ApiErrorJson | null): Promise<void>;
  /**
   * A row quoted free for its cached answer is asked from the cache only, and priced again once
   * its entry is gone, so that a cap holds (a kind with no cap asks it cache-first).
   */
  priceAsItLeaves: boolean;
  /**
   * As a row is about to leave: true when the kind answered it itself (written, nothing spent), so
   * that it is not asked. Left out: every row is asked.
   */
  answersItself?(job: Job, row: Row): Promise<boolean>;
  /** A row that was to leave has its outcome written, or went back to the queue. */
  rowSettled?(job: Job, row: Row): void;
}

export interface JobRunnerDeps {
  service: Pick<EnrichmentService, 'peekMany' | 'run' | 'requestState' | 'settleNow'> &
    Partial<Pick<EnrichmentService, 'budgetLeft'>>;
  now?: () => number;
  /** How long to wait between two readings while an interrupted row settles. */
  settlePollMs?: number;
  /** How long a waiting job waits before it looks again whether it may go on (WAIT_POLL_MS). */
  waitPollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Rows asked at once: JOB_CONCURRENCY, unless a test needs them one at a time (to stop a worker
   * with exactly one call in flight, whatever the load on the machine).
   */
  concurrency?: number;
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

/** Whether a row that can cost `worst` could take the job past its cap, with the calls in flight. */
function passesCap(job: JobHeader, reserved: ReadonlyMap<string, number>, worst: number): boolean {
  if (job.cap == null) return false;
  const committed = (job.spent ?? 0) + [...reserved.values()].reduce((sum, cost) => sum + cost, 0);
  return committed + worst > job.cap;
}

/** When rows of each job were answered in the last minute: its pace. Memory only. */
function createPace(now: () => number) {
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

/**
 * One row of a job and the service: its price as it leaves, its call under its own id and what
 * the row comes to, and the rows whose answer was lost read (and sent again) until they settle.
 */
function createRowCalls<Job extends JobHeader, Row extends JobRow>(
  kind: JobKind<Job, Row>,
  deps: JobRunnerDeps,
  now: () => number,
  pace: ReturnType<typeof createPace>,
) {
  /**
   * A row's price as it leaves. One quoted free because its answer was cached when it was queued
   * is asked from the cache only while it is there (it can then cost nothing); once its entry is
   * gone (evicted, cleared) it counts at its price, so that the cap holds.
   */
  async function quoteAsItLeaves(row: Row): Promise<{ quote: QuoteBounds; fromCacheOnly: boolean }> {
    const asked = { quote: row.quote, fromCacheOnly: false };
    if (!kind.priceAsItLeaves || (row.policy ?? 'cache-first') !== 'cache-first' || row.quote.max !== 0)
      return asked;
    const [peeked] = (await deps.service.peekMany([{ endpointId: row.endpointId, params: paramsOf(row) }]))
      .rows;
    if (!peeked?.ok) return asked;
    if (peeked.cached) return { quote: FREE, fromCacheOnly: true };
    return { quote: { min: peeked.quote.min, max: peeked.quote.max }, fromCacheOnly: false };
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
      // The job sends its own interrupted rows again (./service.ts leaves them to it).
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
    await kind.write(job.id, row, { ...outcomeOf(result), ...kind.shows(row, result) });
    pace.answered(job.id);
    if (result.status === 'error' && STOPPING_KINDS.has(result.error.kind)) return result.error;
    return null;
  }

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
        await kind.write(job.id, row, { ...outcomeOf(result), ...kind.shows(row, result) });
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

  return { quoteAsItLeaves, ask, settleInterrupted, interruptionOf };
}

export function createJobRunner<Job extends JobHeader, Row extends JobRow>(
  kind: JobKind<Job, Row>,
  deps: JobRunnerDeps,
) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const settlePollMs = deps.settlePollMs ?? 2_000;
  const waitPollMs = deps.waitPollMs ?? WAIT_POLL_MS;
  const concurrency = deps.concurrency ?? JOB_CONCURRENCY;
  /** The loop driving each job in this worker; one per job. */
  const loops = new Map<string, Promise<void>>();
  /** Aborted by Pause and Cancel: rows still waiting for their turn give up (none has left). */
  const holds = new Map<string, AbortController>();
  const pace = createPace(now);
  const rowCalls = createRowCalls(kind, deps, now, pace);

  /** Starts the job's loop in this worker, unless one runs. */
  function drive(id: string): void {
    if (loops.has(id)) return;
    const hold = new AbortController();
    holds.set(id, hold);
    const loop = work(id, hold.signal)
      .catch((error) => console.warn(`A ${kind.name} stopped on an unexpected error`, error))
      .finally(() => {
        loops.delete(id);
        holds.delete(id);
      });
    loops.set(id, loop);
  }

  /**
   * Whether a job waiting for `reason` may go on: the member's budget at the hub has some left, or
   * none is kept now (no daily budget there, or no longer a team hub); for a refused connection, or
   * a hub that cannot tell, its next row tells (refused again, it waits again: nothing is spent).
   */
  async function mayGoOn(reason: ApiErrorJson): Promise<boolean> {
    if (reason.kind !== 'member-budget') return true;
    const left = await deps.service.budgetLeft?.();
    return left === undefined || left === null || left > 0;
  }

  /**
   * Asks the rows, up to `concurrency` at once, then waits for interrupted ones to settle;
   * resumable at any step. Pause, Cancel, the cap or a reason to stop let the calls in flight finish;
   * a reason to wait (WAITING_KINDS) lets them finish too, then looks again every `waitPollMs`.
   */
  async function work(id: string, held: AbortSignal): Promise<void> {
    const inFlight = new Map<string, Promise<[string, ApiErrorJson | null]>>();
    /** The most each call in flight can cost, for the cap. */
    const reserved = new Map<string, number>();
    let stop: ApiErrorJson | null = null;
    /** Why the job waits; a worker that starts again takes it from the job, and looks before it asks. */
    let wait: ApiErrorJson | null = null;
    /** The job waited a while in this loop (or a stopped worker's did): it may look whether to go on. */
    let waited = false;
    const first = await kind.read(id);
    if (first && isWorking(first.status) && isWaitReason(first.stopReason)) {
      wait = first.stopReason as ApiErrorJson;
      waited = true;
    }
    /** Rows read from the queue, not yet asked, in their order (refilled once they are all asked). */
    let pending: Row[] = [];
    for (;;) {
      const job = await kind.read(id);
      if (!job || !isWorking(job.status)) return;
      // `held`: Pause or Cancel was pressed while this loop ran; a Resume since starts a new loop.
      const stopping = job.cancelRequested || job.pauseRequested || stop !== null || held.aborted;
      const holding = stopping || wait !== null;
      if (!holding && inFlight.size < concurrency) {
        if (pending.length === 0)
          pending = (await kind.next(job, QUEUE_READ + inFlight.size)).filter(
            (row) => !inFlight.has(row.requestId),
          );
        while (inFlight.size < concurrency && pending.length > 0) {
          const row = pending.shift()!;
          const { quote, fromCacheOnly } = await rowCalls.quoteAsItLeaves(row);
          const worst = worstCost(quote);
          if (passesCap(job, reserved, worst)) {
            stop = capStop(job.cap!);
            break;
          }
          reserved.set(row.requestId, worst);
          inFlight.set(
            row.requestId,
            rowCalls
              .ask(job, row, held, fromCacheOnly)
              .then((reason): [string, ApiErrorJson | null] => [row.requestId, reason]),
          );
        }
      }
      if (inFlight.size > 0) {
        const [requestId, reason] = await Promise.race(inFlight.values());
        inFlight.delete(requestId);
        reserved.delete(requestId);
        if (reason && WAITING_KINDS.has(reason.kind)) wait ??= reason;
        else stop ??= reason;
        continue;
      }
      if (wait !== null && !stopping) {
        // Nothing in flight: said on the job's page, then looked at again after a while until it may go on.
        if (!isWaitReason(job.stopReason) || job.stopReason.kind !== wait.kind)
          await kind.waiting?.(id, wait);
        if (waited && (await mayGoOn(wait))) {
          wait = null;
          waited = false;
          await kind.waiting?.(id, null);
        } else {
          // Pause and Cancel end the wait at once.
          await Promise.race([sleep(waitPollMs), whenAborted(held)]);
          waited = true;
        }
        continue;
      }
      if (wait !== null) await kind.waiting?.(id, null);
      if (job.cancelRequested) return kind.end(id, 'cancelled');
      if (stop) return kind.end(id, 'stopped', stop);
      if (job.pauseRequested) return kind.end(id, 'paused');
      if (held.aborted) return;
      if (!(await rowCalls.settleInterrupted(job))) return kind.end(id, 'done');
      if (job.status !== 'settling') await kind.markSettling(id);
      await sleep(settlePollMs);
      await deps.service.settleNow();
    }
  }

  return {
    drive,
    /** Pause or Cancel: the rows waiting for their turn give up; the calls in flight finish. */
    hold(id: string): void {
      holds.get(id)?.abort();
    },
    /** Resume: a loop still draining after Pause ends on its own; a new one starts after it. */
    restart(id: string): void {
      const draining = loops.get(id);
      if (draining) void draining.then(() => drive(id));
      else drive(id);
    },
    /** When a worker starts: working jobs go on. Returns how many. */
    async resume(): Promise<number> {
      const ids = await kind.working();
      for (const id of ids) drive(id);
      return ids.length;
    },
    /** Rows of the job answered in the last minute. */
    perMinute: pace.perMinute,
    interruptionOf: rowCalls.interruptionOf,
    /** For tests: resolves once the job's loop in this worker has ended. */
    async settled(id: string): Promise<void> {
      await loops.get(id);
    },
  };
}

/** Resolves when `signal` aborts (never, if it does not). */
function whenAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** A row's params as the service takes them (kept as the page gave them). */
function paramsOf(row: JobRow): PeekRequest['params'] {
  return row.params as PeekRequest['params'];
}
