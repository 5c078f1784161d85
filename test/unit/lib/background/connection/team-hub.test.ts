// @vitest-environment node
/**
 * Team mode, end to end in one process: the extension's background service (each member's browser
 * its own IndexedDB) calling a real team hub (hub/app.ts, on PGlite or HUB_DATABASE_URL's server)
 * in front of the sandbox as the service.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHub, type Hub } from '../../../../../hub/app';
import type { Db } from '../../../../../hub/db';
import { addMember, removeMember, setBudget } from '../../../../../hub/members';
import { addListed, forget } from '../../../../../hub/privacy';
import { ApiError, userMessage } from '../../../../../lib/api/errors';
import { createClient } from '../../../../../lib/background/api/client';
import { closeDbForTests, openDb } from '../../../../../lib/background/db';
import { recentLedger } from '../../../../../lib/background/ledger';
import { createLists } from '../../../../../lib/background/lists/lists';
import { createScheduler } from '../../../../../lib/background/scheduler';
import { createService } from '../../../../../lib/background/service';
import type { PeekRequest, RunRequest, RunResult } from '../../../../../lib/protocol';
import { spendLabel } from '../../../../../lib/quote-format';
import { DEFAULT_SETTINGS, type Settings } from '../../../../../lib/settings';
import {
  type TestDatabase,
  sandboxService as teamSandbox,
  testDatabase,
} from '../../../../support/hub-testing';
import { until } from '../../../../support/sandbox-service';

let database: TestDatabase;
let hubDb: Db;

beforeAll(async () => {
  database = await testDatabase();
  hubDb = await database.open();
}, 120_000);
afterAll(async () => database.drop());

let service: ReturnType<typeof teamSandbox>;
let hub: Hub;
beforeEach(async () => {
  // Each test a fresh browser: its IndexedDB and its storage (the last subject forgotten at the hub).
  fakeBrowser.reset();
  globalThis.indexedDB = new IDBFactory();
  service = teamSandbox();
  hub = await createHub({
    db: hubDb,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    ratePerMinute: 60_000,
    fetch: service.fetch,
  });
  await database.clear(hubDb);
});
afterEach(closeDbForTests);

const HUB_URL = 'https://hub.team.test';

/** The hub as the browser reaches it: `hubAnswer` passes a request on to the hub in-process. */
type Between = (request: Request, hubAnswer: (request: Request) => Promise<Response>) => Promise<Response>;
const straight: Between = (request, hubAnswer) => hubAnswer(request);

/**
 * A member's browser in team mode: its background service, and the requests it sent the hub.
 * `between`: what stands between the browser and the hub (a hub that lies, one that is gone).
 */
async function memberBrowser(name: string, daily = 200, between: Between = straight) {
  const { token } = await addMember(hubDb, name, { daily });
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    connection: 'team-hub',
    hubUrl: HUB_URL,
    hubToken: token,
    onboarded: true,
  };
  const sent: Request[] = [];
  const extension = createService({
    db: openDb,
    settings: async () => settings,
    client: (address, pace) =>
      createClient({
        ...address,
        pace,
        fetch: (request: Request) => {
          sent.push(request.clone());
          return between(request, async (passed) => hub.app.request(passed));
        },
      }),
    scheduler: createScheduler({ ratePerMinute: 60_000 }),
  });
  return { extension, sent, token };
}

/** Another browser: a fresh IndexedDB of its own. */
async function switchBrowser(): Promise<void> {
  await closeDbForTests();
  globalThis.indexedDB = new IDBFactory();
}

const person = (index: number) => service.sandbox.queries.dataset.people[index]!.url;

function profileRun(requestId: string, index: number, extra: Partial<RunRequest> = {}): RunRequest {
  return {
    requestId,
    endpointId: 'person.profile',
    params: { profile_url: person(index) },
    policy: 'cache-first',
    ...extra,
  };
}

function errorOf(result: RunResult): ApiError {
  if (result.status !== 'error') throw new Error(`expected an error, got ${result.status}`);
  return ApiError.fromJSON(result.error);
}

const serviceCalls = () => service.requests().filter((entry) => entry.path.startsWith('/api/v2/profile'));

