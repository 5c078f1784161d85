// @vitest-environment node
/**
 * Lists in the background (lib/background/lists/lists.ts) over the real service and the real sandbox app (no
 * socket), on a fake IndexedDB: duplicates are asked once, cached rows cost 0, the list spends
 * exactly what it says (the sandbox, the ledger and the list agree), the cap and the budget hold,
 * Pause, Cancel and a stopped worker lose nothing and pay nothing twice, failed rows are asked again
 * alone, and answers older than an age are refreshed past the cache.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../../../lib/background/api/client';
import { closeDbForTests, openDb } from '../../../../../lib/background/db';
import { createLists } from '../../../../../lib/background/lists/lists';
import { createScheduler } from '../../../../../lib/background/scheduler';
import { createService } from '../../../../../lib/background/service';
import { createWorkAlarm, WORK_ALARM } from '../../../../../lib/background/work-alarm';
import type { ListStartRequest, ListState, PeekRequest } from '../../../../../lib/protocol';
import { DEFAULT_SETTINGS, type Settings } from '../../../../../lib/settings';
import type { Sandbox } from '../../../../../sandbox/app';
import {
  HELD_MS,
  jobWorker,
  PROFILE_PATH,
  SANDBOX_SETTINGS,
  unitDataset,
  unitSandbox,
  until,
} from '../../../../support/sandbox-service';

const dataset = unitDataset();
const START = 1000;
/** How long after a lost call left it is settled from the balance: after a held call's wait (HELD_MS). */
const SETTLE_MS = 2 * HELD_MS;

let sandbox: Sandbox;
const settings: Settings = { ...SANDBOX_SETTINGS };
const stoppers: (() => void)[] = [];

function useSandbox(options: { chargeOnClientGone?: boolean } = {}) {
  sandbox = unitSandbox({
    keys: [{ key: 'demo', credits: START, plan: 'standard', chargeOnClientGone: options.chargeOnClientGone }],
  });
}

/**
 * A worker as the background makes it: its service (stoppable as MV3 stops a worker) and its lists.
 * `holding`: the profile calls of this worker the sandbox holds (holdCalls), the rows then asked
 * one at a time.
 */
function startWorker({
  ratePerMinute = 60_000,
  holding,
  refuse,
}: {
  ratePerMinute?: number;
  holding?: number[];
  /** Whether the connection for a request to this path is refused (nothing sent). */
  refuse?: (path: string) => boolean;
} = {}) {
  const { service, stop, runnerDeps } = jobWorker(
    sandbox,
    { settleAfterMs: SETTLE_MS, ratePerMinute, holding, refuse },
    settings,
  );
  const lists = createLists({ ...runnerDeps, waitPollMs: 50, ratePerMinute: async () => ratePerMinute });
  stoppers.push(() => service.dispose());
  return { service, lists, stop };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  for (const stop of stoppers.splice(0)) stop();
  await closeDbForTests();
});

const balance = () => sandbox.state.accounts.get('demo')!.balance;
const calls = () => sandbox.state.requests.list();
/** The profile requests that reached the sandbox (balance readings left out). */
const profileCalls = () => calls().filter((call) => call.path === PROFILE_PATH);
const charged = () => calls().reduce((sum, call) => sum + call.charged, 0);
/**
 * Waits until the list's `count`th profile request is at the service and every one before it is
 * answered and written: what a test that stops, pauses or cancels there needs, read from the
 * sandbox and the database rather than guessed from timing.
 */
const inFlightAfterDone = (listId: string, count: number) =>
  until(
    async () => ({
      calls: profileCalls(),
      done: (await (await openDb()).getAll('listRequests')).filter(
        (request) => request.listId === listId && request.status === 'done',
      ).length,
    }),
    ({ calls: asked, done }) =>
      asked.length === count && asked[count - 1]!.status === 0 && done === count - 1,
  );
const ledgerTotal = async () =>
  (await (await openDb()).getAll('ledger')).reduce((sum, line) => sum + (line.credits ?? 0), 0);
