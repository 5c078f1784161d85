/**
 * The recorded changes as files: CSV through lib/csv.ts (formula-safe; `downloadCsv` adds the byte
 * order mark that makes spreadsheets read it as UTF-8) and JSON. One row a change, in the order given
 * (the changes page's: newest first), with its sentence (./change-words) beside its parts.
 */
import { type CsvColumn, csvFileName, downloadCsv, rowsToCsv } from '../csv';
import { downloadFile } from '../download';
import { CHANGE_KIND_LABELS, changeWords } from './change-words';
import type { Change } from './changes';

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
  change: Change;
}

/** How much a count changed, signed; null for a change of text. */
function difference(change: Change): number | null {
  return 'by' in change ? change.by : null;
}

const COLUMNS: readonly CsvColumn<RecordedChange>[] = [
  { header: 'Seen at', value: (row) => new Date(row.seenAt).toISOString() },
  { header: 'Watch list', value: (row) => row.watchList },
  { header: 'Name', value: (row) => row.name },
  { header: 'Profile URL', value: (row) => row.url },
  { header: 'Change', value: (row) => CHANGE_KIND_LABELS[row.change.kind] },
  { header: 'Before', value: (row) => row.change.before },
  { header: 'After', value: (row) => row.change.after },
  { header: 'Difference', value: (row) => difference(row.change) },
  { header: 'Summary', value: (row) => changeWords(row.name, row.change) },
];

/** The changes as CSV text: a header line, then one line a change (no byte order mark: see below). */
export function changesCsv(changes: readonly RecordedChange[]): Promise<string> {
  return rowsToCsv(COLUMNS, changes);
}

/**
 * The changes as JSON text: one object a change, with its kind as the code (`job`, `employees`…),
 * its time as ISO 8601, before and after as recorded (counts stay numbers) and its sentence.
 */
export function changesJson(changes: readonly RecordedChange[]): string {
  return JSON.stringify(
    changes.map((row) => ({
      seenAt: new Date(row.seenAt).toISOString(),
      watchList: row.watchList,
      name: row.name,
      url: row.url,
      kind: row.change.kind,
      before: row.change.before,
      after: row.change.after,
      difference: difference(row.change),
      summary: changeWords(row.name, row.change),
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
