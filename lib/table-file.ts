/**
 * A list's file as text, then as a table. Files come from spreadsheets as well as from other tools:
 * UTF-8 with or without a byte order mark, Excel's "Unicode text" (UTF-16 with a mark), and older
 * exports in Windows-1252; commas, semicolons (Excel where the decimal mark is a comma), tabs or
 * pipes; quoted cells with line breaks inside; a few lines of notes before the header (LinkedIn's
 * connections export). papaparse reads the table (loaded with the first file, not with the page).
 *
 * A file is held to its kind's limits (lib/list-limits.ts) while it is read: its size before its
 * bytes are, its rows and columns and cells as papaparse hands them over one row at a time, so a
 * file too large is refused before anything is padded, mapped or quoted, whatever its shape.
 *
 * The encoding is detected, never switched behind the person's back: a file whose bytes are UTF-8
 * nowhere (no well-formed sequence of two bytes or more) and are all Windows-1252 is what Excel on
 * Windows saves as CSV, and is read so, the page saying it; a file that mixes well-formed UTF-8
 * with bytes UTF-8 does not allow could be either, so the first such byte is named with its row,
 * column and line, and the person chooses how the file is read.
 */
import { loadPapaparse } from './csv';
import { LIST_LIMITS } from './list-limits';

export type Encoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export const ENCODING_LABELS: { readonly [E in Encoding]: string } = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252 (Western European)',
  'utf-16le': 'UTF-16 (Excel’s Unicode text)',
  'utf-16be': 'UTF-16 big-endian',
};

export interface ParsedTable {
  columns: string[];
  /** Every cell as the file has it (spaces, tabs and line breaks kept: the exports give them back). */
  rows: string[][];
  delimiter: string;
  /** Lines before the header, not read as rows (notes an export puts first). */
  skippedLines: number;
}

/** A file's text, and where the first byte its encoding does not allow was (shown as U+FFFD). */
export interface DecodedText {
  text: string;
  encoding: Encoding;
  invalid: { at: number; byte: string | null } | null;
}

/** How many of the first bytes decide whether a file without a mark is UTF-16. */
const SNIFF_BYTES = 4096;

/** Rows before the header that may be notes (a header further down is not looked for). */
const PREAMBLE_ROWS = 10;

const count = (value: number) => value.toLocaleString('en-US');

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}

/** How large a file may be: a list's (lib/list-limits.ts), or a CRM reference's. */
type TableLimits = { readonly [L in 'fileBytes' | 'rows' | 'columns' | 'cell']: number };

/**
 * What a file is read as: its limits, and the words its messages name it and advise with (a list's
 * file is split into smaller ones; a CRM export is one reference, so it is exported smaller).
 */
export interface FileKind {
  limits: TableLimits;
  /** The file, in the size message: "a list file", "a CRM export". */
  file: string;
  /** Its table, in the others: "list" ("This list is empty", "a list can have at most"). */
  table: string;
  /** What to do about a file too large. */
  tooLarge: string;
  /** What to do about too many rows. */
  tooManyRows: string;
}

export const LIST_FILE: FileKind = {
  limits: LIST_LIMITS,
  file: 'a list file',
  table: 'list',
  tooLarge: 'Split it into smaller files.',
  tooManyRows: 'Split it into smaller files.',
};

/** The file as bytes: refused before it is read when it is larger than its kind can be. */
export async function readListBytes(file: Blob, kind: FileKind = LIST_FILE): Promise<Uint8Array> {
  checkFileSize(file.size, kind);
  return new Uint8Array(await file.arrayBuffer());
}

/** Throws the person's message when a file of `bytes` is larger than its kind can be. */
export function checkFileSize(bytes: number, kind: FileKind): void {
  if (bytes > kind.limits.fileBytes)
    throw new Error(
      `This file is ${megabytes(bytes)}: ${kind.file} can be at most ${megabytes(kind.limits.fileBytes)}. ${kind.tooLarge}`,
    );
}

/**
 * The encoding a file's bytes say they are in: a byte order mark, or zeros of UTF-16; then UTF-8,
 * unless not one sequence of the file is UTF-8 of two bytes or more and every byte is a
 * Windows-1252 character (Excel's CSV on Windows, an accented letter one byte that UTF-8 forbids).
 * A file that mixes the two stays UTF-8: its first stray byte is named and the person chooses.
 */
