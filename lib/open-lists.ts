/**
 * The lists page (entrypoints/lists), opened in a tab of its own from the popup, the side panel and
 * the toolbar button's menu.
 */
import { browser } from 'wxt/browser';

export function openListsPage(): void {
  void browser.tabs.create({ url: browser.runtime.getURL('/lists.html'), active: true });
}
