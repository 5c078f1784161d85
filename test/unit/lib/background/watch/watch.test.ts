// @vitest-environment node
/**
 * Watch lists in the background (lib/background/watch/) over the real service and the real sandbox
 * app (no socket), on a fake IndexedDB, with the watch's clock moved as the sandbox's: the first
 * run charges its quote and records nothing; a run again in the same period pays nothing; a
 * worker stopped mid-run finishes in the next with nothing paid twice; after 30 days the changes
 * recorded are exactly those between the sandbox's own answers, once each; the cap and the
 * budget stop a run; who is on the do-not-enrich list is never asked; the ids kept name no one;
 * someone in two lists is asked once a period; Run now's price is that of the run it starts.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompanyProfile, PersonProfile } from '../../../../../lib/api/schemas';
import { closeDbForTests, openDb } from '../../../../../lib/background/db';
import { replaceStoredList } from '../../../../../lib/background/do-not-enrich';
import { expireOld } from '../../../../../lib/background/retention';
import { createWatchBadge } from '../../../../../lib/background/watch/badge';
import { DAY_MS } from '../../../../../lib/background/watch/periods';
import { createWatch } from '../../../../../lib/background/watch/watch';
import type { WatchCreateRequest, WatchTarget } from '../../../../../lib/protocol';
import type { Settings } from '../../../../../lib/settings';
import { type Change, companyChanges } from '../../../../../lib/watch/changes';
import { personEvent } from '../../../../../lib/watch/events';
import type { Sandbox } from '../../../../../sandbox/app';
import type { AdvanceReport } from '../../../../../sandbox/clock';
import { parseKeyFaults } from '../../../../../sandbox/faults';
import {
  SANDBOX_SETTINGS,
  stoppableService,
  unitDataset,
  unitSandbox,
  until,
} from '../../../../support/sandbox-service';

/** The sandbox's clock for every sandbox here: the same dataset and the same changes each run. */
const NOW = new Date('2026-11-27T00:00:00Z');
const START = 10_000;
const dataset = unitDataset(NOW);

let sandbox: Sandbox;
let settings: Settings;
let daysAhead = 0;
let badgeText = '';
const stoppers: (() => void)[] = [];

function useSandbox(latencyMs?: number) {
  sandbox = unitSandbox({
    now: () => NOW,
    keys: [
      { key: 'demo', credits: START, plan: 'standard' },
      { key: 'probe', credits: START, plan: 'standard' },
    ],
    keyFaults: latencyMs ? parseKeyFaults(`demo=latency=${latencyMs}`) : undefined,
  });
}

/** A worker: the service over the sandbox, and the watch on it with a clock the test moves. */
function startWorker({ ratePerMinute = 60_000 } = {}) {
  const { service, stop } = stoppableService(sandbox, { settleAfterMs: 400, ratePerMinute }, settings);
  const badge = createWatchBadge({ db: openDb, setText: (text) => (badgeText = text) });
  const asked: { requestId: string; ownerId?: string }[] = [];
  const watch = createWatch({
    db: openDb,
    service: {
      ...service,
      run: (request) => {
        asked.push({ requestId: request.requestId, ownerId: request.ownerId });
        return service.run(request);
      },
    },
    now: () => Date.now() + daysAhead * DAY_MS,
    onChanges: badge.update,
    settlePollMs: 50,
  });
  stoppers.push(stop);
  return { watch, service, stop, badge, asked };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  settings = { ...SANDBOX_SETTINGS };
  daysAhead = 0;
  badgeText = '';
});
afterEach(async () => {
  for (const stop of stoppers.splice(0)) stop();
  await closeDbForTests();
});

const balance = () => sandbox.state.accounts.get('demo')!.balance;
const spent = () => START - balance();
/** How many times the service charged each distinct question (path and query). */
const chargesPerQuestion = () => {
  const counts = new Map<string, number>();
  for (const call of sandbox.state.requests.list('demo').filter((c) => c.charged > 0)) {
    const question = `${call.path}?${new URLSearchParams(call.query).toString()}`;
    counts.set(question, (counts.get(question) ?? 0) + 1);
  }
  return [...counts.values()];
};
const askedAbout = (url: string) =>
  sandbox.state.requests.list('demo').filter((call) => Object.values(call.query).includes(url));

const person = (index: number): WatchTarget => ({ kind: 'person', url: dataset.people[index]!.url });
const company = (index: number): WatchTarget => ({ kind: 'company', url: dataset.companies[index]!.url });

