/**
 * The Firefox end-to-end harness: Debian's firefox-esr, headless, driven by puppeteer-core over
 * WebDriver BiDi (Playwright's own Firefox needs a download; see docs/firefox.md), with
 * the e2e build of the Firefox package installed as a temporary add-on. One launch serves a whole
 * test file. What BiDi cannot do in Firefox is done here, once:
 *
 * - extension pages send no navigation or load events: they are navigated without waiting, then
 *   polled until loaded (`openExtensionPage`); one is opened again rather than reloaded, as
 *   puppeteer would go on querying the document it knew;
 * - the browser's own UI (the sidebar, the context menu, the add-on itself, prefs) is reached from
 *   the privileged scope (`chromeEval`), which `--remote-allow-system-access` opens to BiDi;
 * - the real sidebar is no BiDi browsing context: its document is read from an extension page
 *   (`extension.getViews`, same process), clicked with trusted mouse events sent by the browser
 *   window, and drawn by the privileged scope (`Sidebar`).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page, Puppeteer } from 'puppeteer-core';
import { inject } from 'vitest';
import { e2eSettings } from '../e2e/sandbox-handle';

export const EXTENSION_DIR = path.resolve('.output/firefox-mv2-e2e');
export const FIREFOX_PATH = '/usr/bin/firefox-esr';
/** Any fixed UUID: the add-on's moz-extension:// origin, known before it is installed. */
const EXTENSION_UUID = 'a1b2c3d4-0000-4000-8000-00000000e2e0';
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}`;
export const SCREENSHOTS = 'test-results/firefox-screenshots';
export const PANEL_WIDTH = 360;
export const PANEL_HEIGHT = 720;
/** What a person would wait for a page to answer; on a busy 2-core machine, with room. */
export const WAIT_MS = 15_000;

export interface Firefox {
  browser: Browser;
  /** The add-on's id (its gecko id, fixed in wxt.config.ts). */
  addonId: string;
  /** The folder Firefox saves downloads to (the CSV exports). */
  downloads: string;
  /** Opens an extension page (e.g. 'options.html') in a new tab at the panel's size. */
  openExtensionPage(file: string, size?: { width: number; height: number }): Promise<Page>;
  /** Evaluates `expression` (may await) in the browser's privileged scope; returns its JSON value. */
  chromeEval<T = unknown>(expression: string): Promise<T>;
  /** Light or dark for every page, as the person's system setting would be. */
  setColorScheme(scheme: 'light' | 'dark'): Promise<void>;
  close(): Promise<void>;
}

/** Launches Firefox with the e2e build installed; the options page it opens on install is closed. */
export async function launchFirefox(): Promise<Firefox> {
  const manifest = JSON.parse(await readFile(`${EXTENSION_DIR}/manifest.json`, 'utf8')) as {
    browser_specific_settings: { gecko: { id: string } };
  };
  const addonId = manifest.browser_specific_settings.gecko.id;
  // The profile and the downloads in one folder of this run, removed with it.
  const root = mkdtempSync(path.join(tmpdir(), 'firefox-e2e-'));
  const downloads = path.join(root, 'downloads');
  mkdirSync(downloads);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    userDataDir: path.join(root, 'profile'),
    // Without it Firefox refuses to navigate to moz-extension:// and to reach the privileged scope.
    args: ['--remote-allow-system-access', '--width=1280', '--height=1000'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [addonId]: EXTENSION_UUID }),
      // permissions.request inside a click is granted with no prompt (no test can answer one).
      'extensions.webextOptionalPermissionPrompts': false,
      // The system's colour scheme, 0: light, 1: dark (setColorScheme): pages and the browser's
      // own UI follow it, the sidebar with it (content-override alone leaves the sidebar light).
      // emulateMediaFeatures needs CDP.
      'ui.systemUsesDarkTheme': 0,
      // Disabling or reloading the add-on closes its tabs; were they the last, the window (and
      // Firefox) would close with them.
      'browser.tabs.closeWindowWithLastTab': false,
      // Downloads go to a folder of this run, without asking.
      'browser.download.folderList': 2,
      'browser.download.dir': downloads,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.download.start_downloads_in_tmp_dir': false,
      'browser.download.alwaysOpenPanel': false,
    },
  });
  const watchdog = startWatchdog(browser.process()?.pid, root);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await browser.close().catch(() => browser.process()?.kill('SIGKILL'));
    watchdog?.kill();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const installed = await browser.installExtension(EXTENSION_DIR);
    if (installed !== addonId) throw new Error(`installed ${installed}, expected ${addonId}`);
    const chromeEval = privilegedScope(browser);
    const firefox: Firefox = {
      browser,
      addonId,
      downloads,
      openExtensionPage: (file, size) => openExtensionPage(browser, file, size),
      chromeEval,
      setColorScheme: async (scheme) => {
        await chromeEval(`Services.prefs.setIntPref('ui.systemUsesDarkTheme', ${scheme === 'dark' ? 1 : 0})`);
      },
      close,
    };
    await closeOnboardingTab(browser);
    return firefox;
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Firefox runs in a process group of its own (puppeteer starts it detached), so a signal to the
 * test run does not reach it, and afterAll does not run when the run is killed. This watchdog, a
 * shell apart from the test process, watches the test process and every process the run hangs
 * from (vitest, npm, scripts/test.sh: ./lifeline.ts): when one is gone, however it ended, it stops
 * Firefox, removes its profile, and stops the processes below the one gone (an orphaned vitest
 * would go on with the next file). It ends by itself when Firefox does.
 */
function startWatchdog(firefoxPid: number | undefined, root: string) {
  if (firefoxPid === undefined) return undefined;
  const lifeline = [process.pid, ...inject('lifeline')];
  // dash's kill takes no `--`: `-PID` is Firefox's process group.
  const script = `ff=$1 root=$2; shift 2
    while kill -0 "$ff" 2>/dev/null; do
      below=''
      for pid; do
        if ! kill -0 "$pid" 2>/dev/null; then
          kill -KILL -"$ff" 2>/dev/null; rm -rf "$root"
          [ -z "$below" ] || { kill -TERM $below; sleep 2; kill -KILL $below; } 2>/dev/null
          exit 0
        fi
        below="$below $pid"
      done
      sleep 1
    done`;
  const watchdog = spawn(
    'sh',
    ['-c', script, 'watchdog', String(firefoxPid), root, ...lifeline.map(String)],
    {
      detached: true,
      stdio: 'ignore',
    },
  );
  watchdog.unref();
  return watchdog;
}

/** An element as a person finds it: its role, and its accessible name, exactly. */
export interface Target {
  role: 'button' | 'heading' | 'link' | 'region' | 'tab' | 'textbox';
  name: string;
  /** A heading's level. */
  level?: number;
  /** Only inside the region of this name. */
  within?: string;
}

/** A Target, or every element of its role (and level) when `name` is null. */
type RoleQuery = Omit<Target, 'name'> & { name: string | null };

/**
 * Runs in a page, sent as its source (so it uses nothing outside it): the visible elements of a
 * role under `root`, named exactly `query.name` unless it is null, in document order; a hidden
 * tab's are not found, as they are out of the accessibility tree. The accessible name is the one
 * these views give: `aria-label`, else the text of `aria-labelledby`, else a field's label, else
 * the element's text.
 *
 * Found in the DOM rather than by Firefox's accessibility queries (puppeteer's `::-p-aria`): the
 * first of those turns Firefox's accessibility service on, which then costs the browser about a
 * core for as long as it runs, and each query is asked again at every frame (the suite took 104 s
 * with them, 71 s without).
 */
function namedElements(root: ParentNode, query: RoleQuery): Array<{ element: Element; name: string }> {
  const doc = (root as Node).ownerDocument ?? (root as Document);
  const text = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (element: Element) => {
    const label = element.getAttribute('aria-label');
    if (label !== null) return text(label);
    const by = element.getAttribute('aria-labelledby');
    if (by !== null)
      return text(
        by
          .split(' ')
          .map((id) => doc.getElementById(id)?.textContent)
          .join(' '),
      );
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return text([...labels].map((label) => label.textContent).join(' '));
    return text(element.textContent);
  };
  // By the element's own role: its role attribute, or the one its tag has.
  const selectors = {
    button: 'button, input[type="button"], input[type="submit"], [role="button"]',
    heading: query.level ? `h${query.level}` : 'h1, h2, h3, h4, h5, h6',
    link: 'a[href], [role="link"]',
    region: 'section[aria-labelledby], section[aria-label], [role="region"]',
    tab: '[role="tab"]',
    textbox:
      'input:not([type]), input[type="text"], input[type="email"], input[type="url"], input[type="search"], input[type="password"], input[type="tel"], textarea, [role="textbox"]',
  };
  const ofRole = (element: Element, role: RoleQuery['role']) => {
    const explicit = element.getAttribute('role');
    return element.matches(selectors[role]) && (explicit === null || explicit === role);
  };
  let scope = root;
  if (query.within !== undefined) {
    const region = [...root.querySelectorAll(selectors.region)].find(
      (each) => ofRole(each, 'region') && nameOf(each) === query.within,
    );
    if (!region) return [];
    scope = region;
  }
  return [...scope.querySelectorAll(selectors[query.role])]
    .filter((element) => ofRole(element, query.role) && element.checkVisibility({ visibilityProperty: true }))
    .map((element) => ({ element, name: nameOf(element) }))
    .filter(({ name }) => query.name === null || name === query.name);
}

/**
 * `::-p-role(ARGUMENT)`, a query for puppeteer's locators, where ARGUMENT is a Target as
 * encodeRoleQuery writes it; puppeteer asks it again at each change of the document.
 */
Puppeteer.registerCustomQueryHandler('role', {
  queryAll: new Function(
    'root',
    'argument',
    `return (${namedElements})(root, JSON.parse(decodeURIComponent(argument))).map((found) => found.element);`,
  ) as (root: Node, argument: string) => Element[],
});

/** A Target as the argument of `::-p-role(…)`: nothing in it is read as the selector's syntax. */
function encodeRoleQuery(query: Target): string {
  return encodeURIComponent(JSON.stringify(query)).replace(
    /[!'()*~]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A field or control of a page by its role and exact accessible name, as a puppeteer locator. */
export function control(page: Page, role: Target['role'], name: string) {
  return page.locator(`::-p-role(${encodeRoleQuery({ role, name })})`);
}

/**
 * Calls `read` until `accept` holds of what it returned (errors count as not yet), or fails
 * after `timeout` with the last value or error. For reads that are not an expectation of the test
 * (a page loaded, a tab reported); the tests' own expectations use vitest's `expect.poll`.
 */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  accept: (value: T) => boolean = (value) => Boolean(value),
  timeout = WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await read();
      if (accept(value)) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${String(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Installing opens the options page for onboarding (entrypoints/background.ts); it is closed so
 * that it cannot take the focus from a page a test opens (onboarding.test.ts covers it).
 */
async function closeOnboardingTab(browser: Browser): Promise<void> {
  const isOptions = async (page: Page) =>
    (await page.evaluate(() => location.href).catch(() => '')) === `${EXTENSION_ORIGIN}/options.html`;
  const options = await until('the options page opened on install', async () => {
    for (const page of await browser.pages()) if (await isOptions(page)) return page;
    return undefined;
  });
  await options!.close();
}

/** puppeteer's BiDi frame carries its browsing context, which can navigate without waiting. */
interface BidiFrame {
  browsingContext: { navigate(url: string, wait: 'none' | 'complete'): Promise<unknown> };
}

/** Waits until `page` shows the extension page `file` (its path, and loaded). */
async function waitForExtensionPage(page: Page, file: string): Promise<void> {
  const pathname = `/${file.split('?')[0]}`;
  await until(
    `${file} to load`,
    () => page.evaluate(() => [location.pathname, document.readyState]),
    ([loaded, state]) => loaded === pathname && state === 'complete',
  );
}

async function openExtensionPage(
  browser: Browser,
  file: string,
  size = { width: PANEL_WIDTH, height: PANEL_HEIGHT },
): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport(size);
  // Firefox sends no load event for moz-extension:// documents: page.goto() would never return.
  await (page.mainFrame() as unknown as BidiFrame).browsingContext.navigate(
    `${EXTENSION_ORIGIN}/${file}`,
    'none',
  );
  await waitForExtensionPage(page, file);
  return page;
}

/** Saves the settings straight to the extension's storage (as onboarding does; onboarding.test.ts covers it). */
export async function configure(
  extensionPage: Page,
  sandboxUrl: string,
  patch: Record<string, unknown> = {},
): Promise<void> {
  const settings = e2eSettings(sandboxUrl, patch);
  await extensionPage.evaluate(async (value) => {
    await browser.storage.local.set({ settings: value });
  }, settings);
}

/**
 * Opens a tab at `url`, a real address, served `html` by request interception (nothing else is
 * fetched: there is no network here).
 */
export async function openPage(firefox: Firefox, url: string, html: string): Promise<Page> {
  const tab = await firefox.browser.newPage();
  await tab.setRequestInterception(true);
  tab.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    void (request.url() === url
      ? request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
      : request.respond({ status: 404, contentType: 'text/plain', body: '' }));
  });
  await tab.goto(url);
  return tab;
}

/**
 * Opens a tab at a profile's real address (`openPage`) and waits until the content script's
 * findings for it are filed (read through `extensionPage`). Returns the tab and its id.
 */
export async function openProfileTab(
  firefox: Firefox,
  extensionPage: Page,
  url: string,
  html: string,
): Promise<{ tab: Page; tabId: number }> {
  const tab = await openPage(firefox, url, html);
  return { tab, tabId: await reportedTab(extensionPage, url) };
}

/** The id of the tab whose findings for `url` the background filed (the content script reported). */
export async function reportedTab(extensionPage: Page, url: string): Promise<number> {
  const tabId = await until(`the findings for ${url}`, () =>
    extensionPage.evaluate(async (pageUrl) => {
      const stored = await browser.storage.session.get(null);
      const key = Object.keys(stored).find(
        (k) => k.startsWith('findings:') && (stored[k] as { pageUrl?: string }).pageUrl === pageUrl,
      );
      return key ? Number(key.slice('findings:'.length)) : undefined;
    }, url),
  );
  return tabId!;
}

/** What a screenshot is of: written to test-results/firefox-screenshots/<name>-<scheme>.png. */
export async function screenshotPath(name: string, scheme: 'light' | 'dark'): Promise<string> {
  await mkdir(SCREENSHOTS, { recursive: true });
  return `${SCREENSHOTS}/${name}-${scheme}.png`;
}

/** Light and dark full-page screenshots of an extension page as it is now. */
export async function pageScreenshots(firefox: Firefox, page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await firefox.setColorScheme(scheme);
    await page.waitForFunction(
      (dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark,
      { polling: 50, timeout: WAIT_MS },
      scheme === 'dark',
    );
    await page.screenshot({ path: await screenshotPath(name, scheme), fullPage: true });
  }
  await firefox.setColorScheme('light');
}

/**
 * Firefox's `extension.getViews` also finds the sidebar's window ({ type: 'sidebar' }), which the
 * extension API's types (Chrome's) do not know; used inside page.evaluate callbacks.
 */
interface FirefoxExtensionApi {
  getViews(filter: { type: 'sidebar' }): Window[];
}

/**
 * The real sidebar (`sidebar_action`, opened in the person's click by the popup's "Open side
 * panel" or by the context menu). Its document is reached from `extensionPage`, an extension page
 * in the same process; a click is a trusted mouse click sent by the browser window at the
 * element's place, as a person's would be.
 */
export class Sidebar {
  constructor(
    private readonly firefox: Firefox,
    private readonly extensionPage: Page,
  ) {}

  /**
   * Opens the sidebar as a person does: the popup's "Open side panel" (here the popup page of
   * `extensionPage`, brought to the front to be clicked), then back to `tab`, which it then shows.
   */
  async openFromPopup(tab: Page): Promise<void> {
    await this.extensionPage.bringToFront();
    await control(this.extensionPage, 'button', 'Open side panel').click();
    await tab.bringToFront();
    await until('the sidebar to open', () => this.isOpen());
    await this.fitWidth();
  }

  /** As wide as Chromium's side panel in the other suite (Firefox opens it narrower). */
  async fitWidth(): Promise<void> {
    await this.firefox.chromeEval(`SidebarController._box.style.width = '${PANEL_WIDTH}px'`);
  }

  /** Closes it, as its close button would. */
  async close(): Promise<void> {
    await this.firefox.chromeEval('SidebarController.hide()');
    await until('the sidebar to close', async () => !(await this.isOpen()));
  }

  async isOpen(): Promise<boolean> {
    return this.firefox.chromeEval<boolean>(
      `SidebarController.isOpen && SidebarController.currentID === ${JSON.stringify(sidebarId(this.firefox))}`,
    );
  }

  /** The sidebar's text, as shown (innerText), or of one region of it; '' when it is not open. */
  text(within?: string): Promise<string> {
    return this.extensionPage.evaluate((region) => {
      const view = (browser.extension as unknown as FirefoxExtensionApi).getViews({ type: 'sidebar' })[0];
      if (!view) return '';
      const doc = view.document;
      const name = (element: Element) =>
        (element.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .map((id) => doc.getElementById(id)?.textContent ?? '')
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim();
      const root = region
        ? [...doc.querySelectorAll('section[aria-labelledby]')].find((section) => name(section) === region)
        : doc.body;
      return (root as HTMLElement | undefined)?.innerText ?? '';
    }, within);
  }

  /** The accessible names of the visible elements of a role (and level), in document order. */
  names(target: Omit<Target, 'name'>): Promise<string[]> {
    return this.locate({ ...target, name: null, mark: false });
  }

  private locate(query: RoleQuery & { mark: boolean }): Promise<string[]> {
    return this.extensionPage.evaluate(
      `(${locateInSidebar})(${JSON.stringify(query)}, ${namedElements})`,
    ) as Promise<string[]>;
  }

  /**
   * Clicks the one visible element of `target`'s role named exactly `target.name`, once there is
   * one (as a person waits for it to appear).
   */
  async click(target: Target): Promise<void> {
    let marks: string[];
    try {
      marks = await until(
        `the ${target.role} "${target.name}"`,
        () => this.locate({ ...target, mark: true }),
        (found) => found.length === 1,
      );
    } catch (error) {
      const names = await this.names(target);
      throw new Error(`${(error as Error).message}; the sidebar's: ${names.join(' | ')}`);
    }
    // Where the element is in the browser window: the sidebar's own <browser> (chrome) holds the
    // extension's <browser>, which holds the document; the click is sent there by the window.
    const { x, y } = JSON.parse(marks[0]!) as { x: number; y: number };
    await this.firefox.chromeEval(`(() => {
      const outer = SidebarController.browser;
      const inner = outer.contentDocument.getElementById('webext-panels-browser');
      const a = outer.getBoundingClientRect(), b = inner.getBoundingClientRect();
      const [x, y] = [a.left + b.left + ${x}, a.top + b.top + ${y}];
      for (const type of ['mousedown', 'mouseup']) window.synthesizeMouseEvent(type, x, y, { button: 0, clickCount: 1 });
    })()`);
  }

  /** Light and dark pictures of the sidebar as it shows now (BiDi cannot capture browser UI). */
  async screenshots(name: string): Promise<void> {
    await this.fitWidth();
    for (const scheme of ['light', 'dark'] as const) {
      await this.firefox.setColorScheme(scheme);
      await until(`the sidebar in ${scheme}`, () =>
        this.extensionPage.evaluate((dark) => {
          const view = (browser.extension as unknown as FirefoxExtensionApi).getViews({ type: 'sidebar' })[0];
          view?.scrollTo(0, 0);
          return view?.matchMedia('(prefers-color-scheme: dark)').matches === dark;
        }, scheme === 'dark'),
      );
      const png = await this.firefox.chromeEval<string>(`(async () => {
        const inner = SidebarController.browser.contentDocument.getElementById('webext-panels-browser');
        const { width, height } = inner.getBoundingClientRect();
        const bitmap = await inner.browsingContext.currentWindowGlobal.drawSnapshot(
          new DOMRect(0, 0, width, height), window.devicePixelRatio, 'white');
        const canvas = document.createElementNS('http://www.w3.org/1999/xhtml', 'canvas');
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
        canvas.getContext('2d').drawImage(bitmap, 0, 0);
        return canvas.toDataURL('image/png');
      })()`);
      writeFileSync(await screenshotPath(name, scheme), Buffer.from(png.split(',')[1]!, 'base64'));
    }
    await this.firefox.setColorScheme('light');
  }
}

