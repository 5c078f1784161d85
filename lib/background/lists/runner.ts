/**
 * Lists (background only): a file of hundreds or thousands of rows enriched as one journaled job
 * that no page drives. The page parses the file and says which request enriches each row; from
 * then on the list lives here, in IndexedDB (lib/background/db.ts `lists`, `listRows`, `listRequests`):
 *
 * - rows asking the same thing (the same cache key) share one request, asked and paid once;
 * - each request is one `run` of the service with a request id chosen when it was queued, through
 *   the one scheduler at batch priority (a click in the panel still goes first), so it is journaled
 *   before it leaves, and a request asked again after a restart is answered from its record or told
 *   what it cost: never paid twice (lib/background/service.ts);
 * - a worker that starts resumes every running list; requests a stopped worker left in flight are
 *   asked again under their own ids first; interrupted ones are settled by the balance;
 * - Pause and Cancel let the calls in flight finish (and be paid); the ones still waiting for a
 *   slot give up without leaving;
 * - a spend cap stops it before a request that could pass the cap; the daily budget stops it as
 *   each request leaves (unless the person confirmed past it);
 * - the header keeps running totals, changed in the same transaction as each request, so the page
 *   polls a summary and the requests that changed since its last look, never the whole list.
 */
import type { IDBPDatabase } from 'idb';
import { endpointTitle, summarizeParams } from '../../api/endpoint-info';
import { type ApiErrorJson, asksToWaitPastCap } from '../../api/errors';
import { DEFAULT_FRESHNESS } from '../../freshness';
import { isWorking, sumQuotes } from '../../job-summary';
import type {
  InterruptedCall,
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
  ListStatus,
  ListSummary,
  PeekRequest,
  RunResult,
} from '../../protocol';
import type { QuoteBounds } from '../../quote-format';
import { BATCH_CONCURRENCY, budgetStop, passesBudget, STOPPING_KINDS } from '../batches';
import { confirmationOf, confirmedForToday } from '../budget';
import type { EnrichmentDb, ListRecord, ListRequestRecord, ListRowRecord } from '../db';
import type { EnrichmentService } from '../service';
import { readEnriched } from './enriched';
import { deleteList, ofList } from './list-records';

type Db = IDBPDatabase<EnrichmentDb>;
type Service = Pick<EnrichmentService, 'peekMany' | 'run' | 'requestState' | 'settleNow'>;

export interface ListDeps {
  db: () => Promise<Db>;
  service: Service;
  /** The pace the scheduler allows this key now (requests a minute). */
  ratePerMinute: () => Promise<number>;
  /** A list's id, and a request id for each request, chosen when it is queued. */
  newId: () => string;
  now?: () => number;
  /** How long to wait between two readings while an interrupted request settles. */
  settlePollMs?: number;
  sleep?: (ms: number) => Promise<void>;
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

/** A cost not published counts this much against a spend cap (the budget's estimate for v3 calls). */
const UNPUBLISHED_CAP_ESTIMATE = 3;

function capStop(cap: number): ApiErrorJson {
  return {
    name: 'ApiError',
    kind: 'budget',
    message: `Stopped at your cap of ${cap} ${cap === 1 ? 'credit' : 'credits'}`,
    description: 'The rows not asked cost nothing. Raise the cap to go on.',
  };
}

/** The most a request can still cost, for the spend cap. */
function worstCost(quote: { min: number | null; max: number | null }): number {
  return (
    quote.max ??
    (quote.min === null ? UNPUBLISHED_CAP_ESTIMATE : Math.max(quote.min, UNPUBLISHED_CAP_ESTIMATE))
  );
}

export function createLists(deps: ListDeps) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const settlePollMs = deps.settlePollMs ?? 2_000;
  /** The loop driving each list in this worker; one per list. */
  const loops = new Map<string, Promise<void>>();
  /** Aborted by Pause and Cancel: requests still waiting for their turn give up (none has left). */
  const holds = new Map<string, AbortController>();
  /** When requests of each list were answered in the last minute: its pace. Memory only. */
  const answeredAt = new Map<string, number[]>();

  function noteAnswered(listId: string): void {
    const at = now();
    const recent = (answeredAt.get(listId) ?? []).filter((time) => at - time < 60_000);
    recent.push(at);
    answeredAt.set(listId, recent);
  }

