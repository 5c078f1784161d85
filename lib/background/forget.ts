/**
 * Forget a person or company everywhere the extension keeps them (background only): the answers
 * that mention them leave the cache, the ledger keeps each line's credits and date but loses what
 * named them, the journal of calls and the batches lose their parameters and answer lines, and
 * the popup's recent entries about them go. What names them: the identifiers the person gave (a
 * profile URL, an email address), and what the cached answer about them said (their profile URL,
 * name and addresses), matched as text in every record, so a search answer that lists them goes
 * too. Charges are never forgotten: what was spent stays in the ledger, under "forgotten".
 */
import type { IDBPDatabase } from 'idb';
import { isWorking } from '../batch';
import { parseProfileUrl } from '../profile-urls';
import type { EnrichmentDb } from './db';
import { deleteList } from './lists/list-records';

type Db = IDBPDatabase<EnrichmentDb>;

/** What a forgotten subject's ledger lines, jobs and batch rows read as afterwards. */
export const FORGOTTEN = 'forgotten';

/** Texts shorter than this are too common to match on their own (a first name, "ada"). */
const MIN_TRACE_LENGTH = 6;

/** Every text that names the subject: its identifiers, and what cached answers say about it. */
async function tracesOf(db: Db, subject: string): Promise<string[]> {
  const traces = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.trim().length >= MIN_TRACE_LENGTH)
      traces.add(value.trim().toLowerCase());
  };
  add(subject);
  const profile = parseProfileUrl(subject);
  if (profile) {
    add(profile.url);
    add(`/${profile.id}`);
  }
  // What the answers about them say they are called and where they are reached.
  for (const entry of await db.getAll('cache')) {
    const text = JSON.stringify(entry.params).toLowerCase();
    if (![...traces].some((trace) => text.includes(trace))) continue;
    const data = entry.data as Record<string, unknown> | null;
    if (!data || typeof data !== 'object') continue;
    const answer = (data.profile as Record<string, unknown> | undefined) ?? data;
    for (const field of ['full_name', 'name', 'fullName', 'public_identifier', 'url', 'network_profile_url'])
      add(answer[field]);
    for (const field of ['personal_emails', 'emails', 'work_emails'])
      if (Array.isArray(answer[field])) for (const email of answer[field] as unknown[]) add(email);
  }
  return [...traces];
}

function mentions(value: unknown, traces: readonly string[]): boolean {
  const text = JSON.stringify(value)?.toLowerCase() ?? '';
  return traces.some((trace) => text.includes(trace));
}

