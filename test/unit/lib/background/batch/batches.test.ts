// @vitest-environment node
/**
 * "Found on this page" batches in the background (lib/background/batch/batches.ts) over the real service and the real
 * sandbox app (no socket), on a fake IndexedDB: a batch spends its quote, Cancel stops before the
 * next item and pays for the one in flight, and a batch whose worker is stopped mid-item completes
 * in the next worker paying once, under both behaviours of the sandbox for a client that left.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, RETRY_AFTER_MAX_SECONDS, userMessage } from '../../../../../lib/api/errors';
import { createClient } from '../../../../../lib/background/api/client';
import { createBatches } from '../../../../../lib/background/batch/batches';
import { closeDbForTests, openDb } from '../../../../../lib/background/db';
import { createScheduler } from '../../../../../lib/background/scheduler';
import { createService } from '../../../../../lib/background/service';
import { answerLine, sumQuotes } from '../../../../../lib/job-summary';
import type { BatchItemInput, BatchView } from '../../../../../lib/protocol';
import { DEFAULT_SETTINGS, type Settings } from '../../../../../lib/settings';
import type { Sandbox } from '../../../../../sandbox/app';
import { parseKeyFaults } from '../../../../../sandbox/faults';
import {
  HELD_MS,
  jobWorker,
  PROFILE_PATH,
  unitDataset,
  unitSandbox,
  until,
} from '../../../../support/sandbox-service';

const dataset = unitDataset();
const START = 1000;
/** How long after a lost call left it is settled from the balance: after a held call's wait (HELD_MS). */
const SETTLE_MS = 2 * HELD_MS;

let sandbox: Sandbox;
const settings: Settings = {
  ...DEFAULT_SETTINGS,
  apiKey: 'demo',
  baseUrlV2: 'https://sandbox.test',
  baseUrlV3: 'https://sandbox.test',
  onboarded: true,
};
const stoppers: (() => void)[] = [];

/**
 * A worker: the service and the batches over the shared IndexedDB; `stop()` ends it as MV3 does.
 * Its scheduler paces at `ratePerMinute` (fast by default, so tests do not wait on the real 300);
 * `holding`: the profile calls the sandbox holds (holdCalls), the items then asked one at a time.
 */
function startWorker({ ratePerMinute, holding }: { ratePerMinute?: number; holding?: number[] } = {}) {
  const { service, stop, runnerDeps } = jobWorker(
    sandbox,
    { settleAfterMs: SETTLE_MS, ratePerMinute, holding },
    settings,
  );
  const batches = createBatches(runnerDeps);
  stoppers.push(() => service.dispose());
  return { service, batches, stop };
}

const balance = () => sandbox.state.accounts.get('demo')!.balance;
/** The profile requests that reached the sandbox, as [status, charged] (status 0: still working). */
const profileCalls = () =>
  sandbox.state.requests
    .list()
    .filter((r) => r.path === PROFILE_PATH)
    .map((r) => [r.status, r.charged] as const);
/**
 * Waits until the batch's item at `index` is at the service and every item before it is answered
 * and written: read from the sandbox and the database rather than guessed from timing.
 */
const inFlightAt = (batchId: string, index: number) =>
  until(
    async () => ({
      calls: profileCalls(),
      items: (await (await openDb()).get('batches', batchId))?.items ?? [],
    }),
    ({ calls, items }) =>
      calls.length === index + 1 &&
      calls[index]![0] === 0 &&
      items.slice(0, index).every((item) => item.status === 'done'),
  );
/** How many times the service charged each person asked. */
const chargesPerProfile = () => {
  const counts = new Map<string, number>();
  for (const r of sandbox.state.requests.list())
    if (r.path === PROFILE_PATH && r.charged > 0) {
      const question = new URLSearchParams(r.query).toString();
      counts.set(question, (counts.get(question) ?? 0) + 1);
    }
  return [...counts.values()];
};
const charged = () => sandbox.state.requests.list().reduce((sum, r) => sum + r.charged, 0);
const ledgerTotal = async () =>
  (await (await openDb()).getAll('ledger')).reduce((sum, line) => sum + (line.credits ?? 0), 0);

/** Five people of the dataset as rows of a page. */
const FIVE: BatchItemInput[] = dataset.people.slice(10, 15).map((person) => ({
  key: `person:${person.url}`,
  label: person.url,
  endpointId: 'person.profile',
  params: { profile_url: person.url },
}));

/** Starts a batch of FIVE from a tab of example.com, as "Found on this page" does; its id. */
async function startFive(batches: ReturnType<typeof startWorker>['batches'], tabId: number): Promise<string> {
  const started = await batches.start({
    startId: crypto.randomUUID(),
    tabId,
    pageUrl: 'https://example.com/',
    items: FIVE,
  });
  return started.status === 'started' ? started.batch.id : '';
}

