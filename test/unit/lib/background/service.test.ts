// @vitest-environment node
/**
 * The background's service against the real sandbox app (no socket) and a fake IndexedDB: cache
 * first, charges recorded once, identical calls merged, budget confirmations (calls left in flight
 * by a dead worker are in service.interrupted.test.ts).
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../../lib/background/api/client';
import { clearCache } from '../../../../lib/background/cache';
import { closeDbForTests, openDb } from '../../../../lib/background/db';
import { createScheduler } from '../../../../lib/background/scheduler';
import { createService } from '../../../../lib/background/service';
import type { RunRequest } from '../../../../lib/protocol';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings';
import type { Sandbox } from '../../../../sandbox/app';
import { parseKeyFaults } from '../../../../sandbox/faults';
import { parseKeys } from '../../../../sandbox/keys';
import { sandboxService, unitDataset, unitSandbox, until } from '../../../support/sandbox-service';

const BASE = 'https://sandbox.test';
const dataset = unitDataset();
const personUrl = dataset.people[3]!.url;

let sandbox: Sandbox;
let settings: Settings;
let service: ReturnType<typeof createService>;

function makeService(overrides: Partial<Settings> = {}) {
  settings = {
    ...DEFAULT_SETTINGS,
    apiKey: 'demo',
    baseUrlV2: BASE,
    baseUrlV3: BASE,
    onboarded: true,
    ...overrides,
  };
  return sandboxService(sandbox, settings);
}

const balance = () => sandbox.state.accounts.get('demo')!.balance;
const requests = () => sandbox.state.requests.list().filter((r) => r.path.startsWith('/api/v2/profile'));

function profileRun(requestId: string, policy: RunRequest['policy'] = 'cache-first', extra = {}): RunRequest {
  return { requestId, endpointId: 'person.profile', params: { profile_url: personUrl, ...extra }, policy };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  sandbox = unitSandbox({ keys: parseKeys('demo=1000:standard') });
  service = makeService();
});
afterEach(closeDbForTests);

describe('running an endpoint', () => {
  it('pays once, then serves the same question from the cache at 0 credits', async () => {
    const first = await service.run(profileRun('req-00000001'));
    expect(first).toMatchObject({ status: 'answer', cached: false, credits: 2 });
    expect(balance()).toBe(998);

    const again = await service.run(profileRun('req-00000002', 'cache-first', { use_cache: 'if-present' }));
    expect(again).toMatchObject({ status: 'answer', cached: true, credits: 0 });
    expect(requests()).toHaveLength(1);

    const account = await service.account();
    expect(account.today).toBe(2);
    expect(account.recent.map((r) => [r.credits, r.cached])).toEqual([
      [0, true],
      [2, false],
    ]);
    expect(account.balance).toBe(998);
  });

  it('peeks at the cache without spending or recording anything', async () => {
    expect(await service.run(profileRun('req-00000003', 'cache-only'))).toEqual({ status: 'not-cached' });
    expect(requests()).toHaveLength(0);
    expect((await service.account()).recent).toEqual([]);
  });

  it('refreshes only when asked, and charges for it', async () => {
    await service.run(profileRun('req-00000004'));
    const refreshed = await service.run(profileRun('req-00000005', 'refresh'));
    expect(refreshed).toMatchObject({ status: 'answer', cached: false, credits: 2 });
    expect(requests()).toHaveLength(2);
    expect(balance()).toBe(996);
  });

  it('merges identical calls in flight into one request', async () => {
    const [a, b] = await Promise.all([
      service.run(profileRun('req-00000006')),
      service.run(profileRun('req-00000007')),
    ]);
    expect(a).toMatchObject({ status: 'answer' });
    expect(b).toMatchObject({ status: 'answer' });
    expect(requests()).toHaveLength(1);
    expect(balance()).toBe(998);
  });

  it('answers a retry of a finished request from its record, never paying again', async () => {
    await service.run(profileRun('req-00000008', 'refresh'));
    const retry = await service.run(profileRun('req-00000008', 'refresh'));
    expect(retry).toMatchObject({ status: 'answer', credits: 2 });
    expect(requests()).toHaveLength(1);
    expect((await service.account()).today).toBe(2);
  });

  it('refuses bad params before any request', async () => {
    const result = await service.run({
      ...profileRun('req-00000009'),
      params: { profile_url: personUrl, extra: 'maybe' },
    });
    expect(result).toMatchObject({ status: 'error', error: { kind: 'invalid' } });
    expect(sandbox.state.requests.list()).toHaveLength(0);
  });

  it('says so when no key is set, before any request', async () => {
    service = makeService({ apiKey: '' });
    expect(await service.run(profileRun('req-00000010'))).toMatchObject({
      status: 'error',
      error: { kind: 'auth' },
    });
    expect(sandbox.state.requests.list()).toHaveLength(0);
  });
});

describe('the daily budget', () => {
  it('asks before an action that may cost more than what is left, and spends once confirmed', async () => {
    service = makeService({ dailyBudget: 1 });
    const asked = await service.run(profileRun('req-00000011'));
    expect(asked).toMatchObject({ status: 'needs-confirmation', remaining: 1, quote: { min: 2, max: 2 } });
    expect(requests()).toHaveLength(0);

    const confirmed = await service.run({ ...profileRun('req-00000011'), confirmed: true });
    expect(confirmed).toMatchObject({ status: 'answer', credits: 2 });
    expect(balance()).toBe(998);
  });
});

describe('peeking at many requests at once', () => {
  it('quotes each, says which are cached, and spends and records nothing', async () => {
    await service.run(profileRun('req-00000060'));
    const before = requests().length;
    const peek = await service.peekMany([
      { endpointId: 'person.profile', params: { profile_url: personUrl } },
      { endpointId: 'person.profile', params: { profile_url: dataset.people[5]!.url } },
      { endpointId: 'person.profile', params: { profile_url: personUrl, extra: 'maybe' } },
    ]);
    expect(peek.rows[0]).toMatchObject({ ok: true, quote: { min: 2, max: 2 }, cached: { stale: false } });
    expect(peek.rows[1]).toMatchObject({ ok: true, cached: null });
    expect(peek.rows[2]).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(peek.remainingToday).toBe(198);
    expect(requests()).toHaveLength(before);
    expect((await service.account()).recent).toHaveLength(1);
  });
});

describe('testing a connection', () => {
  it('reads the balance for free, and names a refused key', async () => {
    expect(await service.testConnection({})).toEqual({ ok: true, balance: 1000 });
    expect(await service.testConnection({ apiKey: 'nope' })).toMatchObject({
      ok: false,
      error: { kind: 'auth' },
    });
    expect(balance()).toBe(1000);
  });
});

/**
 * The engine's guarantees under concurrency and failure (issue #13): each test reproduces a way
 * the person could pay without knowing it, and shows it no longer happens.
 */
