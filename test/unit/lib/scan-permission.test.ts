/**
 * Reading pages outside the networks' hosts (lib/scan-permission.ts), against a stand-in for the
 * browser's permissions and scripting APIs that keeps their state and refuses what Chromium
 * refuses: a second registration under one id, unregistering an id that is not there. The error
 * texts are those Chromium 156 gave when tried.
 */
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_MATCH_PATTERNS } from '../../../lib/networks';
import {
  CONTENT_SCRIPT_FILE,
  createPageScanning,
  SCAN_EVERY_SITE_ORIGINS,
  SCAN_EVERY_SITE_SCRIPT_ID,
  type ScanApis,
  scanRefusal,
} from '../../../lib/scan-permission';

const API_ORIGIN = 'https://api.example.com/*';

type Registered = Parameters<ScanApis['scripting']['registerContentScripts']>[0][number];

/** Whether the granted match patterns cover `origin` (the every-site patterns cover any host). */
function covers(granted: ReadonlySet<string>, origin: string): boolean {
  if (granted.has(origin)) return true;
  const scheme = origin.slice(0, origin.indexOf('://'));
  return granted.has(`${scheme}://*/*`);
}

function fakeBrowser({ granted = [] as string[], keepsPermission = false, injectError = '' } = {}) {
  const state = { granted: new Set(granted), registered: new Map<string, Registered>() };
  const apis = {
    permissions: {
      contains: vi.fn(async ({ origins }: { origins: string[] }) =>
        origins.every((origin) => covers(state.granted, origin)),
      ),
      remove: vi.fn(async ({ origins }: { origins: string[] }) => {
        if (keepsPermission) return false;
        for (const origin of origins) state.granted.delete(origin);
        return true;
      }),
    },
    scripting: {
      executeScript: vi.fn(async (_injection: { target: { tabId: number }; files: string[] }) => {
        if (injectError) throw new Error(injectError);
        return [{ frameId: 0, result: undefined }];
      }),
      registerContentScripts: vi.fn(async (scripts: Registered[]) => {
        for (const script of scripts) {
          if (state.registered.has(script.id)) throw new Error(`Duplicate script ID '${script.id}'`);
          state.registered.set(script.id, script);
        }
      }),
      unregisterContentScripts: vi.fn(async ({ ids }: { ids: string[] }) => {
        for (const id of ids) {
          if (!state.registered.delete(id)) throw new Error(`Nonexistent script ID '${id}'`);
        }
      }),
      getRegisteredContentScripts: vi.fn(async ({ ids }: { ids: string[] }) =>
        [...state.registered.values()].filter((script) => ids.includes(script.id)),
      ),
    },
  } satisfies ScanApis;
  return { apis, state, scanning: createPageScanning(apis) };
}

describe('scan on request', () => {
  it('injects the content script into the tab once, and says so', async () => {
    const { apis, scanning } = fakeBrowser();
    expect(await scanning.scanTab(42)).toEqual({ ok: true });
    expect(apis.scripting.executeScript).toHaveBeenCalledExactlyOnceWith({
      target: { tabId: 42 },
      files: ['/content-scripts/content.js'],
    });
  });

  it.each([
    [
      'no grant for the page',
      'Cannot access contents of the page. Extension manifest must request permission to access the respective host.',
      'no-access',
    ],
    [
      'a web page it may not read (Chromium)',
      'Cannot access contents of url "https://www.example-company.test/team". Extension manifest must request permission to access this host.',
      'no-access',
    ],
    ['a web page it may not read (Firefox)', 'Missing host permission for the tab', 'no-access'],
    ["the browser's own page", 'Cannot access a chrome:// URL', 'browser-page'],
    ['the extension store', 'The extensions gallery cannot be scripted.', 'browser-page'],
    [
      'an error page',
      'Cannot access contents of url "chrome-error://chromewebdata/". Extension manifest must request permission to access this host.',
      'browser-page',
    ],
    ['a closed tab (Chromium)', 'No tab with id: 999999', 'tab-gone'],
    ['a closed tab (Firefox)', 'Invalid tab ID: 5', 'tab-gone'],
  ])('words a refusal for %s as a reason, never the raw error', async (_case, message, reason) => {
    const { scanning } = fakeBrowser({ injectError: message });
    expect(await scanning.scanTab(1)).toEqual({ ok: false, reason });
    expect(scanRefusal(new Error(message))).toBe(reason);
  });
});