/** How many times the service charged each distinct question (path and query). */
const chargesPerQuestion = () => {
  const counts = new Map<string, number>();
  for (const call of calls().filter((c) => c.charged > 0)) {
    const question = `${call.path}?${new URLSearchParams(call.query).toString()}`;
    counts.set(question, (counts.get(question) ?? 0) + 1);
  }
  return [...counts.values()];
};

/** Any age, nothing extra: a person profile costs 1 credit. */
const FRESH = { use_cache: 'if-present', live_fetch: 'default' } as const;
const profile = (index: number): PeekRequest => ({
  endpointId: 'person.profile',
  params: { profile_url: dataset.people[index]!.url, ...FRESH },
});

/** A list of `rows` rows over these requests: row i asks requests[targets[i]] (or has a reason). */
function listOf(
  requests: PeekRequest[],
  targets: Array<number | { reason: string }>,
  extra: Partial<ListStartRequest> = {},
): ListStartRequest {
  return {
    startId: crypto.randomUUID(),
    name: 'Event leads',
    columns: ['Who'],
    rows: targets.map((_, index) => [`row ${index + 1}`]),
    mapping: ['profile_url'],
    options: { freshness: 'if-present', withProfiles: true, contacts: false },
    requests,
    targets,
    cap: null,
    ...extra,
  };
}

async function started(
  result: Awaited<ReturnType<ReturnType<typeof createLists>['start']>>,
): Promise<string> {
  if (result.status !== 'started') throw new Error(`not started: ${JSON.stringify(result)}`);
  return result.list.id;
}

