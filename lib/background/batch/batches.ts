/**
 * Batches from "Found on this page": the person selects rows and asks once; the background asks
 * the service for them as a job of its own that no page drives (../jobs/runner.ts runs it: several
 * rows at once through the one scheduler, resumed after a worker stops, never paid twice). This is
 * the batch's part: its items, each with a request id chosen when it was made (kept and ended as
 * ./batch-job.ts says), what the panel shows of it, and the one control, Cancel, which stops
 * before the next item: those in flight finish and are paid. A batch that fit what was left
 * of today's budget when it started stops at the budget if other spending took it meanwhile; only a
 * batch the person confirmed past the budget goes on.
 *
 * What pages read of a batch too (quote sums, a line for an answer) is in lib/job-summary.ts.
 */
import type { IDBPDatabase } from 'idb';
import type { ApiErrorJson } from '../../api/errors';
import { answerLine, isWorking, sumQuotes } from '../../job-summary';
import type {
  BatchItemView,
  BatchPeek,
  BatchStartRequest,
  BatchStartResult,
  BatchView,
  InterruptedCall,
  PeekRequest,
  Quote,
} from '../../protocol';
import { confirmationOf } from '../budget';
import type { BatchItemRecord, BatchRecord, EnrichmentDb } from '../db';
import { createJobRunner, type JobRunnerDeps, passesBudget } from '../jobs/runner';
import { createBatchJob } from './batch-job';

/** A cached row's quote: nothing to pay. */
const FREE: Quote = { min: 0, max: 0, lines: ['cached: 0 credits'] };

export interface BatchDeps extends JobRunnerDeps {
  db: () => Promise<IDBPDatabase<EnrichmentDb>>;
  /** A request id for each item, chosen when the batch is made. */
  newId: () => string;
}

/** Finished batches are kept this long (the panel shows the last one of a page). */
const BATCH_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** A batch as the panel shows it, with what its lost items cost (the balance says). */
function viewOf(batch: BatchRecord, interruptions: readonly (InterruptedCall | null)[]): BatchView {
  const items = batch.items.map(
    (item, index): BatchItemView => ({
      key: item.key,
      label: item.label,
      endpointId: item.endpointId,
      status: item.status,
      quote: { ...item.quote, lines: [] },
      credits: interruptions[index]?.credits ?? item.credits ?? null,
      cached: item.cached ?? false,
      answer: item.answer ?? null,
      error: (item.error as ApiErrorJson | undefined) ?? null,
      interrupted: interruptions[index] ?? null,
    }),
  );
  return {
    id: batch.id,
    tabId: batch.tabId,
    pageUrl: batch.pageUrl,
    status: batch.status,
    cancelRequested: batch.cancelRequested,
    createdAt: batch.createdAt,
    items,
    asked: items.filter((item) => ['done', 'failed', 'interrupted'].includes(item.status)).length,
    spent: items.reduce((sum, item) => sum + (item.credits ?? 0), 0),
    quote: sumQuotes(batch.items.map((item) => item.quote)),
    stopReason: (batch.stopReason as ApiErrorJson | undefined) ?? null,
  };
}

/** A batch of the page's rows as it is kept, each priced as it was quoted (free when cached). */
function newBatch(
  request: BatchStartRequest,
  peeked: BatchPeek,
  at: number,
  newId: () => string,
): BatchRecord {
  return {
    id: request.startId,
    ...(request.confirmed ? confirmationOf(at) : { confirmed: false }),
    tabId: request.tabId,
    pageUrl: request.pageUrl,
    createdAt: at,
    updatedAt: at,
    status: 'running',
    cancelRequested: false,
    items: request.items.map((item, index): BatchItemRecord => {
      const row = peeked.rows[index]!;
      const quote = row.ok && !row.cached ? row.quote : FREE;
      return {
        key: item.key,
        label: item.label,
        endpointId: item.endpointId,
        params: item.params,
        requestId: newId(),
        quote: { min: quote.min, max: quote.max },
        status: 'queued',
      };
    }),
  };
}

