/**
 * The hub installed as a server operator installs it (hub/README.md, "Installing on a server"):
 * `npm run hub:pack` in the repository, the tarball extracted in an empty folder outside it,
 * `npm ci --omit=dev` there (the hub's own lock, no dev dependency, nothing of the repository),
 * its admin command adds a member, `npm start` serves that member one request through the sandbox
 * (and the admin page from its build, with no esbuild on the server), and SIGTERM stops it.
 * On PGlite in the folder (HUB_DATA_DIR), or on a real PostgreSQL under with-postgres.sh.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/app';
import { SMALL_COUNTS } from '../../sandbox/data/generate';
import { emptyPgliteFolder, type TestDatabase, testDatabase } from '../support/hub-testing';

const run = promisify(execFile);
const REPOSITORY = join(__dirname, '../..');

/**
 * The environment of a command on the server: npm's own variables of the test's run left out (an
 * outer `npm run` exports its config and package, which would point npm at the repository).
 */
function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^npm_/i.test(name) && !name.startsWith('HUB_')) env[name] = value;
  return { ...env, ...extra };
}

/**
 * Starts `npm start` in `folder`; resolves with the process and its URL once it says it is ready.
 * (Its script execs node: a SIGTERM npm passes on reaches the hub itself, not a shell in between.)
 */
function npmStart(folder: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn('npm', ['start'], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Hub ready on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ child, url });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) =>
      reject(new Error(`npm start exited (${code}) before the hub was ready:\n${output}`)),
    );
  });
}

describe('the hub installed in an empty folder', () => {
  const folder = mkdtempSync(join(tmpdir(), 'hub-install-'));
  let sandbox: RunningSandbox | undefined;
  let database: TestDatabase | undefined;
  let hub: ChildProcess | undefined;

  afterAll(async () => {
    hub?.kill('SIGKILL');
    await sandbox?.close();
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('installs with npm ci --omit=dev, starts with npm start, answers a member, stops on SIGTERM', async () => {
    const times: Record<string, number> = {};
    let last = Date.now();
    const lap = (step: string) => {
      times[step] = Date.now() - last;
      last = Date.now();
    };

    await run('npm', ['run', '-s', 'hub:pack', '--', '--destination', folder], { cwd: REPOSITORY });
    const [tarball] = readdirSync(folder).filter((name) => name.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    await run('tar', ['xzf', join(folder, tarball!), '-C', folder]);
    const installed = join(folder, 'package');
    expect(readdirSync(installed).sort()).toEqual(
      ['README.md', 'dist', 'npm-shrinkwrap.json', 'package.json', 'schema.sql'].sort(),
    );
    // Nothing of the extension's background came with it (idb reads the browser's IndexedDB).
    for (const entry of ['main.js', 'admin.js'])
      expect(readFileSync(join(installed, 'dist', entry), 'utf8'), entry).not.toMatch(
        /indexedDB|IDBKeyRange/,
      );
    lap('pack');

    // The database is made while npm installs. A PGlite folder starts from the empty cluster every
    // hub test starts from (test/support/hub-testing.ts): initdb's seconds are PGlite's, not the
    // package's.
    const [, made] = await Promise.all([
      run('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: installed,
        env: serverEnv({}),
      }),
      process.env.HUB_DATABASE_URL ? testDatabase() : emptyPgliteFolder(join(folder, 'data')),
    ]);
    // Only the hub's runtime: none of the repository's tools came with it.
    for (const tool of ['esbuild', 'tsx', 'zod', 'vitest', 'idb'])
      expect(existsSync(join(installed, 'node_modules', tool)), tool).toBe(false);
    expect(existsSync(join(installed, 'node_modules', 'pg'))).toBe(true);
    lap('npm ci (and the database)');

    database = made || undefined;
    const databaseEnv: Record<string, string> = database?.url
      ? { HUB_DATABASE_URL: database.url }
      : { HUB_DATA_DIR: join(folder, 'data') };
    const added = await run('npm', ['run', '-s', 'admin', '--', 'add-member', 'ada', '--daily', '100'], {
      cwd: installed,
      env: serverEnv(databaseEnv),
    });
    const token = added.stdout.trim().split('\n').at(-1) ?? '';
    expect(token).toMatch(/^hub_/);
    lap('admin add-member');

    sandbox = await startSandbox({
      port: 0,
      counts: SMALL_COUNTS,
      keys: [{ key: 'team', credits: 1_000, plan: 'standard' }],
    });
    const started = await npmStart(
      installed,
      serverEnv({
        ...databaseEnv,
        HUB_PORT: '0',
        HUB_PROVIDER_URL: sandbox.url,
        HUB_PROVIDER_KEY: 'team',
        HUB_ADMIN_TOKEN: 'admin-secret',
      }),
    );
    hub = started.child;
    lap('npm start');

    const person = sandbox.sandbox.queries.dataset.people[0]!;
    const answer = await fetch(
      `${started.url}/api/v2/profile?${new URLSearchParams({ profile_url: person.url })}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { public_identifier?: string }).public_identifier).toBeTruthy();
    // What the service charged the team, the member is told, and it is what the hub charged them.
    const charged = 1_000 - sandbox.sandbox.state.accounts.get('team')!.balance;
    expect(charged).toBeGreaterThan(0);
    expect(answer.headers.get('X-Hub-Charged')).toBe(String(charged));
    // The admin page's script comes from the build: the server has no esbuild to bundle it.
    const script = await fetch(`${started.url}/admin/admin.js`);
    expect(script.status).toBe(200);
    expect((await script.text()).length).toBeGreaterThan(1000);
    lap('member request');

    const exited = new Promise<number | null>((resolve) => started.child.once('exit', resolve));
    started.child.kill('SIGTERM');
    expect(await exited, 'npm start exits 0 after the hub stopped').toBe(0);
    hub = undefined;
    // The server itself stopped (not only npm in front of it): its port takes no connection.
    await expect(fetch(`${started.url}/hub/v1/me`)).rejects.toThrow();
    lap('SIGTERM');
    console.log(`hub installed in an empty folder, ms per step: ${JSON.stringify(times)}`);
  }, 120_000);
});
