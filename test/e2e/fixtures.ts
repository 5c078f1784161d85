/**
 * The end-to-end harness: each test gets Debian's Chromium with the e2e build of the extension
 * loaded (it is granted the sandbox's loopback origin at install; no test can answer a
 * permission prompt, see ../shared/notes/host-permissions.md), a sandbox on a random port, and
 * helpers to configure the extension, route real profile URLs to fixture pages, and read the
 * sandbox's request log.
 */
import path from 'node:path';
import {
  type BrowserContext,
  test as base,
  chromium,
  expect,
  type Page,
  type Worker,
} from '@playwright/test';
import { e2eSettings, type SandboxHandle, startTestSandbox } from './sandbox-handle';

export type { SandboxHandle };

export const EXTENSION_PATH = path.resolve('.output/chrome-mv3-e2e');
/** What the tests' Chromiums load: the run's copy of the e2e build (global-setup.ts), else the build. */
const LOADED_EXTENSION = process.env.E2E_EXTENSION_COPY ?? EXTENSION_PATH;
export const PANEL_WIDTH = 360;
export const PANEL_HEIGHT = 720;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** A fresh Chromium profile with the e2e build loaded: one browser of one person. */
export function launchWithExtension(): Promise<BrowserContext> {
  return chromium.launchPersistentContext('', {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      `--disable-extensions-except=${LOADED_EXTENSION}`,
      `--load-extension=${LOADED_EXTENSION}`,
    ],
  });
}

/**
 * The extension's service worker once it is installed. Installing opens the options page for
 * onboarding; it is waited for and closed, so that it cannot take over a tab a test is navigating
 * (test/e2e/onboarding.spec.ts covers onboarding itself).
 */
export async function installedWorker(context: BrowserContext): Promise<Worker> {
  let [sw] = context.serviceWorkers();
  if (!sw) sw = await context.waitForEvent('serviceworker');
  await expect
    .poll(() => context.pages().some((page) => page.url().endsWith('/options.html')), {
      timeout: 10_000,
      intervals: [50],
    })
    .toBe(true);
  await Promise.all(
    context
      .pages()
      .filter((page) => page.url().endsWith('/options.html'))
      .map((page) => page.close()),
  );
  return sw;
}

/** Opens an extension page (e.g. 'options.html') of a browser as a tab at the panel's width. */
export async function openExtensionPageIn(
  context: BrowserContext,
  extensionId: string,
  file: string,
  opts: { width?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: opts.width ?? PANEL_WIDTH, height: PANEL_HEIGHT });
  await page.emulateMedia({ colorScheme: opts.colorScheme ?? 'light' });
  await page.goto(`chrome-extension://${extensionId}/${file}`);
  return page;
}

export interface Fixtures {
  sandbox: SandboxHandle;
  context: BrowserContext;
  sw: Worker;
  extensionId: string;
  /** Saves settings through the extension's own storage (as onboarding would). */
  configure: (patch?: Record<string, unknown>) => Promise<void>;
  /** Opens an extension page (e.g. 'options.html') as a tab at the panel's width. */
  openExtensionPage: (
    file: string,
    opts?: { width?: number; colorScheme?: 'light' | 'dark' },
  ) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  sandbox: async ({}, use) => {
    const sandbox = await startTestSandbox();
    await use(sandbox);
    await sandbox.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: as above
  context: async ({}, use) => {
    const context = await launchWithExtension();
    await use(context);
    await context.close();
  },
  sw: async ({ context }, use) => {
    await use(await installedWorker(context));
  },
  extensionId: async ({ sw }, use) => {
    await use(new URL(sw.url()).host);
  },
  configure: async ({ sw, sandbox }, use) => {
    await use(async (patch = {}) => {
      const settings = e2eSettings(sandbox.url, patch);
      await sw.evaluate(async (value) => {
        await chrome.storage.local.set({ settings: value });
      }, settings);
    });
  },
  openExtensionPage: async ({ context, extensionId }, use) => {
    await use((file, opts) => openExtensionPageIn(context, extensionId, file, opts));
  },
});

export { expect };
