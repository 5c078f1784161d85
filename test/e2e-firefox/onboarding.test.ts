/**
 * First run in Firefox ESR with the e2e build: the options page onboards a fresh profile against
 * the sandbox. The e2e build is granted the sandbox's 127.0.0.1 at install (its manifest's
 * `permissions`: Firefox's MV2 grants them at install as Chromium grants `host_permissions`, and
 * a required origin cannot be taken back), so this test reaches the sandbox at `localhost`, an
 * origin of the manifest's `optional_permissions` only, as every API origin is in the published
 * build: Connect asks for it in the person's click, and Firefox (with
 * `extensions.webextOptionalPermissionPrompts` off, for the person's "Allow") grants it.
 * Screenshots, light and dark, go to test-results/firefox-screenshots/.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type SandboxHandle, startTestSandbox } from '../e2e/sandbox-handle';
import { control, type Firefox, launchFirefox, pageScreenshots } from './firefox';

/** The sandbox listens on 127.0.0.1; `localhost` reaches it too, by another origin. */
const SANDBOX_ORIGIN = 'http://localhost/*';

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

/** The type and value of the input labelled exactly `label` (as Playwright's getByLabel finds it). */
function inputLabelled(page: Page, label: string): Promise<{ type: string; value: string } | null> {
  return page.evaluate((text) => {
    const element = [...document.querySelectorAll('label')].find((each) => each.textContent?.trim() === text);
    const input = element?.control as HTMLInputElement | null | undefined;
    return input ? { type: input.type, value: input.value } : null;
  }, label);
}

async function inputValue(page: Page, label: string): Promise<string | undefined> {
  return (await inputLabelled(page, label))?.value;
}

function shownText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

function hasSandboxOrigin(page: Page): Promise<boolean> {
  return page.evaluate((origin) => browser.permissions.contains({ origins: [origin] }), SANDBOX_ORIGIN);
}

/** A balance as the page writes it, whatever the locale's digit grouping. */
function creditsPattern(credits: number): RegExp {
  const digits = String(credits).replace(/\B(?=(\d{3})+$)/g, '[,.\\s\\u00a0\\u202f]?');
  return new RegExp(`balance with the service is ${digits} credits`);
}

test('a fresh profile is onboarded against the sandbox: Connect’s click grants the origin, for free, and it is remembered', async () => {
  let page = await firefox.openExtensionPage('options.html');
  expect(await hasSandboxOrigin(page)).toBe(false);
  await control(page, 'heading', 'Set up Profile Enrichment').wait();
  expect(await inputLabelled(page, 'API key')).toEqual({ type: 'password', value: '' });
  await pageScreenshots(firefox, page, 'options-onboarding');

  await control(page, 'button', 'Try the sandbox').click();
  await expect.poll(() => inputValue(page, 'API key')).toBe('demo');
  expect(await inputValue(page, 'Base URL (v2)')).toBe('http://127.0.0.1:8787');
  expect(await inputValue(page, 'Base URL (v3)')).toBe('http://127.0.0.1:8787');
  // This test's sandbox listens on a random port, not the preset's.
  const sandboxUrl = sandbox.url.replace('127.0.0.1', 'localhost');
  await control(page, 'textbox', 'Base URL (v2)').fill(sandboxUrl);
  await control(page, 'textbox', 'Base URL (v3)').fill(sandboxUrl);
  const balanceBefore = await sandbox.balance();
  await control(page, 'button', 'Connect').click();

  await expect.poll(() => shownText(page)).toMatch(creditsPattern(balanceBefore));
  await control(page, 'heading', 'Profile Enrichment settings').wait();
  expect(await hasSandboxOrigin(page)).toBe(true);
  expect(await sandbox.balance()).toBe(balanceBefore);
  const charged = (await sandbox.requests()).reduce((sum, request) => sum + request.charged, 0);
  expect(charged).toBe(0);
  await expect.poll(() => shownText(page)).toContain('No credits spent yet');
  await pageScreenshots(firefox, page, 'options-connected');

  // Opened again (a reload in place would leave puppeteer's accessibility queries on the old
  // document: Firefox tells BiDi nothing of an extension page's navigations).
  await page.close();
  page = await firefox.openExtensionPage('options.html');
  await control(page, 'heading', 'Profile Enrichment settings').wait();
  expect(await inputValue(page, 'Base URL (v2)')).toBe(sandboxUrl);
  // The key is only said to be set: no field holds it.
  await expect.poll(() => shownText(page)).toMatch(/^Set(, ends in …\w{4})?$/m);
  await control(page, 'button', 'Change key').wait();
  const inputValues = await page.$$eval('input', (inputs) => inputs.map((input) => input.value));
  expect(inputValues).not.toContain('demo');
  expect(await shownText(page)).toContain('No credits spent yet');
  await pageScreenshots(firefox, page, 'options-settings');
});