describe('a list', () => {
  it('quotes once per distinct request, asks each once, and spends exactly what it says', async () => {
    useSandbox();
    const { lists, service } = startWorker();
    // One person already asked from the panel: cached, so 0 in the list.
    await service.run({ requestId: 'panel-1', ...profile(3), policy: 'cache-first' });
    const spentBefore = START - balance();
    const email = dataset.people[4]!.emails[0]!;
    const requests: PeekRequest[] = [
      profile(1),
      profile(2),
      profile(3),
      { endpointId: 'email.lookup', params: { email, lookup_depth: 'deep', enrich_profile: 'enrich' } },
      // The same as the first, sent again (the page merges what it reads as one; so does the background).
      profile(1),
    ];
    const quote = await lists.quote(requests);
    expect(quote.rows.map((row) => row.ok && row.cachedAt !== null)).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
    const keys = quote.rows.map((row) => (row.ok ? row.key : ''));
    expect(keys[4]).toBe(keys[0]);
    // Two profiles at 1 and an email lookup at 3, +1 for the profile if found; the cached one and
    // the duplicate free.
    expect(quote.total).toMatchObject({ min: 5, max: 6 });

    const id = await started(
      await lists.start(listOf(requests, [0, 1, 2, 3, 4, 0, { reason: 'Nothing to look up' }])),
    );
    await lists.settled(id);
    const state = (await lists.state(id, 0)) as ListState;
    expect(state.summary).toMatchObject({
      status: 'done',
      rows: 7,
      requests: 4,
      rowsDone: 6,
      spent: 6,
      counts: { done: 4, queued: 0, failed: 0 },
    });
    expect(START - balance() - spentBefore).toBe(6);
    expect(await ledgerTotal()).toBe(START - balance());
    expect(chargesPerQuestion().every((count) => count === 1)).toBe(true);
    const byKey = new Map(state.requests.map((request) => [request.key, request]));
    expect(byKey.get(keys[2]!)).toMatchObject({ cached: true, credits: 0 });
    expect(byKey.get(keys[0]!)?.enriched?.fullName).toBeTruthy();
    expect(byKey.get(keys[3]!)).toMatchObject({ status: 'done', credits: 4 });

    // The file comes back as imported, each row with its request or its reason.
    const input = (await lists.input(id))!;
    expect(input.rows).toHaveLength(7);
    expect(input.targets[5]).toEqual({ key: keys[0] });
    expect(input.targets[6]).toEqual({ reason: 'Nothing to look up' });
    expect((await lists.all()).map((list) => list.id)).toEqual([id]);
  });

  it('stops at the cap before a request that could pass it, and goes on when the cap is raised', async () => {
    useSandbox();
    const { lists } = startWorker({ ratePerMinute: 6_000 });
    const requests = [10, 11, 12, 13, 14].map(profile);
    const id = await started(await lists.start(listOf(requests, [0, 1, 2, 3, 4], { cap: 3 })));
    await lists.settled(id);
    const stopped = (await lists.state(id, 0))!.summary;
    expect(stopped).toMatchObject({ status: 'stopped', spent: 3, counts: { done: 3, queued: 2 } });
    expect(stopped.stopReason?.message).toBe('Stopped at your cap of 3 credits');
    expect(START - balance()).toBe(3);

    await lists.control(id, { action: 'resume', cap: 10 });
    await lists.settled(id);
    expect((await lists.state(id, 0))!.summary).toMatchObject({ status: 'done', spent: 5 });
    expect(START - balance()).toBe(5);
  });

  it('counts a row cached at the dry run at its price once its entry is gone, so the cap holds', async () => {
    useSandbox();
    const { service } = startWorker();
    // Row C is cached before the list is planned.
    const [b, c, d] = [40, 41, 42].map(profile);
    await service.run({ requestId: 'warm-c', ...c!, policy: 'cache-first' });
    expect(START - balance()).toBe(1);
    // The cache loses C's entry right after the dry run quoted it free (eviction under a large list).
    let evicted = false;
    const evicting = {
      ...service,
      peekMany: async (requests: readonly PeekRequest[]) => {
        const peeked = await service.peekMany(requests);
        if (!evicted) {
          evicted = true;
          await (await openDb()).clear('cache');
        }
        return peeked;
      },
    };
    const lists = createLists({
      db: openDb,
      service: evicting,
      ratePerMinute: async () => 60_000,
      newId: () => `id-${Math.random().toString(36).slice(2)}`,
      settlePollMs: 50,
    });
    const request = listOf([b!, c!, d!], [0, 1, 2], { cap: 2 });
    const id = await started(await lists.start(request));
    await lists.settled(id);
    const summary = (await lists.state(id, 0))!.summary;
    // Planned at 2 credits (C free)...
    expect(summary.quote).toMatchObject({ min: 2, max: 2 });
    // ...two credits asked within the cap; C, now at its price, would pass it: not asked.
    expect(summary).toMatchObject({ status: 'stopped', spent: 2, counts: { done: 2, queued: 1 } });
    expect(summary.stopReason?.message).toBe('Stopped at your cap of 2 credits');
    expect(START - balance()).toBe(1 + 2);
  });

  it("passes today's budget only on the day it was confirmed: a resume on another day asks again", async () => {
    useSandbox();
    settings.dailyBudget = 2;
    // Only the date is faked, moving on with real time (the scheduler paces by it).
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(new Date(2026, 2, 10, 10, 0));
      const { lists } = startWorker();
      const request = listOf([50, 51, 52, 53, 54, 55].map(profile), [0, 1, 2, 3, 4, 5], { cap: 3 });
      const id = await started(await lists.start({ ...request, confirmed: true }));
      await lists.settled(id);
      // Confirmed today: past the budget of 2, up to the cap of 3.
      expect((await lists.state(id, 0))!.summary).toMatchObject({ status: 'stopped', spent: 3 });

      // The next day, the cap raised: the budget holds again (2 more), and the person is asked.
      vi.setSystemTime(new Date(2026, 2, 11, 10, 0));
      await lists.control(id, { action: 'resume', cap: 10 });
      await lists.settled(id);
      const summary = (await lists.state(id, 0))!.summary;
      expect(summary).toMatchObject({ status: 'stopped', spent: 5, counts: { done: 5, queued: 1 } });
      expect(summary.stopReason?.kind).toBe('budget');
      expect(START - balance()).toBe(5);

      // Confirmed again that day: it goes on.
      await lists.control(id, { action: 'resume', confirmed: true });
      await lists.settled(id);
      expect((await lists.state(id, 0))!.summary).toMatchObject({ status: 'done', spent: 6 });
    } finally {
      vi.useRealTimers();
      settings.dailyBudget = DEFAULT_SETTINGS.dailyBudget;
    }
  });

  it('stops, keeping its rows to ask, when the service asks to wait past an hour', async () => {
    useSandbox();
    const asked = 'Fri, 31 Dec 9999 23:59:59 GMT';
    let profileRequests = 0;
    const fetch = async (request: Request) => {
      if (new URL(request.url).pathname === '/api/v2/profile' && ++profileRequests === 1)
        return new Response('{}', { status: 429, headers: { 'Retry-After': asked } });
      return sandbox.app.request(request);
    };
    const service = createService({
      db: openDb,
      settings: async () => settings,
      client: (s, pace) => createClient({ ...s, pace, fetch }),
      scheduler: createScheduler({ ratePerMinute: 60 }),
    });
    stoppers.push(() => service.dispose());
    const lists = createLists({
      db: openDb,
      service,
      ratePerMinute: async () => 60,
      newId: () => `id-${Math.random().toString(36).slice(2)}`,
      settlePollMs: 50,
    });
    const id = await started(await lists.start(listOf([60, 61, 62, 63].map(profile), [0, 1, 2, 3])));
    const stopped = await until(
      async () => (await lists.state(id, 0))!.summary,
      (summary) => summary.status === 'stopped',
      5_000,
    );
    expect(stopped).toMatchObject({ spent: 0, counts: { queued: 4, done: 0, failed: 0 } });
    expect(stopped.stopReason).toMatchObject({ kind: 'rate-limited', waitUntil: Date.parse(asked) });
    expect(profileRequests).toBe(1);
    expect(START - balance()).toBe(0);
  });

  it('waits, its rows kept, while the connection is refused (nothing sent), and goes on once it is not: no lost answer, each row paid once', async () => {
    useSandbox();
    let back = false;
    let profileRequests = 0;
    const { lists } = startWorker({
      // The service is gone from the third profile request on, until it is back.
      refuse: (path) => path === PROFILE_PATH && !back && ++profileRequests > 2,
    });
    const id = await started(
      await lists.start(listOf([70, 71, 72, 73, 74, 75].map(profile), [0, 1, 2, 3, 4, 5])),
    );
    const waiting = await until(
      async () => (await lists.state(id, 0))!.summary,
      (summary) => summary.stopReason !== null && summary.counts.running === 0,
      10_000,
    );
    expect(waiting.status).toBe('running');
    expect(waiting.stopReason).toMatchObject({
      kind: 'unreachable',
      message: 'Waiting: the connection was refused, nothing was sent; asking again every minute',
    });
    expect(waiting.counts).toMatchObject({ done: 2, queued: 4, failed: 0, interrupted: 0 });

    back = true;
    const done = await until(
      async () => (await lists.state(id, 0))!.summary,
      (summary) => summary.status === 'done',
      10_000,
    );
    expect(done).toMatchObject({
      spent: 6,
      stopReason: null,
      counts: { done: 6, failed: 0, interrupted: 0 },
    });
    expect(profileCalls()).toHaveLength(6);
    expect(chargesPerQuestion().every((count) => count === 1)).toBe(true);
    expect(await ledgerTotal()).toBe(START - balance());
  });

  it('a start asked again (its worker stopped before answering) finds the list it began, paid once', async () => {
    useSandbox();
    const first = startWorker();
    const request = listOf([40, 41, 42].map(profile), [0, 1, 2]);
    expect(await first.lists.start(request)).toMatchObject({
      status: 'started',
      list: { id: request.startId },
    });
    // The page asks again with the same click's id, from a new worker.
    first.stop();
    const next = startWorker();
    expect(await next.lists.start(request)).toMatchObject({
      status: 'started',
      list: { id: request.startId },
    });
    await next.lists.settled(request.startId);
    expect(await next.lists.all()).toHaveLength(1);
    expect((await next.lists.state(request.startId, 0))!.summary.status).toBe('done');
    expect(chargesPerQuestion()).toEqual([1, 1, 1]);
    expect(START - balance()).toBe(3);
  });

  it('asks before a list that may pass the daily budget', async () => {
    useSandbox();
    settings.dailyBudget = 2;
    try {
      const { lists } = startWorker();
      const request = listOf([20, 21, 22].map(profile), [0, 1, 2]);
      expect(await lists.start(request)).toMatchObject({
        status: 'needs-confirmation',
        quote: { min: 3, max: 3 },
        remaining: 2,
      });
      expect(calls()).toHaveLength(0);
      const id = await started(await lists.start({ ...request, confirmed: true }));
      await lists.settled(id);
      expect(START - balance()).toBe(3);
    } finally {
      settings.dailyBudget = DEFAULT_SETTINGS.dailyBudget;
    }
  });

  it('pauses (the call in flight finishes and is paid), resumes, and cancels the rest', async () => {
    useSandbox();
    const { lists } = startWorker({ holding: [2, 4] });
    const requests = [30, 31, 32, 33, 34, 35].map(profile);
    const id = await started(await lists.start(listOf(requests, [0, 1, 2, 3, 4, 5])));
    await inFlightAfterDone(id, 2);
    expect(await lists.control(id, { action: 'pause' })).toMatchObject({ pauseRequested: true });
    await lists.settled(id);
    expect((await lists.state(id, 0))!.summary).toMatchObject({
      status: 'paused',
      counts: { done: 2, queued: 4 },
    });
    expect(START - balance()).toBe(2);

    await lists.control(id, { action: 'resume' });
    await inFlightAfterDone(id, 4);
    await lists.control(id, { action: 'cancel' });
    await lists.settled(id);
    const summary = (await lists.state(id, 0))!.summary;
    expect(summary).toMatchObject({ status: 'cancelled', counts: { done: 4, skipped: 2, queued: 0 } });
    expect(summary.spent).toBe(4);
    expect(START - balance()).toBe(4);
    expect(await ledgerTotal()).toBe(4);
  });

  it('asks a failed row again alone, quoted first, and refreshes answers older than an age', async () => {
    useSandbox();
    const { lists } = startWorker();
    const missing: PeekRequest = {
      endpointId: 'person.profile',
      params: { profile_url: 'https://www.linkedin.com/in/nobody-at-all-0000', ...FRESH },
    };
    const id = await started(await lists.start(listOf([profile(40), missing], [0, 1])));
    await lists.settled(id);
    const first = (await lists.state(id, 0))!;
    const failed = first.requests.find((request) => request.status === 'failed')!;
    expect(failed.error?.kind).toBe('not-found');
    const spent = START - balance();

    const quoted = await lists.retry({ id, which: 'failed', keys: [failed.key], dryRun: true });
    expect(quoted).toMatchObject({ status: 'quoted', count: 1, quote: { min: 1, max: 1 } });
    expect(START - balance()).toBe(spent);
    await lists.retry({ id, which: 'failed', keys: [failed.key], dryRun: false });
    await lists.settled(id);
    const asked = profileCalls().filter((call) => call.query.profile_url?.includes('nobody-at-all'));
    expect(asked).toHaveLength(2);

    // Refreshing answers older than an hour asks nothing; older than 0 ms asks the answered one again.
    expect(await lists.retry({ id, which: 'older', olderThanMs: 3_600_000, dryRun: true })).toMatchObject({
      count: 0,
    });
    expect(await lists.retry({ id, which: 'older', olderThanMs: 0, dryRun: true })).toMatchObject({
      count: 1,
      quote: { min: 1, max: 1 },
    });
    await lists.retry({ id, which: 'older', olderThanMs: 0, dryRun: false });
    await lists.settled(id);
    expect(START - balance()).toBe(spent + 1);
    expect((await lists.state(id, 0))!.summary.spent).toBe(START - balance());
  });

  it('keeps a refused row out of the spend, and is gone once deleted', async () => {
    useSandbox();
    const { lists } = startWorker();
    const bad: PeekRequest = { endpointId: 'email.lookup', params: { email: 'not an address' } };
    const id = await started(await lists.start(listOf([profile(41), bad], [0, 1])));
    await lists.settled(id);
    const state = (await lists.state(id, 0))!;
    expect(state.summary.counts).toMatchObject({ done: 1, refused: 1 });
    expect(state.requests.find((request) => request.status === 'refused')?.error?.kind).toBe('invalid');
    await lists.remove(id);
    expect(await lists.state(id, 0)).toBeNull();
    const db = await openDb();
    expect(await db.count('listRows')).toBe(0);
    expect(await db.count('listRequests')).toBe(0);
  });
});

