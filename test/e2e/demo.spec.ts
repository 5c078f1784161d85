/**
 * The README's demo command, `bash scripts/demo.sh`, as a newcomer runs it: headless, on a free
 * SANDBOX_PORT. It starts and is stopped by a signal (SIGTERM to the started process, Ctrl-C to its
 * process group, SIGHUP while it is still building), and nothing it started may be left: no process
 * of its tree, no Chromium with its user-data-dir, nothing listening on its ports. A taken port is
 * reported in one line. A build newer than its sources (the suite's) is used as it is; one made older
 * is built again.
 *
 * Only the demo's own processes are looked at (its tree, its Chromium's user-data-dir): other test
 * runs on the machine may be using Chromium at the same time. CI is unset for the demo, because
 * scripts/setup.sh runs `npm ci` when CI=true, which would reinstall node_modules under this suite.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, rmSync, statSync, utimesSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import path from 'node:path';
// The suite's own `test`, though these tests use none of its fixtures: Playwright queues the tests
// of another `test` (another worker hash) after all of this one's, and this file's ~70 s, run in
// order on one worker, then ran last with the other worker idle. (Its browser is launched only
// for a test that asks for it.)
import { EXTENSION_PATH, expect, test } from './fixtures';
import { describeProcesses, listProcesses, type ProcessInfo, processTree, stillRunning } from './processes';

// Setup, the e2e build and the demo's start take 15–25 s on a loaded 2-core machine (the build is
// made only when it is older than its sources: scripts/build-is-current.sh).
const STARTUP_TIMEOUT_MS = 120_000;
const UP_LINE = 'press Ctrl-C to stop';
// The demo gives up on a clean stop after 15 s (scripts/demo.ts); a little more than that.
const STOP_TIMEOUT_MS = 20_000;

// One demo at a time, in order, on one worker: each may build into .output/chrome-mv3-e2e.
test.describe.configure({ mode: 'default' });

interface Demo {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function listen(port = 0): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

async function freePort(): Promise<number> {
  const server = await listen();
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether anything accepts connections on 127.0.0.1:port. */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function startDemo(port: number): Demo {
  const env: NodeJS.ProcessEnv = { ...process.env, DEMO_HEADLESS: '1', SANDBOX_PORT: String(port) };
  delete env.CI;
  // Its own process group, as a shell gives a command: Ctrl-C is then a SIGINT to that group.
  const child = spawn('bash', ['scripts/demo.sh'], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

async function waitFor<T>(what: string, demo: Demo, check: () => T | undefined): Promise<T> {
  let exited = false;
  void demo.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const found = check();
    if (found !== undefined) return found;
    if (exited) throw new Error(`the demo exited before ${what}:\n${demo.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${what} after ${STARTUP_TIMEOUT_MS / 1000} s:\n${demo.output()}`);
}

async function exitWithin(demo: Demo, ms: number): Promise<Awaited<Demo['exited']>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the demo still runs ${ms / 1000} s after the signal`)), ms);
  });
  try {
    return await Promise.race([demo.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Kills what is left of a demo whose test failed, so that it cannot outlive the test run. */
function killLeftovers(demo: Demo, known: readonly ProcessInfo[]): void {
  const pid = demo.child.pid!;
  for (const p of stillRunning([...known, ...processTree(pid)])) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {}
  }
}

const MANIFEST = path.join(EXTENSION_PATH, 'manifest.json');

/** Whether the demo would start on the e2e build as it is, without building (its own rule). */
const buildIsCurrent = () => spawnSync('bash', ['scripts/build-is-current.sh']).status === 0;

const userDataDirsOf = (processes: readonly ProcessInfo[]) =>
  new Set(
    processes.flatMap((p) =>
      p.args.filter((a) => a.startsWith('--user-data-dir=')).map((a) => a.slice('--user-data-dir='.length)),
    ),
  );

for (const { how, signal, toGroup, expectedLine } of [
  { how: 'SIGTERM to the process', signal: 'SIGTERM', toGroup: false, expectedLine: 'Stopping (SIGTERM)' },
  {
    how: 'Ctrl-C (SIGINT to its process group)',
    signal: 'SIGINT',
    toGroup: true,
    expectedLine: 'Stopping (SIGINT)',
  },
] as const) {
  test(`the demo stops on ${how} and leaves nothing running`, async () => {
    test.setTimeout(STARTUP_TIMEOUT_MS + 60_000);
    const port = await freePort();
    const reusesTheBuild = buildIsCurrent();
    const builtAt = statSync(MANIFEST, { throwIfNoEntry: false })?.mtimeMs;
    const demo = startDemo(port);
    let tree: ProcessInfo[] = [];
    try {
      await waitFor('start', demo, () => (demo.output().includes(UP_LINE) ? true : undefined));
      if (reusesTheBuild) {
        expect(statSync(MANIFEST).mtimeMs, 'a build newer than its sources is not made again').toBe(builtAt);
      }
      const pagePort = Number(/Demo page: http:\/\/127\.0\.0\.1:(\d+)\//.exec(demo.output())?.[1]);
      expect(await isListening(port), 'the sandbox listens while the demo runs').toBe(true);
      expect(await isListening(pagePort), 'the page server listens while the demo runs').toBe(true);

      tree = processTree(demo.child.pid!);
      const chromiums = tree.filter((p) => p.args[0]?.includes('chromium'));
      expect(
        chromiums.length,
        `the demo's Chromium is in its tree:\n${describeProcesses(tree)}`,
      ).toBeGreaterThan(0);
      const userDataDirs = userDataDirsOf(chromiums);
      expect(userDataDirs.size).toBe(1);
      const [userDataDir] = userDataDirs;

      const sentAt = Date.now();
      process.kill(toGroup ? -demo.child.pid! : demo.child.pid!, signal);
      const { code } = await exitWithin(demo, STOP_TIMEOUT_MS);
      const stopMs = Date.now() - sentAt;
      test.info().annotations.push({ type: 'stop time', description: `${stopMs} ms` });
      console.log(`demo stopped ${stopMs} ms after ${signal}`);

      // A child that outlives its parent by a moment (tsx's esbuild sees its stdin close and
      // exits) is not left running; one still there after 3 s is.
      await expect.poll(() => describeProcesses(stillRunning(tree)), { timeout: 3_000 }).toBe('');
      const sameProfile = listProcesses().filter(
        (p) => p.state !== 'Z' && p.args.some((a) => a.includes(userDataDir!)),
      );
      expect(sameProfile, `left running:\n${describeProcesses(sameProfile)}`).toEqual([]);
      expect(existsSync(userDataDir!), 'the temporary Chromium profile is removed').toBe(false);
      expect(await isListening(port), 'nothing listens on SANDBOX_PORT').toBe(false);
      expect(await isListening(pagePort), "nothing listens on the demo page's port").toBe(false);
      expect(demo.output()).toContain(expectedLine);
      expect(code, demo.output()).toBe(0);
    } finally {
      killLeftovers(demo, tree);
    }
  });
}

