/**
 * Mounts the toolbar popup, wired to the real browser: messages go to the background; the side
 * panel (Firefox: the sidebar) opens in the person's click, which is the user gesture it needs;
 * a profile is shown by opening its page in a new tab beside the panel, which follows the active
 * tab; CSV files are saved through the page; a streamed answer's rows are followed in session
 * storage (lib/settings.ts progressItemKey).
 */
import { render } from 'preact';
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import '@/components/theme.css';
import '@/components/profile/profile.css';
import '@/components/results/sections.css';
import '@/components/watch/watch.css';
import './popup.css';
import { safeHttpUrl } from '@/components/safe-url';
import { askBackground, newRequestId } from '@/lib/ask-background';
import { downloadCsv } from '@/lib/csv';
import { openChangesPage } from '@/lib/open-changes';
import { openListsPage } from '@/lib/open-lists';
import type { RunProgress } from '@/lib/protocol';
import { progressItemKey } from '@/lib/settings';
import { PopupApp } from './App';
import type { PopupBackend } from './backend';

// biome-ignore lint/suspicious/noExplicitAny: sidePanel and sidebarAction are each typed in one browser only
const api = browser as any;

/** The popup's window, read at once: in the click, `sidePanel.open` must come before any await. */
let windowId: number | undefined;
void browser.windows.getCurrent().then((current) => {
  windowId = current.id;
});

function openSidePanel(): void {
  const failed = (error: unknown) => console.warn('Could not open the side panel', error);
  try {
    if (api.sidePanel?.open) {
      if (windowId !== undefined) Promise.resolve(api.sidePanel.open({ windowId })).catch(failed);
      else
        void browser.windows
          .getCurrent()
          .then((current) => api.sidePanel.open({ windowId: current.id }))
          .catch(failed);
    } else if (api.sidebarAction?.open) {
      Promise.resolve(api.sidebarAction.open()).catch(failed);
    }
  } catch (error) {
    failed(error);
  }
}

const backend: PopupBackend = {
  ask: askBackground,
  newRequestId,
  openSidePanel,
  showInSidePanel(url) {
    const safe = safeHttpUrl(url);
    if (!safe) return;
    openSidePanel();
    void browser.tabs.create({ url: safe, active: true });
  },
  openOptions: () => void browser.runtime.openOptionsPage(),
  openLists: openListsPage,
  openChanges: openChangesPage,
  download: (fileName, csv) => downloadCsv(fileName, csv),
  watchProgress: (requestId, listener) => {
    const key = progressItemKey(requestId);
    void storage.getItem<RunProgress>(key).then((value) => listener(value ?? null));
    return storage.watch<RunProgress>(key, (value) => listener(value ?? null));
  },
};

const root = document.getElementById('app');
if (root) render(<PopupApp backend={backend} />, root);
