/**
 * The end-to-end harness: each test gets Debian's Chromium with the e2e build of the extension
 * loaded (it is granted the sandbox's loopback origin at install; no test can answer a
 * permission prompt, see docs/host-permissions.md), a sandbox on a random port, and
 * helpers to configure the extension, route real profile URLs to fixture pages, and read the
 * sandbox's request log.
 *
 * Launching Chromium and installing the extension costs seconds of CPU, so the tests of one
 * Playwright worker share one browser, reset before each test to what a fresh install is
 * (`resetToFreshInstall`). A test that needs a browser of its own (a first install, a second
 * browser, anything the reset cannot undo) says so with `test.use({ freshBrowser: true })`.
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
import type { E2eHooks } from '../../lib/background/e2e-hooks';
import { CHROMIUM_ARGS } from './chromium-args';
import { e2eSettings, type SandboxHandle, startTestSandbox } from './sandbox-handle';

export type { SandboxHandle };

export const EXTENSION_PATH = path.resolve('.output/chrome-mv3-e2e');
/** What the tests' Chromiums load: the run's copy of the e2e build (global-setup.ts), else the build. */
const LOADED_EXTENSION = process.env.E2E_EXTENSION_COPY ?? EXTENSION_PATH;
export const PANEL_WIDTH = 360;
export const PANEL_HEIGHT = 720;

/**
 * A fresh Chromium profile with the e2e build loaded: one browser of one person. In `userDataDir`
 * the profile is kept once the browser closes, and launching again there opens the same person's
 * browser, the extension installed as they left it (its worker: startedWorker).
 */
export function launchWithExtension(userDataDir = ''): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
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

/** The extension's service worker in a browser opened again on a profile it is installed in (nothing opens for onboarding). */
export async function startedWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
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

/**
 * Everything a test may have left, undone, so that the next starts as from a fresh install with no
 * settings: the pages closed, the context's routes, cookies and granted permissions removed; in
 * the extension, its storage, IndexedDB databases, alarms, optional permissions and registered
 * content scripts cleared; then its worker stopped and started again, so that none of the old
 * worker's memory is left. (`chrome.runtime.reload()` would be closer, but this Chromium leaves an
 * add-on loaded with --load-extension disabled after it; the menus made at install persist as
 * they would.) Throws when any step fails or hangs: the caller then launches a new browser.
 */
async function resetToFreshInstall({ context, sw }: SharedExtension): Promise<void> {
  // The DevTools ServiceWorker domain is reached through a page's session: the page the last test
  // left (quietPages), else a new one (a tab costs about 0.5 s of CPU). It is closed after, so the
  // test starts with no page open, as a fresh install's does once its options close.
  const [left, ...others] = context.pages();
  for (const page of others) await page.close();
  const control = left ?? (await context.newPage());
  if (control.url() !== 'about:blank') await control.goto('about:blank');
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
  try {
    const cdp = await context.newCDPSession(control);
    await cdp.send('ServiceWorker.enable');
    const scopeURL = new URL('/', sw.url()).href;
    // A test may have stopped the worker: start it to clear what the extension keeps.
    await cdp.send('ServiceWorker.startWorker', { scopeURL });
    await withTimeout(sw.evaluate(clearEverythingKept), RESET_STEP_MS, 'clearing the extension');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.send('ServiceWorker.startWorker', { scopeURL });
    // The same Worker handle reaches the new worker; it is ready once its listeners and the e2e
    // hooks are set (one synchronous run of the background's main), and it has no old marker.
    await expect
      .poll(() => sw.evaluate(isNewWorkerReady).catch(() => false), {
        timeout: RESET_STEP_MS,
        intervals: [50],
      })
      .toBe(true);
  } finally {
    await control.close();
  }
}

const RESET_STEP_MS = 10_000;

/**
 * A passed test's pages stop now rather than use the CPU until the next test starts: all closed
 * but one, which is left on about:blank for the next reset to work through.
 */
async function quietPages(context: BrowserContext): Promise<void> {
  const [kept, ...others] = context.pages();
  for (const page of others) await page.close().catch(() => {});
  await kept?.goto('about:blank').catch(() => kept.close().catch(() => {}));
}