test('the demo stops on SIGHUP while it is still building, and the build with it', async () => {
  test.setTimeout(STARTUP_TIMEOUT_MS + 30_000);
  // A build older than its sources (as after an edit) is made again: this one is caught at it.
  const longAgo = new Date('2000-01-01');
  utimesSync(MANIFEST, longAgo, longAgo);
  const demo = startDemo(await freePort());
  let tree: ProcessInfo[] = [];
  try {
    // The step that runs before the demo itself: `wxt build` under npm, under the script's shell.
    tree = await waitFor('build', demo, () => {
      const now = processTree(demo.child.pid!);
      return now.some((p) => p.args.some((a) => a.endsWith('/wxt') || a.endsWith('wxt.mjs')))
        ? now
        : undefined;
    });
    process.kill(demo.child.pid!, 'SIGHUP');
    const { code } = await exitWithin(demo, STOP_TIMEOUT_MS);
    expect(code, demo.output()).toBe(129);
    // What the build started after the tree was read is caught by its parent's exit: give it a moment.
    await expect.poll(() => describeProcesses(stillRunning(tree)), { timeout: 5_000 }).toBe('');
  } finally {
    killLeftovers(demo, tree);
    // The build it stopped leaves none: the run's own (global-setup.ts) is put back, for the demo
    // tests after this one and the benchmarks after the suite (scripts/test.sh).
    const runsBuild = process.env.E2E_EXTENSION_COPY;
    if (runsBuild) {
      rmSync(EXTENSION_PATH, { recursive: true, force: true });
      cpSync(runsBuild, EXTENSION_PATH, { recursive: true });
    }
  }
});

test('a taken SANDBOX_PORT is one clear line, not a stack trace', async () => {
  test.setTimeout(STARTUP_TIMEOUT_MS);
  const holder = await listen();
  const { port } = holder.address() as { port: number };
  const demo = startDemo(port);
  try {
    const { code } = await demo.exited;
    const lines = demo.output().trim().split('\n');
    expect(lines, demo.output()).toEqual([
      expect.stringMatching(
        new RegExp(`^port ${port} is in use: set SANDBOX_PORT=\\d+ \\(free now\\) or stop what uses it$`),
      ),
    ]);
    const suggested = Number(/SANDBOX_PORT=(\d+)/.exec(lines[0]!)![1]);
    expect(suggested).not.toBe(port);
    expect(code).toBe(1);
  } finally {
    killLeftovers(demo, []);
    await new Promise((resolve) => holder.close(resolve));
  }
});
