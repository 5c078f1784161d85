// @vitest-environment node
/**
 * The extension's database (lib/background/db.ts) upgraded from the version a browser has: the
 * journal of a call left in flight by a batch's or a list's row keeps every field, and names the
 * job it belongs to as `ownerId`, so the job, not the service, still decides whether to send it again.
 */
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingCalls } from '../../../../lib/background/calls/journal';
import {
  type CallRecord,
  closeDbForTests,
  DB_NAME,
  type EnrichmentDb,
  MIGRATIONS,
  openDb,
} from '../../../../lib/background/db';
import type { WatchMemberRecord } from '../../../../lib/background/watch/records';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeDbForTests();
});

/** A database as `version` left it. */
function openedAt(version: number) {
  return openDB<EnrichmentDb>(DB_NAME, version, {
    upgrade(upgrading, oldVersion, _newVersion, tx) {
      for (let step = oldVersion; step < version; step++) MIGRATIONS[step]!(upgrading, tx);
    },
  });
}

/** A database as version 6 left it, holding `jobs` written then. */
async function openedAtVersion6(jobs: object[]): Promise<void> {
  const db = await openedAt(6);
  for (const job of jobs) await db.put('jobs', job as CallRecord);
  db.close();
}

describe('the database upgrade to version 7', () => {
  it("keeps a row's call in flight, naming its job as ownerId, and leaves other calls as they were", async () => {
    const inFlight = {
      id: 'req-row-3',
      endpointId: 'person.profile',
      params: { profile_url: 'linkedin.com/in/ada' },
      status: 'pending',
      createdAt: 100,
      updatedAt: 120,
      seq: 7,
      balanceBefore: 980,
      cleanBefore: true,
      leftAt: 120,
      quote: { min: 2, max: 2 },
      reserved: 2,
      batchId: 'list-1',
    };
    const { batchId, ...rest } = inFlight;
    // A person's click, answered: no job of its own.
    const click = { ...rest, id: 'req-click', status: 'done', credits: 2 };
    await openedAtVersion6([inFlight, click]);

    const db = await openDb();
    expect(db.version).toBe(MIGRATIONS.length);
    expect(await db.get('jobs', 'req-row-3')).toEqual({ ...rest, ownerId: batchId });
    expect(await db.get('jobs', 'req-click')).toEqual(click);
    // The budget still counts it as in flight, reserving its 2 credits.
    expect((await pendingCalls(db)).map((job) => [job.id, job.ownerId, job.reserved])).toEqual([
      ['req-row-3', 'list-1', 2],
    ]);
  });
});

describe('the database upgrade to version 10', () => {
  it('a watched member asked in this period keeps what it cost as its last cost; one not asked yet has none', async () => {
    const asked = {
      listId: 'watch-1',
      key: 'linkedin.com/in/ada',
      kind: 'person',
      url: 'https://www.linkedin.com/in/ada',
      name: 'Ada',
      order: 0,
      kept: { full_name: 'Ada', headline: 'Engineer' },
      keptFrom: 'watch:watch-1:0:linkedin.com/in/ada',
      checkedAt: 100,
      requestId: 'watch:watch-1:0:linkedin.com/in/ada',
      endpointId: 'person.profile',
      params: { profile_url: 'https://www.linkedin.com/in/ada', use_cache: 'if-recent' },
      policy: 'refresh',
      quote: { min: 2, max: 2 },
      status: 'done',
      credits: 2,
      updatedAt: 100,
    } satisfies WatchMemberRecord;
    const queued = {
      ...asked,
      key: 'linkedin.com/in/grace',
      status: 'queued',
      credits: undefined,
    } satisfies WatchMemberRecord;
    const old = await openedAt(9);
    await old.put('watchMembers', asked);
    await old.put('watchMembers', queued);
    old.close();

    const db = await openedAt(10);
    expect(await db.get('watchMembers', ['watch-1', asked.key])).toEqual({ ...asked, lastCredits: 2 });
    expect(await db.get('watchMembers', ['watch-1', queued.key])).toEqual(queued);
    db.close();
  });
});

describe('the database upgrade to version 11', () => {
  it('makes every watch request id that names its member by address opaque, the same new id wherever the old one stood', async () => {
    const ada = 'linkedin.com/in/ada';
    const old = (period: number) => `watch:watch-1:${period}:${ada}`;
    const member = {
      listId: 'watch-1',
      key: ada,
      kind: 'person',
      url: `https://www.${ada}`,
      name: 'Ada',
      order: 0,
      kept: { full_name: 'Ada', headline: 'Engineer' },
      keptFrom: old(0),
      checkedAt: 100,
      requestId: old(1),
      endpointId: 'person.profile',
      params: { profile_url: `https://www.${ada}`, use_cache: 'if-recent' },
      policy: 'refresh',
      quote: { min: 2, max: 2 },
      status: 'done',
      credits: 2,
      updatedAt: 100,
    } satisfies WatchMemberRecord;
    const job = (id: string, extra: Partial<CallRecord> = {}): CallRecord => ({
      id,
      endpointId: 'person.profile',
      params: {},
      status: 'done',
      createdAt: 100,
      updatedAt: 100,
      ...extra,
    });
    const before = await openedAt(10);
    await before.put('watchMembers', member);
    for (const one of [job(old(0)), job(old(1)), job('merged', { sameAs: old(1) }), job('req-click')])
      await before.put('jobs', one);
    await before.add('ledger', {
      at: 100,
      endpointId: 'person.profile',
      summary: 'Ada',
      credits: 2,
      cached: false,
      requestId: old(1),
    });
    await before.put('watchChanges', {
      id: `${old(1)}#0`,
      listId: 'watch-1',
      memberKey: ada,
      kind: 'person',
      name: 'Ada',
      url: `https://www.${ada}`,
      seenAt: 100,
      change: { kind: 'headline', before: 'Engineer', after: 'CTO' },
      viewed: 0,
    });
    before.close();

    const db = await openDb();
    expect(db.version).toBe(MIGRATIONS.length);
    const upgraded = (await db.get('watchMembers', ['watch-1', ada]))!;
    expect(upgraded.watchId).toMatch(/^[0-9a-f-]{36}$/);
    const now = (period: number) => `watch:watch-1:${period}:${upgraded.watchId}`;
    expect(upgraded).toMatchObject({ requestId: now(1), keptFrom: now(0) });
    expect((await db.getAllKeys('jobs')).sort()).toEqual([now(0), now(1), 'merged', 'req-click'].sort());
    expect((await db.get('jobs', 'merged'))?.sameAs).toBe(now(1));
    expect((await db.getAll('ledger')).map((line) => line.requestId)).toEqual([now(1)]);
    expect(await db.getAllKeys('watchChanges')).toEqual([`${now(1)}#0`]);
    // Only the member's own record still holds their address (forget deletes it).
    for (const store of ['jobs', 'ledger', 'watchChanges'] as const)
      expect(JSON.stringify(await db.getAllKeys(store))).not.toContain(ada);
  });
});