describe('a budget that holds when several things spend at once', () => {
  it('lets only one of two 2-credit lookups started together under a budget of 3 leave unasked', async () => {
    sandbox = unitSandbox({
      keys: parseKeys('demo=1000:standard'),
      keyFaults: parseKeyFaults('demo=latency=30'),
    });
    service = makeService({ dailyBudget: 3 });
    const [a, b] = await Promise.all([
      service.run(profileRun('req-00000101', 'refresh')),
      service.run({
        ...profileRun('req-00000102', 'refresh'),
        params: { profile_url: dataset.people[6]!.url },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual(['answer', 'needs-confirmation']);
    expect(requests()).toHaveLength(1);
    expect(balance()).toBe(998);
  });

  it('counts a call whose price is not published at its estimate, then at what the balance says', async () => {
    service = makeService({ dailyBudget: 100 });
    const v3 = await service.run({
      requestId: 'req-00000103',
      endpointId: 'person.v3',
      params: { profile: personUrl },
      policy: 'refresh',
    });
    expect(v3).toMatchObject({ status: 'answer', credits: null });
    const charged = 1000 - balance();
    expect(charged).toBeGreaterThan(0);
    const account = await until(
      () => service.account(),
      (found) => found.recent[0]?.credits === charged,
    );
    expect(account.today).toBe(charged);
  });

  it('refuses auto-enrich without a daily budget, before any request', async () => {
    service = makeService({ dailyBudget: null });
    const result = await service.run({ ...profileRun('req-00000104'), automatic: true });
    expect(result).toMatchObject({ status: 'error', error: { kind: 'invalid' } });
    expect(sandbox.state.requests.list()).toHaveLength(0);
  });
});

describe('calls in flight merged only into one at least as fresh', () => {
  beforeEach(() => {
    sandbox = unitSandbox({
      keys: parseKeys('demo=1000:standard'),
      keyFaults: parseKeyFaults('demo=latency=30'),
    });
    service = makeService();
  });

  it('a "live now" refresh asked during an "any age" call is its own call, at its own price', async () => {
    const [anyAge, live] = await Promise.all([
      service.run(profileRun('req-00000120', 'refresh', { use_cache: 'if-present', live_fetch: 'default' })),
      service.run(profileRun('req-00000121', 'refresh', { use_cache: 'if-present', live_fetch: 'force' })),
    ]);
    expect(requests()).toHaveLength(2);
    expect(anyAge).toMatchObject({ status: 'answer', credits: 1 });
    expect(live).toMatchObject({ status: 'answer', credits: 10 });
    expect(balance()).toBe(989);
  });

  it('an "any age" request joins a "live now" call in flight, and is shown 0 credits', async () => {
    const [live, anyAge] = await Promise.all([
      service.run(profileRun('req-00000122', 'refresh', { use_cache: 'if-present', live_fetch: 'force' })),
      service.run(profileRun('req-00000123', 'refresh', { use_cache: 'if-present', live_fetch: 'default' })),
    ]);
    expect(requests()).toHaveLength(1);
    expect(live).toMatchObject({ status: 'answer', credits: 10 });
    expect(anyAge).toMatchObject({ status: 'answer', credits: 0 });
  });
});

describe('refused before anything is sent or journaled', () => {
  it('a base URL with a user name and password', async () => {
    service = makeService({
      baseUrlV2: 'https://user:secret@sandbox.test',
      baseUrlV3: 'https://user:secret@sandbox.test',
    });
    const result = await service.run(profileRun('req-00000130', 'refresh'));
    expect(result).toMatchObject({ status: 'error', error: { kind: 'invalid' } });
    expect(sandbox.state.requests.list()).toHaveLength(0);
    expect(await (await openDb()).getAll('jobs')).toEqual([]);
    expect(await (await openDb()).getAll('ledger')).toEqual([]);
  });

  it('plain http to a host that is not this computer', async () => {
    service = makeService({ baseUrlV2: 'http://api.example.com', baseUrlV3: 'http://api.example.com' });
    const result = await service.run(profileRun('req-00000131', 'refresh'));
    expect(result).toMatchObject({ status: 'error', error: { kind: 'invalid' } });
    expect(await (await openDb()).getAll('jobs')).toEqual([]);
  });
});

describe('a finished request whose answer is no longer kept', () => {
  const email = {
    requestId: 'req-00000150',
    endpointId: 'email.lookup',
    params: { email: dataset.people[3]!.emails[0]! },
    policy: 'cache-first',
  } as const;

  it.each([
    ['the cache was cleared', (db: Awaited<ReturnType<typeof openDb>>) => clearCache(db)],
    ['its entry was evicted', (db: Awaited<ReturnType<typeof openDb>>) => db.clear('cache')],
  ])(
    'is never sent again under its id when %s: it says the answer is gone and what it cost',
    async (_why, drop) => {
      const first = await service.run(email);
      expect(first).toMatchObject({ status: 'answer', cached: false });
      const paid = first.status === 'answer' ? first.credits : null;
      const sent = sandbox.state.requests.list().length;
      const spent = balance();
      const { min, max } = await service.quote(email.endpointId, email.params);
      await drop(await openDb());

      // The panel reopens on the context menu's lookup, and a retry of the same id: neither sends it.
      for (const again of [{ ...email, replay: true }, email, { ...email, policy: 'refresh' as const }]) {
        const result = await service.run(again);
        expect(result).toMatchObject({ status: 'answer-gone', credits: paid, quote: { min, max } });
      }
      expect(sandbox.state.requests.list()).toHaveLength(sent);
      expect(balance()).toBe(spent);
      expect((await service.account()).today).toBe(paid);
    },
  );
});

describe('a lookup that failed, shown again', () => {
  it('is reported, not sent again, until the person presses Retry', async () => {
    sandbox = unitSandbox({ keys: parseKeys('demo=1000:standard'), keyFaults: parseKeyFaults('demo=500') });
    service = makeService();
    const email = {
      requestId: 'req-00000140',
      endpointId: 'email.lookup',
      params: { email: 'ada@example.com' },
      policy: 'cache-first',
    } as const;
    expect(await service.run(email)).toMatchObject({ status: 'error', error: { kind: 'server' } });
    const sent = sandbox.state.requests.list().length;
    // The panel opens on it: told it failed, nothing sent.
    expect(await service.run({ ...email, replay: true })).toMatchObject({
      status: 'error',
      error: { kind: 'server' },
    });
    expect(sandbox.state.requests.list()).toHaveLength(sent);
    // Retry: sent again.
    await service.run(email);
    expect(sandbox.state.requests.list().length).toBeGreaterThan(sent);
  });
});

describe('balance reads are checkpoints', () => {
  it('a run of 30 paid calls reads the balance at most twice', async () => {
    service = makeService();
    for (let index = 0; index < 30; index++) {
      await service.run({
        requestId: `req-0000015${index}`,
        endpointId: 'person.profile',
        params: { profile_url: dataset.people[20 + index]!.url },
        policy: 'refresh',
      });
    }
    const reads = sandbox.state.requests.list().filter((r) => r.path === '/api/v2/credit-balance').length;
    expect(reads).toBeLessThanOrEqual(2);
    expect((await service.account()).balance).toBe(balance());
  });
});

describe('bounded storage', () => {
  function withClient(config: { maxAnswerBytes?: number; fetch?: (request: Request) => Promise<Response> }) {
    return createService({
      db: openDb,
      settings: async () => settings,
      client: (s, pace) =>
        createClient({
          ...s,
          pace,
          fetch: config.fetch ?? ((request: Request) => Promise.resolve(sandbox.app.request(request))),
          ...(config.maxAnswerBytes ? { maxAnswerBytes: config.maxAnswerBytes } : {}),
        }),
      scheduler: createScheduler({ ratePerMinute: 60_000 }),
    });
  }

  it('refuses an answer over the size limit as it arrives: nothing half-written, its charge read from the balance', async () => {
    const small = withClient({ maxAnswerBytes: 500 });
    const result = await small.run(profileRun('req-00000160', 'refresh'));
    expect(result).toMatchObject({ status: 'interrupted', interrupted: { error: { kind: 'too-large' } } });
    const db = await openDb();
    expect(await db.getAll('cache')).toEqual([]);
    const lines = await db.getAll('ledger');
    expect(lines).toEqual([expect.objectContaining({ interrupted: true, requestId: 'req-00000160' })]);
    // The service charged the answer it produced; the ledger reads it from the balance.
    await until(
      async () => (await small.account()).recent[0],
      (line) => line?.credits === 1000 - balance(),
    );
    small.dispose();
  });

  it('refuses an answer that announces more than the limit, before reading it', async () => {
    let read = false;
    const announced = withClient({
      fetch: async (request) => {
        if (!request.url.includes('/api/v2/profile')) return sandbox.app.request(request);
        const body = new ReadableStream(
          {
            pull() {
              read = true;
            },
          },
          { highWaterMark: 0 },
        );
        return new Response(body, { status: 200, headers: { 'Content-Length': String(100_000_000) } });
      },
    });
    const result = await announced.run(profileRun('req-00000161', 'refresh'));
    expect(result).toMatchObject({ status: 'interrupted', interrupted: { error: { kind: 'too-large' } } });
    expect(read).toBe(false);
    announced.dispose();
  });

  it('with the browser storage full, records the charge and still shows the answer', async () => {
    const store = globalThis.IDBObjectStore.prototype as unknown as { put: (...args: unknown[]) => unknown };
    const put = store.put;
    store.put = function (this: { name: string }, ...args: unknown[]) {
      if (this.name === 'cache') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
    try {
      const result = await service.run(profileRun('req-00000162', 'refresh'));
      expect(result).toMatchObject({ status: 'answer', credits: 2, notKept: 'storage-full' });
    } finally {
      store.put = put;
    }
    const db = await openDb();
    expect(await db.getAll('cache')).toEqual([]);
    expect((await db.getAll('ledger')).map((line) => line.credits)).toEqual([2]);
    expect(await db.get('jobs', 'req-00000162')).toMatchObject({ status: 'done', credits: 2 });
    expect(balance()).toBe(998);
    // Asked again under its id (a retry, a page reopening on it): never sent again.
    const sent = requests().length;
    expect(await service.run(profileRun('req-00000162', 'refresh'))).toMatchObject({
      status: 'answer-gone',
      credits: 2,
    });
    expect(requests()).toHaveLength(sent);
    expect(balance()).toBe(998);
  });
});
