/**
 * The toolbar popup in a real Chromium with the e2e build, against the sandbox. The popup page is
 * opened as a tab at 360 px (a test cannot open the real popup's native bubble, but the page is the
 * same). What the searches must return is worked out from the sandbox's own data: the filters are
 * read by the registry's params schema, as the sandbox reads them, and asked of its query engine.
 * (The fixtures' sandbox serves the default seed's dataset, built once per process: `queries` below
 * is that very engine.) Every spend is checked against the sandbox's balance and request log. Screenshots of each state,
 * light and dark, go to test-results/screenshots/ for a person to look at.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import { endpoints } from '../../lib/api/endpoints';
import { DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { searchFiltersOf } from '../../sandbox/routes/cursors';
import { expect, type SandboxHandle, test } from './fixtures';
import { lookAt } from './look';
import { profilePage, reportedTab } from './profile-pages';

const { queries } = datasetForSeed(DEFAULT_SEED);

/** Every tab stays mounted while the popup is open; only the selected one is visible. */
function shown(locator: Locator): Locator {
  return locator.filter({ visible: true });
}

/** Opens a group of filters under "More filters". */
async function openGroup(page: Page, title: string) {
  await shown(page.locator('summary', { hasText: title })).click();
}

function field(page: Page, label: string): Locator {
  return shown(page.getByLabel(label, { exact: true }));
}

/** A lookup's field, opening "More options" when it is folded there. */
async function lookupField(page: Page, label: string): Promise<Locator> {
  if ((await field(page, label).count()) === 0) await openGroup(page, 'More options');
  return field(page, label);
}

/** The profile URLs the sandbox's own query engine finds for a search, in its order. */
function expectedSearch(
  endpointId: 'person.search' | 'company.search',
  params: Record<string, string>,
): string[] {
  const canonical = endpoints[endpointId].params.parse(params) as Record<string, unknown>;
  const filters = searchFiltersOf(canonical as never) as never;
  return endpointId === 'person.search'
    ? queries.searchPeople(filters).map((index) => queries.dataset.people[index]!.url)
    : queries.searchCompanies(filters).map((index) => queries.dataset.companies[index]!.url);
}

/** The result links shown, in order. */
async function shownResultUrls(page: Page): Promise<string[]> {
  return shown(page.locator('.search-result .result-main a')).evaluateAll((links) =>
    links.map((link) => (link as HTMLAnchorElement).href),
  );
}

