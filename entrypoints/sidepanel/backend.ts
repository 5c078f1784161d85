/**
 * The side panel's backend, wired to the real browser: messages go to the background, the tab shown
 * is the active tab of the panel's window, and findings and settings are followed in storage.
 * Which tab it shows is ./first-look.ts `shownTab`.
 */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { WatchProgress } from '@/hooks/useRunProgress';
import { askBackground, newRequestId } from '@/lib/ask-background';
import { openChangesPage } from '@/lib/open-changes';
import { openListsPage } from '@/lib/open-lists';
import type { RunProgress } from '@/lib/protocol';
import { findingsItemKey, progressItemKey, settingsItem } from '@/lib/settings';
import type { PanelBackend } from './App';
import { shownTab } from './first-look';

/**
 * A streamed answer's rows so far, as the background keeps them in session storage: the value
 * already there, then every write, until unsubscribed. A write that arrives before the first read
 * answers wins over it, so an older value never replaces a newer one.
 */
const watchProgress: WatchProgress = (requestId, listener) => {
  const key = progressItemKey(requestId);
  let written = false;
  let live = true;
  const stop = storage.watch<RunProgress>(key, (value) => {
    written = true;
    if (live) listener(value ?? null);
  });
  void storage.getItem<RunProgress>(key).then((value) => {
    if (live && !written && value) listener(value);
  });
  return () => {
    live = false;
    stop();
  };
};

export function panelBackend(pinned: number | null): PanelBackend & { watchProgress: WatchProgress } {
  return {
    ask: askBackground,
    newRequestId,
    currentTab: () => shownTab(pinned),
    onTabSwitch(listener) {
      if (pinned !== null) return () => {};
      const panelWindow = browser.windows.getCurrent().then((window) => window.id);
      const onActivated = ({ tabId, windowId }: { tabId: number; windowId: number }) => {
        // Every window has its own panel; each follows its own window's tabs.
        void panelWindow.then((id) => {
          if (id === windowId) listener(tabId);
        });
      };
      browser.tabs.onActivated.addListener(onActivated);
      return () => browser.tabs.onActivated.removeListener(onActivated);
    },
    watchFindings: (tabId, listener) => storage.watch(findingsItemKey(tabId), () => listener()),
    onSettingsChange: (listener) => settingsItem.watch(() => listener()),
    openOptions: () => void browser.runtime.openOptionsPage(),
    openLists: openListsPage,
    openChanges: openChangesPage,
    // The sections under a company or school follow a streamed listing's rows (hooks/useRunProgress).
    watchProgress,
    // In the person's click ("Copy as JSON"), which the clipboard requires.
    copyText: (text) => navigator.clipboard.writeText(text),
  };
}
