/**
 * Reading pages outside the networks' hosts: the one place that knows how, and with what right.
 *
 * The manifest's content script runs on the networks' hosts only. Any other page is read
 * - on request: the person presses "Scan this page" in the panel and the background injects the
 *   content script into that tab once (`scanTab`). The browser allows it with no host permission
 *   after the person clicked the extension's toolbar button on that page (activeTab), and on
 *   origins already granted;
 * - always, if the person turns on "Scan every site I visit": the optional permission for
 *   `SCAN_EVERY_SITE_ORIGINS` is asked for in that click, and while it is granted a dynamic content
 *   script runs on every page the manifest's script does not already cover. It is registered iff
 *   the permission is granted: the person may revoke it in the browser's own settings, so the
 *   background reconciles at start and whenever permissions change.
 *
 * The browser's APIs are passed in (the background passes `browser`'s), so tests stand in for them.
 */
import type { PublicPath } from 'wxt/browser';
import { NETWORK_MATCH_PATTERNS } from './networks';

/**
 * The optional host permission "scan every site" asks for: every https page. Not plain http: the
 * manifest offers no pattern for every http page (the service is reached over http only on this
 * computer), and such a page is read on request.
 */
export const SCAN_EVERY_SITE_ORIGINS: readonly string[] = ['https://*/*'];

/** The id of the dynamic content script registered while "scan every site" is on. */
export const SCAN_EVERY_SITE_SCRIPT_ID = 'scan-every-site';

/** Where WXT builds entrypoints/content.ts: the same scanner on every page, however it got there. */
export const CONTENT_SCRIPT_FILE = '/content-scripts/content.js' satisfies PublicPath;

/**
 * Why a scan on request was refused:
 * - no-access: the browser gave no access to the page (no toolbar click there, or it navigated since);
 * - browser-page: a page no extension may read (the browser's own pages, error pages, the add-on store);
 * - tab-gone: the tab was closed.
 */
export type ScanRefusal = 'no-access' | 'browser-page' | 'tab-gone';

export type ScanTabResult = { ok: true } | { ok: false; reason: ScanRefusal };

export interface ScanEverySiteChange {
  /** Whether every site is scanned now: the browser may keep or refuse what was asked. */
  enabled: boolean;
  /**
   * Turning it off gave back a permission that also covered the service's address (an address
   * allowed while every site was, is not granted apart from it): the connection needs allowing again.
   */
  apiAccessLost: boolean;
}

interface OriginsRequest {
  origins: string[];
}

interface RegisteredScript {
  id: string;
  matches: string[];
  excludeMatches: string[];
  js: (typeof CONTENT_SCRIPT_FILE)[];
  runAt: 'document_idle';
  persistAcrossSessions: boolean;
}

/** The parts of `browser.permissions` and `browser.scripting` this module uses. */
export interface ScanApis {
  permissions: {
    contains(permissions: OriginsRequest): Promise<boolean>;
    remove(permissions: OriginsRequest): Promise<boolean>;
  };
  scripting: {
    executeScript(injection: {
      target: { tabId: number };
      files: (typeof CONTENT_SCRIPT_FILE)[];
    }): Promise<unknown>;
    registerContentScripts(scripts: RegisteredScript[]): Promise<unknown>;
    unregisterContentScripts(filter: { ids: string[] }): Promise<unknown>;
    getRegisteredContentScripts(filter: { ids: string[] }): Promise<{ id: string }[]>;
  };
}

const EVERY_SITE_SCRIPT: RegisteredScript = {
  id: SCAN_EVERY_SITE_SCRIPT_ID,
  matches: [...SCAN_EVERY_SITE_ORIGINS],
  // The manifest's own content script already runs there; the scanner would only be replaced.
  excludeMatches: [...NETWORK_MATCH_PATTERNS],
  js: [CONTENT_SCRIPT_FILE],
  runAt: 'document_idle',
  persistAcrossSessions: true,
};

/**
 * How the browser words a refusal to inject into a page no extension may read. Chromium:
 * "Cannot access a chrome:// URL", "The extensions gallery cannot be scripted.", "Cannot access
 * contents of url "chrome-error://chromewebdata/"…"; anything else refused is a missing grant.
 */
const BROWSER_PAGE_REFUSALS = [
  /Cannot access a [\w-]+:\/\/ URL/i,
  /cannot be scripted/i,
  /Cannot access contents of url "(?!https?:)/i,
];

/** "No tab with id: 5" (Chromium), "Invalid tab ID: 5" (Firefox). */
const TAB_GONE = /No tab with id|Invalid tab ID/i;

/** Why the browser refused to inject the content script, from its error. */
export function scanRefusal(error: unknown): ScanRefusal {
  const message = error instanceof Error ? error.message : String(error);
  if (TAB_GONE.test(message)) return 'tab-gone';
  if (BROWSER_PAGE_REFUSALS.some((pattern) => pattern.test(message))) return 'browser-page';
  return 'no-access';
}

export interface PageScanning {
  /** Reads the tab's page once, as the person asked. Never throws: a refusal is an answer. */
  scanTab(tabId: number): Promise<ScanTabResult>;
  /**
   * Registers the every-site script iff its permission is granted; answers whether it is. Also
   * how it is turned on: the options page asks for the permission in the click, then for this.
   */
  reconcile(): Promise<boolean>;
  /**
   * Unregisters the script and gives the permission back. `keepOrigins` are the service's origins,
   * checked afterwards so that the person is told if they went with it.
   */
  disable(keepOrigins: readonly string[]): Promise<ScanEverySiteChange>;
}

export function createPageScanning(apis: ScanApis): PageScanning {
  const origins = () => ({ origins: [...SCAN_EVERY_SITE_ORIGINS] });

  // Registration is checked, then changed: two changes at once (worker start, a permission event
  // and the options page) would register twice, which the browser refuses. One at a time.
  let queue: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
    const next = queue.then(task, task);
    queue = next.catch(() => {});
    return next;
  }

  async function isRegistered(): Promise<boolean> {
    const scripts = await apis.scripting.getRegisteredContentScripts({ ids: [SCAN_EVERY_SITE_SCRIPT_ID] });
    return scripts.some((script) => script.id === SCAN_EVERY_SITE_SCRIPT_ID);
  }

  async function reconcileNow(): Promise<boolean> {
    const granted = await apis.permissions.contains(origins());
    const registered = await isRegistered();
    if (granted && !registered) await apis.scripting.registerContentScripts([EVERY_SITE_SCRIPT]);
    if (!granted && registered)
      await apis.scripting.unregisterContentScripts({ ids: [SCAN_EVERY_SITE_SCRIPT_ID] });
    return granted;
  }

  return {
    async scanTab(tabId) {
      try {
        await apis.scripting.executeScript({ target: { tabId }, files: [CONTENT_SCRIPT_FILE] });
        return { ok: true };
      } catch (error) {
        return { ok: false, reason: scanRefusal(error) };
      }
    },
    reconcile: () => oneAtATime(reconcileNow),
    disable: (keepOrigins) =>
      oneAtATime(async () => {
        if (await isRegistered())
          await apis.scripting.unregisterContentScripts({ ids: [SCAN_EVERY_SITE_SCRIPT_ID] });
        await apis.permissions.remove(origins());
        const apiAccessLost =
          keepOrigins.length > 0 && !(await apis.permissions.contains({ origins: [...keepOrigins] }));
        // Should the browser have kept the permission, the script goes back: registered iff granted.
        return { enabled: await reconcileNow(), apiAccessLost };
      }),
  };
}
