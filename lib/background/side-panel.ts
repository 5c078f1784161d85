/**
 * The panel beside the page: Chrome's side panel, Firefox's sidebar. The toolbar button opens the
 * popup (entrypoints/popup: searches, lookups, recent), whose first button opens the panel in the
 * person's click.
 */
import { browser } from 'wxt/browser';

// biome-ignore lint/suspicious/noExplicitAny: sidePanel and sidebarAction are each typed in one browser only
const api = browser as any;

/**
 * Opening the popup grants activeTab, which "Scan this page" needs, as the toolbar click did
 * before: the page can be scanned after the popup opened on it. `openPanelOnActionClick` would skip
 * the popup; it is reset in case an earlier version set it.
 */
export function keepPopupOnToolbarClick(): void {
  if (api.sidePanel?.open) void api.sidePanel.setPanelBehavior?.({ openPanelOnActionClick: false });
}

/** Opens the panel in the window clicked in; must run before any await of the click. */
export function openPanelNow(tab: { id?: number; windowId?: number } | undefined): void {
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
