// @vitest-environment node
/**
 * Watch lists under the person's control over data about others (lib/background/watch/watch-privacy.ts),
 * through the ways in the person uses: forget, the retention period, Clear history, the
 * do-not-enrich list and the export; and the badge that counts unseen changes after each.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDbForTests, openDb } from '../../../../../lib/background/db';
import { replaceStoredList } from '../../../../../lib/background/do-not-enrich';
import { clearHistory, exportStored, forgetSubject } from '../../../../../lib/background/forget';
import { expireOld } from '../../../../../lib/background/retention';
import { createWatchBadge } from '../../../../../lib/background/watch/badge';
import { DAY_MS } from '../../../../../lib/background/watch/periods';
import type {
  WatchChangeRecord,
  WatchListRecord,
  WatchMemberRecord,
} from '../../../../../lib/background/watch/records';
import { leaveListed } from '../../../../../lib/background/watch/watch-privacy';
import { watchRequest } from '../../../../../lib/background/watch/watched-answer';

const NOW = Date.UTC(2026, 10, 27);
const ADA = 'https://www.linkedin.com/in/ada-lovelace';
const GRACE = 'https://www.linkedin.com/in/grace-hopper';
const ACME = 'https://www.linkedin.com/company/acme';

function listRecord(id: string, name: string): WatchListRecord {
  return {
    id,
    name,
    createdAt: NOW - 40 * DAY_MS,
    updatedAt: NOW,
    periodDays: 30,
    freshness: 'if-recent',
    cap: null,
    status: 'idle',
    pauseRequested: false,
    cancelRequested: false,
    period: 1,
    periodStart: NOW - 10 * DAY_MS,
    spent: 4,
    lastRunAt: NOW - 10 * DAY_MS,
  };
}

function member(listId: string, kind: 'person' | 'company', url: string, name: string): WatchMemberRecord {
  const request = watchRequest(kind, url, 'if-recent')!;
  return {
    listId,
    key: url,
    kind,
    url,
    name,
    order: 0,
    kept: kind === 'person' ? { full_name: name, headline: 'Engineer' } : { name, website: 'acme.com' },
    keptFrom: `watch:${listId}:1:${url}`,
    checkedAt: NOW - 10 * DAY_MS,
    requestId: `watch:${listId}:1:${url}`,
    ...request,
    policy: 'refresh',
    quote: { min: 2, max: 2 },
    status: 'done',
    updatedAt: NOW - 10 * DAY_MS,
  };
}

function change(
  listId: string,
  url: string,
  name: string,
  daysAgo: number,
  viewed: 0 | 1 = 0,
): WatchChangeRecord {
  return {
    id: `${listId}:${url}:${daysAgo}`,
    listId,
    memberKey: url,
    kind: url.includes('/company/') ? 'company' : 'person',
    name,
    url,
    seenAt: NOW - daysAgo * DAY_MS,
    change: { kind: 'headline', before: 'Engineer', after: 'CTO' },
    viewed,
  };
}

let badgeText = '';
const badge = createWatchBadge({ db: openDb, setText: (text) => (badgeText = text) });

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  badgeText = '';
  const db = await openDb();
  const tx = db.transaction(['watchLists', 'watchMembers', 'watchChanges'], 'readwrite');
  for (const record of [listRecord('w1', 'Champions'), listRecord('w2', 'Ada Lovelace and friends')])
    void tx.objectStore('watchLists').put(record);
  for (const record of [
    member('w1', 'person', ADA, 'Ada Lovelace'),
    member('w1', 'person', GRACE, 'Grace Hopper'),
    member('w2', 'person', ADA, 'Ada Lovelace'),
    member('w2', 'company', ACME, 'Acme'),
  ])
    void tx.objectStore('watchMembers').put(record);
  for (const record of [
    change('w1', ADA, 'Ada Lovelace', 1),
    change('w1', GRACE, 'Grace Hopper', 2),
    change('w1', GRACE, 'Grace Hopper', 200, 1),
    change('w2', ADA, 'Ada Lovelace', 120),
    change('w2', ACME, 'Acme', 3),
  ])
    void tx.objectStore('watchChanges').put(record);
  await tx.done;
});
afterEach(async () => {
  await closeDbForTests();
});

const keys = async (store: 'watchMembers' | 'watchChanges') =>
  (await (await openDb()).getAll(store)).map((record) =>
    'memberKey' in record ? record.memberKey : record.key,
  );

describe('watch lists and data about others', () => {
  it('the badge counts the unseen changes, and is empty at none', async () => {
    expect(await badge.refresh()).toBe(4);
    expect(badgeText).toBe('4');
  });

  it('a forgotten company named only in the evidence of a person’s event takes that change with it', async () => {
    const DIFFERENCE = 'https://www.linkedin.com/company/difference-co';
    const moved: WatchChangeRecord = {
      ...change('w1', GRACE, 'Grace Hopper', 1),
      id: 'w1:grace:moved',
      change: { kind: 'job', before: 'Engineer at Navy', after: 'CTO at Difference' },
      event: {
        kind: 'moved',
        changes: [{ kind: 'job', before: 'Engineer at Navy', after: 'CTO at Difference' }],
        evidence: {
          before: [],
          after: [
            {
              title: 'CTO',
              company: 'Difference',
              company_network_profile_url: DIFFERENCE,
              starts_at: { day: 1, month: 11, year: 2026 },
              ends_at: null,
            },
          ],
          location: null,
          headline: null,
        },
        uncertain: [],
      },
    };
    await (await openDb()).put('watchChanges', moved);
    await forgetSubject(await openDb(), DIFFERENCE);
    const ids = (await (await openDb()).getAll('watchChanges')).map((record) => record.id);
    expect(ids).not.toContain('w1:grace:moved');
    expect(ids).toHaveLength(5);
  });

  it('a forgotten person leaves every watch list, with their changes; a list named after them loses its name', async () => {
    const { removed } = await forgetSubject(await openDb(), ADA);
    expect(removed).toBeGreaterThanOrEqual(5);
    expect(await keys('watchMembers')).not.toContain(ADA);
    expect(await keys('watchChanges')).not.toContain(ADA);
    expect(await keys('watchMembers')).toEqual(expect.arrayContaining([GRACE, ACME]));
    const lists = await (await openDb()).getAll('watchLists');
    expect(lists.map((list) => list.name).sort()).toEqual(['Champions', 'forgotten']);
    expect(JSON.stringify(await (await openDb()).getAll('watchChanges')).toLowerCase()).not.toContain(
      'lovelace',
    );
    expect(await badge.refresh()).toBe(2);
  });

  it('changes older than the retention period go; members and newer changes stay', async () => {
    await expireOld(await openDb(), { now: NOW, retentionDays: 90 });
    const left = await (await openDb()).getAll('watchChanges');
    expect(left.map((record) => Math.round((NOW - record.seenAt) / DAY_MS)).sort()).toEqual([1, 2, 3]);
    expect(await keys('watchMembers')).toHaveLength(4);
  });

  it("a member's last answer kept longer than the retention period goes; the member stays watched", async () => {
    const db = await openDb();
    const grace = (await db.get('watchMembers', ['w1', GRACE]))!;
    const enriched = { fullName: 'Grace Hopper', title: 'Engineer' };
    await db.put('watchMembers', { ...grace, enriched, checkedAt: NOW - 100 * DAY_MS, lastCredits: 2 });
    await expireOld(db, { now: NOW, retentionDays: 90 });
    const { kept, enriched: fields, checkedAt, ...rest } = (await db.get('watchMembers', ['w1', GRACE]))!;
    expect([kept, fields, checkedAt]).toEqual([undefined, undefined, undefined]);
    // Still watched, at the same request; what its last ask cost is no one's data.
    expect(rest).toMatchObject({ name: 'Grace Hopper', requestId: grace.requestId, lastCredits: 2 });
    // Those answered 10 days ago keep theirs.
    const others = (await db.getAll('watchMembers')).filter((member) => member.key !== GRACE);
    expect(others.map((member) => member.kept !== undefined)).toEqual([true, true, true]);
  });

  it('Clear history clears every watch list, member and change', async () => {
    await clearHistory(await openDb());
    const db = await openDb();
    expect([
      await db.count('watchLists'),
      await db.count('watchMembers'),
      await db.count('watchChanges'),
    ]).toEqual([0, 0, 0]);
    expect(await badge.refresh()).toBe(0);
    expect(badgeText).toBe('');
  });

  it('someone put on the do-not-enrich list leaves every watch list, by address or by domain', async () => {
    const db = await openDb();
    await replaceStoredList(db, [
      { key: 'profile:person:ada-lovelace', kind: 'profile', text: ADA },
      { key: 'domain:acme.com', kind: 'domain', text: 'acme.com' },
    ]);
    expect(await leaveListed(db)).toBe(3);
    expect(await keys('watchMembers')).toEqual([GRACE]);
  });

  it('the export of everything holds the watch lists, members and changes', async () => {
    const exported = await exportStored(await openDb(), {});
    expect(exported.watchLists).toHaveLength(2);
    expect(exported.watchMembers).toHaveLength(4);
    expect(exported.watchChanges).toHaveLength(5);
  });
});
