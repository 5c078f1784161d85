/**
 * The hub over the sandbox (in-process) on a database of its own: PGlite, or a real PostgreSQL
 * when HUB_DATABASE_URL is set (scripts/with-postgres.sh). Each test starts from empty tables.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createHub, type Hub } from '../../hub/app';
import { readAudit } from '../../hub/audit';
import type { Db } from '../../hub/db';
import { addMember, removeMember, setBudget } from '../../hub/members';
import { addListed, forget, forgottenSince } from '../../hub/privacy';
import {
  droppable,
  hubTestBed,
  type SandboxService,
  sandboxService,
  type TestDatabase,
} from '../support/hub-testing';

const bed = hubTestBed();
let database: TestDatabase;
let db: Db;
let service: SandboxService;
let hub: Hub;
beforeEach(async () => {
  ({ database, db, service } = bed);
  hub = await createHub({
    db,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    ratePerMinute: 60_000,
    fetch: service.fetch,
  });
});

const person = (index: number) => service.sandbox.queries.dataset.people[index]!.url;

async function call(token: string | null, path: string, params: Record<string, string> = {}, app = hub.app) {
  const headers: Record<string, string> = token === null ? {} : { Authorization: `Bearer ${token}` };
  const response = await app.request(`${path}?${new URLSearchParams(params)}`, { headers });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    charged: response.headers.get('X-Hub-Charged'),
    cache: response.headers.get('X-Hub-Cache'),
  };
}

const profile = (index: number, extra: Record<string, string> = {}) => ({
  profile_url: person(index),
  use_cache: 'if-present',
  live_fetch: 'default',
  ...extra,
});

describe('members', () => {
  it('answers 401 for a missing or unknown token, and refuses a removed member at once', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    expect((await call(null, '/api/v2/profile', profile(1))).status).toBe(401);
    expect((await call('hub_not-a-token', '/api/v2/profile', profile(1))).status).toBe(401);
    expect((await call(token, '/hub/v1/me')).status).toBe(200);
    await removeMember(db, 'ada');
    const refused = await call(token, '/api/v2/profile', profile(1));
    expect(refused).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    expect(service.requests()).toHaveLength(0);
  });

  it("says the member's budget and spend", async () => {
    const { token } = await addMember(db, 'ada', { daily: 50, monthly: 900 });
    await call(token, '/api/v2/profile', profile(1));
    expect((await call(token, '/hub/v1/me')).body).toMatchObject({
      name: 'ada',
      daily_budget: 50,
      monthly_budget: 900,
      spent_today: 1,
      reserved_today: 0,
      left_today: 49,
      left_this_month: 899,
    });
  });
});

describe('the service, through the hub', () => {
  it('answers what the service answers, with what the team paid, and keeps it for the whole team', async () => {
    const ada = (await addMember(db, 'ada', { daily: 100 })).token;
    const bob = (await addMember(db, 'bob', { daily: 100 })).token;
    const first = await call(ada, '/api/v2/profile', profile(3, { extra: 'include' }));
    expect(first).toMatchObject({ status: 200, cache: 'miss' });
    expect(first.body.public_identifier).toBeTypeOf('string');
    expect(Number(first.charged)).toBe(service.requests()[0]?.charged);
    // Another member asking the same question with another freshness wish that any copy satisfies.
    const second = await call(bob, '/api/v2/profile', profile(3, { extra: 'include' }));
    expect(second).toMatchObject({ status: 200, charged: '0', cache: 'hit', body: first.body });
    expect(service.requests()).toHaveLength(1);
    // Live now is never served from the cache.
    const live = await call(bob, '/api/v2/profile', profile(3, { extra: 'include', live_fetch: 'force' }));
    expect(live).toMatchObject({ status: 200, cache: 'miss' });
    expect(service.requests()).toHaveLength(2);
    expect((await call(bob, '/hub/v1/me')).body).toMatchObject({ spent_today: Number(live.charged) });
  });

  it('refuses a malformed request with 400 before anything is sent or charged', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    const bad = await call(token, '/api/v2/profile', { profile_url: person(1), use_cache: 'sometimes' });
    expect(bad.status).toBe(400);
    expect(String(bad.body.description)).toContain('use_cache');
    expect((await call(token, '/api/v2/search/person', { page_size: '1000' })).status).toBe(400);
    expect(service.requests()).toHaveLength(0);
    expect((await call(token, '/hub/v1/me')).body).toMatchObject({ spent_today: 0, reserved_today: 0 });
  });

  it('passes on the service errors, charging nothing', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    const missing = await call(
      token,
      '/api/v2/profile',
      profile(0, { profile_url: 'https://www.linkedin.com/in/nobody-here-at-all' }),
    );
    expect(missing).toMatchObject({ status: 404, charged: '0' });
    expect(service.requests()[0]?.status).toBe(404);
    expect((await call(token, '/hub/v1/me')).body).toMatchObject({ spent_today: 0, reserved_today: 0 });
  });

  it('peeks for free: whether the team has an answer and how old', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    expect((await call(token, '/hub/v1/peek/api/v2/profile', profile(4))).body).toMatchObject({
      cached: false,
      free: false,
    });
    await call(token, '/api/v2/profile', profile(4));
    const peek = await call(token, '/hub/v1/peek/api/v2/profile', profile(4, { use_cache: 'if-recent' }));
    expect(peek.body).toMatchObject({ cached: true });
    expect(peek.body.age_seconds).toBeTypeOf('number');
    expect((await call(token, '/hub/v1/peek/api/v2/profile', profile(4))).body).toMatchObject({ free: true });
    expect(service.requests()).toHaveLength(1);
  });
});

describe('budgets', () => {
  it('refuses with 402 a request that could pass the budget, saying what is left', async () => {
    const { token } = await addMember(db, 'ada', { daily: 2 });
    expect((await call(token, '/api/v2/profile', profile(1))).status).toBe(200);
    const refused = await call(token, '/api/v2/profile', profile(2, { use_cache: 'if-recent' }));
    expect(refused).toMatchObject({
      status: 402,
      body: { error: 'member_budget', left_today: 1, needed: 2 },
    });
    expect(service.requests()).toHaveLength(1);
    await setBudget(db, 'ada', { daily: 10 });
    expect((await call(token, '/api/v2/profile', profile(2, { use_cache: 'if-recent' }))).status).toBe(200);
  });

  it('holds under 20 concurrent requests split over two hubs on one database', async () => {
    const { token } = await addMember(db, 'ada', { daily: 7 });
    const second = await database.open();
    const other = await createHub({
      db: second,
      providerUrl: 'https://service.test',
      providerKey: 'team',
      ratePerMinute: 60_000,
      fetch: service.fetch,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(token, '/api/v2/profile', profile(10 + index), index % 2 === 0 ? hub.app : other.app),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    expect(statuses.filter((status) => status === 402)).toHaveLength(13);
    const paid = service.requests().reduce((sum, entry) => sum + entry.charged, 0);
    expect(paid).toBe(7);
    expect((await call(token, '/hub/v1/me')).body).toMatchObject({ spent_today: 7, reserved_today: 0 });
  });
});

describe('do not enrich and forget', () => {
  it('refuses a listed subject with 451, sending nothing', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    await addListed(db, person(5));
    const refused = await call(token, '/api/v2/profile', profile(5));
    expect(refused).toMatchObject({ status: 451, body: { error: 'do_not_enrich' } });
    expect(service.requests()).toHaveLength(0);
  });

  it('forgets a subject: out of the cache and the audit, and on the forgotten list', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    await call(token, '/api/v2/profile', profile(6));
    await call(token, '/api/v2/profile', profile(7));
    const result = await forget(db, person(6));
    expect(result.answersRemoved).toBe(1);
    expect((await call(token, '/hub/v1/peek/api/v2/profile', profile(6))).body).toMatchObject({
      cached: false,
    });
    expect((await call(token, '/hub/v1/peek/api/v2/profile', profile(7))).body).toMatchObject({
      cached: true,
    });
    const audit = await readAudit(db, {});
    expect(audit).toHaveLength(2);
    expect(audit.filter((line) => line.subject === null)).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(person(6).replace(/^https?:\/\/(www\.)?/, ''));
    const learnt = await call(token, '/hub/v1/forgotten', { since: '0' });
    expect(learnt.body).toMatchObject({
      last: result.seq,
      forgotten: [{ seq: result.seq, key: result.entry.key }],
    });
    expect(await forgottenSince(db, result.seq)).toEqual([]);
  });
});

describe('answers the hub does not keep', () => {
  it('pays for an answer about a listed subject but neither keeps nor shows it', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    await addListed(db, 'https://www.linkedin.com/in/johnrmarty');
    const lookup = { email: 'johnrmarty@example.com', enrich_profile: 'enrich', lookup_depth: 'deep' };
    const answer = await call(token, '/api/v2/profile/resolve/email', lookup);
    expect(answer).toMatchObject({ status: 451, body: { error: 'do_not_enrich' } });
    expect(Number(answer.charged)).toBe(service.requests()[0]?.charged);
    expect(Number(answer.charged)).toBeGreaterThan(0);
    expect(JSON.stringify(answer.body)).not.toContain('Marty');
    expect((await call(token, '/hub/v1/peek/api/v2/profile/resolve/email', lookup)).body).toMatchObject({
      cached: false,
    });
    expect((await readAudit(db, {}))[0]).toMatchObject({ status: 451, subject: null });
  });

  it("passes on the service's 429 with its Retry-After, charging nothing, and paces the account slower", async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    // The sandbox's account at 1 a minute allows 5 in its 5-minute window.
    const slow = sandboxService({ ratePerMinute: 1 });
    const paced = await createHub({
      db,
      providerUrl: 'https://service.test',
      providerKey: 'team',
      ratePerMinute: 60_000,
      fetch: slow.fetch,
    });
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    for (let index = 0; index < 6; index++) {
      const answer = await call(token, '/api/v2/profile', profile(30 + index), paced.app);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(refused?.charged).toBe('0');
    const [row] = await db.query<{ interval_ms: number; blocked_until: number }>(
      'SELECT interval_ms, blocked_until FROM limiter',
    );
    expect(Number(row?.interval_ms)).toBe(1.25);
    expect(Number(row?.blocked_until)).toBeGreaterThan(Date.now());
    expect((await call(token, '/hub/v1/me')).body).toMatchObject({ spent_today: 5, reserved_today: 0 });
  });
});

describe('the admin over HTTP', () => {
  it('answers the admin token only, never a member token', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    const admin = await createHub({
      db,
      providerUrl: 'https://service.test',
      providerKey: 'team',
      adminToken: 's3cret',
      fetch: service.fetch,
    });
    await call(token, '/api/v2/profile', profile(1), admin.app);
    expect((await call(token, '/hub/v1/admin/members', {}, admin.app)).status).toBe(401);
    expect((await call('s3cret', '/hub/v1/me', {}, admin.app)).status).toBe(401);
    expect((await call('s3cret', '/hub/v1/admin/members', {}, admin.app)).body).toMatchObject({
      members: [{ name: 'ada', daily_budget: 100, spent_today: 1 }],
    });
    expect((await call('s3cret', '/hub/v1/admin/audit', { member: 'ada' }, admin.app)).body).toMatchObject({
      audit: [{ member: 'ada', endpoint: 'person.profile', charged: 1, cache: 'miss' }],
    });
    // Without an admin token configured, nobody is admin.
    expect((await call('s3cret', '/hub/v1/admin/members')).status).toBe(404);
  });
});

describe('the database unreachable', () => {
  it('answers a clear 503 and charges nothing', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    const dropping = droppable(db);
    const shaky = await createHub({
      db: dropping.db,
      providerUrl: 'https://service.test',
      providerKey: 'team',
      fetch: service.fetch,
    });
    dropping.drop();
    const answer = await call(token, '/api/v2/profile', profile(1), shaky.app);
    expect(answer).toMatchObject({ status: 503, body: { error: 'hub_database_unavailable' } });
    expect(String(answer.body.description)).toContain('nothing was charged');
    expect(service.requests()).toHaveLength(0);
    await dropping.close();
  });
});
