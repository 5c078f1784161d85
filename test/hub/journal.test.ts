/**
 * Requests with an id (`Idempotency-Key`), answered again from the hub's journal, and reservations
 * settled from it once their lease has passed; the database dropping after the service answered;
 * identical requests made once (single flight); forget. In-process, over the sandbox, on PGlite or
 * on a real PostgreSQL when HUB_DATABASE_URL is set (scripts/with-postgres.sh).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createHub, type Hub } from '../../hub/app';
import type { Db } from '../../hub/db';
import { addMember } from '../../hub/members';
import { forget } from '../../hub/privacy';
import { JOURNAL_KEPT_DAYS, settleExpired } from '../../hub/request-steps';
import { sleep } from '../../lib/sleep';
import { droppable, hubTestBed, type SandboxService, type TestDatabase } from '../support/hub-testing';

const bed = hubTestBed();
let database: TestDatabase;
let db: Db;
let service: SandboxService;
const hubOn = (options: { db?: Db; fetch?: typeof fetch; fetchTimeoutMs?: number } = {}) =>
  createHub({
    db: options.db ?? db,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    ratePerMinute: 60_000,
    fetch: options.fetch ?? service.fetch,
    fetchTimeoutMs: options.fetchTimeoutMs,
  });
let hub: Hub;
beforeEach(async () => {
  ({ database, db, service } = bed);
  hub = await hubOn();
});

const person = (index: number) => service.sandbox.queries.dataset.people[index]!.url;
const profile = (index: number, extra: Record<string, string> = {}) => ({
  profile_url: person(index),
  use_cache: 'if-present',
  live_fetch: 'default',
  ...extra,
});

async function call(
  token: string,
  params: Record<string, string>,
  options: { id?: string; app?: Hub['app']; path?: string } = {},
) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (options.id) headers['Idempotency-Key'] = options.id;
  const response = await (options.app ?? hub.app).request(
    `${options.path ?? '/api/v2/profile'}?${new URLSearchParams(params)}`,
    { headers },
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    charged: response.headers.get('X-Hub-Charged'),
    cache: response.headers.get('X-Hub-Cache'),
  };
}

const me = async (token: string) => (await call(token, {}, { path: '/hub/v1/me' })).body;
const paid = () => service.requests().reduce((sum, entry) => sum + entry.charged, 0);

describe('a request asked again with its id', () => {
  it('gets its answer again at 0, whatever it asked of freshness; without an id it is asked again', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    const forced = profile(1, { live_fetch: 'force' });
    const first = await call(token, forced, { id: 'row-1' });
    expect(first).toMatchObject({ status: 200, cache: 'miss' });
    const price = Number(first.charged);
    expect(price).toBeGreaterThan(0);
    const again = await call(token, forced, { id: 'row-1' });
    expect(again).toMatchObject({ status: 200, charged: '0', cache: 'hit' });
    expect(again.body).toEqual(first.body);
    expect(service.requests()).toHaveLength(1);
    // A service error is answered again as it was, at 0, without asking the service.
    const missing = profile(0, { profile_url: 'https://www.linkedin.com/in/nobody-here-at-all' });
    const notFound = await call(token, missing, { id: 'row-2' });
    expect(notFound).toMatchObject({ status: 404, charged: '0' });
    expect(await call(token, missing, { id: 'row-2' })).toMatchObject({ status: 404, body: notFound.body });
    expect(service.requests()).toHaveLength(2);
    // A request without an id works as before: a forced fetch is a new one.
    expect(await call(token, forced)).toMatchObject({ status: 200, charged: String(price), cache: 'miss' });
    expect(service.requests()).toHaveLength(3);
    expect(await me(token)).toMatchObject({ spent_today: 2 * price, reserved_today: 0 });
  });

  it('says an answer lost after it was sent was charged (502 answer_lost), and never sends it again', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    // A hub whose call to the service never comes back, as one killed while the service answered.
    let sent = 0;
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) => {
      sent++;
      return new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('gone'))),
      );
    }) as typeof fetch;
    const stuck = await hubOn({ fetch: hanging, fetchTimeoutMs: 30_000 });
    void call(token, profile(2), { id: 'row-1', app: stuck.app });
    while (sent === 0) await sleep(10);
    expect(await me(token)).toMatchObject({ reserved_today: 1, spent_today: 0 });
    // The same id while it is in flight waits; once its lease has passed it is settled from the journal.
    await db.query("UPDATE request_journal SET lease_until = now() - interval '1 second'");
    const lost = await call(token, profile(2), { id: 'row-1' });
    expect(lost).toMatchObject({ status: 502, body: { error: 'answer_lost', charged: 1 } });
    expect(String(lost.body.description)).not.toMatch(/nothing was charged/i);
    expect(await call(token, profile(2), { id: 'row-1' })).toMatchObject({
      status: 502,
      body: { charged: 1 },
    });
    expect(service.requests()).toHaveLength(0);
    expect(await me(token)).toMatchObject({ reserved_today: 0, spent_today: 1 });
    stuck.stopTaking();
  });
});

describe('the database dropping after the service answered', () => {
  it('keeps the answer and settles it when the database is back: never "nothing charged"', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    const shaky = droppable(db);
    // The database drops the moment the service answers, and is back 600 ms later.
    const dropping = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await service.fetch(input, init);
      shaky.drop();
      setTimeout(shaky.restore, 600);
      return answer;
    }) as typeof fetch;
    const dropped = await hubOn({ db: shaky.db, fetch: dropping, fetchTimeoutMs: 5_000 });
    const answer = await call(token, profile(3), { id: 'row-1', app: dropped.app });
    expect(answer).toMatchObject({ status: 200, charged: '1', cache: 'miss' });
    expect(paid()).toBe(1);
    expect(await me(token)).toMatchObject({ spent_today: 1, reserved_today: 0 });
    await shaky.close();
  });

  it('answers answer_lost with the charge when it cannot be written, and settles it after the lease', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    const shaky = droppable(db);
    const dropping = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await service.fetch(input, init);
      shaky.drop();
      return answer;
    }) as typeof fetch;
    // A service timeout of 300 ms: the settle is retried that long, and the lease is 900 ms.
    const dropped = await hubOn({ db: shaky.db, fetch: dropping, fetchTimeoutMs: 300 });
    const answer = await call(token, profile(4), { id: 'row-1', app: dropped.app });
    expect(answer).toMatchObject({ status: 502, body: { error: 'answer_lost', charged: 1 }, charged: '1' });
    shaky.restore();
    expect(await me(token)).toMatchObject({ spent_today: 0, reserved_today: 1 });
    await sleep(1_000);
    expect(await settleExpired(db)).toBe(1);
    expect(await me(token)).toMatchObject({ spent_today: 1, reserved_today: 0 });
    expect(paid()).toBe(1);
    // Asked again: the same answer, not a second charge.
    expect(await call(token, profile(4), { id: 'row-1' })).toMatchObject({
      status: 502,
      body: { charged: 1 },
    });
    expect(service.requests()).toHaveLength(1);
    await shaky.close();
  });
});

describe('a call to the service that fails', () => {
  const failing = (code: string) =>
    (() =>
      Promise.reject(
        new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) }),
      )) as typeof fetch;

  it('says "nothing charged" (503) only when the connection was refused', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    const refused = await hubOn({ fetch: failing('ECONNREFUSED') });
    const answer = await call(token, profile(7), { id: 'row-1', app: refused.app });
    expect(answer).toMatchObject({ status: 503, body: { error: 'service_unreachable' }, charged: '0' });
    expect(String(answer.body.description)).toMatch(/nothing was charged/);
    expect(await me(token)).toMatchObject({ spent_today: 0, reserved_today: 0 });
    // Nothing was sent: asked again with its id, it goes.
    expect(await call(token, profile(7), { id: 'row-1' })).toMatchObject({ status: 200, charged: '1' });
  });

  it('answers answer_lost with its charge when the call broke after it left, and never sends it again', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    const broken = await hubOn({ fetch: failing('ECONNRESET') });
    const answer = await call(token, profile(8), { id: 'row-1', app: broken.app });
    expect(answer).toMatchObject({ status: 502, body: { error: 'answer_lost', charged: 1 }, charged: '1' });
    expect(String(answer.body.description)).not.toMatch(/nothing was charged/i);
    expect(await me(token)).toMatchObject({ spent_today: 1, reserved_today: 0 });
    expect(await call(token, profile(8), { id: 'row-1' })).toMatchObject({
      status: 502,
      body: { charged: 1 },
    });
    expect(service.requests()).toHaveLength(0);
  });
});

describe('identical requests at the same moment', () => {
  it('make one request at the service; the others get it at 0 from the cache', async () => {
    const tokens = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => (await addMember(db, `m${index}`, { daily: 10 })).token),
    );
    const slow = (async (input: RequestInfo | URL, init?: RequestInit) => {
      await sleep(200);
      return service.fetch(input, init);
    }) as typeof fetch;
    // Two hubs on the database (two connection pools on a real server).
    const one = await hubOn({ fetch: slow });
    const two = await hubOn({ db: await database.open(), fetch: slow });
    const answers = await Promise.all(
      tokens.map((token, index) => call(token, profile(5), { app: (index % 2 === 0 ? one : two).app })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(tokens.map(() => 200));
    expect(service.requests()).toHaveLength(1);
    expect(answers.filter((answer) => answer.cache === 'miss')).toHaveLength(1);
    expect(answers.filter((answer) => answer.charged === '0')).toHaveLength(9);
  });
});

describe('the journal', () => {
  it('names no one forgotten, and drops rows older than a week', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    const missing = 'https://www.linkedin.com/in/nobody-here-at-all';
    await call(token, profile(0, { profile_url: missing }), { id: 'row-1' });
    await call(token, profile(6), { id: 'row-2' });
    await forget(db, missing);
    const rows = await db.query<{ request_id: string; cache_key: string | null; body: unknown }>(
      'SELECT request_id, cache_key, body FROM request_journal ORDER BY request_id',
    );
    expect(rows[0]).toMatchObject({ request_id: 'row-1', cache_key: null, body: null });
    expect(rows[1]?.cache_key).toContain('profile');
    await db.query(
      `UPDATE request_journal SET created_at = now() - make_interval(days => $1) WHERE request_id = 'row-2'`,
      [JOURNAL_KEPT_DAYS + 1],
    );
    await settleExpired(db);
    expect((await db.query('SELECT request_id FROM request_journal')).length).toBe(1);
  });
});
