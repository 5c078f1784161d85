/**
 * The team hub's speed, with the sandbox (in this process) as the service and hub processes
 * (`hub/main.ts`, as `npm run hub` starts them) in front of it. Not a timed test: it prints
 *
 * (a) the latency the hub adds per call on loopback, p50 and p99: the same profile requests
 *     straight to the sandbox and through a hub, one at a time; cache misses (people nobody asked
 *     for yet) and cache hits (the same people again) apart. Aim at p50: at most 5 ms for a hit,
 *     10 ms for a miss.
 * (b) a team of 50 members on 3 hub processes sharing one PostgreSQL: the wall time of 1,500 list
 *     rows (each with its request id, as the extension sends them), with the sandbox at its 300
 *     requests a minute, against the 300 s that rate allows (aim: at most 1.05×); the requests the
 *     sandbox saw per paid call (aim: at most 1.01), the 429s it answered (aim: 0), and each hub
 *     process's memory (resident set) before and after.
 * (c) a batch peek of 10,000 rows (`POST /hub/v1/peek`, 10 requests of 1,000 sent at once, as a
 *     list's quote asks) through one hub process on loopback, half of them in the team's cache, a
 *     third in its CRM reference and a do-not-enrich list to screen the copies by: the wall time
 *     (aim: at most 2 s) and the hub process's memory before and after.
 * (d) a team watch of 5,000 people (a list's most) new to the team, so each is due at once
 *     (hub/team-watch.ts), made by a member through a hub; one period's checks by the hub processes'
 *     own due checks (every second here), at HUB_RATE_PER_MIN 60,000 (BENCH_WATCH_RATE) so that the
 *     hub's own time shows: each person asked exactly once (it fails otherwise), the wall time from
 *     the list made to every check kept against the time the rate limit alone accounts for, what
 *     the hub adds a person beyond that, and each hub process's memory before, at its peak and after.
 *
 * On a real PostgreSQL when HUB_DATABASE_URL is set (a database of its own is created there and
 * dropped after), else on an embedded PGlite in a temporary folder, which one process owns: then
 * parts (b) and (d) run through one hub process.
 *
 *   bash scripts/with-postgres.sh node --import tsx test/bench/hub.ts
 *   BENCH_QUICK=1 node --import tsx test/bench/hub.ts      (few calls and rows: checks that it runs)
 *   BENCH_PEEK_ONLY=1 node --import tsx test/bench/hub.ts  (part (c) alone)
 *   BENCH_WATCH_ONLY=1 node --import tsx test/bench/hub.ts (part (d) alone)
 *
 * Every process it starts is stopped however it ends (an error, Ctrl-C, SIGTERM).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runAdmin } from '../../hub/admin';
import { cacheRowValues } from '../../hub/cache';
import { type Db, openPglite, openPostgres } from '../../hub/db';
import { migrate } from '../../hub/migrations';
import { validate } from '../../hub/proxy';
import { sleep } from '../../lib/sleep';
import { type RunningSandbox, startSandbox } from '../../sandbox/app';
import type { RequestLogEntry } from '../../sandbox/routes/admin';
import { emptyPgliteFolder } from '../support/hub-testing';
import { SHORT_LIVED_PGLITE_FLAGS } from '../support/node-flags';

const QUICK = process.env.BENCH_QUICK === '1';
const LATENCY_CALLS = Number(process.env.BENCH_CALLS ?? (QUICK ? 30 : 400));
const MEMBERS = QUICK ? 5 : 50;
const ROWS = QUICK ? 20 : 1_500;
const SERVICE_RATE = 300;
/** Part (c): requests of at most 1,000 rows each (the batch peek's most). */
const PEEK_ROWS = QUICK ? 200 : 10_000;
const PEEK_BATCH = 1_000;
/** Part (d): a list's most (team-watch.ts MAX_PEOPLE_PER_LIST), with the hub's rate high so its own time shows. */
const WATCH_PEOPLE = QUICK ? 200 : 5_000;
const WATCH_RATE = Number(process.env.BENCH_WATCH_RATE ?? 60_000);
/** Part (d): how often each hub process looks for people due (HUB_WATCH_CHECK_MS; the hub's default is 60 s). */
const WATCH_CHECK_MS = 1_000;
/** Part (d): the dataset's people from here on, whom parts (a) and (b) never asked for (none in the team's cache). */
const WATCH_FIRST_PERSON = 5_000;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TEAM_KEY = 'team';

