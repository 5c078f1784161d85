/**
 * Budgets a team can run for a year (issue 40): credits as 64-bit numbers end to end, every number
 * an admin gives read strictly (the command line and the admin routes alike), and "today" as the
 * day in the hub's time zone (HUB_TIME_ZONE). On a database of their own (PGlite, or PostgreSQL
 * with HUB_DATABASE_URL), with the sandbox as the service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runAdmin, UsageError } from '../../hub/admin';
import { createHub, type Hub } from '../../hub/app';
import { usageOf } from '../../hub/budget';
import { serverConfig } from '../../hub/config';
import type { Db } from '../../hub/db';
import { addMember, hashToken, listMembers, memberByToken, setBudget } from '../../hub/members';
import { migrate } from '../../hub/migrations';
import {
  emptyPgliteFolder,
  hubTestBed,
  type SandboxService,
  startHubProcess,
  type TestDatabase,
  testDatabase,
} from '../support/hub-testing';

const ADMIN_TOKEN = 'admin-s3cret';
/** 2^40 credits: past a 32-bit integer, well within Number.MAX_SAFE_INTEGER. */
const HUGE = 2 ** 40;

const bed = hubTestBed();
let database: TestDatabase;
let db: Db;
let service: SandboxService;
let hub: Hub;
beforeEach(async () => {
  ({ database, db, service } = bed);
  hub = await hubIn();
});

function hubIn(timeZone?: string) {
  return createHub({
    db,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    ratePerMinute: 60_000,
    fetch: service.fetch,
    adminToken: ADMIN_TOKEN,
    ...(timeZone ? { timeZone } : {}),
  });
}

