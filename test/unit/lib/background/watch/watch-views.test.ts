// @vitest-environment node
/**
 * The recorded changes as the Changes page reads them (lib/background/watch/watch-views.ts): a
 * person's event as recorded, a change recorded before events were read as an event of its own,
 * and a company's change as it is.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDbForTests, openDb } from '../../../../../lib/background/db';
import type { WatchChangeRecord } from '../../../../../lib/background/watch/records';
import { changeViews } from '../../../../../lib/background/watch/watch-views';
import type { PersonEvent } from '../../../../../lib/watch/events';

const NOW = Date.UTC(2026, 10, 27);
const ADA = 'https://www.linkedin.com/in/ada-lovelace';

function record(id: string, minutesAgo: number, patch: Partial<WatchChangeRecord>): WatchChangeRecord {
  return {
    id,
    listId: 'w1',
    memberKey: ADA,
    kind: 'person',
    name: 'Ada Lovelace',
    url: ADA,
    seenAt: NOW - minutesAgo * 60_000,
    change: { kind: 'headline', before: 'Engineer', after: 'CTO' },
    viewed: 0,
    ...patch,
  };
}

const MOVED: PersonEvent = {
  kind: 'moved',
  changes: [
    { kind: 'job', before: 'Engineer at Analytical Engines', after: 'CTO at Difference Co.' },
    { kind: 'headline', before: 'Engineer', after: 'CTO' },
  ],
  evidence: {
    before: [
      {
        title: 'Engineer',
        company: 'Analytical Engines',
        company_network_profile_url: null,
        starts_at: { year: 2019 },
        ends_at: null,
      },
    ],
    after: [],
    location: null,
    headline: { before: 'Engineer', after: 'CTO' },
  },
  uncertain: ['vanished-without-end'],
};

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  const db = await openDb();
  const tx = db.transaction('watchChanges', 'readwrite');
  for (const each of [
    // Recorded before events were: one record a change, no `event`.
    record('old#0', 60, {
      change: { kind: 'job', before: 'Clerk at A', after: 'Engineer at Analytical Engines' },
    }),
    record('old#1', 60, { change: { kind: 'location', before: 'London', after: 'Paris' } }),
    record('new#0', 1, { change: MOVED.changes[0]!, event: MOVED }),
    record('acme#0', 2, {
      kind: 'company',
      memberKey: 'acme',
      name: 'Acme',
      change: { kind: 'employees', before: 120, after: 134, by: 14 },
    }),
  ])
    void tx.store.put(each);
  await tx.done;
});
afterEach(async () => {
  await closeDbForTests();
});

describe('the changes as the page reads them', () => {
  it('a person’s event as recorded, an older change as an event of its own, a company’s change as it is', async () => {
    const views = await changeViews(await openDb());
    expect(views.map((view) => [view.id, view.event?.kind ?? null])).toEqual([
      ['new#0', 'moved'],
      ['acme#0', null],
      ['old#1', 'moved-city'],
      ['old#0', 'moved'],
    ]);
    expect(views[0]!.event).toEqual(MOVED);
    expect(views[2]!.event).toEqual({
      kind: 'moved-city',
      changes: [{ kind: 'location', before: 'London', after: 'Paris' }],
      evidence: { before: [], after: [], location: { before: 'London', after: 'Paris' }, headline: null },
      uncertain: [],
    });
    expect(views[1]!.change).toEqual({ kind: 'employees', before: 120, after: 134, by: 14 });
  });
});
