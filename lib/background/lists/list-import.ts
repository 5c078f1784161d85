/**
 * A list as it is imported (./lists.ts `start`): the page's file, with the request it says
 * enriches each row, kept as a list header, its rows and its distinct requests. Rows asking the
 * same thing (the same cache key) share one request, asked and paid once; one cached when the list
 * is quoted is queued free.
 */
import { endpointTitle, summarizeParams } from '../../api/endpoint-info';
import { sumQuotes } from '../../job-summary';
import type { ListQuote, ListRequestStatus, ListStartRequest } from '../../protocol';
import { confirmationOf } from '../budget';
import type { ListRecord, ListRequestRecord, ListRowRecord } from '../db';
import { FREE } from '../jobs/runner';

const NO_COUNTS: { readonly [S in ListRequestStatus]: number } = {
  queued: 0,
  running: 0,
  done: 0,
  failed: 0,
  interrupted: 0,
  skipped: 0,
  refused: 0,
};

/** What is written when a list is imported: its header, its rows, and the requests they ask. */
export interface ImportedList {
  list: ListRecord;
  rows: ListRowRecord[];
  requests: ListRequestRecord[];
}

/** The page's requests, merged where the background reads two as one (the same cache key). */
function requestsByKey(
  request: ListStartRequest,
  peeked: ListQuote,
  id: string,
  at: number,
  newId: () => string,
) {
  const byKey = new Map<string, ListRequestRecord>();
  const keyOf: string[] = [];
  request.requests.forEach((asked, index) => {
    const row = peeked.rows[index]!;
    const key = row.ok ? row.key : `refused:${index}`;
    keyOf.push(key);
    if (byKey.has(key)) return;
    byKey.set(key, {
      listId: id,
      key,
      order: Number.POSITIVE_INFINITY,
      rows: 0,
      endpointId: asked.endpointId,
      params: asked.params,
      asked: `${endpointTitle(asked.endpointId)} · ${summarizeParams(asked.endpointId, asked.params)}`,
      requestId: newId(),
      policy: 'cache-first',
      quote: row.ok ? (row.cachedAt !== null ? FREE : { min: row.quote.min, max: row.quote.max }) : FREE,
      status: row.ok ? 'queued' : 'refused',
      ...(row.ok ? {} : { error: row.error, credits: 0 }),
      updatedAt: at,
    });
  });
  return { byKey, keyOf };
}

/** The list the page's file makes, quoted as `peeked`; `id` and `at` are the new list's. */
export function importedList(
  request: ListStartRequest,
  peeked: ListQuote,
  id: string,
  at: number,
  newId: () => string,
): ImportedList {
  const { byKey, keyOf } = requestsByKey(request, peeked, id, at, newId);
  const rows: ListRowRecord[] = request.rows.map((cells, index) => {
    const target = request.targets[index]!;
    if (typeof target !== 'number') return { listId: id, index, cells, reason: target.reason };
    const key = keyOf[target];
    const record = key === undefined ? undefined : byKey.get(key);
    if (!record) return { listId: id, index, cells, reason: 'No request for this row' };
    record.rows += 1;
    record.order = Math.min(record.order, index);
    return { listId: id, index, cells, key: record.key };
  });
  // A request no row asks (the page sent more than it used) is not kept.
  const requests = [...byKey.values()].filter((record) => record.rows > 0);
  const counts = { ...NO_COUNTS };
  for (const record of requests) counts[record.status] += 1;
  const list: ListRecord = {
    id,
    name: request.name.trim() || 'List',
    createdAt: at,
    updatedAt: at,
    status: 'running',
    columns: request.columns,
    mapping: request.mapping,
    options: request.options,
    rowCount: rows.length,
    requestCount: requests.length,
    cap: request.cap,
    ...(request.confirmed ? confirmationOf(at) : { confirmed: false }),
    pauseRequested: false,
    cancelRequested: false,
    quote: sumQuotes(requests.filter((record) => record.status === 'queued').map((record) => record.quote)),
    counts,
    rowsDone: 0,
    spent: 0,
  };
  return { list, rows, requests };
}