/** The prefix of the ids the browser gives the add-on's UI (ext-browser.js makeWidgetId). */
function widgetId(firefox: Firefox): string {
  return firefox.addonId.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
}

/** The sidebar's id in the browser's SidebarController (ext-sidebarAction.js). */
function sidebarId(firefox: Firefox): string {
  return `${widgetId(firefox)}-sidebar-action`;
}

/**
 * Right-clicks `tab` at `point`, as a person does, and returns the labels of the add-on's items
 * in the browser's context menu once it is open (its native menu, built by the browser from the
 * add-on's `contextMenus.create`).
 */
export async function openContextMenu(
  firefox: Firefox,
  tab: Page,
  point: { x: number; y: number },
): Promise<string[]> {
  // One left open (a test that failed while it was) would be read instead of this one.
  await closeContextMenu(firefox);
  await tab.mouse.click(point.x, point.y, { button: 'right' });
  const items = await until('the context menu to open', () =>
    firefox.chromeEval<string[] | null>(`(() => {
      const menu = document.getElementById('contentAreaContextMenu');
      if (menu.state !== 'open') return null;
      return [...menu.querySelectorAll('menuitem')]
        .filter((item) => !item.hidden && item.id.startsWith(${JSON.stringify(`${widgetId(firefox)}-menuitem-`)}))
        .map((item) => item.label);
    })()`),
  );
  return items!;
}