/** Removes every trace of a person or company (a profile URL or an email address); says how much went. */
export async function forgetSubject(db: Db, subject: string): Promise<{ removed: number; traces: string[] }> {
  const traces = await tracesOf(db, subject);
  let removed = 0;
  const tx = db.transaction(
    ['cache', 'ledger', 'jobs', 'recent', 'batches', 'meta', 'listRows', 'listRequests'],
    'readwrite',
  );
  let bytes = (await tx.objectStore('meta').get('cacheBytes')) ?? 0;
  for (const entry of await tx.objectStore('cache').getAll()) {
    if (!mentions(entry, traces)) continue;
    await tx.objectStore('cache').delete(entry.key);
    bytes -= entry.bytes;
    removed += 1;
  }
  await tx.objectStore('meta').put(Math.max(0, bytes), 'cacheBytes');
  for (const line of await tx.objectStore('ledger').getAll()) {
    if (!mentions(line.summary, traces)) continue;
    await tx.objectStore('ledger').put({ ...line, summary: FORGOTTEN });
    removed += 1;
  }
  for (const job of await tx.objectStore('jobs').getAll()) {
    if (!mentions(job, traces)) continue;
    const { error: _error, ...rest } = job;
    await tx
      .objectStore('jobs')
      .put({ ...rest, params: {}, ...(job.cacheKey ? { cacheKey: FORGOTTEN } : {}) });
    removed += 1;
  }
  for (const recent of await tx.objectStore('recent').getAll()) {
    if (!mentions(recent, traces)) continue;
    await tx.objectStore('recent').delete(recent.id);
    removed += 1;
  }
  for (const batch of await tx.objectStore('batches').getAll()) {
    if (!mentions(batch, traces)) continue;
    const items = batch.items.map((item) =>
      mentions(item, traces)
        ? {
            ...item,
            key: `${FORGOTTEN}:${item.requestId}`,
            label: FORGOTTEN,
            params: {},
            answer: undefined,
            error: undefined,
          }
        : item,
    );
    await tx
      .objectStore('batches')
      .put({ ...batch, items, ...(mentions(batch.pageUrl, traces) ? { pageUrl: FORGOTTEN } : {}) });
    removed += 1;
  }
  // A list keeps its rows and totals; the cells and answers that name them go. A request's key is
  // its cache key (it names them too): the request is kept under a key of its id instead.
  const renamed = new Map<string, string>();
  for (const request of await tx.objectStore('listRequests').getAll()) {
    if (!mentions(request, traces)) continue;
    const { enriched: _enriched, error: _error, ...rest } = request;
    const key = `${FORGOTTEN}:${request.requestId}`;
    renamed.set(`${request.listId} ${request.key}`, key);
    await tx.objectStore('listRequests').delete([request.listId, request.key]);
    await tx.objectStore('listRequests').put({ ...rest, key, params: {}, asked: FORGOTTEN });
    removed += 1;
  }
  for (const row of await tx.objectStore('listRows').getAll()) {
    const key = row.key === undefined ? undefined : renamed.get(`${row.listId} ${row.key}`);
    if (!key && !mentions(row.cells, traces)) continue;
    const cells = row.cells.map((cell) => (mentions(cell, traces) ? FORGOTTEN : cell));
    await tx.objectStore('listRows').put({ ...row, cells, ...(key ? { key } : {}) });
    removed += 1;
  }
  await tx.done;
  return { removed, traces };
}

/** Whether a stored value names the subject (for the storage areas the background clears itself). */
export function namesSubject(value: unknown, traces: readonly string[]): boolean {
  return mentions(value, traces);
}

/**
 * "Clear history": who was looked up is forgotten, what was spent is not (the daily budget and the
 * month's total still count it): the ledger's lines keep credits and dates but lose their names,
 * the popup's recent entries go, and finished batches and lists go.
 */
export async function clearHistory(db: Db): Promise<void> {
  const tx = db.transaction(
    ['ledger', 'recent', 'batches', 'lists', 'listRows', 'listRequests'],
    'readwrite',
  );
  for (const line of await tx.objectStore('ledger').getAll())
    if (line.summary !== FORGOTTEN) await tx.objectStore('ledger').put({ ...line, summary: FORGOTTEN });
  await tx.objectStore('recent').clear();
  for (const batch of await tx.objectStore('batches').getAll())
    if (batch.status !== 'running' && batch.status !== 'settling')
      await tx.objectStore('batches').delete(batch.id);
  for (const list of await tx.objectStore('lists').getAll())
    if (!isWorking(list.status)) await deleteList(tx, list.id);
  await tx.done;
}

/**
 * Everything the extension holds about others, as one file a person can read or move: settings
 * (without the key), the cache, the ledger, batches, lists, recent lookups and the do-not-enrich list.
 */
export async function exportStored(db: Db, settings: Record<string, unknown>) {
  const { apiKey: _key, ...withoutKey } = settings;
  return {
    exportedAt: new Date().toISOString(),
    settings: withoutKey,
    cache: await db.getAll('cache'),
    ledger: await db.getAll('ledger'),
    batches: await db.getAll('batches'),
    lists: await db.getAll('lists'),
    listRows: await db.getAll('listRows'),
    listRequests: await db.getAll('listRequests'),
    recent: await db.getAll('recent'),
    doNotEnrich: await db.getAll('doNotEnrich'),
  };
}
