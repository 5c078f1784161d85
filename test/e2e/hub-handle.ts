/**
 * A team hub for end-to-end tests: hub processes as `npm run hub` starts them, on a database of
 * their own on the PostgreSQL that scripts/with-postgres.sh started for the suite (the Playwright
 * run is wrapped in it by scripts/test.sh and `npm run e2e`), in front of the test's sandbox. The
 * admin's commands are the hub's own (`npm run -s hub:admin`), run on the same database. And a
 * member joining it: a browser with the extension switched to team mode with their token.
 */
import type { ChildProcess } from 'node:child_process';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { runAdmin } from '../../hub/admin';
import type { Db } from '../../hub/db';
import { migrate } from '../../hub/migrations';
import { TEST_CLOCK_PATH } from '../../hub/test-clock';
import { startHubProcess, type TestDatabase, testDatabase } from '../support/hub-testing';
import { send } from './extension-storage';
import { expect, openExtensionPageIn } from './fixtures';
import { e2eSettings, type SandboxHandle } from './sandbox-handle';

export interface TeamHub {
  /** Each hub process's address: one hub, since they share the database. */
  urls: string[];
  /** An admin command, as `npm run -s hub:admin -- <args>` runs it; its output's lines. */
  admin(...args: string[]): Promise<string[]>;
  /** Adds a member with a daily budget; their token. */
  addMember(name: string, daily: number): Promise<string>;
  /** Kills hub process `index` with SIGKILL, as a crash would; resolves once it is gone. */
  crash(index: number): Promise<void>;
  /** Starts hub process `index` again, on the address it had. */
  restart(index: number): Promise<void>;
  /**
   * Moves every hub process's clock `days` forward (0: not at all) and runs each one's team watch
   * due check at once, all together (the tests' clock hook, hub/test-clock.ts: started with
   * `testClock`); resolves once every check's work is done, with how many people each asked.
   */
  advanceClocks(days: number): Promise<number[]>;
  close(): Promise<void>;
}

export async function startTeamHub({
  providerUrl,
  providerKey,
  processes = 2,
  adminToken,
  ratePerMinute,
  providerTimeoutMs,
  testClock = false,
}: {
  providerUrl: string;
  providerKey: string;
  processes?: number;
  /** The admin page's token (HUB_ADMIN_TOKEN): the page at /admin is served only with one. */
  adminToken?: string;
  /** The account's rate limit (HUB_RATE_PER_MIN); else the hub's own default. */
  ratePerMinute?: number;
  /**
   * How long a hub waits for the service's answer (HUB_PROVIDER_TIMEOUT_MS), else the hub's own
   * default. A request in flight when its hub is killed stays open at the hub about twice this long
   * (hub/proxy.ts leasesOf): a test that kills a hub sets it short, the sandbox answering in
   * milliseconds (or its key's latency), so that a lost answer is settled in seconds, not minutes.
   */
  providerTimeoutMs?: number;
  /** The processes' clocks moved by the test (HUB_TEST_CLOCK=1: advanceClocks). */
  testClock?: boolean;
}): Promise<TeamHub> {
  if (!process.env.HUB_DATABASE_URL) {
    throw new Error(
      'The team hub test needs a PostgreSQL: run Playwright under scripts/with-postgres.sh (npm run e2e and scripts/test.sh do)',
    );
  }
  const database: TestDatabase = await testDatabase();
  const db: Db = await database.open();
  const children: ChildProcess[] = [];
  try {
    await migrate(db);
    const env = {
      HUB_DATABASE_URL: database.url ?? '',
      HUB_PROVIDER_URL: providerUrl,
      HUB_PROVIDER_KEY: providerKey,
      ...(adminToken ? { HUB_ADMIN_TOKEN: adminToken } : {}),
      ...(ratePerMinute ? { HUB_RATE_PER_MIN: String(ratePerMinute) } : {}),
      ...(providerTimeoutMs ? { HUB_PROVIDER_TIMEOUT_MS: String(providerTimeoutMs) } : {}),
      ...(testClock ? { HUB_TEST_CLOCK: '1' } : {}),
    };
    const started = await Promise.all(
      Array.from({ length: processes }, async () => {
        const hub = await startHubProcess(env);
        children.push(hub.child);
        return hub;
      }),
    );
    const admin = (...args: string[]) => runAdmin(db, args);
    const urls = started.map((hub) => hub.url);
    const running = started.map((hub) => hub.child);
    return {
      urls,
      admin,
      addMember: async (name, daily) =>
        (await admin('add-member', name, '--daily', String(daily))).at(-1)!.trim(),
      crash: async (index) => {
        const child = running[index]!;
        const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGKILL');
        await gone;
      },
      restart: async (index) => {
        const hub = await startHubProcess({ ...env, HUB_PORT: new URL(urls[index]!).port });
        running[index] = hub.child;
        children.push(hub.child);
      },
      advanceClocks: (days) =>
        Promise.all(
          urls.map(async (url) => {
            const answer = await fetch(`${url}${TEST_CLOCK_PATH}`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ days }),
            });
            if (answer.status !== 200)
              throw new Error(`${url} did not move its clock (${answer.status}): ${await answer.text()}`);
            return ((await answer.json()) as { asked: number }).asked;
          }),
        ),
      close: () => stopAll(children, database),
    };
  } catch (error) {
    await stopAll(children, database);
    throw error;
  }
}

async function stopAll(children: ChildProcess[], database: TestDatabase): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await database.drop();
}

/** A member of the team: their browser, its worker, and an extension page to send messages from. */
export interface Member {
  name: string;
  context: BrowserContext;
  sw: Worker;
  page: Page;
}

/**
 * A member joins the team in their browser (its extension's worker `sw`): the settings onboarding
 * against the sandbox saves, then team mode with the hub's address and their token, saved as the
 * options page saves the connection (the token goes where only the background reads it).
 */
export async function joinTeam(
  context: BrowserContext,
  sw: Worker,
  { name, sandbox, hubUrl, token }: { name: string; sandbox: SandboxHandle; hubUrl: string; token: string },
): Promise<Member> {
  await sw.evaluate(
    async (value) => {
      await chrome.storage.local.set({ settings: value });
    },
    e2eSettings(sandbox.url, { apiKey: '' }),
  );
  const page = await openExtensionPageIn(context, new URL(sw.url()).host, 'options.html');
  expect(
    await send<{ ok: boolean }>(page, 'settings.save', { connection: 'team-hub', hubUrl, hubToken: token }),
  ).toMatchObject({ ok: true });
  return { name, context, sw, page };
}
