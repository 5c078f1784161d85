/**
 * The journal of paid calls: what left, with which request id, and what became of it (lib/background/db.ts
 * `jobs`: the store keeps the name it was created with, since renaming it would need a migration;
 * here a "job" is a batch, a list or a watch, lib/background/jobs/runner.ts). A call is journaled just before it leaves, in the same serialized step that reserves
 * its budget (lib/background/budget.ts), and ends `done` (answered and recorded), `failed` (the service
 * answered an error: nothing charged) or `interrupted` (its answer was lost: what it cost is read
 * from the balance, lib/background/calls/checkpoints.ts). A request id is never sent again once a call under it may
 * have been charged.
 */
import type { IDBPDatabase } from 'idb';
import type { ApiErrorJson } from '../../api/errors';
import type { InterruptedCall, Quote } from '../../protocol';
import type { CallRecord, EnrichmentDb } from '../db';
import { CALL_SEQ_KEY } from '../db';

type Db = IDBPDatabase<EnrichmentDb>;

/** Finished calls are kept this long so a late retry of the same request is still answered free. */
export const CALL_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Calls that left and have not ended (merged requests are no calls of their own). */
export async function pendingCalls(db: Db): Promise<CallRecord[]> {
  return (await db.getAllFromIndex('jobs', 'byStatus', 'pending')).filter((record) => !record.sameAs);
}

/** Calls whose answer was lost and whose cost the balance has not settled yet. */
export async function unsettledCalls(db: Db): Promise<CallRecord[]> {
  const interrupted = await db.getAllFromIndex('jobs', 'byStatus', 'interrupted');
  return interrupted.filter((record) => !record.sameAs && !record.interruption?.settled);
}

/** Marks a call whose answer was lost; its cost is unknown until the balance is read. */
export function asInterrupted(
  record: CallRecord,
  reason: 'worker' | 'connection',
  quote: { min: number | null; max: number | null },
  at: number,
): CallRecord {
  return {
    ...record,
    status: 'interrupted',
    quote,
    updatedAt: at,
    interruption: { reason, credits: null, range: { min: 0, max: quote.max }, settled: false, at },
  };
}

/** A lost call as a page is told of it, with what asking again (a new request) is quoted. */
export function interruptedCallOf(record: CallRecord, quote: Quote): InterruptedCall {
  const interruption = record.interruption!;
  return {
    requestId: record.id,
    endpointId: record.endpointId,
    reason: interruption.reason,
    credits: interruption.credits,
    range: interruption.range,
    settled: interruption.settled,
    quote,
    at: record.leftAt ?? record.createdAt,
    ...(interruption.reason === 'connection' && record.error ? { error: record.error as ApiErrorJson } : {}),
  };
}

/** Where a request stands, without sending anything (a merged request follows the call it joined). */
export async function requestStateOf(
  db: Db,
  requestId: string,
  isCalling: (id: string) => boolean,
  quoteOf: (record: CallRecord) => Quote,
): Promise<
  | { state: 'none' | 'in-flight' | 'failed' }
  | { state: 'done'; credits: number | null }
  | { state: 'interrupted'; interrupted: InterruptedCall; resumable: boolean }
> {
  let record = await db.get('jobs', requestId);
  if (record?.sameAs) record = (await db.get('jobs', record.sameAs)) ?? record;
  if (!record) return { state: 'none' };
  if (record.status === 'pending') return { state: isCalling(record.id) ? 'in-flight' : 'none' };
  if (record.status === 'done') return { state: 'done', credits: record.credits ?? null };
  if (record.status === 'failed') return { state: 'failed' };
  return {
    state: 'interrupted',
    interrupted: interruptedCallOf(record, quoteOf(record)),
    resumable: certainlyNotCharged(record),
  };
}

/** Settled at exactly 0 after the worker stopped: the person's call may be sent again. */
export function certainlyNotCharged(record: CallRecord): boolean {
  const interruption = record.interruption;
  return (
    record.status === 'interrupted' &&
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
  record: CallRecord,
  reading: { balance: number | null | undefined; clean: boolean },
  at: number,
): Promise<CallRecord> {
  const tx = db.transaction(['jobs', 'meta'], 'readwrite');
  const seq = ((await tx.objectStore('meta').get(CALL_SEQ_KEY)) ?? 0) + 1;
  await tx.objectStore('meta').put(seq, CALL_SEQ_KEY);
  const journaled: CallRecord = {
    ...record,
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
  record: Omit<CallRecord, 'status' | 'sameAs'>,
  into: string,
): Promise<void> {
  if (into === record.id) return;
  await db.put('jobs', { ...record, status: 'pending', sameAs: into });
}

/** The service answered an error (or the call never left): nothing was charged, a retry may send it. */
export async function markFailed(db: Db, record: CallRecord, error: unknown, at: number): Promise<void> {
  await db.put('jobs', { ...record, status: 'failed', updatedAt: at, error, reserved: 0 });
}

/** A call that will change no more: merged, answered, failed, or lost and settled. */
export function isFinishedCall(record: CallRecord): boolean {
  return (
    record.sameAs !== undefined ||
    record.status === 'done' ||
    record.status === 'failed' ||
    (record.status === 'interrupted' && record.interruption?.settled === true)
  );
}

/** When a worker starts: finished calls past their retention go. */
export async function pruneFinishedCalls(db: Db, now: number): Promise<void> {
  const tx = db.transaction('jobs', 'readwrite');
  let cursor = await tx.store.openCursor();
  while (cursor) {
    const record = cursor.value;
    if (isFinishedCall(record) && now - record.updatedAt > CALL_RETENTION_MS) await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}
