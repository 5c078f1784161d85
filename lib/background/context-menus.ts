/**
 * The context menus. The email lookup, on a selection and on mailto: links, with its cost in the
 * title: the panel opens in the click itself (it needs the person's gesture), then the address is
 * taken out of what was clicked and looked up under the person's settings and budget; the panel
 * shows it from EMAIL_LOOKUP_ITEM_KEY (entrypoints/sidepanel/email-lookup/EmailLookupSection.tsx).
 * And the toolbar button's own menu (right-click on it): the lists page, which has no other door there.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { type EmailMenuItem, emailFromMenuClick, selectionExcerpt } from '../email-selection';
import { openListsPage } from '../open-lists';
import { formatQuote } from '../quote-format';
import { EMAIL_LOOKUP_ITEM_KEY } from '../settings';
import { testHooks } from './e2e-hooks';
import type { FindingsStore } from './findings-store';
import type { EmailLookupRequest } from './messages';
import type { EnrichmentService } from './service';
import { openPanelNow } from './side-panel';

const EMAIL_MENU = { selection: 'lookup-email-selection', link: 'lookup-email-link' } as const;
/** Deep finds work addresses too (the spec recommends it for them); enriched, so the panel shows the person. */
const MENU_LOOKUP_PARAMS = { lookup_depth: 'deep', enrich_profile: 'enrich' } as const;
const LISTS_MENU = 'open-lists';

export interface ContextMenuDeps {
  service: EnrichmentService;
  findingsStore: FindingsStore;
}

export function createContextMenus({ service, findingsStore }: ContextMenuDeps) {
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

  return { createMenus, onContextMenuClick };
}
