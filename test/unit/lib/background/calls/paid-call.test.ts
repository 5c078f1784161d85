// @vitest-environment node
/**
 * lib/background/calls/paid-call.ts on its own, against the sandbox app (no socket) and a fake IndexedDB,
 * wired as the service wires it: an answered call's charge is recorded once, with its answer; an
 * error the service answered charges nothing; a lost answer is journaled as interrupted; an answer
 * about someone on the do-not-enrich list is paid for and not kept; the budget asks before anything
 * leaves; settings that cannot send are refused before anything is journaled.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalParams, type EndpointId } from '../../../../../lib/api/endpoints';
import type { RawParams } from '../../../../../lib/api/params';
import { createClient } from '../../../../../lib/background/api/client';
import { createCheckpoints } from '../../../../../lib/background/calls/checkpoints';
import { createCallLane } from '../../../../../lib/background/calls/lane';
import {
  createCalls,
  type PaidCall,
  requireReady,
  toApiError,
} from '../../../../../lib/background/calls/paid-call';
import { closeDbForTests, openDb, StorageError } from '../../../../../lib/background/db';
import { LISTED_SUMMARY, replaceStoredList } from '../../../../../lib/background/do-not-enrich';
import { createScheduler } from '../../../../../lib/background/scheduler';
import { cacheKey } from '../../../../../lib/pricing/cache-key';
import { quoteOrUnknown } from '../../../../../lib/pricing/credits';
import { readList } from '../../../../../lib/pricing/do-not-enrich';
import { isConfigured, type Settings } from '../../../../../lib/settings';
import type { Sandbox } from '../../../../../sandbox/app';
import { FAULT_HEADER } from '../../../../../sandbox/faults';
import { parseKeys } from '../../../../../sandbox/keys';
import { SANDBOX_SETTINGS, unitDataset, unitSandbox } from '../../../../support/sandbox-service';

const dataset = unitDataset();
const personUrl = dataset.people[3]!.url;

let sandbox: Sandbox;
let settings: Settings;
/** A sandbox fault for the profile route, if any (the balance route is never faulted). */
let fault: string | undefined;
let engine: ReturnType<typeof wire>;

/** The calls over the sandbox, with the scheduler and checkpoints the service gives them. */
function wire() {
  const scheduler = createScheduler({ ratePerMinute: 60_000 });
  const client = (
    s: Pick<Settings, 'apiKey' | 'baseUrlV2' | 'baseUrlV3'>,
    pace?: Parameters<typeof createClient>[0]['pace'],
  ) =>
    createClient({
      ...s,
      pace,
      fetch: (request: Request) => {
        const injected = new URL(request.url).pathname.endsWith('/credit-balance') ? undefined : fault;
        if (!injected) return Promise.resolve(sandbox.app.request(request));
        const headers = new Headers(request.headers);
        headers.set(FAULT_HEADER, injected);
        return Promise.resolve(sandbox.app.request(new Request(request, { headers })));
      },
    });
  const lane = createCallLane();
  const checkpoints = createCheckpoints({
    db: openDb,
    settings: async () => settings,
    fetchBalance: (s) => client(s, scheduler.pacerFor(s.apiKey, { granted: false })).creditBalance(),
    inFlight: lane.inFlight,
    inTurn: lane.inTurn,
    quoteOf: (job, s) => job.quote ?? quoteOrUnknown(job.endpointId, job.params, s.plan),
    onResumable: () => {},
    now: Date.now,
    settleAfterMs: 60_000,
    isConfigured,
  });
  const calls = createCalls({
    db: openDb,
    client,
    scheduler,
    lane,
    checkpoints,
    quote: (id, canonical, s) => quoteOrUnknown(id, canonical, s.plan),
    onResumable: () => {},
    now: Date.now,
  });
  return {
    calls,
    dispose() {
      checkpoints.dispose();
      scheduler.dispose();
    },
  };
}

function paid(requestId: string, endpointId: EndpointId, params: RawParams, confirmed = false): PaidCall {
  const canonical = canonicalParams(endpointId, params) as Record<string, unknown>;
  return {
    requestId,
    endpointId,
    canonical,
    cacheKey: cacheKey(endpointId, canonical),
    priority: 'click',
    confirmed,
  };
}

const profile = (requestId: string, confirmed = false) =>
  paid(requestId, 'person.profile', { profile_url: personUrl }, confirmed);
const balance = () => sandbox.state.accounts.get('demo')!.balance;
const sent = () => sandbox.state.requests.list().filter((r) => r.path === '/api/v2/profile');
const stored = async () => {
  const db = await openDb();
  return {
    jobs: await db.getAll('jobs'),
    ledger: await db.getAll('ledger'),
    cache: await db.getAll('cache'),
  };
};

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  sandbox = unitSandbox({ keys: parseKeys('demo=1000:standard') });
  settings = { ...SANDBOX_SETTINGS };
  fault = undefined;
  engine = wire();
});
afterEach(async () => {
  engine.dispose();
  await closeDbForTests();
});

