/**
 * The popup's recent searches and lookups in IndexedDB (fake-indexeddb): the same question is one
 * entry that moves to the top, blank fields and the page cursor are not part of it, the list is
 * newest first and capped, and the database upgrade that adds the store keeps the others' data.
 */
import { deleteDB, openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDbForTests, DB_NAME, openDb } from '../../../../lib/background/db';
import {
  addRecent,
  clearRecent,
  listRecent,
  RECENT_LIMIT,
  recentId,
  removeRecent,
} from '../../../../lib/background/recent';

beforeEach(async () => {
  await closeDbForTests();
  await deleteDB(DB_NAME);
});

afterEach(async () => {
  await closeDbForTests();
});

describe('recent searches and lookups', () => {
  it('keeps a question once, newest first, and moves a repeated one to the top', async () => {
    const db = await openDb();
    await addRecent(db, { endpointId: 'person.search', params: { first_name: 'Ada', country: 'GB' } }, 1);
    await addRecent(db, { endpointId: 'email.lookup', params: { email: 'ada@example.com' } }, 2);
    // The same search, its params in another order and with a blank field: the same question.
    await addRecent(
      db,
      { endpointId: 'person.search', params: { country: 'GB', last_name: '  ', first_name: 'Ada' } },
      3,
    );

    const entries = await listRecent(db);
    expect(entries.map((entry) => [entry.endpointId, entry.at])).toEqual([
      ['person.search', 3],
      ['email.lookup', 2],
    ]);
    expect(entries[0]).toMatchObject({
      params: { country: 'GB', first_name: 'Ada' },
      summary: 'first_name=Ada country=GB',
    });
    expect(entries[1]!.summary).toBe('ada@example.com');
  });

  it('leaves out the page cursor and nulls, and trims what was typed', async () => {
    const db = await openDb();
    const entry = await addRecent(
      db,
      {
        endpointId: 'company.search',
        params: { name: ' Acme ', next_token: 'abc', city: null, page_size: 10 },
      },
      1,
    );
    expect(entry.params).toEqual({ name: 'Acme', page_size: 10 });
    expect(entry.id).toBe(recentId('company.search', { page_size: 10, name: 'Acme' }));
  });

  it('keeps at most RECENT_LIMIT entries, dropping the oldest', async () => {
    const db = await openDb();
    for (let i = 0; i < RECENT_LIMIT + 5; i++) {
      await addRecent(db, { endpointId: 'company.logo', params: { q: `company ${i}` } }, 1000 + i);
    }
    const entries = await listRecent(db);
    expect(entries).toHaveLength(RECENT_LIMIT);
    expect(entries[0]!.params).toEqual({ q: `company ${RECENT_LIMIT + 4}` });
    expect(entries.at(-1)!.params).toEqual({ q: 'company 5' });
  });

  it('removes one entry, or all of them', async () => {
    const db = await openDb();
    const first = await addRecent(db, { endpointId: 'company.logo', params: { q: 'acme' } }, 1);
    await addRecent(db, { endpointId: 'company.logo', params: { q: 'globex' } }, 2);
    await removeRecent(db, first.id);
    expect((await listRecent(db)).map((entry) => entry.params.q)).toEqual(['globex']);
    await clearRecent(db);
    expect(await listRecent(db)).toEqual([]);
  });
});

describe('the database upgrade that adds the recent store', () => {
  it('keeps the stores and data of version 1', async () => {
    // Version 1 as it shipped: cache, ledger, jobs and meta, with an answer in the cache.
    const v1 = await openDB(DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('cache', { keyPath: 'key' }).createIndex('byLastAccess', 'lastAccess');
        const ledger = db.createObjectStore('ledger', { keyPath: 'id', autoIncrement: true });
        ledger.createIndex('byAt', 'at');
        ledger.createIndex('byRequestId', 'requestId');
        db.createObjectStore('jobs', { keyPath: 'id' }).createIndex('byStatus', 'status');
        db.createObjectStore('meta');
      },
    });
    await v1.put('cache', { key: 'person.profile?profile_url=x', data: { full_name: 'Ada' }, lastAccess: 1 });
    await v1.put('meta', 123, 'cacheBytes');
    v1.close();

    const db = await openDb();
    // Later versions may add stores of their own; these must all be there.
    expect([...db.objectStoreNames]).toEqual(
      expect.arrayContaining(['cache', 'jobs', 'ledger', 'meta', 'recent']),
    );
    expect(await db.get('cache', 'person.profile?profile_url=x')).toMatchObject({
      data: { full_name: 'Ada' },
    });
    expect(await db.get('meta', 'cacheBytes')).toBe(123);
    await addRecent(db, { endpointId: 'company.logo', params: { q: 'acme' } }, 1);
    expect(await listRecent(db)).toHaveLength(1);
  });
});
