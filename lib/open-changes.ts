/**
 * The Changes page (entrypoints/changes): what changed about the people and companies watched, and
 * the watch lists. Opened in a tab of its own from the popup, the side panel and the lists page, as
 * the lists page is (./open-lists.ts).
 */
import { browser } from 'wxt/browser';

export function openChangesPage(): void {
  void browser.tabs.create({ url: browser.runtime.getURL('/changes.html'), active: true });
}
