/**
 * The account's one rate limit, kept in the database so every hub process on it shares it. The
 * `limiter` row holds the next free slot; a request takes it (and moves it one interval on) in a
 * transaction that locks the row, so slots are never handed out twice. Spacing 60,000 / rate ms
 * (300 a minute: one call every 200 ms) never bursts, so the provider's window never fills.
 *
 * A request waits as a ticket in `limiter_waiting`, and slots go to tickets in turn (hub_wait_turn
 * in migrations.ts): clicks before batch rows, and round robin between members, so one member's
 * list of 5,000 cannot starve another member's rows. A waiting request sleeps until about its turn, so waiters do not
 * poll the database every few milliseconds. A ticket not refreshed for WAITER_STALE_MS is a process
 * that went away, and is dropped.
 *
 * A 429 from the service teaches: the spacing grows by a quarter and no slot is given before its
 * Retry-After has passed.
 */

import { randomUUID } from 'node:crypto';
import { sleep } from '../lib/sleep';
import type { Db } from './db';

export type Priority = 'click' | 'batch';

const PRIORITY_RANK: Record<Priority, number> = { click: 0, batch: 1 };
/** A waiting ticket not refreshed for this long is a process that went away. */
export const WAITER_STALE_MS = 10_000;
/** A waiter wakes at least this often to show it is still there. */
const MAX_SLEEP_MS = WAITER_STALE_MS / 4;

/**
 * A journaled request waiting for its slot (request-steps.ts): its row's lease is renewed at each
 * wake, and marked sent by the wake that is given the slot.
 */
interface WaitingRequest {
  requestId: string;
  waitingLeaseMs: number;
  sentLeaseMs: number;
}

/** A waiting request's journal row is no longer waiting (its lease passed): it must not be sent. */
export class LeasePassed extends Error {
  constructor() {
    super("The request's reservation was released while it waited for a rate slot; nothing was sent");
    this.name = 'LeasePassed';
  }
}

export class AccountLimiter {
  readonly #baseIntervalMs: number;

  /**
   * `onWait`: told the seconds each request waited in line for its slot (the metrics' histogram).
   */
  constructor(
    private readonly db: Db,
    ratePerMinute: number,
    private readonly onWait?: (seconds: number) => void,
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
    const [free] = await this.db.query<{ at: number | null }>('SELECT hub_take_free_slot($1, $2) AS at', [
      memberId,
      WAITER_STALE_MS,
    ]);
    if (free?.at !== null && free?.at !== undefined) return Number(free.at);
    return this.waitForSlot(memberId, priority);
  }

  /**
   * Waits in line for a slot (a request that found no free slot, here or in hub_reserve): one
   * statement a wake (hub_wait_turn, or hub_wait_turn_journaled for a journaled request), sleeping
   * until about its turn in between. `signal` (the hub stopping) ends the wait at once, with its
   * reason, and the ticket leaves the line.
   */
  async waitForSlot(
    memberId: number,
    priority: Priority,
    options: { signal?: AbortSignal; journal?: WaitingRequest } = {},
  ): Promise<number> {
    const { signal, journal } = options;
    const ticket = randomUUID();
    const started = performance.now();
    try {
      for (;;) {
        signal?.throwIfAborted();
        const [step] = await this.db.query<{
          granted: boolean;
          at: number | null;
          wait_ms: number | null;
          gone?: boolean;
        }>(
          journal
            ? 'SELECT granted, at, wait_ms, gone FROM hub_wait_turn_journaled($1, $2, $3, $4, $5, $6, $7)'
            : 'SELECT granted, at, wait_ms FROM hub_wait_turn($1, $2, $3, $4)',
          [
            ticket,
            memberId,
            PRIORITY_RANK[priority],
            WAITER_STALE_MS,
            ...(journal ? [journal.requestId, journal.waitingLeaseMs, journal.sentLeaseMs] : []),
          ],
        );
        if (step?.gone) throw new LeasePassed();
        if (step?.granted) {
          this.onWait?.((performance.now() - started) / 1000);
          return Number(step.at);
        }
        await sleep(Math.min(MAX_SLEEP_MS, Math.max(2, Number(step?.wait_ms ?? 0))), signal);
      }
    } catch (error) {
      await this.db.query('DELETE FROM limiter_waiting WHERE ticket = $1', [ticket]).catch(() => {});
      throw error;
    }
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
