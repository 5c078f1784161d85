/**
 * Member tokens with an expiry and rotation, as a member and the admin meet them: by the admin's
 * command, the admin's routes and every member route, on a database of their own (PGlite, or
 * PostgreSQL with HUB_DATABASE_URL), with the sandbox as the service. Time passing is the database's
 * clock moved back on a row (an expiry or a grace already over), as a day going by would.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from '../../hub/admin';
import { createHub, type Hub } from '../../hub/app';
import type { Db } from '../../hub/db';
import { addMember, memberByToken, rotateToken } from '../../hub/members';
import { hubTestBed, type SandboxService } from '../support/hub-testing';

const ADMIN_TOKEN = 'admin-s3cret';

const bed = hubTestBed();
let db: Db;
let service: SandboxService;
let hub: Hub;
beforeEach(async () => {
  ({ db, service } = bed);
  hub = await createHub({
    db,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    ratePerMinute: 60_000,
    fetch: service.fetch,
    adminToken: ADMIN_TOKEN,
  });
});

const person = (index: number) => service.sandbox.queries.dataset.people[index]!.url;

async function call(token: string, path: string, params: Record<string, string> = {}) {
  const response = await hub.app.request(`${path}?${new URLSearchParams(params)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function admin(method: string, path: string, body?: unknown) {
  const response = await hub.app.request(`/hub/v1/admin/${path}`, {
    method,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Every route a member's token opens: a service path, a bad request to one, and the hub's own. */
const memberRoutes = (): [string, Record<string, string>][] => [
  ['/api/v2/profile', { profile_url: person(1) }],
  ['/api/v2/profile', { profile_url: person(1), use_cache: 'sometimes' }],
  ['/hub/v1/me', {}],
  ['/hub/v1/peek/api/v2/profile', { profile_url: person(1) }],
  ['/hub/v1/forgotten', { since: '0' }],
];

const hoursFromNow = (iso: unknown) => (new Date(String(iso)).getTime() - Date.now()) / 3_600_000;