/**
 * Chooses the open context menu's item labelled `label`: the browser fires the add-on's
 * `contextMenus.onClicked` with what was clicked on, as when a person picks it (the one step a
 * test cannot do with the mouse: BiDi reaches no native menu).
 */
export async function chooseMenuItem(firefox: Firefox, label: string): Promise<void> {
  const chosen = await firefox.chromeEval<boolean>(`(() => {
    const menu = document.getElementById('contentAreaContextMenu');
    const item = [...menu.querySelectorAll('menuitem')].find((each) => !each.hidden && each.label === ${JSON.stringify(label)});
    if (!item) return false;
    menu.activateItem(item);
    return true;
  })()`);
  if (!chosen) throw new Error(`no context menu item "${label}"`);
}

/** Closes the context menu without choosing anything. */
export async function closeContextMenu(firefox: Firefox): Promise<void> {
  await firefox.chromeEval(`(() => {
    const menu = document.getElementById('contentAreaContextMenu');
    if (menu.state !== 'closed') menu.hidePopup();
  })()`);
  await until('the context menu to close', () =>
    firefox.chromeEval<boolean>(`document.getElementById('contentAreaContextMenu').state === 'closed'`),
  );
}

/**
 * Runs in the extension page, sent as its source with `byRole` (namedElements): the visible
 * elements of a role in the sidebar (named exactly `query.name`, unless null), as their names; or
 * with `mark`, the place of the one element's centre, scrolled into view (none while another
 * element covers it).
 */