describe('team mode', () => {
  it('member A pays for a person; member B gets it at 0 credits, quoted so before the click, and records 0', async () => {
    const ada = await memberBrowser('ada');
    const paid = await ada.extension.run(profileRun('a-1', 3));
    expect(paid).toMatchObject({ status: 'answer', cached: false });
    const charged = paid.status === 'answer' ? paid.credits : null;
    expect(charged).toBeGreaterThan(0);
    expect((await recentLedger(await openDb())).map((line) => line.credits)).toEqual([charged]);
    expect(serviceCalls()).toHaveLength(1);

    await switchBrowser();
    const bob = await memberBrowser('bob');
    // Before the click: the team has it, so the control's name says 0 credits and how old it is.
    const view = await bob.extension.openView('person.profile', { profile_url: person(3) });
    if (!view.ok) throw new Error('the view did not open');
    expect(view.quote).toMatchObject({ min: 0, max: 0, teamHas: { ageSeconds: expect.any(Number) } });
    expect(spendLabel('Enrich', view.quote)).toMatch(
      /^Enrich · 0 credits \(the team has it, \d+ seconds? old\)$/,
    );

    const free = await bob.extension.run(profileRun('b-1', 3));
    expect(free).toMatchObject({ status: 'answer', credits: 0 });
    const ledger = await recentLedger(await openDb());
    expect(ledger.map((line) => [line.requestId, line.credits])).toEqual([['b-1', 0]]);
    // The sandbox saw one request for the person, A's.
    expect(serviceCalls()).toHaveLength(1);
    // A person never asked is quoted at the price list's.
    const other = await bob.extension.openView('person.profile', { profile_url: person(4) });
    expect(other.ok && other.quote.teamHas).toBeUndefined();
  });

  it("a request past the member's budget (402) says what is left today, sends nothing and records nothing", async () => {
    const ada = await memberBrowser('ada', 0);
    const error = errorOf(await ada.extension.run(profileRun('a-402', 1)));
    expect(error).toMatchObject({ kind: 'member-budget', status: 402, leftToday: 0 });
    expect(userMessage(error).title).toBe('You have no credits left today at the team hub');
    expect(userMessage(error).action).toMatch(/^Nothing was sent and nothing spent/);
    expect(await recentLedger(await openDb())).toEqual([]);
    expect(serviceCalls()).toHaveLength(0);
  });

  it("a person on the team's do-not-enrich list (451) is refused with its own message; nothing recorded", async () => {
    const ada = await memberBrowser('ada');
    await addListed(hubDb, person(2));
    const error = errorOf(await ada.extension.run(profileRun('a-451', 2)));
    expect(error).toMatchObject({ kind: 'team-do-not-enrich', status: 451 });
    expect(error.charged).toBeUndefined();
    expect(userMessage(error)).toMatchObject({
      title: "Your team's admin has put this person on the do-not-enrich list",
      action: expect.stringMatching(/^Nothing was sent and nothing spent/),
    });
    expect(await recentLedger(await openDb())).toEqual([]);
    expect(serviceCalls()).toHaveLength(0);
  });

  it("an answer about someone on the team's list (451 after it was paid) records what the team paid, names no one", async () => {
    const ada = await memberBrowser('ada');
    await addListed(hubDb, 'https://www.linkedin.com/in/johnrmarty');
    const error = errorOf(
      await ada.extension.run({
        requestId: 'a-listed-answer',
        endpointId: 'email.lookup',
        params: { email: 'johnrmarty@example.com', enrich_profile: 'enrich', lookup_depth: 'deep' },
        policy: 'cache-first',
      }),
    );
    const paid = service.requests()[0]?.charged;
    expect(paid).toBeGreaterThan(0);
    expect(error).toMatchObject({ kind: 'team-do-not-enrich', charged: paid });
    expect(userMessage(error).action).toContain(`it was charged ${paid} credits`);
    const ledger = await recentLedger(await openDb());
    expect(ledger.map((line) => line.credits)).toEqual([paid]);
    expect(JSON.stringify(ledger)).not.toContain('johnrmarty');
  });

  it("the account says the member's budget and spend from the hub", async () => {
    const ada = await memberBrowser('ada', 50);
    const paid = await ada.extension.run(profileRun('a-1', 5));
    const credits = paid.status === 'answer' ? (paid.credits ?? 0) : 0;
    const account = await ada.extension.account();
    expect(account.hub).toEqual({
      member: {
        name: 'ada',
        dailyBudget: 50,
        monthlyBudget: null,
        spentToday: credits,
        leftToday: 50 - credits,
        spentThisMonth: credits,
        leftThisMonth: null,
      },
    });
    // The hub holds the account: no balance of the service is read.
    expect(
      service.sandbox.state.requests.list().some((entry) => entry.path === '/api/v2/credit-balance'),
    ).toBe(false);
    expect(await ada.extension.testConnection({})).toMatchObject({ ok: true, member: { name: 'ada' } });
  });

  it('a wrong member token is refused by the connection test', async () => {
    const ada = await memberBrowser('ada');
    const result = await ada.extension.testConnection({ hubToken: 'hub_not-a-token' });
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'member-token',
        status: 401,
        description: expect.stringContaining('does not know this member token'),
      },
    });
    // In the product's words: the member token and the hub's admin, never "the API key".
    const words = userMessage(ApiError.fromJSON(result.ok ? null : result.error));
    expect(`${words.title}. ${words.action}`).toBe(
      "The team hub refused your member token. Ask your team hub's admin for a member token, then paste it in Settings",
    );
  });

  it('a subject forgotten at the hub is forgotten in the extension after the sync', async () => {
    const ada = await memberBrowser('ada');
    await ada.extension.run(profileRun('a-1', 6));
    await ada.extension.run(profileRun('a-2', 7));
    const db = await openDb();
    expect(await db.count('cache')).toBe(2);

    await forget(hubDb, person(6));
    expect(await ada.extension.syncHubForgotten()).toBe(1);
    const left = await db.getAll('cache');
    expect(left.map((entry) => entry.params.profile_url)).toEqual([person(7)]);
    // Learned once: the next sync has nothing new.
    expect(await ada.extension.syncHubForgotten()).toBe(0);
  });

  it("a worker's next call learns what was forgotten at the hub, without waiting for the alarm", async () => {
    const ada = await memberBrowser('ada');
    await ada.extension.run(profileRun('a-1', 10));
    await forget(hubDb, person(10));
    // A worker that starts again (MV3), then sends a call.
    ada.extension.dispose();
    const again = await memberBrowser('ada-again');
    await again.extension.run(profileRun('a-2', 11));
    const db = await openDb();
    const left = await until(
      async () => (await db.getAll('cache')).map((entry) => entry.params.profile_url),
      (urls) => !urls.includes(person(10)),
    );
    expect(left).toEqual([person(11)]);
  });

  it('a click carries X-Hub-Priority: click, a batch row does not; both carry their request id', async () => {
    const ada = await memberBrowser('ada');
    await ada.extension.run(profileRun('click-1', 8));
    await ada.extension.run(profileRun('row-1', 9, { ownerId: 'batch-1' } as Partial<RunRequest>));
    const profileRequests = ada.sent.filter((request) => new URL(request.url).pathname === '/api/v2/profile');
    expect(
      profileRequests.map((request) => [
        new URL(request.url).searchParams.get('profile_url'),
        request.headers.get('X-Hub-Priority'),
      ]),
    ).toEqual([
      [person(8), 'click'],
      [person(9), null],
    ]);
    // Each paid call carries its request id, for a hub that journals by it.
    expect(profileRequests.map((request) => request.headers.get('Idempotency-Key'))).toEqual([
      'click-1',
      'row-1',
    ]);
    // Every request went to the hub with the member token, never the team's key.
    expect(new Set(ada.sent.map((request) => new URL(request.url).origin))).toEqual(new Set([HUB_URL]));
    expect(ada.sent.every((request) => request.headers.get('Authorization') === `Bearer ${ada.token}`)).toBe(
      true,
    );
  });
});

