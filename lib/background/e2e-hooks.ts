/** What the e2e build exposes to its tests on `globalThis.__test` (never in other builds). */
import { storage } from 'wxt/utils/storage';
import { E2E_RATE_ITEM_KEY, E2E_SETTLE_ITEM_KEY, E2E_WATCH_DAYS_ITEM_KEY } from '../settings';
import type { createService } from './service';
import { DAY_MS } from './watch/periods';
import type { createWatchAlarm } from './watch/watch-alarm';

/** Days the e2e tests moved the watch's clock; 0 in every other build. */
let watchDaysAhead = 0;

/** The watch's clock: the wall clock, moved forward only by the e2e tests. */
export const watchNow = (): number => Date.now() + watchDaysAhead * DAY_MS;

export function testHooks(): Record<string, unknown> {
  const scope = globalThis as { __test?: Record<string, unknown> };
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
): void {
  const setWatchDays = sessionNumber(E2E_WATCH_DAYS_ITEM_KEY, (days) => {
    watchDaysAhead = days;
  });
  testHooks().watch = {
    advanceDays: (days: number) => setWatchDays(watchDaysAhead + days),
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