/** What to stop on the way out, last started first. */
const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    try {
      await step?.();
    } catch (error) {
      console.error('bench: cleaning up failed:', error);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });

interface Storage {
  /** The hub's environment for its database. */
  env: Record<string, string>;
  /** Opens the database for the bench's own setup (the admin's commands). */
  open(): Promise<Db>;
  /** How many hub processes may share it. */
  processes: number;
  label: string;
}

async function storage(): Promise<Storage> {
  const serverUrl = process.env.HUB_DATABASE_URL;
  if (!serverUrl) {
    const folder = mkdtempSync(join(tmpdir(), 'hub-bench-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const dataDir = join(folder, 'data');
    // Quick: from the empty cluster the hub's tests start from, not initdb's seconds (its figures
    // mean nothing at that size anyway).
    if (QUICK) await emptyPgliteFolder(dataDir);
    return {
      env: { HUB_DATA_DIR: dataDir },
      open: () => openPglite(dataDir),
      processes: 1,
      label: 'embedded PGlite, 1 hub process',
    };
  }
  const name = `hub_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { HUB_DATABASE_URL: url.toString() },
    open: async () => openPostgres(url.toString()),
    processes: 3,
    label: 'PostgreSQL, 3 hub processes',
  };
}

/** Adds members on a closed hub's database; returns their tokens. */
async function addMembers(store: Storage, count: number, prefix: string): Promise<string[]> {
  const db = await store.open();
  try {
    await migrate(db);
    const tokens: string[] = [];
    for (let index = 0; index < count; index++) {
      const lines = await runAdmin(db, ['add-member', `${prefix}${index}`, '--daily', '100000']);
      tokens.push(lines.at(-1) ?? '');
    }
    return tokens;
  } finally {
    await db.close();
  }
}

interface HubProcess {
  url: string;
  /** The process's resident memory now, in MB (Linux' /proc). */
  residentMb(): number;
  stop(): Promise<void>;
}

function residentMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

function startHub(env: Record<string, string>): Promise<HubProcess> {
  // Quick, whose figures mean nothing, a hub opens PGlite for seconds: the tests' flags
  // (../support/node-flags.ts). The full run keeps V8's default: it measures the hub's speed.
  const child: ChildProcess = spawn(
    process.execPath,
    [...(QUICK ? SHORT_LIVED_PGLITE_FLAGS : []), '--import', 'tsx', 'hub/main.ts'],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, HUB_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  cleanups.push(stop);
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const read = (chunk: Buffer) => {
      // Once ready, a hub writes a JSON line per request: those are read and dropped, not kept.
      if (ready) return;
      output += chunk.toString('utf8');
      const url = /Hub ready on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        ready = true;
        resolve({ url, stop, residentMb: () => residentMb(child.pid) });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`A hub exited (${code}) before it was ready:\n${output}`)));
  });
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

const profilePath = (url: string) =>
  `/api/v2/profile?${new URLSearchParams({ profile_url: url, use_cache: 'if-present', live_fetch: 'default' })}`;

async function timedGet(url: string, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  const took = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return took;
}

function describe(label: string, direct: number[], viaHub: number[]): string {
  const d = [...direct].sort((a, b) => a - b);
  const h = [...viaHub].sort((a, b) => a - b);
  const fmt = (ms: number) => `${ms.toFixed(2).padStart(6)} ms`;
  return (
    `${label.padEnd(12)} direct p50 ${fmt(percentile(d, 0.5))} p99 ${fmt(percentile(d, 0.99))}   ` +
    `via hub p50 ${fmt(percentile(h, 0.5))} p99 ${fmt(percentile(h, 0.99))}   ` +
    `added p50 ${fmt(percentile(h, 0.5) - percentile(d, 0.5))} p99 ${fmt(percentile(h, 0.99) - percentile(d, 0.99))}`
  );
}

/** (a): one call at a time, alternating direct and through the hub, so both see the same machine. */
async function latency(sandbox: RunningSandbox, store: Storage): Promise<void> {
  const [token = ''] = await addMembers(store, 1, 'latency');
  const hub = await startHub({
    ...store.env,
    HUB_PROVIDER_URL: sandbox.url,
    HUB_PROVIDER_KEY: TEAM_KEY,
    HUB_RATE_PER_MIN: '1000000',
  });
  const people = sandbox.sandbox.queries.dataset.people;
  const warmup = 10;
  const direct: number[] = [];
  const missed: number[] = [];
  for (let index = 0; index < warmup + LATENCY_CALLS; index++) {
    const path = profilePath(people[index]?.url ?? '');
    const straight = await timedGet(sandbox.url + path, TEAM_KEY);
    const through = await timedGet(hub.url + path, token);
    if (index < warmup) continue;
    direct.push(straight);
    missed.push(through);
  }
  const directAgain: number[] = [];
  const hit: number[] = [];
  for (let index = warmup; index < warmup + LATENCY_CALLS; index++) {
    const path = profilePath(people[index]?.url ?? '');
    directAgain.push(await timedGet(sandbox.url + path, TEAM_KEY));
    hit.push(await timedGet(hub.url + path, token));
  }
  await hub.stop();
  console.log(`(a) latency the hub adds, ${LATENCY_CALLS} calls one at a time on loopback (${store.label})`);
  console.log(`  ${describe('cache miss', direct, missed)}`);
  console.log(`  ${describe('cache hit', directAgain, hit)}`);
}

/** (b): every member sends its list one row at a time, all members at once, spread over the hubs. */
async function list(sandbox: RunningSandbox, store: Storage): Promise<void> {
  const tokens = await addMembers(store, MEMBERS, 'member');
  const env = {
    ...store.env,
    HUB_PROVIDER_URL: sandbox.url,
    HUB_PROVIDER_KEY: TEAM_KEY,
    HUB_RATE_PER_MIN: String(SERVICE_RATE),
  };
  const hubs: HubProcess[] = [];
  for (let index = 0; index < store.processes; index++) hubs.push(await startHub(env));
  const memoryBefore = hubs.map((hub) => hub.residentMb());
  const people = sandbox.sandbox.queries.dataset.people;
  const seenBefore = sandbox.sandbox.state.requests.list().length;
  const perMember = Math.ceil(ROWS / MEMBERS);
  const statuses = new Map<number, number>();
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, member) => {
      for (let row = 0; row < perMember; row++) {
        const index = 1_000 + member * perMember + row;
        const hub = hubs[(member + row) % hubs.length];
        const response = await fetch(hub!.url + profilePath(people[index]?.url ?? ''), {
          headers: {
            Authorization: `Bearer ${token}`,
            'X-Hub-Priority': 'batch',
            'Idempotency-Key': `bench:${member}:${row}`,
          },
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const wallSeconds = (performance.now() - started) / 1000;
  const memoryAfter = hubs.map((hub) => hub.residentMb());
  for (const hub of hubs) await hub.stop();
  const seen = sandbox.sandbox.state.requests.list().slice(seenBefore);
  const paid = seen.filter((entry) => entry.status === 200 && entry.charged > 0).length;
  const refused = seen.filter((entry) => entry.status === 429).length;
  const rows = perMember * MEMBERS;
  const floorSeconds = (rows / SERVICE_RATE) * 60;
  console.log(
    `(b) ${rows} rows from ${MEMBERS} members through ${hubs.length} hub process(es) (${store.label}), ` +
      `the sandbox at ${SERVICE_RATE} a minute`,
  );
  console.log(
    `  wall time ${wallSeconds.toFixed(1)} s against the ${floorSeconds.toFixed(0)} s floor: ` +
      `${(wallSeconds / floorSeconds).toFixed(3)}× (aim ≤ 1.05×)`,
  );
  console.log(
    `  the sandbox saw ${seen.length} requests for ${paid} paid calls: ${(seen.length / Math.max(1, paid)).toFixed(3)} ` +
      `per paid call (aim ≤ 1.01); 429s from the sandbox: ${refused} (aim 0); answers to members: ` +
      [...statuses].map(([status, count]) => `${count}× ${status}`).join(', '),
  );
  const megabytes = (values: number[]) => values.map((mb) => `${mb.toFixed(0)} MB`).join(', ');
  console.log(
    `  hub processes' memory (resident): before ${megabytes(memoryBefore)}; after ${megabytes(memoryAfter)}`,
  );
}

/**
 * (c): the team's cache, CRM reference and list written straight into the database (the admin's
 * import for the CRM), then the rows peeked through a hub process, all requests at once.
 */
async function batchPeek(sandbox: RunningSandbox, store: Storage): Promise<void> {
  const [token = ''] = await addMembers(store, 1, 'peeker');
  const rows = Array.from({ length: PEEK_ROWS }, (_, index) => ({
    path: '/api/v2/profile',
    params: { profile_url: `https://www.linkedin.com/in/bench-peek-${index}` },
    identity: { email: `person${index}@bench-corp.com`, fullName: `Person ${index}` },
  }));
  const db = await store.open();
  try {
    const now = new Date();
    const cached = rows
      .filter((_, index) => index % 2 === 0)
      .map((row) => {
        const checked = validate(row.path, new URLSearchParams(row.params).toString());
        if ('refusal' in checked) throw new Error(checked.problem);
        const body = { public_identifier: row.params.profile_url.split('/').pop(), full_name: 'Someone' };
        const [key, endpoint, params, answer, fetchedAt, dataAt] = cacheRowValues(
          checked.id,
          checked.params,
          body,
          now,
        );
        return {
          key,
          endpoint,
          params: JSON.parse(String(params)),
          body: JSON.parse(String(answer)),
          fetched_at: fetchedAt,
          data_at: dataAt,
        };
      });
    await db.query(
      `INSERT INTO cache (key, endpoint, params, body, fetched_at, data_at)
       SELECT r.key, r.endpoint, r.params, r.body, r.fetched_at, r.data_at
       FROM jsonb_to_recordset($1::jsonb)
         AS r(key text, endpoint text, params jsonb, body jsonb, fetched_at timestamptz, data_at timestamptz)`,
      [JSON.stringify(cached)],
    );
    const folder = mkdtempSync(join(tmpdir(), 'hub-bench-crm-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const file = join(folder, 'crm.csv');
    const inCrm = rows.filter((_, index) => index % 3 === 0).map((row) => `${row.identity.email},x`);
    writeFileSync(file, ['Email,Name', ...inCrm].join('\n'));
    await runAdmin(db, ['crm-import', file]);
    await runAdmin(db, ['do-not-enrich', 'add', 'someone-else@example.org']);
  } finally {
    await db.close();
  }
  const hub = await startHub({ ...store.env, HUB_PROVIDER_URL: sandbox.url, HUB_PROVIDER_KEY: TEAM_KEY });
  const peek = async (requests: typeof rows) => {
    const response = await fetch(`${hub.url}/hub/v1/peek`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ requests }),
    });
    if (response.status !== 200) throw new Error(`The batch peek answered ${response.status}`);
    return ((await response.json()) as { answers: { cached: boolean; crm: string | null }[] }).answers;
  };
  await peek(rows.slice(0, 10)); // the process's first request (its list read, its code warm)
  const memoryBefore = hub.residentMb();
  const started = performance.now();
  const batches: (typeof rows)[] = [];
  for (let at = 0; at < rows.length; at += PEEK_BATCH) batches.push(rows.slice(at, at + PEEK_BATCH));
  const answers = (await Promise.all(batches.map(peek))).flat();
  const wallSeconds = (performance.now() - started) / 1000;
  const memoryAfter = hub.residentMb();
  await hub.stop();
  console.log(
    `(c) a batch peek of ${rows.length.toLocaleString('en-US')} rows, ${batches.length} ${batches.length === 1 ? 'request' : 'requests'} of at most ${PEEK_BATCH} at once, through 1 hub process (${store.env.HUB_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`,
  );
  console.log(
    `  wall time ${wallSeconds.toFixed(2)} s (aim ≤ 2 s); ${answers.filter((answer) => answer.cached).length} cached, ` +
      `${answers.filter((answer) => answer.crm !== null).length} in the CRM; hub process's memory (resident): ` +
      `before ${memoryBefore.toFixed(0)} MB, after ${memoryAfter.toFixed(0)} MB`,
  );
}

