// @vitest-environment node
/**
 * The background's service when a call is interrupted, against the real sandbox app (no socket)
 * and a fake IndexedDB: calls left in flight by a dead worker, and answers lost on the way back,
 * finished without paying twice and recorded at what the service charged.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../../lib/background/api/client';
import { closeDbForTests, openDb } from '../../../../lib/background/db';
import { createScheduler } from '../../../../lib/background/scheduler';
import { createService } from '../../../../lib/background/service';
import type { RunRequest } from '../../../../lib/protocol';
import type { Sandbox } from '../../../../sandbox/app';
import { parseKeyFaults } from '../../../../sandbox/faults';
import { parseKeys } from '../../../../sandbox/keys';
import {
  SANDBOX_SETTINGS,
  stoppableService,
  unitDataset,
  unitSandbox,
  until,
} from '../../../support/sandbox-service';

const dataset = unitDataset();
const personUrl = dataset.people[3]!.url;

let sandbox: Sandbox;
const settings = SANDBOX_SETTINGS;

const balance = () => sandbox.state.accounts.get('demo')!.balance;
const requests = () => sandbox.state.requests.list().filter((r) => r.path.startsWith('/api/v2/profile'));

function profileRun(requestId: string, policy: RunRequest['policy'] = 'cache-first', extra = {}): RunRequest {
  return { requestId, endpointId: 'person.profile', params: { profile_url: personUrl, ...extra }, policy };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  sandbox = unitSandbox({ keys: parseKeys('demo=1000:standard') });
});
afterEach(closeDbForTests);

/**
 * MV3 stops the worker whenever it likes. A worker here is a service over the shared IndexedDB
 * whose `stop()` ends it the way MV3 does: the calls it has in flight are cut at the sandbox (the
 * client left) and it never sees their answers. The sandbox either charges nothing for a request
 * whose client left, or (chargeOnClientGone) charges it as if answered: the real service's
 * behaviour is not shown, so every test below runs under both.
 */
const LATENCY_MS = 40;
const SETTLE_MS = 400;

interface Worker {
  service: ReturnType<typeof createService>;
  stop(): void;
}

function startWorker(options: { fault?: (path: string) => string | undefined } = {}): Worker {
  const { service, stop } = stoppableService(
    sandbox,
    { settleAfterMs: SETTLE_MS, fault: options.fault },
    settings,
  );
  workers.push(service);
  return { service, stop };
}

const workers: ReturnType<typeof createService>[] = [];
afterEach(() => {
  for (const worker of workers.splice(0)) worker.dispose();
});

/** Profile requests at the sandbox, as [status, charged]; 0 while it is still working on one. */
const profileCalls = () => requests().map((r) => [r.status, r.charged]);
/** What the ledger holds in total, as the account view adds it up. */
const ledgerTotal = async () => {
  const db = await openDb();
  return (await db.getAll('ledger')).reduce((sum, line) => sum + (line.credits ?? 0), 0);
};

const behaviours = [
  { name: 'a sandbox that charges nothing when the client left', charges: false },
  { name: 'a sandbox that charges a request whose client left (chargeOnClientGone)', charges: true },
];

