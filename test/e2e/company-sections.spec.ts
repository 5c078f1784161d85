/**
 * The sections under a company page (employee count, jobs, employees, logo) and a school page
 * (students, deprecated), in a real Chromium with the e2e build, against the sandbox. Each control
 * that spends is named with its quote; pressing it spends exactly that (the sandbox's balance before
 * and after, and its own log of what it charged); a second visit to the same questions spends
 * nothing. The panel is opened as a page pinned to the profile's tab, 360 px wide; screenshots of
 * each state, light and dark, go to test-results/screenshots/ for a person to look at.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, type SandboxHandle, test } from './fixtures';
import { lookAt } from './look';
import { openProfileTab, profilePage } from './profile-pages';

/** A company of the sandbox's dataset with more than a page of jobs and of employees. */
const COMPANY_URL = 'https://www.linkedin.com/company/turner';
/** A school of the sandbox's dataset with more than a page of students. */
const SCHOOL_URL = 'https://www.linkedin.com/school/university-of-montreal';

/** What the sandbox charged for calls to `path` since `since` calls were logged. */
async function charged(sandbox: SandboxHandle, since: number) {
  return (await sandbox.requests())
    .slice(since)
    .filter((call) => call.path !== '/api/v2/credit-balance')
    .map((call) => [call.path, call.charged] as const);
}