/** Part (d)'s setup on a closed hub's database: the member who makes the list, and the watch budget. */
async function watchSetup(store: Storage): Promise<string> {
  const [token = ''] = await addMembers(store, 1, 'watcher');
  const db = await store.open();
  try {
    // Far more than the checks may cost (a claim holds each person's most): the budget is not timed here.
    await runAdmin(db, ['watch-budget', String(WATCH_PEOPLE * 100)]);
  } finally {
    await db.close();
  }
  return token;
}

/** How many people of the team's watch lists have been asked, as the hub says (its lists' `checked`). */
async function checkedPeople(hub: HubProcess, token: string): Promise<number> {
  const response = await fetch(`${hub.url}/hub/v1/watch/lists`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`The team's watch lists answered ${response.status}`);
  const { lists } = (await response.json()) as { lists: { checked: number }[] };
  return lists.reduce((sum, list) => sum + list.checked, 0);
}

/**
 * Waits until the hub has kept a check of every one of `people` and returns when (performance.now()),
 * reading the processes' memory on the way (their peaks in `peakMb`). The sandbox's count is read
 * in this process, so the hub is asked for its lists only once the sandbox has seen everyone. Fails
 * when nothing moved for a minute.
 */
async function waitForChecks(
  hubs: HubProcess[],
  token: string,
  sandbox: RunningSandbox,
  people: number,
  peakMb: number[],
): Promise<number> {
  let progress = '';
  let movedAt = performance.now();
  for (;;) {
    await sleep(100);
    hubs.forEach((hub, index) => {
      peakMb[index] = Math.max(peakMb[index] ?? 0, hub.residentMb());
    });
    const asked = sandbox.sandbox.state.requests.list().length;
    const checked = asked >= people ? await checkedPeople(hubs[0]!, token) : 0;
    if (checked >= people) return performance.now();
    const now = `${asked} asked, ${checked} kept`;
    if (now !== progress) {
      progress = now;
      movedAt = performance.now();
    } else if (performance.now() - movedAt > 60_000)
      throw new Error(`The team watch stopped moving: ${now} of ${people} people for a minute`);
  }
}

