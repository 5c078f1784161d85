/**
 * Lists (background only): a file of hundreds or thousands of rows enriched as one job that no
 * page drives (../job-runner.ts runs it; ./list-job.ts is where its records are kept). The page
 * parses the file and says which request enriches each row; from then on the list lives here, in
 * IndexedDB (lib/background/db.ts `lists`, `listRows`, `listRequests`). Rows asking the same thing
 * (the same cache key) share one request, asked and paid once. A list has a spend cap, and Pause,
 * Resume and Cancel; failed rows, or answers older than an age, can be asked again, quoted first.
 */
import type { IDBPDatabase } from 'idb';
import { endpointTitle, summarizeParams } from '../../api/endpoint-info';
import type { ApiErrorJson } from '../../api/errors';
import { DEFAULT_FRESHNESS } from '../../freshness';
import { isWorking, sumQuotes } from '../../job-summary';
import type {
  ListControl,
  ListInput,
  ListQuote,
  ListRequestStatus,
  ListRequestView,
  ListRetryRequest,
  ListRetryResult,
  ListStartRequest,
  ListStartResult,
  ListState,
  ListSummary,
  PeekRequest,
} from '../../protocol';
import type { QuoteBounds } from '../../quote-format';
import { confirmationOf } from '../budget';
import type { EnrichmentDb, ListRecord, ListRequestRecord, ListRowRecord } from '../db';
import { createJobRunner, type JobRunnerDeps, passesBudget } from '../job-runner';
import { createListJob } from './list-job';
import { deleteList, ofList } from './list-records';

export interface ListDeps extends JobRunnerDeps {
  db: () => Promise<IDBPDatabase<EnrichmentDb>>;
  /** The pace the scheduler allows this key now (requests a minute). */
  ratePerMinute: () => Promise<number>;
  /** A list's id, and a request id for each request, chosen when it is queued. */
  newId: () => string;
}

const NO_COUNTS: { readonly [S in ListRequestStatus]: number } = {
  queued: 0,
  running: 0,
  done: 0,
  failed: 0,
  interrupted: 0,
  skipped: 0,
  refused: 0,
};

const FREE = { min: 0, max: 0 } as const;

