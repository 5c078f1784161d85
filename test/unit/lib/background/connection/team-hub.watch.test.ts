// @vitest-environment node
/**
 * The team's watch as a member's browser reaches it (lib/background/connection/team-hub.ts
 * `teamWatch`), against a real team hub (hub/app.ts) in front of the sandbox: a list made from one
 * member's browser is run by the hub with no browser open, and another member reads the team's
 * changes from a cursor and marks them seen for themselves alone. The person's own key has none.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHub, type Hub } from '../../../../../hub/app';
import type { Db } from '../../../../../hub/db';
import { addMember } from '../../../../../hub/members';
import { setWatchBudget } from '../../../../../hub/team-watch';
import { createClient } from '../../../../../lib/background/api/client';
import { ownKey } from '../../../../../lib/background/connection/own-key';
import { teamHub } from '../../../../../lib/background/connection/team-hub';
import { closeDbForTests, openDb } from '../../../../../lib/background/db';
import { createScheduler } from '../../../../../lib/background/scheduler';
import { createService } from '../../../../../lib/background/service';
import { createWatchBadge } from '../../../../../lib/background/watch/badge';
import { createTeamChanges } from '../../../../../lib/background/watch/team-changes';
import { createWatch } from '../../../../../lib/background/watch/watch';
import type { WatchTarget } from '../../../../../lib/protocol';
import { DEFAULT_SETTINGS, type Settings } from '../../../../../lib/settings';
import { PERSON_EVENT_KINDS } from '../../../../../lib/watch/events';
import { sandboxService, type TestDatabase, testDatabase } from '../../../../support/hub-testing';

const DAY_MS = 86_400_000;
let database: TestDatabase;
let hubDb: Db;
beforeAll(async () => {
  database = await testDatabase();
  hubDb = await database.open();
}, 120_000);
afterAll(async () => database.drop());

let service: ReturnType<typeof sandboxService>;
let hub: Hub;
let clock: number;
beforeEach(async () => {
  service = sandboxService();
  clock = Date.now();
  hub = await createHub({
    db: hubDb,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    ratePerMinute: 60_000,
    fetch: service.fetch,
    now: () => new Date(clock),
  });
  await database.clear(hubDb);
});

afterEach(closeDbForTests);

/** A member's browser in team mode: its background service and its watch, over the hub in-process. */
async function teamBrowser(name: string) {
  await closeDbForTests();
  fakeBrowser.reset();
  globalThis.indexedDB = new IDBFactory();
  const { token } = await addMember(hubDb, name, { daily: 100 });
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    connection: 'team-hub',
    hubUrl: 'https://hub.team.test',
    hubToken: token,
    onboarded: true,
  };
  const extension = createService({
    db: openDb,
    settings: async () => settings,
    client: (address, pace) =>
      createClient({ ...address, pace, fetch: async (request: Request) => hub.app.request(request) }),
    scheduler: createScheduler({ ratePerMinute: 60_000 }),
  });
  let badge = '';
  const watchBadge = createWatchBadge({
    db: openDb,
    setText: (text) => {
      badge = text;
    },
    teamUnseen: createTeamChanges(extension.teamWatch).unseen,
  });
  const watch = createWatch({
    db: openDb,
    service: extension,
    now: () => clock,
    onChanges: watchBadge.update,
    team: extension.teamWatch,
  });
  const badgeNow = async () => {
    await watchBadge.refresh();
    return badge;
  };
  return { watch, badge: badgeNow, dispose: extension.dispose };
}

async function memberBrowser(name: string) {
  const { token } = await addMember(hubDb, name, { daily: 100 });
  const connection = teamHub({
    ...DEFAULT_SETTINGS,
    connection: 'team-hub',
    hubUrl: 'https://hub.team.test',
    hubToken: token,
  });
  const client = createClient({
    ...connection.address,
    fetch: async (request: Request) => hub.app.request(request),
  });
  return { watch: connection.teamWatch!, client };
}

describe("the team's watch from a member's browser", () => {
  it('makes a list the hub runs; another member reads the changes and marks them seen for themselves', async () => {
    await setWatchBudget(hubDb, 10_000);
    const ada = await memberBrowser('ada');
    const bob = await memberBrowser('bob');
    const people: WatchTarget[] = service.sandbox.queries.dataset.people
      .slice(0, 40)
      .map((person) => ({ kind: 'person', url: person.url, name: String(person.profile.full_name) }));
    const made = await ada.watch.createList(ada.client, {
      name: 'Accounts',
      periodDays: 30,
      people: [...people, { kind: 'company', url: 'https://www.linkedin.com/company/acme' }],
      createId: 'start-1',
    });
    expect(made).toMatchObject({ name: 'Accounts', people: 40 });
    expect(made.refused.map((each) => each.url)).toEqual(['https://www.linkedin.com/company/acme']);

    await hub.watch.checkDue();
    clock += 30 * DAY_MS;
    service.sandbox.state.clock.advance(30);
    await hub.watch.checkDue();

    const read = await bob.watch.changesSince(bob.client, 0);
    expect(read.changes.length).toBeGreaterThan(0);
    expect(read.unseen).toBe(read.changes.length);
    for (const change of read.changes) {
      expect(PERSON_EVENT_KINDS).toContain(change.event.kind);
      expect(change.lists).toEqual(['Accounts']);
    }
    expect(await bob.watch.markSeen(bob.client, { through: read.last })).toBe(0);
    expect((await bob.watch.changesSince(bob.client, read.last)).changes).toEqual([]);
    expect((await ada.watch.changesSince(ada.client, 0)).unseen).toBe(read.changes.length);
  });

  it('is none with the person’s own key: its watch lists run in this browser', () => {
    expect(ownKey(DEFAULT_SETTINGS).teamWatch).toBeNull();
  });

  it("is made from the Watch form's team choice, and its changes shown in the Changes page and counted on the badge", async () => {
    await setWatchBudget(hubDb, 10_000);
    const ada = await teamBrowser('ada');
    const targets: WatchTarget[] = service.sandbox.queries.dataset.people
      .slice(0, 40)
      .map((person) => ({ kind: 'person', url: person.url }));
    const quote = await ada.watch.quote({ targets, periodDays: 30, freshness: 'if-recent' });
    expect(quote).toMatchObject({ people: 40, team: true });
    const started = await ada.watch.create({
      startId: 'start-team-1',
      name: 'Accounts',
      targets,
      periodDays: 30,
      freshness: 'if-recent',
      cap: null,
      team: true,
    });
    expect(started).toEqual({ status: 'team-started', made: { name: 'Accounts', people: 40, refused: [] } });
    // It runs at the hub: nothing of it is kept in this browser.
    expect(await ada.watch.lists()).toEqual([]);
    ada.dispose();

    await hub.watch.checkDue();
    clock += 30 * DAY_MS;
    service.sandbox.state.clock.advance(30);
    await hub.watch.checkDue();

    const bob = await teamBrowser('bob');
    const shown = await bob.watch.changes();
    expect(shown.changes.length).toBeGreaterThan(0);
    expect(shown.unseen).toBe(shown.changes.length);
    expect(shown.changes.every((change) => change.watchList === 'Team · Accounts' && !change.viewed)).toBe(
      true,
    );
    expect(await bob.badge()).toBe(String(shown.changes.length));
    const [first] = shown.changes;
    expect((await bob.watch.seen([first!.id])).unseen).toBe(shown.changes.length - 1);
    expect((await bob.watch.seen()).unseen).toBe(0);
    expect(await bob.badge()).toBe('');
    bob.dispose();
  });
});