function watchOf(targets: WatchTarget[], extra: Partial<WatchCreateRequest> = {}): WatchCreateRequest {
  return {
    startId: crypto.randomUUID(),
    name: 'Champions',
    targets,
    periodDays: 30,
    freshness: 'if-recent',
    cap: null,
    ...extra,
  };
}

async function started(result: Awaited<ReturnType<ReturnType<typeof createWatch>['create']>>) {
  if (result.status !== 'started') throw new Error(`not started: ${JSON.stringify(result)}`);
  return result.list;
}

/** The sandbox's own answer now, asked with another key (not through the extension). */
async function sandboxAnswer(target: WatchTarget): Promise<unknown> {
  const path = target.kind === 'person' ? '/api/v2/profile?profile_url=' : '/api/v2/company?url=';
  const response = await sandbox.app.request(
    `${path}${encodeURIComponent(target.url)}&use_cache=if-present`,
    {
      headers: { Authorization: 'Bearer probe' },
    },
  );
  return response.json();
}

async function advance(days: number): Promise<AdvanceReport> {
  const response = await sandbox.app.request('/__sandbox/advance', {
    method: 'POST',
    body: JSON.stringify({ days }),
  });
  daysAhead += days;
  return (await response.json()) as AdvanceReport;
}

describe('a watch list', () => {
  it('charges its quote on the first run, records nothing, and pays nothing again in the same period', async () => {
    useSandbox();
    const { watch, asked } = startWorker();
    const targets = [person(1), person(2), person(3), company(1)];
    const quote = await watch.quote({ targets, periodDays: 30, freshness: 'if-recent' });
    // Each profile at 1, +1 for "29 days or less".
    expect(quote).toMatchObject({ people: 3, companies: 1, perPeriod: { min: 8, max: 8 }, refused: [] });

    const list = await started(await watch.create(watchOf(targets)));
    await watch.settled(list.id);
    expect(spent()).toBe(8);
    const detail = (await watch.list(list.id))!;
    expect(detail.summary).toMatchObject({ status: 'idle', spentThisPeriod: 8, checkedThisPeriod: 4 });
    expect(detail.members.every((member) => member.checkedAt !== null && member.enriched !== null)).toBe(
      true,
    );
    expect(detail.members[0]!.name).toBe(dataset.people[1]!.profile.full_name);
    expect((await watch.changes()).changes).toEqual([]);
    // Each row at batch priority: its call belongs to the list.
    expect(asked.every((call) => call.ownerId === list.id)).toBe(true);

    // Run now, and the alarm firing, in the same period: nobody asked again, nothing paid.
    expect(await watch.control(list.id, { action: 'run' })).toMatchObject({ status: 'started' });
    await watch.settled(list.id);
    daysAhead = 29;
    expect(await watch.checkDue()).toBe(0);
    expect(spent()).toBe(8);
    expect(chargesPerQuestion().every((count) => count === 1)).toBe(true);
  });

  it('records after 30 days exactly the changes between the sandbox answers, once each, and counts them on the badge', async () => {
    useSandbox();
    // Who changes in 30 days (the same seed and days give the same changes): some who do, some who do not.
    const probe = unitSandbox({ now: () => NOW });
    const report = (await (
      await probe.app.request('/__sandbox/advance', { method: 'POST', body: JSON.stringify({ days: 30 }) })
    ).json()) as AdvanceReport;
    const changedPeople = report.people.slice(0, 8).map((change) => change.index);
    const changedCompanies = report.companies.slice(0, 3).map((change) => change.index);
    const targets = [
      ...changedPeople.map(person),
      ...[0, 1, 2, 3, 4, 5]
        .filter((index) => !changedPeople.includes(index))
        .slice(0, 4)
        .map(person),
      ...changedCompanies.map(company),
      company(report.companies.length > 0 ? 0 : 1),
    ];
    const { watch, badge } = startWorker();
    const list = await started(await watch.create(watchOf(targets)));
    await watch.settled(list.id);
    const before = await Promise.all(targets.map(sandboxAnswer));
    const firstPeriod = spent();

    await advance(30);
    expect(await watch.checkDue()).toBe(1);
    await watch.settled(list.id);
    // A new period: everyone asked again, once.
    expect(spent()).toBe(2 * firstPeriod);
    const after = await Promise.all(targets.map(sandboxAnswer));
    // A person's changes as one event (its kind, its changes), a company's one entry each.
    const expected = targets.flatMap((target, index): Told[] => {
      if (target.kind === 'company')
        return companyChanges(before[index] as CompanyProfile, after[index] as CompanyProfile).map(
          (change) => ({ kind: change.kind, changes: [change] }),
        );
      const event = personEvent(before[index] as PersonProfile, after[index] as PersonProfile);
      return event ? [{ kind: event.kind, changes: event.changes }] : [];
    });
    const { changes, unseen } = await watch.changes(list.id);
    expect(changes.length).toBeGreaterThan(0);
    expect(expected.some((each) => each.changes.length > 1)).toBe(true);
    const told = changes.map(
      (each): Told => ({
        kind: each.event?.kind ?? each.change.kind,
        changes: each.event?.changes ?? [each.change],
      }),
    );
    expect(told.sort(byKind)).toEqual(expected.sort(byKind));
    expect(changes.map((each) => each.change)).toEqual(
      changes.map((each) => each.event?.changes[0] ?? each.change),
    );
    // Only the people and companies the sandbox changed.
    const changedUrls = new Set([...report.people, ...report.companies].map((change) => change.url));
    expect(changes.every((each) => changedUrls.has(each.url))).toBe(true);
    expect(unseen).toBe(changes.length);
    expect(await badge.refresh()).toBe(changes.length);
    expect(badgeText).toBe(String(changes.length));

    // The run again in this period records nothing more.
    await watch.control(list.id, { action: 'run' });
    await watch.settled(list.id);
    expect((await watch.changes()).changes).toHaveLength(changes.length);

    expect(await watch.seen([changes[0]!.id])).toEqual({ unseen: changes.length - 1 });
    expect(await watch.seen()).toEqual({ unseen: 0 });
    await until(
      () => badgeText,
      (text) => text === '',
    );
  });

  it('forgets each answer kept past the retention period: the next run pays as usual, records nothing and keeps the new answer', async () => {
    useSandbox();
    // People the sandbox changes in 30 days: compared, their answers would record changes.
    const probe = unitSandbox({ now: () => NOW });
    const report = (await (
      await probe.app.request('/__sandbox/advance', { method: 'POST', body: JSON.stringify({ days: 30 }) })
    ).json()) as AdvanceReport;
    const targets = report.people.slice(0, 4).map((change) => person(change.index));
    const { watch } = startWorker();
    const list = await started(await watch.create(watchOf(targets)));
    await watch.settled(list.id);
    const firstPeriod = spent();
    // What each member's last ask cost, for the members' export.
    expect((await watch.list(list.id))!.members.map((member) => member.credits)).toEqual([2, 2, 2, 2]);
    const before = await Promise.all(targets.map(sandboxAnswer));

    await advance(30);
    // Data about others is kept 20 days, less than the list's period: the retention sweep forgets each answer.
    const now = Date.now() + daysAhead * DAY_MS;
    await expireOld(await openDb(), { now, retentionDays: 20 });
    const swept = (await watch.list(list.id))!.members;
    expect(swept.map((member) => [member.checkedAt, member.enriched, member.credits])).toEqual(
      targets.map(() => [null, null, 2]),
    );
    expect((await (await openDb()).getAll('watchMembers')).some((member) => member.kept)).toBe(false);

    expect(await watch.checkDue()).toBe(1);
    await watch.settled(list.id);
    expect(spent()).toBe(2 * firstPeriod);
    const after = await Promise.all(targets.map(sandboxAnswer));
    const missed = targets.flatMap(
      (_, index) => personEvent(before[index] as PersonProfile, after[index] as PersonProfile) ?? [],
    );
    expect(missed.length).toBeGreaterThan(0);
    expect((await watch.changes()).changes).toEqual([]);
    // Each new answer is kept, to compare the next period's with.
    const kept = await (await openDb()).getAll('watchMembers');
    expect(kept.map((member) => member.kept !== undefined && member.checkedAt! >= now)).toEqual(
      targets.map(() => true),
    );
    expect((await watch.list(list.id))!.members.map((member) => member.credits)).toEqual([2, 2, 2, 2]);
  });

  it('finishes in the next worker when one stops mid-run, nothing paid twice', async () => {
    useSandbox(100);
    const first = startWorker({ ratePerMinute: 200 });
    const targets = [50, 51, 52, 53, 54, 55].map(person);
    const list = await started(await first.watch.create(watchOf(targets)));
    await until(
      () => sandbox.state.requests.list('demo').filter((call) => call.path === '/api/v2/profile').length,
      (count) => count >= 3,
    );
    first.stop();
    const profileCallsAtStop = sandbox.state.requests
      .list('demo')
      .filter((call) => call.path === '/api/v2/profile').length;

    const next = startWorker();
    await next.service.resumePendingJobs();
    expect(await next.watch.resume()).toBe(1);
    await next.watch.settled(list.id);
    const detail = (await next.watch.list(list.id))!;
    expect(detail.summary.status).toBe('idle');
    expect(chargesPerQuestion().every((count) => count === 1)).toBe(true);
    // Each at 2, every one answered once; the lost call certainly not charged was sent again.
    expect(spent()).toBe(12);
    expect(detail.summary).toMatchObject({ spentThisPeriod: 12, checkedThisPeriod: 6 });
    expect(profileCallsAtStop).toBeLessThan(6);
  });

  it('stops at the cap, waits, and goes on in the next period', async () => {
    useSandbox();
    const { watch } = startWorker();
    const list = await started(await watch.create(watchOf([1, 2, 3, 4].map(person), { cap: 5 })));
    await watch.settled(list.id);
    const stopped = (await watch.list(list.id))!.summary;
    expect(stopped).toMatchObject({ status: 'waiting', spentThisPeriod: 4, checkedThisPeriod: 2 });
    expect(stopped.stopReason?.message).toBe('Stopped at your cap of 5 credits');
    expect(spent()).toBe(4);

    daysAhead = 30;
    await watch.checkDue();
    await watch.settled(list.id);
    expect((await watch.list(list.id))!.summary).toMatchObject({ status: 'waiting', spentThisPeriod: 4 });
    expect(spent()).toBe(8);
  });

  it("asks to confirm past today's budget, waits at it, and goes on once confirmed or the next day", async () => {
    useSandbox();
    settings.dailyBudget = 5;
    const { watch } = startWorker();
    const request = watchOf([1, 2, 3, 4].map(person));
    expect(await watch.create(request)).toMatchObject({
      status: 'needs-confirmation',
      quote: { max: 8 },
      remaining: 5,
    });
    const list = await started(await watch.create({ ...request, confirmed: true }));
    await watch.settled(list.id);
    expect(spent()).toBe(8);

    // The next period's run, started by the due check: past the budget, it waits for the next day.
    daysAhead = 30;
    await watch.checkDue();
    await watch.settled(list.id);
    const waiting = (await watch.list(list.id))!.summary;
    expect(waiting).toMatchObject({ status: 'waiting', spentThisPeriod: 0 });
    expect(waiting.stopReason?.kind).toBe('budget');
    expect(waiting.nextRunAt).toBeGreaterThan(Date.now() + daysAhead * DAY_MS);
    expect(await watch.control(list.id, { action: 'run' })).toMatchObject({ status: 'needs-confirmation' });

    // The next day with a budget raised: the due check goes on.
    settings.dailyBudget = 100;
    daysAhead = 31;
    expect(await watch.checkDue()).toBe(1);
    await watch.settled(list.id);
    expect((await watch.list(list.id))!.summary).toMatchObject({ status: 'idle', spentThisPeriod: 8 });
    expect(spent()).toBe(16);
  });

  it('never asks someone on the do-not-enrich list, and refuses to add them', async () => {
    useSandbox();
    const { watch } = startWorker();
    const listed = dataset.people[2]!.url;
    const list = await started(await watch.create(watchOf([person(1), person(2)])));
    await watch.settled(list.id);
    // Listed after they were added (kept directly: the options page would also take them out).
    await replaceStoredList(await openDb(), [
      { key: `profile:person:${listed.split('/in/')[1]}`, kind: 'profile', text: listed },
    ]);
    const callsBefore = askedAbout(listed).length;
    daysAhead = 30;
    await watch.checkDue();
    await watch.settled(list.id);
    expect(askedAbout(listed)).toHaveLength(callsBefore);
    const refused = (await watch.list(list.id))!.members.find((member) => member.url === listed)!;
    expect(refused.error?.kind).toBe('do-not-enrich');

    const quote = await watch.quote({ targets: [person(2), person(3)], periodDays: 7, freshness: 'live' });
    expect(quote.refused).toEqual([{ url: listed, reason: 'On your do-not-enrich list' }]);
    // Live: 1 + 9.
    expect(quote).toMatchObject({ people: 1, perPeriod: { max: 10 } });
  });

  it('refuses what is not a profile address of its kind, or already watched, each with a reason', async () => {
    useSandbox();
    const { watch } = startWorker();
    const list = await started(await watch.create(watchOf([person(1)])));
    await watch.settled(list.id);
    const quote = await watch.quote({
      listId: list.id,
      periodDays: 30,
      freshness: 'if-recent',
      targets: [
        person(1),
        { kind: 'company', url: dataset.people[2]!.url },
        { kind: 'person', url: 'https://example.com/about' },
        person(3),
        person(3),
      ],
    });
    expect(quote.refused.map((each) => each.reason)).toEqual([
      'Already in this watch list',
      "Not a company's profile address",
      "Not a person's profile address",
      'Named twice',
    ]);
    expect(quote.people).toBe(1);
    // Added: asked on the next run, or Run now.
    expect(await watch.add(list.id, [person(3)])).toMatchObject({ status: 'started', list: { people: 2 } });
    expect(spent()).toBe(2);
    await watch.control(list.id, { action: 'run' });
    await watch.settled(list.id);
    expect(spent()).toBe(4);
    expect((await watch.of(`${dataset.people[3]!.url}/`)).map((each) => each.id)).toEqual([list.id]);
  });
});

