/**
 * Looking at a screen as a person would, in one place for every spec: a picture of the page in
 * light and dark (written to test-results/screenshots/ by `npm run screenshots`, opened and looked
 * at after a change), and in each scheme an accessibility check (axe) that fails the test on any serious or critical
 * violation, so every state a screenshot covers is also checked for contrast, names and roles.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const SCREENSHOTS = 'test-results/screenshots';

/**
 * Pictures are written when asked for (`npm run screenshots`, or E2E_SCREENSHOTS=1 on any
 * Playwright run): a full-page PNG costs about a second of a loaded 2-core machine's CPU, and the
 * suite's 270 of them were a quarter of its time in a run (CI's) whose files nobody opens. The
 * accessibility check of each state runs either way: it is the test; the picture is for a person.
 */
const PICTURES = process.env.E2E_SCREENSHOTS === '1';

/** A picture of the page (or of `part` of it) at `test-results/screenshots/<name>.png`, when pictures are asked for. */
export async function picture(of: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!PICTURES) return;
  await of.screenshot({ path: `${SCREENSHOTS}/${name}.png`, ...options });
}

/** What an axe violation must reach to fail a test. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * axe-core's minified build, put into a page once and run there as often as the page is looked at.
 * (@axe-core/playwright puts the 1.5 MB unminified build into the page on every check and finishes
 * each in a new tab: 4–8 s a check on a loaded 2-core machine, against about 1 s here, with the same
 * rules and the same results.)
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The rules whose findings can differ between light and dark. The schemes differ only in colours
 * (components/theme.css switches colour custom properties, nothing else), and among axe's rules
 * only these read a colour: the two that compare colours (text contrast, and a link told from its
 * text by colour alone), and the three table rules whose guess of a data table compares its rows'
 * background colours. The other rules would find in dark exactly what they found in light.
 */
const COLOUR_RULES = [
  'color-contrast',
  'link-in-text-block',
  'td-has-header',
  'th-has-data-cells',
  'table-fake-caption',
];

/** axe's run on the page as it is now (every rule, or only `rules`), axe put into each frame that lacks it. */
async function axeResults(page: Page, rules?: readonly string[]): Promise<AxeResults> {
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SOURCE);
  }
  return page.evaluate(
    (values) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(
        document,
        // Only violations are read: axe then keeps one node each of what passed or did not apply,
        // not every node, and the answer that crosses to the test is small.
        { resultTypes: ['violations'], ...(values ? { runOnly: { type: 'rule', values } } : {}) },
      ),
    rules ? [...rules] : undefined,
  );
}

/** The serious and critical violations on the page as it is now (of `rules`, else of every rule), each with where it is. */
export async function accessibilityProblems(page: Page, rules?: readonly string[]): Promise<string[]> {
  const results = await axeResults(page, rules);
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
 * `<name>-section-<scheme>.png` for the part, when pictures are asked for. Each scheme is checked by axe: every rule in light,
 * and in dark the rules that read colours (the others would find the same again).
 */
export async function lookAt(page: Page, name: string, focus?: Locator): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await picture(page, `${name}-${colorScheme}`, { fullPage: true });
    if (focus) await picture(focus, `${name}-section-${colorScheme}`);
    const rules = colorScheme === 'dark' ? COLOUR_RULES : undefined;
    expect(await accessibilityProblems(page, rules), `${name} in ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
