/**
 * Forgetting who was looked up while keeping what was spent: "Clear history", and the journal's
 * calls past the retention period (lib/background/retention.ts).
 */
import type { IDBPDatabase } from 'idb';
import { isWorking } from '../../job-summary';
import type { EnrichmentDb, JobRecord } from '../db';
import { isFinishedJob } from '../jobs';
import { deleteList } from '../lists/list-records';
import { clearWatch, WATCH_STORES } from '../watch/watch-privacy';
import { FORGOTTEN, forgottenJob } from './rewrite';

/**
 * "Clear history": who was looked up is forgotten, what was spent is not (the daily budget and the
 * month's total still count it): the ledger's lines keep credits and dates but lose their names,
 * finished calls in the journal lose their parameters, the popup's recent entries go, and finished
 * batches and lists go, and so do watch lists with their members and changes, and the CRM reference
 * (rows about others, like the lists).
 */
export async function clearHistory(db: IDBPDatabase<EnrichmentDb>): Promise<void> {
  const tx = db.transaction(
    [
      'ledger',
      'jobs',
      'recent',
      'batches',
      'lists',
      'listRows',
      'listRequests',
      'crmReference',
      ...WATCH_STORES,
    ],
    'readwrite',
  );
  for (const line of await tx.objectStore('ledger').getAll())
    if (line.summary !== FORGOTTEN) await tx.objectStore('ledger').put({ ...line, summary: FORGOTTEN });
  for (const job of await tx.objectStore('jobs').getAll())
    if (isFinishedJob(job) && !isForgottenJob(job)) await tx.objectStore('jobs').put(forgottenJob(job));
  await tx.objectStore('recent').clear();
  for (const batch of await tx.objectStore('batches').getAll())
    if (!isWorking(batch.status)) await tx.objectStore('batches').delete(batch.id);
  for (const list of await tx.objectStore('lists').getAll())
    if (!isWorking(list.status)) await deleteList(tx, list.id);
  await clearWatch(tx);
  await tx.objectStore('crmReference').clear();
  await tx.done;
}

/** A journaled call that names no one any more (forgotten, cleared, or past retention). */
function isForgottenJob(job: JobRecord): boolean {
  return (
    Object.keys(job.params).length === 0 &&
    (job.cacheKey === undefined || job.cacheKey === FORGOTTEN) &&
    job.error === undefined
  );
}

/**
 * A finished call past the retention period keeps what the engine needs never to pay twice, and
 * loses what named anyone (lib/background/retention.ts).
 */
export function expiredJob(job: JobRecord, cutoff: number): JobRecord | null {
  return isFinishedJob(job) && job.updatedAt < cutoff && !isForgottenJob(job) ? forgottenJob(job) : null;
}