function useSandbox(options: { chargeOnClientGone?: boolean; latencyMs?: number } = {}) {
  sandbox = unitSandbox({
    keys: [{ key: 'demo', credits: START, plan: 'standard', chargeOnClientGone: options.chargeOnClientGone }],
    keyFaults: options.latencyMs ? parseKeyFaults(`demo=latency=${options.latencyMs}`) : undefined,
  });
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  for (const stop of stoppers.splice(0)) stop();
  await closeDbForTests();
});

describe('a batch from "Found on this page"', () => {
  it('peeks at every row at once, and a batch of five spends exactly its quote', async () => {
    useSandbox();
    const { batches, service } = startWorker();
    const peek = await batches.peek(FIVE);
    expect(peek.rows.every((row) => row.ok && row.cached === null)).toBe(true);
    expect(peek.total).toMatchObject({ min: 10, max: 10 });

    const started = await batches.start({
      startId: crypto.randomUUID(),
      tabId: 7,
      pageUrl: 'https://example.com/team',
      items: FIVE,
    });
    expect(started.status).toBe('started');
    const id = started.status === 'started' ? started.batch.id : '';
    await batches.settled(id);
    const done = (await batches.get(7))!;
    expect(done).toMatchObject({ status: 'done', asked: 5, spent: 10, quote: { min: 10, max: 10 } });
    expect(done.items.every((item) => item.status === 'done' && item.credits === 2 && item.answer)).toBe(
      true,
    );
    // The balance before and after, the sandbox's charges and the ledger all say 10.
    expect(START - balance()).toBe(10);
    expect(charged()).toBe(10);
    expect(await ledgerTotal()).toBe(10);
    expect((await service.account()).today).toBe(10);

    // Now cached: peeking again quotes nothing, and each row reads as who it is.
    const again = await batches.peek(FIVE);
    expect(again.total).toMatchObject({ min: 0, max: 0 });
    expect(again.rows[0]).toMatchObject({ ok: true, cached: { answer: { title: expect.any(String) } } });
  });

  it('asks before a batch that may pass the daily budget, and runs it once confirmed', async () => {
    useSandbox();
    settings.dailyBudget = 6;
    try {
      const { batches } = startWorker();
      const request = {
        startId: crypto.randomUUID(),
        tabId: 8,
        pageUrl: 'https://example.com/',
        items: FIVE,
      };
      expect(await batches.start(request)).toMatchObject({
        status: 'needs-confirmation',
        quote: { min: 10, max: 10 },
        remaining: 6,
      });
      expect(profileCalls()).toHaveLength(0);
      const started = await batches.start({ ...request, confirmed: true });
      await batches.settled(started.status === 'started' ? started.batch.id : '');
      expect(START - balance()).toBe(10);
    } finally {
      settings.dailyBudget = DEFAULT_SETTINGS.dailyBudget;
    }
  });

  it('a start asked again (its worker stopped before answering) finds the batch it began, paid once', async () => {
    useSandbox();
    const first = startWorker();
    const request = { startId: crypto.randomUUID(), tabId: 10, pageUrl: 'https://example.com/', items: FIVE };
    const started = await first.batches.start(request);
    expect(started.status).toBe('started');
    // The page asks again with the same click's id, from a new worker.
    first.stop();
    const next = startWorker();
    const again = await next.batches.start(request);
    expect(again).toMatchObject({ status: 'started', batch: { id: request.startId } });
    await next.batches.settled(request.startId);
    expect(await (await openDb()).count('batches')).toBe(1);
    expect((await next.batches.get(10))!.status).toBe('done');
    expect(chargesPerProfile().every((times) => times === 1)).toBe(true);
    expect(START - balance()).toBe(10);
  });

  it('cancels before the next item: the one in flight finishes and is paid, the rest are not asked', async () => {
    useSandbox();
    const { batches } = startWorker({ holding: [2] });
    const id = await startFive(batches, 9);
    // The second item has reached the service: cancel now.
    await inFlightAt(id, 1);
    const cancelling = await batches.cancel(id);
    expect(cancelling).toMatchObject({ cancelRequested: true });
    await batches.settled(id);
    const view = (await batches.get(9))!;
    expect(view.status).toBe('cancelled');
    expect(view.items.map((item) => item.status)).toEqual([
      'done',
      'done',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(view.spent).toBe(4);
    expect(profileCalls()).toEqual([
      [200, 2],
      [200, 2],
    ]);
    expect(START - balance()).toBe(4);
    expect(await ledgerTotal()).toBe(4);
  });
});

describe('batches at volume', () => {
  it('stops, saying so, when the service asks to wait past an hour: no row waits on it, nothing more is sent', async () => {
    useSandbox();
    const asked = 'Fri, 31 Dec 9999 23:59:59 GMT';
    let profileRequests = 0;
    // A hostile server: the first profile request is refused with a Retry-After in the year 9999.
    const fetch = async (request: Request) => {
      if (new URL(request.url).pathname === PROFILE_PATH && ++profileRequests === 1)
        return new Response(
          JSON.stringify({ code: 429, name: 'Too Many Requests', description: 'Slow down' }),
          {
            status: 429,
            headers: { 'Retry-After': asked },
          },
        );
      return sandbox.app.request(request);
    };
    const scheduler = createScheduler({ ratePerMinute: 60 });
    const service = createService({
      db: openDb,
      settings: async () => settings,
      client: (s, pace) => createClient({ ...s, pace, fetch }),
      scheduler,
    });
    stoppers.push(() => service.dispose());
    const batches = createBatches({
      db: openDb,
      service,
      newId: () => `id-${Math.random()}`,
      settlePollMs: 50,
    });
    const id = await startFive(batches, 9);
    const stopped = await until(
      () => batches.get(9),
      (batch) => batch?.status === 'stopped',
      5_000,
    );
    expect(stopped!.stopReason).toMatchObject({
      kind: 'rate-limited',
      retryAfterSeconds: RETRY_AFTER_MAX_SECONDS,
      waitUntil: Date.parse(asked),
    });
    expect(userMessage(ApiError.fromJSON(stopped!.stopReason)).title).toBe(
      `The service asked to wait until ${new Date(Date.parse(asked)).toLocaleString()}`,
    );
    // One request left; the rows waiting for their turn were told at once, not held for the hour.
    expect(profileRequests).toBe(1);
    expect(stopped!.items.map((item) => item.status)).toEqual(FIVE.map(() => 'cancelled'));
    expect(START - balance()).toBe(0);
    await batches.settled(id);
    // The account says it too, while the key is paused.
    expect((await service.account()).askedToWaitUntil).toBe(Date.parse(asked));
    expect(scheduler.state('demo')).toMatchObject({ waiting: 0 });
  });

  it('asks several rows at once', async () => {
    useSandbox({ latencyMs: 100 });
    const { batches } = startWorker();
    const TEN: BatchItemInput[] = dataset.people.slice(20, 30).map((person) => ({
      key: `person:${person.url}`,
      label: person.url,
      endpointId: 'person.profile',
      params: { profile_url: person.url },
    }));
    const started = await batches.start({
      startId: crypto.randomUUID(),
      tabId: 11,
      pageUrl: 'https://example.com/',
      items: TEN,
    });
    let most = 0;
    const watching = setInterval(() => {
      most = Math.max(most, profileCalls().filter(([status]) => status === 0).length);
    }, 5);
    await batches.settled(started.status === 'started' ? started.batch.id : '');
    clearInterval(watching);
    // Seen at the service together (each is there 100 ms): not one at a time. (Not a wall-time
    // bound, which a loaded machine passes or fails by chance.)
    expect(most).toBeGreaterThan(1);
    expect(START - balance()).toBe(20);
    expect(await ledgerTotal()).toBe(20);
  });

  it('two batches in two tabs that each fit what is left spend no more than the budget between them', async () => {
    useSandbox({ latencyMs: 20 });
    settings.dailyBudget = 6;
    try {
      const { batches } = startWorker({ ratePerMinute: 1_200 });
      const rows = (from: number) =>
        dataset.people.slice(from, from + 3).map(
          (person): BatchItemInput => ({
            key: `person:${person.url}`,
            label: person.url,
            endpointId: 'person.profile',
            params: { profile_url: person.url },
          }),
        );
      const [a, b] = await Promise.all([
        batches.start({
          startId: crypto.randomUUID(),
          tabId: 21,
          pageUrl: 'https://example.com/a',
          items: rows(40),
        }),
        batches.start({
          startId: crypto.randomUUID(),
          tabId: 22,
          pageUrl: 'https://example.com/b',
          items: rows(50),
        }),
      ]);
      expect([a.status, b.status]).toEqual(['started', 'started']);
      await Promise.all(
        [a, b].map((started) => batches.settled(started.status === 'started' ? started.batch.id : '')),
      );
      const views = [(await batches.get(21))!, (await batches.get(22))!];
      expect(START - balance()).toBeLessThanOrEqual(6);
      expect(await ledgerTotal()).toBe(START - balance());
      expect(views.map((view) => view.status).sort()).toContain('stopped');
      const stopped = views.find((view) => view.status === 'stopped')!;
      expect(stopped.stopReason).toMatchObject({ kind: 'budget' });
      expect(stopped.items.some((item) => item.status === 'cancelled')).toBe(true);
    } finally {
      settings.dailyBudget = DEFAULT_SETTINGS.dailyBudget;
    }
  });
});

describe.each([
  { name: 'charges nothing when the client left', chargeOnClientGone: false },
  { name: 'charges a request whose client left (chargeOnClientGone)', chargeOnClientGone: true },
])('a batch whose worker is stopped mid-item, on a sandbox that $name', ({ chargeOnClientGone }) => {
  it('completes in the next worker, paying once, and the ledger matches the balance', async () => {
    useSandbox({ chargeOnClientGone });
    const first = startWorker({ holding: [3] });
    const id = await startFive(first.batches, 11);
    // The third item is at the service when the worker stops.
    await inFlightAt(id, 2);
    first.stop();

    const next = startWorker();
    await next.service.resumePendingJobs();
    expect(await next.batches.resume()).toBe(1);
    await next.batches.settled(id);
    const view = (await next.batches.get(11)) as BatchView;
    expect(view.status).toBe('done');

    if (chargeOnClientGone) {
      // Charged though its answer was lost: shown with what it cost; asking again is a new action.
      expect(view.items.map((item) => item.status)).toEqual(['done', 'done', 'interrupted', 'done', 'done']);
      expect(view.items[2]!.interrupted).toMatchObject({
        credits: 2,
        range: { min: 2, max: 2 },
        settled: true,
        quote: { min: 2, max: 2 },
      });
      expect(profileCalls().map(([status]) => status)).toEqual([200, 200, 499, 200, 200]);
    } else {
      // Certainly not charged: sent again with its own request id, once.
      expect(view.items.every((item) => item.status === 'done')).toBe(true);
      expect(profileCalls()).toEqual([
        [200, 2],
        [200, 2],
        [499, 0],
        [200, 2],
        [200, 2],
        [200, 2],
      ]);
    }
    // Five people, each paid once: the balance before and after, the ledger and the batch agree.
    expect(START - balance()).toBe(10);
    expect(await ledgerTotal()).toBe(10);
    expect(view.spent).toBe(10);
  });
});

describe('a batch cancelled while its worker was stopped mid-item', () => {
  it('asks nothing more: the lost item is shown with what it cost, the rest cost nothing', async () => {
    useSandbox();
    const first = startWorker({ holding: [2] });
    const id = await startFive(first.batches, 12);
    await inFlightAt(id, 1);
    first.stop();

    // The person pressed Cancel; the message woke the next worker before it resumed anything.
    const next = startWorker();
    const resumed = next.service.resumePendingJobs();
    await next.batches.cancel(id);
    await resumed;
    await next.batches.settled(id);
    const view = (await next.batches.get(12)) as BatchView;
    expect(view.status).toBe('cancelled');
    expect(view.items.map((item) => item.status)).toEqual([
      'done',
      'interrupted',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(view.items[1]!.interrupted).toMatchObject({ reason: 'worker', quote: { min: 2, max: 2 } });
    // Cancelled: the lost item is not sent again even once it is known not to have been charged.
    const lost = (await (await openDb()).get('batches', id))!.items[1]!.requestId;
    await until(
      () => next.service.requestState(lost),
      (state) => state.state === 'interrupted' && state.interrupted.settled,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(profileCalls()).toEqual([
      [200, 2],
      [499, 0],
    ]);
    expect(START - balance()).toBe(2);
    expect(await ledgerTotal()).toBe(2);
  });
});

describe('the pure helpers the panel shares', () => {
  it('adds quotes up, leaving the top open for an unpublished cost', () => {
    expect(sumQuotes([])).toMatchObject({ min: 0, max: 0 });
    expect(
      sumQuotes([
        { min: 2, max: 2 },
        { min: 1, max: 3 },
      ]),
    ).toMatchObject({ min: 3, max: 5 });
    expect(
      sumQuotes([
        { min: 2, max: 2 },
        { min: null, max: null },
      ]),
    ).toMatchObject({ min: 2, max: null });
    expect(sumQuotes([{ min: null, max: null }])).toMatchObject({ min: null, max: null });
    expect(
      sumQuotes([
        { min: 3, max: null },
        { min: 1, max: 1 },
      ]),
    ).toMatchObject({ min: 4, max: null });
  });

  it('reads an answer as one line, and says when a lookup found nothing', () => {
    expect(answerLine('person.profile', { full_name: 'Ada Lovelace', headline: 'Analyst' })).toEqual({
      title: 'Ada Lovelace',
      detail: 'Analyst',
    });
    expect(answerLine('company.profile', { name: 'Acme', industry: 42 })).toEqual({ title: 'Acme' });
    expect(answerLine('email.lookup', null)).toEqual({ title: 'No match found' });
    expect(
      answerLine('company.lookup', { url: 'https://www.linkedin.com/company/acme', profile: null }),
    ).toEqual({
      title: 'https://www.linkedin.com/company/acme',
    });
    expect(answerLine('company.logo', [])).toEqual({ title: 'No logo found' });
  });
});
