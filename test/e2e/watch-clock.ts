/**
 * Time for a watch, in the end-to-end tests: the sandbox's clock (POST /__sandbox/advance, which
 * says whom it changed) and the extension's watch clock (the e2e build's `__test.watch` hooks) moved
 * together, and the Changes page read until a list's run is over.
 */
import type { Page, Worker } from '@playwright/test';
import { expect, type SandboxHandle } from './fixtures';
import { advanceWatchDays, checkDue } from './test-hooks';

/** What the sandbox changed while its clock moved: every person and company, by profile address. */
export interface AdvanceReport {
  people: { url: string }[];
  companies: { url: string }[];
}

export async function advanceSandbox(sandbox: SandboxHandle, days: number): Promise<AdvanceReport> {
  const answer = await fetch(`${sandbox.url}/__sandbox/advance`, {
    method: 'POST',
    body: JSON.stringify({ days }),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as AdvanceReport;
}

/** Moves the sandbox and the extension's watch clock forward together, and fires the watch's due check. */
export async function daysLater(sandbox: SandboxHandle, sw: Worker, days = 30): Promise<AdvanceReport> {
  const report = await advanceSandbox(sandbox, days);
  await advanceWatchDays(sw, days);
  await checkDue(sw);
  return report;
}

/** Reads the Changes page again, as a person reloading it would. */
export async function reloadChanges(changes: Page): Promise<void> {
  await changes.reload();
  await changes.getByRole('heading', { level: 1, name: 'Changes' }).waitFor();
}

/** Waits, reading the Changes page again, until something matches `selector`. */
export async function untilShown(changes: Page, selector: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await reloadChanges(changes);
        return changes.locator(selector).count();
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBeGreaterThan(0);
}

/** Waits on the Changes page until the list's run is over (it says when the next is due). */
export async function runOver(changes: Page, listName: string, timeout = 30_000): Promise<void> {
  await expect
    .poll(
      async () => {
        await reloadChanges(changes);
        return (await changes.locator('li.watch-list', { hasText: listName }).textContent()) ?? '';
      },
      { timeout, intervals: [500] },
    )
    .toContain('Next run');
}
