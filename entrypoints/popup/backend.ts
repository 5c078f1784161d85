/**
 * What the popup needs from the browser, in one object, so the views and hooks can be tested with a
 * stand-in (test/unit/entrypoints/popup/): asking the background, opening the side panel in the
 * person's click, opening a profile's page beside it, the options page, saving a file, and
 * following a streamed answer's rows.
 */
import type { Ask } from '@/hooks/useQuotedAction';
import type { WatchProgress } from '@/hooks/useRunProgress';

export interface PopupBackend {
  ask: Ask;
  /** A request id for one person action (lib/ask-background.ts). */
  newRequestId: () => string;
  /** Opens the side panel (Firefox: the sidebar). Call it in the person's click, before any await. */
  openSidePanel: () => void;
  /** Opens an http(s) profile address in a new tab with the side panel beside it, which shows it. */
  showInSidePanel: (url: string) => void;
  openOptions: () => void;
  /** Opens the lists page in a tab. */
  openLists: () => void;
  /** Opens the Changes page (watch lists and what changed) in a tab. */
  openChanges: () => void;
  /** Saves CSV text as a file. */
  download: (fileName: string, csv: string) => void;
  watchProgress?: WatchProgress;
}
