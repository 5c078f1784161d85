/**
 * What the Changes page needs from the browser, in one object, so its views can be tested with a
 * stand-in (test/unit/entrypoints/changes/): asking the background, and saving files (a watch list's
 * members as the lists page saves a list; the changes as CSV or JSON).
 */
import type { Ask } from '@/lib/ask-background';
import type { RecordedChange } from '@/lib/watch/change-export';

export interface ChangesBackend {
  ask: Ask;
  /** Saves a file the page made (a watch list's members: CSV with its byte order mark, JSON). */
  download: (fileName: string, parts: BlobPart[], type: string) => void;
  /** Saves the changes shown (lib/watch/change-export.ts). */
  saveChanges: (format: 'csv' | 'json', changes: readonly RecordedChange[]) => Promise<void>;
  /** How often the watch lists are read again (ms), while one runs and while none does (./useChanges.ts). */
  pollMs?: { running: number; idle: number };
}

/** Runs a person's action, says a failure, and reads the page again (App.tsx). */
export type Act = (action: () => Promise<unknown>) => Promise<void>;
