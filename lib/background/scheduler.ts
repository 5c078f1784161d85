/**
 * The one scheduler of every request to the service, per API key: as fast as the rate limit
 * allows and never faster, clicks before batches.
 *
 * - Pacing: requests leave evenly spaced at the key's rate (60 s / rate apart), and never more than
 *   `rate` in any 60 s. The provider allows bursts within a 5-minute window; we never use them, so
 *   a key that is also used elsewhere keeps that headroom, and one 429 is the most a burst of ours
 *   can cost.
 * - Learning: a 429 pauses the key until its Retry-After (an hour at most, RETRY_AFTER_MAX_SECONDS;
 *   what a server asked past that is kept to be told), and lowers the rate to what the service
 *   admitted over the provider's 5-minute window (a new account before its first top-up gets 2 a
 *   minute: it then finishes, slowly, without a storm of 429s). After 5 minutes without a 429 the
 *   rate climbs back by half, up to the provider's published ceiling.
 * - Priority: a waiting click leaves at the next slot, ahead of every waiting batch row; retries of
 *   a call that already left go first of all.
 *
 * Nothing here is stored: a worker that restarts starts at the ceiling and learns again (one 429).
 */

import { DEFAULT_RATE_PER_MINUTE } from '../api/assumptions';
import { RETRY_AFTER_MAX_SECONDS } from '../api/errors';
import type { Pacer } from './api/client';

/** `retry`: a call already under way (a 500/503 retry); `click`: a person waits; `batch`: a row. */
export type Priority = 'retry' | 'click' | 'batch';

const PRIORITY_ORDER: Record<Priority, number> = { retry: 0, click: 1, batch: 2 };

const MINUTE_MS = 60_000;
/** The provider averages its rate over this window (what a 429 teaches us is measured over it). */
const PROVIDER_WINDOW_MS = 5 * MINUTE_MS;
/** Without Retry-After, a 429 pauses the key this long. */
const DEFAULT_PAUSE_MS = 10_000;
/** After this long without a 429, a lowered rate climbs back (by RECOVERY_FACTOR). */
const RECOVERY_AFTER_MS = 5 * MINUTE_MS;
const RECOVERY_FACTOR = 1.5;
/** The longest delay setTimeout keeps: past it, a timer fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SchedulerOptions {
  /** The provider's ceiling, requests a minute per key. */
  ratePerMinute?: number;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => () => void;
}

interface Waiter {
  order: number;
  arrival: number;
  grant: () => void;
  /** Stops its wait without a slot (the service asked to wait past the cap). */
  refuse: (reason: Error) => void;
}

/** One key's pace: what it may send, when, and who waits for it. */
interface Lane {
  rate: number;
  /** When requests left, oldest first (kept for the provider's window). */
  sent: number[];
  pausedUntil: number;
  /** What the last 429 asked past RETRY_AFTER_MAX_SECONDS (ms since epoch), told while the pause lasts. */
  askedUntil?: number;
  /** When the rate last changed because of a 429 or climbed back. */
  rateChangedAt: number;
  waiting: Waiter[];
  cancelTimer?: () => void;
  timerAt?: number;
}

export interface LaneState {
  ratePerMinute: number;
  /** ms until the key may send again after a 429 (0 when not paused). */
  pausedForMs: number;
  /** While paused: when the service asked to wait until, when that was past RETRY_AFTER_MAX_SECONDS. */
  askedToWaitUntil?: number;
  waiting: number;
}

const defaultTimer = (run: () => void, ms: number) => {
  // Never past what setTimeout keeps: the lane is pumped again when it fires, and waits on.
  const timer = setTimeout(run, Math.min(ms, MAX_TIMER_MS));
  (timer as { unref?: () => void }).unref?.();
  return () => clearTimeout(timer);
};

/** Drops what left before the provider's window: it no longer counts. */
function forget(l: Lane, at: number): void {
  let drop = 0;
  while (drop < l.sent.length && l.sent[drop]! <= at - PROVIDER_WINDOW_MS) drop += 1;
  if (drop > 0) l.sent.splice(0, drop);
}

/** The earliest moment the next request may leave. */
function nextSlot(l: Lane, at: number): number {
  const last = l.sent.at(-1);
  let slot = Math.max(l.pausedUntil, last === undefined ? at : last + MINUTE_MS / l.rate);
  // Never more than `rate` in any minute (after the rate was lowered, spacing alone is not enough).
  const inMinute = l.sent.filter((time) => time > at - MINUTE_MS);
  if (inMinute.length >= l.rate) slot = Math.max(slot, inMinute[inMinute.length - l.rate]! + MINUTE_MS);
  return slot;
}

/** Which waiter goes next: the first priority first (retries, clicks, batch rows), then who came first. */
function nextWaiter(waiting: readonly Waiter[]): number {
  let best = 0;
  for (let index = 1; index < waiting.length; index++) {
    const candidate = waiting[index]!;
    const chosen = waiting[best]!;
    if (
      candidate.order < chosen.order ||
      (candidate.order === chosen.order && candidate.arrival < chosen.arrival)
    )
      best = index;
  }
  return best;
}

/**
 * Queues a waiter in a lane (then `queued` pumps it); resolves when it is granted, rejects when
 * the signal aborts (it leaves the queue) or it is refused.
 */
function waitInLane(
  l: Lane,
  order: number,
  arrival: () => number,
  signal: AbortSignal | undefined,
  queued: () => void,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      l.waiting = l.waiting.filter((other) => other !== waiter);
      reject(signal?.reason);
    };
    const waiter: Waiter = {
      order,
      arrival: arrival(),
      grant: () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
      refuse: (reason) => {
        signal?.removeEventListener('abort', onAbort);
        reject(reason);
      },
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    l.waiting.push(waiter);
    queued();
  });
}

