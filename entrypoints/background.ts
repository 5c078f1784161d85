/**
 * The background service worker: holds the key, is the only caller of the service, and answers
 * the extension's pages. MV3 may stop it at any moment, so every listener is registered
 * synchronously at the top level and everything that matters is in storage or IndexedDB.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { createClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { clearCache } from '@/lib/cache';
import { openDb } from '@/lib/db';
import {
  CONTENT_SCRIPT_MESSAGES,
  type MessageType,
  messageSchemas,
  type PublicSettings,
} from '@/lib/messages';
import { onMessage } from '@/lib/messenger';
import { createPageScanning } from '@/lib/scan-permission';
import { createService } from '@/lib/service';
import { apiOrigins, findingsItemKey, getSettings, progressItemKey, type Settings } from '@/lib/settings';
import { checkSettingsPatch, updateSettings } from '@/lib/settings-schema';

export default defineBackground(() => {
  const service = createService({
    db: openDb,
    settings: getSettings,
    client: (settings) =>
      createClient({ apiKey: settings.apiKey, baseUrlV2: settings.baseUrlV2, baseUrlV3: settings.baseUrlV3 }),
    hasApiPermission: (origins) => browser.permissions.contains({ origins }),
    // A streamed answer's rows so far, for the page that asked (it watches this key).
    onProgress: (requestId, progress) => {
      const key = progressItemKey(requestId);
      void (progress ? storage.setItem(key, progress) : storage.removeItem(key));
    },
  });

  type Sender = { id?: string; url?: string; frameId?: number; tab?: { id?: number; url?: string } };

  function isExtensionPage(sender: Sender): boolean {
    return sender.id === browser.runtime.id && (sender.url ?? '').startsWith(browser.runtime.getURL('/'));
  }

  /**
   * Validates a message where it arrives and checks who sent it: only extension pages (a person)
   * may do anything but report findings; nothing a web page or content script sends can spend.
   */
  function handle<T extends MessageType>(
    type: T,
    handler: (data: NonNullable<unknown>, sender: Sender) => unknown,
  ): void {
    onMessage(type, async (message) => {
      const sender = message.sender as Sender;
      const fromContentScript = !isExtensionPage(sender);
      if (fromContentScript && !CONTENT_SCRIPT_MESSAGES.includes(type)) {
        throw new Error(`"${type}" may only be sent by the extension's own pages`);
      }
      const parsed = messageSchemas[type].safeParse(message.data);
      if (!parsed.success) throw new Error(`Invalid "${type}" message: ${parsed.error.issues[0]?.message}`);
      // biome-ignore lint/suspicious/noExplicitAny: the protocol map types each handler's result
      return (await handler(parsed.data as NonNullable<unknown>, sender)) as any;
    });
  }

  function stripHash(url: string | undefined): string | undefined {
    return url?.split('#')[0];
  }

  function publicSettings(settings: Settings): PublicSettings {
    const { apiKey, ...rest } = settings;
    return { ...rest, apiKeySet: apiKey !== '', apiKeyHint: apiKey.length > 4 ? apiKey.slice(-4) : '' };
  }

  handle('findings.report', async (data, sender) => {
    const tabId = sender.tab?.id;
    const findings = data as { pageUrl: string };
    // `sender.url` keeps a document's first URL after same-document navigations; the tab's is current.
    // Only the top frame speaks for its tab, and only about the page it is on: a report about
    // another URL (a late scan after navigation, or a forged one) is dropped.
    if (
      tabId === undefined ||
      sender.frameId !== 0 ||
      stripHash(sender.tab?.url ?? sender.url) !== stripHash(findings.pageUrl)
    )
      return;
    await storage.setItem(findingsItemKey(tabId), findings);
  });

  handle('findings.get', async (data) => storage.getItem(findingsItemKey((data as { tabId: number }).tabId)));

  handle('quote', async (data) => {
    const { endpointId, params } = data as { endpointId: Parameters<typeof service.quote>[0]; params: never };
    try {
      return { ok: true, quote: await service.quote(endpointId, params) };
    } catch (error) {
      return { ok: false, error: (error instanceof ApiError ? error : new ApiError('invalid')).toJSON() };
    }
  });

  handle('view.open', (data) => {
    const { endpointId, params } = data as Parameters<typeof service.quote> extends [infer E, infer P]
      ? { endpointId: E; params: P }
      : never;
    return service.openView(endpointId, params);
  });

  handle('run', (data) => service.run(data as Parameters<typeof service.run>[0]));

  handle('settings.get', async () => publicSettings(await getSettings()));

  handle('settings.save', async (data) => {
    const checked = checkSettingsPatch(data);
    if (!checked.ok) return checked;
    return { ok: true, settings: publicSettings(await updateSettings(checked.patch)) };
  });

  handle('connection.test', (data) => service.testConnection(data as Partial<Settings>));

  handle('account.get', () => service.account());

  handle('cache.clear', async () => {
    await clearCache(await openDb());
    return { ok: true };
  });

  // Pages outside the networks' hosts: scanned on request, or always with the optional permission.
  const pageScanning = createPageScanning({ permissions: browser.permissions, scripting: browser.scripting });

  handle('tab.scan', (data) => pageScanning.scanTab((data as { tabId: number }).tabId));

  handle('scanEverySite.get', async () => ({ enabled: await pageScanning.reconcile() }));

  handle('scanEverySite.set', async (data) => {
    if ((data as { enabled: boolean }).enabled) {
      // The page asked for the permission in the person's click; this registers the script if granted.
      return { enabled: await pageScanning.reconcile(), apiAccessLost: false };
    }
    return pageScanning.disable(apiOrigins(await getSettings()));
  });

  // Registered iff granted: the person may grant or revoke the permission in the browser's own UI,
  // and may have done so while the browser was closed.
  const reconcileEverySite = () =>
    pageScanning.reconcile().catch((error) => {
      console.warn('Could not match the every-site content script to its permission', error);
    });
  browser.permissions.onAdded.addListener(() => void reconcileEverySite());
  browser.permissions.onRemoved.addListener(() => void reconcileEverySite());
  void reconcileEverySite();

  // A tab's findings belong to the page it showed: forget them when it closes or navigates away.
  browser.tabs.onRemoved.addListener((tabId) => {
    void storage.removeItem(findingsItemKey(tabId));
  });
  // Same-document navigations (single-page sites) report only `status: loading` here, without
  // `change.url`, so compare the tab's URL with the one the findings were made on.
  browser.tabs.onUpdated.addListener(async (tabId, change, tab) => {
    const url = change.url ?? tab.url;
    if (!url || (!change.url && change.status !== 'loading')) return;
    const key = findingsItemKey(tabId);
    const findings = await storage.getItem<{ pageUrl: string }>(key);
    if (findings && stripHash(findings.pageUrl) !== stripHash(url)) await storage.removeItem(key);
  });

  // The toolbar button opens the panel beside the page: Chrome's side panel, Firefox's sidebar.
  // Chrome grants activeTab (which "Scan this page" needs) only when the click reaches
  // `action.onClicked`: with `openPanelOnActionClick` the panel opens but the page stays closed to
  // the extension (checked in Chromium 156). So the click is handled here, and the panel opened in
  // it (still the person's gesture); the behaviour is reset in case an earlier version set it.
  // biome-ignore lint/suspicious/noExplicitAny: sidePanel and sidebarAction are each typed in one browser only
  const api = browser as any;
  if (api.sidePanel?.open) {
    void api.sidePanel.setPanelBehavior?.({ openPanelOnActionClick: false });
    api.action.onClicked.addListener((tab: { windowId: number }) => {
      void api.sidePanel.open({ windowId: tab.windowId });
    });
  } else if (api.sidebarAction) {
    (api.action ?? api.browserAction)?.onClicked.addListener(() => api.sidebarAction.toggle());
  }

  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void browser.runtime.openOptionsPage();
  });

  // Calls a previous worker left in flight are finished (never paid twice: see lib/service.ts).
  void service.resumePendingJobs();
});