/** People the sandbox changes in 30 days (the same seed and days give the same changes each run). */
async function changedIn30Days(): Promise<number[]> {
  const probe = unitSandbox({ now: () => NOW });
  const report = (await (
    await probe.app.request('/__sandbox/advance', { method: 'POST', body: JSON.stringify({ days: 30 }) })
  ).json()) as AdvanceReport;
  return report.people.map((change) => change.index);
}

/** The profile calls the sandbox was asked about a person, in order, with their freshness. */
const profileCallsAbout = (target: WatchTarget) =>
  askedAbout(target.url).map((call) => ({ live: call.query.live_fetch === 'force', charged: call.charged }));

/** Every id the background made that outlives a member: journal keys and followed calls, ledger lines, change ids. */
async function idsKept(): Promise<string[]> {
  const db = await openDb();
  const [jobs, ledger, changes] = await Promise.all([
    db.getAll('jobs'),
    db.getAll('ledger'),
    db.getAll('watchChanges'),
  ]);
  return [
    ...jobs.flatMap((job) => [job.id, job.sameAs ?? '']),
    ...ledger.map((line) => line.requestId),
    ...changes.map((change) => change.id),
  ];
}

/** A profile address and the part of it that names them (`/in/<this>`). */
const namesOf = (target: WatchTarget) => [target.url, target.url.split('/').filter(Boolean).pop()!];