describe('a token with an expiry', () => {
  it('works until it expires, then every route answers 401 saying it expired, and nothing is sent', async () => {
    const lines = await runAdmin(db, ['add-member', 'ada', '--daily', '200', '--expires', '90d']);
    expect(lines[0]).toMatch(
      /^Added ada: 200 credits a day\. Their token \(shown only now; it expires at 20/,
    );
    const token = lines.at(-1)!;
    expect((await call(token, '/hub/v1/me')).status).toBe(200);
    expect((await runAdmin(db, ['list-members']))[0]).toMatch(
      /^ada: 200 a day, 0 spent today, token expires 20/,
    );
    const [row] = await db.query<{ hours: number }>(
      'SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM members',
    );
    expect(Number(row?.hours)).toBeCloseTo(90 * 24, 0);

    await db.query("UPDATE members SET expires_at = now() - interval '1 second'");
    for (const [path, params] of memberRoutes()) {
      const refused = await call(token, path, params);
      expect(refused.status, path).toBe(401);
      expect(refused.body, path).toMatchObject({ error: 'token_expired' });
      expect(String(refused.body.description), path).toMatch(
        /^This member token expired at 20\S+Z: ask your hub's admin for a new one$/,
      );
    }
    expect(service.requests()).toHaveLength(0);
    expect(await memberByToken(db, token)).toHaveProperty('refusal');
  });

  it('is refused at the expiry on a member added with one over the admin route, listed with it', async () => {
    const added = await admin('POST', 'members', { name: 'ada', daily_budget: 10, expires_in_days: 30 });
    expect(added.status).toBe(201);
    expect(hoursFromNow(added.body.token_expires_at)).toBeCloseTo(30 * 24, 0);
    const never = await admin('POST', 'members', { name: 'bob', daily_budget: 10, expires_in_days: null });
    expect(never.body.token_expires_at).toBeNull();
    const listed = (await admin('GET', 'members')).body.members as Record<string, unknown>[];
    expect(listed.map((member) => [member.name, member.token_expires_at === null])).toEqual([
      ['ada', false],
      ['bob', true],
    ]);
    expect(listed[0]?.token_expires_at).toBe(added.body.token_expires_at);
  });

  it('refuses a lifetime that is not a whole positive number of days or hours, adding no one', async () => {
    for (const expires of ['90', '0d', '-1d', '1.5d', '90m', 'never'])
      await expect(
        runAdmin(db, ['add-member', 'ada', '--daily', '5', '--expires', expires]),
        expires,
      ).rejects.toThrow(expires === '0d' ? /lifetime must be a whole number of hours from 1/ : UsageError);
    for (const expires_in_days of [0, -3, 2.5, '30', 3651]) {
      const refused = await admin('POST', 'members', { name: 'ada', daily_budget: 5, expires_in_days });
      expect(refused.status, String(expires_in_days)).toBe(400);
      expect(String(refused.body.description)).toMatch(
        /^expires_in_days: must be a whole number from 1 to 3650/,
      );
    }
    expect(await runAdmin(db, ['list-members'])).toEqual(['No members yet.']);
  });
});

describe('rotating a token', () => {
  it('gives a new token at once; the old one works through the grace, then is refused as replaced', async () => {
    const old = (await runAdmin(db, ['add-member', 'ada', '--daily', '200'])).at(-1)!;
    const lines = await runAdmin(db, ['rotate-member', 'ada', '--grace', '7d']);
    expect(lines[0]).toMatch(
      /^Rotated ada's token\. The old token works until 20\S+Z\. The new token \(shown only now; it never expires\):$/,
    );
    const fresh = lines.at(-1)!;
    expect(fresh).toMatch(/^hub_/);
    expect(fresh).not.toBe(old);
    const answered = await call(old, '/api/v2/profile', { profile_url: person(2) });
    expect(answered.status).toBe(200);
    // One member, either token: what the old token spent is the member's.
    const me = (await call(fresh, '/hub/v1/me')).body;
    expect(me).toMatchObject({ name: 'ada' });
    expect(me.spent_today).toBe(service.requests()[0]?.charged);
    expect((await runAdmin(db, ['list-members']))[0]).toMatch(/, old token works until 20/);

    await db.query("UPDATE members SET previous_token_until = now() - interval '1 second'");
    for (const [path, params] of memberRoutes()) {
      const refused = await call(old, path, params);
      expect(refused.status, path).toBe(401);
      expect(refused.body, path).toMatchObject({ error: 'token_expired' });
      expect(String(refused.body.description), path).toMatch(
        /^This member token was replaced by a new one and stopped working at 20\S+Z: use the new token/,
      );
    }
    expect((await call(fresh, '/hub/v1/me')).status).toBe(200);
    expect((await admin('GET', 'members')).body.members).toMatchObject([
      { name: 'ada', previous_token_until: null },
    ]);
  });

  it('gives the old token 24 hours by default, none with a grace of 0, and stops a token replaced before', async () => {
    const { token: first } = await addMember(db, 'ada', { daily: 10 });
    const second = await rotateToken(db, 'ada');
    expect(hoursFromNow(second.previousUntil)).toBeCloseTo(24, 1);
    // A second rotation: the first token, still in its grace, stops at once.
    const third = await rotateToken(db, 'ada', { graceHours: 2 });
    expect((await call(first, '/hub/v1/me')).body).toMatchObject({ error: 'unauthorized' });
    expect((await call(second.token, '/hub/v1/me')).status).toBe(200);
    const fourth = await rotateToken(db, 'ada', { graceHours: 0 });
    expect(fourth.previousUntil).toBeNull();
    for (const token of [first, second.token, third.token])
      expect((await call(token, '/hub/v1/me')).status).toBe(401);
    expect((await call(fourth.token, '/hub/v1/me')).status).toBe(200);
  });

  it("keeps the token's lifetime unless told otherwise, and never extends an old token past its expiry", async () => {
    await addMember(db, 'ada', { daily: 10 }, { expiresInHours: 90 * 24 });
    // Thirty days later: the new token has 90 days again; the old one keeps its own end.
    await db.query(
      "UPDATE members SET token_issued_at = token_issued_at - interval '30 days', expires_at = expires_at - interval '30 days'",
    );
    const kept = await rotateToken(db, 'ada', { graceHours: 24 });
    expect(hoursFromNow(kept.expiresAt)).toBeCloseTo(90 * 24, 0);
    const shorter = await rotateToken(db, 'ada', { expiresInHours: 36 });
    expect(hoursFromNow(shorter.expiresAt)).toBeCloseTo(36, 1);
    // The grace (24 h by default) ends when the old token would have expired anyway (36 h: no).
    expect(hoursFromNow(shorter.previousUntil)).toBeCloseTo(24, 1);
    const short = await rotateToken(db, 'ada', { graceHours: 48, expiresInHours: null });
    expect(hoursFromNow(short.previousUntil)).toBeCloseTo(36, 1);
    expect(short.expiresAt).toBeNull();
    expect((await runAdmin(db, ['rotate-member', 'ada', '--expires', 'never']))[0]).toContain(
      'it never expires',
    );
  });

  it('over the admin route: the new token in the answer only, the grace and lifetime checked', async () => {
    const { token: old } = await addMember(db, 'ada', { daily: 10 });
    const rotated = await admin('POST', 'members/ada/rotate', { grace_hours: 2 });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ name: 'ada', token_expires_at: null });
    expect(hoursFromNow(rotated.body.previous_token_until)).toBeCloseTo(2, 1);
    expect((await call(String(rotated.body.token), '/hub/v1/me')).status).toBe(200);
    expect((await call(old, '/hub/v1/me')).status).toBe(200);
    expect((await admin('GET', 'members')).body.members).toMatchObject([
      { name: 'ada', previous_token_until: rotated.body.previous_token_until },
    ]);
    const refusals: [string, unknown, number, RegExp][] = [
      ['members/ada/rotate', { grace_hours: -1 }, 400, /grace_hours: must be a whole number from 0 to 720/],
      ['members/ada/rotate', { grace_hours: 721 }, 400, /grace_hours/],
      ['members/ada/rotate', { expires_in_days: 0 }, 400, /expires_in_days/],
      ['members/nobody/rotate', {}, 404, /No member is named "nobody"/],
    ];
    for (const [path, body, status, message] of refusals) {
      const refused = await admin('POST', path, body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(String(refused.body.description)).toMatch(message);
    }
    // Nothing changed: the last rotation's tokens still work.
    expect((await call(String(rotated.body.token), '/hub/v1/me')).status).toBe(200);
    expect((await call(old, '/hub/v1/me')).status).toBe(200);
    for (const grace of ['7', '1w', '-1h'])
      await expect(runAdmin(db, ['rotate-member', 'ada', '--grace', grace])).rejects.toThrow(UsageError);
    await expect(runAdmin(db, ['rotate-member', 'ada', '--grace', '31d'])).rejects.toThrow(
      /grace period must be a whole number of hours from 0 to 720/,
    );
  });
});
