/** What the e2e build exposes to its tests on `globalThis.__test` (never in other builds). */
import { storage } from 'wxt/utils/storage';
import { E2E_RATE_ITEM_KEY, E2E_SETTLE_ITEM_KEY, E2E_WATCH_DAYS_ITEM_KEY } from '../settings';
import type { createService } from './service';
import { DAY_MS } from './watch/periods';
import type { createWatchAlarm } from './watch/watch-alarm';

/** Days the e2e tests moved the clock of what runs on a schedule; 0 in every other build. */
let daysAhead = 0;

/**
 * The clock of what runs on a schedule, the watch's periods and the retention period: the wall
 * clock, moved forward only by the e2e tests.
 */
export const scheduleNow = (): number => Date.now() + daysAhead * DAY_MS;

/**
 * Everything on `globalThis.__test`, declared once: the background sets each part as it starts, and
 * the end-to-end tests reach them through test/e2e/test-hooks.ts.
 */
export interface E2eHooks {
  /** The scheduler's ceiling, requests a minute per key. */
  setRatePerMinute(rate: number): Promise<void>;
  /** How long after a lost call left it is settled from the balance. */
  setSettleAfterMs(ms: number): Promise<void>;
  /** The retention alarm's work, now on the moved clock: how many records changed. */
  expireOld(): Promise<number>;
  watch: {
    /** Moves the clock of the watch and of retention forward, as the sandbox's is moved. */
    advanceDays(days: number): Promise<void>;
    /** The watch's due check, as its alarm fires it: how many lists it started. */
    checkDue(): Promise<number>;
  };
  /** The context menu's click handler (real menus are native UI). */
  onContextMenuClick(info: unknown, tab: unknown): Promise<void>;
  /** The email menus made at install (the browser cannot be asked for a menu's title). */
  emailMenus: ReadonlyArray<{ id?: string | number; title?: string; contexts?: readonly string[] }>;
}

export function testHooks(): Partial<E2eHooks> {
  const scope = globalThis as { __test?: Partial<E2eHooks> };
  scope.__test ??= {};
  return scope.__test;
}

/**
 * The e2e build only: tests slow the scheduler down to watch a batch row by row, shorten the time
 * a lost call takes to settle to what their sandbox needs, and move the watch's clock as the
 * sandbox's (POST /__sandbox/advance) and fire its due check. Each is kept for the session, so a
 * worker that restarts keeps it.
 */
export function exposeTestHooks(
  service: ReturnType<typeof createService>,
  watchAlarm: ReturnType<typeof createWatchAlarm>,
  expireOld: () => Promise<number>,
): void {
  testHooks().expireOld = expireOld;
  const setWatchDays = sessionNumber(E2E_WATCH_DAYS_ITEM_KEY, (days) => {
    daysAhead = days;
  });
  testHooks().watch = {
    advanceDays: (days: number) => setWatchDays(daysAhead + days),
    checkDue: () => watchAlarm.due(),
  };
  testHooks().setRatePerMinute = sessionNumber(E2E_RATE_ITEM_KEY, (rate) =>
    service.scheduler.setCeiling(rate),
  );
  testHooks().setSettleAfterMs = sessionNumber(E2E_SETTLE_ITEM_KEY, (ms) => service.setSettleAfterMs(ms));
}

/**
 * A number a test sets for the session: applied at once and kept in session storage, then applied
 * again by each worker that starts (when one was set).
 */
function sessionNumber(
  key: `session:${string}`,
  apply: (value: number) => void,
): (value: number) => Promise<void> {
  void storage.getItem<number>(key).then((value) => {
    if (value) apply(value);
  });
  return async (value) => {
    apply(value);
    await storage.setItem(key, value);
  };
}
