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
import { CACHE_BYTES_KEY } from './cache';
import type { EnrichmentDb } from './db';
import { expiredCall, FORGOTTEN } from './forget';
import {
  applyParts,
  finishedBatchesPart,
  finishedListsPart,
  type StorePart,
  type StoreParts,
} from './forget/operations';
import { expireWatch } from './watch/watch-privacy';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The alarm's name, and how often it runs (the browser may run it a little later). */
export const RETENTION_ALARM = 'retention';
export const RETENTION_PERIOD_MINUTES = 6 * 60;

/** What retention's parts share: records last touched before `cutoff` expire. */
interface RetentionContext {
  cutoff: number;
}

/** Finished lists not touched for the period go, with their rows and requests. */
const OLD_LISTS = finishedListsPart<RetentionContext>((list, { cutoff }) => list.updatedAt < cutoff);

const WATCH: StorePart<RetentionContext> = { run: (tx, { cutoff }) => expireWatch(tx, cutoff) };

const RETENTION_PARTS: StoreParts<'retention', RetentionContext> = {
  cache: {
    uses: ['meta'],
    async run(tx, { cutoff }) {
      let changed = 0;
      let bytes = (await tx.objectStore('meta').get(CACHE_BYTES_KEY)) ?? 0;
      for (const entry of await tx.objectStore('cache').getAll()) {
        if (entry.fetchedAt >= cutoff) continue;
        await tx.objectStore('cache').delete(entry.key);
        bytes -= entry.bytes;
        changed += 1;
      }
      await tx.objectStore('meta').put(Math.max(0, bytes), CACHE_BYTES_KEY);
      return changed;
    },
  },
  ledger: {
    async run(tx, { cutoff }) {
      let changed = 0;
      const old = await tx.objectStore('ledger').index('byAt').getAll(IDBKeyRange.upperBound(cutoff, true));
      for (const line of old) {
        // Calls still unsettled are left alone: the balance may still tell what they cost.
        if (line.summary === FORGOTTEN || (line.interrupted && !line.settled)) continue;
        await tx.objectStore('ledger').put({ ...line, summary: FORGOTTEN });
        changed += 1;
      }
      return changed;
    },
  },
  jobs: {
    async run(tx, { cutoff }) {
      let changed = 0;
      for (const job of await tx.objectStore('jobs').getAll()) {
        const expired = expiredCall(job, cutoff);
        if (!expired) continue;
        await tx.objectStore('jobs').put(expired);
        changed += 1;
      }
      return changed;
    },
  },
  recent: {
    async run(tx, { cutoff }) {
      const old = await tx
        .objectStore('recent')
        .index('byAt')
        .getAllKeys(IDBKeyRange.upperBound(cutoff, true));
      for (const id of old) await tx.objectStore('recent').delete(id);
      return old.length;
    },
  },
  batches: finishedBatchesPart((batch, { cutoff }) => batch.updatedAt < cutoff),
  lists: OLD_LISTS,
  listRows: OLD_LISTS,
  listRequests: OLD_LISTS,
  watchMembers: WATCH,
  watchChanges: WATCH,
};

/**
 * Removes what is older than the retention period, each store as its register entry says
 * (lib/background/db-register.ts PERSONAL_DATA `retention`); returns how many records changed.
 */
export async function expireOld(
  db: IDBPDatabase<EnrichmentDb>,
  { now, retentionDays }: { now: number; retentionDays: number },
): Promise<number> {
  return applyParts(db, 'retention', RETENTION_PARTS, { cutoff: now - retentionDays * DAY_MS });
}
