/**
 * A list's results as files: every input row in its order, then what the service answered, then
 * where each answer came from. The same words and figures as the table (run/row-status.ts): a row
 * repeating an earlier one says so at 0 credits, so the Credits column adds up to what was spent.
 *
 * - CSV: the original columns; the enrichment columns (emails and numbers only when they were asked
 *   for); the provenance columns. Through lib/csv.ts: formula-safe; the page adds the byte order mark.
 * - JSON: one object a row, with the input by column name.
 * - vCard 4.0 (RFC 6350): one card for each person found, not one a row.
 * - The CRM presets' files (lib/crm/presets.ts): one row for each person or company found.
 */
import type { CrmRecord } from '@/lib/crm/presets';
import { crmKindOf } from '@/lib/crm/records';
import { vcardsOf } from '@/lib/crm/vcard';
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

/** One vCard 4.0 a person found (a repeated row adds none): lib/crm/vcard.ts. */
export function listToVcards(input: ListInput, requests: Requests, options: ListOptions): string {
  return vcardsOf(listCrmRecords(input, requests, options).filter((record) => record.kind === 'person'));
}

/**
 * The people and companies a list found, for the CRM exports (lib/crm/presets.ts): one a request
 * that answered, on the row that asked it (a repeated row adds none), with that row's provenance.
 */
export function listCrmRecords(input: ListInput, requests: Requests, options: ListOptions): CrmRecord[] {
  return outputRows(input, requests).flatMap((row) => {
    const request = row.request;
    const kind = request && crmKindOf(request.endpointId);
    if (!request?.enriched || !kind) return [];
    return [
      {
        kind,
        fields: request.enriched,
        contacts: options.contacts,
        asked: request.asked,
        fetchedAt: request.fetchedAt,
        credits: row.status.credits,
      },
    ];
  });
}
