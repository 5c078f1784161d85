/**
 * Lists (background only): a file of hundreds or thousands of rows enriched as one job that no
 * page drives (../jobs/runner.ts runs it; ./list-job.ts is where its records are kept). The page
 * parses the file and says which request enriches each row; from then on the list lives here, in
 * IndexedDB (lib/background/db.ts `lists`, `listRows`, `listRequests`). Rows asking the same thing
 * (the same cache key) share one request, asked and paid once (./list-import.ts). A list has a
 * spend cap, and Pause, Resume and Cancel; failed rows, or answers older than an age, can be asked
 * again, quoted first (./list-controls.ts).
 */
import type { IDBPDatabase } from 'idb';
import type { ApiErrorJson } from '../../api/errors';
import { DEFAULT_FRESHNESS } from '../../freshness';
import { isWorking, sumQuotes } from '../../job-summary';
import type {
  InterruptedCall,
  ListInput,
  ListQuote,
  ListRequestView,
  ListStartRequest,
  ListStartResult,
  ListState,
  ListSummary,
  PeekRequest,
  Quote,
} from '../../protocol';
import type { QuoteBounds } from '../../quote-format';
import type { EnrichmentDb, ListRecord, ListRequestRecord } from '../db';
import { createJobRunner, type JobRunnerDeps, passesBudget } from '../jobs/runner';
import type { PeekedRow } from '../views';
import { createListControls } from './list-controls';
import { importedList } from './list-import';
import { createListJob } from './list-job';
import { ofList } from './list-records';

export interface ListDeps extends JobRunnerDeps {
  db: () => Promise<IDBPDatabase<EnrichmentDb>>;
  /** The pace the scheduler allows this key now (requests a minute). */
  ratePerMinute: () => Promise<number>;
  /** A list's id, and a request id for each request, chosen when it is queued. */
  newId: () => string;
}

/** A list as its page shows it, with the pace it goes at now (`perMinute`) and may go at (`ratePerMinute`). */
function summaryOf(list: ListRecord, perMinute: number, ratePerMinute: number): ListSummary {
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
    perMinute,
    ratePerMinute,
    stopReason: (list.stopReason as ApiErrorJson | undefined) ?? null,
  };
}

/** One of a list's requests as its page shows it, with what the balance says a lost one cost. */
function requestViewOf(
  record: ListRequestRecord,
  freshness: ListSummary['options']['freshness'],
  interrupted: InterruptedCall | null,
): ListRequestView {
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
    interrupted,
    updatedAt: record.updatedAt,
  };
}

/** A peeked row as the lists page shows it in its dry run. */
function quotedRow(row: PeekedRow): ListQuote['rows'][number] {
  if (!row.ok) return row;
  return {
    ok: true,
    key: row.key,
    quote: row.quote,
    cachedAt: row.cached?.fetchedAt ?? null,
    ...(row.teamCrm ? { teamCrm: row.teamCrm } : {}),
  };
}

/** What a list's rows cost: each request not cached once, however many rows ask it. */
function uncachedTotal(rows: readonly PeekedRow[]): Quote {
  const seen = new Set<string>();
  const uncached: QuoteBounds[] = [];
  for (const row of rows) {
    if (!row.ok || seen.has(row.key)) continue;
    seen.add(row.key);
    if (!row.cached) uncached.push(row.quote);
  }
  return sumQuotes(uncached);
}

export function createLists(deps: ListDeps) {
  const now = deps.now ?? Date.now;
  const listJob = createListJob({ db: deps.db, now, service: deps.service });
  const runner = createJobRunner(listJob.kind, deps);
  const { control, retry, remove } = createListControls({ ...deps, now, job: listJob, runner, summary });

  async function summary(list: ListRecord): Promise<ListSummary> {
    return summaryOf(list, runner.perMinute(list.id), await deps.ratePerMinute());
  }

  /**
   * Quote and cache state of a list's requests, before anything is spent: one message, one read,
   * and in team mode one batch peek of the hub (what the team has is quoted 0, its CRM's rows marked).
   */
  async function quote(requests: readonly PeekRequest[]): Promise<ListQuote> {
    const [{ rows, remainingToday, teamLeftToday }, ratePerMinute] = await Promise.all([
      deps.service.peekMany(requests, { teamBudget: true, team: true }),
      deps.ratePerMinute(),
    ]);
    return {
      rows: rows.map(quotedRow),
      total: uncachedTotal(rows),
      remainingToday,
      ...(teamLeftToday !== undefined ? { teamLeftToday } : {}),
      ratePerMinute,
    };
  }

  async function start(request: ListStartRequest): Promise<ListStartResult> {
    if (request.targets.length !== request.rows.length) {
      return {
        status: 'error',
        error: { name: 'ApiError', kind: 'invalid', message: 'Every row needs its request or a reason' },
      };
    }
    // Asked again after the worker stopped before answering: the list that start began.
    const begun = await (await deps.db()).get('lists', request.startId);
    if (begun) {
      if (isWorking(begun.status)) runner.drive(begun.id);
      return { status: 'started', list: await summary(begun) };
    }
    const peeked = await quote(request.requests);
    if (!request.confirmed && passesBudget(peeked.total, peeked.remainingToday)) {
      return { status: 'needs-confirmation', quote: peeked.total, remaining: peeked.remainingToday ?? 0 };
    }
    const { list, rows, requests } = importedList(request, peeked, request.startId, now(), deps.newId);
    const db = await deps.db();
    const tx = db.transaction(['lists', 'listRows', 'listRequests'], 'readwrite');
    void tx.objectStore('lists').put(list);
    for (const row of rows) void tx.objectStore('listRows').put(row);
    for (const record of requests) void tx.objectStore('listRequests').put(record);
    await tx.done;
    runner.drive(list.id);
    return { status: 'started', list: await summary(list) };
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
    const requests = await Promise.all(
      changed.map(async (record) =>
        requestViewOf(record, list.options.freshness, await runner.interruptionOf(record)),
      ),
    );
    return { summary: await summary(list), requests, at };
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
    return Promise.all(lists.map(summary));
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
