/**
 * A list's file as text, then as a table. Files come from spreadsheets as well as from other tools:
 * UTF-8 with or without a byte order mark, Excel's "Unicode text" (UTF-16 with a mark), and older
 * exports in Windows-1252; commas, semicolons (Excel where the decimal mark is a comma), tabs or
 * pipes; quoted cells with line breaks inside. papaparse reads the table (loaded with the first file,
 * not with the page).
 */
import { loadPapaparse } from '@/lib/csv';

export interface ParsedTable {
  columns: string[];
  rows: string[][];
  delimiter: string;
}

/** How many of the first bytes decide whether a file without a mark is UTF-16. */
const SNIFF_BYTES = 4096;

/** The text of a file's bytes, whatever of the usual encodings it was saved in; the mark dropped. */
export function decodeBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes.subarray(3));
  // UTF-16 without a mark: text in Latin letters has a zero in every other byte.
  const sniffed = bytes.subarray(0, SNIFF_BYTES);
  let zerosEven = 0;
  let zerosOdd = 0;
  sniffed.forEach((byte, index) => {
    if (byte === 0) index % 2 === 0 ? zerosEven++ : zerosOdd++;
  });
  if (zerosOdd > sniffed.length / 4) return new TextDecoder('utf-16le').decode(bytes);
  if (zerosEven > sniffed.length / 4) return new TextDecoder('utf-16be').decode(bytes);
  const utf8 = new TextDecoder('utf-8').decode(bytes);
  // Not UTF-8 (a replacement character where the bytes were not valid): an older Windows export.
  return utf8.includes('\uFFFD') ? new TextDecoder('windows-1252').decode(bytes) : utf8;
}

export async function readListFile(file: Blob): Promise<string> {
  return decodeBytes(new Uint8Array(await file.arrayBuffer()));
}

/**
 * The table in a list's text: its first non-empty row is the header. Blank header names become
 * `Column N` and repeated ones get a number; a row longer than the header adds columns (nothing in
 * a file is dropped), a shorter one is padded; empty rows are left out; cells are trimmed.
 */
export async function parseTable(text: string): Promise<ParsedTable> {
  const Papa = await loadPapaparse();
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  const records = parsed.data
    .map((cells) => cells.map((cell) => cell.trim()))
    .filter((cells) => cells.some((cell) => cell !== ''));
  const [header, ...rows] = records;
  if (!header) throw new Error('This list is empty: nothing to read.');
  if (rows.length === 0) throw new Error('This file has no rows under its header.');
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  const seen = new Map<string, number>();
  const columns = Array.from({ length: width }, (_, index) => {
    const name = header[index] || `Column ${index + 1}`;
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    return times === 1 ? name : `${name} (${times})`;
  });
  return {
    columns,
    rows: rows.map((row) => (row.length === width ? row : [...row, ...Array(width - row.length).fill('')])),
    delimiter: parsed.meta.delimiter,
  };
}
