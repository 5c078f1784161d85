import { IDBFactory } from 'fake-indexeddb';
import type { IDBPDatabase } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCache, readCache, sizeOf, writeCache } from '../../../../lib/background/cache';
import { type CacheEntry, closeDbForTests, type EnrichmentDb, openDb } from '../../../../lib/background/db';

/** What the cache holds and the byte total it keeps for eviction (its `meta` entry). */
async function cacheStats(db: IDBPDatabase<EnrichmentDb>): Promise<{ entries: number; bytes: number }> {
  return { entries: await db.count('cache'), bytes: (await db.get('meta', 'cacheBytes')) ?? 0 };
}

const DAY = 24 * 60 * 60 * 1000;

function entry(key: string, bytes: number, lastAccess: number): CacheEntry {
  return {
    key,
    endpointId: 'person.profile',
    params: {},
    data: { key },
    fetchedAt: lastAccess,
    credits: 2,
    bytes,
    lastAccess,
  };
}

async function put(e: CacheEntry, maxBytes = 1_000_000) {
  const db = await openDb();
  const tx = db.transaction(['cache', 'meta'], 'readwrite');
  await writeCache(tx, e, maxBytes);
  await tx.done;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(closeDbForTests);

describe('the answer cache', () => {
  it('serves an answer with its age and marks it stale past the set age', async () => {
    await put(entry('a', 10, 1000));
    const db = await openDb();
    const fresh = await readCache(db, 'a', { now: 1000 + 2 * DAY, staleAfterDays: 29 });
    expect(fresh?.ageMs).toBe(2 * DAY);
    expect(fresh?.stale).toBe(false);
    const old = await readCache(db, 'a', { now: 1000 + 30 * DAY, staleAfterDays: 29 });
    expect(old?.stale).toBe(true);
    expect(await readCache(db, 'missing', { now: 0, staleAfterDays: 29 })).toBeUndefined();
  });

  it('evicts the least recently used answers past the size cap, never the one just written', async () => {
    for (const [key, at] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const)
      await put(entry(key, 250, at), 1000);
    const db = await openDb();
    await readCache(db, 'a', { now: 50, staleAfterDays: 29 }); // 'a' is now the most recently used
    await put(entry('e', 250, 60), 1000);
    expect(await db.getAllKeys('cache')).toEqual(['a', 'c', 'd', 'e']);
    expect(await cacheStats(db)).toEqual({ entries: 4, bytes: 1000 });
  });

  it('keeps no answer larger than a quarter of the cap: it would push out many others', async () => {
    await put(entry('small', 250, 1), 1000);
    await put(entry('huge', 5000, 2), 1000);
    const db = await openDb();
    expect(await db.getAllKeys('cache')).toEqual(['small']);
    expect((await cacheStats(db)).bytes).toBe(250);
  });

  it('counts a replaced answer once', async () => {
    await put(entry('a', 300, 1));
    await put(entry('a', 500, 2));
    expect(await cacheStats(await openDb())).toEqual({ entries: 1, bytes: 500 });
  });

  it('clears everything', async () => {
    await put(entry('a', 300, 1));
    const db = await openDb();
    await clearCache(db);
    expect(await cacheStats(db)).toEqual({ entries: 0, bytes: 0 });
  });

  it('sizes an answer by its JSON', () => {
    expect(sizeOf({ a: 'xyz' })).toBe('{"a":"xyz"}'.length);
  });
});
