/**
 * First run in a real Chromium with the e2e build: the options page onboards a fresh profile
 * against the sandbox, remembers it, and explains failures. Screenshots of each state, at the
 * panel's width in both colour schemes, go to test-results/screenshots/ for a person to look at.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { lookAt, picture } from './look';

/** A balance as the page writes it, whatever the locale's digit grouping. */
function creditsPattern(credits: number): RegExp {
  const digits = String(credits).replace(/\B(?=(\d{3})+$)/g, '[,.\\s\\u00a0\\u202f]?');
  return new RegExp(`balance with the service is ${digits} credits`);
}

test('a fresh profile is onboarded against the sandbox, for free, and remembered', async ({
  openExtensionPage,
  sandbox,
}) => {
  const page = await openExtensionPage('options.html');
  await expect(page.getByRole('heading', { name: 'Set up Profile Enrichment' })).toBeVisible();
  await expect(page.getByLabel('API key')).toHaveAttribute('type', 'password');
  await screenshots(page, 'onboarding');

  await page.getByRole('button', { name: 'Try the sandbox' }).click();
  await expect(page.getByLabel('API key')).toHaveValue('demo');
  await expect(page.getByLabel('Base URL (v2)')).toHaveValue('http://127.0.0.1:8787');
  await expect(page.getByLabel('Base URL (v3)')).toHaveValue('http://127.0.0.1:8787');
  await expect(page.getByText('npm run sandbox').first()).toBeVisible();
  await screenshots(page, 'onboarding-sandbox');

  // This test's sandbox listens on a random port, not the preset's.
  await page.getByLabel('Base URL (v2)').fill(sandbox.url);
  await page.getByLabel('Base URL (v3)').fill(sandbox.url);
  const balanceBefore = await sandbox.balance();
  await page.getByRole('button', { name: 'Connect' }).click();

  await expect(page.getByText(creditsPattern(balanceBefore))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Profile Enrichment settings' })).toBeVisible();
  await screenshots(page, 'settings-connected');
  expect(await sandbox.balance()).toBe(balanceBefore);
  const charged = (await sandbox.requests()).reduce((sum, request) => sum + request.charged, 0);
  expect(charged).toBe(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile Enrichment settings' })).toBeVisible();
  await expect(page.getByLabel('Base URL (v2)')).toHaveValue(sandbox.url);
  // The key is only said to be set: no field holds it, no text shows it.
  await expect(page.getByText(/^Set(, ends in …\w{4})?$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change key' })).toBeVisible();
  await expect(page.getByLabel('API key')).toHaveCount(0);
  const inputValues = await page
    .locator('input')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(inputValues).not.toContain('demo');
  await expect(page.getByText('No credits spent yet')).toBeVisible();
  await screenshots(page, 'settings');
});

test('a refused key is explained and nothing is saved', async ({ openExtensionPage, sandbox }) => {
  const page = await openExtensionPage('options.html');
  await page.getByLabel('API key').fill('not-a-real-key');
  await page.getByLabel('Base URL (v2)').fill(sandbox.url);
  await page.getByLabel('Base URL (v3)').fill(sandbox.url);
  await page.getByRole('button', { name: 'Connect' }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The service refused the API key');
  await expect(alert).toContainText('Check the API key in Settings, then try again.');
  await screenshots(page, 'onboarding-refused-key');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Set up Profile Enrichment' })).toBeVisible();
});

test('missing fields are named before anything is asked', async ({ openExtensionPage, sandbox }) => {
  const page = await openExtensionPage('options.html');
  await page.getByLabel('Base URL (v2)').fill('api.example.com');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Enter your API key, or press Try the sandbox.')).toBeVisible();
  await expect(page.getByText(/Must be an http\(s\) address/)).toBeVisible();
  await expect(page.getByLabel('Base URL (v2)')).toHaveAttribute('aria-invalid', 'true');
  expect(await sandbox.requests()).toEqual([]);
  await screenshots(page, 'onboarding-invalid');
});

test('refused settings are marked on their fields and not saved', async ({
  configure,
  openExtensionPage,
  sw,
}) => {
  await configure({ apiKey: 'demo-key-abcd' });
  const page = await openExtensionPage('options.html');
  await expect(page.getByText('Set, ends in …abcd')).toBeVisible();
  await page.getByLabel('Stale after (days)').fill('0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Not saved: some values are not accepted')).toBeVisible();
  await expect(page.getByLabel('Stale after (days)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter 1 or more.')).toBeVisible();
  const saved = await sw.evaluate(async () => (await chrome.storage.local.get('settings')).settings);
  expect(saved).toMatchObject({ staleAfterDays: 29 });
  await screenshots(page, 'settings-invalid');

  await page.setViewportSize({ width: 1280, height: 900 });
  await picture(page, 'settings-wide-light', { fullPage: true });
});

/** This spec's pictures and accessibility checks (test/e2e/look.ts). */
function screenshots(page: Page, name: string) {
  return lookAt(page, `${name}`);
}
