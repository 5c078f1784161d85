/**
 * The e2e build's test hooks (`globalThis.__test`, declared in lib/background/e2e-hooks.ts), each
 * called in the extension's worker: what a test sets for the session (the scheduler's pace, the
 * settle window), the watch's clock, and the context menu that is native UI.
 */
import type { Worker } from '@playwright/test';
import type { E2eHooks } from '../../lib/background/e2e-hooks';

/** Sets the scheduler's ceiling (requests a minute per key), kept for the worker's next start too. */
export async function setRate(sw: Worker, rate: number): Promise<void> {
  await sw.evaluate(async (perMinute) => {
    await (globalThis as unknown as { __test: E2eHooks }).__test.setRatePerMinute(perMinute);
  }, rate);
}

/** Sets how long after a lost call left it is settled from the balance, for the session. */
export async function setSettleAfter(sw: Worker, ms: number): Promise<void> {
  await sw.evaluate(async (after) => {
    await (globalThis as unknown as { __test: E2eHooks }).__test.setSettleAfterMs(after);
  }, ms);
}

/** Moves the extension's watch clock forward (the sandbox's is moved with POST /__sandbox/advance). */
export async function advanceWatchDays(sw: Worker, days: number): Promise<void> {
  await sw.evaluate(async (by) => {
    await (globalThis as unknown as { __test: E2eHooks }).__test.watch.advanceDays(by);
  }, days);
}

/** Fires the watch's due check, as its alarm would. */
export async function checkDue(sw: Worker): Promise<void> {
  await sw.evaluate(async () => {
    await (globalThis as unknown as { __test: E2eHooks }).__test.watch.checkDue();
  });
}

/** What the browser tells a menu's click handler (the parts the tests give). */
interface MenuClick {
  menuItemId: string;
  selectionText?: string;
  linkUrl?: string;
}

/** The person picks a context menu item in the tab: the background's own click handler runs. */
export async function clickContextMenu(sw: Worker, tabId: number, info: MenuClick): Promise<void> {
  await sw.evaluate(
    async ({ info, tabId }) => {
      const tab = await chrome.tabs.get(tabId);
      await (globalThis as unknown as { __test: E2eHooks }).__test.onContextMenuClick(info, tab);
    },
    { info, tabId },
  );
}

/** The email menus the background made at install. */
export function emailMenus(sw: Worker): Promise<E2eHooks['emailMenus']> {
  return sw.evaluate(() => (globalThis as unknown as { __test: E2eHooks }).__test.emailMenus);
}

/** Runs the retention alarm's work now, on the clock the watch's days moved: how many records changed. */
export async function expireOld(sw: Worker): Promise<number> {
  return sw.evaluate(async () => (globalThis as unknown as { __test: E2eHooks }).__test.expireOld());
}