describe.each([
  { name: 'charges nothing when the client left', chargeOnClientGone: false },
  { name: 'charges a request whose client left', chargeOnClientGone: true },
])('a list whose worker is stopped halfway, on a sandbox that $name', ({ chargeOnClientGone }) => {
  it('finishes in the next worker, no question paid twice, the ledger equal to the charges', async () => {
    useSandbox({ chargeOnClientGone });
    const first = startWorker({ holding: [3] });
    const requests = [50, 51, 52, 53, 54, 55].map(profile);
    const id = await started(await first.lists.start(listOf(requests, [0, 1, 2, 3, 4, 5, 0])));
    await inFlightAfterDone(id, 3);
    first.stop();

    const next = startWorker();
    await next.service.resumePendingJobs();
    expect(await next.lists.resume()).toBe(1);
    await next.lists.settled(id);
    const state = (await next.lists.state(id, 0))!;
    expect(state.summary.status).toBe('done');
    expect(chargesPerQuestion().every((count) => count === 1)).toBe(true);
    expect(charged()).toBe(START - balance());
    expect(await ledgerTotal()).toBe(START - balance());
    expect(state.summary.spent).toBe(START - balance());
    expect(START - balance()).toBe(6);
    if (chargeOnClientGone) {
      expect(state.summary.counts).toMatchObject({ done: 5, interrupted: 1 });
    } else {
      expect(state.summary.counts).toMatchObject({ done: 6 });
      expect(state.summary.rowsDone).toBe(7);
    }
  });
});

