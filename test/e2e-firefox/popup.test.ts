/**
 * The toolbar popup in Firefox ESR with the e2e build, against the sandbox. The popup page is
 * opened as a tab at 360 px (as the Chromium suite does: the real popup's bubble is browser UI),
 * and is the same page. What the search must return is asked of the sandbox's own query engine,
 * through the registry's params schema, as the sandbox reads them; every page's charge is read
 * from the sandbox; the CSV is the file Firefox saved. Screenshots, light and dark, go to
 * test-results/firefox-screenshots/.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { endpoints } from '../../lib/api/endpoints';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { searchFiltersOf } from '../../sandbox/routes/cursors';
import { type SandboxHandle, startTestSandbox } from '../e2e/sandbox-handle';
import { configure, control, type Firefox, launchFirefox, pageScreenshots, until } from './firefox';

const { queries } = datasetForSeed(DEFAULT_SEED);
const SEARCH_PATH = '/api/v2/search/person';

let firefox: Firefox;
let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  firefox = await launchFirefox();
});

afterAll(async () => {
  await firefox?.close();
  await sandbox?.close();
});

/** The profile URLs the sandbox's own query engine finds for a person search, in its order. */
function expectedSearch(params: Record<string, string>): string[] {
  const canonical = endpoints['person.search'].params.parse(params) as Record<string, unknown>;
  const filters = searchFiltersOf(canonical as never) as never;
  return queries.searchPeople(filters).map((index) => queries.dataset.people[index]!.url);
}

/** What the page shows (innerText leaves the hidden tabs out). */
function shownText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/** The result links shown, in order. */
function shownResultUrls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('.search-result .result-main a')]
      .filter((link) => link.checkVisibility())
      .map((link) => link.href),
  );
}

/** The names of the visible buttons, to wait for one by its exact name. */
function buttonNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((button) => button.checkVisibility())
      .map((button) =>
        (button.getAttribute('aria-label') ?? button.textContent ?? '').replace(/\s+/g, ' ').trim(),
      ),
  );
}

test('a person search with one filter: the sandbox’s count, every page for its quote, and the CSV of what is shown', async () => {
  const setup = await firefox.openExtensionPage('popup.html');
  await configure(setup, sandbox.url);
  await setup.close();
  const popup = await firefox.openExtensionPage('popup.html');
  expect(
    await control(popup, 'tab', 'People')
      .map((tab) => tab.getAttribute('aria-selected'))
      .wait(),
  ).toBe('true');
  // Ten a page unless the person asks for more: the first quote is for ten.
  await expect.poll(() => buttonNames(popup)).toContain('Search people · up to 30 credits');
  expect(
    await control(popup, 'textbox', 'Page size')
      .map((input) => (input as HTMLInputElement).value)
      .wait(),
  ).toBe('10');
  await pageScreenshots(firefox, popup, 'popup-empty');

  await control(popup, 'textbox', 'Last name').fill('Smith');
  const expected = expectedSearch({ last_name: 'Smith', page_size: '10' });
  expect(expected.length).toBeGreaterThan(20); // three pages, the last one short

  await expect.poll(() => buttonNames(popup)).toContain('Search people · up to 30 credits');
  const balance = await sandbox.balance();
  await control(popup, 'button', 'Search people · up to 30 credits').click();
  await expect.poll(() => shownText(popup)).toContain(`${expected.length} people match this search`);
  await expect.poll(() => shownResultUrls(popup)).toEqual(expected.slice(0, 10));
  expect(await sandbox.balance()).toBe(balance - 30);

  // The next pages, each quoted at most 30 and charged 3 per row it brought.
  for (let shown = 10; shown < expected.length; ) {
    const before = await sandbox.balance();
    await control(popup, 'button', 'Load more · up to 30 credits').click();
    const rows = Math.min(10, expected.length - shown);
    shown += rows;
    await expect.poll(async () => (await shownResultUrls(popup)).length).toBe(shown);
    expect(await sandbox.balance()).toBe(before - 3 * rows);
  }
  await expect.poll(() => shownText(popup)).toContain('No more people.');
  const urls = await shownResultUrls(popup);
  expect(urls).toEqual(expected);
  expect(await sandbox.balance()).toBe(balance - 3 * expected.length);
  const searches = (await sandbox.requests()).filter((request) => request.path === SEARCH_PATH);
  expect(searches.map((request) => request.charged)).toEqual([30, 30, 3 * (expected.length - 20)]);
  await pageScreenshots(firefox, popup, 'popup-results');

  // The export is saved by Firefox as a file of what is shown, in order.
  await control(popup, 'button', 'Export CSV').click();
  const fileName = await until('the CSV file', async () =>
    (await readdir(firefox.downloads)).find((name) => name.endsWith('.csv')),
  );
  expect(fileName).toMatch(/^person-search-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  // Firefox writes the file, then renames it from a .part: wait for all of it.
  const text = await until(
    'the whole CSV file',
    () => readFile(path.join(firefox.downloads, fileName!), 'utf8'),
    (csv) => csv.split('\n').filter(Boolean).length === expected.length + 1,
  );
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  expect(parsed.data.map((row) => row['Profile URL'])).toEqual(urls);
});
