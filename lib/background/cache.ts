/**
 * The answer cache: served at once, at 0 credits, with its age. Keyed by endpoint + canonical
 * params (lib/pricing/cache-key.ts), so "the same question" asked with different freshness wishes
 * finds the same answer. Size-capped with least recently used eviction.
 */
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { CacheEntry, EnrichmentDb } from './db';
import { applyParts, type StoreParts } from './forget/operations';

/** The key in `meta` of the cache's total size (bytes). */
export const CACHE_BYTES_KEY = 'cacheBytes';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface CachedAnswer {
  entry: CacheEntry;
  ageMs: number;
  stale: boolean;
}

/** Reads an answer and marks it used. */
export async function readCache(
  db: IDBPDatabase<EnrichmentDb>,
  key: string,
  { now, staleAfterDays }: { now: number; staleAfterDays: number },
): Promise<CachedAnswer | undefined> {
  // The touch only orders eviction, so it is a relaxed write and not waited for: a panel opening
  // waits on this read, and a write waited for would add a commit to disk. A later write to the
  // cache still comes after it (IndexedDB runs overlapping read-write transactions in order).
  const tx = db.transaction('cache', 'readwrite', { durability: 'relaxed' });
  const entry = await tx.store.get(key);
  if (entry) tx.store.put({ ...entry, lastAccess: now }).catch(() => {});
  tx.done.catch(() => {});
  if (!entry) return undefined;
  const ageMs = Math.max(0, now - entry.fetchedAt);
  return { entry, ageMs, stale: ageMs > staleAfterDays * DAY_MS };
}

type CacheTx = IDBPTransaction<EnrichmentDb, ArrayLike<StoreNames<EnrichmentDb>>, 'readwrite'>;

/** An answer larger than this share of the cache's cap is shown, not kept: it would push out many. */
export const CACHE_ENTRY_MAX_SHARE = 0.25;

/**
 * Stores an answer inside the caller's transaction (which must span 'cache' and 'meta'), then
 * evicts least recently used answers until the total fits `maxBytes`. The entry just written is
 * never evicted. Returns false when the answer is too large to keep (CACHE_ENTRY_MAX_SHARE).
 */
export async function writeCache(tx: CacheTx, entry: CacheEntry, maxBytes: number): Promise<boolean> {
  if (entry.bytes > maxBytes * CACHE_ENTRY_MAX_SHARE) return false;
  const cache = tx.objectStore('cache');
  const meta = tx.objectStore('meta');
  const previous = await cache.get(entry.key);
  let total = ((await meta.get(CACHE_BYTES_KEY)) ?? 0) - (previous?.bytes ?? 0) + entry.bytes;
  await cache.put(entry);
  if (total > maxBytes) {
    let cursor = await cache.index('byLastAccess').openCursor();
    while (cursor && total > maxBytes) {
      if (cursor.value.key !== entry.key) {
        total -= cursor.value.bytes;
        await cursor.delete();
      }
      cursor = await cursor.continue();
    }
  }
  await meta.put(total, CACHE_BYTES_KEY);
  return true;
}

export function sizeOf(data: unknown): number {
  return JSON.stringify(data)?.length ?? 0;
}

/** "Clear cache": each store as its register entry says (lib/background/db-register.ts PERSONAL_DATA `clearCache`). */
const CLEAR_CACHE_PARTS: StoreParts<'clearCache', undefined> = {
  cache: {
    uses: ['meta'],
    async run(tx) {
      const count = await tx.objectStore('cache').count();
      await Promise.all([tx.objectStore('cache').clear(), tx.objectStore('meta').put(0, CACHE_BYTES_KEY)]);
      return count;
    },
  },
};

export async function clearCache(db: IDBPDatabase<EnrichmentDb>): Promise<number> {
  return applyParts(db, 'clearCache', CLEAR_CACHE_PARTS, undefined);
}