describe('the ids a watch makes', () => {
  it('name no one: the journal, the ledger and the changes know each row by an opaque id', async () => {
    useSandbox();
    const changed = await changedIn30Days();
    const targets = [...changed.slice(0, 3).map(person), company(1)];
    const { watch, asked } = startWorker();
    const list = await started(await watch.create(watchOf(targets)));
    await watch.settled(list.id);
    await advance(30);
    expect(await watch.checkDue()).toBe(1);
    await watch.settled(list.id);
    expect((await watch.changes()).changes.length).toBeGreaterThan(0);

    const ids = [...(await idsKept()), ...asked.map((call) => call.requestId)];
    expect(ids.length).toBeGreaterThan(2 * targets.length);
    for (const name of targets.flatMap(namesOf)) expect(ids.filter((id) => id.includes(name))).toEqual([]);
  });

  it('gives a member kept before opaque ids one the next time it is queued, and asks under it', async () => {
    useSandbox();
    const targets = [person(1), person(2)];
    const { watch } = startWorker();
    const list = await started(await watch.create(watchOf(targets)));
    await watch.settled(list.id);
    // As an older version left a run it had not asked yet: rows queued under ids made of the address.
    const db = await openDb();
    for (const member of await db.getAll('watchMembers')) {
      const { watchId: _opaque, ...older } = member;
      await db.put('watchMembers', {
        ...older,
        status: 'queued',
        requestId: `watch:${list.id}:0:${member.key}`,
      });
    }
    await db.put('watchLists', { ...(await db.get('watchLists', list.id))!, status: 'running' });

    const next = startWorker();
    expect(await next.watch.resume()).toBe(1);
    await next.watch.settled(list.id);
    // And a member with none whose row was answered: given one as the next period queues it.
    const answered = (await db.getAll('watchMembers'))[0]!;
    const { watchId: _opaque, ...older } = answered;
    await db.put('watchMembers', { ...older, requestId: `watch:${list.id}:0:${answered.key}` });
    await advance(30);
    expect(await next.watch.checkDue()).toBe(1);
    await next.watch.settled(list.id);

    expect(next.asked).toHaveLength(4);
    for (const name of targets.flatMap(namesOf))
      expect(next.asked.filter((call) => call.requestId.includes(name))).toEqual([]);
    const members = await db.getAll('watchMembers');
    expect(members.every((member) => member.watchId && member.requestId.endsWith(member.watchId))).toBe(true);
  });
});

