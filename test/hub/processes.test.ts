/**
 * Two hub processes (`hub/main.ts`, as `npm run hub` starts it) on one PostgreSQL, with the sandbox
 * as the service: one member's budget holds under 20 concurrent requests split between them, what
 * one paid for is free from the other, identical requests at once make one call (single flight),
 * and a team watch list due in both processes asks each person once (hub/team-watch.ts). Real processes need a real server: with PGlite (one
 * process owns its folder) this file is skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../hub/admin';
import type { Db } from '../../hub/db';
import { migrate } from '../../hub/migrations';
import { type RunningSandbox, startSandbox } from '../../sandbox/app';
import { parseKeyFaults } from '../../sandbox/faults';
import { type HubProcess, startHubProcess, type TestDatabase, testDatabase } from '../support/hub-testing';

const real = Boolean(process.env.HUB_DATABASE_URL);

describe.skipIf(!real)('two hub processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;
  let sandbox: RunningSandbox;
  const hubs: HubProcess[] = [];

  beforeAll(async () => {
    database = await testDatabase();
    db = await database.open();
    await migrate(db);
    // Each answer takes the service 200 ms: identical requests asked together are in flight together.
    sandbox = await startSandbox({
      port: 0,
      keys: [{ key: 'team', credits: 10_000, plan: 'standard' }],
      keyFaults: parseKeyFaults('team=latency=200'),
    });
    const env = {
      HUB_DATABASE_URL: database.url ?? '',
      HUB_PROVIDER_URL: sandbox.url,
      HUB_PROVIDER_KEY: 'team',
      HUB_RATE_PER_MIN: '6000',
      // Both look for team watch people due often, so that they claim the same due work together.
      HUB_WATCH_CHECK_MS: '300',
    };
    hubs.push(...(await Promise.all([startHubProcess(env), startHubProcess(env)])));
  }, 120_000);
  afterAll(async () => {
    for (const hub of hubs) hub.child.kill('SIGTERM');
    await sandbox?.close();
    await database?.drop();
  });

  it("never pass a member's budget between them, and share what the team paid for", async () => {
    const token = (await runAdmin(db, ['add-member', 'ada', '--daily', '7'])).at(-1) ?? '';
    const people = sandbox.sandbox.queries.dataset.people;
    const ask = (hub: string, index: number) =>
      fetch(
        `${hub}/api/v2/profile?${new URLSearchParams({ profile_url: people[index]?.url ?? '', use_cache: 'if-present', live_fetch: 'default' })}`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => ask(hubs[index % 2]?.url ?? '', 100 + index)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(7);
    expect(statuses.filter((status) => status === 402)).toHaveLength(13);
    const paid = sandbox.sandbox.state.requests.list().reduce((sum, entry) => sum + entry.charged, 0);
    expect(paid).toBe(7);

    // An answer one process paid for is free from the other.
    const paidIndex = 100 + statuses.indexOf(200);
    const servedBy = hubs[(paidIndex - 100) % 2 === 0 ? 1 : 0]?.url ?? '';
    const again = await ask(servedBy, paidIndex);
    expect(again.status).toBe(200);
    expect(again.headers.get('X-Hub-Cache')).toBe('hit');
    expect(again.headers.get('X-Hub-Charged')).toBe('0');
    expect(sandbox.sandbox.state.requests.list()).toHaveLength(7);
  });

  it('make one request at the service for 10 members asking the same person at once', async () => {
    const tokens = await Promise.all(
      Array.from(
        { length: 10 },
        async (_, index) => (await runAdmin(db, ['add-member', `m${index}`, '--daily', '10'])).at(-1) ?? '',
      ),
    );
    const url = sandbox.sandbox.queries.dataset.people[300]?.url ?? '';
    const query = new URLSearchParams({ profile_url: url, use_cache: 'if-present', live_fetch: 'default' });
    const answers = await Promise.all(
      tokens.map((token, index) =>
        fetch(`${hubs[index % 2]?.url}/api/v2/profile?${query}`, {
          headers: { Authorization: `Bearer ${token}` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(tokens.map(() => 200));
    expect(
      sandbox.sandbox.state.requests.list().filter((entry) => entry.query.profile_url === url),
    ).toHaveLength(1);
    expect(answers.filter((answer) => answer.headers.get('X-Hub-Charged') === '0')).toHaveLength(9);
  });

  it('ask each person of a team watch list once between them', async () => {
    const token = (await runAdmin(db, ['add-member', 'watcher', '--daily', '10'])).at(-1) ?? '';
    await runAdmin(db, ['watch-budget', '1000']);
    const people = sandbox.sandbox.queries.dataset.people.slice(400, 440).map((person) => person.url);
    const before = sandbox.sandbox.state.requests.list().length;
    const made = await fetch(`${hubs[0]?.url}/hub/v1/watch/lists`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Forty', period_days: 30, people }),
    });
    expect(made.status).toBe(201);
    const checked = async () => {
      const answer = await fetch(`${hubs[1]?.url}/hub/v1/watch/lists`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const { lists } = (await answer.json()) as { lists: Array<{ checked: number }> };
      return lists[0]?.checked ?? 0;
    };
    const until = Date.now() + 30_000;
    while ((await checked()) < 40 && Date.now() < until) await new Promise((wake) => setTimeout(wake, 200));
    expect(await checked()).toBe(40);
    const asked = sandbox.sandbox.state.requests
      .list()
      .slice(before)
      .map((entry) => entry.query.profile_url);
    expect(asked).toHaveLength(40);
    expect(new Set(asked).size).toBe(40);
    // Every claim was let go once its person was asked, and each check was counted once.
    const [row] = await db.query<{ claimed: string; checks: string }>(
      `SELECT (SELECT count(*) FROM team_watch_people WHERE claimed_by IS NOT NULL) AS claimed,
         (SELECT count(*) FROM team_watch_checks) AS checks`,
    );
    expect([Number(row?.claimed), Number(row?.checks)]).toEqual([0, 40]);
  });
});
