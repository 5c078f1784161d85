/**
 * Looking at a screen as a person would, in one place for every spec: a picture of the page in
 * light and dark (written to test-results/screenshots/, opened and looked at after a change), and
 * in each scheme an accessibility check (axe) that fails the test on any serious or critical
 * violation, so every state a screenshot covers is also checked for contrast, names and roles.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const SCREENSHOTS = 'test-results/screenshots';

/** What an axe violation must reach to fail a test. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** The serious and critical violations on the page as it is now, each with where it is. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
      ),
    );
}

/**
 * The page (and `focus`, a part of it, on its own) in light and dark: `<name>-<scheme>.png`, and
 * `<name>-section-<scheme>.png` for the part. Each scheme is checked by axe.
 */
export async function lookAt(page: Page, name: string, focus?: Locator): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${colorScheme}.png`, fullPage: true });
    if (focus) await focus.screenshot({ path: `${SCREENSHOTS}/${name}-section-${colorScheme}.png` });
    expect(await accessibilityProblems(page), `${name} in ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