export function createLists(deps: ListDeps) {
  const now = deps.now ?? Date.now;
  const { kind, update, updateList, finish } = createListJob({ db: deps.db, now });
  const runner = createJobRunner(kind, deps);

  async function summaryOf(list: ListRecord): Promise<ListSummary> {
    return {
      id: list.id,
      name: list.name,
      createdAt: list.createdAt,
      updatedAt: list.updatedAt,
      status: list.status,
      pauseRequested: list.pauseRequested,
      cancelRequested: list.cancelRequested,
      rows: list.rowCount,
      requests: list.requestCount,
      counts: { ...list.counts },
      rowsDone: list.rowsDone,
      spent: list.spent,
      quote: list.quote,
      cap: list.cap,
      options: list.options,
      perMinute: runner.perMinute(list.id),
      ratePerMinute: await deps.ratePerMinute(),
      stopReason: (list.stopReason as ApiErrorJson | undefined) ?? null,
    };
  }

  /** Quote and cache state of a list's requests, before anything is spent: one message, one read. */
  async function quote(requests: readonly PeekRequest[]): Promise<ListQuote> {
    const [{ rows, remainingToday }, ratePerMinute] = await Promise.all([
      deps.service.peekMany(requests),
      deps.ratePerMinute(),
    ]);
    const seen = new Set<string>();
    const uncached: QuoteBounds[] = [];
    const shown = rows.map((row) => {
      if (!row.ok) return row;
      if (!seen.has(row.key)) {
        seen.add(row.key);
        if (!row.cached) uncached.push(row.quote);
      }
      return { ok: true as const, key: row.key, quote: row.quote, cachedAt: row.cached?.fetchedAt ?? null };
    });
    return { rows: shown, total: sumQuotes(uncached), remainingToday, ratePerMinute };
  }

  async function start(request: ListStartRequest): Promise<ListStartResult> {
    if (request.targets.length !== request.rows.length) {
      return {
        status: 'error',
        error: { name: 'ApiError', kind: 'invalid', message: 'Every row needs its request or a reason' },
      };
    }
    const peeked = await quote(request.requests);
    if (!request.confirmed && passesBudget(peeked.total, peeked.remainingToday)) {
      return { status: 'needs-confirmation', quote: peeked.total, remaining: peeked.remainingToday ?? 0 };
    }
    const at = now();
    const id = deps.newId();
    // The page's requests, merged where the background reads two as one (the same cache key).
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
        requestId: deps.newId(),
        policy: 'cache-first',
        quote: row.ok ? (row.cachedAt !== null ? FREE : { min: row.quote.min, max: row.quote.max }) : FREE,
        status: row.ok ? 'queued' : 'refused',
        ...(row.ok ? {} : { error: row.error, credits: 0 }),
        updatedAt: at,
      });
    });
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
    const db = await deps.db();
    const tx = db.transaction(['lists', 'listRows', 'listRequests'], 'readwrite');
    void tx.objectStore('lists').put(list);
    for (const row of rows) void tx.objectStore('listRows').put(row);
    for (const record of requests) void tx.objectStore('listRequests').put(record);
    await tx.done;
    runner.drive(id);
    return { status: 'started', list: await summaryOf(list) };
  }

  async function viewOf(record: ListRequestRecord, freshness: ListSummary['options']['freshness']) {
    return {
      key: record.key,
      endpointId: record.endpointId,
      asked: record.asked,
      status: record.status,
      quote: { ...record.quote, lines: [] },
      credits:
        record.credits === null || (record.credits === undefined && record.status === 'done')
          ? null
          : (record.earlier ?? 0) + (record.credits ?? 0),
      cached: record.cached ?? false,
      fetchedAt: record.fetchedAt ?? null,
      freshness: record.policy === 'refresh' || !record.cached ? freshness : DEFAULT_FRESHNESS,
      enriched: record.enriched ?? null,
      noMatch: record.noMatch ?? false,
      error: (record.error as ApiErrorJson | undefined) ?? null,
      interrupted: await runner.interruptionOf(record),
      updatedAt: record.updatedAt,
    } satisfies ListRequestView;
  }

  /** The list's summary and its requests that changed since `since` (ms; 0 for all of them). */
  async function state(id: string, since: number): Promise<ListState | null> {
    const at = now();
    const db = await deps.db();
    const list = await db.get('lists', id);
    if (!list) return null;
    // A worker that started since has not resumed it yet (nothing woke it): do it now.
    if (isWorking(list.status)) runner.drive(id);
    const changed = await db
      .transaction('listRequests')
      .store.index('byUpdated')
      .getAll(IDBKeyRange.bound([id, since], [id, Number.POSITIVE_INFINITY]));
    const requests = await Promise.all(changed.map((record) => viewOf(record, list.options.freshness)));
    return { summary: await summaryOf(list), requests, at };
  }

  /** The list's file as imported, with each row's request or reason. */
  async function input(id: string): Promise<ListInput | null> {
    const db = await deps.db();
    const list = await db.get('lists', id);
    if (!list) return null;
    const rows = await db.getAll('listRows', ofList(id));
    return {
      columns: list.columns,
      mapping: list.mapping,
      rows: rows.map((row) => row.cells),
      targets: rows.map((row) => (row.key !== undefined ? { key: row.key } : { reason: row.reason ?? '' })),
    };
  }

  /** Every kept list, newest first. */
  async function all(): Promise<ListSummary[]> {
    const db = await deps.db();
    const lists = await db.getAll('lists');
    lists.sort((a, b) => b.createdAt - a.createdAt);
    return Promise.all(lists.map(summaryOf));
  }

  async function control(id: string, request: ListControl): Promise<ListSummary | null> {
    const list = await updateList(id, (l) => {
      if (request.action === 'pause' && isWorking(l.status)) l.pauseRequested = true;
      if (request.action === 'cancel') {
        if (isWorking(l.status)) l.cancelRequested = true;
        else if (l.status === 'paused' || l.status === 'stopped') l.cancelRequested = true;
      }
      if (
        request.action === 'resume' &&
        (l.status === 'paused' || l.status === 'stopped' || l.pauseRequested)
      ) {
        l.status = 'running';
        l.pauseRequested = false;
        l.stopReason = undefined;
        if (request.cap !== undefined) l.cap = request.cap;
        if (request.confirmed) Object.assign(l, confirmationOf(now()));
      }
    });
    if (!list) return null;
    if (request.action !== 'resume') runner.hold(id);
    if (
      request.action === 'cancel' &&
      !isWorking(list.status) &&
      list.status !== 'cancelled' &&
      list.status !== 'done'
    ) {
      // Nothing runs: it ends here.
      await finish(id, 'cancelled');
    }
    if (request.action === 'resume' && isWorking(list.status)) runner.restart(id);
    const db = await deps.db();
    const latest = await db.get('lists', id);
    return latest ? summaryOf(latest) : null;
  }

  /** Asks again the failed requests, or answers older than an age (past the cache), quoted first. */
  async function retry(request: ListRetryRequest): Promise<ListRetryResult> {
    const db = await deps.db();
    const list = await db.get('lists', request.id);
    if (!list) {
      return { status: 'error', error: { name: 'ApiError', kind: 'invalid', message: 'This list is gone' } };
    }
    if (isWorking(list.status)) {
      return {
        status: 'error',
        error: {
          name: 'ApiError',
          kind: 'invalid',
          message: 'This list is running',
          description: 'Pause it, or wait for it to finish, before asking rows again.',
        },
      };
    }
    const cutoff = now() - (request.olderThanMs ?? 0);
    const wanted = request.keys ? new Set(request.keys) : null;
    const records = (await db.getAll('listRequests', ofList(request.id))).filter(
      (record) =>
        (wanted === null || wanted.has(record.key)) &&
        (request.which === 'failed'
          ? record.status === 'failed'
          : record.status === 'done' && (record.fetchedAt ?? 0) < cutoff),
    );
    const peeked = await deps.service.peekMany(
      records.map((record) => ({
        endpointId: record.endpointId,
        params: record.params as PeekRequest['params'],
      })),
    );
    const refresh = request.which === 'older';
    const quotes = peeked.rows.map((row) =>
      row.ok ? (row.cached && !refresh ? FREE : { min: row.quote.min, max: row.quote.max }) : FREE,
    );
    const total = sumQuotes(quotes);
    if (request.dryRun) {
      return { status: 'quoted', count: records.length, quote: total, remaining: peeked.remainingToday };
    }
    if (!request.confirmed && passesBudget(total, peeked.remainingToday)) {
      return { status: 'needs-confirmation', quote: total, remaining: peeked.remainingToday ?? 0 };
    }
    for (const [index, record] of records.entries()) {
      await update(request.id, record.key, (r) => {
        r.status = 'queued';
        r.requestId = deps.newId();
        r.policy = refresh ? 'refresh' : 'cache-first';
        r.quote = quotes[index]!;
        r.error = undefined;
        // What it cost before stays spent (the list's total and its Credits column keep it).
        r.earlier = (r.earlier ?? 0) + (r.credits ?? 0);
        r.credits = undefined;
      });
    }
    const restarted = await updateList(request.id, (l) => {
      l.status = 'running';
      l.pauseRequested = false;
      l.cancelRequested = false;
      l.stopReason = undefined;
      l.quote = total;
      if (request.confirmed) Object.assign(l, confirmationOf(now()));
    });
    runner.drive(request.id);
    return { status: 'started', list: await summaryOf(restarted ?? list) };
  }

  /** Deletes a list and everything it holds; one running is stopped first (calls in flight finish). */
  async function remove(id: string): Promise<void> {
    runner.hold(id);
    const db = await deps.db();
    const tx = db.transaction(['lists', 'listRows', 'listRequests'], 'readwrite');
    await deleteList(tx, id);
    await tx.done;
  }

  return {
    quote,
    start,
    state,
    input,
    all,
    control,
    retry,
    remove,
    /** When a worker starts: running lists go on. */
    resume: runner.resume,
    settled: runner.settled,
  };
}