describe('someone in several watch lists', () => {
  it('is asked once a period, at no cost to the other list, and every list records what changed', async () => {
    useSandbox();
    const [a, b, c, d] = (await changedIn30Days()).slice(0, 4).map(person) as [
      WatchTarget,
      WatchTarget,
      WatchTarget,
      WatchTarget,
    ];
    const { watch } = startWorker();
    const first = await started(await watch.create(watchOf([a, b, c], { name: 'Champions' })));
    await watch.settled(first.id);
    // Made minutes later: those the first list asked are not asked again.
    expect(await watch.quote({ targets: [b, c, d], periodDays: 30, freshness: 'if-recent' })).toMatchObject({
      perPeriod: { min: 2, max: 6 },
    });
    const second = await started(await watch.create(watchOf([b, c, d], { name: 'Buyers' })));
    await watch.settled(second.id);
    expect(spent()).toBe(8);
    expect((await watch.list(second.id))!.summary).toMatchObject({
      spentThisPeriod: 2,
      checkedThisPeriod: 3,
    });

    // The next period, both due at once: each person asked once.
    await advance(30);
    expect(await watch.checkDue()).toBe(2);
    await Promise.all([watch.settled(first.id), watch.settled(second.id)]);
    expect(spent()).toBe(16);
    for (const target of [a, b, c, d]) expect(profileCallsAbout(target)).toHaveLength(2);
    const changesOf = async (id: string, target: WatchTarget) =>
      (await watch.changes(id)).changes.filter((each) => each.url === target.url).map((each) => each.change);
    for (const shared of [b, c]) {
      const recorded = await changesOf(first.id, shared);
      expect(recorded.length).toBeGreaterThan(0);
      expect((await changesOf(second.id, shared)).sort(byText)).toEqual(recorded.sort(byText));
    }
    expect((await changesOf(second.id, d)).length).toBeGreaterThan(0);
    // What each member's last ask cost, as the export says: nothing for an answer another list paid.
    const credits = async (id: string) => (await watch.list(id))!.members.map((member) => member.credits);
    const paid = [...(await credits(first.id)), ...(await credits(second.id))];
    expect(paid.filter((each) => each === 0)).toHaveLength(2);
    expect(paid.reduce((sum, each) => sum! + each!, 0)).toBe(8);
  });

  it('is asked once when both lists ask many people together, each row waiting for the answer the other list is getting', async () => {
    useSandbox();
    // More than a run asks at once: rows read together leave one after another, after others are answered.
    const targets = Array.from({ length: 120 }, (_, index) => person(index));
    settings.dailyBudget = 1_000;
    const { watch } = startWorker();
    const first = await started(await watch.create(watchOf(targets, { name: 'Champions' })));
    const second = await started(await watch.create(watchOf([...targets].reverse(), { name: 'Buyers' })));
    await Promise.all([watch.settled(first.id), watch.settled(second.id)]);
    // Each may cost a list nothing a period (the other list may ask them), or their price.
    for (const id of [first.id, second.id])
      expect((await watch.list(id))!.summary.perPeriod).toMatchObject({ min: 0, max: 240 });
    await advance(30);
    expect(await watch.checkDue()).toBe(2);
    await Promise.all([watch.settled(first.id), watch.settled(second.id)]);
    expect(chargesPerQuestion()).toEqual(targets.map(() => 2));
    expect(spent()).toBe(2 * 120 * 2);
  });

  it('is asked at the strictest freshness the lists due ask, once, and the other list is served from it', async () => {
    useSandbox();
    const [a, b] = [person(1), person(2)];
    const { watch } = startWorker();
    const recent = await started(await watch.create(watchOf([a, b], { name: 'Champions' })));
    await watch.settled(recent.id);
    // Watched at 29 days elsewhere: no help to a live list.
    expect(await watch.quote({ targets: [b], periodDays: 30, freshness: 'live' })).toMatchObject({
      perPeriod: { min: 10, max: 10 },
    });
    // "Live now" is stricter than the 29 days the first list asked at: asked again, live.
    const live = await started(await watch.create(watchOf([b], { name: 'Live', freshness: 'live' })));
    // Watched live elsewhere, the shared person may cost the first list their live price a period.
    expect((await watch.list(recent.id))!.summary.perPeriod).toMatchObject({ min: 2, max: 12 });
    expect((await watch.list(live.id))!.summary.perPeriod).toMatchObject({ min: 10, max: 10 });
    await watch.settled(live.id);
    expect(spent()).toBe(4 + 10);
    expect(profileCallsAbout(b).map((call) => call.live)).toEqual([false, true]);

    await advance(30);
    // Before they run: the first list's price asks the shared person live, for both.
    const [recentDue, liveDue] = [
      (await watch.list(recent.id))!.summary,
      (await watch.list(live.id))!.summary,
    ];
    expect(recentDue.runQuote).toMatchObject({ min: 12, max: 12 });
    expect(liveDue.runQuote).toMatchObject({ min: 10, max: 10 });
    expect(await watch.checkDue()).toBe(2);
    await Promise.all([watch.settled(recent.id), watch.settled(live.id)]);
    expect(spent()).toBe(14 + 12);
    expect(profileCallsAbout(b).map((call) => call.live)).toEqual([false, true, true]);
    expect(
      (await watch.list(recent.id))!.summary.spentThisPeriod +
        (await watch.list(live.id))!.summary.spentThisPeriod,
    ).toBe(12);
  });
});

