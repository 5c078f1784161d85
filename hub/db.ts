/**
 * The hub's one storage interface: SQL with `$1` parameters and transactions, over an embedded
 * PGlite (a data folder, the default: nothing to install) or a real PostgreSQL (`HUB_DATABASE_URL`,
 * which several hub processes can share). Both speak the same SQL, so nothing above this file knows
 * which one it has.
 *
 * A database that cannot be reached surfaces as `DatabaseUnavailable`, which the server answers
 * with a clear 503 before anything is sent or charged.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The database could not be reached (refused, timed out, shut down): nothing was done. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`The hub's database cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'DatabaseUnavailable';
  }
}

/**
 * Whether an error means the database is not there for us. Only an error the server sent
 * (`pg.DatabaseError`) carries a SQLSTATE: class 08 (connection), 57 (shut down) and 53
 * (resources) are the server going away, any other class is the statement's own fault. Anything
 * else is the connection failing: refused, reset, a timeout, or a write to a socket the server
 * dropped (`EPIPE`, whose five capitals are not a SQLSTATE).
 */
export function databaseAway(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  return /^(08|57|53)/.test(error.code ?? '');
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DatabaseUnavailable || !databaseAway(error)) throw error;
    throw new DatabaseUnavailable(error);
  }
}

/**
 * SQLSTATEs of a statement the server rolled back to let another go on: a deadlock (40P01), a
 * serialization conflict (40001). Run alone, a statement is its own transaction, nothing of it was
 * kept, and PostgreSQL's advice is to run it again. After a crash, two members' requests settling
 * each other's expired rows lock their spend rows in opposite orders (hub_reserve_request): one of
 * them is chosen to fail, and is run again instead of answering its member 500.
 */
const RUN_AGAIN_STATES = new Set(['40P01', '40001']);
const STATEMENT_ATTEMPTS = 3;

/** Runs a statement of its own, again (up to STATEMENT_ATTEMPTS in all) when the server rolled it back for another. */
export async function againWhenRolledBack<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const rolledBack = error instanceof pg.DatabaseError && RUN_AGAIN_STATES.has(error.code ?? '');
      if (!rolledBack || attempt >= STATEMENT_ATTEMPTS) throw error;
      // A few milliseconds apart, so that the two it was caught between do not meet again.
      await new Promise((wake) => setTimeout(wake, Math.random() * 20 * attempt));
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not stop a second process from opening its folder (which would lose one's writes),
 * so the hub takes `<folder>.lock` (its process id) for as long as it has the folder open; a lock
 * left by a process that died is taken over.
 */
function lockFolder(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockPath, 'utf8'));
      if (Number.isSafeInteger(holder) && holder > 0 && alive(holder))
        throw new Error(
          `The embedded database ${dataDir} is open in process ${holder} (a running hub?): stop it first, ` +
            'or share a PostgreSQL between processes with HUB_DATABASE_URL',
        );
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take ${lockPath}`);
}

export async function openPglite(dataDir?: string): Promise<Db> {
  const unlock = dataDir ? lockFolder(dataDir) : () => {};
  let lite: PGlite;
  try {
    lite = new PGlite({ dataDir });
    await lite.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const on = (target: Pick<PGlite, 'query'>): Queryable => ({
    query: async <Row>(sql: string, params: readonly unknown[] = []) =>
      (await target.query<Row>(sql, params as unknown[])).rows,
  });
  return {
    kind: 'pglite',
    ...on(lite),
    transaction: (work) => lite.transaction((tx) => work(on(tx))),
    close: async () => {
      await lite.close();
      unlock();
    },
  };
}

export function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 3000, max: 10 });
  // An idle client losing its server is reported here; the next query reports it to its caller.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    query: <Row>(sql: string, params: readonly unknown[] = []) =>
      guarded(() =>
        againWhenRolledBack(async () => (await pool.query(sql, params as unknown[])).rows as Row[]),
      ),
    transaction: async <T>(work: (tx: Queryable) => Promise<T>) => {
      const client = await guarded(() => pool.connect());
      let broken = false;
      const query = <Row>(sql: string, params: readonly unknown[] = []) =>
        guarded(async () => (await client.query(sql, params as unknown[])).rows as Row[]);
      try {
        await query('BEGIN');
        const result = await work({ query });
        await query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/** `HUB_DATABASE_URL` when set, else PGlite in `HUB_DATA_DIR` (in memory when that is unset too). */
export async function openDb(options: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}
