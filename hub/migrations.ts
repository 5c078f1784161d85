/**
 * The hub's schema, by version. Each migration runs once, in order, in the transaction that records
 * it; an advisory lock makes hub processes starting together on one database take turns.
 * A released version is never edited: a change is a new version.
 */
import type { Db, Queryable } from './db';

const MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE members (
        id serial PRIMARY KEY,
        name text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        daily_budget integer NOT NULL CHECK (daily_budget >= 0),
        monthly_budget integer CHECK (monthly_budget >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        removed_at timestamptz
      );
      CREATE UNIQUE INDEX members_active_name ON members (name) WHERE removed_at IS NULL;

      -- What each member spent (settled) and holds reserved (in flight), per UTC day.
      CREATE TABLE spend (
        member_id integer NOT NULL REFERENCES members (id),
        day date NOT NULL,
        spent integer NOT NULL DEFAULT 0,
        reserved integer NOT NULL DEFAULT 0,
        PRIMARY KEY (member_id, day)
      );

      CREATE TABLE cache (
        key text PRIMARY KEY,
        endpoint text NOT NULL,
        params jsonb NOT NULL,
        body jsonb NOT NULL,
        fetched_at timestamptz NOT NULL,
        -- When the data itself was known fresh (its last_updated, or the live fetch); null: unknown.
        data_at timestamptz
      );

      CREATE TABLE do_not_enrich (
        key text PRIMARY KEY,
        kind text NOT NULL,
        text text NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE forgotten (
        seq bigserial PRIMARY KEY,
        key text NOT NULL,
        text text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE audit (
        id bigserial PRIMARY KEY,
        member_id integer NOT NULL REFERENCES members (id),
        endpoint text NOT NULL,
        subject text,
        params jsonb,
        at timestamptz NOT NULL DEFAULT now(),
        status integer NOT NULL,
        charged integer,
        cache text NOT NULL,
        -- The cached answer this line was served from or stored as: forget finds names through it.
        cache_key text
      );
      CREATE INDEX audit_member_at ON audit (member_id, at);

      -- The account's one rate limit: the next free slot (ms since the epoch, the database's clock),
      -- the spacing learned so far, and a pause asked by a 429's Retry-After.
      CREATE TABLE limiter (
        id integer PRIMARY KEY CHECK (id = 1),
        next_at double precision NOT NULL,
        interval_ms double precision NOT NULL,
        blocked_until double precision NOT NULL DEFAULT 0
      );
      -- Requests waiting for a slot; a ticket not seen for a while is a process that went away.
      CREATE TABLE limiter_waiting (
        ticket text PRIMARY KEY,
        member_id integer NOT NULL,
        priority integer NOT NULL,
        created_at double precision NOT NULL,
        seen_at double precision NOT NULL
      );
      CREATE TABLE limiter_members (
        member_id integer PRIMARY KEY,
        last_granted double precision NOT NULL
      );
    `,
  },
];

async function appliedVersions(tx: Queryable): Promise<Set<number>> {
  await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const rows = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
  return new Set(rows.map((row) => row.version));
}

/** Brings the schema to the latest version; returns the versions it applied. */
export async function migrate(db: Db): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(2626)');
    const applied = await appliedVersions(tx);
    const done: number[] = [];
    for (const { version, sql } of MIGRATIONS) {
      if (applied.has(version)) continue;
      for (const statement of sql.split(/;\s*\n/).filter((part) => part.trim() !== '')) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      done.push(version);
    }
    return done;
  });
}