describe('an answer the hub lost after the service was asked', () => {
  it('502 answer_lost is a lost answer charged what the hub says, recorded so, not left for a balance to settle', async () => {
    // The hub asked the service and lost its answer (a database that did not come back in time):
    // it answers 502 answer_lost with what it charged the team.
    const ada = await memberBrowser('ada', 200, async (request, hubAnswer) => {
      const answer = await hubAnswer(request);
      if (!new URL(request.url).pathname.startsWith('/api/')) return answer;
      const charged = Number(answer.headers.get('X-Hub-Charged'));
      return new Response(
        JSON.stringify({
          code: 502,
          name: 'Bad Gateway',
          description: 'The service was asked and may have charged, but its answer was lost at the hub',
          error: 'answer_lost',
          charged,
        }),
        { status: 502, headers: { 'Content-Type': 'application/json', 'X-Hub-Charged': String(charged) } },
      );
    });
    const result = await ada.extension.run(profileRun('a-lost-answer', 14));
    const paid = serviceCalls()[0]?.charged;
    expect(paid).toBeGreaterThan(0);
    expect(result).toMatchObject({
      status: 'interrupted',
      interrupted: {
        credits: paid,
        settled: true,
        error: { kind: 'server', answerLost: true, charged: paid },
      },
    });
    const [line] = await recentLedger(await openDb());
    expect(line).toMatchObject({ credits: paid, interrupted: true, settled: true });
  });
});