async function request(token: string, method: string, path: string, body?: string, app = hub.app) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await app.request(path, { method, headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
const admin = (method: string, path: string, body?: string) =>
  request(ADMIN_TOKEN, method, `/hub/v1/admin/${path}`, body);

const person = (index: number) => service.sandbox.queries.dataset.people[index]!.url;
const profile = (index: number) =>
  `/api/v2/profile?${new URLSearchParams({ profile_url: person(index), use_cache: 'if-present', live_fetch: 'default' })}`;

describe('budgets past 2^31', () => {
  it('adds, reserves, shows and lists a budget of 2^40 credits', async () => {
    const added = await admin(
      'POST',
      'members',
      `{"name":"ada","daily_budget":${HUGE},"monthly_budget":${HUGE}}`,
    );
    expect(added).toMatchObject({ status: 201, body: { daily_budget: HUGE, monthly_budget: HUGE } });
    const token = String(added.body.token);
    expect((await request(token, 'GET', profile(1))).status).toBe(200);
    expect((await request(token, 'GET', '/hub/v1/me')).body).toMatchObject({
      daily_budget: HUGE,
      monthly_budget: HUGE,
      spent_today: 1,
      left_today: HUGE - 1,
      left_this_month: HUGE - 1,
    });
    expect((await admin('GET', 'members')).body).toMatchObject({
      members: [{ name: 'ada', daily_budget: HUGE, spent_today: 1, left_today: HUGE - 1 }],
    });
    expect((await admin('PATCH', 'members/ada', `{"daily_budget":${2 * HUGE}}`)).body).toMatchObject({
      daily_budget: 2 * HUGE,
    });
    expect((await admin('GET', 'spend')).body).toMatchObject({
      spend: [{ member: 'ada', spent: 1, reserved: 0 }],
    });
  });

  it('takes 2^40 on the command line', async () => {
    await runAdmin(db, ['add-member', 'bob', '--daily', String(HUGE), '--monthly', String(HUGE)]);
    expect(await runAdmin(db, ['list-members'])).toEqual([
      `bob: ${HUGE} a day, 0 spent today, ${HUGE} a month (${HUGE} left)`,
    ]);
  });
});

describe('a hub of version 2 upgraded', () => {
  it('keeps its members, spend and answers, and leaves pages kept before of unknown age', async () => {
    const old = await testDatabase();
    const before = await old.open();
    try {
      await migrate(before, 2);
      // As a version-2 hub added members (members.ts writes the columns of later versions).
      const token = 'hub_upgraded-member-token';
      await before.query(
        "INSERT INTO members (name, token_hash, daily_budget, monthly_budget) VALUES ('ada', $1, 2000000000, 2100000000)",
        [hashToken(token)],
      );
      await before.query(
        "INSERT INTO spend (member_id, day, spent, reserved) VALUES (1, (now() AT TIME ZONE 'UTC')::date, 5, 0)",
      );
      for (const [key, body] of [
        ['page', { results: [{ last_updated: '2020-01-01T00:00:00Z' }], next_page: null }],
        ['profile', { full_name: 'Ada' }],
      ] as const)
        await before.query(
          `INSERT INTO cache (key, endpoint, params, body, fetched_at, data_at)
           VALUES ($1, 'x', '{}', $2, now(), now())`,
          [key, JSON.stringify(body)],
        );
      expect(await migrate(before)).toContain(3);
      expect(await memberByToken(before, token)).toMatchObject({
        member: { dailyBudget: 2_000_000_000, monthlyBudget: 2_100_000_000 },
      });
      const kept = await before.query<{ key: string; dated: boolean }>(
        'SELECT key, data_at IS NOT NULL AS dated FROM cache ORDER BY key',
      );
      expect(kept).toEqual([
        { key: 'page', dated: false },
        { key: 'profile', dated: true },
      ]);
      await setBudget(before, 'ada', { daily: HUGE });
      expect(await usageOf(before, 1)).toMatchObject({ spentToday: 5 });
    } finally {
      await old.drop();
    }
  });
});

describe('numbers an admin gives, read strictly', () => {
  const BAD = ['12abc', '1e3', '-1', '1.5', '', ' 7', '0x10', '9007199254740993'];

  it('refuses each with a clear usage error on the command line, changing nothing', async () => {
    await runAdmin(db, ['add-member', 'ada', '--daily', '5']);
    for (const text of BAD) {
      await expect(runAdmin(db, ['add-member', 'bob', '--daily', text]), text).rejects.toThrow(UsageError);
      await expect(runAdmin(db, ['set-budget', 'ada', '--monthly', text]), text).rejects.toThrow(UsageError);
      await expect(runAdmin(db, ['audit', '--limit', text]), text).rejects.toThrow(UsageError);
    }
    expect((await listMembers(db)).map((m) => [m.name, m.dailyBudget, m.monthlyBudget])).toEqual([
      ['ada', 5, null],
    ]);
    await expect(runAdmin(db, ['add-member', 'bob', '--daily', '1e3'])).rejects.toThrow(
      /^--daily must be a whole number of digits only, from 0 to 9007199254740991 \(not "1e3"\)$/,
    );
  });

  it('refuses each with 400 on the admin routes, changing nothing', async () => {
    await addMember(db, 'ada', { daily: 5 });
    // As JSON numbers where JSON can write them, and as texts.
    const written = ['1e3', '-1', '1.5', '9007199254740993', '1E3', '10.0', '"12abc"', '""', '"5"'];
    for (const value of written) {
      const added = await admin('POST', 'members', `{"name":"bob","daily_budget":${value}}`);
      expect(added.status, value).toBe(400);
      expect(String(added.body.description), value).toMatch(/^daily_budget: must be a whole number/);
      const set = await admin('PATCH', 'members/ada', `{"monthly_budget":${value}}`);
      expect(set.status, value).toBe(400);
    }
    for (const limit of ['1e3', '-1', '1.5', '', '12abc']) {
      expect((await admin('GET', `audit?limit=${encodeURIComponent(limit)}`)).status, limit).toBe(400);
    }
    expect((await listMembers(db)).map((m) => [m.name, m.dailyBudget, m.monthlyBudget])).toEqual([
      ['ada', 5, null],
    ]);
  });
});

describe('HUB_TIME_ZONE', () => {
  /** The day a moment falls on in a time zone, YYYY-MM-DD. */
  const dayIn = (zone: string, at: Date) => at.toLocaleDateString('en-CA', { timeZone: zone });

  it('counts a day at 23:30 UTC in Pacific/Auckland as the next one there', async () => {
    await hubIn('Pacific/Auckland');
    const [row] = await db.query<{ day: string }>(
      "SELECT to_char(hub_day_at('2026-11-29T23:30:00Z'), 'YYYY-MM-DD') AS day",
    );
    expect(row?.day).toBe('2026-11-30');
  });

  it("gives a member a fresh day when it is already tomorrow in the hub's time zone", async () => {
    const now = new Date();
    const utcDay = dayIn('UTC', now);
    // Auckland is ahead of UTC from 11:00 or 12:00 UTC on; before that Pago Pago is still yesterday.
    const zone = ['Pacific/Auckland', 'Pacific/Pago_Pago'].find(
      (candidate) => dayIn(candidate, now) !== utcDay,
    );
    if (zone === undefined) throw new Error('No zone is on another day than UTC now');
    const { token } = await addMember(db, 'ada', { daily: 1 });
    // Spent on the UTC day: the whole of her budget there.
    expect((await request(token, 'GET', profile(1))).status).toBe(200);
    expect((await request(token, 'GET', profile(2))).status).toBe(402);

    const local = await hubIn(zone);
    expect((await request(token, 'GET', '/hub/v1/me', undefined, local.app)).body).toMatchObject({
      spent_today: 0,
      left_today: 1,
    });
    expect((await request(token, 'GET', profile(2), undefined, local.app)).status).toBe(200);
    const spend = (await admin('GET', 'spend')).body.spend as { day: string; spent: number }[];
    expect(spend.map((row) => [row.day, row.spent]).sort()).toEqual(
      [
        [utcDay, 1],
        [dayIn(zone, now), 1],
      ].sort(),
    );
  });

  it('refuses an unknown time zone at start with a clear message, changing nothing', {
    timeout: 120_000,
  }, async () => {
    await expect(hubIn('Mars/Olympus')).rejects.toThrow(
      /HUB_TIME_ZONE "Mars\/Olympus" is not a time zone name/,
    );
    await expect(hubIn('+03:00')).rejects.toThrow(/HUB_TIME_ZONE/);
    const [row] = await db.query<{ time_zone: string }>('SELECT time_zone FROM hub_settings');
    expect(row?.time_zone).toBe('UTC');
    expect(serverConfig({ HUB_PROVIDER_URL: 'http://x.test', HUB_PROVIDER_KEY: 'k' }).timeZone).toBe('UTC');
    // The server, as `npm run hub` starts it, stops with the message.
    const folder = mkdtempSync(join(tmpdir(), 'hub-zone-'));
    try {
      if (!database.url) await emptyPgliteFolder(join(folder, 'data'));
      const started = startHubProcess({
        ...(database.url ? { HUB_DATABASE_URL: database.url } : { HUB_DATA_DIR: join(folder, 'data') }),
        HUB_PROVIDER_URL: 'http://127.0.0.1:9',
        HUB_PROVIDER_KEY: 'team',
        HUB_TIME_ZONE: 'Mars/Olympus',
      });
      started.then((running) => running.child.kill('SIGTERM')).catch(() => {});
      await expect(started).rejects.toThrow(
        /Hub failed to start: HUB_TIME_ZONE "Mars\/Olympus" is not a time zone/,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    expect(
      serverConfig({
        HUB_PROVIDER_URL: 'http://x.test',
        HUB_PROVIDER_KEY: 'k',
        HUB_TIME_ZONE: 'Europe/Paris',
      }).timeZone,
    ).toBe('Europe/Paris');
  });
});
