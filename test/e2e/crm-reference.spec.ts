/**
 * "Already in your CRM" end to end, against the sandbox: a HubSpot-shaped contacts export of 50
 * people is imported on the lists page (and says what it read); 20 of them are in a list of 60
 * (known to the export by their profile address, their email, or their name with their company's
 * website, each written differently from the list); the dry run marks exactly those 20 and quotes
 * the other 40; running it pays for 40 (the sandbox's log), and the 20 are neither asked nor paid.
 * The same list with them included quotes and pays 60. The marks are looked at in light and dark
 * (axe-clean), on the lists page and in the side panel's profile.
 */
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { expect, type Fixtures, test } from './fixtures';
import { openLists, QUICK_RATE_PER_MINUTE } from './lists-page';
import { lookAt } from './look';
import { openProfileTab, profilePage } from './profile-pages';
import { setRate } from './test-hooks';

const { dataset } = datasetForSeed(DEFAULT_SEED);

/** The domain of the company a person works at now, when the dataset says one. */
function currentDomain(personIndex: number): string | null {
  const stint = dataset.employments.find(
    (e) => e.personIndex === personIndex && e.end === null && !e.nameOnly,
  );
  return stint ? dataset.companies[stint.companyIndex]!.domain : null;
}

/** The list: 60 people by their profile address, with their name, email and company website. */
const LIST = Array.from({ length: 60 }, (_, n) => 2000 + n);
const listCsv = Papa.unparse([
  ['Name', 'Email', 'Profile', 'Website'],
  ...LIST.map((index) => {
    const person = dataset.people[index]!;
    return [String(person.profile.full_name), person.emails[0]!, person.url, currentDomain(index) ?? ''];
  }),
]);

/**
 * The CRM export: 20 of the list's people, each known by one thing written another way (8 by their
 * profile address, 6 by their email in capitals, 6 by their name in capitals with their company's
 * website), and 30 people not in the list, 3 of whom are only a name.
 */
const byName = LIST.filter((index) => currentDomain(index) !== null).slice(-6);
const byProfile = LIST.filter((index) => !byName.includes(index)).slice(0, 8);
const byEmail = LIST.filter((index) => !byName.includes(index)).slice(8, 14);
const IN_CRM = [...byProfile, ...byEmail, ...byName];
const HUBSPOT_COLUMNS = [
  'Record ID',
  'First Name',
  'Last Name',
  'Email',
  'Phone Number',
  'Company Name',
  'Website URL',
  'LinkedIn URL',
  'Lifecycle Stage',
];
function hubspotCsv(): string {
  const rows: string[][] = [];
  const add = (
    index: number,
    cells: { email?: string; website?: string; linkedin?: string; upper?: boolean },
  ) => {
    const person = dataset.people[index]!;
    const name = (text: string) => (cells.upper ? text.toUpperCase() : text);
    rows.push([
      String(900_000 + rows.length),
      name(String(person.profile.first_name)),
      name(String(person.profile.last_name)),
      cells.email ?? '',
      '',
      '',
      cells.website ?? '',
      cells.linkedin ?? '',
      'lead',
    ]);
  };
  for (const index of byProfile)
    add(index, { linkedin: dataset.people[index]!.url.replace('https://www.', '').concat('/') });
  for (const index of byEmail) add(index, { email: dataset.people[index]!.emails[0]!.toUpperCase() });
  for (const index of byName) add(index, { upper: true, website: `https://www.${currentDomain(index)}/` });
  for (let index = 5000; index < 5027; index++)
    add(index, { email: dataset.people[index]!.emails[0]!, linkedin: dataset.people[index]!.url });
  for (let index = 5027; index < 5030; index++) add(index, {});
  return Papa.unparse([HUBSPOT_COLUMNS, ...rows]);
}

async function importCrm(page: Page): Promise<void> {
  await page
    .getByLabel('CRM export (CSV)')
    .setInputFiles({ name: 'hubspot-contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(hubspotCsv()) });
  await expect(page.getByText('reads as a HubSpot contacts export: 50 rows')).toBeVisible();
  await expect(page.getByLabel('What “LinkedIn URL” holds')).toHaveValue('profile_url');
  await expect(page.getByLabel('What “Website URL” holds')).toHaveValue('company_domain');
  await page.getByRole('button', { name: 'Keep as your CRM reference' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'hubspot-contacts.csv' })).toContainText(
    '50 rows read, 47 with something to match on, 3 matched nothing usable (a name without a company domain: 3).',
  );
}

async function chooseList(page: Page): Promise<void> {
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'prospects.csv', mimeType: 'text/csv', buffer: Buffer.from(listCsv) });
}

/** Every row of the dry run (1-based row number → its words), scrolled through. */
async function dryRunRows(table: Locator): Promise<Map<number, string>> {
  const rows = new Map<number, string>();
  for (let top = 0; top <= 60 * 36; top += 300) {
    await table.evaluate((box, y) => {
      box.scrollTop = y;
    }, top);
    await table.page().waitForTimeout(50);
    // Read in one go: the table renders only the rows in view and reuses them as it scrolls.
    const shown = await table.evaluate((box) =>
      [...box.querySelectorAll('tbody tr[aria-rowindex]')].map((row): [number, string] => [
        Number(row.getAttribute('aria-rowindex')) - 1,
        ((row.lastElementChild as HTMLElement | null)?.innerText ?? '').trim(),
      ]),
    );
    for (const [index, words] of shown) rows.set(index, words);
  }
  await table.evaluate((box) => {
    box.scrollTop = 0;
  });
  return rows;
}