describe('the hub is trusted only as far as a quote goes', () => {
  it("a charge the hub reports above the call's quote is recorded at the quote's maximum, flagged", async () => {
    const ada = await memberBrowser('ada', 200, async (request, hubAnswer) => {
      const answer = await hubAnswer(request);
      if (!answer.headers.has('X-Hub-Charged')) return answer;
      const headers = new Headers(answer.headers);
      headers.set('X-Hub-Charged', '1000000000');
      return new Response(answer.body, { status: answer.status, headers });
    });
    const view = await ada.extension.openView('person.profile', { profile_url: person(12) });
    const max = view.ok ? view.quote.max : null;
    expect(max).toBeGreaterThan(0);

    expect(await ada.extension.run(profileRun('a-lie', 12))).toMatchObject({
      status: 'answer',
      credits: max,
    });
    const [line] = await recentLedger(await openDb());
    expect(line).toMatchObject({ credits: max, reportedCredits: 1_000_000_000 });
    // Today's spend (and the budget) count the quote's maximum; the account shows the flag.
    const account = await ada.extension.account();
    expect(account.today).toBe(max);
    expect(account.recent[0]).toMatchObject({ credits: max, reportedCredits: 1_000_000_000 });
  });

  it('a hub that ignores `since` on its forgotten list is not asked again without end', async () => {
    let asked = 0;
    const ada = await memberBrowser('ada', 200, async (request, hubAnswer) => {
      if (new URL(request.url).pathname !== '/hub/v1/forgotten') return hubAnswer(request);
      asked += 1;
      // The same page whatever `since` says.
      return Response.json({
        forgotten: [{ seq: 1, key: 'k-1', text: person(6), at: new Date().toISOString() }],
        last: 1,
      });
    });
    expect(await ada.extension.syncHubForgotten()).toBe(1);
    // The page that brought a subject, then one that brought nothing past it: the sync stops.
    expect(asked).toBe(2);
    asked = 0;
    expect(await ada.extension.syncHubForgotten()).toBe(0);
    expect(asked).toBe(1);
  });
});

