// @vitest-environment node
/**
 * The background's service against the real sandbox app (no socket) and a fake IndexedDB: cache
 * first, charges recorded once, identical calls merged, budget confirmations, and calls left in
 * flight by a dead worker finished without paying twice.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../lib/api/client';
import { closeDbForTests, openDb } from '../../lib/db';
import { createService, type RunRequest } from '../../lib/service';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings';
import { createSandbox, DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { parseKeys } from '../../sandbox/keys';

const BASE = 'http://sandbox.test';
const { dataset } = datasetForSeed(DEFAULT_SEED);
const personUrl = dataset.people[3]!.url;

let sandbox: ReturnType<typeof createSandbox>;
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
  return createService({
    db: openDb,
    settings: async () => settings,
    client: (s) =>
      createClient({ ...s, fetch: (request: Request) => Promise.resolve(sandbox.app.request(request)) }),
  });
}

const balance = () => sandbox.state.accounts.get('demo')!.balance;
const requests = () => sandbox.state.requests.list().filter((r) => r.path.startsWith('/api/v2/profile'));

function profileRun(requestId: string, policy: RunRequest['policy'] = 'cache-first', extra = {}): RunRequest {
  return { requestId, endpointId: 'person.profile', params: { profile_url: personUrl, ...extra }, policy };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  sandbox = createSandbox({ keys: parseKeys('demo=1000:standard') });
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

describe('a worker that died with a call in flight', () => {
  it('finishes the journaled call once when the next worker starts', async () => {
    const db = await openDb();
    await db.put('jobs', {
      id: 'req-00000012',
      endpointId: 'person.profile',
      params: { profile_url: personUrl },
      status: 'pending',
      createdAt: Date.now(),
      updatedAt: Date.now(),
    });
    expect(await service.resumePendingJobs()).toBe(1);
    expect((await db.get('jobs', 'req-00000012'))?.status).toBe('done');
    // The page that asked retries with the same id: answered from the record.
    const retry = await service.run(profileRun('req-00000012', 'refresh'));
    expect(retry).toMatchObject({ status: 'answer' });
    expect(requests()).toHaveLength(1);
    expect(balance()).toBe(998);
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