/** Every watched person asked exactly once, or a loud failure naming who was asked twice or never. */
function assertEachOnce(seen: readonly RequestLogEntry[], people: readonly string[]): void {
  const asked = new Map<string, number>();
  for (const entry of seen) {
    const person = entry.query.profile_url ?? `${entry.path} ${JSON.stringify(entry.query)}`;
    asked.set(person, (asked.get(person) ?? 0) + 1);
  }
  const twice = [...asked].filter(([, times]) => times > 1);
  const never = people.filter((person) => !asked.has(person));
  const strangers = [...asked.keys()].filter((person) => !people.includes(person));
  if (seen.length === people.length && twice.length + never.length + strangers.length === 0) return;
  throw new Error(
    `The team watch did not ask each of its ${people.length} people exactly once: the sandbox saw ` +
      `${seen.length} requests; asked more than once: ${twice.length} (${twice
        .slice(0, 3)
        .map(([person, times]) => `${person} ${times}×`)
        .join(', ')}); ` +
      `never asked: ${never.length} (${never.slice(0, 3).join(', ')}); not on the list: ${strangers.length} (${strangers.slice(0, 3).join(', ')})`,
  );
}

/**
 * (d): a member makes a team watch list of WATCH_PEOPLE people new to the team (so each is due at
 * once: team-watch.ts), through the hub's route; each hub process's due check (every
 * WATCH_CHECK_MS) claims and asks them at batch priority under the one rate limit. Timed from the
 * list made to every check kept, as the hub tells its lists.
 */