describe("Run now's price", () => {
  it('is, for a watch whose period came round before the alarm fired, the new period, and the run stays within it', async () => {
    useSandbox();
    const { watch } = startWorker();
    const list = await started(await watch.create(watchOf([1, 2, 3].map(person))));
    await watch.settled(list.id);
    expect((await watch.list(list.id))!.summary.runQuote).toMatchObject({ min: 0, max: 0 });

    daysAhead = 30;
    const due = (await watch.list(list.id))!.summary;
    expect(due).toMatchObject({ status: 'idle', checkedThisPeriod: 3 });
    expect(due.runQuote).toMatchObject({ min: 6, max: 6 });
    const before = spent();
    expect(await watch.control(list.id, { action: 'run' })).toMatchObject({ status: 'started' });
    await watch.settled(list.id);
    expect(spent() - before).toBe(6);
  });

  it('is, for a period half run, what is left of it; for someone another list answered this period, nothing', async () => {
    useSandbox();
    const { watch } = startWorker();
    const list = await started(await watch.create(watchOf([1, 2, 3, 4].map(person), { cap: 5 })));
    await watch.settled(list.id);
    expect(spent()).toBe(4);
    // Stopped at the cap: 1 credit left under it, two members at 2 each to ask.
    expect((await watch.list(list.id))!.summary.runQuote).toMatchObject({ max: 1 });
    const raised = await watch.control(list.id, { action: 'settings', cap: null });
    expect(raised).toMatchObject({ status: 'started', list: { runQuote: { min: 4, max: 4 } } });

    // Another list asks one of the two first: that one is free.
    const other = await started(await watch.create(watchOf([person(4)], { name: 'Other' })));
    await watch.settled(other.id);
    expect(spent()).toBe(6);
    expect((await watch.list(list.id))!.summary.runQuote).toMatchObject({ min: 2, max: 2 });
    await watch.control(list.id, { action: 'run' });
    await watch.settled(list.id);
    expect(spent()).toBe(8);
    expect((await watch.list(list.id))!.summary).toMatchObject({ checkedThisPeriod: 4, spentThisPeriod: 6 });
  });
});

const byText = (a: Change, b: Change) => JSON.stringify(a).localeCompare(JSON.stringify(b));

/** What an entry of the Changes page tells: its kind and its changes. */
interface Told {
  kind: string;
  changes: Change[];
}
const byKind = (a: Told, b: Told) => JSON.stringify(a).localeCompare(JSON.stringify(b));
