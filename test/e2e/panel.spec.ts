/**
 * The side panel in a real Chromium with the e2e build, against the sandbox: a page at a real
 * profile URL of the sandbox's dataset (served from a fixture with `context.route`) is quoted,
 * enriched for exactly its quote, and then served from the cache for free. The panel is opened as
 * a page pinned to the profile's tab (`sidepanel.html?tab=<id>`), at the panel's width.
 * Screenshots of each state, light and dark, go to test-results/screenshots/ for a person to look at.
 */
import type { Page } from '@playwright/test';
import { expect, type SandboxHandle, test } from './fixtures';
import { openProfileTab, PROFILE_PATH, profilePage, reportedTab, samplePerson } from './profile-pages';

const SCREENSHOTS = 'test-results/screenshots';

async function screenshots(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${SCREENSHOTS}/panel-${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function profileRequests(sandbox: SandboxHandle) {
  return (await sandbox.requests()).filter((request) => request.path === PROFILE_PATH);
}

test('a profile page is quoted, enriched for exactly its quote, then served from the cache for free', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const person = await samplePerson(sandbox);
  const { tabId } = await openProfileTab(context, sw, person.url, profilePage(person.fullName));

  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await expect(panel.getByRole('heading', { name: 'Person on this page' })).toBeVisible();
  const enrich = panel.getByRole('button', { name: /^Enrich · \d+ credits?$/ });
  await expect(enrich).toBeVisible();
  const quoted = Number(/(\d+) credits?/.exec((await enrich.textContent()) ?? '')![1]);
  expect(quoted).toBeGreaterThan(0);
  await expect(panel.getByRole('heading', { name: /Found on this page/ })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Douglas LLC' })).toBeVisible();
  await expect(panel.getByText('contact@example.com')).toBeVisible();
  await panel.getByText('What this costs').click();
  await screenshots(panel, 'quote');

  const balanceBefore = await sandbox.balance();
  const profileCallsBefore = (await profileRequests(sandbox)).length;
  await enrich.click();
  await expect(panel.getByRole('heading', { name: person.fullName })).toBeVisible();
  await expect(panel.getByText(`fetched just now · ${quoted} credit`)).toBeVisible();
  await expect(panel.getByRole('button', { name: `Refresh · ${quoted} credits` })).toBeVisible();
  expect(await sandbox.balance()).toBe(balanceBefore - quoted);
  const calls = (await profileRequests(sandbox)).slice(profileCallsBefore);
  expect(calls.map((call) => call.charged)).toEqual([quoted]);
  await expect(panel.locator('.panel-footer')).toContainText(`Today: ${quoted} of 200 credits`);
  await screenshots(panel, 'answer');
  await panel.close();

  const reopened = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await expect(reopened.getByRole('heading', { name: person.fullName })).toBeVisible();
  await expect(reopened.getByText('cached just now · 0 credits')).toBeVisible();
  expect(await sandbox.balance()).toBe(balanceBefore - quoted);
  expect(await profileRequests(sandbox)).toHaveLength(profileCallsBefore + 1);
});

test('a company page is enriched as a company card', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const url = 'https://www.linkedin.com/company/douglas-2';
  const response = await fetch(`${sandbox.url}/api/v2/company?url=${encodeURIComponent(url)}`, {
    headers: { Authorization: 'Bearer demo' },
  });
  const { name } = (await response.json()) as { name: string };
  const { tabId } = await openProfileTab(context, sw, url, profilePage(name));

  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await expect(panel.getByRole('heading', { name: 'Company on this page' })).toBeVisible();
  await panel.getByRole('button', { name: /^Enrich · / }).click();
  await expect(panel.getByRole('heading', { name })).toBeVisible();
  await expect(panel.getByText('Industry')).toBeVisible();
  await screenshots(panel, 'company');
});

test('the panel follows its tab to the next page and never shows the previous one', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  await configure();
  const person = await samplePerson(sandbox);
  const { tab, tabId } = await openProfileTab(context, sw, person.url, profilePage(person.fullName));
  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await expect(panel.getByRole('heading', { name: 'Person on this page' })).toBeVisible();
  await expect(panel.getByText(new URL(person.url).pathname.split('/')[2]!)).toBeVisible();

  const companyUrl = 'https://www.linkedin.com/company/douglas-2';
  await context.route(companyUrl, (route) =>
    route.fulfill({ contentType: 'text/html', body: profilePage('Douglas LLC') }),
  );
  await tab.goto(companyUrl);
  expect(await reportedTab(sw, companyUrl)).toBe(tabId);
  await expect(panel.getByRole('heading', { name: 'Company on this page' })).toBeVisible();
  await expect(panel.getByText('douglas-2', { exact: true }).first()).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Person on this page' })).toHaveCount(0);
});

test('without a key the panel only asks to open the settings', async ({ context, openExtensionPage }) => {
  const panel = await openExtensionPage('sidepanel.html?tab=1');
  await expect(panel.getByRole('heading', { name: 'Connect to the enrichment service' })).toBeVisible();
  await expect(panel.getByRole('button')).toHaveCount(1);
  await screenshots(panel, 'not-configured');

  // The extension opened its options when it was installed; close them to see the button open them.
  const optionsPages = () => context.pages().filter((page) => page.url().includes('/options.html'));
  for (const page of optionsPages()) await page.close();
  await panel.getByRole('button', { name: 'Open settings' }).click();
  await expect.poll(() => optionsPages().length).toBe(1);
});

test('a service that cannot be reached is explained, with a retry, and nothing is charged', async ({
  context,
  sw,
  sandbox,
  configure,
  openExtensionPage,
}) => {
  const person = await samplePerson(sandbox);
  // Nothing listens on the discard port: every call fails to connect.
  await configure({ baseUrlV2: 'http://127.0.0.1:9', baseUrlV3: 'http://127.0.0.1:9' });
  const { tabId } = await openProfileTab(context, sw, person.url, profilePage(person.fullName));
  const balanceBefore = await sandbox.balance();

  const panel = await openExtensionPage(`sidepanel.html?tab=${tabId}`);
  await panel.getByRole('button', { name: /^Enrich · / }).click();
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('The service could not be reached');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await screenshots(panel, 'error');
  expect(await sandbox.balance()).toBe(balanceBefore);
});
