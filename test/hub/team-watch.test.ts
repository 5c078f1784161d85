/**
 * Team watch lists the hub runs (hub/team-watch.ts): each person asked once a period for the whole
 * team however many lists hold them, the changes the sandbox made told as events and read by every
 * member (seen each for themselves), the watch budget (the rest waits for the next month, and the
 * admin sees it), a hub stopped mid-run resumed paying nobody twice, forget and do-not-enrich.
 * In-process hubs over the sandbox, the hub's clock and the sandbox's moved together.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../hub/admin';
import { createHub, type Hub } from '../../hub/app';
import type { Db, Queryable } from '../../hub/db';
import { addMember } from '../../hub/members';
import { addListed, forget } from '../../hub/privacy';
import { maxCharge } from '../../hub/proxy';
import { setWatchBudget } from '../../hub/team-watch';
import { watchedRequest } from '../../hub/team-watch-people';
import type { TeamChange } from '../../lib/watch/team-change';
import { hubTestBed, type SandboxService } from '../support/hub-testing';

const bed = hubTestBed();
const DAY_MS = 86_400_000;
const ADMIN = 'admin-secret';
let db: Db;
let service: SandboxService;
let clock: number;
let ada: string;
let bob: string;

const hubOn = (on: Db, timeZone?: string) =>
  createHub({
    db: on,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    adminToken: ADMIN,
    ratePerMinute: 60_000,
    fetch: service.fetch,
    now: () => new Date(clock),
    ...(timeZone ? { timeZone } : {}),
  });

let hub: Hub;
beforeEach(async () => {
  ({ db, service } = bed);
  clock = Date.now();
  hub = await hubOn(db);
  ({ token: ada } = await addMember(db, 'ada', { daily: 100 }));
  ({ token: bob } = await addMember(db, 'bob', { daily: 100 }));
});

const people = (from: number, to: number) =>
  service.sandbox.queries.dataset.people.slice(from, to).map((person) => person.url);
const canonical = (url: string) => watchedRequest(url)?.person ?? url;
/** What one person's check may cost (every person is asked alike). */
const perPerson = () => {
  const request = watchedRequest(people(0, 1)[0]!)!;
  return maxCharge(request.endpointId, request.params, hub.config);
};
/** The people asked at the service so far, by canonical address. */
const asked = () => service.requests().map((entry) => canonical(entry.query.profile_url ?? ''));

