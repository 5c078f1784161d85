/**
 * Each store without what names the subject (lib/background/forget/), in one read-write transaction.
 * Answers leave the cache; the ledger keeps each line's credits and date but loses what named them;
 * the journal keeps what the engine needs never to pay twice (id, status, credits, times) but loses
 * its parameters; batches and lists keep their rows and totals but lose the rows' cells and answers;
 * a list named after them loses its name; the popup's recent entries about them go.
 */
import type { IDBPTransaction, StoreNames } from 'idb';
import { CACHE_BYTES_KEY } from '../cache';
import type { CallRecord, EnrichmentDb } from '../db';
import { factsOf, wordsOf } from './facts';
import { type Matched, rowRequestKey, type Stored } from './matching';
import { type KnownSubject, named, someIn } from './subject';

/** What a forgotten subject's ledger lines, jobs and batch rows read as afterwards. */
export const FORGOTTEN = 'forgotten';

/** A journaled call that keeps what the engine needs never to pay twice, and nothing that names anyone. */
export function forgottenCall(job: CallRecord): CallRecord {
  const { error: _error, ...rest } = job;
  return { ...rest, params: {}, ...(job.cacheKey ? { cacheKey: FORGOTTEN } : {}) };
}

type Tx = IDBPTransaction<EnrichmentDb, ArrayLike<StoreNames<EnrichmentDb>>, 'readwrite'>;

/** The writes queued on the transaction, and how many records lost what named the subject. */
interface Rewrite {
  tx: Tx;
  writes: Promise<unknown>[];
  removed: number;
}

function rewriteCache(rewrite: Rewrite, cache: Stored['cache'], matched: boolean[], bytes: number): void {
  cache.forEach((entry, index) => {
    if (!matched[index]) return;
    rewrite.writes.push(rewrite.tx.objectStore('cache').delete(entry.key));
    bytes -= entry.bytes;
    rewrite.removed += 1;
  });
  rewrite.writes.push(rewrite.tx.objectStore('meta').put(Math.max(0, bytes), CACHE_BYTES_KEY));
}

function rewriteJournal(rewrite: Rewrite, stored: Stored, matched: Matched): void {
  const { tx, writes } = rewrite;
  stored.ledger.forEach((line, index) => {
    if (!matched.ledger[index] || line.summary === FORGOTTEN) return;
    writes.push(tx.objectStore('ledger').put({ ...line, summary: FORGOTTEN }));
    rewrite.removed += 1;
  });
  stored.jobs.forEach((job, index) => {
    if (!matched.jobs[index]) return;
    writes.push(tx.objectStore('jobs').put(forgottenCall(job)));
    rewrite.removed += 1;
  });
  stored.recent.forEach((entry, index) => {
    if (!matched.recent[index]) return;
    writes.push(tx.objectStore('recent').delete(entry.id));
    rewrite.removed += 1;
  });
}

function rewriteBatches(
  rewrite: Rewrite,
  batches: Stored['batches'],
  matched: boolean[],
  known: KnownSubject,
) {
  let item = 0;
  for (const batch of batches) {
    let changed = false;
    const items = batch.items.map((one) => {
      if (!matched[item++]) return one;
      changed = true;
      rewrite.removed += 1;
      return {
        ...one,
        key: `${FORGOTTEN}:${one.requestId}`,
        label: FORGOTTEN,
        params: {},
        // Not asked yet: it never will be, there is nothing left to ask it with.
        status: one.status === 'queued' ? ('cancelled' as const) : one.status,
        answer: undefined,
        error: undefined,
      };
    });
    const pageNamed = named(factsOf(batch.pageUrl), known);
    if (changed || pageNamed)
      rewrite.writes.push(
        rewrite.tx
          .objectStore('batches')
          .put({ ...batch, items, ...(pageNamed ? { pageUrl: FORGOTTEN } : {}) }),
      );
  }
}

/**
 * A list keeps its rows and totals; the cells and answers that name them go. A request's key is
 * its cache key (it names them too): the request is kept under a key of its id instead. One not
 * asked yet is skipped: there is nothing left to ask it with.
 */
function rewriteLists(rewrite: Rewrite, stored: Stored, matched: Matched, known: KnownSubject): void {
  const { tx, writes } = rewrite;
  const renamed = new Map<string, string>();
  const skipped = new Map<string, number>();
  stored.listRequests.forEach((request, index) => {
    if (!matched.listRequests[index]) return;
    const { enriched: _enriched, error: _error, ...rest } = request;
    const key = `${FORGOTTEN}:${request.requestId}`;
    renamed.set(`${request.listId} ${request.key}`, key);
    const status = request.status === 'queued' ? 'skipped' : request.status;
    if (status !== request.status) skipped.set(request.listId, (skipped.get(request.listId) ?? 0) + 1);
    writes.push(tx.objectStore('listRequests').delete([request.listId, request.key]));
    writes.push(tx.objectStore('listRequests').put({ ...rest, key, params: {}, asked: FORGOTTEN, status }));
    rewrite.removed += 1;
  });
  for (const list of stored.lists) {
    // A list named after its file ("acme-prospects.csv") or a person names them by its name alone.
    const nameNamed = named(factsOf(list.name), known) || someIn(wordsOf(list.name), known.names);
    const unasked = skipped.get(list.id) ?? 0;
    if (!nameNamed && unasked === 0) continue;
    const counts = {
      ...list.counts,
      queued: list.counts.queued - unasked,
      skipped: list.counts.skipped + unasked,
    };
    writes.push(tx.objectStore('lists').put({ ...list, counts, ...(nameNamed ? { name: FORGOTTEN } : {}) }));
    if (nameNamed) rewrite.removed += 1;
  }
  stored.listRows.forEach((row, index) => {
    const rowKey = rowRequestKey(row);
    const key = rowKey === null ? undefined : renamed.get(rowKey);
    if (!matched.listRows[index] && !key) return;
    const cells = row.cells.map((cell) => (cell === '' ? cell : FORGOTTEN));
    writes.push(tx.objectStore('listRows').put({ ...row, cells, ...(key ? { key } : {}) }));
    rewrite.removed += 1;
  });
}

/** Rewrites every store the subject was matched in; says how many records lost them. */
export async function rewriteStores(
  tx: Tx,
  stored: Stored,
  matched: Matched,
  known: KnownSubject,
): Promise<number> {
  const rewrite: Rewrite = { tx, writes: [], removed: 0 };
  const bytes = (await tx.objectStore('meta').get(CACHE_BYTES_KEY)) ?? 0;
  rewriteCache(rewrite, stored.cache, matched.cache, bytes);
  rewriteJournal(rewrite, stored, matched);
  rewriteBatches(rewrite, stored.batches, matched.items, known);
  rewriteLists(rewrite, stored, matched, known);
  await Promise.all(rewrite.writes);
  return rewrite.removed;
}
