/**
 * The lists page end to end, against the sandbox: a 200-row file (profile addresses of several
 * networks, emails, names with companies, company websites and profiles, duplicates, junk rows and
 * a formula) is read, mapped and quoted for free; it runs through the scheduler; the worker is
 * stopped halfway and the list resumes; the sandbox charged within the quote and exactly what the
 * ledger says, no question was paid twice, and the CSV downloaded holds every input row in order
 * with the sandbox's answers beside it and the formula neutralised. Then the page is looked at in
 * every state (empty, mapped, dry run, running, paused, done, a failed row), light and dark, wide
 * and at 800 px.
 */
import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import Papa from 'papaparse';
import { JOB_CONCURRENCY } from '../../lib/background/jobs/runner';
import { expect, type Fixtures, test } from './fixtures';
import { eventListFile, FORMULA_NOTE, LIST_COLUMNS, listCsv } from './list-file';
import { chooseFile, LISTS_WIDE, openLists } from './lists-page';
import { lookAt } from './look';
import { setRate } from './test-hooks';

const WIDE = LISTS_WIDE;
const NARROW = 800;

async function downloadedCsv(download: Download): Promise<{ bom: boolean; rows: string[][] }> {
  const text = await readFile((await download.path())!, 'utf8');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { bom: text.startsWith('\uFEFF'), rows: parsed.data };
}

/** The ledger's lines, read from the extension's IndexedDB in the worker. */
async function ledgerCredits(sw: Fixtures['sw']): Promise<number> {
  return sw.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('enrichment');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const lines = await new Promise<Array<{ credits: number | null }>>((resolve) => {
      const request = db.transaction('ledger').objectStore('ledger').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    return lines.reduce((sum, line) => sum + (line.credits ?? 0), 0);
  });
}

