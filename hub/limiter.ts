/**
 * The account's one rate limit, kept in the database so every hub process on it shares it. The
 * `limiter` row holds the next free slot; a request takes it (and moves it one interval on) in a
 * transaction that locks the row, so slots are never handed out twice. Spacing 60,000 / rate ms
 * (300 a minute: one call every 200 ms) never bursts, so the provider's window never fills.
 *
 * A request waits as a ticket in `limiter_waiting`, and slots go to tickets in turn (placeOf):
 * clicks before batch rows, and round robin between members, so one member's list of 5,000 cannot
 * starve another member's rows. A waiting request sleeps until about its turn, so waiters do not
 * poll the database every few milliseconds. A ticket not refreshed for STALE_MS is a process
 * that went away, and is dropped.
 *
 * A 429 from the service teaches: the spacing grows by a quarter and no slot is given before its
 * Retry-After has passed.
 */
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from './db';

export type Priority = 'click' | 'batch';

const PRIORITY_RANK: Record<Priority, number> = { click: 0, batch: 1 };
const STALE_MS = 10_000;
/** A waiter wakes at least this often to show it is still there. */
const MAX_SLEEP_MS = STALE_MS / 4;

interface LimiterRow {
  next_at: number;
  interval_ms: number;
  blocked_until: number;
  now: number;
}

/**
 * How many waiting tickets go before this one (0: it is next). Round robin between members: each
 * member's first waiting request, then each one's second, and so on (members served longest ago
 * first within a round), clicks before all batch rows. A grant moves any waiter up by at most two.
 */
async function placeOf(tx: Queryable, ticket: string): Promise<number> {
  const order = await tx.query<{ ticket: string }>(
    `SELECT w.ticket FROM (
       SELECT ticket, member_id, priority, created_at,
         row_number() OVER (PARTITION BY member_id, priority ORDER BY created_at, ticket) AS round
       FROM limiter_waiting) w
     LEFT JOIN limiter_members m ON m.member_id = w.member_id
     ORDER BY w.priority, w.round, coalesce(m.last_granted, 0), w.created_at, w.ticket`,
  );
  return Math.max(
    0,
    order.findIndex((row) => row.ticket === ticket),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class AccountLimiter {
  readonly #baseIntervalMs: number;

  constructor(
    private readonly db: Db,
    ratePerMinute: number,
  ) {
    if (!(ratePerMinute > 0)) throw new Error(`The rate must be more than 0 a minute, not ${ratePerMinute}`);
    this.#baseIntervalMs = 60_000 / ratePerMinute;
  }

  /** Creates the limiter row, or sets its rate back to the configured one. */
  async init(): Promise<void> {
    await this.db.query(
      `INSERT INTO limiter (id, next_at, interval_ms) VALUES (1, 0, $1)
       ON CONFLICT (id) DO UPDATE SET interval_ms = $1`,
      [this.#baseIntervalMs],
    );
  }

  /** Waits for a slot of the account's rate limit; returns the slot's time (the database's clock, ms). */
  async acquire(memberId: number, priority: Priority): Promise<number> {
    const fast = await this.#tryAtOnce(memberId);
    if (fast !== null) return fast;
    const ticket = randomUUID();
    try {
      for (;;) {
        const step = await this.db.transaction((tx) => this.#try(tx, ticket, memberId, priority));
        if (step.granted) return step.at;
        await sleep(Math.min(MAX_SLEEP_MS, Math.max(2, step.waitMs)));
      }
    } catch (error) {
      await this.db.query('DELETE FROM limiter_waiting WHERE ticket = $1', [ticket]).catch(() => {});
      throw error;
    }
  }

  /**
   * The common case in one statement: the slot is free and nobody waits. Concurrent takers are
   * serialized on the limiter row, and a taker that finds the slot gone takes the waiting path.
   * Returns the slot's time, or null when it must wait.
   */
  async #tryAtOnce(memberId: number): Promise<number | null> {
    const [row] = await this.db.query<{ at: number }>(
      `WITH clock AS (SELECT extract(epoch FROM clock_timestamp()) * 1000 AS now),
       taken AS (
         UPDATE limiter l SET next_at = greatest(clock.now, l.next_at) + l.interval_ms FROM clock
         WHERE l.id = 1 AND greatest(l.next_at, l.blocked_until) <= clock.now
           AND NOT EXISTS (SELECT 1 FROM limiter_waiting w WHERE w.seen_at >= clock.now - $2)
         RETURNING clock.now AS at)
       INSERT INTO limiter_members (member_id, last_granted) SELECT $1, at FROM taken
       ON CONFLICT (member_id) DO UPDATE SET last_granted = excluded.last_granted
       RETURNING last_granted AS at`,
      [memberId, STALE_MS],
    );
    return row ? Number(row.at) : null;
  }

  async #try(
    tx: Queryable,
    ticket: string,
    memberId: number,
    priority: Priority,
  ): Promise<{ granted: true; at: number } | { granted: false; waitMs: number }> {
    const [row] = await tx.query<LimiterRow>(
      `SELECT next_at, interval_ms, blocked_until, extract(epoch FROM clock_timestamp()) * 1000 AS now
       FROM limiter WHERE id = 1 FOR UPDATE`,
    );
    if (!row) throw new Error('The rate limiter is not set up (AccountLimiter.init)');
    const now = Number(row.now);
    const interval = Number(row.interval_ms);
    const free = Math.max(Number(row.next_at), Number(row.blocked_until));
    await tx.query('DELETE FROM limiter_waiting WHERE seen_at < $1', [now - STALE_MS]);
    await tx.query(
      `INSERT INTO limiter_waiting (ticket, member_id, priority, created_at, seen_at) VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (ticket) DO UPDATE SET seen_at = $4`,
      [ticket, memberId, PRIORITY_RANK[priority], now],
    );
    const place = await placeOf(tx, ticket);
    if (place === 0 && now >= free) {
      await tx.query('UPDATE limiter SET next_at = $1 WHERE id = 1', [
        Math.max(now, Number(row.next_at)) + interval,
      ]);
      await tx.query('DELETE FROM limiter_waiting WHERE ticket = $1', [ticket]);
      await tx.query(
        `INSERT INTO limiter_members (member_id, last_granted) VALUES ($1, $2)
         ON CONFLICT (member_id) DO UPDATE SET last_granted = $2`,
        [memberId, now],
      );
      return { granted: true, at: now };
    }
    // A grant moves a waiter up by at most two places (see placeOf): sleeping half its distance
    // wakes it before its turn, with few wake-ups on the way.
    return { granted: false, waitMs: free - now + Math.max(0, Math.floor(place / 2) - 1) * interval };
  }

  /** A 429 from the service: pause until its Retry-After, and space calls a quarter wider. */
  async learnFrom429(retryAfterSeconds: number | undefined): Promise<void> {
    await this.db.query(
      `UPDATE limiter SET interval_ms = interval_ms * 1.25,
         blocked_until = greatest(blocked_until, extract(epoch FROM clock_timestamp()) * 1000 + $1)
       WHERE id = 1`,
      [Math.max(0, retryAfterSeconds ?? 1) * 1000],
    );
  }
}