/** The profile requests the sandbox answered and charged, by profile address. */
async function paidProfiles(sandbox: Fixtures['sandbox']): Promise<string[]> {
  return (await sandbox.requests())
    .filter((call) => call.path.endsWith('/profile') && call.charged > 0)
    .map((call) => call.query?.profile_url ?? '');
}

test('a CRM export leaves the people it holds out of a list: marked, not quoted, not paid; included, paid', async ({
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  test.setTimeout(180_000);
  await configure({ dailyBudget: 1000 });
  expect(IN_CRM).toHaveLength(20);
  const page = await openLists(openExtensionPage);
  await importCrm(page);

  await chooseList(page);
  const start = page.getByRole('button', {
    name: 'Enrich 40 rows · 40 credits · 20 in your CRM left out',
    exact: true,
  });
  await expect(start).toBeVisible();
  const figure = (label: string) =>
    page.locator('.figure', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(figure('In your CRM, left out')).toHaveText('20');
  await expect(figure('To ask')).toHaveText('40');
  const rows = await dryRunRows(page.getByRole('region', { name: 'Rows and what each will cost' }));
  expect(rows.size).toBe(60);
  const marked = [...rows].filter(([, words]) => words.startsWith('In your CRM')).map(([row]) => row);
  expect(marked.sort((a, b) => a - b)).toEqual(
    IN_CRM.map((index) => LIST.indexOf(index) + 1).sort((a, b) => a - b),
  );
  for (const row of marked) expect(rows.get(row)).toBe('In your CRM left out');
  expect(await sandbox.requests()).toEqual([]);
  await lookAt(page, 'crm-dry-run', page.getByRole('region', { name: 'Dry run' }));

  // Run: 40 paid, none of the 20.
  const balanceBefore = await sandbox.balance();
  await setRate(sw, QUICK_RATE_PER_MINUTE);
  await start.click();
  await expect(page.getByRole('heading', { name: 'prospects' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^\s*Done$/ })).toBeVisible({ timeout: 120_000 });
  const paid = await paidProfiles(sandbox);
  expect(paid).toHaveLength(40);
  expect(balanceBefore - (await sandbox.balance())).toBe(40);
  const inCrmUrls = new Set(IN_CRM.map((index) => dataset.people[index]!.url));
  expect(paid.filter((url) => inCrmUrls.has(url))).toEqual([]);
});

test('the people in the CRM included: the list is quoted and paid whole, 60', async ({
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  test.setTimeout(180_000);
  await configure({ dailyBudget: 1000 });
  const page = await openLists(openExtensionPage);
  await importCrm(page);
  await lookAt(page, 'crm-reference', page.getByRole('region', { name: 'Your CRM' }));
  await chooseList(page);
  await expect(
    page.getByRole('button', { name: 'Enrich 40 rows · 40 credits · 20 in your CRM left out', exact: true }),
  ).toBeVisible();
  await page.getByLabel('Include the 20 rows already in your CRM').check();
  const all = page.getByRole('button', { name: 'Enrich 60 rows · 60 credits', exact: true });
  await expect(all).toBeVisible();
  // Still marked, now with their price.
  const rows = await dryRunRows(page.getByRole('region', { name: 'Rows and what each will cost' }));
  const marked = [...rows].filter(([, words]) => words.startsWith('In your CRM')).map(([, words]) => words);
  expect(marked).toEqual(Array(20).fill('In your CRM 1 credit'));

  const balanceBefore = await sandbox.balance();
  await setRate(sw, QUICK_RATE_PER_MINUTE);
  await all.click();
  await expect(page.getByRole('heading', { name: 'prospects' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^\s*Done$/ })).toBeVisible({ timeout: 120_000 });
  const paid = await paidProfiles(sandbox);
  expect(paid).toHaveLength(60);
  expect(balanceBefore - (await sandbox.balance())).toBe(60);
  for (const index of IN_CRM) expect(paid).toContain(dataset.people[index]!.url);
});

test('the panel says In your CRM above the control that enriches a profile the reference holds', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  await importCrm(await openLists(openExtensionPage));
  const person = dataset.people[byEmail[0]!]!;
  const { tabId } = await openProfileTab(
    context,
    sw,
    person.url,
    profilePage(String(person.profile.full_name)),
  );
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const section = panel.getByRole('region', { name: 'Person on this page' });
  // Known to the reference by the profile address the panel asks with (the export gave this one's
  // email only: the panel knows only the page's address, so it is the profile-matched one that shows).
  const known = dataset.people[byProfile[0]!]!;
  await expect(section.getByText('In your CRM')).toHaveCount(0);
  const { tabId: knownTab } = await openProfileTab(
    context,
    sw,
    known.url,
    profilePage(String(known.profile.full_name)),
  );
  const knownPanel = await openExtensionPage(`sidepanel.html?tab=${knownTab}`);
  const knownSection = knownPanel.getByRole('region', { name: 'Person on this page' });
  await expect(knownSection.getByText('In your CRM', { exact: true })).toBeVisible();
  await expect(knownSection.getByText('by its profile address')).toBeVisible();
  // Above the control that spends, which still says its price.
  const enrich = knownSection.getByRole('button', { name: 'Enrich · 1 credit', exact: true });
  await expect(enrich).toBeVisible();
  const markBox = await knownSection.getByText('In your CRM', { exact: true }).boundingBox();
  const enrichBox = await enrich.boundingBox();
  expect(markBox!.y).toBeLessThan(enrichBox!.y);
  // Nothing was asked of the service about anyone (the panel reads the free balance).
  expect((await sandbox.requests()).filter((call) => !call.path.endsWith('/credit-balance'))).toEqual([]);
  await lookAt(knownPanel, 'crm-panel-profile', knownSection);
});
