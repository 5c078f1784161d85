/**
 * A hub process stopped (SIGTERM, as a restart stops it) and started again while a member's list
 * goes through it (`hub/main.ts`, as `npm run hub` runs it, on a PGlite folder, or on a real
 * PostgreSQL under with-postgres.sh): the rows at the service are finished before it exits (those
 * waiting for a slot are answered 503, nothing sent, and asked again with their id), the list
 * finishes, the team pays each row once, nothing stays reserved, and an answer the member lost is
 * served again from the team's cache, not paid again. (A process killed outright loses the rows it
 * had in flight: the service may charge them and their retry is paid again.)
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../hub/admin';
import { type Db, openPglite } from '../../hub/db';
import { migrate } from '../../hub/migrations';
import { sleep } from '../../lib/sleep';
import { type RunningSandbox, startSandbox } from '../../sandbox/app';
import { SMALL_COUNTS } from '../../sandbox/data/generate';
import { parseKeyFaults } from '../../sandbox/faults';
import {
  emptyPgliteFolder,
  type HubProcess,
  startHubProcess,
  type TestDatabase,
  testDatabase,
} from '../support/hub-testing';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

describe('a hub restarted mid-list', () => {
  const folder = mkdtempSync(join(tmpdir(), 'hub-restart-'));
  let database: TestDatabase | undefined;
  /** Opens the hub's database for the test's own reads (PGlite: only while no hub has it open). */
  let openDb: () => Promise<Db>;
  let env: Record<string, string>;
  let sandbox: RunningSandbox;
  let hub: HubProcess | undefined;
  let token = '';

  beforeAll(async () => {
    if (process.env.HUB_DATABASE_URL) {
      const shared = await testDatabase();
      database = shared;
      openDb = () => shared.open();
      env = { HUB_DATABASE_URL: shared.url ?? '' };
    } else {
      const dataDir = join(folder, 'data');
      await emptyPgliteFolder(dataDir);
      openDb = () => openPglite(dataDir);
      env = { HUB_DATA_DIR: dataDir };
    }
    // Each answer takes the service 150 ms, so rows are in flight when the hub stops; and the
    // service charges a request whose client left (the worst case: the real one's is not shown).
    sandbox = await startSandbox({
      port: 0,
      counts: SMALL_COUNTS,
      keys: [{ key: 'team', credits: 10_000, plan: 'standard', chargeOnClientGone: true }],
      keyFaults: parseKeyFaults('team=latency=150'),
    });
    const db = await openDb();
    await migrate(db);
    token = (await runAdmin(db, ['add-member', 'ada', '--daily', '100'])).at(-1) ?? '';
    if (!database) await db.close();
    Object.assign(env, {
      HUB_PROVIDER_URL: sandbox.url,
      HUB_PROVIDER_KEY: 'team',
      HUB_RATE_PER_MIN: '6000',
      HUB_PORT: String(await freePort()),
    });
  }, 120_000);
  afterAll(async () => {
    hub?.child.kill('SIGKILL');
    await sandbox?.close();
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  const people = () => sandbox.sandbox.queries.dataset.people;
  const rowUrl = (index: number) =>
    `http://127.0.0.1:${env.HUB_PORT}/api/v2/profile?${new URLSearchParams({
      profile_url: people()[index]?.url ?? '',
      use_cache: 'if-present',
      live_fetch: 'default',
    })}`;
  /**
   * A row as a list sends it, with its id: asked again when the hub cannot be reached or answers 503
   * (stopping: nothing sent), until it is answered.
   */
  async function row(
    index: number,
  ): Promise<{ status: number; charged: string | null; cache: string | null }> {
    for (;;) {
      try {
        const response = await fetch(rowUrl(index), {
          headers: {
            Authorization: `Bearer ${token}`,
            'X-Hub-Priority': 'batch',
            'Idempotency-Key': `row-${index}`,
          },
        });
        await response.arrayBuffer();
        if (response.status === 503) throw new Error('stopping: asked again');
        return {
          status: response.status,
          charged: response.headers.get('X-Hub-Charged'),
          cache: response.headers.get('X-Hub-Cache'),
        };
      } catch {
        await sleep(100);
      }
    }
  }
  const asked = (index: number) =>
    sandbox.sandbox.state.requests.list().filter((entry) => entry.query.profile_url === people()[index]?.url);
  const paidFor = (index: number) => asked(index).filter((entry) => entry.status === 200);
  const totalPaid = () =>
    sandbox.sandbox.state.requests.list().reduce((sum, entry) => sum + entry.charged, 0);

  it('finishes the list, paying each row once, with nothing left reserved', async () => {
    hub = await startHubProcess(env);
    const rows = Array.from({ length: 12 }, (_, index) => 200 + index);
    const answers = new Map<number, Awaited<ReturnType<typeof row>>>();
    let next = 0;
    // Three rows in flight at a time, like a list's runner.
    const lanes = Array.from({ length: 3 }, async () => {
      while (next < rows.length) {
        const index = rows[next++] ?? 0;
        answers.set(index, await row(index));
      }
    });
    // Stopped while rows are in flight, then started again on the same port and database.
    // The moment to stop: some rows answered, and one at the sandbox not answered yet (on a busy
    // machine there are instants with none, between one answer and the next request).
    const atSandbox = () => rows.filter((index) => asked(index).length > 0 && !answers.has(index));
    while ((answers.size < 4 || atSandbox().length === 0) && answers.size < rows.length) await sleep(5);
    const inFlight = atSandbox();
    expect(inFlight.length).toBeGreaterThan(0);
    const stopped = hub;
    stopped.child.kill('SIGTERM');
    await once(stopped.child, 'exit');
    hub = await startHubProcess(env);
    await Promise.all(lanes);

    expect([...answers.values()].map((answer) => answer.status)).toEqual(rows.map(() => 200));
    for (const index of rows) expect(paidFor(index)).toHaveLength(1);
    const charged = [...answers.values()].reduce((sum, answer) => sum + Number(answer.charged), 0);
    expect(charged).toBe(totalPaid());

    // An answer the member lost (they left before it came) was paid once and kept: free when asked again.
    const lost = 300;
    const leaving = new AbortController();
    const left = fetch(rowUrl(lost), {
      headers: { Authorization: `Bearer ${token}` },
      signal: leaving.signal,
    }).catch(() => null);
    while (asked(lost).length === 0) await sleep(10);
    leaving.abort();
    await left;
    const peekUrl = rowUrl(lost).replace('/api/v2/', '/hub/v1/peek/api/v2/');
    const peek = async () =>
      (await (await fetch(peekUrl, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
        cached: boolean;
      };
    while (!(await peek()).cached) await sleep(20);
    expect(await row(lost)).toMatchObject({ status: 200, charged: '0', cache: 'hit' });
    expect(paidFor(lost)).toHaveLength(1);

    hub.child.kill('SIGTERM');
    await once(hub.child, 'exit');
    hub = undefined;
    const db = await openDb();
    const [spend] = await db.query<{ spent: number; reserved: number }>(
      'SELECT sum(spent)::integer AS spent, sum(reserved)::integer AS reserved FROM spend',
    );
    if (!database) await db.close();
    expect(spend).toEqual({ spent: totalPaid(), reserved: 0 });
  }, 120_000);
});