export function createBatches(deps: BatchDeps) {
  const now = deps.now ?? Date.now;
  const { kind, update } = createBatchJob({ db: deps.db, now, service: deps.service });
  const runner = createJobRunner(kind, deps);

  async function view(batch: BatchRecord): Promise<BatchView> {
    return viewOf(batch, await Promise.all(batch.items.map(runner.interruptionOf)));
  }

  /**
   * Quote and cache state of many rows, from one message and one IndexedDB transaction, and in team
   * mode one batch peek of the hub (what the team has is quoted 0, its CRM's rows marked).
   */
  async function peek(requests: readonly PeekRequest[]): Promise<BatchPeek> {
    const { rows, remainingToday } = await deps.service.peekMany(requests, { team: true });
    const shown = rows.map((row) => {
      if (!row.ok) return row;
      const cached = row.cached
        ? {
            fetchedAt: row.cached.fetchedAt,
            ageMs: row.cached.ageMs,
            stale: row.cached.stale,
            answer: answerLine(row.cached.endpointId, row.cached.data),
          }
        : null;
      return {
        ok: true as const,
        quote: row.quote,
        cached,
        ...(row.teamCrm ? { teamCrm: row.teamCrm } : {}),
      };
    });
    const uncached = shown.flatMap((row) => (row.ok && !row.cached ? [row.quote] : []));
    return { rows: shown, total: sumQuotes(uncached), remainingToday };
  }

  async function start(request: BatchStartRequest): Promise<BatchStartResult> {
    const db = await deps.db();
    // Asked again after the worker stopped before answering: the batch that start began.
    const begun = await db.get('batches', request.startId);
    if (begun) {
      if (isWorking(begun.status)) runner.drive(begun.id);
      return { status: 'started', batch: await view(begun) };
    }
    const running = (await db.getAllFromIndex('batches', 'byTab', request.tabId)).find((batch) =>
      isWorking(batch.status),
    );
    if (running) {
      return {
        status: 'error',
        error: {
          name: 'ApiError',
          kind: 'invalid',
          message: 'A batch is already running on this tab',
          description: 'Wait for it to finish, or cancel it, before starting another.',
        },
      };
    }
    const peeked = await peek(request.items);
    const refused = peeked.rows.find((row) => !row.ok);
    if (refused && !refused.ok) return { status: 'error', error: refused.error };
    const { total, remainingToday } = peeked;
    if (!request.confirmed && passesBudget(total, remainingToday)) {
      return { status: 'needs-confirmation', quote: total, remaining: remainingToday ?? 0 };
    }
    const batch = newBatch(request, peeked, now(), deps.newId);
    await db.put('batches', batch);
    runner.drive(batch.id);
    return { status: 'started', batch: await view(batch) };
  }

  /** The latest batch started from this tab, or null. */
  async function get(tabId: number): Promise<BatchView | null> {
    const db = await deps.db();
    const batches = await db.getAllFromIndex('batches', 'byTab', tabId);
    const latest = batches.reduce<BatchRecord | null>(
      (last, batch) => (last === null || batch.createdAt >= last.createdAt ? batch : last),
      null,
    );
    if (!latest) return null;
    // A worker that started since has not resumed it yet (nothing woke it): do it now.
    if (isWorking(latest.status)) runner.drive(latest.id);
    return view(latest);
  }

  /** No further item is asked; the one in flight finishes and is paid. */
  async function cancel(batchId: string): Promise<BatchView | null> {
    const batch = await update(batchId, (b) => {
      if (isWorking(b.status)) b.cancelRequested = true;
    });
    if (!batch) return null;
    runner.hold(batchId);
    if (isWorking(batch.status)) runner.drive(batch.id);
    return view(batch);
  }

  /** When a worker starts: running batches go on; old finished ones are dropped. */
  async function resume(): Promise<number> {
    const db = await deps.db();
    for (const batch of await db.getAll('batches')) {
      if (!isWorking(batch.status) && now() - batch.updatedAt > BATCH_RETENTION_MS)
        await db.delete('batches', batch.id);
    }
    return runner.resume();
  }

  return { peek, start, get, cancel, resume, settled: runner.settled };
}