function locateInSidebar(query: RoleQuery & { mark: boolean }, byRole: typeof namedElements): string[] {
  const view = (browser.extension as unknown as FirefoxExtensionApi).getViews({ type: 'sidebar' })[0];
  if (!view) return [];
  const found = byRole(view.document, query);
  if (!query.mark) return found.map(({ name }) => name);
  if (found.length !== 1) return [];
  const { element } = found[0]!;
  element.scrollIntoView({ block: 'center' });
  const box = element.getBoundingClientRect();
  const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
  // Not yet clickable while something else covers its centre: asked again.
  const top = view.document.elementFromPoint(x, y);
  if (!top || !(top === element || element.contains(top))) return [];
  return [JSON.stringify({ x, y })];
}

/**
 * Evaluation in the browser's privileged (chrome) scope: the browser window's global, where
 * gBrowser, SidebarController and Services are. The expression's value comes back as JSON (BiDi's
 * own serialisation cannot carry chrome objects).
 */
function privilegedScope(browser: Browser): <T>(expression: string) => Promise<T> {
  // puppeteer's BiDi connection, to send the commands it has no method for.
  const connection = (
    browser as unknown as { connection: { send(method: string, params: object): Promise<{ result: never }> } }
  ).connection;
  return async <T>(expression: string): Promise<T> => {
    const { contexts } = (await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' }))
      .result as { contexts: Array<{ context: string; url: string }> };
    const window = contexts.find((context) => context.url === 'chrome://browser/content/browser.xhtml');
    if (!window) throw new Error(`no browser window among ${contexts.map((c) => c.url).join(', ')}`);
    const answer = (
      await connection.send('script.evaluate', {
        expression: `(async () => JSON.stringify((await (${expression})) ?? null))()`,
        target: { context: window.context },
        awaitPromise: true,
        resultOwnership: 'none',
      })
    ).result as
      | { type: 'success'; result: { type: string; value?: string } }
      | { type: 'exception'; exceptionDetails: { text: string } };
    if (answer.type === 'exception') throw new Error(`chrome scope: ${answer.exceptionDetails.text}`);
    return JSON.parse(answer.result.value ?? 'null') as T;
  };
}
