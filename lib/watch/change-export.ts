/**
 * The recorded changes as files: CSV through lib/csv.ts (formula-safe; `downloadCsv` adds the byte
 * order mark that makes spreadsheets read it as UTF-8) and JSON. One row an entry of the changes
 * page, in the order given (newest first): a person's event (./events.ts) with its kind, its own
 * change's before and after, its certainty and evidence; or a company's change. Each with its
 * sentence (./change-words.ts) beside its parts.
 */
import { type CsvColumn, csvFileName, downloadCsv, rowsToCsv } from '../csv';
import { downloadFile } from '../download';
import {
  CHANGE_KIND_LABELS,
  changeWords,
  EVENT_KIND_LABELS,
  eventWords,
  positionWords,
  UNCERTAIN_WORDS,
  uncertainWords,
} from './change-words';
import type { Change } from './changes';
import type { PersonEvent, PositionEvidence } from './events';

/** A change as a watch recorded it. */
export interface RecordedChange {
  /** The person's or company's name (the newer answer's). */
  name: string;
  /** The watched profile's address. */
  url: string;
  /** The watch list it was seen by. */
  watchList: string;
  /** When the run that saw it compared the answers (milliseconds since the epoch). */
  seenAt: number;
  /** The change: a company's, or the person's event's own. */
  change: Change;
  /** A person's event, with its evidence; null for a company's change. */
  event: PersonEvent | null;
}

/** How much a count changed, signed; null for a change of text. */
function difference(change: Change): number | null {
  return 'by' in change ? change.by : null;
}

function summary(row: RecordedChange): string {
  return row.event ? eventWords(row.name, row.event) : changeWords(row.name, row.change);
}

/** Positions in one cell, one a line: `CTO at Difference Co. (from 2026-11-01, no end date)`. */
function positionsCell(positions: readonly PositionEvidence[] | undefined): string {
  return (positions ?? []).map(positionWords).join('\n');
}

const COLUMNS: readonly CsvColumn<RecordedChange>[] = [
  { header: 'Seen at', value: (row) => new Date(row.seenAt).toISOString() },
  { header: 'Watch list', value: (row) => row.watchList },
  { header: 'Name', value: (row) => row.name },
  { header: 'Profile URL', value: (row) => row.url },
  {
    header: 'Change',
    value: (row) => (row.event ? EVENT_KIND_LABELS[row.event.kind] : CHANGE_KIND_LABELS[row.change.kind]),
  },
  { header: 'Before', value: (row) => row.change.before },
  { header: 'After', value: (row) => row.change.after },
  { header: 'Difference', value: (row) => difference(row.change) },
  { header: 'Certain', value: (row) => (row.event?.uncertain.length ? 'no' : 'yes') },
  { header: 'Uncertain because', value: (row) => (row.event ? uncertainWords(row.event) : null) },
  { header: 'Positions before', value: (row) => positionsCell(row.event?.evidence.before) },
  { header: 'Positions after', value: (row) => positionsCell(row.event?.evidence.after) },
  { header: 'Summary', value: summary },
];

/** The changes as CSV text: a header line, then one line a change (no byte order mark: see below). */
export function changesCsv(changes: readonly RecordedChange[]): Promise<string> {
  return rowsToCsv(COLUMNS, changes);
}

/**
 * The changes as JSON text: one object an entry, with its kind as the code (`moved`, `employees`…),
 * its time as ISO 8601, its own change's before and after as recorded (counts stay numbers), whether
 * it is certain (a company's change always is) and why not, and its sentence; a person's event adds
 * every change it holds and its evidence as the service gave it.
 */
export function changesJson(changes: readonly RecordedChange[]): string {
  return JSON.stringify(
    changes.map((row) => ({
      seenAt: new Date(row.seenAt).toISOString(),
      watchList: row.watchList,
      name: row.name,
      url: row.url,
      kind: row.event ? row.event.kind : row.change.kind,
      before: row.change.before,
      after: row.change.after,
      difference: difference(row.change),
      certain: !row.event?.uncertain.length,
      uncertain: (row.event?.uncertain ?? []).map((reason) => ({ reason, words: UNCERTAIN_WORDS[reason] })),
      ...(row.event && { changes: row.event.changes, evidence: row.event.evidence }),
      summary: summary(row),
    })),
    null,
    2,
  );
}

/** `changes-2026-11-27-0915.csv` / `.json`. */
function changesFileName(extension: 'csv' | 'json', at: Date): string {
  return csvFileName('changes', at).replace(/\.csv$/, `.${extension}`);
}

/** Saves the changes as a CSV file, UTF-8 with a byte order mark: the page's Export CSV. */
export async function downloadChangesCsv(
  changes: readonly RecordedChange[],
  doc: Document = document,
  at: Date = new Date(),
): Promise<void> {
  downloadCsv(changesFileName('csv', at), await changesCsv(changes), doc);
}

/** Saves the changes as a JSON file: the page's Export JSON. */
export function downloadChangesJson(
  changes: readonly RecordedChange[],
  doc: Document = document,
  at: Date = new Date(),
): void {
  downloadFile(changesFileName('json', at), [changesJson(changes)], 'application/json', doc);
}
