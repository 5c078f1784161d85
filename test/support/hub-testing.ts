/**
 * For the hub's tests: a database of their own, on a real PostgreSQL when HUB_DATABASE_URL is set
 * (a new database created on that server and dropped after), else a PGlite in a temporary folder; and the
 * sandbox in-process as the service; a hub process as `npm run hub` starts it; a TCP proxy that drops
 * a database's connections for a while, and an HTTP forwarder that counts what is at the service.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type Db, openPglite, openPostgres } from '../../hub/db';
import { migrate } from '../../hub/migrations';
import { createSandbox } from '../../sandbox/app';
import { SMALL_COUNTS } from '../../sandbox/data/generate';
import { BUILT_HUB_VARIABLE } from './built-hub';
import { SHORT_LIVED_PGLITE_FLAGS } from './node-flags';

export interface TestDatabase {
  /** The test database's URL on a real server; undefined for PGlite (which one process owns). */
  url?: string;
  /** Opens a connection to the test database (a real server: a new pool, as another process would). */
  open(): Promise<Db>;
  /** Empties every table (the schema stays). */
  clear(db: Db): Promise<void>;
  drop(): Promise<void>;
}

export async function testDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.HUB_DATABASE_URL;
  if (!serverUrl) {
    const lite = await openEmptyPglite();
    return {
      open: async () => ({ ...lite, close: async () => {} }),
      clear,
      drop: () => lite.close(),
    };
  }
  const name = `hub_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened: Db[] = [];
  return {
    url: url.toString(),
    open: async () => {
      const db = openPostgres(url.toString());
      opened.push(db);
      return db;
    },
    clear,
    drop: async () => {
      await Promise.all(opened.map((db) => db.close().catch(() => {})));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * An empty PGlite cluster, as initdb makes it, made once per PGlite version and kept in
 * node_modules/.cache: every test database on PGlite starts from a copy of this folder, without
 * initdb's seconds for every test file and hub process (several minutes of CPU over a run on a
 * busy machine). A copy on disk, not a dump loaded into memory: loading the 40 MB dump cost each
 * database about 0.7 s of CPU more, and writing it to a folder through PGlite about 3 s.
 *
 * Its shared buffers are 16 MB, not initdb's 128 MB: a test's database holds a few hundred rows,
 * and with initdb's a start costs PGlite's wasm about 0.6 s of CPU more.
 */
async function emptyClusterFolder(): Promise<string> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const { version } = JSON.parse(
    readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  const folder = join(root, `node_modules/.cache/hub-tests/pglite-${version}-empty`);
  if (!existsSync(folder)) {
    // Made aside, then renamed into place: a file running at the same time finds a whole cluster
    // or none (and the one that loses the race drops its own).
    const aside = `${folder}.${process.pid}`;
    rmSync(aside, { recursive: true, force: true });
    mkdirSync(dirname(folder), { recursive: true });
    const lite = new PGlite({ dataDir: aside });
    await lite.waitReady;
    await lite.close();
    appendFileSync(join(aside, 'postgresql.conf'), '\nshared_buffers = 16MB\n');
    try {
      renameSync(aside, folder);
    } catch {
      rmSync(aside, { recursive: true, force: true });
    }
  }
  return folder;
}

/** A PGlite folder as a new database's: a copy of {@link emptyClusterFolder} (no initdb). */
export async function emptyPgliteFolder(dataDir: string): Promise<void> {
  mkdirSync(dirname(dataDir), { recursive: true });
  cpSync(await emptyClusterFolder(), dataDir, { recursive: true });
}

/** A new empty database on PGlite in a temporary folder, which closing it removes. */
export async function openEmptyPglite(): Promise<Db> {
  const folder = mkdtempSync(join(tmpdir(), 'hub-test-db-'));
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });
  let db: Db;
  try {
    await emptyPgliteFolder(join(folder, 'data'));
    db = await openPglite(join(folder, 'data'));
  } catch (error) {
    removeFolder();
    throw error;
  }
  return {
    ...db,
    close: async () => {
      await db.close();
      removeFolder();
    },
  };
}

/**
 * The tables {@link clear} keeps: the migrations' record, and the hub's one-row tables made by the
 * migrations (the limiter's is put back to its start instead). Every other table is emptied, a
 * table added later too.
 */
const KEPT_TABLES = ['schema_migrations', 'limiter', 'do_not_enrich_version', 'hub_settings'];

/**
 * Every table but {@link KEPT_TABLES} emptied and every sequence started again, in one statement.
 * DELETEs, not TRUNCATE: a TRUNCATE of the twenty tables gives each new files, about 100 ms of
 * PGlite's CPU (45 ms of PostgreSQL's) before every hub test, against about 10 ms. They run as one
 * statement, so the foreign keys are checked once all of them are done, in no particular order.
 */
async function clear(db: Db): Promise<void> {
  await db.query(
    `DO $$
     DECLARE deletes text; sequence_name text;
     BEGIN
       SELECT 'WITH ' || string_agg(format('d%s AS (DELETE FROM %I)', n, tablename), ', ') || ' SELECT 1'
         INTO deletes
         FROM (SELECT tablename, row_number() OVER () AS n FROM pg_tables
               WHERE schemaname = current_schema() AND tablename <> ALL (ARRAY['${KEPT_TABLES.join("', '")}'])) AS cleared;
       EXECUTE deletes;
       FOR sequence_name IN SELECT sequencename FROM pg_sequences WHERE schemaname = current_schema() LOOP
         EXECUTE format('ALTER SEQUENCE %I RESTART', sequence_name);
       END LOOP;
       UPDATE limiter SET next_at = 0, blocked_until = 0;
     END $$`,
  );
}

/** The sandbox as the service, with the team's key `team` (100,000 credits); `fetch` reaches it without a socket. */
export function sandboxService({ ratePerMinute = 60_000 }: { ratePerMinute?: number } = {}) {
  const sandbox = createSandbox({
    keys: [{ key: 'team', credits: 100_000, plan: 'standard' }],
    ratePerMinute,
    counts: SMALL_COUNTS,
  });
  const fetchSandbox = (input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(sandbox.app.request(new Request(input, init)));
  const requests = () =>
    sandbox.state.requests.list().filter((entry) => entry.path !== '/api/v2/credit-balance');
  return { sandbox, fetch: fetchSandbox as typeof fetch, requests };
}

/** A test's view of its database that the test drops (every statement fails as a connection refused) and brings back. */
export function droppable(db: Db): { db: Db; drop(): void; restore(): void; close(): Promise<void> } {
  // A database on a port where nothing listens: every query fails to connect.
  const gone = openPostgres('postgres://hub@127.0.0.1:9/hub');
  let down = false;
  return {
    db: {
      kind: db.kind,
      query: (sql, params) => (down ? gone.query(sql, params) : db.query(sql, params)),
      transaction: (work) => (down ? gone.transaction(work) : db.transaction(work)),
      close: async () => {},
    },
    drop: () => {
      down = true;
    },
    restore: () => {
      down = false;
    },
    close: () => gone.close(),
  };
}

export type SandboxService = ReturnType<typeof sandboxService>;

/** What a hub test file works on (hubTestBed): set by its hooks, so read inside tests and hooks. */
export interface HubTestBed {
  database: TestDatabase;
  /** The test database, migrated. */
  db: Db;
  /** The sandbox as the service, new for each test. */
  service: SandboxService;
}

/**
 * A hub test file's database (testDatabase), migrated once and dropped after the file, emptied
 * before each test, which gets a new sandbox as the service. Its hooks run before the file's own.
 */
export function hubTestBed(): HubTestBed {
  const bed = {} as HubTestBed;
  beforeAll(async () => {
    bed.database = await testDatabase();
    bed.db = await bed.database.open();
    await migrate(bed.db);
  }, 120_000);
  afterAll(async () => bed.database.drop());
  beforeEach(async () => {
    await bed.database.clear(bed.db);
    bed.service = sandboxService();
  });
  return bed;
}

export interface HubProcess {
  child: ChildProcess;
  url: string;
  /** What the hub wrote to stderr since it was ready (its last 64 KB): a failing test shows it. */
  stderr(): string;
}

/**
 * `hub/main.ts` in a process of its own (HUB_PORT 0 unless `env` says), once it says it is ready: the
 * run's build of it when there is one, else the source through tsx (as `npm run hub` runs it).
 */
export function startHubProcess(env: Record<string, string>): Promise<HubProcess> {
  const built = process.env[BUILT_HUB_VARIABLE];
  const entry = built ? ['--enable-source-maps', join(built, 'main.js')] : ['--import', 'tsx', 'hub/main.ts'];
  const child = spawn(process.execPath, [...SHORT_LIVED_PGLITE_FLAGS, ...entry], {
    env: { ...process.env, HUB_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    let errors = '';
    const read = (chunk: Buffer) => {
      // Once ready, a hub writes a JSON line per request on stdout: those are read and dropped.
      if (ready) return;
      output += chunk.toString();
      const url = /Hub ready on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) {
        ready = true;
        resolve({ child, url, stderr: () => errors });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => {
      if (ready) errors = (errors + chunk.toString()).slice(-65_536);
      else read(chunk);
    });
    child.on('exit', (code) => reject(new Error(`The hub exited (${code}) before it was ready:\n${output}`)));
  });
}

async function listening(server: Server | ReturnType<typeof createHttpServer>, port = 0): Promise<number> {
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

export interface DroppingProxy {
  /** The database URL `url` reached through the proxy. */
  through(url: string): string;
  /** Drops every connection and refuses new ones for `ms`, as a database that stopped and came back. */
  stopFor(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** A TCP proxy in front of a database server (`url`'s host and port), which a test can stop a while. */
export async function droppingProxy(url: string): Promise<DroppingProxy> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const accept = (client: Socket) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    track(client);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  };
  let server = createTcpServer(accept);
  const port = await listening(server);
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    through: (databaseUrl) => {
      const reached = new URL(databaseUrl);
      reached.hostname = '127.0.0.1';
      reached.port = String(port);
      return reached.toString();
    },
    stopFor: async (ms) => {
      const closed = new Promise((done) => server.close(done));
      dropAll();
      await closed;
      await new Promise((resume) => setTimeout(resume, ms));
      server = createTcpServer(accept);
      await listening(server, port);
    },
    close: async () => {
      const closed = new Promise((done) => server.close(done));
      dropAll();
      await closed;
    },
  };
}

export interface CountingForwarder {
  url: string;
  /** Requests passed on whose answer has not been passed back yet. */
  inFlight(): number;
  /** The `profile_url` of each request answered, in order. */
  answered(): string[];
  close(): Promise<void>;
}

/** An HTTP forwarder in front of the service (a hub process's HUB_PROVIDER_URL): what is at the service. */
export async function countingForwarder(serviceUrl: string): Promise<CountingForwarder> {
  let inFlight = 0;
  const answered: string[] = [];
  const server = createHttpServer((request, response) => {
    inFlight++;
    const url = new URL(request.url ?? '/', serviceUrl);
    fetch(url, {
      headers: { Authorization: request.headers.authorization ?? '', Accept: 'application/json' },
    })
      .then(async (answer) => {
        const body = Buffer.from(await answer.arrayBuffer());
        const headers: Record<string, string> = {
          'Content-Type': answer.headers.get('Content-Type') ?? 'application/json',
        };
        const retryAfter = answer.headers.get('Retry-After');
        if (retryAfter !== null) headers['Retry-After'] = retryAfter;
        response.writeHead(answer.status, headers);
        response.end(body);
      })
      .catch(() => response.destroy())
      .finally(() => {
        answered.push(url.searchParams.get('profile_url') ?? url.pathname);
        inFlight--;
      });
  });
  const port = await listening(server);
  return {
    url: `http://127.0.0.1:${port}`,
    inFlight: () => inFlight,
    answered: () => [...answered],
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
