/**
 * The hub's one storage interface: SQL with `$1` parameters and transactions, over an embedded
 * PGlite (a data folder, the default: nothing to install) or a real PostgreSQL (`HUB_DATABASE_URL`,
 * which several hub processes can share). Both speak the same SQL, so nothing above this file knows
 * which one it has.
 *
 * A database that cannot be reached surfaces as `DatabaseUnavailable`, which the server answers
 * with a clear 503 before anything is sent or charged.
 */
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
 * A server error carries a SQLSTATE; class 08 (connection), 57 (shut down) and 53 (resources) mean
 * the database is not there for us. An error without one is the connection itself failing.
 */
function unavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return /^(08|57|53)/.test(code);
}

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DatabaseUnavailable || !unavailable(error)) throw error;
    throw new DatabaseUnavailable(error);
  }
}

export async function openPglite(dataDir?: string): Promise<Db> {
  const lite = dataDir ? new PGlite(dataDir) : new PGlite();
  await lite.waitReady;
  const on = (target: Pick<PGlite, 'query'>): Queryable => ({
    query: async <Row>(sql: string, params: readonly unknown[] = []) =>
      (await target.query<Row>(sql, params as unknown[])).rows,
  });
  return {
    kind: 'pglite',
    ...on(lite),
    transaction: (work) => lite.transaction((tx) => work(on(tx))),
    close: () => lite.close(),
  };
}

export function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 3000, max: 10 });
  // An idle client losing its server is reported here; the next query reports it to its caller.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    query: <Row>(sql: string, params: readonly unknown[] = []) =>
      guarded(async () => (await pool.query(sql, params as unknown[])).rows as Row[]),
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
  return guarded(() => openPglite(options.dataDir));
}
