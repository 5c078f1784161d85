/**
 * What the lists page needs from the browser, in one object, so its views and hooks can be tested
 * with a stand-in (test/unit/entrypoints/lists/App.test.tsx): asking the background, and saving a file.
 */
import type { Ask } from '@/hooks/useQuotedAction';

export interface ListsBackend {
  ask: Ask;
  /** Saves a file the page made (CSV with its byte order mark, JSON, vCards). */
  download: (fileName: string, parts: BlobPart[], type: string) => void;
  /** A request id for one person action (lib/ask-background.ts): a watch's start. */
  newRequestId: () => string;
  /** Opens the Changes page (watch lists and what changed) in a tab. */
  openChanges: () => void;
  /** How often a running list is polled (ms). */
  pollMs?: number;
}
