/**
 * The one job runner: everything that asks the service many times as a job of its own (a batch
 * from "Found on this page", a list from a file) runs through this loop, and each kind of job
 * gives a small adapter (`JobKind`, ./kind.ts: where its rows are kept, what a row shows, its
 * policy); each row's call to the service is in ./row-calls.ts. No page drives a job; closing one
 * does not stop it, and a worker that stops half-way loses nothing:
 *
 * - a job and its rows are in IndexedDB, written on every step (the adapter says where);
 * - each row is one `run` of the service under a request id chosen when the row was queued, so
 *   the call is journaled before it leaves (../calls/journal.ts), and a row asked again after a restart is
 *   answered from its record, or told what it cost when its answer was lost: it is never paid
 *   twice; a row answered and paid whose answer has since left the cache is told so (`answer-gone`)
 *   and is not sent again (../calls/replays.ts): only a new click asks again, under a new id;
 * - the calls it journals carry the job's id (`ownerId`): the service leaves their losses to the
 *   job (../service.ts), which sends again one certainly not charged, unless it was cancelled;
 * - a worker that starts resumes every working job (`resume`, woken by ../work-alarm.ts); rows a
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
import type { ApiErrorJson } from '../../api/errors';
import { isWaitReason, isWorking, WAITING_KINDS } from '../../job-summary';
import type { Quote } from '../../protocol';
import type { QuoteBounds } from '../../quote-format';
import type { EnrichmentDb } from '../db';
import type { JobHeader, JobKind, JobRow, JobRunnerDeps, RequestState } from './kind';
import { createLostRows, createPace, createRowCalls } from './row-calls';

export type { JobEnd, JobHeader, JobKind, JobRow, JobRunnerDeps, RequestState } from './kind';
export { FREE } from './row-calls';

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

/** A cost not published counts this much against a spend cap (the budget's estimate for v3 calls). */
const UNPUBLISHED_CAP_ESTIMATE = 3;

/**
 * Whether many requests that cost `total` together may pass what is left of today's budget (null:
 * no budget), so the person confirms first: at their most, or at all when the price is not published.
 */
export function passesBudget(total: Quote, remainingToday: number | null): boolean {
  if (remainingToday === null) return false;
  const unpublished = total.min === null && total.max === null;
  return unpublished ? remainingToday === 0 : (total.max ?? Number.POSITIVE_INFINITY) > remainingToday;
}

/** Why a job stopped before its rows were all asked: the next row could take it past its spend cap. */
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

/** Whether a row that can cost `worst` could take the job past its cap, with the calls in flight. */
function passesCap(job: JobHeader, reserved: ReadonlyMap<string, number>, worst: number): boolean {
  if (job.cap == null) return false;
  const committed = (job.spent ?? 0) + [...reserved.values()].reduce((sum, cost) => sum + cost, 0);
  return committed + worst > job.cap;
}

/**
 * The loops driving each job in this worker, one per job, each with its hold: Pause and Cancel
 * abort the hold, so that the job's rows still waiting for their turn give up (none has left).
 */
function createJobLoops(kindName: string, work: (id: string, held: AbortSignal) => Promise<void>) {
  /** The loop driving each job in this worker; one per job. */
  const loops = new Map<string, Promise<void>>();
  /** Aborted by Pause and Cancel: rows still waiting for their turn give up (none has left). */
  const holds = new Map<string, AbortController>();

  /** Starts the job's loop in this worker, unless one runs. */
  function drive(id: string): void {
    if (loops.has(id)) return;
    const hold = new AbortController();
    holds.set(id, hold);
    const loop = work(id, hold.signal)
      .catch((error) => console.warn(`A ${kindName} stopped on an unexpected error`, error))
      .finally(() => {
        loops.delete(id);
        holds.delete(id);
      });
    loops.set(id, loop);
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
    /** For tests: resolves once the job's loop in this worker has ended. */
    async settled(id: string): Promise<void> {
      await loops.get(id);
    },
  };
}

/**
 * Whether a job waiting for `reason` may go on: the member's budget at the hub has some left, or
 * none is kept now (no daily budget there, or no longer a team hub); for a refused connection, or
 * a hub that cannot tell, its next row tells (refused again, it waits again: nothing is spent).
 */
async function mayGoOn(service: JobRunnerDeps['service'], reason: ApiErrorJson): Promise<boolean> {
  if (reason.kind !== 'member-budget') return true;
  const left = await service.budgetLeft?.();
  return left === undefined || left === null || left > 0;
}

/** Drives the jobs of one kind in this worker: see the top of this file. */
export function createJobRunner<Job extends JobHeader, Row extends JobRow>(
  kind: JobKind<Job, Row>,
  deps: JobRunnerDeps,
) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const settlePollMs = deps.settlePollMs ?? 2_000;
  const waitPollMs = deps.waitPollMs ?? WAIT_POLL_MS;
  const concurrency = deps.concurrency ?? JOB_CONCURRENCY;
  const pace = createPace(now);
  const rowCalls = createRowCalls(kind, deps, now, pace);
  const lostRows = createLostRows(kind, deps);
  const loops = createJobLoops(kind.name, work);

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
        if (waited && (await mayGoOn(deps.service, wait))) {
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
      if (!(await lostRows.settleInterrupted(job))) return kind.end(id, 'done');
      if (job.status !== 'settling') await kind.markSettling(id);
      await sleep(settlePollMs);
      await deps.service.settleNow();
    }
  }

  return {
    drive: loops.drive,
    hold: loops.hold,
    restart: loops.restart,
    /** When a worker starts: working jobs go on. Returns how many. */
    async resume(): Promise<number> {
      const ids = await kind.working();
      for (const id of ids) loops.drive(id);
      return ids.length;
    },
    /** Rows of the job answered in the last minute. */
    perMinute: pace.perMinute,
    interruptionOf: lostRows.interruptionOf,
    settled: loops.settled,
  };
}

/** Resolves when `signal` aborts (never, if it does not). */
function whenAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
