/**
 * CSV export of rows a view shows (search results, listings), with papaparse: one column per
 * shown column, in the same order, each cell the same text. Generic: a view passes its columns
 * (a header and how to read the cell) and its rows; the side panel's lists reuse it.
 *
 * Cells a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return,
 * whatever follows, line breaks included) are prefixed with a single quote: a profile's headline is
 * data, never a command. Nothing else is changed.
 */
import type Papa from 'papaparse';
import { downloadFile } from './download';

/**
 * papaparse is loaded when a person exports (or the lists page reads a file), not with the page:
 * it is most of a page's budget that only an export needs (about 7 kB gzipped).
 */
let papaparse: Promise<typeof Papa> | undefined;
export const loadPapaparse = () => {
  papaparse ??= import('papaparse').then((module) => module.default);
  return papaparse;
};

/**
 * A cell a spreadsheet would run, by its first character alone. papaparse's own `escapeFormulae: true`
 * is `/^[=+\-@\t\r].*$/`, which misses a cell with a line break after that character.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A phone number and nothing else: a spreadsheet reading it as a formula adds digits and runs nothing. */
const PLAIN_PHONE = /^\+[\d ().-]+$/;

export interface CsvColumn<Row> {
  header: string;
  /** The cell's text; null or undefined is an empty cell. */
  value: (row: Row) => string | number | null | undefined;
  /**
   * The column holds phone numbers for an importer (the CRM presets): a plain number such as
   * `+44 20 7946 0000` is written as it is, since a CRM would keep the quote as part of the number.
   */
  phone?: boolean;
}

/**
 * The text a spreadsheet will not run: a quote before a formula's first character. A number is
 * data (-56 is minus fifty-six), as papaparse's own escapeFormulae leaves it.
 */
function neutralised(value: string | number, phone = false): string | number {
  if (typeof value !== 'string' || !FORMULA_START.test(value) || (phone && PLAIN_PHONE.test(value)))
    return value;
  return `'${value}`;
}

/** The rows as CSV text: a header line, then one line per row (CRLF line ends, RFC 4180). */
export async function rowsToCsv<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
): Promise<string> {
  const Papa = await loadPapaparse();
  return Papa.unparse(
    {
      fields: columns.map((column) => String(neutralised(column.header))),
      data: rows.map((row) => columns.map((column) => neutralised(column.value(row) ?? '', column.phone))),
    },
    { newline: '\r\n' },
  );
}

/**
 * A file name for an export: `<prefix>-YYYY-MM-DD-HHMM.csv` in local time, e.g.
 * `person-search-2026-11-23-0915.csv`.
 */
export function csvFileName(prefix: string, at: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}`;
  return `${prefix}-${stamp}.csv`;
}

/**
 * Saves CSV text as a file through the page's own download (no `downloads` permission needed). A
 * byte order mark goes first so spreadsheet programs read it as UTF-8.
 */
export function downloadCsv(fileName: string, csv: string, doc: Document = document): void {
  downloadFile(fileName, ['\uFEFF', csv], 'text/csv;charset=utf-8', doc);
}

/** Exports the rows a view shows as `<prefix>-<date>.csv`: the one call a view's Export button makes. */
export async function exportRowsAsCsv<Row>(
  prefix: string,
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
  doc: Document = document,
): Promise<void> {
  downloadCsv(csvFileName(prefix), await rowsToCsv(columns, rows), doc);
}
