/**
 * Budget alerts as the team's webhook receives them (a real HTTP server here), on a database of
 * their own (PGlite, or PostgreSQL with HUB_DATABASE_URL) with the sandbox as the service: a
 * member at 80 % and 100 % of their day and month, the account's balance under the floor, each
 * once per period however many hub processes see it, and every post's outcome kept for the admin.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertPayload, AlertRow } from '../../hub/alerts';
import { createHub, type Hub, type HubOptions } from '../../hub/app';
import { serverConfig } from '../../hub/config';
import type { Db } from '../../hub/db';
import { addMember } from '../../hub/members';
import { sandboxService, type TestDatabase, testDatabase } from '../support/hub-testing';

const ADMIN_TOKEN = 'admin-s3cret';

/** The team's webhook: what it received, and the status it answers (after `delayMs`). */
const webhook = { received: [] as AlertPayload[], status: 200, delayMs: 0, url: '' };
let server: Server;
let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      webhook.received.push(JSON.parse(body) as AlertPayload);
      setTimeout(() => response.writeHead(webhook.status).end(), webhook.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  webhook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/team`;
  database = await testDatabase();
  db = await database.open();
  await createHub({ db, providerUrl: 'http://unused.test', providerKey: 'x' }); // migrates
}, 120_000);
afterAll(async () => {
  await database.drop();
  await new Promise((resolve) => server.close(resolve));
});

let service: ReturnType<typeof sandboxService>;
const hubs: Hub[] = [];
const startHub = async (options: Partial<HubOptions> = {}) => {
  const hub = await createHub({
    db,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    ratePerMinute: 60_000,
    fetch: service.fetch,
    adminToken: ADMIN_TOKEN,
    alertWebhook: webhook.url,
    ...options,
  });
  hubs.push(hub);
  return hub;
};
beforeEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.stop()));
  await database.clear(db);
  service = sandboxService();
  Object.assign(webhook, { received: [], status: 200, delayMs: 0 });
});

/** The hub's day (HUB_TIME_ZONE: migrations.ts hub_today). */
const TODAY = 'hub_today()';
const today = async () =>
  (await db.query<{ day: string }>(`SELECT to_char(${TODAY}, 'YYYY-MM-DD') AS day`))[0]!.day;

/** What a member spent today, as settled charges leave it. */
const spentToday = (memberId: number, spent: number) =>
  db.query(
    `INSERT INTO spend (member_id, day, spent) VALUES ($1, ${TODAY}, $2)
     ON CONFLICT (member_id, day) DO UPDATE SET spent = excluded.spent`,
    [memberId, spent],
  );

async function alertsAnswer(hub: Hub) {
  const response = await hub.app.request('/hub/v1/admin/alerts', {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  return (await response.json()) as { alerts: AlertRow[]; webhook: boolean; balance_floor: number | null };
}

describe("a member's budget", () => {
  it('posts 80 % once after a charge through the hub crosses it, then 100 %, each once a day', async () => {
    const hub = await startHub();
    const { member, token } = await addMember(db, 'ada', { daily: 100 });
    await spentToday(member.id, 79);
    const ask = (index: number) =>
      hub.app.request(
        `/api/v2/profile?${new URLSearchParams({ profile_url: service.sandbox.queries.dataset.people[index]!.url })}`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
    const answer = await ask(1);
    expect(answer.status).toBe(200);
    const spent = 79 + Number(answer.headers.get('X-Hub-Charged'));
    await vi.waitFor(() => expect(webhook.received).toHaveLength(1));
    const day = await today();
    expect(webhook.received[0]).toEqual({
      kind: 'member_daily',
      member: 'ada',
      threshold: 80,
      period: day,
      spent,
      budget: 100,
      at: expect.stringMatching(/^20\d\d-\d\d-\d\dT.*Z$/),
      text: `ada has spent ${spent} of their daily budget of 100 credits today (80 % reached)`,
    });
    // Another charge under 100 %: nothing more.
    await ask(2);
    await hub.stop();
    expect(webhook.received).toHaveLength(1);

    const again = await startHub();
    await spentToday(member.id, 100);
    expect((await again.alerts!.checkMember(member.id)).map((alert) => alert.threshold)).toEqual([100]);
    expect(await again.alerts!.checkMember(member.id)).toEqual([]);
    expect(webhook.received.map((alert) => alert.threshold)).toEqual([80, 100]);
    const listed = await alertsAnswer(again);
    expect(listed).toMatchObject({ webhook: true, balance_floor: null });
    expect(listed.alerts).toMatchObject([
      { kind: 'member_daily', member: 'ada', threshold: 100, period: day, outcome: 'sent', http_status: 200 },
      { kind: 'member_daily', member: 'ada', threshold: 80, period: day, outcome: 'sent', http_status: 200 },
    ]);
  });

  it('posts the month at 80 % when the member has a monthly budget, and nothing for a budget of 0', async () => {
    const hub = await startHub();
    const { member } = await addMember(db, 'ada', { daily: 2000, monthly: 1000 });
    const { member: none } = await addMember(db, 'bob', { daily: 0 });
    await spentToday(member.id, 850);
    expect(await hub.alerts!.checkMember(none.id)).toEqual([]);
    const sent = await hub.alerts!.checkMember(member.id);
    expect(sent).toMatchObject([{ kind: 'member_monthly', threshold: 80, spent: 850, budget: 1000 }]);
    expect(sent[0]?.period).toBe((await today()).slice(0, 7));
    expect(sent[0]?.text).toBe(
      'ada has spent 850 of their monthly budget of 1000 credits this month (80 % reached)',
    );
  });

  it('is posted once by one of several hub processes checking at the same moment', async () => {
    const [first, second] = [await startHub(), await startHub()];
    const { member } = await addMember(db, 'ada', { daily: 10 });
    await spentToday(member.id, 10);
    const checks = [first, second, first, second].map((hub) => hub.alerts!.checkMember(member.id));
    const sent = (await Promise.all(checks)).flat();
    expect(sent.map((alert) => alert.threshold).sort()).toEqual([100, 80]);
    expect(webhook.received).toHaveLength(2);
    expect(await db.query('SELECT threshold FROM alerts_sent ORDER BY threshold')).toEqual([
      { threshold: expect.anything() },
      { threshold: expect.anything() },
    ]);
  });

  it("keeps a failed post's status or reason for the admin, and does not post it again", async () => {
    const hub = await startHub();
    const { member } = await addMember(db, 'ada', { daily: 10 });
    await spentToday(member.id, 8);
    webhook.status = 500;
    await hub.alerts!.checkMember(member.id);
    const unreachable = await startHub({ alertWebhook: 'http://127.0.0.1:9/hook' });
    await spentToday(member.id, 10);
    await unreachable.alerts!.checkMember(member.id);
    await hub.alerts!.checkMember(member.id);
    expect(webhook.received.map((alert) => alert.threshold)).toEqual([80]);
    expect((await alertsAnswer(hub)).alerts).toMatchObject([
      {
        threshold: 100,
        outcome: 'failed',
        http_status: null,
        detail: expect.stringMatching(/^the webhook could not be reached \(/),
      },
      { threshold: 80, outcome: 'failed', http_status: 500, detail: 'the webhook answered HTTP 500' },
    ]);
  });
});

describe("the account's balance", () => {
  it('posts once a day when the balance read from the service is under the floor, from the start', async () => {
    // The sandbox's team key holds 100,000 credits.
    const hub = await startHub({ balanceFloor: 250_000 });
    await vi.waitFor(() => expect(webhook.received).toHaveLength(1));
    expect(webhook.received[0]).toEqual({
      kind: 'balance_floor',
      threshold: 250_000,
      period: await today(),
      balance: 100_000,
      at: expect.any(String),
      text: "The account's balance is 100000 credits, under the floor of 250000 credits",
    });
    expect(await hub.alerts!.checkBalance()).toBeNull();
    expect(webhook.received).toHaveLength(1);
    expect(
      service.sandbox.state.requests.list().filter((entry) => entry.path === '/api/v2/credit-balance').length,
    ).toBe(2);
    // The post's outcome is written once the webhook answered, just after it received the alert.
    await vi.waitFor(async () =>
      expect(await alertsAnswer(hub)).toMatchObject({
        balance_floor: 250_000,
        alerts: [{ kind: 'balance_floor', member: null, balance: 100_000, outcome: 'sent' }],
      }),
    );
  });

  it('posts nothing above the floor; stop() ends the timer and waits for a post under way', async () => {
    const above = await startHub({ balanceFloor: 50 });
    expect(await above.alerts!.checkBalance()).toBeNull();
    await above.stop();
    webhook.delayMs = 300;
    const slow = await startHub();
    const { member } = await addMember(db, 'ada', { daily: 10 });
    await spentToday(member.id, 9);
    slow.alerts!.memberCharged(member.id);
    await slow.stop();
    // The post was answered and its outcome kept before stop() returned.
    expect((await alertsAnswer(slow)).alerts).toMatchObject([{ threshold: 80, outcome: 'sent' }]);
    slow.alerts!.memberCharged(member.id);
    await spentToday(member.id, 10);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(webhook.received).toHaveLength(1);
  });
});

describe('the settings', () => {
  const base = { HUB_PROVIDER_URL: 'http://127.0.0.1:8787', HUB_PROVIDER_KEY: 'team' };
  it('read the webhook and the floor, and refuse a floor with nowhere to send it or a webhook that is not a URL', () => {
    expect(
      serverConfig({ ...base, HUB_ALERT_WEBHOOK: 'https://hooks.example/T1', HUB_BALANCE_FLOOR: '5000' }),
    ).toMatchObject({ alertWebhook: 'https://hooks.example/T1', balanceFloor: 5000 });
    expect(serverConfig(base)).toMatchObject({ alertWebhook: undefined, balanceFloor: undefined });
    expect(() => serverConfig({ ...base, HUB_BALANCE_FLOOR: '5000' })).toThrow(
      'HUB_BALANCE_FLOOR is set but HUB_ALERT_WEBHOOK is not',
    );
    expect(() => serverConfig({ ...base, HUB_ALERT_WEBHOOK: 'hooks.example' })).toThrow(
      'HUB_ALERT_WEBHOOK is not a URL',
    );
    expect(() => serverConfig({ ...base, HUB_ALERT_WEBHOOK: 'ftp://hooks.example' })).toThrow(
      /http or https/,
    );
    expect(() =>
      serverConfig({ ...base, HUB_ALERT_WEBHOOK: 'https://hooks.example', HUB_BALANCE_FLOOR: '-5' }),
    ).toThrow(/HUB_BALANCE_FLOOR must be a whole number/);
  });
});