describe.each(behaviours)('a worker stopped with calls in flight, on $name', ({ charges }) => {
  const START = 1000;

  beforeEach(() => {
    sandbox = unitSandbox({
      keys: [{ key: 'demo', credits: START, plan: 'standard', chargeOnClientGone: charges }],
      keyFaults: parseKeyFaults(`demo=latency=${LATENCY_MS}`),
    });
  });

  it('records what the balance says the call cost, and sends it again only when certainly not charged', async () => {
    // This test encodes the new behaviour of issue #10: the call is no longer re-run on start
    // whatever happened; it is re-run only once the balance shows it was certainly not charged.
    const first = startWorker();
    void first.service.run(profileRun('req-00000012', 'refresh'));
    await until(profileCalls, (calls) => calls.length === 1 && calls[0]![0] === 0);
    first.stop();

    const next = startWorker();
    expect(await next.service.resumePendingJobs()).toBe(1);
    // The page that asked retries with the same id: told that the answer was lost, not charged again.
    const retry = await next.service.run(profileRun('req-00000012', 'refresh'));
    expect(retry).toMatchObject({ status: 'interrupted', interrupted: { requestId: 'req-00000012' } });

    if (charges) {
      // The service charged it although nobody read the answer: the ledger says so, once settled.
      await until(
        () => next.service.requestState('req-00000012'),
        (state) => state.state === 'interrupted' && state.interrupted.settled,
      );
      expect(profileCalls()).toEqual([[499, 2]]);
      const again = await next.service.run(profileRun('req-00000012', 'refresh'));
      expect(again).toMatchObject({
        status: 'interrupted',
        interrupted: { credits: 2, range: { min: 2, max: 2 }, settled: true, reason: 'worker' },
      });
      const account = await next.service.account();
      expect(account.recent).toEqual([
        expect.objectContaining({ credits: 2, interrupted: true, settled: true, cached: false }),
      ]);
    } else {
      // Certainly not charged (the balance did not move, and nothing else was in flight): sent
      // again on its own, once, and the retry reads its answer.
      await until(profileCalls, (calls) => calls.length === 2 && calls[1]![0] === 200);
      expect(profileCalls()).toEqual([
        [499, 0],
        [200, 2],
      ]);
      const answered = await until(
        () => next.service.run(profileRun('req-00000012', 'refresh')),
        (result) => result.status === 'answer',
      );
      expect(answered).toMatchObject({ status: 'answer', credits: 2 });
      expect(profileCalls()).toHaveLength(2);
      const account = await next.service.account();
      expect(account.recent.map((line) => [line.credits, line.interrupted ?? false])).toEqual([[2, false]]);
    }
    // Either way the person paid once, and the ledger says exactly what the service took.
    expect(balance()).toBe(START - 2);
    expect(await ledgerTotal()).toBe(START - balance());
    expect((await next.service.account()).today).toBe(2);
  });

  it('splits what two lost calls cost by their quotes, exactly when only one split fits', async () => {
    // The profile takes longer at the service, so that both calls are in flight together.
    const first = startWorker({
      fault: (path) => (path === '/api/v2/profile' ? 'latency=150' : undefined),
    });
    const school = dataset.schools[3]!.url;
    void first.service.run(profileRun('req-00000020', 'refresh'));
    void first.service.run({
      requestId: 'req-00000021',
      endpointId: 'school.profile',
      params: { url: school },
      policy: 'refresh',
    });
    await until(
      () => sandbox.state.requests.list().filter((r) => r.path !== '/api/v2/credit-balance'),
      (calls) => calls.length === 2 && calls.every((call) => call.status === 0),
    );
    first.stop();

    const next = startWorker();
    expect(await next.service.resumePendingJobs()).toBe(2);
    const settledBoth = async () =>
      Promise.all(['req-00000020', 'req-00000021'].map((id) => next.service.requestState(id)));
    // Person profile quoted 2, school profile 1: a drop of 3 (or 0) has one split only.
    if (charges) {
      const states = await until(settledBoth, (all) =>
        all.every((state) => state.state === 'interrupted' && state.interrupted.settled),
      );
      expect(states.map((state) => state.state === 'interrupted' && state.interrupted.range)).toEqual([
        { min: 2, max: 2 },
        { min: 1, max: 1 },
      ]);
    } else {
      await until(settledBoth, (all) => all.every((state) => state.state === 'done'));
    }
    expect(balance()).toBe(START - 3);
    expect(await ledgerTotal()).toBe(START - balance());
  });

  it('a request merged into an identical call follows it after the worker stopped', async () => {
    const first = startWorker();
    void first.service.run(profileRun('req-00000030', 'cache-first'));
    void first.service.run(profileRun('req-00000031', 'cache-first'));
    await until(profileCalls, (calls) => calls.length === 1 && calls[0]![0] === 0);
    first.stop();

    const next = startWorker();
    expect(await next.service.resumePendingJobs()).toBe(1);
    // The second page retries its own id: it is the same call, not a new one.
    expect(await next.service.run(profileRun('req-00000031', 'cache-first'))).toMatchObject({
      status: 'interrupted',
      interrupted: { requestId: 'req-00000030' },
    });
    if (!charges) {
      const answered = await until(
        () => next.service.run(profileRun('req-00000031', 'cache-first')),
        (result) => result.status === 'answer',
      );
      expect(answered).toMatchObject({ status: 'answer' });
    } else {
      await until(
        () => next.service.requestState('req-00000031'),
        (state) => state.state === 'interrupted' && state.interrupted.settled,
      );
    }
    expect(requests().filter((r) => r.charged > 0)).toHaveLength(1);
    expect(balance()).toBe(START - 2);
    expect(await ledgerTotal()).toBe(START - balance());
  });
});

describe('an answer lost on the way back', () => {
  it('is charged by the service, and the ledger reads that charge from the balance', async () => {
    sandbox = unitSandbox({ keys: parseKeys('demo=1000:standard') });
    // The profile's answer is cut in the middle (the sandbox charges what it produced).
    const worker = startWorker({
      fault: (path) => (path === '/api/v2/profile' ? 'truncate' : undefined),
    });
    const result = await worker.service.run(profileRun('req-00000040', 'refresh'));
    expect(result).toMatchObject({ status: 'interrupted', interrupted: { reason: 'connection' } });
    expect(balance()).toBe(998);
    const line = await until(
      async () => (await worker.service.account()).recent[0],
      (found) => found?.settled === true,
    );
    expect(line).toMatchObject({ credits: 2, interrupted: true, settled: true });
    expect(await ledgerTotal()).toBe(1000 - balance());
  });
});