async function call(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const response = await hub.app.request(path, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const makeList = (token: string, body: Record<string, unknown>) =>
  call('/hub/v1/watch/lists', token, { method: 'POST', body });
const changesOf = async (token: string, since = 0) => {
  const answer = await call(`/hub/v1/watch/changes?since=${since}`, token);
  expect(answer.status).toBe(200);
  return answer.body as { changes: TeamChange[]; last: number; unseen: number };
};
const listsOf = async (token: string) => (await call('/hub/v1/watch/lists', token)).body;

/** Moves the hub's clock and the sandbox's together; returns whom the sandbox changed. */
function daysLater(days: number): Set<string> {
  clock += days * DAY_MS;
  const report = service.sandbox.state.clock.advance(days);
  return new Set(report.people.map((person) => canonical(person.url)));
}

describe('team watch lists', () => {
  it('ask each person once a period for the whole team and tell the changes as events to every member', async () => {
    await setWatchBudget(db, 10_000);
    const first = await makeList(ada, { name: 'Accounts', period_days: 30, people: people(0, 30) });
    expect(first.status).toBe(201);
    // Bob's list holds 10 of Ada's people and 10 of its own.
    const second = await makeList(bob, { name: 'Partners', period_days: 30, people: people(20, 40) });
    expect(second.status).toBe(201);

    expect(await hub.watch.checkDue()).toBe(40);
    expect(asked()).toHaveLength(40);
    expect(new Set(asked()).size).toBe(40);
    // Nobody is due again within the period.
    expect(await hub.watch.checkDue()).toBe(0);
    clock += 29 * DAY_MS;
    expect(await hub.watch.checkDue()).toBe(0);
    clock -= 29 * DAY_MS;

    const changed = daysLater(30);
    expect(await hub.watch.checkDue()).toBe(40);
    expect(asked()).toHaveLength(80);
    const watched = new Set(people(0, 40).map(canonical));
    const expected = [...changed].filter((person) => watched.has(person)).sort();
    expect(expected.length).toBeGreaterThan(0);

    const seenByBob = await changesOf(bob);
    expect(seenByBob.changes.map((change) => change.person).sort()).toEqual(expected);
    expect(seenByBob.unseen).toBe(expected.length);
    const change = seenByBob.changes[0]!;
    expect(change.event.changes.length).toBeGreaterThan(0);
    expect(change.seen).toBe(false);
    expect(change.lists.length).toBeGreaterThan(0);

    // Seen is each member's own.
    const marked = await call('/hub/v1/watch/seen', bob, {
      method: 'POST',
      body: { through: seenByBob.last },
    });
    expect(marked.body).toEqual({ unseen: 0 });
    expect((await changesOf(bob)).changes.every((each) => each.seen)).toBe(true);
    expect((await changesOf(ada)).unseen).toBe(expected.length);
    expect((await changesOf(ada, seenByBob.last)).changes).toEqual([]);

    const { lists } = (await listsOf(ada)) as { lists: Array<Record<string, unknown>> };
    expect(lists.map((list) => [list.name, list.created_by, list.people, list.checked, list.due])).toEqual([
      ['Accounts', 'ada', 30, 30, 0],
      ['Partners', 'bob', 20, 20, 0],
    ]);
  });

  it('keeps no payer of its own while the team watches nobody: the members listed are the team', async () => {
    expect(await hub.watch.checkDue()).toBe(0);
    const members = await db.query<{ name: string }>('SELECT name FROM members ORDER BY name');
    expect(members.map((member) => member.name)).toEqual(['ada', 'bob']);
  });

  it('adds no request for a second list of people already watched, and asks them at the shorter period', async () => {
    await setWatchBudget(db, 10_000);
    await makeList(ada, { name: 'Monthly', period_days: 30, people: people(0, 10) });
    await hub.watch.checkDue();
    expect(asked()).toHaveLength(10);
    const again = await makeList(bob, { name: 'Same ten', period_days: 30, people: people(0, 10) });
    expect(again.status).toBe(201);
    expect(await hub.watch.checkDue()).toBe(0);
    expect(asked()).toHaveLength(10);

    await makeList(bob, { name: 'Weekly', period_days: 7, people: people(0, 3) });
    daysLater(7);
    expect(await hub.watch.checkDue()).toBe(3);
    expect(asked()).toHaveLength(13);
  });

  it('spends within the watch budget: the rest waits for the next month, and the admin sees it', async () => {
    const cost = perPerson();
    const month = new Date(clock);
    clock = Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 10);
    await makeList(ada, { name: 'Five', period_days: 30, people: people(0, 5) });
    // No budget yet: nobody is asked, and the admin is told to set one.
    expect(await hub.watch.checkDue()).toBe(0);
    expect(await runAdmin(db, ['watch-budget'])).toEqual([
      'Team watch budget: 0 credits a month, 0 spent this month, 0 left; 5 people wait: set a budget to start.',
    ]);

    const set = await call('/hub/v1/admin/watch/budget', ADMIN, {
      method: 'PATCH',
      body: { monthly_budget: 3 * cost },
    });
    expect(set.status).toBe(200);
    expect(await hub.watch.checkDue()).toBe(3);
    expect(asked()).toHaveLength(3);
    const nextMonth = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1))
      .toISOString()
      .slice(0, 10);
    const admin = await call('/hub/v1/admin/watch', ADMIN);
    expect(admin.body.budget).toEqual({
      monthly_budget: 3 * cost,
      spent_this_month: 3 * cost,
      held: 0,
      left: 0,
      due: 2,
      waiting_for_budget: true,
      resumes_on: nextMonth,
    });

    expect(await runAdmin(db, ['watch-lists'])).toEqual([
      expect.stringMatching(/^1 {2}Five {2}every 30 days {2}by ada {2}5 people, 3 asked, 2 due, next due /),
    ]);
    await expect(runAdmin(db, ['watch-budget', '1e3'])).rejects.toThrow(/whole number/);
    expect((await runAdmin(db, ['watch-budget', String(3 * cost)]))[0]).toMatch(
      new RegExp(`2 people wait for the budget \\(new on ${nextMonth}\\)\\.$`),
    );

    // The next month's budget pays for the two that waited.
    clock = Date.parse(`${nextMonth}T00:00:00Z`) + 3_600_000;
    expect(await hub.watch.checkDue()).toBe(2);
    expect(new Set(asked()).size).toBe(5);
  });

  it("spends the watch budget by the hub's month (HUB_TIME_ZONE), not UTC's", async () => {
    hub = await hubOn(db, 'America/Los_Angeles');
    const cost = perPerson();
    await setWatchBudget(db, 2 * cost);
    // 18:00 on 30 November in Los Angeles, 02:00 on 1 December in UTC: November's budget pays for two.
    clock = Date.parse('2026-12-01T02:00:00Z');
    await makeList(ada, { name: 'Three', period_days: 30, people: people(0, 3) });
    expect(await hub.watch.checkDue()).toBe(2);
    // 22:00 there: still November, its budget spent.
    clock = Date.parse('2026-12-01T06:00:00Z');
    expect(await hub.watch.checkDue()).toBe(0);
    expect((await call('/hub/v1/admin/watch', ADMIN)).body.budget).toMatchObject({
      spent_this_month: 2 * cost,
      waiting_for_budget: true,
      resumes_on: '2026-12-01',
    });
    // 00:30 on 1 December there: December's budget pays for the third, November's spend not in it.
    clock = Date.parse('2026-12-01T08:30:00Z');
    expect(await hub.watch.checkDue()).toBe(1);
    expect(new Set(asked()).size).toBe(3);
    expect((await call('/hub/v1/admin/watch', ADMIN)).body.budget).toMatchObject({ spent_this_month: cost });
  });

  it('refuses bad input, changing nothing, and leaves out what cannot be watched', async () => {
    for (const body of [
      { name: 'Fortnightly', period_days: 14, people: people(0, 2) },
      { name: '', period_days: 30, people: people(0, 2) },
      { name: 'None', period_days: 30, people: [] },
      { name: 'Companies', period_days: 30, people: ['https://www.linkedin.com/company/acme'] },
    ]) {
      const refused = await makeList(ada, body);
      expect(refused.status).toBe(400);
      expect(typeof refused.body.description).toBe('string');
    }
    expect(((await listsOf(ada)) as { lists: unknown[] }).lists).toEqual([]);

    await addListed(db, people(1, 2)[0]!);
    const made = await makeList(ada, {
      name: 'Mixed',
      period_days: 30,
      people: [...people(0, 3), 'https://www.linkedin.com/company/acme', people(0, 1)[0]],
      create_id: 'click-1',
    });
    expect(made.status).toBe(201);
    expect((made.body.list as Record<string, unknown>).people).toBe(2);
    expect((made.body.refused as Array<{ reason: string }>).map((each) => each.reason)).toEqual([
      "On the team's do-not-enrich list",
      "Not a person's profile address (the team watch follows people)",
    ]);
    // The same click asked again finds its list.
    const again = await makeList(ada, {
      name: 'Mixed',
      period_days: 30,
      people: people(0, 3),
      create_id: 'click-1',
    });
    expect((again.body.list as Record<string, unknown>).id).toBe(
      (made.body.list as Record<string, unknown>).id,
    );
    expect(((await listsOf(ada)) as { lists: unknown[] }).lists).toHaveLength(1);
    expect((await call('/hub/v1/watch/lists', 'hub_nobody')).status).toBe(401);
  });

  it('lets a forgotten or listed person leave every team watch list, with their answer and changes', async () => {
    await setWatchBudget(db, 10_000);
    await makeList(ada, { name: 'A', period_days: 30, people: people(0, 40) });
    await makeList(bob, { name: 'B', period_days: 7, people: people(0, 40) });
    await hub.watch.checkDue();
    const changed = daysLater(30);
    await hub.watch.checkDue();
    const withChanges = (await changesOf(ada)).changes.map((change) => change.person);
    expect(withChanges.length).toBeGreaterThan(0);
    const forgotten = service.sandbox.queries.dataset.people.find(
      (person) => canonical(person.url) === withChanges[0],
    )!;
    expect(changed.has(withChanges[0]!)).toBe(true);

    const result = await forget(db, forgotten.url);
    expect(result.watchedRemoved).toBe(1);
    expect((await changesOf(ada)).changes.map((change) => change.person)).not.toContain(withChanges[0]);
    const stored = await db.query('SELECT 1 FROM team_watch_people WHERE person = $1', [withChanges[0]]);
    expect(stored).toEqual([]);

    await addListed(db, people(5, 6)[0]!);
    const { lists } = (await listsOf(ada)) as { lists: Array<{ people: number }> };
    expect(lists.map((list) => list.people)).toEqual([38, 38]);
  });

  it('resumes a run a stopped hub left, paying nobody twice', async () => {
    await setWatchBudget(db, 10_000);
    await makeList(ada, { name: 'Four', period_days: 30, people: people(0, 4) });
    // The first hub's database drops as each answer is kept for the watch: the service answered and
    // was paid, the journal says so, the watch's own record was never written.
    const dropping: Db = {
      ...db,
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            query: (sql: string, params?: readonly unknown[]) => {
              if (sql.includes('checked_at = CASE')) throw new Error('The hub stopped');
              return tx.query(sql, params);
            },
          } as Queryable),
        ),
    };
    const stopped = await hubOn(dropping);
    await stopped.watch.checkDue().catch(() => {});
    await stopped.stop();
    expect(asked()).toHaveLength(4);
    const spent = async () =>
      (await call('/hub/v1/admin/watch', ADMIN)).body.budget as { spent_this_month: number; due: number };
    expect((await spent()).spent_this_month).toBe(0);

    // Another hub, once the claims' lease has passed: the same requests, answered from the journal.
    clock += 11 * 60_000;
    expect(await hub.watch.checkDue()).toBe(4);
    expect(asked()).toHaveLength(4);
    expect(await spent()).toMatchObject({ spent_this_month: 4 * perPerson(), due: 0 });
    const { lists } = (await listsOf(ada)) as { lists: Array<{ checked: number }> };
    expect(lists[0]?.checked).toBe(4);
  });
});