/** A 429's pause: its Retry-After, never past RETRY_AFTER_MAX_SECONDS; DEFAULT_PAUSE_MS without one. */
function pauseMsOf(retryAfterSeconds: number | undefined): number {
  return retryAfterSeconds === undefined
    ? DEFAULT_PAUSE_MS
    : Math.min(Math.max(0, retryAfterSeconds), RETRY_AFTER_MAX_SECONDS) * 1000;
}

/**
 * Asked to wait past the cap: clicks and batch rows waiting are told now (lib/background/calls/paid-call.ts
 * says why), not held for the hour. Retries of calls under way keep their place.
 */
function refuseAllButRetries(l: Lane): void {
  const told = l.waiting.filter((waiter) => waiter.order !== PRIORITY_ORDER.retry);
  l.waiting = l.waiting.filter((waiter) => waiter.order === PRIORITY_ORDER.retry);
  for (const waiter of told) waiter.refuse(new Error('The service asked to wait'));
}

/** A lane slowed by a 429 climbs back towards the ceiling, a step each RECOVERY_AFTER_MS. */
function climbBack(l: Lane, at: number, ceiling: number): void {
  if (l.rate < ceiling && at - l.rateChangedAt >= RECOVERY_AFTER_MS) {
    l.rate = Math.min(ceiling, Math.ceil(l.rate * RECOVERY_FACTOR));
    l.rateChangedAt = at;
  }
}

export function createScheduler(options: SchedulerOptions = {}) {
  let ceiling = options.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? defaultTimer;
  const lanes = new Map<string, Lane>();
  let arrivals = 0;
  /** A worker shutting down (or a test's stopped worker) grants nothing more. */
  let disposed = false;

  function lane(key: string): Lane {
    let found = lanes.get(key);
    if (!found) {
      found = { rate: ceiling, sent: [], pausedUntil: 0, rateChangedAt: now(), waiting: [] };
      lanes.set(key, found);
    }
    return found;
  }

  function pump(key: string, l: Lane): void {
    for (;;) {
      if (disposed || l.waiting.length === 0) return;
      const at = now();
      forget(l, at);
      climbBack(l, at, ceiling);
      const slot = nextSlot(l, at);
      if (slot > at) {
        if (l.timerAt !== undefined && l.timerAt <= slot) return;
        l.cancelTimer?.();
        l.timerAt = slot;
        l.cancelTimer = setTimer(() => {
          l.cancelTimer = undefined;
          l.timerAt = undefined;
          pump(key, l);
        }, slot - at);
        return;
      }
      const [waiter] = l.waiting.splice(nextWaiter(l.waiting), 1);
      l.sent.push(at);
      waiter!.grant();
    }
  }

  /**
   * Resolves when a request of this key may leave; rejects with the signal's reason if it aborts,
   * or when the service asks to wait past the cap (but for a retry).
   */
  function acquire(key: string, priority: Priority, signal?: AbortSignal): Promise<void> {
    const l = lane(key);
    return waitInLane(
      l,
      PRIORITY_ORDER[priority],
      () => arrivals++,
      signal,
      () => pump(key, l),
    );
  }

  /**
   * The service answered 429: pause until Retry-After (never longer than RETRY_AFTER_MAX_SECONDS)
   * and pace to what it admitted.
   */
  function rateLimited(key: string, retryAfterSeconds: number | undefined, waitUntil?: number): void {
    const l = lane(key);
    const at = now();
    // The refused request does not count at the provider.
    l.sent.pop();
    forget(l, at);
    l.pausedUntil = Math.max(l.pausedUntil, at + pauseMsOf(retryAfterSeconds));
    l.askedUntil = waitUntil;
    if (waitUntil !== undefined) refuseAllButRetries(l);
    const admittedPerMinute = Math.max(1, Math.floor(l.sent.length / (PROVIDER_WINDOW_MS / MINUTE_MS)));
    l.rate = Math.min(l.rate, admittedPerMinute);
    l.rateChangedAt = at;
    pump(key, l);
  }

  /** The pacer the API client uses for one call: its first request was granted already. */
  function pacerFor(key: string, options: { granted: boolean }): Pacer {
    let granted = options.granted;
    return {
      acquire(signal) {
        if (granted) {
          granted = false;
          return Promise.resolve();
        }
        return acquire(key, 'retry', signal);
      },
      rateLimited: (retryAfterSeconds, waitUntil) => rateLimited(key, retryAfterSeconds, waitUntil),
    };
  }

  function state(key: string): LaneState {
    const l = lane(key);
    const pausedForMs = Math.max(0, l.pausedUntil - now());
    return {
      ratePerMinute: l.rate,
      pausedForMs,
      waiting: l.waiting.length,
      ...(pausedForMs > 0 && l.askedUntil !== undefined ? { askedToWaitUntil: l.askedUntil } : {}),
    };
  }

  /** A lower (or higher) ceiling from now on, for every key (end-to-end tests slow it down to watch). */
  function setCeiling(ratePerMinute: number): void {
    for (const l of lanes.values())
      l.rate = l.rate >= ceiling ? ratePerMinute : Math.min(l.rate, ratePerMinute);
    ceiling = ratePerMinute;
  }

  function dispose(): void {
    disposed = true;
    for (const l of lanes.values()) l.cancelTimer?.();
  }

  return { acquire, rateLimited, pacerFor, state, setCeiling, dispose };
}

export type Scheduler = ReturnType<typeof createScheduler>;
