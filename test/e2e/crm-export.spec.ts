/**
 * The CRM exports in a real Chromium against the sandbox: a list of people from the sandbox's
 * dataset runs, "Export for CRM" saves the Salesforce leads file (its header line the documented
 * labels, one row a person found, UTF-8 with a byte order mark), and the panel's "Copy for CRM"
 * puts one person's HubSpot header and row on the clipboard. The choices are looked at on the lists
 * page (1280 and 800 px) and in the panel (360 px), light and dark, and checked by axe.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, test } from './fixtures';
import { eventListFile, listCsv } from './list-file';
import { lookAt } from './look';
import { openProfileTab, profilePage } from './profile-pages';

const SALESFORCE_HEADER = [
  'First Name',
  'Last Name',
  'Company',
  'Title',
  'Email',
  'Phone',
  'City',
  'Country',
  'Website',
  'Lead Source',
  'Profile URL',
  'Asked',
  'Fetched at',
  'Credits',
];

test('a list exported for Salesforce, and the choice looked at wide and at 800 px', async ({
  configure,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  await configure({ dailyBudget: 1000 });
  const people = eventListFile().rows.filter((row) => row.endpointId === 'person.profile');
  for (const [n, width] of [1280, 800].entries()) {
    const chosen = people.slice(n * 6, n * 6 + 6);
    const page = await openExtensionPage('lists.html', { width });
    await page.setViewportSize({ width, height: 900 });
    await page.getByLabel('CSV file').setInputFiles({
      name: `crm-${width}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(listCsv(chosen.map((row) => row.cells)), 'utf8'),
    });
    await page.getByRole('button', { name: /^Enrich 6 rows · \d+ credits$/ }).click();
    await expect(page.getByRole('status').filter({ hasText: /^\s*Done$/ })).toBeVisible({ timeout: 30_000 });

    const choice = page.getByLabel('Export for CRM');
    await choice.selectOption('salesforce-leads');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download for Salesforce leads' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^crm-${width}-salesforce-leads-.*\\.csv$`));
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...rows] = parsed.data;
    expect(header).toEqual(SALESFORCE_HEADER);
    const note = page.locator('.crm-export [role="status"]');
    await expect(note).toContainText(/^Saved: \d+ people? in the file/);
    // Everyone found is in the file, or left out for want of a company and counted.
    const leftOut = Number(
      /(\d+) (?:person|people) left out/.exec((await note.textContent()) ?? '')?.[1] ?? 0,
    );
    expect(rows.length + leftOut).toBe(chosen.length);
    for (const row of rows) {
      // First and last name as the answer gives them: a name written family name first (川村勲) keeps them.
      const named = chosen.filter(
        (person) => person.expectedName!.includes(row[0]!) && person.expectedName!.includes(row[1]!),
      );
      expect(named, `${row[0]} / ${row[1]}`).toHaveLength(1);
      expect(row[2]).not.toBe('');
    }
    await lookAt(page, `crm-export-lists-${width}`, page.locator('.crm-export'));
    await page.close();
  }
});

test('the panel copies one person for HubSpot, and its choice is looked at', async ({
  context,
  sw,
  configure,
  openExtensionPage,
}) => {
  await configure();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const person = eventListFile().rows.find((row) => row.endpointId === 'person.profile')!;
  const url = person.cells[3]!;
  const { tabId } = await openProfileTab(context, sw, url, profilePage(person.expectedName!));
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await panel.getByRole('button', { name: /^Enrich · \d+ credits?$/ }).click();
  const copy = panel.getByRole('button', { name: 'Copy for CRM' });
  await expect(copy).toBeVisible();
  await lookAt(panel, 'crm-export-panel', panel.locator('.copy-for-crm'));
  await copy.click();
  await expect(panel.getByRole('status').filter({ hasText: 'Copied the header and this row' })).toBeVisible();
  const copied = Papa.parse<string[]>(await panel.evaluate(() => navigator.clipboard.readText()), {
    skipEmptyLines: true,
  }).data;
  expect(copied).toHaveLength(2);
  expect(copied[0]!.slice(0, 3)).toEqual(['First name', 'Last name', 'Email']);
  expect(`${copied[1]![0]} ${copied[1]![1]}`).toBe(person.expectedName);
  await panel.getByLabel('Copy for CRM as').selectOption('vcard');
  await panel.getByRole('button', { name: 'Copy for CRM' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Copied one vCard' })).toBeVisible();
  expect(await panel.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^BEGIN:VCARD\r\nVERSION:4\.0\r\n/,
  );
});
