/**
 * Retention: what is kept about others expires after the days the person set (Settings
 * retentionDays, 90 by default), removed by an alarm that wakes the background even when no page
 * is open. Saved answers older than that go (their space given back); ledger lines that old keep
 * their credits and dates but lose the names (the month's totals stay right); finished calls in
 * the journal keep what the engine needs never to pay twice (id, status, credits, times) but lose
 * their parameters; recent lookups, finished batches and lists not touched for that long go, and
 * so do changes watch lists recorded that long ago and each watched member's last answer kept
 * that long (a watch list asked less often than that has nothing to compare). Calls still
 * unsettled are left alone: the balance may still tell what they cost.
 *
 * The CRM reference (./crm/reference.ts) is not expired here: it is a copy of the person's own CRM,
 * not something the extension learned, and it is as old as their last import; expiring it would
 * silently drop the "In your CRM" marks and quote people their CRM holds. It lasts until it is
 * replaced or cleared, and forget and do-not-enrich still remove its rows.
 */
import type { IDBPDatabase } from 'idb';
import { isWorking } from '../job-summary';
import type { EnrichmentDb } from './db';
import { expiredJob, FORGOTTEN } from './forget';
import { deleteList } from './lists/list-records';
import { expireWatch, WATCH_STORES } from './watch/watch-privacy';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The alarm's name, and how often it runs (the browser may run it a little later). */
export const RETENTION_ALARM = 'retention';
export const RETENTION_PERIOD_MINUTES = 6 * 60;

/** Removes what is older than the retention period; returns how many records changed. */
export async function expireOld(
  db: IDBPDatabase<EnrichmentDb>,
  { now, retentionDays }: { now: number; retentionDays: number },
): Promise<number> {
  const cutoff = now - retentionDays * DAY_MS;
  let changed = 0;
  const tx = db.transaction(
    [
      'cache',
      'meta',
      'ledger',
      'jobs',
      'recent',
      'batches',
      'lists',
      'listRows',
      'listRequests',
      ...WATCH_STORES,
    ],
    'readwrite',
  );
  let bytes = (await tx.objectStore('meta').get('cacheBytes')) ?? 0;
  for (const entry of await tx.objectStore('cache').getAll()) {
    if (entry.fetchedAt >= cutoff) continue;
    await tx.objectStore('cache').delete(entry.key);
    bytes -= entry.bytes;
    changed += 1;
  }
  await tx.objectStore('meta').put(Math.max(0, bytes), 'cacheBytes');
  for (const line of await tx
    .objectStore('ledger')
    .index('byAt')
    .getAll(IDBKeyRange.upperBound(cutoff, true))) {
    if (line.summary === FORGOTTEN || (line.interrupted && !line.settled)) continue;
    await tx.objectStore('ledger').put({ ...line, summary: FORGOTTEN });
    changed += 1;
  }
  for (const job of await tx.objectStore('jobs').getAll()) {
    const expired = expiredJob(job, cutoff);
    if (!expired) continue;
    await tx.objectStore('jobs').put(expired);
    changed += 1;
  }
  for (const recent of await tx
    .objectStore('recent')
    .index('byAt')
    .getAll(IDBKeyRange.upperBound(cutoff, true))) {
    await tx.objectStore('recent').delete(recent.id);
    changed += 1;
  }
  for (const batch of await tx.objectStore('batches').getAll()) {
    if (batch.updatedAt >= cutoff || isWorking(batch.status)) continue;
    await tx.objectStore('batches').delete(batch.id);
    changed += 1;
  }
  for (const list of await tx.objectStore('lists').getAll()) {
    if (list.updatedAt >= cutoff || isWorking(list.status)) continue;
    await deleteList(tx, list.id);
    changed += 1;
  }
  changed += await expireWatch(tx, cutoff);
  await tx.done;
  return changed;
}