describe('when the balance cannot tell two lost calls apart', () => {
  it('records the range of each, shares adding up to the drop, and sends neither again', async () => {
    sandbox = unitSandbox({ keys: parseKeys('demo=1000:standard') });
    const db = await openDb();
    const at = Date.now() - 10 * SETTLE_MS;
    const other = dataset.people[4]!.url;
    // Two person profiles (2 credits each) left together by a worker that stopped; the balance
    // read before the first was 1000, and the service charged one of them.
    for (const [seq, id, url] of [
      [1, 'req-00000050', personUrl],
      [2, 'req-00000051', other],
    ] as const) {
      await db.put('jobs', {
        id,
        endpointId: 'person.profile',
        params: {
          profile_url: url,
          use_cache: 'if-recent',
          live_fetch: 'default',
          fallback_to_cache: 'on-error',
        },
        status: 'pending',
        createdAt: at,
        updatedAt: at,
        seq,
        balanceBefore: 1000,
        cleanBefore: seq === 1,
        leftAt: at,
        quote: { min: 2, max: 2 },
      });
    }
    sandbox.state.accounts.set('demo', { credits: 998 });

    const worker = startWorker();
    expect(await worker.service.resumePendingJobs()).toBe(2);
    const states = await Promise.all(
      ['req-00000050', 'req-00000051'].map((id) => worker.service.requestState(id)),
    );
    expect(states).toEqual([
      expect.objectContaining({ state: 'interrupted', resumable: false }),
      expect.objectContaining({ state: 'interrupted', resumable: false }),
    ]);
    const calls = states.map((state) => (state.state === 'interrupted' ? state.interrupted : null));
    expect(calls.map((call) => call?.range)).toEqual([
      { min: 0, max: 2 },
      { min: 0, max: 2 },
    ]);
    expect(calls.every((call) => call?.settled)).toBe(true);
    expect(calls.reduce((sum, call) => sum + (call?.credits ?? 0), 0)).toBe(2);
    const account = await worker.service.account();
    expect(account.today).toBe(2);
    expect(account.recent.every((line) => line.interrupted && line.creditsRange?.max === 2)).toBe(true);
    expect(requests()).toHaveLength(0);
  });
});

describe('answers lost after the service may have charged them', () => {
  function stubbed(fault: (request: Request) => Response | undefined) {
    return createService({
      db: openDb,
      settings: async () => settings,
      client: (s, pace) =>
        createClient({
          ...s,
          pace,
          fetch: async (request: Request) => fault(request) ?? sandbox.app.request(request),
        }),
      scheduler: createScheduler({ ratePerMinute: 60_000 }),
    });
  }

  it('a cut stream is recorded from the balance and its retry sends nothing', async () => {
    const worker = startWorker({ fault: (path) => (path === '/api/v2/profile' ? 'truncate' : undefined) });
    const result = await worker.service.run(profileRun('req-00000110', 'refresh'));
    expect(result).toMatchObject({ status: 'interrupted', interrupted: { requestId: 'req-00000110' } });
    const retry = await worker.service.run(profileRun('req-00000110', 'refresh'));
    expect(retry).toMatchObject({ status: 'interrupted' });
    expect(requests()).toHaveLength(1);
    await until(
      async () => (await worker.service.account()).recent[0],
      (line) => line?.settled === true,
    );
    expect(await ledgerTotal()).toBe(1000 - balance());
  });

  it('a 504 is not retried: the gateway may hide a request that finished', async () => {
    let profiles = 0;
    const stub = stubbed((request) => {
      if (!request.url.includes('/api/v2/profile')) return undefined;
      profiles += 1;
      return new Response('gateway timeout', { status: 504 });
    });
    const result = await stub.run(profileRun('req-00000111', 'refresh'));
    expect(result).toMatchObject({ status: 'interrupted' });
    expect(profiles).toBe(1);
    expect(await stub.run(profileRun('req-00000111', 'refresh'))).toMatchObject({ status: 'interrupted' });
    expect(profiles).toBe(1);
    stub.dispose();
  });

  it('a redirect is never followed, and the key is not sent on', async () => {
    const seen: string[] = [];
    const stub = stubbed((request) => {
      seen.push(`${request.redirect} ${new URL(request.url).host}`);
      if (!request.url.includes('/api/v2/profile')) return undefined;
      return new Response(null, { status: 302, headers: { Location: 'https://elsewhere.test/steal' } });
    });
    const result = await stub.run(profileRun('req-00000112', 'refresh'));
    expect(result).toMatchObject({ status: 'interrupted' });
    expect(seen.every((line) => line.startsWith('error '))).toBe(true);
    expect(seen.some((line) => line.includes('elsewhere'))).toBe(false);
    stub.dispose();
  });
});