  function perMinute(listId: string): number {
    const at = now();
    return (answeredAt.get(listId) ?? []).filter((time) => at - time < 60_000).length;
  }

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
      perMinute: perMinute(list.id),
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
    drive(id);
    return { status: 'started', list: await summaryOf(list) };
  }

  /**
   * Changes one request and the list's running totals together, in one transaction. Returns the
   * request as changed, or undefined when the list (or the request) is gone (deleted meanwhile).
   */
  async function update(
    listId: string,
    key: string,
    change: (request: ListRequestRecord) => void,
  ): Promise<ListRequestRecord | undefined> {
    const db = await deps.db();
    const tx = db.transaction(['lists', 'listRequests'], 'readwrite');
    const [list, request] = await Promise.all([
      tx.objectStore('lists').get(listId),
      tx.objectStore('listRequests').get([listId, key]),
    ]);
    if (!list || !request) {
      await tx.done;
      return undefined;
    }
    const paid = (r: ListRequestRecord) => (r.earlier ?? 0) + (r.credits ?? 0);
    const before = { status: request.status, paid: paid(request) };
    change(request);
    request.updatedAt = now();
    list.counts[before.status] -= 1;
    list.counts[request.status] += 1;
    list.spent += paid(request) - before.paid;
    if (before.status === 'done') list.rowsDone -= request.rows;
    if (request.status === 'done') list.rowsDone += request.rows;
    list.updatedAt = request.updatedAt;
    await Promise.all([tx.objectStore('listRequests').put(request), tx.objectStore('lists').put(list)]);
    await tx.done;
    return request;
  }

  async function updateList(id: string, change: (list: ListRecord) => void): Promise<ListRecord | undefined> {
    const db = await deps.db();
    const tx = db.transaction('lists', 'readwrite');
    const list = await tx.store.get(id);
    if (list) {
      change(list);
      list.updatedAt = now();
      await tx.store.put(list);
    }
    await tx.done;
    return list;
  }

  function drive(id: string): void {
    if (loops.has(id)) return;
    const hold = new AbortController();
    holds.set(id, hold);
    const loop = work(id, hold.signal)
      .catch((error) => console.warn('A list stopped on an unexpected error', error))
      .finally(() => {
        loops.delete(id);
        holds.delete(id);
      });
    loops.set(id, loop);
  }

  /** The next requests to ask, in file order: those a stopped worker left running first. */
  async function nextToAsk(db: Db, id: string, count: number): Promise<ListRequestRecord[]> {
    const index = db.transaction('listRequests').store.index('byStatus');
    const range = (status: ListRequestStatus) =>
      IDBKeyRange.bound([id, status, Number.NEGATIVE_INFINITY], [id, status, Number.POSITIVE_INFINITY]);
    const [running, queued] = await Promise.all([
      index.getAll(range('running'), count),
      index.getAll(range('queued'), count),
    ]);
    return [...running, ...queued];
  }

  /**
   * Asks the requests, up to BATCH_CONCURRENCY at once, then waits for interrupted ones to settle;
   * resumable at any step. Pause, Cancel, the cap or the budget let the calls in flight finish.
   */
  async function work(id: string, held: AbortSignal): Promise<void> {
    const inFlight = new Map<string, Promise<[string, ApiErrorJson | null]>>();
    /** The most each call in flight can cost, for the cap. */
    const reserved = new Map<string, number>();
    let stop: ApiErrorJson | null = null;
    for (;;) {
      const db = await deps.db();
      const list = await db.get('lists', id);
      if (!list || !isWorking(list.status)) return;
      // `held`: Pause or Cancel was pressed while this loop ran; a Resume since starts a new loop.
      const holding = list.cancelRequested || list.pauseRequested || stop !== null || held.aborted;
      if (!holding && inFlight.size < BATCH_CONCURRENCY) {
        for (const request of await nextToAsk(db, id, BATCH_CONCURRENCY + inFlight.size)) {
          if (inFlight.size >= BATCH_CONCURRENCY) break;
          if (inFlight.has(request.key)) continue;
          // Quoted again as it leaves: a row counted free for its cached answer is asked from the
          // cache only, or, its entry gone, counts at its price.
          const { quote, fromCacheOnly } = await quoteAsItLeaves(request);
          const worst = worstCost(quote);
          if (list.cap !== null) {
            const committed = list.spent + [...reserved.values()].reduce((sum, cost) => sum + cost, 0);
            if (committed + worst > list.cap) {
              stop = capStop(list.cap);
              break;
            }
          }
          reserved.set(request.key, worst);
          inFlight.set(
            request.key,
            ask(list, request, held, fromCacheOnly).then((reason): [string, ApiErrorJson | null] => [
              request.key,
              reason,
            ]),
          );
        }
      }
      if (inFlight.size > 0) {
        const [key, reason] = await Promise.race(inFlight.values());
        inFlight.delete(key);
        reserved.delete(key);
        stop ??= reason;
        continue;
      }
      if (list.cancelRequested) return finish(id, 'cancelled');
      if (stop) return finish(id, 'stopped', stop);
      if (list.pauseRequested) return finish(id, 'paused');
      if (held.aborted) return;
      if (!(await settleInterrupted(list))) return finish(id, 'done');
      if (list.status !== 'settling') {
        await updateList(id, (l) => {
          l.status = 'settling';
        });
      }
      await sleep(settlePollMs);
      await deps.service.settleNow();
    }
  }

  /**
   * A request's price as it leaves. One quoted free because its answer was cached at the dry run
   * is asked from the cache only while it is there (it can then cost nothing); once its entry is
   * gone (evicted, cleared) it counts at its price, so that the cap holds.
   */
  async function quoteAsItLeaves(
    request: ListRequestRecord,
  ): Promise<{ quote: QuoteBounds; fromCacheOnly: boolean }> {
    if (request.policy !== 'cache-first' || request.quote.max !== 0)
      return { quote: request.quote, fromCacheOnly: false };
    const [row] = (
      await deps.service.peekMany([
        { endpointId: request.endpointId, params: request.params as PeekRequest['params'] },
      ])
    ).rows;
    if (!row?.ok) return { quote: request.quote, fromCacheOnly: false };
    if (row.cached) return { quote: FREE, fromCacheOnly: true };
    return { quote: { min: row.quote.min, max: row.quote.max }, fromCacheOnly: false };
  }

  /**
   * Asks one request (again, under its own id, after a restart). Returns why to stop, if so.
   * `fromCacheOnly`: it was counted free for its cached answer; if that is gone by now, it goes
   * back to the queue to be quoted again, unasked.
   */
  async function ask(
    list: ListRecord,
    request: ListRequestRecord,
    held: AbortSignal,
    fromCacheOnly = false,
  ): Promise<ApiErrorJson | null> {
    if (request.status === 'queued') {
      await update(list.id, request.key, (r) => {
        r.status = 'running';
      });
    }
    const result = await deps.service.run({
      requestId: request.requestId,
      endpointId: request.endpointId,
      params: request.params as PeekRequest['params'],
      policy: fromCacheOnly ? 'cache-only' : request.policy,
      // Only a list the person confirmed past today's budget passes it (that day); the others check as they go.
      confirmed: confirmedForToday(list, now()),
      // The list sends its own interrupted requests again (lib/background/service.ts leaves them to it).
      batchId: list.id,
      signal: held,
    });
    if (result.status === 'error' && result.error.kind === 'aborted') {
      // Paused or cancelled while it waited for its turn: never asked.
      await update(list.id, request.key, (r) => {
        r.status = 'queued';
      });
      return null;
    }
    if (result.status === 'needs-confirmation') {
      await update(list.id, request.key, (r) => {
        r.status = 'queued';
      });
      return budgetStop(result.remaining);
    }
    if (result.status === 'not-cached') {
      // Its cached answer left since it was quoted free: back to the queue, quoted again as it leaves.
      await update(list.id, request.key, (r) => {
        r.status = 'queued';
      });
      return null;
    }
    if (result.status === 'error' && asksToWaitPastCap(result.error)) {
      // Refused with a 429 (nothing charged): back to the queue; the list stops with what the service asked.
      await update(list.id, request.key, (r) => {
        r.status = 'queued';
      });
      return result.error;
    }
    await update(list.id, request.key, (r) => Object.assign(r, outcome(r, result)));
    noteAnswered(list.id);
    if (result.status === 'error' && STOPPING_KINDS.has(result.error.kind)) return result.error;
    return null;
  }

  function outcome(request: ListRequestRecord, result: RunResult): Partial<ListRequestRecord> {
    switch (result.status) {
      case 'answer': {
        const { fields, noMatch } = readEnriched(request.endpointId, result.data);
        return {
          status: 'done',
          credits: result.credits,
          cached: result.cached,
          fetchedAt: result.fetchedAt,
          enriched: fields ?? undefined,
          noMatch,
          error: undefined,
        };
      }
      case 'answer-gone':
        // Answered and paid before (never asked again under its id): what it gave is kept as it was.
        return {
          status: 'done',
          credits: result.credits,
          cached: false,
          fetchedAt: result.at,
          error: undefined,
        };
      case 'interrupted':
        return { status: 'interrupted', credits: result.interrupted.credits };
      case 'error':
        return {
          status: result.error.kind === 'do-not-enrich' ? 'refused' : 'failed',
          // An answer about someone on the do-not-enrich list was paid, though not kept.
          credits: result.error.charged ?? 0,
          error: result.error,
        };
      default:
        return {
          status: 'failed',
          credits: 0,
          error: { name: 'ApiError', kind: 'invalid', message: 'The service was not asked' },
        };
    }
  }

  /**
   * Interrupted requests: each is read again (its cost may change until it settles) and, when
   * certainly not charged and the list goes on, sent again under its id. Returns whether any is
   * still waiting for the balance to settle.
   */
  async function settleInterrupted(list: ListRecord): Promise<boolean> {
    const db = await deps.db();
    const interrupted = await db
      .transaction('listRequests')
      .store.index('byStatus')
      .getAll(
        IDBKeyRange.bound(
          [list.id, 'interrupted', Number.NEGATIVE_INFINITY],
          [list.id, 'interrupted', Number.POSITIVE_INFINITY],
        ),
      );
    let waiting = false;
    for (const request of interrupted) {
      const state = await deps.service.requestState(request.requestId);
      if (state.state === 'in-flight') {
        waiting = true;
        continue;
      }
      const resume = state.state === 'done' || (state.state === 'interrupted' && state.resumable);
      if (resume && !list.cancelRequested) {
        // Certainly not charged, and within the list's budget when it first left: asked again.
        const result = await deps.service.run({
          requestId: request.requestId,
          endpointId: request.endpointId,
          params: request.params as PeekRequest['params'],
          policy: request.policy,
          confirmed: true,
          batchId: list.id,
        });
        await update(list.id, request.key, (r) => Object.assign(r, outcome(r, result)));
        if (result.status === 'interrupted' && !result.interrupted.settled) waiting = true;
        continue;
      }
      if (state.state === 'interrupted') {
        await update(list.id, request.key, (r) => {
          r.credits = state.interrupted.credits;
        });
        if (!state.interrupted.settled) waiting = true;
      }
    }
    return waiting;
  }

  /** Ends a run of the list: cancelled lists give up their queued requests; paused ones keep them. */
  async function finish(id: string, status: ListStatus, stopReason?: ApiErrorJson): Promise<void> {
    const db = await deps.db();
    const tx = db.transaction(['lists', 'listRequests'], 'readwrite');
    const list = await tx.objectStore('lists').get(id);
    // Gone, or resumed since this loop decided to pause: the next loop goes on.
    if (!list || (status === 'paused' && !list.pauseRequested)) return;
    if (status === 'cancelled') {
      const index = tx.objectStore('listRequests').index('byStatus');
      const range = IDBKeyRange.bound(
        [id, 'queued', Number.NEGATIVE_INFINITY],
        [id, 'queued', Number.POSITIVE_INFINITY],
      );
      for (let cursor = await index.openCursor(range); cursor; cursor = await cursor.continue()) {
        await cursor.update({ ...cursor.value, status: 'skipped', updatedAt: now() });
        list.counts.queued -= 1;
        list.counts.skipped += 1;
      }
    }
    list.status = status;
    list.pauseRequested = false;
    if (stopReason) list.stopReason = stopReason;
    list.updatedAt = now();
    await tx.objectStore('lists').put(list);
    await tx.done;
  }

  async function interruptionOf(record: ListRequestRecord): Promise<InterruptedCall | null> {
    if (record.status !== 'interrupted') return null;
    const state = await deps.service.requestState(record.requestId);
    return state.state === 'interrupted' ? state.interrupted : null;
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
      interrupted: await interruptionOf(record),
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
    if (isWorking(list.status)) drive(id);
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
    if (request.action !== 'resume') holds.get(id)?.abort();
    if (
      request.action === 'cancel' &&
      !isWorking(list.status) &&
      list.status !== 'cancelled' &&
      list.status !== 'done'
    ) {
      // Nothing runs: it ends here.
      await finish(id, 'cancelled');
    }
    if (request.action === 'resume' && isWorking(list.status)) {
      // A loop still draining after Pause ends on its own; a new one starts after it.
      const draining = loops.get(id);
      if (draining) void draining.then(() => drive(id));
      else drive(id);
    }
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
    drive(request.id);
    return { status: 'started', list: await summaryOf(restarted ?? list) };
  }

  /** Deletes a list and everything it holds; one running is stopped first (calls in flight finish). */
  async function remove(id: string): Promise<void> {
    holds.get(id)?.abort();
    const db = await deps.db();
    const tx = db.transaction(['lists', 'listRows', 'listRequests'], 'readwrite');
    await deleteList(tx, id);
    await tx.done;
  }

  /** When a worker starts: running lists go on. */
  async function resume(): Promise<number> {
    const db = await deps.db();
    let resumed = 0;
    for (const status of ['running', 'settling'] as const) {
      for (const list of await db.getAllFromIndex('lists', 'byStatus', status)) {
        drive(list.id);
        resumed += 1;
      }
    }
    return resumed;
  }

  /** For tests: resolves once the list's loop in this worker has ended. */
  async function settled(id: string): Promise<void> {
    await loops.get(id);
  }

  return { quote, start, state, input, all, control, retry, remove, resume, settled };
}
