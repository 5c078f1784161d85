/**
 * The browser's own UI, wired by the background: a tab's findings live as long as its page; the
 * toolbar button, the context menu, and the page a new install opens.
 */
import { browser } from 'wxt/browser';
import { createContextMenus } from './context-menus';
import { testHooks } from './e2e-hooks';
import type { createFindingsStore } from './findings-store';
import { forgetLeftPage } from './routes/findings';
import type { createService } from './service';
import { keepPopupOnToolbarClick } from './side-panel';

export function wireBrowserUi(
  service: ReturnType<typeof createService>,
  findingsStore: ReturnType<typeof createFindingsStore>,
): void {
  // A tab's findings belong to the page it showed: forget them when it closes or navigates away.
  browser.tabs.onRemoved.addListener((tabId) => {
    void findingsStore.remove(tabId);
  });
  browser.tabs.onUpdated.addListener((tabId, change, tab) =>
    forgetLeftPage(findingsStore, tabId, change, tab),
  );

  const { createMenus, onContextMenuClick } = createContextMenus({ service, findingsStore });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    onContextMenuClick(info, tab).catch((error) => console.warn('The email lookup failed', error));
  });
  // Real menus are native UI: the end-to-end tests call the click handler itself.
  if (import.meta.env.MODE === 'e2e') testHooks().onContextMenuClick = onContextMenuClick;
  // Chrome (MV3) stores the menus made at install with the add-on, past the worker's stops and
  // browser restarts. Firefox's MV2 background page keeps none past its own life, and after the
  // add-on was disabled and enabled no event says to make them again (neither onInstalled nor
  // onStartup; test/e2e-firefox/sidebar.test.ts): there they are made each time the page starts.
  if (import.meta.env.MANIFEST_VERSION === 2) void createMenus();
  else browser.runtime.onInstalled.addListener(() => void createMenus());
  keepPopupOnToolbarClick();
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void browser.runtime.openOptionsPage();
  });
}
