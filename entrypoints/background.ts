/**
 * The background service worker: holds the key, is the only caller of the service, and answers
 * the extension's pages. MV3 may stop it at any moment, so every listener is registered
 * synchronously at the top level and everything that matters is in storage or IndexedDB.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { ApiError } from '@/lib/api/errors';
import { createClient } from '@/lib/background/api/client';
import { createBatches } from '@/lib/background/batches';
import { clearCache } from '@/lib/background/cache';
import { openDb } from '@/lib/background/db';
import { readList, replaceStoredList, storedList } from '@/lib/background/do-not-enrich';
import { checkFindings } from '@/lib/background/findings-check';
import { createFindingsStore } from '@/lib/background/findings-store';
import { clearHistory, exportStored, forgetInItems, forgetSubject } from '@/lib/background/forget';
import { createLists } from '@/lib/background/lists/runner';
import type { EmailLookupRequest, Findings } from '@/lib/background/messages';
import {
  CONTENT_SCRIPT_MESSAGES,
  type MessageData,
  type MessageType,
  messageCheckers,
  type PublicSettings,
} from '@/lib/background/messages';
import { addRecent, clearRecent, listRecent, removeRecent } from '@/lib/background/recent';
import { expireOld, RETENTION_ALARM, RETENTION_PERIOD_MINUTES } from '@/lib/background/retention';
import { createService } from '@/lib/background/service';
import { checkSettingsPatch } from '@/lib/background/settings-schema';
import { createSettingsStore } from '@/lib/background/settings-store';
import { createWorkAlarm } from '@/lib/background/work-alarm';
import { type EmailMenuItem, emailFromMenuClick, selectionExcerpt } from '@/lib/email-selection';
import { onMessage } from '@/lib/messenger';
import { openListsPage } from '@/lib/open-lists';
import { paramsFor } from '@/lib/profile-params';
import { enrichRequestOf } from '@/lib/profiles';
import type { ProtocolMap } from '@/lib/protocol';
import { formatQuote } from '@/lib/quote-format';
import { createPageScanning } from '@/lib/scan-permission';
import {
  apiOrigins,
  E2E_RATE_ITEM_KEY,
  EMAIL_LOOKUP_ITEM_KEY,
  findingsItemKey,
  isConfigured,
  progressItemKey,
  type Settings,
} from '@/lib/settings';

export default defineBackground(() => {
  const { getSettings, updateSettings } = createSettingsStore(openDb);
  const service = createService({
    db: openDb,
    settings: getSettings,
    client: (settings, pace) =>
      createClient({
        apiKey: settings.apiKey,
        baseUrlV2: settings.baseUrlV2,
        baseUrlV3: settings.baseUrlV3,
        pace,
      }),
    hasApiPermission: (origins) => browser.permissions.contains({ origins }),
    // A streamed answer's rows so far, for the page that asked (it watches this key).
    onProgress: (requestId, progress) => {
      const key = progressItemKey(requestId);
      void (progress ? storage.setItem(key, progress) : storage.removeItem(key));
    },
    // The e2e sandbox answers within seconds: its interrupted calls settle sooner than the real
    // service's (lib/background/service.ts SETTLE_AFTER_MS), so tests can wait for the final figure.
    ...(import.meta.env.MODE === 'e2e' ? { settleAfterMs: 8_000 } : {}),
  });

  // "Found on this page" batches run here, not in the page that started them (lib/background/batches.ts).
  const batches = createBatches({ db: openDb, service, newId: () => crypto.randomUUID() });

  // Lists (entrypoints/lists) run here too, as journaled jobs of their own (lib/background/lists/runner.ts).
  const lists = createLists({
    db: openDb,
    service,
    ratePerMinute: async () => service.scheduler.state((await getSettings()).apiKey).ratePerMinute,
    newId: () => crypto.randomUUID(),
  });

  // Batches and lists go on with no page open: an alarm wakes a stopped worker while any runs
  // (lib/background/work-alarm.ts); they go on once the calls a stopped worker left are accounted for.
  const work = createWorkAlarm({
    alarms: browser.alarms,
    resume: async () => {
      await pendingSettled;
      const [batchCount, listCount] = await Promise.all([batches.resume(), lists.resume()]);
      return batchCount + listCount;
    },
    // Unpacked, Chrome fires alarms as often as asked: the end-to-end tests need not wait a minute.
    ...(import.meta.env.MODE === 'e2e' ? { periodInMinutes: 0.1 } : {}),
  });

  type MaybePromise<T> = T | Promise<T>;
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
    handler: (data: MessageData<T>, sender: Sender) => MaybePromise<ReturnType<ProtocolMap[T]>>,
  ): void {
    const schema = messageCheckers[type];
    onMessage(type, async (message) => {
      const sender: Sender = message.sender;
      const fromContentScript = !isExtensionPage(sender);
      if (fromContentScript && !CONTENT_SCRIPT_MESSAGES.includes(type)) {
        throw new Error(`"${type}" may only be sent by the extension's own pages`);
      }
      const parsed = schema.safeParse(message.data);
      if (!parsed.success) throw new Error(`Invalid "${type}" message: ${parsed.error.issues[0]?.message}`);
      return handler(parsed.data, sender);
    });
  }

  function stripHash(url: string | undefined): string | undefined {
    return url?.split('#')[0];
  }

  function publicSettings(settings: Settings): PublicSettings {
    const { apiKey, ...rest } = settings;
    return { ...rest, apiKeySet: apiKey !== '', apiKeyHint: apiKey.length > 4 ? apiKey.slice(-4) : '' };
  }

  const findingsStore = createFindingsStore();

  handle('findings.report', async (data, sender) => {
    const tabId = sender.tab?.id;
    const findings = checkFindings(data);
    // `sender.url` keeps a document's first URL after same-document navigations; the tab's is current.
    // Only the top frame speaks for its tab, and only about the page it is on: a report about
    // another URL (a late scan after navigation, or a forged one) is dropped, as is one refused whole.
    if (
      findings === null ||
      tabId === undefined ||
      sender.frameId !== 0 ||
      stripHash(sender.tab?.url ?? sender.url) !== stripHash(findings.pageUrl)
    )
      return;
    await findingsStore.save(tabId, findings);
  });

  handle('findings.get', async ({ tabId }) => storage.getItem(findingsItemKey(tabId)));

  handle('panel.open', async ({ tabId }) => {
    const [settings, findings] = await Promise.all([
      getSettings(),
      storage.getItem<Findings>(findingsItemKey(tabId)),
    ]);
    // The page's profile as the panel asks it first (lib/profile-params.ts, its default freshness).
    const request = findings?.page && isConfigured(settings) ? enrichRequestOf(findings.page) : null;
    const params =
      request &&
      paramsFor(request.endpointId, request.params, { freshness: settings.profileFreshness, included: [] });
    const pageView =
      request && params
        ? { endpointId: request.endpointId, params, view: await service.openView(request.endpointId, params) }
        : null;
    return { settings: publicSettings(settings), findings, pageView };
  });

  handle('quote', async (data) => {
    const { endpointId, params } = data;
    try {
      return { ok: true, quote: await service.quote(endpointId, params) };
    } catch (error) {
      return { ok: false, error: (error instanceof ApiError ? error : new ApiError('invalid')).toJSON() };
    }
  });

  handle('view.open', ({ endpointId, params }) => service.openView(endpointId, params));

  handle('run', (data) => service.run(data));

  handle('settings.get', async () => publicSettings(await getSettings()));

  handle('settings.save', async (data) => {
    const checked = checkSettingsPatch(data);
    if (!checked.ok) return checked;
    return { ok: true, settings: publicSettings(await updateSettings(checked.patch)) };
  });

  handle('connection.test', (data) => service.testConnection(data));

  handle('account.get', () => service.account());

  handle('batch.peek', (data) => batches.peek(data.requests));

  handle('batch.start', (data) => work.keepGoing(batches.start(data)));

  handle('batch.get', ({ tabId }) => batches.get(tabId));

  handle('batch.cancel', ({ batchId }) => batches.cancel(batchId));

  handle('list.quote', (data) => lists.quote(data.requests));

  handle('list.start', (data) => work.keepGoing(lists.start(data)));

  handle('list.state', ({ id, since }) => lists.state(id, since));

  handle('list.input', ({ id }) => lists.input(id));

  handle('list.all', () => lists.all());

  handle('list.control', ({ id, control }) => work.keepGoing(lists.control(id, control)));

  handle('list.retry', (data) => work.keepGoing(lists.retry(data)));

  handle('list.delete', async ({ id }) => {
    await lists.remove(id);
    return { ok: true };
  });

  handle('cache.clear', async () => {
    await clearCache(await openDb());
    return { ok: true };
  });

  // The popup's recent searches and lookups (lib/background/recent.ts): questions, not answers (those are cached).
  handle('recent.list', async () => listRecent(await openDb()));

  handle('recent.add', async (data) => {
    await addRecent(await openDb(), data, Date.now());
    return { ok: true };
  });

  handle('recent.remove', async (data) => {
    await removeRecent(await openDb(), data.id);
    return { ok: true };
  });

  handle('recent.clear', async () => {
    await clearRecent(await openDb());
    return { ok: true };
  });

  // The person's control over what is kept about others (lib/background/forget.ts).
  handle('forget', async (data) => {
    const { removed, known } = await forgetSubject(await openDb(), data.subject);
    // What the session holds names them too: a tab's findings, the menu's pending lookup, a stream's rows.
    const { remove, keep } = forgetInItems(await storage.snapshot('session'), known);
    await Promise.all([
      storage.removeItems(remove.map((key) => `session:${key}` as const)),
      ...Object.entries(keep).map(([key, value]) => storage.setItem(`session:${key}`, value)),
    ]);
    return { removed: removed + remove.length + Object.keys(keep).length };
  });

  handle('history.clear', async () => {
    await clearHistory(await openDb());
    return { ok: true };
  });

  handle('stored.export', async () => exportStored(await openDb(), { ...(await getSettings()) }));

  // Who must never be looked up (lib/background/do-not-enrich.ts): checked before every spend, from any way in.
  handle('doNotEnrich.get', async () => ({ entries: await storedList(await openDb()) }));

  handle('doNotEnrich.set', async (data) => {
    const { entries, unreadable } = readList(data.text);
    const db = await openDb();
    await replaceStoredList(db, entries);
    return { entries: await storedList(db), unreadable };
  });

  // Pages outside the networks' hosts: scanned on request, or always with the optional permission.
  const pageScanning = createPageScanning({ permissions: browser.permissions, scripting: browser.scripting });

  handle('tab.scan', ({ tabId }) => pageScanning.scanTab(tabId));

  handle('scanEverySite.get', async () => ({ enabled: await pageScanning.reconcile() }));

  handle('scanEverySite.set', async (data) => {
    if (data.enabled) {
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
    void findingsStore.remove(tabId);
  });
  // Same-document navigations (single-page sites) report only `status: loading` here, without
  // `change.url`, so compare the tab's URL with the one the findings were made on.
  browser.tabs.onUpdated.addListener(async (tabId, change, tab) => {
    const url = change.url ?? tab.url;
    if (!url || (!change.url && change.status !== 'loading')) return;
    const key = findingsItemKey(tabId);
    const findings = await storage.getItem<{ pageUrl: string }>(key);
    if (findings && stripHash(findings.pageUrl) !== stripHash(url)) await findingsStore.remove(tabId);
  });

  // The toolbar button opens the popup (entrypoints/popup: searches, lookups, recent), whose first
  // button opens the panel beside the page (Chrome's side panel, Firefox's sidebar) in the person's
  // click. Opening the popup grants activeTab, which "Scan this page" needs, as the toolbar click
  // did before: the page can be scanned after the popup opened on it.
  // `openPanelOnActionClick` would skip the popup; it is reset in case an earlier version set it.
  // biome-ignore lint/suspicious/noExplicitAny: sidePanel and sidebarAction are each typed in one browser only
  const api = browser as any;
  if (api.sidePanel?.open) void api.sidePanel.setPanelBehavior?.({ openPanelOnActionClick: false });

  // The context menu's email lookup, on a selection and on mailto: links, with its cost in the
  // title. The panel opens in the click itself (it needs the person's gesture), then the address is
  // taken out of what was clicked and looked up under the person's settings and budget; the panel
  // shows it from EMAIL_LOOKUP_ITEM_KEY (entrypoints/sidepanel/email-lookup/EmailLookupSection.tsx).
  const EMAIL_MENU = { selection: 'lookup-email-selection', link: 'lookup-email-link' } as const;
  /** What the e2e build exposes to its tests on `globalThis.__test` (never in other builds). */
  const testHooks = () => {
    const scope = globalThis as { __test?: Record<string, unknown> };
    scope.__test ??= {};
    return scope.__test;
  };
  /** Deep finds work addresses too (the spec recommends it for them); enriched, so the panel shows the person. */
  const MENU_LOOKUP_PARAMS = { lookup_depth: 'deep', enrich_profile: 'enrich' } as const;

  /** The toolbar button's own menu (right-click on it): the lists page, which has no other door there. */
  const LISTS_MENU = 'open-lists';

  async function createMenus(): Promise<void> {
    await browser.contextMenus.removeAll();
    let cost = '';
    try {
      // The quote does not depend on the address; any valid one will do.
      const quote = await service.quote('email.lookup', { ...MENU_LOOKUP_PARAMS, email: 'name@example.com' });
      cost = ` · ${formatQuote(quote)}`;
    } catch (error) {
      console.warn('Could not quote the email lookup for its menu title', error);
    }
    const menus: Parameters<typeof browser.contextMenus.create>[0][] = [
      { id: EMAIL_MENU.selection, title: `Look up email “%s”${cost}`, contexts: ['selection'] },
      {
        id: EMAIL_MENU.link,
        title: `Look up this email address${cost}`,
        contexts: ['link'],
        targetUrlPatterns: ['mailto:*'],
      },
    ];
    for (const menu of menus) browser.contextMenus.create(menu);
    browser.contextMenus.create({
      id: LISTS_MENU,
      title: 'Enrich a list…',
      // MV2 (Firefox) names the toolbar button's menu `browser_action`.
      contexts: [import.meta.env.MANIFEST_VERSION === 2 ? 'browser_action' : 'action'],
    });
    // The browser cannot be asked for a menu's title; the end-to-end tests read what was created.
    if (import.meta.env.MODE === 'e2e') testHooks().emailMenus = menus;
  }

  /** Opens the panel in the window clicked in; must run before any await of the click. */
  function openPanelNow(tab: { id?: number; windowId?: number } | undefined): void {
    const failed = (error: unknown) => console.warn('Could not open the side panel', error);
    try {
      if (api.sidePanel?.open) {
        const target =
          tab?.windowId !== undefined && tab.windowId >= 0
            ? { windowId: tab.windowId }
            : tab?.id !== undefined
              ? { tabId: tab.id }
              : null;
        if (target) Promise.resolve(api.sidePanel.open(target)).catch(failed);
      } else if (api.sidebarAction?.open) {
        Promise.resolve(api.sidebarAction.open()).catch(failed);
      }
    } catch (error) {
      failed(error);
    }
  }

  /**
   * The pending lookup must be written, or the panel could not join the call that spends: should the
   * session area be full, the tabs' findings (which their pages report again) make room for it.
   */
  async function keepMenuLookup(request: EmailLookupRequest): Promise<void> {
    try {
      await storage.setItem(EMAIL_LOOKUP_ITEM_KEY, request);
    } catch (error) {
      console.warn('The session area is full: dropping the tabs’ findings for the menu’s lookup', error);
      await findingsStore.clear();
      await storage.setItem(EMAIL_LOOKUP_ITEM_KEY, request);
    }
  }

  async function lookUpMenuEmail(
    item: EmailMenuItem,
    info: { selectionText?: string; linkUrl?: string },
  ): Promise<void> {
    const found = emailFromMenuClick(item, info);
    const { email } = found;
    const request: EmailLookupRequest = {
      requestId: crypto.randomUUID(),
      email,
      selection: selectionExcerpt(info.selectionText ?? info.linkUrl ?? ''),
      params: email ? { ...MENU_LOOKUP_PARAMS, email } : null,
      ...(found.email === null && found.why === 'several' ? { several: found.addresses } : {}),
      at: Date.now(),
    };
    await keepMenuLookup(request);
    // No address: nothing is asked of the service, nothing spent; the panel says why.
    if (!request.params) return;
    // The panel asks `run` with the same request id: it joins this call or reads its answer.
    await service.run({
      requestId: request.requestId,
      endpointId: 'email.lookup',
      params: request.params,
      policy: 'cache-first',
    });
  }

  function onContextMenuClick(
    info: { menuItemId: string | number; selectionText?: string; linkUrl?: string },
    tab?: { id?: number; windowId?: number },
  ): Promise<void> {
    if (info.menuItemId === LISTS_MENU) {
      openListsPage();
      return Promise.resolve();
    }
    if (info.menuItemId !== EMAIL_MENU.selection && info.menuItemId !== EMAIL_MENU.link)
      return Promise.resolve();
    openPanelNow(tab);
    return lookUpMenuEmail(info.menuItemId === EMAIL_MENU.selection ? 'selection' : 'link', info);
  }

  browser.contextMenus.onClicked.addListener((info, tab) => {
    onContextMenuClick(info, tab).catch((error) => console.warn('The email lookup failed', error));
  });
  // Real menus are native UI: the end-to-end tests call the click handler itself.
  if (import.meta.env.MODE === 'e2e') testHooks().onContextMenuClick = onContextMenuClick;

  // End-to-end tests slow the scheduler down to watch a batch row by row (kept for the session, so
  // a worker that restarts keeps it).
  if (import.meta.env.MODE === 'e2e') {
    testHooks().setRatePerMinute = async (rate: number) => {
      service.scheduler.setCeiling(rate);
      await storage.setItem(E2E_RATE_ITEM_KEY, rate);
    };
    void storage.getItem<number>(E2E_RATE_ITEM_KEY).then((rate) => {
      if (rate) service.scheduler.setCeiling(rate);
    });
  }

  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void browser.runtime.openOptionsPage();
  });
  // Chrome (MV3) stores the menus made at install with the add-on, past the worker's stops and
  // browser restarts. Firefox's MV2 background page keeps none past its own life, and after the
  // add-on was disabled and enabled no event says to make them again (neither onInstalled nor
  // onStartup; test/e2e-firefox/sidebar.test.ts): there they are made each time the page starts.
  if (import.meta.env.MANIFEST_VERSION === 2) void createMenus();
  else browser.runtime.onInstalled.addListener(() => void createMenus());

  // What is kept about others expires after the person's retention period, even with no page open.
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name !== RETENTION_ALARM) return;
    void getSettings()
      .then(async (settings) =>
        expireOld(await openDb(), { now: Date.now(), retentionDays: settings.retentionDays }),
      )
      .catch((error) => console.warn('Could not remove expired data', error));
  });
  void browser.alarms.get(RETENTION_ALARM).then((alarm) =>
    alarm
      ? undefined
      : browser.alarms.create(RETENTION_ALARM, {
          delayInMinutes: 1,
          periodInMinutes: RETENTION_PERIOD_MINUTES,
        }),
  );

  // Calls a previous worker left in flight lost their answers: what they cost is read from the
  // balance, and only those certainly not charged are sent again (never paid twice: see
  // lib/background/service.ts). Then the batches and lists a previous worker was running go on.
  const pendingSettled = service
    .resumePendingJobs()
    .catch((error) => console.warn('Could not account for the calls a stopped worker left', error));
  void work.resumeWork().catch((error) => console.warn('Could not resume the batches and lists', error));
  browser.alarms.onAlarm.addListener(work.onAlarm);
  // Alarms may not outlive a browser restart: this listener has the browser start the worker then,
  // and a worker that starts resumes what was running.
  browser.runtime.onStartup.addListener(() => {});
});