async function teamWatch(store: Storage): Promise<void> {
  const sandbox = await startSandbox({
    port: 0,
    keys: [{ key: TEAM_KEY, credits: 100_000_000, plan: 'standard' }],
    ratePerMinute: 1_000_000,
  });
  cleanups.push(() => sandbox.close());
  const token = await watchSetup(store);
  const env = {
    ...store.env,
    HUB_PROVIDER_URL: sandbox.url,
    HUB_PROVIDER_KEY: TEAM_KEY,
    HUB_RATE_PER_MIN: String(WATCH_RATE),
    HUB_WATCH_CHECK_MS: String(WATCH_CHECK_MS),
  };
  const hubs: HubProcess[] = [];
  for (let index = 0; index < store.processes; index++) hubs.push(await startHub(env));
  const memoryBefore = hubs.map((hub) => hub.residentMb());
  const peakMb = [...memoryBefore];
  const people = sandbox.sandbox.queries.dataset.people
    .slice(WATCH_FIRST_PERSON, WATCH_FIRST_PERSON + WATCH_PEOPLE)
    .map((person) => person.url);
  const started = performance.now();
  const made = await fetch(`${hubs[0]!.url}/hub/v1/watch/lists`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', period_days: 30, people }),
  });
  if (made.status !== 201) throw new Error(`Making the list answered ${made.status}: ${await made.text()}`);
  const madeAt = performance.now();
  const madeWallClock = Date.now();
  const doneAt = await waitForChecks(hubs, token, sandbox, people.length, peakMb);
  const memoryAfter = hubs.map((hub) => hub.residentMb());
  for (const hub of hubs) await hub.stop();
  // Read once every process has stopped, so that a late second ask would be counted too.
  const seen = sandbox.sandbox.state.requests.list();
  assertEachOnce(seen, people);
  const times = seen.map((entry) => Date.parse(entry.time));
  const timerSeconds = Math.max(0, Math.min(...times) - madeWallClock) / 1000;
  const callsSeconds = (Math.max(...times) - Math.min(...times)) / 1000;
  const wallSeconds = (doneAt - madeAt) / 1000;
  const floorSeconds = (people.length / WATCH_RATE) * 60;
  const beyondSeconds = wallSeconds - timerSeconds - floorSeconds;
  const megabytes = (values: number[]) => values.map((mb) => `${mb.toFixed(0)} MB`).join(', ');
  console.log(
    `(d) a team watch of ${people.length.toLocaleString('en-US')} people new to the team, one period's checks, ` +
      `through ${hubs.length} hub process(es) (${store.label}); the hub at HUB_RATE_PER_MIN=${WATCH_RATE} ` +
      `(the bench's, far above the service's 300, so that the hub's own time shows) and HUB_WATCH_CHECK_MS=${WATCH_CHECK_MS}`,
  );
  console.log(
    `  list made in ${((madeAt - started) / 1000).toFixed(2)} s; the sandbox saw ${seen.length} requests, ` +
      `each person exactly once (checked); the first ${timerSeconds.toFixed(2)} s after the list was made (the due check's timer)`,
  );
  console.log(
    `  wall time ${wallSeconds.toFixed(1)} s from the list made to every check kept (the sandbox's first to last ` +
      `request: ${callsSeconds.toFixed(1)} s); the rate limit alone accounts for ${floorSeconds.toFixed(1)} s; ` +
      `beyond the calls and the timer: ${beyondSeconds.toFixed(1)} s, ${((beyondSeconds * 1000) / people.length).toFixed(2)} ms a person`,
  );
  console.log(
    `  hub processes' memory (resident): before ${megabytes(memoryBefore)}; peak ${megabytes(peakMb)}; after ${megabytes(memoryAfter)}`,
  );
}

async function main(): Promise<void> {
  const store = await storage();
  if (process.env.BENCH_WATCH_ONLY === '1') {
    await teamWatch(store);
    return;
  }
  if (process.env.BENCH_PEEK_ONLY === '1') {
    const sandbox = await startSandbox({
      port: 0,
      keys: [{ key: TEAM_KEY, credits: 1_000, plan: 'standard' }],
    });
    cleanups.push(() => sandbox.close());
    await batchPeek(sandbox, store);
    return;
  }
  const sandbox = await startSandbox({
    port: 0,
    keys: [{ key: TEAM_KEY, credits: 100_000_000, plan: 'standard' }],
    ratePerMinute: 1_000_000,
  });
  cleanups.push(() => sandbox.close());
  await latency(sandbox, store);
  const paced = await startSandbox({
    port: 0,
    keys: [{ key: TEAM_KEY, credits: 100_000_000, plan: 'standard' }],
    ratePerMinute: SERVICE_RATE,
  });
  cleanups.push(() => paced.close());
  await list(paced, store);
  await batchPeek(sandbox, store);
  await teamWatch(store);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