describe("the member token and the member's budget, in the product's words", () => {
  it("a removed member's click speaks of the member token and the hub's admin, never of an API key", async () => {
    const ada = await memberBrowser('ada');
    await removeMember(hubDb, 'ada');
    const error = errorOf(await ada.extension.run(profileRun('a-removed', 3)));
    expect(error).toMatchObject({ kind: 'member-token', status: 401 });
    const words = userMessage(error);
    expect(words).toMatchObject({
      title: 'The team hub refused your member token',
      action: "Ask your team hub's admin for a member token, then paste it in Settings",
    });
    expect(JSON.stringify(words)).not.toContain('API key');
  });

  it("an expired member token's click says it expired, in the hub's words, and sends nothing", async () => {
    const ada = await memberBrowser('ada');
    await hubDb.query("UPDATE members SET expires_at = now() - interval '1 second' WHERE name = 'ada'");
    const error = errorOf(await ada.extension.run(profileRun('an-expired', 3)));
    expect(error).toMatchObject({ kind: 'member-token', status: 401 });
    const words = userMessage(error);
    expect(words.title).toBe('The team hub refused your member token');
    expect(words.detail).toMatch(/^This member token expired at 20\S+Z: ask your hub's admin for a new one$/);
    expect(service.requests()).toHaveLength(0);
  });

  it("a list past the member's budget is quoted so, waits with its rows kept, and goes on when the admin raises it; each row paid once", async () => {
    const ada = await memberBrowser('ada', 5);
    const lists = createLists({
      db: openDb,
      service: ada.extension,
      ratePerMinute: async () => 60_000,
      newId: () => crypto.randomUUID(),
      settlePollMs: 20,
      waitPollMs: 20,
    });
    const requests: PeekRequest[] = Array.from({ length: 12 }, (_, index) => ({
      endpointId: 'person.profile',
      params: { profile_url: person(20 + index), use_cache: 'if-present', live_fetch: 'default' },
    }));
    // Before the click: what is left at the hub is part of the quote.
    const quote = await lists.quote(requests);
    expect(quote.teamLeftToday).toBe(5);
    expect(quote.total.max).toBe(12);

    const result = await lists.start({
      startId: 'team-list',
      name: 'Event leads',
      columns: ['Who'],
      rows: requests.map((_, index) => [`row ${index + 1}`]),
      mapping: ['profile_url'],
      options: { freshness: 'if-present', withProfiles: true, contacts: false },
      requests,
      targets: requests.map((_, index) => index),
      cap: null,
    });
    expect(result.status).toBe('started');
    const waiting = await until(
      async () => (await lists.state('team-list', 0))!.summary,
      (summary) => summary.stopReason !== null && summary.counts.done === 5 && summary.counts.running === 0,
      15_000,
    );
    expect(waiting.status).toBe('running');
    expect(waiting.stopReason?.message).toBe('Waiting: your team budget is spent for today');
    expect(waiting.counts).toMatchObject({ done: 5, queued: 7, failed: 0, interrupted: 0 });
    expect(serviceCalls()).toHaveLength(5);

    await setBudget(hubDb, 'ada', { daily: 20 });
    const done = await until(
      async () => (await lists.state('team-list', 0))!.summary,
      (summary) => summary.status === 'done',
      15_000,
    );
    expect(done.counts).toMatchObject({ done: 12, queued: 0, failed: 0, interrupted: 0 });
    expect(done.stopReason).toBeNull();
    expect(done.spent).toBe(12);
    // Each person asked of the service once.
    const asked = serviceCalls().map((call) => call.query.profile_url);
    expect(asked).toHaveLength(12);
    expect(new Set(asked).size).toBe(12);
  });
});

describe('a connection refused before anything was sent', () => {
  const refusal = () =>
    new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8788'), { code: 'ECONNREFUSED' }),
    });

  /** The person's own key, straight to the service (the sandbox's key `team`). */
  function ownKeyBrowser(refusing: () => boolean) {
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      apiKey: 'team',
      baseUrlV2: 'https://service.test',
      baseUrlV3: 'https://service.test',
      onboarded: true,
    };
    return createService({
      db: openDb,
      settings: async () => settings,
      client: (address, pace) =>
        createClient({
          ...address,
          pace,
          fetch: async (request: Request) => {
            if (refusing()) throw refusal();
            return service.fetch(request);
          },
        }),
      scheduler: createScheduler({ ratePerMinute: 60_000 }),
    });
  }

  it.each(['team-hub', 'own-key'] as const)(
    '(%s) is no lost answer: nothing recorded, and the same request is sent again',
    async (mode) => {
      let refusing = true;
      const extension =
        mode === 'team-hub'
          ? (
              await memberBrowser('ada', 200, async (request, hubAnswer) => {
                if (refusing) throw refusal();
                return hubAnswer(request);
              })
            ).extension
          : ownKeyBrowser(() => refusing);
      const error = errorOf(await extension.run(profileRun('r-1', 14)));
      expect(error.kind).toBe('unreachable');
      expect(error.answerLost).toBeUndefined();
      expect(userMessage(error).title).toBe('Could not connect: nothing was sent');
      const db = await openDb();
      expect(await recentLedger(db)).toEqual([]);
      expect((await db.get('jobs', 'r-1'))?.status).toBe('failed');

      refusing = false;
      const answered = await extension.run(profileRun('r-1', 14));
      expect(answered).toMatchObject({ status: 'answer', cached: false });
      expect((await recentLedger(db)).map((line) => line.requestId)).toEqual(['r-1']);
      expect(serviceCalls()).toHaveLength(1);
    },
  );
});