/** The most a quoted control can cost: "List employees · up to 30 credits" → 30. */
async function quoteOf(control: Locator): Promise<number> {
  const name = (await control.textContent()) ?? '';
  const match = /(\d[\d,]*) credits?$/.exec(name.trim());
  if (!match) throw new Error(`no quote in "${name}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

/** Presses a control that spends and returns [quote, balance spent, calls charged]. */
async function spend(sandbox: SandboxHandle, control: Locator, done: () => Promise<void>) {
  const quote = await quoteOf(control);
  const before = await sandbox.balance();
  const since = (await sandbox.requests()).length;
  await control.click();
  await done();
  return { quote, spent: before - (await sandbox.balance()), calls: await charged(sandbox, since) };
}

async function companyPanel(
  context: Parameters<typeof openProfileTab>[0],
  sw: Parameters<typeof openProfileTab>[1],
  sandbox: SandboxHandle,
  openExtensionPage: (file: string) => Promise<Page>,
) {
  const response = await fetch(`${sandbox.url}/api/v2/company?url=${encodeURIComponent(COMPANY_URL)}`, {
    headers: { Authorization: 'Bearer demo' },
  });
  const { name } = (await response.json()) as { name: string };
  await fetch(`${sandbox.url}/__sandbox/requests`, { method: 'DELETE' });
  const { tabId } = await openProfileTab(context, sw, COMPANY_URL, profilePage(name));
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await expect(panel.getByRole('heading', { level: 1, name: 'Company on this page' })).toBeVisible();
  return { panel, name, tabId };
}

test('a company page: employee count, jobs with a job opened, employees paged and the logo, each for its quote; then free from the cache', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  test.setTimeout(120_000);
  await configure();
  const { panel, name, tabId } = await companyPanel(context, sw, sandbox, openExtensionPage);
  await panel.getByRole('button', { name: 'Enrich · 1 credit', exact: true }).click();
  await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();

  // The sections, each under a heading a screen reader can jump to, each quoted before anything is spent.
  const count = panel.getByRole('region', { name: 'Employee count' });
  const jobs = panel.getByRole('region', { name: 'Jobs' });
  const employees = panel.getByRole('region', { name: 'Employees' });
  const logo = panel.getByRole('region', { name: 'Logo' });
  for (const heading of ['Employee count', 'Jobs', 'Employees', 'Logo'])
    await expect(panel.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  await expect(count.getByRole('button', { name: 'Count employees · 1 credit' })).toBeVisible();
  await expect(jobs.getByRole('button', { name: 'Search jobs · 2 credits' })).toBeVisible();
  await expect(employees.getByRole('button', { name: 'List employees · up to 30 credits' })).toBeVisible();
  await expect(logo.getByRole('button', { name: 'Search logos · cost not published' })).toBeVisible();
  await count.getByText('Options').click();
  await count.getByLabel('Estimated count').selectOption('include');
  await expect(count.getByRole('button', { name: 'Count employees · 2 credits' })).toBeVisible();
  await screenshots(panel, 'quotes', panel.locator('.data-sections'));

  // Employee count, with the estimate: 1 + 1.
  const counted = await spend(
    sandbox,
    count.getByRole('button', { name: 'Count employees · 2 credits', exact: true }),
    () => expect(count.getByText('fetched just now · 2 credits')).toBeVisible(),
  );
  expect(counted).toEqual({ quote: 2, spent: 2, calls: [['/api/v2/company/employees/count', 2]] });
  await expect(count.locator('.figure dt')).toHaveText(['Verified employees', 'Estimated employees']);
  await expect(count.getByRole('button', { name: 'Refresh count · 2 credits' })).toBeVisible();
  await count.scrollIntoViewIfNeeded();
  await screenshots(panel, 'count', count);

  // Jobs: the first page, the next one, then a job's profile inline.
  const searched = await spend(sandbox, jobs.getByRole('button', { name: 'Search jobs · 2 credits' }), () =>
    expect(jobs.locator('ol.results > li')).toHaveCount(25),
  );
  expect(searched).toEqual({ quote: 2, spent: 2, calls: [['/api/v2/company/job', 2]] });
  const moreJobs = await spend(sandbox, jobs.getByRole('button', { name: 'Load more · 2 credits' }), () =>
    expect(jobs.getByText('Page 2 · fetched just now · 2 credits')).toBeVisible(),
  );
  expect(moreJobs).toEqual({ quote: 2, spent: 2, calls: [['/api/v2/company/job', 2]] });
  const jobsShown = await jobs.locator('ol.results > li').count();
  expect(jobsShown).toBeGreaterThan(25);
  const firstJob = jobs.locator('ol.results > li').first();
  const title = (await firstJob.getByRole('button').first().textContent())!.trim();
  await firstJob.getByRole('button', { name: title }).click();
  await expect(firstJob.getByRole('button', { name: title })).toHaveAttribute('aria-expanded', 'true');
  const opened = await spend(
    sandbox,
    firstJob.getByRole('button', { name: 'Open job profile · 2 credits' }),
    () => expect(firstJob.getByRole('heading', { level: 3, name: title })).toBeVisible(),
  );
  expect(opened).toEqual({ quote: 2, spent: 2, calls: [['/api/v2/job', 2]] });
  await firstJob.scrollIntoViewIfNeeded();
  await screenshots(panel, 'jobs', firstJob);

  // Employees: ten, then ten more kept under them.
  const listed = await spend(
    sandbox,
    employees.getByRole('button', { name: 'List employees · up to 30 credits', exact: true }),
    () => expect(employees.locator('ol.results > li')).toHaveCount(10),
  );
  expect(listed).toEqual({ quote: 30, spent: 30, calls: [['/api/v2/company/employees/', 30]] });
  const firstEmployee = await employees.locator('ol.results > li a').first().getAttribute('href');
  const more = await spend(
    sandbox,
    employees.getByRole('button', { name: 'Load more · up to 30 credits' }),
    () => expect(employees.locator('ol.results > li')).toHaveCount(20),
  );
  expect(more).toEqual({ quote: 30, spent: 30, calls: [['/api/v2/company/employees/', 30]] });
  await expect(employees.locator('ol.results > li a').first()).toHaveAttribute('href', firstEmployee!);
  await expect(employees.getByText('20 employees shown')).toBeVisible();
  await employees.scrollIntoViewIfNeeded();
  await screenshots(panel, 'employees', employees);

  // The shown rows as CSV.
  const download = panel.waitForEvent('download');
  await employees.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^company-employees-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);

  // Logo: the price of a version 3 call is not published; the sandbox charges its own figure.
  const logoControl = logo.getByRole('button', { name: 'Search logos · cost not published' });
  const logoBefore = await sandbox.balance();
  const logoSince = (await sandbox.requests()).length;
  await logoControl.click();
  await expect(logo.getByText('fetched just now · cost not published')).toBeVisible();
  const logoCalls = await charged(sandbox, logoSince);
  expect(logoCalls.map(([path]) => path)).toEqual(['/v3/company/logo']);
  expect(logoBefore - (await sandbox.balance())).toBe(logoCalls[0]![1]);
  await expect(logo.locator('ul.results > li').first()).toContainText(name);
  await logo.scrollIntoViewIfNeeded();
  await screenshots(panel, 'logo', logo);
  await panel.close();

  // A second visit: the same questions are answered from the cache, for nothing.
  const balance = await sandbox.balance();
  const since = (await sandbox.requests()).length;
  const again = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await expect(again.getByRole('heading', { level: 2, name })).toBeVisible();
  const employeesAgain = again.getByRole('region', { name: 'Employees' });
  await expect(employeesAgain.locator('ol.results > li')).toHaveCount(20);
  await expect(employeesAgain.getByText('Page 2 · cached just now · 0 credits')).toBeVisible();
  const jobsAgain = again.getByRole('region', { name: 'Jobs' });
  await expect(jobsAgain.locator('ol.results > li')).toHaveCount(jobsShown);
  const jobAgain = jobsAgain.locator('ol.results > li').first();
  await jobAgain.getByRole('button', { name: title }).click();
  await expect(jobAgain.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await expect(jobAgain.getByText('cached just now · 0 credits')).toBeVisible();
  const logoAgain = again.getByRole('region', { name: 'Logo' });
  await expect(logoAgain.getByText('cached just now · 0 credits')).toBeVisible();
  // The count is asked the same question again (with the estimate): served from the cache.
  const countAgain = again.getByRole('region', { name: 'Employee count' });
  await countAgain.getByText('Options').click();
  await countAgain.getByLabel('Estimated count').selectOption('include');
  await expect(countAgain.getByText('cached just now · 0 credits')).toBeVisible();
  await expect(countAgain.getByRole('button', { name: 'Refresh count · 2 credits' })).toBeVisible();
  await screenshots(again, 'cached', employeesAgain);
  expect(await sandbox.balance()).toBe(balance);
  expect(await charged(sandbox, since)).toEqual([]);
});

test('a school page: its students, marked deprecated, for their quote', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const { tabId } = await openProfileTab(context, sw, SCHOOL_URL, profilePage('University of Montreal'));
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await panel.getByRole('button', { name: 'Enrich · 1 credit', exact: true }).click();
  const students = panel.getByRole('region', { name: 'Students' });
  await expect(students.getByText('deprecated', { exact: true })).toBeVisible();
  await expect(students.getByText('The service marks the student listing as deprecated')).toBeVisible();
  const listed = await spend(
    sandbox,
    students.getByRole('button', { name: 'List students · up to 30 credits' }),
    () => expect(students.locator('ol.results > li')).toHaveCount(10),
  );
  expect(listed).toEqual({ quote: 30, spent: 30, calls: [['/api/v2/school/students/', 30]] });
  await screenshots(panel, 'students', students);

  // The next page by keyboard alone: its control gives way while it runs, then the focus is on the new rows.
  const loadMore = students.getByRole('button', { name: 'Load more · up to 30 credits' });
  await loadMore.focus();
  const before = await sandbox.balance();
  await panel.keyboard.press('Enter');
  // The school's last page: fewer than ten, each charged 3 credits (the quote was at most 30).
  await expect(students.getByText(/^Page 2 · fetched just now · /)).toBeVisible();
  const shown = await students.locator('ol.results > li').count();
  expect(shown).toBeGreaterThan(10);
  expect(before - (await sandbox.balance())).toBe((shown - 10) * 3);
  await expect(students.getByText(`Page 2 · fetched just now · ${(shown - 10) * 3} credits`)).toBeVisible();
  await expect(students.getByText('No more students.')).toBeVisible();
  await expect(students.locator('ol.results').nth(1).locator('a').first()).toBeFocused();
  await panel.keyboard.press('Tab');
  await expect(students.locator('ol.results').nth(1).locator('a').nth(1)).toBeFocused();
  await panel.close();

  const balance = await sandbox.balance();
  const again = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  const studentsAgain = again.getByRole('region', { name: 'Students' });
  await expect(studentsAgain.getByText('Page 2 · cached just now · 0 credits')).toBeVisible();
  await expect(studentsAgain.locator('ol.results > li')).toHaveCount(shown);
  expect(await sandbox.balance()).toBe(balance);
});

test('an account without credits is told to top up, and nothing is charged', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure({ apiKey: 'poor' });
  const { panel, name } = await companyPanel(context, sw, sandbox, openExtensionPage);
  await panel.getByRole('button', { name: 'Enrich · 1 credit', exact: true }).click();
  await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
  const employees = panel.getByRole('region', { name: 'Employees' });
  const before = await sandbox.balance('poor');
  await employees.getByRole('button', { name: 'List employees · up to 30 credits' }).click();
  const alert = employees.getByRole('alert');
  // What is left after enriching the company, as the sandbox says.
  await expect(alert).toContainText(
    `This needs up to 30 credits; your account has ${before} ${before === 1 ? 'credit' : 'credits'}`,
  );
  await expect(alert).toContainText('Top up your balance, then try again');
  // Trying again spends again: named with its price, found by its exact name.
  await expect(
    alert.getByRole('button', { name: 'Try again · up to 30 credits', exact: true }),
  ).toBeVisible();
  expect(await sandbox.balance('poor')).toBe(before);
  await employees.scrollIntoViewIfNeeded();
  await screenshots(panel, 'no-credits', employees);
});

test('the sections at a wide panel', async ({ context, sw, sandbox, configure, openExtensionPage }) => {
  await configure();
  const { panel, name } = await companyPanel(context, sw, sandbox, openExtensionPage);
  await panel.setViewportSize({ width: 1100, height: 900 });
  await panel.getByRole('button', { name: 'Enrich · 1 credit', exact: true }).click();
  await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
  const employees = panel.getByRole('region', { name: 'Employees' });
  await employees.getByText('Filters').click();
  await employees.getByRole('button', { name: 'List employees · up to 30 credits', exact: true }).click();
  await expect(employees.locator('ol.results > li')).toHaveCount(10);
  await screenshots(panel, 'wide', employees);
});

test('an enriched listing shows its rows as they stream in, then is charged what it sent', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const { panel, name } = await companyPanel(context, sw, sandbox, openExtensionPage);
  await panel.getByRole('button', { name: 'Enrich · 1 credit', exact: true }).click();
  await expect(panel.getByRole('heading', { level: 2, name })).toBeVisible();
  const employees = panel.getByRole('region', { name: 'Employees' });
  await employees.getByText('Filters').click();
  await employees.getByLabel('Enrich profiles').selectOption('enrich');
  // Every progress line the section shows while the page arrives, as the page saw it.
  await panel.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const line = document.querySelector('.arriving .status-line')?.textContent ?? null;
      const rows = document.querySelectorAll('.arriving ol.results > li').length;
      if (line && seen[seen.length - 1] !== `${line}|${rows}`) seen.push(`${line}|${rows}`);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const listed = await spend(
    sandbox,
    employees.getByRole('button', { name: 'List employees · up to 40 credits' }),
    () => expect(employees.getByText('Page 1 · fetched just now · 40 credits')).toBeVisible(),
  );
  expect(listed).toEqual({ quote: 40, spent: 40, calls: [['/api/v2/company/employees/', 40]] });
  const seen = await panel.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(seen.length).toBeGreaterThan(0);
  for (const entry of seen) {
    const [line, rows] = entry.split('|');
    // The line counts the rows shown under it.
    expect(line).toMatch(new RegExp(`^Receiving employees: ${rows} so far`));
  }
  await expect(employees.locator('ol.results > li')).toHaveCount(10);
  // Enriched rows name the person rather than their address.
  await expect(employees.locator('ol.results > li a').first()).not.toHaveText(/-[0-9a-f]{6}$/);
});

/** This spec's pictures and accessibility checks (test/e2e/look.ts). */
function screenshots(page: Page, name: string, focus?: Locator) {
  return lookAt(page, `sections-${name}`, focus);
}