export function detectEncoding(bytes: Uint8Array): Encoding {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  // UTF-16 without a mark: text in Latin letters has a zero in every other byte.
  const sniffed = bytes.subarray(0, SNIFF_BYTES);
  let zerosEven = 0;
  let zerosOdd = 0;
  for (let index = 0; index < sniffed.length; index++) {
    if (sniffed[index] === 0) index % 2 === 0 ? zerosEven++ : zerosOdd++;
  }
  if (zerosOdd > sniffed.length / 4) return 'utf-16le';
  if (zerosEven > sniffed.length / 4) return 'utf-16be';
  if (markLength(bytes, 'utf-8') > 0) return 'utf-8';
  const { firstInvalid, multiByte } = scanUtf8(bytes);
  if (firstInvalid < 0 || multiByte) return 'utf-8';
  return bytes.some((byte) => WINDOWS_1252_UNDEFINED.has(byte)) ? 'utf-8' : 'windows-1252';
}

/**
 * The five bytes Windows-1252 leaves undefined. TextDecoder reads them as control characters, but
 * no Windows text holds them: a file with one is not Windows-1252, and the person is asked.
 */
const WINDOWS_1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/** How long the byte order mark of this encoding is at the start of these bytes (0 when none). */
function markLength(bytes: Uint8Array, encoding: Encoding): number {
  if (encoding === 'utf-8') return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if (encoding === 'utf-16le') return bytes[0] === 0xff && bytes[1] === 0xfe ? 2 : 0;
  if (encoding === 'utf-16be') return bytes[0] === 0xfe && bytes[1] === 0xff ? 2 : 0;
  return 0;
}

/**
 * Where the first byte that starts no well-formed UTF-8 sequence is (-1 when none), and whether a
 * well-formed sequence of two bytes or more is anywhere in the bytes (RFC 3629's table). A stray
 * byte is stepped over, one byte at a time, so the whole file is looked at.
 */
function scanUtf8(bytes: Uint8Array): { firstInvalid: number; multiByte: boolean } {
  let firstInvalid = -1;
  let multiByte = false;
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index]!;
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    const following = utf8SequenceLength(bytes, index) - 1;
    if (following > 0) {
      multiByte = true;
      if (firstInvalid >= 0) break;
      index += following + 1;
      continue;
    }
    if (firstInvalid < 0) firstInvalid = index;
    if (multiByte) break;
    index += 1;
  }
  return { firstInvalid, multiByte };
}

/** How many bytes the well-formed UTF-8 sequence at `index` has, or 0 when none starts there. */
function utf8SequenceLength(bytes: Uint8Array, index: number): number {
  const lead = bytes[index]!;
  if (lead < 0x80) return 1;
  let following: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) following = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    following = 2;
    if (lead === 0xe0) low = 0xa0;
    if (lead === 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    following = 3;
    if (lead === 0xf0) low = 0x90;
    if (lead === 0xf4) high = 0x8f;
  } else return 0;
  for (let next = 1; next <= following; next++) {
    const byte = bytes[index + next];
    const [min, max] = next === 1 ? [low, high] : [0x80, 0xbf];
    if (byte === undefined || byte < min || byte > max) return 0;
  }
  return following + 1;
}

const hex = (byte: number) => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * The text of a file's bytes in an encoding (the detected one unless the person chose another),
 * its own byte order mark dropped. Bytes the encoding does not allow are not read another way: the
 * first one's place is returned, and parseTable names its row.
 */
export function decodeBytes(bytes: Uint8Array, encoding: Encoding = detectEncoding(bytes)): DecodedText {
  const body = bytes.subarray(markLength(bytes, encoding));
  try {
    return { text: new TextDecoder(encoding, { fatal: true }).decode(body), encoding, invalid: null };
  } catch {
    const text = new TextDecoder(encoding).decode(body);
    if (encoding === 'utf-8') {
      const offset = scanUtf8(body).firstInvalid;
      const at = new TextDecoder('utf-8').decode(body.subarray(0, offset)).length;
      return { text, encoding, invalid: { at, byte: hex(body[offset]!) } };
    }
    // UTF-16: an odd byte at the end, or half of a pair.
    const at = text.indexOf('\uFFFD');
    return { text, encoding, invalid: { at: at < 0 ? text.length : at, byte: null } };
  }
}

/** Line breaks (CRLF, LF or CR alone) in the text before `end`. */
function linesBefore(text: string, end: number): number {
  let lines = 0;
  for (let index = 0; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === 10 || (code === 13 && text.charCodeAt(index + 1) !== 10)) lines += 1;
  }
  return lines;
}

/** A header names its columns: two or more cells, none of them an address, an email or a number. */
function looksLikeHeader(cells: readonly string[]): boolean {
  const filled = cells.map((cell) => cell.trim()).filter((cell) => cell !== '');
  return filled.length >= 2 && !filled.some((cell) => /@|:\/\/|^www\.|^[\d\s.,:/+-]+$/i.test(cell));
}

/** A record read: its cells, and where it starts in the text. */
interface FileRecord {
  cells: string[];
  start: number;
}

/**
 * Which record is the header: the first, unless it is one of a few rows of a single cell (notes)
 * followed by a row that looks like a header and is as wide as the row under it. A list of one
 * column keeps its first row.
 */