/** The number in a spend control's name: "Search people · up to 30 credits" → 30. */
function creditsIn(name: string): number {
  const match = /(\d[\d,]*) credits?$/.exec(name);
  if (!match) throw new Error(`no credits in "${name}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

async function csvRows(download: Download): Promise<Record<string, string>[]> {
  const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** Walks "Load more" until there is no next page, checking each page spends what it returned. */
async function loadEverything(page: Page, sandbox: SandboxHandle, expected: string[]) {
  for (;;) {
    const loadMore = shown(page.getByRole('button', { name: /^Load more · up to \d+ credits$/ }));
    const noMore = shown(page.getByText(/^No more (people|companies)\.$/));
    await expect(loadMore.or(noMore)).toBeVisible();
    if (await noMore.isVisible()) return;
    const before = (await shownResultUrls(page)).length;
    const quoted = creditsIn((await loadMore.textContent()) ?? '');
    const balance = await sandbox.balance();
    await loadMore.click();
    const pageRows = Math.min(quoted / 3, expected.length - before);
    await expect.poll(async () => (await shownResultUrls(page)).length).toBe(before + pageRows);
    expect(await sandbox.balance()).toBe(balance - 3 * pageRows);
  }
}

test('a person search with filters returns the sandbox’s rows, pages through all of them, and exports what is shown', async ({
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const popup = await openExtensionPage('popup.html');
  await expect(popup.getByRole('tab', { name: 'People', selected: true })).toBeVisible();
  // The first search is a page of 10, quoted within a usual daily budget.
  await expect(shown(popup.getByRole('button', { name: 'Search people · up to 30 credits' }))).toBeVisible();
  await expect(field(popup, 'Page size')).toHaveValue('10');
  await screenshots(popup, 'empty');

  await field(popup, 'Country').fill('GB');
  await field(popup, 'Current title').fill('engineer');
  await shown(popup.getByRole('button', { name: 'More filters' })).click();
  await openGroup(popup, 'About the person');
  await field(popup, 'Industries').fill('software');
  // A search expression is checked for length as it is typed.
  await field(popup, 'Headline').fill('x'.repeat(256));
  await expect(shown(popup.getByText('must be at most 255 characters (got 256)'))).toBeVisible();
  await expect(shown(popup.getByText(/Correct the field marked above/))).toBeVisible();
  // Skills and "all of these skills" cannot both be set.
  await field(popup, 'Headline').fill('');
  await field(popup, 'Skills').fill('python');
  await field(popup, 'All of these skills').fill('python,sql');
  await expect(shown(popup.getByText('cannot be combined with skills', { exact: true }))).toBeVisible();
  await field(popup, 'All of these skills').fill('');
  await field(popup, 'Skills').fill('');
  // The company size takes precedence over the employee counts, and the form says so.
  await openGroup(popup, 'Current company');
  await field(popup, 'Current company employees, at least').fill('5');
  await field(popup, 'Current company size').selectOption('startup');
  await expect(
    shown(popup.getByText('Ignored: “Current company size” is Startup, which takes precedence.')),
  ).toBeVisible();
  await screenshots(popup, 'filters-open');
  await field(popup, 'Current company employees, at least').fill('');
  await field(popup, 'Current company size').selectOption('custom');

  const expected = expectedSearch('person.search', {
    country: 'GB',
    current_role_title: 'engineer',
    industries: 'software',
    page_size: '10',
  });
  expect(expected.length).toBeGreaterThan(20); // several pages

  const search = shown(popup.getByRole('button', { name: 'Search people · up to 30 credits' }));
  await expect(search).toBeVisible();
  await expect(shown(popup.getByText('Base: 3 per profile URL returned × up to 10 = 30'))).toBeVisible();
  await shown(popup.getByRole('button', { name: 'More filters' })).click();
  await screenshots(popup, 'quote');

  const balance = await sandbox.balance();
  await search.click();
  await expect(shown(popup.getByText(`${expected.length} people match this search`))).toBeVisible();
  expect(await shownResultUrls(popup)).toEqual(expected.slice(0, 10));
  expect(await sandbox.balance()).toBe(balance - 30);
  await screenshots(popup, 'results');

  await loadEverything(popup, sandbox, expected);
  const urls = await shownResultUrls(popup);
  expect(urls).toEqual(expected); // the whole set, in order: no gap
  expect(new Set(urls).size).toBe(urls.length); // no duplicate
  expect(await sandbox.balance()).toBe(balance - 3 * expected.length);
  const charged = (await sandbox.requests()).filter((request) => request.path === '/api/v2/search/person');
  expect(charged.reduce((sum, request) => sum + request.charged, 0)).toBe(3 * expected.length);

  const [download] = await Promise.all([
    popup.waitForEvent('download'),
    shown(popup.getByRole('button', { name: 'Export CSV' })).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^person-search-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const rows = await csvRows(download);
  expect(rows.map((row) => row['Profile URL'])).toEqual(urls);
});

test('a company search: the size category wins over the counts, rows match the sandbox, the CSV matches the rows', async ({
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const popup = await openExtensionPage('popup.html');
  await popup.getByRole('tab', { name: 'Companies' }).click();
  await field(popup, 'Country').fill('GB');
  await field(popup, 'Industry').fill('software');
  await field(popup, 'Page size').fill('10');
  await shown(popup.getByRole('button', { name: 'More filters' })).click();
  await openGroup(popup, 'Size');
  await field(popup, 'Company size').selectOption('medium');
  await field(popup, 'Employees, at most').fill('3');
  await expect(
    shown(popup.getByText('Ignored: “Company size” is Medium, which takes precedence.')),
  ).toBeVisible();

  const expected = expectedSearch('company.search', {
    country: 'GB',
    industry: 'software',
    employee_count_category: 'medium',
    employee_count_max: '3',
    page_size: '10',
  });
  // The sandbox applies the precedence too: the count is ignored.
  expect(expected).toEqual(
    expectedSearch('company.search', {
      country: 'GB',
      industry: 'software',
      employee_count_category: 'medium',
      page_size: '10',
    }),
  );
  expect(expected.length).toBeGreaterThan(10);

  const balance = await sandbox.balance();
  await shown(popup.getByRole('button', { name: 'Search companies · up to 30 credits' })).click();
  await expect(shown(popup.getByText(`${expected.length} companies match this search`))).toBeVisible();
  await loadEverything(popup, sandbox, expected);
  const urls = await shownResultUrls(popup);
  expect(urls).toEqual(expected);
  expect(await sandbox.balance()).toBe(balance - 3 * expected.length);

  const [download] = await Promise.all([
    popup.waitForEvent('download'),
    shown(popup.getByRole('button', { name: 'Export CSV' })).click(),
  ]);
  expect((await csvRows(download)).map((row) => row['Company URL'])).toEqual(urls);
});

/** Runs the lookup shown with its control named `name`; returns what it spent. */
async function runLookup(popup: Page, sandbox: SandboxHandle, name: string | RegExp): Promise<number> {
  const control = shown(popup.getByRole('button', { name }));
  await expect(control).toBeVisible();
  const balance = await sandbox.balance();
  const logged = (await sandbox.requests()).length;
  await control.click();
  await expect(shown(popup.locator('.popup-results .answer-meta'))).toContainText('fetched just now');
  const spent = balance - (await sandbox.balance());
  // The background reads the (free) balance again after a spend: only the lookup itself counts.
  const requests = (await sandbox.requests())
    .slice(logged)
    .filter((request) => request.path !== '/api/v2/credit-balance');
  expect(requests).toHaveLength(1);
  expect(requests[0]!.charged).toBe(spent);
  return spent;
}

test('each lookup returns the sandbox’s answer and spends exactly its quote', async ({
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure({ dailyBudget: null });
  const popup = await openExtensionPage('popup.html');
  await popup.getByRole('tab', { name: 'Lookups' }).click();
  await expect(shown(popup.getByText('Fill in First name and Company to see the cost.'))).toBeVisible();

  // Person: first name and company, with similarity checks (charged even when nothing is found).
  const person = queries.dataset.people.find((candidate) =>
    (candidate.profile.experiences as { ends_at: unknown; company?: string }[] | undefined)?.some(
      (experience) => experience.ends_at === null && experience.company,
    ),
  )!;
  const company = (person.profile.experiences as { ends_at: unknown; company: string; title: string }[]).find(
    (experience) => experience.ends_at === null,
  )!;
  const personMatch = queries.lookupPerson({
    companyDomain: company.company,
    firstName: person.profile.first_name as string,
    lastName: person.profile.last_name as string,
    similarityChecks: true,
  });
  expect(personMatch).toBeDefined();
  await field(popup, 'First name (required)').fill(person.profile.first_name as string);
  await (await lookupField(popup, 'Last name')).fill(person.profile.last_name as string);
  await field(popup, 'Company (required)').fill(company.company);
  await expect(
    shown(popup.getByText('As chosen, 2 credits are charged even when nothing is found.')),
  ).toBeVisible();
  await screenshots(popup, 'lookup-person-quote');
  expect(await runLookup(popup, sandbox, 'Look up person · 2 credits')).toBe(2);
  await expect(shown(popup.locator('.lookup-url a'))).toHaveAttribute('href', personMatch!.url);
  await screenshots(popup, 'lookup-person-answer');

  // Role at a company.
  await shown(popup.getByRole('radio', { name: 'Role' })).check();
  const roleMatch = queries.lookupRole(company.title, company.company);
  expect(roleMatch).toBeDefined();
  await field(popup, 'Role (required)').fill(company.title);
  await field(popup, 'Company name (required)').fill(company.company);
  expect(await runLookup(popup, sandbox, 'Look up role · 3 credits')).toBe(3);
  await expect(shown(popup.locator('.lookup-url a'))).toHaveAttribute('href', roleMatch!.url);

  // Company by name, enriched: the profile is shown.
  await shown(popup.getByRole('radio', { name: 'Company' })).check();
  const companyRecord = queries.dataset.companies[3]!;
  const companyName = companyRecord.profile.name as string;
  const companyMatch = queries.lookupCompany({ name: companyName });
  expect(companyMatch).toBeDefined();
  await (await lookupField(popup, 'Company name')).fill(companyName);
  await (await lookupField(popup, 'Enrich profile')).selectOption('enrich');
  await expect(
    shown(popup.getByText('As chosen, 2 credits are charged even when nothing is found.')),
  ).toBeVisible();
  expect(await runLookup(popup, sandbox, 'Look up company · 2–3 credits')).toBe(3);
  await expect(
    shown(popup.getByRole('heading', { name: companyMatch!.profile.name as string, exact: true })),
  ).toBeVisible();

  // Email: the person behind an address.
  await shown(popup.getByRole('radio', { name: 'Email' })).check();
  const email = person.emails[0]!;
  await field(popup, 'Email (required)').fill(email);
  await expect(
    shown(popup.getByText('As chosen, 3 credits are charged even when nothing is found.')),
  ).toBeVisible();
  expect(await runLookup(popup, sandbox, 'Look up email · 3 credits')).toBe(3);
  await expect(shown(popup.locator('.lookup-url a'))).toHaveAttribute(
    'href',
    queries.personByEmail(email)!.url,
  );
  await screenshots(popup, 'lookup-email-answer');

  // Logos: the cost of v3 is not published; the sandbox's charge is what its log says.
  await shown(popup.getByRole('radio', { name: 'Logo' })).check();
  const q = companyName.split(/[ ,]/)[0]!;
  await field(popup, 'Company name or domain (required)').fill(q);
  const spentOnLogos = await runLookup(popup, sandbox, 'Search logos · cost not published');
  expect(spentOnLogos).toBeGreaterThanOrEqual(0);
  const logoNames = queries.searchLogos(q).map((match) => match.profile.name as string);
  expect(logoNames.length).toBeGreaterThan(0);
  await expect(shown(popup.locator('.logo-result .result-main'))).toHaveText(logoNames);
});

test('a lookup that finds nothing spends what its quote said: 3 credits deep, nothing superficial', async ({
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const popup = await openExtensionPage('popup.html');
  await popup.getByRole('tab', { name: 'Lookups' }).click();
  await shown(popup.getByRole('radio', { name: 'Email' })).check();
  await field(popup, 'Email (required)').fill('nobody-at-all@unknown-domain.example');
  expect(await runLookup(popup, sandbox, 'Look up email · 3 credits')).toBe(3);
  await expect(shown(popup.getByText('No person was found for this address.'))).toBeVisible();
  await expect(shown(popup.locator('.popup-results .answer-meta'))).toContainText('3 credits');

  await (await lookupField(popup, 'Lookup depth')).selectOption('superficial');
  await expect(shown(popup.getByText('As chosen, nothing is charged when nothing is found.'))).toBeVisible();
  expect(await runLookup(popup, sandbox, 'Look up email · up to 3 credits')).toBe(0);
  await expect(shown(popup.getByText('No person was found for this address.'))).toBeVisible();
  await expect(shown(popup.locator('.popup-results .answer-meta'))).toContainText('0 credits');
});

test('a recent search reopens from the cache at 0 credits', async ({
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const popup = await openExtensionPage('popup.html');
  await field(popup, 'Country').fill('GB');
  await field(popup, 'Current title').fill('"data engineer"');
  await field(popup, 'Page size').fill('10');
  const search = shown(popup.getByRole('button', { name: 'Search people · up to 30 credits' }));
  await search.click();
  const firstUrls = await (async () => {
    await expect(shown(popup.locator('.search-result')).first()).toBeVisible();
    return shownResultUrls(popup);
  })();
  await popup.close();

  const balance = await sandbox.balance();
  const paidRequests = async () =>
    (await sandbox.requests()).filter((request) => request.path !== '/api/v2/credit-balance').length;
  const logged = await paidRequests();
  const again = await openExtensionPage('popup.html');
  await again.getByRole('tab', { name: 'Recent' }).click();
  const reopen = again.getByRole('button', { name: /^Reopen Person search: / });
  await expect(reopen).toHaveCount(1);
  await screenshots(again, 'recent');
  await reopen.click();
  await expect(again.getByRole('tab', { name: 'People', selected: true })).toBeVisible();
  await expect(field(again, 'Current title')).toHaveValue('"data engineer"');
  await expect(shown(again.locator('.results-page .answer-meta')).first()).toContainText('cached');
  await expect(shown(again.locator('.results-page .answer-meta')).first()).toContainText('0 credits');
  expect(await shownResultUrls(again)).toEqual(firstUrls);
  expect(await sandbox.balance()).toBe(balance);
  expect(await paidRequests()).toBe(logged);
});

test('an error says what happened and what to do, and charges nothing', async ({
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure({ apiKey: 'poor' });
  const popup = await openExtensionPage('popup.html');
  await field(popup, 'Country').fill('GB');
  await field(popup, 'Page size').fill('10');
  const balance = await sandbox.balance('poor');
  await shown(popup.getByRole('button', { name: 'Search people · up to 30 credits' })).click();
  const alert = shown(popup.getByRole('alert'));
  await expect(alert).toContainText('This needs up to 30 credits; your account has 3 credits');
  await expect(alert).toContainText('Top up your balance, then try again.');
  await expect(
    shown(popup.getByRole('button', { name: 'Try again · up to 30 credits', exact: true })),
  ).toBeVisible();
  expect(await sandbox.balance('poor')).toBe(balance);
  await screenshots(popup, 'error');
});

test('a result opens beside its page in the side panel, from the popup’s click', async ({
  context,
  sw,
  extensionId,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const popup = await openExtensionPage('popup.html');
  await field(popup, 'Country').fill('GB');
  await field(popup, 'Current title').fill('"data engineer"');
  await field(popup, 'Page size').fill('10');
  await shown(popup.getByRole('button', { name: 'Search people · up to 30 credits' })).click();
  const first = shown(popup.locator('.search-result')).first();
  await expect(first).toBeVisible();
  const url = (await shownResultUrls(popup))[0]!;
  const person = queries.personByUrl(url)!;
  await context.route(url, (route) =>
    route.fulfill({ contentType: 'text/html', body: profilePage(person.profile.full_name as string) }),
  );

  const [tab, request] = await Promise.all([
    context.waitForEvent('page'),
    context.waitForEvent('request', (each) => each.url() === url),
    first.getByRole('button', { name: /^Show in side panel: / }).click(),
  ]);
  expect(request.isNavigationRequest()).toBe(true);
  // A tab the extension opens starts loading before Playwright's routing reaches it; load it again
  // under the route, so its content script reports it and the panel can show it.
  await tab.goto(url);
  const tabId = await reportedTab(sw, url);
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await expect(panel.getByRole('heading', { name: 'Person on this page' })).toBeVisible();
  // The real panel is not a Playwright page; it is a CDP target of its own.
  const cdp = await context.browser()!.newBrowserCDPSession();
  await expect
    .poll(async () => {
      const { targetInfos } = await cdp.send('Target.getTargets', {});
      return targetInfos.some((info) => info.url === `chrome-extension://${extensionId}/sidepanel.html`);
    })
    .toBe(true);
  await cdp.detach();
});