describe('a paid call', () => {
  it('answered: one charge, recorded with its answer and the call’s completion', async () => {
    const call = profile('req-calls-1');
    const result = await engine.calls.send(call, settings);
    expect(result).toMatchObject({ status: 'answer', cached: false, credits: 2 });
    expect(balance()).toBe(998);

    const { jobs, ledger, cache } = await stored();
    expect(ledger).toMatchObject([{ requestId: 'req-calls-1', credits: 2, cached: false }]);
    expect(jobs).toMatchObject([{ id: 'req-calls-1', status: 'done', credits: 2, reserved: 0 }]);
    expect(cache).toMatchObject([{ key: call.cacheKey, data: result.status === 'answer' && result.data }]);
  });

  it('answered but larger than the cache keeps: shown and charged once, not kept', async () => {
    settings = { ...settings, cacheMaxBytes: 1_000 };
    const result = await engine.calls.send(profile('req-calls-2'), settings);
    expect(result).toMatchObject({ status: 'answer', credits: 2, notKept: 'too-large-for-cache' });
    expect(result.status === 'answer' && result.data).toBeTruthy();
    const { ledger, cache } = await stored();
    expect(ledger).toMatchObject([{ requestId: 'req-calls-2', credits: 2 }]);
    expect(cache).toEqual([]);
  });

  it('an error the service answered: nothing charged or recorded as spent, the call failed', async () => {
    fault = '500';
    const result = await engine.calls.send(profile('req-calls-3'), settings);
    expect(result).toMatchObject({ status: 'error', error: { kind: 'server' } });
    expect(balance()).toBe(1000);
    const { jobs, ledger } = await stored();
    expect(ledger).toEqual([]);
    expect(jobs).toMatchObject([
      { id: 'req-calls-3', status: 'failed', reserved: 0, error: { kind: 'server' } },
    ]);
  });

  it('refused for lack of credits: says what is left and what the call needed, charges nothing', async () => {
    sandbox = unitSandbox({ keys: parseKeys('demo=1:standard') });
    const result = await engine.calls.send(profile('req-calls-4'), settings);
    expect(result).toMatchObject({ status: 'error', error: { kind: 'credits', balance: 1, needed: 2 } });
    const { jobs, ledger } = await stored();
    expect(ledger).toEqual([]);
    expect(jobs).toMatchObject([{ id: 'req-calls-4', status: 'failed' }]);
  });

  it('an answer lost after the service charged it: interrupted, its line waits for the balance', async () => {
    fault = 'truncate';
    const result = await engine.calls.send(profile('req-calls-5'), settings);
    expect(result).toMatchObject({ status: 'interrupted', interrupted: { reason: 'connection' } });
    // The sandbox charged the answer it produced; the extension records a loss, not a failure.
    expect(balance()).toBe(998);
    const { jobs, ledger, cache } = await stored();
    expect(jobs).toMatchObject([{ id: 'req-calls-5', status: 'interrupted' }]);
    expect(ledger).toMatchObject([{ requestId: 'req-calls-5', interrupted: true }]);
    expect(cache).toEqual([]);
  });

  it('an answer about someone on the do-not-enrich list: paid for, told so, nothing of it kept', async () => {
    const person = dataset.people[7]!;
    const { first_name, last_name } = person.profile as Record<'first_name' | 'last_name', string>;
    const stint = dataset.employments.find((s) => s.personIndex === person.index && s.end === null)!;
    const domain = dataset.companies[stint.companyIndex]!.domain;
    await replaceStoredList(await openDb(), readList(person.url).entries);

    const lookup = paid(
      'req-calls-6',
      'person.lookup',
      { first_name, last_name, company_domain: domain },
      true,
    );
    const result = await engine.calls.send(lookup, settings);
    expect(result).toMatchObject({ status: 'error', error: { kind: 'do-not-enrich', charged: 2 } });
    const { jobs, ledger, cache } = await stored();
    expect(cache).toEqual([]);
    expect(ledger).toMatchObject([{ requestId: 'req-calls-6', credits: 2, summary: LISTED_SUMMARY }]);
    expect(jobs).toMatchObject([{ id: 'req-calls-6', status: 'done', params: {} }]);
    expect(JSON.stringify(await stored())).not.toContain(last_name);
  });
});

describe('before a call leaves', () => {
  it('over the daily budget: asks first, and nothing is sent or journaled until confirmed', async () => {
    settings = { ...settings, dailyBudget: 1 };
    const asked = await engine.calls.send(profile('req-calls-7'), settings);
    expect(asked).toMatchObject({ status: 'needs-confirmation', quote: { min: 2, max: 2 }, remaining: 1 });
    expect(sent()).toEqual([]);
    expect((await stored()).jobs).toEqual([]);

    const confirmed = await engine.calls.send(profile('req-calls-7', true), settings);
    expect(confirmed).toMatchObject({ status: 'answer', credits: 2 });
    expect(sent()).toHaveLength(1);
  });

  it('given up while it waits for its turn: nothing sent, nothing journaled', async () => {
    const result = await engine.calls.send(profile('req-calls-8'), settings, AbortSignal.abort());
    expect(result).toMatchObject({ status: 'error', error: { kind: 'aborted' } });
    expect(sent()).toEqual([]);
    expect((await stored()).jobs).toEqual([]);
  });
});

describe('settings that cannot send', () => {
  it('are refused with what to fix, before anything is journaled', async () => {
    await expect(requireReady({ ...SANDBOX_SETTINGS, apiKey: '' })).rejects.toMatchObject({ kind: 'auth' });
    await expect(
      requireReady({ ...SANDBOX_SETTINGS, baseUrlV2: 'ftp://sandbox.test' }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      message: expect.stringContaining('(v2)'),
    });
    await expect(requireReady(SANDBOX_SETTINGS, async () => false)).rejects.toMatchObject({
      kind: 'network',
    });
    await expect(requireReady(SANDBOX_SETTINGS, async () => true)).resolves.toBeUndefined();
  });

  it('a storage failure reads as one, anything else as the network’s', () => {
    expect(toApiError(new StorageError('The browser refused to save.')).kind).toBe('storage');
    expect(toApiError(new TypeError('Failed to fetch')).kind).toBe('network');
  });
});
