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
  testHooks().watch = {
    advanceDays: async (days: number) => {
      watchDaysAhead += days;
      await storage.setItem(E2E_WATCH_DAYS_ITEM_KEY, watchDaysAhead);
    },
    checkDue: () => watchAlarm.due(),
  };
  testHooks().setRatePerMinute = async (rate: number) => {
    service.scheduler.setCeiling(rate);
    await storage.setItem(E2E_RATE_ITEM_KEY, rate);
  };
  testHooks().setSettleAfterMs = async (ms: number) => {
    service.setSettleAfterMs(ms);
    await storage.setItem(E2E_SETTLE_ITEM_KEY, ms);
  };
  void storage.getItem<number>(E2E_SETTLE_ITEM_KEY).then((ms) => {
    if (ms) service.setSettleAfterMs(ms);
  });
  void storage.getItem<number>(E2E_RATE_ITEM_KEY).then((rate) => {
    if (rate) service.scheduler.setCeiling(rate);
  });
  void storage.getItem<number>(E2E_WATCH_DAYS_ITEM_KEY).then((days) => {
    if (days) watchDaysAhead = days;
  });
}
