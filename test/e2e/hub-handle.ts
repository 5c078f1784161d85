/**
 * A team hub for end-to-end tests: hub processes as `npm run hub` starts them, on a database of
 * their own on the PostgreSQL that scripts/with-postgres.sh started for the suite (the Playwright
 * run is wrapped in it by scripts/test.sh and `npm run e2e`), in front of the test's sandbox. The
 * admin's commands are the hub's own (`npm run -s hub:admin`), run on the same database.
 */
import type { ChildProcess } from 'node:child_process';
import { runAdmin } from '../../hub/admin';
import type { Db } from '../../hub/db';
import { migrate } from '../../hub/migrations';
import { startHubProcess, type TestDatabase, testDatabase } from '../support/hub-testing';

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
  close(): Promise<void>;
}

export async function startTeamHub({
  providerUrl,
  providerKey,
  processes = 2,
}: {
  providerUrl: string;
  providerKey: string;
  processes?: number;
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
