// @vitest-environment node
/**
 * lib/background/merging.ts on its own, over a fake IndexedDB: a request joins an identical call in
 * flight only when that call is at least as fresh, is shown 0 credits for it, follows the call's
 * record while it waits, and is forgotten when the call it joined did not answer.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api/errors';
import { closeDbForTests, openDb } from '../../../../lib/background/db';
import { createMerging, type Joiner } from '../../../../lib/background/merging';
import { acceptedAgeSeconds, RECENT_MAX_AGE_SECONDS } from '../../../../lib/freshness';
import type { RunResult } from '../../../../lib/protocol';
import { until } from '../../../support/sandbox-service';

const NOW = Date.UTC(2025, 0, 15, 12);
const PROFILE = { profile_url: 'https://www.linkedin.com/in/ada-lovelace' };

function joiner(id: string, overrides: Partial<Joiner> = {}): Joiner {
  return {
    id,
    endpointId: 'person.profile',
    params: PROFILE,
    cacheKey: 'person.profile|ada-lovelace',
    maxAge: acceptedAgeSeconds(PROFILE),
    ...overrides,
  };
}

const ANSWER: RunResult = {
  status: 'answer',
  data: { full_name: 'Ada Lovelace' },
  cached: false,
  fetchedAt: NOW,
  ageMs: 0,
  stale: false,
  credits: 2,
  totals: { today: 2, month: 2, dailyBudget: null, remainingToday: null, balance: null },
};

/** A call in flight that ends when the test says so. */
function callInFlight() {
  let end!: (result: RunResult) => void;
  const call = new Promise<RunResult>((resolve) => {
    end = resolve;
  });
  return { call, end };
}

let merging: ReturnType<typeof createMerging>;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  merging = createMerging({ db: openDb, now: () => NOW });
});
afterEach(closeDbForTests);

describe('which call a request may join', () => {
  it('an identical call in flight, not another question and never its own', () => {
    const { call } = callInFlight();
    void merging.track(joiner('req-owner'), call);
    expect(merging.joinable(joiner('req-second'))).toBeDefined();
    expect(
      merging.joinable(joiner('req-other', { cacheKey: 'person.profile|grace-hopper' })),
    ).toBeUndefined();
    expect(merging.joinable(joiner('req-owner'))).toBeUndefined();
  });

  it('only a call at least as fresh as the request accepts', () => {
    const { call } = callInFlight();
    // The call in flight accepts an answer up to 29 days old.
    void merging.track(joiner('req-recent', { maxAge: RECENT_MAX_AGE_SECONDS }), call);
    // A "live now" refresh accepts no older answer than 0 seconds: it does not get that one.
    expect(merging.joinable(joiner('req-live', { maxAge: 0 }))).toBeUndefined();
    // Any age, or exactly as fresh: the call answers it.
    expect(merging.joinable(joiner('req-any', { maxAge: Number.POSITIVE_INFINITY }))).toBeDefined();
    expect(merging.joinable(joiner('req-same', { maxAge: RECENT_MAX_AGE_SECONDS }))).toBeDefined();
  });

  it('nothing once the call ended', async () => {
    const { call, end } = callInFlight();
    const tracked = merging.track(joiner('req-owner'), call);
    end(ANSWER);
    await tracked;
    expect(merging.joinable(joiner('req-second'))).toBeUndefined();
  });
});

describe('a request that joined', () => {
  it('gets the call’s answer at 0 credits, and its record follows the call that paid', async () => {
    const { call, end } = callInFlight();
    const owner = joiner('req-owner');
    void merging.track(owner, call);
    const second = joiner('req-second');
    const joined = merging.join(second, merging.joinable(second)!);

    const db = await openDb();
    // While it waits: journaled as following that call, so a retry after the worker stopped reads it.
    const waiting = await until(
      () => db.get('jobs', 'req-second'),
      (job) => job !== undefined,
    );
    expect(waiting).toMatchObject({ status: 'pending', sameAs: 'req-owner' });

    end(ANSWER);
    expect(await joined).toEqual({ ...ANSWER, credits: 0 });
    expect(await db.get('jobs', 'req-second')).toMatchObject({
      status: 'done',
      credits: 0,
      sameAs: 'req-owner',
      cacheKey: second.cacheKey,
    });
  });

  it('gets any other outcome as the call’s own, and is forgotten: a retry of its id is a new request', async () => {
    const { call, end } = callInFlight();
    void merging.track(joiner('req-owner'), call);
    const second = joiner('req-second');
    const joined = merging.join(second, merging.joinable(second)!);
    const failed: RunResult = { status: 'error', error: new ApiError('server').toJSON() };
    end(failed);
    expect(await joined).toEqual(failed);
    expect(await (await openDb()).get('jobs', 'req-second')).toBeUndefined();
  });
});