function headerIndex(records: readonly FileRecord[]): number {
  const limit = Math.min(records.length, PREAMBLE_ROWS + 1);
  for (let index = 0; index < limit; index++) {
    const { cells } = records[index]!;
    if (cells.filter((cell) => cell.trim() !== '').length < 2) continue;
    const under = records[index + 1];
    return looksLikeHeader(cells) && under?.cells.length === cells.length ? index : 0;
  }
  return 0;
}

/**
 * The table in a list's text: its header is the first row that looks like one (the lines before it
 * are counted in `skippedLines`). Blank header names become `Column N` and repeated ones get a
 * number; a row longer than the header adds columns (nothing in a file is dropped), a shorter one
 * is padded; empty rows are left out. Header names are trimmed (they name columns); cells are kept
 * as they are.
 */
export async function parseTable(
  decoded: string | DecodedText,
  kind: FileKind = LIST_FILE,
): Promise<ParsedTable> {
  const { limits, table } = kind;
  const {
    text: raw,
    encoding,
    invalid,
  } = typeof decoded === 'string' ? { text: decoded, encoding: null, invalid: null } : decoded;
  const text = raw.replace(/^\uFEFF/, '');
  const invalidAt = invalid ? invalid.at - (raw.length - text.length) : Number.POSITIVE_INFINITY;
  const Papa = await loadPapaparse();
  const records: FileRecord[] = [];
  const most = limits.rows + PREAMBLE_ROWS + 1;
  let row = 0;
  let start = 0;
  let problem: string | null = null;
  let delimiter = ',';
  /** "Row 7", with the line a text editor shows when a quoted line break makes it another. */
  const place = () => {
    const line = linesBefore(text, start) + 1;
    return `Row ${count(row)}${line === row ? '' : ` (line ${count(line)})`}`;
  };
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t', '|'],
    step: (result, parser) => {
      row += 1;
      let cells = result.data;
      const end = result.meta.cursor;
      delimiter = result.meta.delimiter;
      if (invalidAt < end) {
        const column =
          Papa.parse<string[]>(`${text.slice(start, invalidAt)}X`, { delimiter }).data[0]?.length ?? 1;
        const label = encoding ? ENCODING_LABELS[encoding] : 'text';
        const what = invalid?.byte
          ? `the byte ${invalid.byte}, which is not ${label}`
          : `a character that is not ${label}`;
        problem = `Row ${count(row)}, column ${column} (line ${count(linesBefore(text, invalidAt) + 1)}) holds ${what}. Nothing was read: choose the encoding the file was saved in (older Excel on Windows saves Windows-1252).`;
        return parser.abort();
      }
      if (cells.length > limits.columns) {
        // Empty cells at the end (a spreadsheet's formatted but unused columns) are no columns.
        let width = cells.length;
        while (width > 0 && cells[width - 1]!.trim() === '') width -= 1;
        if (width > limits.columns) {
          problem = `${place()} has ${count(width)} cells: a ${table} can have at most ${limits.columns} columns.`;
          return parser.abort();
        }
        cells = cells.slice(0, width);
      }
      const long = cells.findIndex((cell) => cell.length > limits.cell);
      if (long >= 0) {
        problem = `${place()}, column ${long + 1} holds ${count(cells[long]!.length)} characters: a cell can hold at most ${count(limits.cell)}.`;
        return parser.abort();
      }
      if (cells.some((cell) => cell.trim() !== '')) records.push({ cells, start });
      start = end;
      if (records.length > most) {
        problem = `This ${table} has more than ${count(limits.rows)} rows: a ${table} can have at most ${count(limits.rows)}. ${kind.tooManyRows}`;
        return parser.abort();
      }
    },
  });
  if (problem) throw new Error(problem);
  const first = headerIndex(records);
  const header = records[first];
  if (!header) throw new Error(`This ${table} is empty: nothing to read.`);
  const rows = records.slice(first + 1);
  if (rows.length === 0) throw new Error('This file has no rows under its header.');
  if (rows.length > limits.rows) {
    throw new Error(
      `This ${table} has ${count(rows.length)} rows: a ${table} can have at most ${count(limits.rows)}. ${kind.tooManyRows}`,
    );
  }
  let width = header.cells.length;
  for (const record of rows) if (record.cells.length > width) width = record.cells.length;
  const seen = new Map<string, number>();
  const columns = Array.from({ length: width }, (_, index) => {
    const name = header.cells[index]?.trim() || `Column ${index + 1}`;
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    return times === 1 ? name : `${name} (${times})`;
  });
  return {
    columns,
    rows: rows.map(({ cells }) => {
      for (let index = cells.length; index < width; index++) cells.push('');
      return cells;
    }),
    delimiter,
    skippedLines: linesBefore(text, header.start),
  };
}