describe('a list cancelled while its worker was stopped mid-row', () => {
  it('asks nothing more: the lost row is shown with what it cost, the rest are skipped, none left running', async () => {
    useSandbox();
    const first = startWorker({ holding: [2] });
    const requests = [56, 57, 58, 59, 60].map(profile);
    const id = await started(await first.lists.start(listOf(requests, [0, 1, 2, 3, 4])));
    await inFlightAfterDone(id, 2);
    first.stop();

    // The person pressed Cancel; the message woke the next worker before it resumed anything.
    const next = startWorker();
    const resumed = next.service.resumePendingJobs();
    await next.lists.control(id, { action: 'cancel' });
    await resumed;
    await next.lists.settled(id);
    const summary = (await next.lists.state(id, 0))!.summary;
    expect(summary.status).toBe('cancelled');
    expect(summary.counts).toMatchObject({ done: 1, interrupted: 1, skipped: 3, running: 0, queued: 0 });
    // Once the sandbox has ended the lost call (its client gone: nothing charged), nothing else came.
    const statuses = await until(
      () => profileCalls().map((call) => call.status),
      (asked) => !asked.includes(0),
    );
    expect(statuses).toEqual([200, 499]);
    expect(START - balance()).toBe(1);
  });
});

describe('a running list with no page open (lib/background/work-alarm.ts)', () => {
  /** The browser's alarms as a map by name; `fire` delivers one as the browser would. */
  function fakeAlarms() {
    const set = new Map<string, { periodInMinutes: number }>();
    return {
      set,
      api: {
        get: async (name: string) => set.get(name),
        create: (name: string, info: { periodInMinutes: number }) => {
          set.set(name, info);
        },
        clear: async (name: string) => set.delete(name),
      },
    };
  }

  /** A worker as the background makes it: its lists, and the alarm that wakes it. */
  function workerWithAlarm(alarms: ReturnType<typeof fakeAlarms>['api'], holding: number[] = []) {
    const worker = startWorker({ holding });
    const work = createWorkAlarm({
      alarms,
      resume: async () => {
        await worker.service.resumePendingJobs();
        return worker.lists.resume();
      },
    });
    return { ...worker, work };
  }

  it('sets an alarm when it starts; the alarm wakes a stopped worker that finishes it; then the alarm is cleared', async () => {
    useSandbox();
    const alarms = fakeAlarms();
    const first = workerWithAlarm(alarms.api, [3]);
    const requests = [60, 61, 62, 63, 64, 65].map(profile);
    const id = await started(
      await first.work.keepGoing(first.lists.start(listOf(requests, [0, 1, 2, 3, 4, 5]))),
    );
    expect([...alarms.set.entries()]).toEqual([[WORK_ALARM, { periodInMinutes: 1 }]]);

    // The worker stops halfway; nothing asks for the list (no page is open).
    await inFlightAfterDone(id, 3);
    first.stop();
    const next = workerWithAlarm(alarms.api);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(profileCalls()).toHaveLength(3);

    // The alarm fires: the worker it woke goes on with the list and finishes it.
    next.work.onAlarm({ name: WORK_ALARM });
    // (Read from the database: asking the list's state, as an open page does, would resume it too.)
    await until(
      async () => (await (await openDb()).get('lists', id))!.status,
      (status) => status === 'done',
    );
    expect(START - balance()).toBe(6);
    expect(alarms.set.has(WORK_ALARM)).toBe(true);

    // Its next firing finds nothing running: cleared.
    next.work.onAlarm({ name: 'retention' });
    expect(alarms.set.has(WORK_ALARM)).toBe(true);
    expect(await next.work.resumeWork()).toBe(0);
    expect(alarms.set.has(WORK_ALARM)).toBe(false);
  });

  it('a list started while a waking worker found nothing running keeps its alarm', async () => {
    const alarms = fakeAlarms();
    let release = (_running: number) => {};
    const work = createWorkAlarm({
      alarms: alarms.api,
      resume: () => new Promise<number>((resolve) => (release = resolve)),
    });
    const resuming = work.resumeWork();
    await work.keepGoing(Promise.resolve({ status: 'started' }));
    expect(alarms.set.has(WORK_ALARM)).toBe(true);
    release(0);
    expect(await resuming).toBe(0);
    expect(alarms.set.has(WORK_ALARM)).toBe(true);
  });
});

