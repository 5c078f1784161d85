/**
 * Retention under a fake clock: what is older than the period is removed (answers) or loses its
 * names (ledger lines keep credits and dates); what is younger stays.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDbForTests, openDb } from '../../../../lib/background/db';
import { ledgerTotals } from '../../../../lib/background/ledger';
import { expireOld } from '../../../../lib/background/retention';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-24T12:00:00');

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(closeDbForTests);

async function seed() {
  const db = await openDb();
  for (const [key, age] of [
    ['old', 100],
    ['young', 10],
  ] as const) {
    const at = NOW - age * DAY;
    await db.put('cache', {
      key,
      endpointId: 'person.profile',
      params: { profile_url: `https://www.linkedin.com/in/${key}-person` },
      data: { full_name: `${key} person` },
      fetchedAt: at,
      credits: 1,
      bytes: 100,
      lastAccess: at,
    });
    await db.add('ledger', {
      at,
      endpointId: 'person.profile',
      summary: `profile_url=…/in/${key}-person`,
      credits: 1,
      cached: false,
      requestId: `req-${key}`,
    });
    await db.put('recent', { id: key, endpointId: 'person.profile', params: {}, summary: key, at });
  }
  await db.put('meta', 200, 'cacheBytes');
  return db;
}

/** A finished list not touched for `age` days, with one row and its request. */
async function seedList(id: string, age: number, status: 'done' | 'running' = 'done') {
  const db = await openDb();
  const at = NOW - age * DAY;
  const counts = { queued: 0, running: 0, done: 1, failed: 0, interrupted: 0, skipped: 0, refused: 0 };
  await db.put('lists', {
    id,
    name: id,
    createdAt: at,
    updatedAt: at,
    status,
    columns: ['Profile'],
    mapping: ['profile_url'],
    options: { freshness: 'if-present', withProfiles: true, contacts: false },
    rowCount: 1,
    requestCount: 1,
    cap: null,
    confirmed: false,
    pauseRequested: false,
    cancelRequested: false,
    quote: { min: 1, max: 1, lines: [] },
    counts,
    rowsDone: 1,
    spent: 1,
  });
  await db.put('listRows', { listId: id, index: 0, cells: [`https://www.linkedin.com/in/${id}`], key: 'k' });
  await db.put('listRequests', {
    listId: id,
    key: 'k',
    order: 0,
    rows: 1,
    endpointId: 'person.profile',
    params: {},
    asked: id,
    requestId: `req-${id}`,
    policy: 'cache-first',
    quote: { min: 1, max: 1 },
    status: 'done',
    enriched: { fullName: `${id} person` },
    updatedAt: at,
  });
}

/** A journaled call about `key`'s person, finished `age` days ago (or still unsettled). */
async function seedJob(key: string, age: number, status: 'done' | 'interrupted' = 'done') {
  const db = await openDb();
  const at = NOW - age * DAY;
  await db.put('jobs', {
    id: `req-${key}`,
    endpointId: 'email.lookup',
    params: { email: `${key}@example.com`, lookup_depth: 'deep' },
    status,
    createdAt: at,
    updatedAt: at,
    cacheKey: `email.lookup?email=${key}%40example.com`,
    credits: 4,
    leftAt: at,
    ...(status === 'interrupted'
      ? {
          interruption: {
            reason: 'connection' as const,
            credits: null,
            range: { min: 0, max: 4 },
            settled: false,
            at,
          },
          error: { kind: 'network', message: `lost ${key}@example.com` },
        }
      : {}),
  });
}

describe('retention', () => {
  it('takes the names out of finished calls in the journal past the period, keeping what was paid', async () => {
    await seedJob('old', 100);
    await seedJob('young', 10);
    await seedJob('unsettled', 100, 'interrupted');
    const db = await openDb();
    expect(await expireOld(db, { now: NOW, retentionDays: 90 })).toBe(1);
    const jobs = await db.getAll('jobs');
    const old = jobs.find((job) => job.id === 'req-old')!;
    // What the engine needs never to pay twice stays: the id, its status, what it cost, when.
    expect(old).toMatchObject({ status: 'done', credits: 4, params: {}, cacheKey: 'forgotten' });
    expect(old.updatedAt).toBe(NOW - 100 * DAY);
    expect(JSON.stringify(jobs)).not.toContain('old@example.com');
    expect(JSON.stringify(jobs)).toContain('young@example.com');
    // A call whose cost the balance may still tell is left alone.
    expect(JSON.stringify(jobs)).toContain('unsettled@example.com');
    // Once more changes nothing.
    expect(await expireOld(db, { now: NOW, retentionDays: 90 })).toBe(0);
  });

  it('removes lists not touched for the period, with their rows and answers; a running one stays', async () => {
    await seedList('old-list', 100);
    await seedList('old-running-list', 100, 'running');
    await seedList('young-list', 10);
    const db = await openDb();
    expect(await expireOld(db, { now: NOW, retentionDays: 90 })).toBe(1);
    expect((await db.getAll('lists')).map((list) => list.id)).toEqual(['old-running-list', 'young-list']);
    expect((await db.getAll('listRows')).map((row) => row.listId)).toEqual([
      'old-running-list',
      'young-list',
    ]);
    expect(JSON.stringify(await db.getAll('listRequests'))).not.toContain('old-list person');
  });

  it('removes answers older than the period and the names in old ledger lines, keeping credits', async () => {
    const db = await seed();
    const monthBefore = (await ledgerTotals(db, NOW - 95 * DAY)).month;
    expect(await expireOld(db, { now: NOW, retentionDays: 90 })).toBe(3);
    expect((await db.getAll('cache')).map((entry) => entry.key)).toEqual(['young']);
    expect(await db.get('meta', 'cacheBytes')).toBe(100);
    expect((await db.getAll('ledger')).map((line) => line.summary)).toEqual([
      'forgotten',
      'profile_url=…/in/young-person',
    ]);
    expect((await db.getAll('ledger')).map((line) => line.credits)).toEqual([1, 1]);
    expect((await db.getAll('recent')).map((entry) => entry.id)).toEqual(['young']);
    expect(JSON.stringify(await db.getAll('cache'))).not.toContain('old person');
    expect((await ledgerTotals(db, NOW - 95 * DAY)).month).toBe(monthBefore);
  });

  it('a shorter period removes more, a longer one nothing', async () => {
    const db = await seed();
    expect(await expireOld(db, { now: NOW, retentionDays: 365 })).toBe(0);
    expect(await expireOld(db, { now: NOW, retentionDays: 5 })).toBe(6);
    expect(await db.getAll('cache')).toEqual([]);
  });
});