/** Runs in the extension's worker: clears what the extension keeps outside its worker's memory. */
async function clearEverythingKept(): Promise<void> {
  (globalThis as Record<string, unknown>).__oldWorker = true;
  const manifest = chrome.runtime.getManifest();
  const required = new Set([
    ...(manifest.host_permissions ?? []),
    ...(manifest.content_scripts ?? []).flatMap((script) => script.matches ?? []),
  ]);
  const optional = new Set<string>(manifest.optional_permissions ?? []);
  const granted = await chrome.permissions.getAll();
  const origins = (granted.origins ?? []).filter((origin) => !required.has(origin));
  const permissions = (granted.permissions ?? []).filter((permission) => optional.has(permission));
  if (origins.length > 0 || permissions.length > 0) {
    await chrome.permissions.remove({ origins, permissions });
  }
  await chrome.scripting.unregisterContentScripts();
  await chrome.alarms.clearAll();
  await Promise.all([
    chrome.storage.local.clear(),
    chrome.storage.session.clear(),
    chrome.storage.sync.clear(),
  ]);
  // This worker holds the connection, so each deletion waits for it to stop, and comes before the
  // next worker's open.
  for (const { name } of await indexedDB.databases()) if (name) indexedDB.deleteDatabase(name);
}

/** Runs in the extension's worker: true once a new worker has run the background's main. */
function isNewWorkerReady(): boolean {
  const scope = globalThis as Record<string, unknown> & { __test?: Partial<E2eHooks> };
  return !scope.__oldWorker && typeof scope.__test?.setRatePerMinute === 'function';
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A browser with the extension installed, and its worker. */
interface SharedExtension {
  context: BrowserContext;
  sw: Worker;
}

/** The Playwright worker's shared browser: none until a test needs it, none after a failure. */
interface SharedBrowser {
  current?: SharedExtension;
}

/** The worker of each shared browser, known once it is ready. */
const readyWorkers = new WeakMap<BrowserContext, Worker>();

/** The shared browser, reset as a fresh install; a new one when there is none or it cannot be reset. */
async function sharedExtension(shared: SharedBrowser): Promise<SharedExtension> {
  if (shared.current) {
    try {
      await resetToFreshInstall(shared.current);
      return shared.current;
    } catch (error) {
      console.warn('The shared browser could not be reset; a new one is launched.', error);
      await discard(shared);
    }
  }
  const context = await launchWithExtension();
  try {
    shared.current = { context, sw: await installedWorker(context) };
  } catch (error) {
    await context.close().catch(() => {});
    throw error;
  }
  readyWorkers.set(context, shared.current.sw);
  return shared.current;
}

async function discard(shared: SharedBrowser): Promise<void> {
  const context = shared.current?.context;
  shared.current = undefined;
  await context?.close().catch(() => {});
}

export interface Options {
  /**
   * A Chromium of the test's own, launched for it and closed after it, instead of the worker's
   * shared one: for a test of the first install, one that needs a second browser beside its own,
   * or one whose changes the reset cannot undo. Say why where it is set.
   */
  freshBrowser: boolean;
}

interface WorkerFixtures {
  sharedBrowser: SharedBrowser;
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

export const test = base.extend<Fixtures & Options, WorkerFixtures>({
  freshBrowser: [false, { option: true }],
  sharedBrowser: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const shared: SharedBrowser = {};
      await use(shared);
      await discard(shared);
    },
    { scope: 'worker' },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: as above
  sandbox: async ({}, use) => {
    const sandbox = await startTestSandbox();
    await use(sandbox);
    await sandbox.close();
  },
  context: async ({ freshBrowser, sharedBrowser }, use, testInfo) => {
    if (freshBrowser) {
      const context = await launchWithExtension();
      await use(context);
      await context.close();
      return;
    }
    const { context } = await sharedExtension(sharedBrowser);
    await use(context);
    // A test that failed may have left anything: the next test gets a new browser.
    if (testInfo.status !== testInfo.expectedStatus) await discard(sharedBrowser);
    else await quietPages(context);
  },
  sw: async ({ context }, use) => {
    await use(readyWorkers.get(context) ?? (await installedWorker(context)));
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