test('a 200-row file is quoted, run, survives the worker stopping, and comes back whole', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  test.setTimeout(180_000);
  await configure({ dailyBudget: 1000 });
  const { rows, csv } = eventListFile();
  expect(rows).toHaveLength(200);
  const page = await openLists(openExtensionPage);
  await chooseFile(page, 'event-leads.csv', csv);

  // Mapped from the headers and the cells.
  await expect(page.getByLabel('What “Profile” holds')).toHaveValue('profile_url');
  await expect(page.getByLabel('What “Email” holds')).toHaveValue('email');
  await expect(page.getByLabel('What “Website” holds')).toHaveValue('company_domain');
  await expect(page.getByLabel('What “Notes” holds')).toHaveValue('ignore');

  // The dry run, free: 156 distinct questions (30 rows repeat others), 14 rows with nothing to ask.
  // Prices from the spec's table: a profile 1; an email lookup 3, +1 with the profile when found; a
  // person or company lookup 2, +1 likewise.
  const start = page.getByRole('button', { name: 'Enrich 186 rows · 266–346 credits', exact: true });
  await expect(start).toBeVisible();
  const figure = (label: string) =>
    page.locator('.figure', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(figure('To ask')).toHaveText('156');
  await expect(figure('Duplicates')).toHaveText('30');
  await expect(figure('Not asked')).toHaveText('14');
  expect(await sandbox.requests()).toEqual([]);
  const balanceBefore = await sandbox.balance();

  await start.click();
  await expect(page.getByRole('heading', { name: 'event-leads' })).toBeVisible();
  // Halfway, the worker stops (as MV3 stops it when it likes); the list goes on in the next one.
  await expect
    .poll(async () => (await sandbox.requests()).length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(70);
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');

  await expect(page.getByRole('status').filter({ hasText: /^\s*Done$/ })).toBeVisible({ timeout: 120_000 });
  const calls = await sandbox.requests();
  const charged = calls.reduce((sum, call) => sum + call.charged, 0);
  expect(balanceBefore - (await sandbox.balance())).toBe(charged);
  expect(charged).toBeGreaterThanOrEqual(266);
  expect(charged).toBeLessThanOrEqual(346);
  expect(await ledgerCredits(sw)).toBe(charged);
  await expect(
    page.locator('.figure', { has: page.getByText('Credits spent', { exact: true }) }),
  ).toContainText(String(charged));
  // No question was paid twice (a call the stopped worker left may show as a 499, never charged).
  const paid = new Map<string, number>();
  for (const call of calls.filter((c) => c.charged > 0)) {
    const question = `${call.path}?${new URLSearchParams(call.query).toString()}`;
    paid.set(question, (paid.get(question) ?? 0) + 1);
  }
  expect([...paid.entries()].filter(([, times]) => times > 1)).toEqual([]);
  // Each of the 156 questions answered once (balance readings, free, left out).
  expect(calls.filter((call) => call.status === 200 && !call.path.endsWith('/credit-balance'))).toHaveLength(
    156,
  );

  // The results: every input row in order, the answers beside them, the formula made harmless.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download results (CSV)', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^event-leads-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const { bom, rows: out } = await downloadedCsv(download);
  expect(bom).toBe(true);
  const [header, ...body] = out;
  expect(header!.slice(0, LIST_COLUMNS.length)).toEqual([...LIST_COLUMNS]);
  const column = (name: string) => header!.indexOf(name);
  expect(column('Full name')).toBeGreaterThan(0);
  expect(body).toHaveLength(200);
  const neutral = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
  // A call whose answer had reached the stopped worker but was not yet recorded was paid, and its
  // answer is lost: the row says so with what it cost (asking again would pay again). Only a call in
  // flight when the worker stopped can end so.
  let lost = 0;
  body.forEach((cells, index) => {
    expect(cells.slice(0, LIST_COLUMNS.length)).toEqual(rows[index]!.cells.map(neutral));
    const expected = rows[index]!;
    if (expected.endpointId === null) expect(cells[column('Status')]).toMatch(/^Not asked: /);
    else if (expected.duplicateOf)
      expect(cells[column('Status')]).toMatch(
        new RegExp(`^Same as row ${expected.duplicateOf}$|^Answer lost`),
      );
    else if (cells[column('Status')]!.startsWith('Answer lost')) lost += 1;
    else {
      const name = expected.endpointId.startsWith('company')
        ? cells[column('Current company')]
        : cells[column('Full name')];
      expect(name, `row ${index + 1} (${cells[column('Status')]})`).toBe(expected.expectedName);
    }
  });
  expect(lost).toBeLessThanOrEqual(JOB_CONCURRENCY);
  const formulaRow = body.find((cells) => cells[LIST_COLUMNS.indexOf('Notes')]?.includes('HYPERLINK'))!;
  expect(formulaRow[LIST_COLUMNS.indexOf('Notes')]).toBe(`'${FORMULA_NOTE}`);
  // The credits column adds up to what was spent.
  expect(body.reduce((sum, cells) => sum + Number(cells[column('Credits')] || 0), 0)).toBe(charged);
});

test('a running list goes on with no page open after the worker stops', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  await configure({ dailyBudget: 1000 });
  // Only the alarm that lists set may wake the worker (the retention alarm's first run would too).
  await sw.evaluate(() => chrome.alarms.clear('retention'));
  const { rows } = eventListFile();
  const page = await openLists(openExtensionPage);
  await chooseFile(page, 'slow-leads.csv', listCsv(rows.slice(0, 40).map((row) => row.cells)));
  const start = page.getByRole('button', { name: /^Enrich \d+ rows · / });
  await expect(start).toBeVisible();
  await setRate(sw, 20);
  await start.click();
  await expect(page.getByRole('heading', { name: 'slow-leads' })).toBeVisible();
  const asked = async () =>
    (await sandbox.requests()).filter((call) => !call.path.endsWith('/credit-balance')).length;
  await expect.poll(asked, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

  // No extension page is open, and the worker stops.
  const blank = await context.newPage();
  await page.close();
  const cdp = await context.newCDPSession(blank);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const before = await asked();

  // The alarm wakes a worker that goes on asking.
  await expect.poll(asked, { timeout: 60_000 }).toBeGreaterThan(before + 1);
});

test('the lists page in every state, light and dark, wide and at 800 px', async ({
  sw,
  configure,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  await configure({ dailyBudget: 1000 });
  const { rows } = eventListFile();
  // Ten people (others at each width: none is cached), one the service does not know, a duplicate
  // and a junk row.
  const smallList = (from: number) => {
    const small = [
      ...rows.slice(from, from + 10),
      { cells: ['Nobody Known', '', '', 'https://www.linkedin.com/in/nobody-known-0000', '', ''] },
      rows[from]!,
      { cells: ['', '', '', '', '', 'met at the booth'] },
    ];
    return listCsv(small.map((row) => row.cells));
  };

  for (const [n, width] of [WIDE, NARROW].entries()) {
    const csv = smallList(n * 20);
    const page = await openLists(openExtensionPage, width);
    await expect(page.getByLabel('CSV file')).toBeVisible();
    await lookAt(page, `lists-${width}-empty`);
    await chooseFile(page, `team-${width}.csv`, csv);
    await expect(page.getByLabel('What “Profile” holds')).toHaveValue('profile_url');
    await lookAt(page, `lists-${width}-mapped`, page.locator('.card').first());
    const start = page.getByRole('button', { name: /^Enrich 12 rows · \d+ credits$/ });
    await expect(start).toBeVisible();
    await lookAt(page, `lists-${width}-dry-run`);

    // Slowly, to see it run and pause.
    await setRate(sw, 30);
    await start.click();
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await lookAt(page, `lists-${width}-running`);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: /^\s*Paused$/ })).toBeVisible({
      timeout: 15_000,
    });
    const resume = page.getByRole('button', { name: /^Resume · \d+ credits?$/ });
    await expect(resume).toBeVisible();
    await lookAt(page, `lists-${width}-paused`);

    await setRate(sw, 6_000);
    await resume.click();
    await expect(page.getByRole('status').filter({ hasText: /^\s*Done$/ })).toBeVisible({ timeout: 30_000 });
    // The unknown person failed; it can be asked again alone, at its price.
    await expect(page.getByRole('button', { name: 'Retry · 1 credit', exact: true })).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Retry 1 failed row · 1 credit', exact: true }),
    ).toBeVisible();
    await lookAt(page, `lists-${width}-done-with-a-failed-row`);

    // Kept: the list is in "Your lists" with what it spent.
    await page.getByRole('button', { name: 'Your lists', exact: true }).click();
    await expect(page.getByRole('row', { name: new RegExp(`team-${width}`) })).toBeVisible();
    await lookAt(page, `lists-${width}-kept`);
    await page.close();
  }
});

