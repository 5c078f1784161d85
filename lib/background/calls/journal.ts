/**
 * The journal of calls: what left, with which request id, and what became of it (lib/background/db.ts
 * `jobs`). A call is journaled just before it leaves, in the same serialized step that reserves
 * its budget (lib/background/budget.ts), and ends `done` (answered and recorded), `failed` (the service
 * answered an error: nothing charged) or `interrupted` (its answer was lost: what it cost is read
 * from the balance, lib/background/checkpoints.ts). A request id is never sent again once a call under it may
 * have been charged.
 */
import type { IDBPDatabase } from 'idb';
import type { ApiErrorJson } from '../api/errors';
import type { InterruptedCall, Quote } from '../protocol';
import type { EnrichmentDb, JobRecord } from './db';
import { JOB_SEQ_KEY } from './db';

type Db = IDBPDatabase<EnrichmentDb>;

/** Finished jobs are kept this long so a late retry of the same request is still answered free. */
export const JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Calls that left and have not ended (merged requests are no calls of their own). */
export async function pendingCalls(db: Db): Promise<JobRecord[]> {
  return (await db.getAllFromIndex('jobs', 'byStatus', 'pending')).filter((job) => !job.sameAs);
}

/** Calls whose answer was lost and whose cost the balance has not settled yet. */
export async function unsettledJobs(db: Db): Promise<JobRecord[]> {
  const interrupted = await db.getAllFromIndex('jobs', 'byStatus', 'interrupted');
  return interrupted.filter((job) => !job.sameAs && !job.interruption?.settled);
}

/** Marks a call whose answer was lost; its cost is unknown until the balance is read. */
export function interruptedJob(
  job: JobRecord,
  reason: 'worker' | 'connection',
  quote: { min: number | null; max: number | null },
  at: number,
): JobRecord {
  return {
    ...job,
    status: 'interrupted',
    quote,
    updatedAt: at,
    interruption: { reason, credits: null, range: { min: 0, max: quote.max }, settled: false, at },
  };
}

/** A lost call as a page is told of it, with what asking again (a new request) is quoted. */
export function interruptedCallOf(job: JobRecord, quote: Quote): InterruptedCall {
  const interruption = job.interruption!;
  return {
    requestId: job.id,
    endpointId: job.endpointId,
    reason: interruption.reason,
    credits: interruption.credits,
    range: interruption.range,
    settled: interruption.settled,
    quote,
    at: job.leftAt ?? job.createdAt,
    ...(interruption.reason === 'connection' && job.error ? { error: job.error as ApiErrorJson } : {}),
  };
}

/** Where a request stands, without sending anything (a merged request follows the call it joined). */
export async function requestStateOf(
  db: Db,
  requestId: string,
  isCalling: (id: string) => boolean,
  quoteOf: (job: JobRecord) => Quote,
): Promise<
  | { state: 'none' | 'in-flight' | 'failed' }
  | { state: 'done'; credits: number | null }
  | { state: 'interrupted'; interrupted: InterruptedCall; resumable: boolean }
> {
  let job = await db.get('jobs', requestId);
  if (job?.sameAs) job = (await db.get('jobs', job.sameAs)) ?? job;
  if (!job) return { state: 'none' };
  if (job.status === 'pending') return { state: isCalling(job.id) ? 'in-flight' : 'none' };
  if (job.status === 'done') return { state: 'done', credits: job.credits ?? null };
  if (job.status === 'failed') return { state: 'failed' };
  return {
    state: 'interrupted',
    interrupted: interruptedCallOf(job, quoteOf(job)),
    resumable: certainlyNotCharged(job),
  };
}

/** Settled at exactly 0 after the worker stopped: the person's call may be sent again. */
export function certainlyNotCharged(job: JobRecord): boolean {
  const interruption = job.interruption;
  return (
    job.status === 'interrupted' &&
    interruption !== undefined &&
    interruption.reason === 'worker' &&
    interruption.settled &&
    interruption.credits === 0 &&
    interruption.range.max === 0
  );
}

/**
 * Journals a call as it leaves: its place in the order of departures (`seq`) and the balance
 * reading taken just before it, if one was. Runs inside the caller's serialized step.
 */
export async function journalDeparture(
  db: Db,
  job: JobRecord,
  reading: { balance: number | null | undefined; clean: boolean },
  at: number,
): Promise<JobRecord> {
  const tx = db.transaction(['jobs', 'meta'], 'readwrite');
  const seq = ((await tx.objectStore('meta').get(JOB_SEQ_KEY)) ?? 0) + 1;
  await tx.objectStore('meta').put(seq, JOB_SEQ_KEY);
  const journaled: JobRecord = {
    ...job,
    status: 'pending',
    seq,
    ...(reading.balance !== undefined
      ? { balanceBefore: reading.balance, cleanBefore: reading.clean && typeof reading.balance === 'number' }
      : {}),
    leftAt: at,
    updatedAt: at,
  };
  delete journaled.interruption;
  delete journaled.error;
  await tx.objectStore('jobs').put(journaled);
  await tx.done;
  return journaled;
}

/** A request that joined the identical call in flight: no call of its own; a retry follows that call. */
export async function journalMerged(
  db: Db,
  job: Omit<JobRecord, 'status' | 'sameAs'>,
  into: string,
): Promise<void> {
  if (into === job.id) return;
  await db.put('jobs', { ...job, status: 'pending', sameAs: into });
}

/** The service answered an error (or the call never left): nothing was charged, a retry may send it. */
export async function markFailed(db: Db, job: JobRecord, error: unknown, at: number): Promise<void> {
  await db.put('jobs', { ...job, status: 'failed', updatedAt: at, error, reserved: 0 });
}

/** A call that will change no more: merged, answered, failed, or lost and settled. */
export function isFinishedJob(job: JobRecord): boolean {
  return (
    job.sameAs !== undefined ||
    job.status === 'done' ||
    job.status === 'failed' ||
    (job.status === 'interrupted' && job.interruption?.settled === true)
  );
}

/** When a worker starts: finished jobs past their retention go. */
export async function pruneFinishedJobs(db: Db, now: number): Promise<void> {
  const tx = db.transaction('jobs', 'readwrite');
  let cursor = await tx.store.openCursor();
  while (cursor) {
    const job = cursor.value;
    if (isFinishedJob(job) && now - job.updatedAt > JOB_RETENTION_MS) await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}
