/**
 * "The price is in the button", as one test: every control that spends, found in the pages' code
 * (test/support/spending-controls.ts), is clicked by a scenario of test/e2e/prices.spec.ts that
 * checks the sandbox's charge against the price its accessible name says. A control added without
 * such a scenario fails here, and so does a check naming a control that is gone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { controlsIn, PRICE_CHECKS, PRICE_SCENARIOS, spendingControls } from '../support/spending-controls';

const ROOT = path.resolve(__dirname, '../..');
const controls = spendingControls(ROOT);
const ids = controls.map((control) => control.id);

/** The titles of the tests in test/e2e/prices.spec.ts, as written there. */
function priceSpecTitles(): string[] {
  const spec = readFileSync(path.join(ROOT, 'test/e2e/prices.spec.ts'), 'utf8');
  const byKey = PRICE_SCENARIOS as Record<string, string>;
  return [...spec.matchAll(/\btest\(\s*PRICE_SCENARIOS\.(\w+)/g)].map((match) => byKey[match[1]!] ?? '');
}

describe('the spending controls read from the code', () => {
  it('finds the controls of each way one is drawn', () => {
    const found = controlsIn(`
      /** A comment's example is none: spendLabel('Example', quote). */
      <button>{spendLabel(\`Enrich \${count} rows\`, quote)}</button>
      <SpendArea verb={answer ? 'Refresh count' : 'Count employees'} runningText="Counting…" />
      <SpendName verb="Try again" quote={quote} />
      <Confirmation quote={quote} remaining={3} onConfirm={go} onCancel={stop} />
      <button type="button" onClick={ask}>
        Ask again · {formatQuote(call.quote)}
      </button>
      <p>{formatQuote(total)} quoted</p>
      <button>{watchQuoteWords(watched, 30, quote, null)}</button>
    `).map((control) => control.label);
    expect(found).toEqual([
      'Enrich … rows',
      "answer ? 'Refresh count' : 'Count employees'",
      'Try again',
      'Spend anyway',
      'Ask again',
      'Watch … every … · … a period',
    ]);
  });

  it('finds the controls of the pages, among them the ones the issue names', () => {
    expect(ids).toContain('entrypoints/changes/watch-lists/WatchListCard.tsx › Run now');
    expect(ids).toContain('entrypoints/lists/draft/DryRunSection.tsx › Enrich …');
    expect(ids).toContain('entrypoints/sidepanel/profile/PageProfileSection.tsx › props.verb');
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the price checks of test/e2e/prices.spec.ts', () => {
  it('name only controls the code draws', () => {
    expect(Object.keys(PRICE_CHECKS).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('name only scenarios the spec runs', () => {
    const titles = priceSpecTitles();
    expect(Object.values(PRICE_SCENARIOS).filter((title) => !titles.includes(title))).toEqual([]);
    expect(Object.values(PRICE_CHECKS).filter((title) => !titles.includes(title))).toEqual([]);
  });

  it('cover every control that spends', () => {
    const unchecked = controls
      .filter((control) => !(control.id in PRICE_CHECKS))
      .map((control) => `${control.id} (line ${control.line})`);
    expect(unchecked).toEqual([]);
  });
});