describe('scan every site', () => {
  it('registers nothing while the permission is not granted', async () => {
    const { apis, state, scanning } = fakeBrowser();
    expect(await scanning.reconcile()).toBe(false);
    expect(state.registered.size).toBe(0);
    expect(apis.permissions.contains).toHaveBeenCalledWith({ origins: ['https://*/*'] });
  });

  it('once granted, registers the content script for every site but the networks, once', async () => {
    const { apis, state, scanning } = fakeBrowser({ granted: [...SCAN_EVERY_SITE_ORIGINS] });
    expect(await scanning.reconcile()).toBe(true);
    expect(state.registered.get(SCAN_EVERY_SITE_SCRIPT_ID)).toEqual({
      id: 'scan-every-site',
      matches: ['https://*/*'],
      excludeMatches: [...NETWORK_MATCH_PATTERNS],
      js: [CONTENT_SCRIPT_FILE],
      runAt: 'document_idle',
      persistAcrossSessions: true,
    });
    expect(await scanning.reconcile()).toBe(true);
    expect(apis.scripting.registerContentScripts).toHaveBeenCalledOnce();
  });

  it('registers once when the worker start, a permission event and the options page ask at once', async () => {
    const { apis, state, scanning } = fakeBrowser({ granted: [...SCAN_EVERY_SITE_ORIGINS] });
    expect(await Promise.all([scanning.reconcile(), scanning.reconcile(), scanning.reconcile()])).toEqual([
      true,
      true,
      true,
    ]);
    expect(apis.scripting.registerContentScripts).toHaveBeenCalledOnce();
    expect(state.registered.size).toBe(1);
  });

  it('unregisters when the person revokes the permission in the browser', async () => {
    const { state, scanning } = fakeBrowser({ granted: [...SCAN_EVERY_SITE_ORIGINS] });
    await scanning.reconcile();
    expect(state.registered.has(SCAN_EVERY_SITE_SCRIPT_ID)).toBe(true);

    state.granted.clear(); // revoked in the browser's settings; permissions.onRemoved follows
    expect(await scanning.reconcile()).toBe(false);
    expect(state.registered.size).toBe(0);
  });

  it('removes a registration left from a session whose permission was revoked meanwhile', async () => {
    // The browser starts with the script still registered (persistAcrossSessions), the grant gone.
    const { state, scanning } = fakeBrowser();
    state.registered.set(SCAN_EVERY_SITE_SCRIPT_ID, { id: SCAN_EVERY_SITE_SCRIPT_ID } as Registered);
    expect(await scanning.reconcile()).toBe(false);
    expect(state.registered.size).toBe(0);
  });

  it('turning it off unregisters the script and gives the permission back', async () => {
    const { apis, state, scanning } = fakeBrowser({ granted: [...SCAN_EVERY_SITE_ORIGINS, API_ORIGIN] });
    await scanning.reconcile();
    expect(await scanning.disable([API_ORIGIN])).toEqual({ enabled: false, apiAccessLost: false });
    expect(state.registered.size).toBe(0);
    expect(apis.permissions.remove).toHaveBeenCalledWith({ origins: ['https://*/*'] });
    expect([...state.granted]).toEqual([API_ORIGIN]);
  });

  it("says when the service's address was allowed only through the every-site permission", async () => {
    const { scanning } = fakeBrowser({ granted: [...SCAN_EVERY_SITE_ORIGINS] });
    await scanning.reconcile();
    expect(await scanning.disable([API_ORIGIN])).toEqual({ enabled: false, apiAccessLost: true });
  });

  it('with no service configured, loses nothing it could need', async () => {
    const { scanning } = fakeBrowser({ granted: [...SCAN_EVERY_SITE_ORIGINS] });
    expect(await scanning.disable([])).toEqual({ enabled: false, apiAccessLost: false });
  });

  it('keeps scanning, registered, if the browser keeps the permission', async () => {
    const { state, scanning } = fakeBrowser({ granted: [...SCAN_EVERY_SITE_ORIGINS], keepsPermission: true });
    await scanning.reconcile();
    expect(await scanning.disable([])).toEqual({ enabled: true, apiAccessLost: false });
    expect(state.registered.has(SCAN_EVERY_SITE_SCRIPT_ID)).toBe(true);
  });

  it('turning it off when it was never on asks the browser for nothing it would refuse', async () => {
    const { apis, scanning } = fakeBrowser();
    expect(await scanning.disable([])).toEqual({ enabled: false, apiAccessLost: false });
    expect(apis.scripting.unregisterContentScripts).not.toHaveBeenCalled();
  });
});