test("Excel's export on Windows (Windows-1252) is read at once and said; a file mixing UTF-8 with a stray byte asks", async ({
  configure,
  openExtensionPage,
}) => {
  await configure();
  const page = await openLists(openExtensionPage, 800);
  // Excel's semicolon export in Windows-1252: "é" is the one byte 0xE9, which UTF-8 does not allow.
  const latin = Buffer.from('First name;Last name;Company\r\nJosé;Núñez;Crème & Brûlée SARL\r\n', 'latin1');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: latin });
  await expect(
    page.getByText('Read as Windows-1252 (Western European), as Excel on Windows saves it'),
  ).toBeVisible();
  await expect(page.locator('table.rows')).toContainText('Núñez');
  await expect(page.getByRole('combobox', { name: 'Encoding' })).toHaveValue('windows-1252');
  await lookAt(page, 'lists-800-read-as-windows-1252');

  await page.getByRole('button', { name: 'Choose another list' }).click();
  const mixed = Buffer.concat([
    Buffer.from('First name;Last name;Company\r\nZoë;Müller;Bäckerei\r\nJos', 'utf8'),
    Buffer.from([0xe9]),
    Buffer.from(';Núñez;Acme\r\n', 'utf8'),
  ]);
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: mixed });
  await expect(page.getByRole('alert')).toHaveText(
    /^Row 3, column 1 \(line 3\) holds the byte 0xE9, which is not UTF-8\. Nothing was read/,
  );
  await lookAt(page, 'lists-800-not-utf-8');
  await page.getByRole('combobox', { name: 'Encoding' }).selectOption('windows-1252');
  await expect(page.getByText('read as Windows-1252 (Western European)')).toBeVisible();
  await expect(page.locator('table.rows')).toContainText('José');
});
