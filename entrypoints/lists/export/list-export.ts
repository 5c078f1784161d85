/**
 * A list's results as files: every input row in its order, then what the service answered, then
 * where each answer came from. The same words and figures as the table (run/row-status.ts): a row
 * repeating an earlier one says so at 0 credits, so the Credits column adds up to what was spent.
 *
 * - CSV: the original columns; the enrichment columns (emails and numbers only when they were asked
 *   for); the provenance columns. Through lib/csv.ts: formula-safe; the page adds the byte order mark.
 * - JSON: one object a row, with the input by column name.
 * - vCard 4.0 (RFC 6350): one card for each person found, not one a row.
 */
import { safeHttpUrl } from '@/components/safe-url';
import type { CsvColumn } from '@/lib/csv';
import { rowsToCsv } from '@/lib/csv';
import { FRESHNESS_LABELS } from '@/lib/freshness';
import type { EnrichedFields, ListInput, ListOptions, ListRequestView } from '@/lib/protocol';
import { firstRows, type RowStatus, rowStatus } from '../run/row-status';

type Requests = ReadonlyMap<string, ListRequestView>;

/** A row of the output: its input cells, its request (when it has one) and what it says. */
interface OutputRow {
  index: number;
  cells: readonly string[];
  /** The request's answer shows on the row that asked it (a repeat says "Same as row N"). */
  request: ListRequestView | undefined;
  status: RowStatus;
}

const ENRICHMENT: ReadonlyArray<[string, (fields: EnrichedFields) => string | undefined]> = [
  ['Full name', (f) => f.fullName],
  ['Headline', (f) => f.headline],
  ['Current title', (f) => f.title],
  ['Current company', (f) => f.company],
  ['Location', (f) => f.location],
  ['Profile URL', (f) => f.profileUrl],
  ['Company domain', (f) => f.companyDomain],
  ['Company size', (f) => f.companySize],
];

const CONTACTS: ReadonlyArray<[string, (fields: EnrichedFields) => string | undefined]> = [
  ['Emails', (f) => f.emails?.join('; ')],
  ['Phone numbers', (f) => f.phones?.join('; ')],
];

function outputRows(input: ListInput, requests: Requests): OutputRow[] {
  const first = firstRows(input.targets);
  return input.rows.map((cells, index) => {
    const target = input.targets[index]!;
    const request = 'key' in target ? requests.get(target.key) : undefined;
    const status = rowStatus(index, target, request, first);
    return { index, cells, request: status.owns ? request : undefined, status };
  });
}

function provenance(row: OutputRow) {
  const request = row.request;
  return {
    asked: request?.asked ?? '',
    fetchedAt: request?.fetchedAt ? new Date(request.fetchedAt).toISOString() : '',
    freshness: request && request.status === 'done' ? FRESHNESS_LABELS[request.freshness] : '',
    credits: row.status.credits,
    status: row.status.words,
  };
}

function enrichmentColumns(options: ListOptions) {
  return options.contacts ? [...ENRICHMENT, ...CONTACTS] : ENRICHMENT;
}

export async function listToCsv(input: ListInput, requests: Requests, options: ListOptions): Promise<string> {
  const columns: CsvColumn<OutputRow>[] = [
    ...input.columns.map((header, column) => ({ header, value: (row: OutputRow) => row.cells[column] })),
    ...enrichmentColumns(options).map(([header, read]) => ({
      header,
      value: (row: OutputRow) => (row.request?.enriched ? read(row.request.enriched) : undefined),
    })),
    { header: 'Asked', value: (row) => provenance(row).asked },
    { header: 'Fetched at', value: (row) => provenance(row).fetchedAt },
    { header: 'Freshness', value: (row) => provenance(row).freshness },
    { header: 'Credits', value: (row) => provenance(row).credits },
    { header: 'Status', value: (row) => provenance(row).status },
  ];
  return rowsToCsv(columns, outputRows(input, requests));
}

export function listToJson(input: ListInput, requests: Requests, options: ListOptions) {
  return outputRows(input, requests).map((row) => {
    const enriched = row.request?.enriched ?? null;
    // Emails and numbers only when they were asked for (as in the CSV).
    const { emails: _emails, phones: _phones, ...withoutContacts } = enriched ?? {};
    return {
      row: row.index + 1,
      input: Object.fromEntries(input.columns.map((column, index) => [column, row.cells[index] ?? ''])),
      enriched: enriched && (options.contacts ? enriched : withoutContacts),
      provenance: provenance(row),
    };
  });
}

/** RFC 6350 text value: backslash, comma, semicolon and line breaks escaped. */
function escaped(value: string): string {
  return value.replace(/[\\,;]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a character. */
function folded(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // a continuation line starts with its space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A number's extension as people write it at its end: `;ext=2`, `x2`, `ext. 2`, `extension 2`, `#2`. */
const EXTENSION = /\s*(?:;\s*ext\s*=|\bext(?:ension)?\.?|x|#)\s*(\d+)\s*$/i;

/**
 * A phone number as a `tel:` URI (RFC 3966): its digits, a leading `+` kept, and its extension as
 * `;ext=`, never run into the number's digits. Null when it holds no digits.
 */
function telUri(phone: string): string | null {
  const extension = EXTENSION.exec(phone);
  const number = extension ? phone.slice(0, extension.index) : phone;
  const digits = number.replace(/\D/g, '');
  if (digits === '') return null;
  const plus = number.trim().startsWith('+') ? '+' : '';
  return `tel:${plus}${digits}${extension ? `;ext=${extension[1]}` : ''}`;
}

/** One vCard 4.0 a person found (a repeated row adds none). */
export function listToVcards(input: ListInput, requests: Requests, options: ListOptions): string {
  const cards: string[] = [];
  for (const row of outputRows(input, requests)) {
    const fields = row.request?.enriched;
    if (!fields?.fullName) continue;
    const [given, ...rest] = fields.fullName.split(' ');
    const family = rest.join(' ');
    const lines = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      `FN:${escaped(fields.fullName)}`,
      `N:${escaped(family)};${escaped(given ?? '')};;;`,
      ...(fields.company ? [`ORG:${escaped(fields.company)}`] : []),
      ...(fields.title ? [`TITLE:${escaped(fields.title)}`] : []),
      // Only a web address: the service may send any scheme, and a contact app opens what it finds here.
      ...(safeHttpUrl(fields.profileUrl) ? [`URL:${escaped(safeHttpUrl(fields.profileUrl)!)}`] : []),
      ...(options.contacts ? (fields.emails ?? []).map((email) => `EMAIL:${escaped(email)}`) : []),
      ...(options.contacts
        ? (fields.phones ?? []).flatMap((phone) => {
            const uri = telUri(phone);
            return uri ? [`TEL;VALUE=uri:${uri}`] : [];
          })
        : []),
      ...(fields.headline ? [`NOTE:${escaped(fields.headline)}`] : []),
      'END:VCARD',
    ];
    cards.push(lines.map(folded).join('\r\n'));
  }
  return cards.length > 0 ? `${cards.join('\r\n')}\r\n` : '';
}