test('the searches and the lookups are reachable by keyboard', async ({ configure, openExtensionPage }) => {
  await configure();
  const popup = await openExtensionPage('popup.html');
  await expect(popup.getByRole('tab', { name: 'People', selected: true })).toBeVisible();
  await popup.keyboard.press('Tab'); // Open side panel
  await popup.keyboard.press('Tab'); // the selected tab
  await expect(popup.getByRole('tab', { name: 'People' })).toBeFocused();
  await popup.keyboard.press('ArrowRight');
  await expect(popup.getByRole('tab', { name: 'Companies', selected: true })).toBeFocused();
  await popup.keyboard.press('Tab');
  await expect(field(popup, 'Name')).toBeFocused();
  await popup.keyboard.press('Shift+Tab');
  await popup.keyboard.press('ArrowRight');
  await expect(popup.getByRole('tab', { name: 'Lookups', selected: true })).toBeFocused();
  await popup.keyboard.press('Tab');
  await expect(shown(popup.getByRole('radio', { name: 'Person' }))).toBeFocused();
  for (let i = 0; i < 3; i++) await popup.keyboard.press('ArrowRight');
  await expect(shown(popup.getByRole('radio', { name: 'Email' }))).toBeChecked();
  await popup.keyboard.press('Tab');
  await expect(field(popup, 'Email (required)')).toBeFocused();
  const email = queries.dataset.people[3]!.emails[0]!;
  await popup.keyboard.type(email);
  const lookUp = shown(popup.getByRole('button', { name: 'Look up email · 3 credits' }));
  await expect(lookUp).toBeVisible();
  for (let i = 0; i < 5 && !(await lookUp.evaluate((button) => button === document.activeElement)); i++)
    await popup.keyboard.press('Tab');
  await expect(lookUp).toBeFocused();
  await popup.keyboard.press('Enter');
  await expect(shown(popup.locator('.lookup-url a'))).toHaveAttribute(
    'href',
    queries.personByEmail(email)!.url,
  );
});

test('"Open side panel" opens the panel from the popup’s click', async ({
  context,
  extensionId,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const popup = await openExtensionPage('popup.html');
  const cdp = await context.browser()!.newBrowserCDPSession();
  const panelOpen = async () =>
    (await cdp.send('Target.getTargets', {})).targetInfos.some(
      (info) => info.url === `chrome-extension://${extensionId}/sidepanel.html`,
    );
  expect(await panelOpen()).toBe(false);
  await popup.getByRole('button', { name: 'Open side panel' }).click();
  await expect.poll(panelOpen).toBe(true);
  await cdp.detach();
});

/** This spec's pictures and accessibility checks (test/e2e/look.ts). */
function screenshots(page: Page, name: string) {
  return lookAt(page, `popup-${name}`);
}