describe('a list in team mode', () => {
  const HUB = 'https://hub.team.test';
  const TEAM_SETTINGS: Settings = { ...settings, connection: 'team-hub', hubUrl: HUB, hubToken: 'member-b' };

  /**
   * A fake team hub in front of the sandbox: its batch peek says the team has `teamHas` (fresh
   * enough), its CRM holds `inCrm`, its list forbids `listed`; a question the team has is answered
   * from its copy at 0 (X-Hub-Charged), any other is passed to the service with the team's key.
   */
  function fakeHub(teamHas: Map<string, unknown>, inCrm: Set<string>, listed: Set<string>) {
    const peeks: number[] = [];
    const servedFromCopy: string[] = [];
    const fetch = async (request: Request): Promise<Response> => {
      const url = new URL(request.url);
      const json = (body: unknown) => Response.json(body);
      if (url.pathname === '/hub/v1/peek' && request.method === 'POST') {
        const { requests } = (await request.json()) as { requests: { params: { profile_url: string } }[] };
        peeks.push(requests.length);
        return json({
          answers: requests.map(({ params }) => ({
            cached: teamHas.has(params.profile_url),
            free: teamHas.has(params.profile_url),
            age_seconds: teamHas.has(params.profile_url) ? 600 : null,
            fetched_at: null,
            do_not_enrich: listed.has(params.profile_url),
            crm: inCrm.has(params.profile_url) ? 'profile' : null,
            invalid: null,
          })),
        });
      }
      if (url.pathname === '/hub/v1/me')
        return json({ name: 'B', daily_budget: null, spent_today: 0, left_today: null });
      if (url.pathname === '/hub/v1/forgotten') return json({ forgotten: [], last: 0 });
      const asked = url.searchParams.get('profile_url');
      if (asked && teamHas.has(asked)) {
        servedFromCopy.push(asked);
        return new Response(JSON.stringify(teamHas.get(asked)), {
          headers: { 'Content-Type': 'application/json', 'X-Hub-Charged': '0' },
        });
      }
      const headers = new Headers(request.headers);
      headers.set('Authorization', 'Bearer demo');
      return sandbox.app.request(new Request(request, { headers }));
    };
    return { fetch, peeks, servedFromCopy };
  }

  it("quotes what the team has at 0 and marks its CRM's and list's rows; run, it pays what it said", async () => {
    useSandbox();
    // What member A enriched: the team's copy of person 11.
    const copy = await (
      await sandbox.app.request(
        new Request(
          `http://sandbox/api/v2/profile?${new URLSearchParams({ profile_url: dataset.people[11]!.url, ...FRESH })}`,
          {
            headers: { Authorization: 'Bearer demo' },
          },
        ),
      )
    ).json();
    const spentBefore = START - balance();
    const hub = fakeHub(
      new Map([[dataset.people[11]!.url, copy]]),
      new Set([dataset.people[12]!.url]),
      new Set([dataset.people[13]!.url]),
    );
    const service = createService({
      db: openDb,
      settings: async () => TEAM_SETTINGS,
      client: (s, pace) => createClient({ ...s, pace, fetch: hub.fetch }),
      scheduler: createScheduler({ ratePerMinute: 60_000 }),
    });
    stoppers.push(() => service.dispose());
    const lists = createLists({
      db: openDb,
      service,
      ratePerMinute: async () => 60_000,
      newId: () => `id-${Math.random().toString(36).slice(2)}`,
      settlePollMs: 50,
    });

    const all = [10, 11, 12, 13].map(profile);
    const quote = await lists.quote(all);
    expect(quote.rows).toMatchObject([
      { ok: true, quote: { min: 1, max: 1 } },
      { ok: true, quote: { min: 0, max: 0, teamHas: { ageSeconds: 600 } } },
      { ok: true, quote: { min: 1, max: 1 }, teamCrm: 'profile' },
      { ok: false, error: { kind: 'team-do-not-enrich' } },
    ]);
    expect(quote.total).toMatchObject({ min: 2, max: 2 });
    expect(hub.peeks).toEqual([4]);

    // The page leaves the CRM's row out (and the listed one is refused): 1 credit named, 1 paid.
    const plan = [10, 11, 13].map(profile);
    const id = await started(await lists.start(listOf(plan, [0, 1, 2, { reason: "In your team's CRM" }])));
    await lists.settled(id);
    const { summary } = (await lists.state(id, 0)) as ListState;
    expect(summary.quote).toMatchObject({ min: 1, max: 1 });
    expect(summary).toMatchObject({ status: 'done', spent: 1, counts: { done: 2, refused: 1 } });
    expect(hub.servedFromCopy).toEqual([dataset.people[11]!.url]);
    // Peeked at the dry run, at the start, and for the team's row as it left (its price then).
    expect(hub.peeks).toEqual([4, 3, 1]);
    // The service was asked once (person 10): the team's row at 0, the CRM's and the listed row never.
    expect(profileCalls().map((call) => call.query.profile_url)).toEqual([
      dataset.people[11]!.url,
      dataset.people[10]!.url,
    ]);
    expect(START - balance() - spentBefore).toBe(1);
    expect(await ledgerTotal()).toBe(1);
  });
});
