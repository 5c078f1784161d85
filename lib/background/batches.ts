/**
 * Batches from "Found on this page": the person selects rows and asks once; the background asks
 * the service for the rows, several at once (BATCH_CONCURRENCY) through the one scheduler, as a
 * journaled job of its own that no page drives. Closing the panel does not stop it, and a worker
 * that stops half-way loses nothing:
 *
 * - the batch (its items, each with a request id chosen when it was made, and their states) is in
 *   IndexedDB (./db.ts `batches`), written on every step;
 * - each item is one `run` of the service with its request id, so the call is journaled before it
 *   leaves, and an item asked again after a restart is answered from its record or, if its answer
 *   was lost in flight, told what it cost: it is never paid twice (./service.ts);
 * - a worker that starts resumes every running batch (`resume`); the item in flight when the last
 *   one stopped is settled by the balance, and sent again only if it was certainly not charged,
 *   which the batch waits for before it calls itself done;
 * - Cancel stops before the next item: those in flight finish and are paid;
 * - each item checks the daily budget as it leaves (./budget.ts): a batch that fit what was left
 *   when it started stops at the budget if other spending took it meanwhile; only a batch the
 *   person confirmed past the budget goes on.
 *
 * What pages read of a batch too (quote sums, a line for an answer) is in lib/job-summary.ts.
 */
import type { IDBPDatabase } from 'idb';
import { type ApiErrorJson, asksToWaitPastCap } from '../api/errors';
import { answerLine, isWorking, sumQuotes } from '../job-summary';
import type {
  BatchItemView,
  BatchPeek,
  BatchStartRequest,
  BatchStartResult,
  BatchView,
  InterruptedCall,
  PeekRequest,
  Quote,
  RunResult,
} from '../protocol';
import { confirmationOf, confirmedForToday } from './budget';
import type { BatchItemRecord, BatchRecord, BatchStatus, EnrichmentDb } from './db';
import type { EnrichmentService } from './service';

/** A cached row's quote: nothing to pay. */
const FREE: Quote = { min: 0, max: 0, lines: ['cached: 0 credits'] };

/**
 * Whether many requests that cost `total` together may pass what is left of today's budget (null:
 * no budget), so the person confirms first: at their most, or at all when the price is not published.
 */
export function passesBudget(total: Quote, remainingToday: number | null): boolean {
  if (remainingToday === null) return false;
  const unpublished = total.min === null && total.max === null;
  return unpublished ? remainingToday === 0 : (total.max ?? Number.POSITIVE_INFINITY) > remainingToday;
}

type Service = Pick<EnrichmentService, 'peekMany' | 'run' | 'requestState' | 'settleNow'>;

export interface BatchDeps {
  db: () => Promise<IDBPDatabase<EnrichmentDb>>;
  service: Service;
  /** A request id for each item, chosen when the batch is made. */
  newId: () => string;
  now?: () => number;
  /** How long to wait between two readings while an interrupted item settles. */
  settlePollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Finished batches are kept this long (the panel shows the last one of a page). */
const BATCH_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Errors after which no further item can succeed: the key is refused, or the credits ran out. */
export const STOPPING_KINDS: ReadonlySet<string> = new Set(['auth', 'credits']);

/**
 * Rows asked at once. The scheduler paces them to the rate limit (300 a minute: one every 200 ms);
 * at the provider's ~2 s an answer that keeps about 10 in flight, so this leaves headroom.
 */
export const BATCH_CONCURRENCY = 16;

/** Why a batch (or a list) stopped before its rows were all asked: today's budget was reached. */
export function budgetStop(remaining: number): ApiErrorJson {
  return {
    name: 'ApiError',
    kind: 'budget',
    message: `Stopped at today's budget: ${remaining} ${remaining === 1 ? 'credit' : 'credits'} left`,
    description:
      'The rows not asked cost nothing. Raise the daily budget in the options, or start them again and confirm.',
  };
}

export function createBatches(deps: BatchDeps) {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const settlePollMs = deps.settlePollMs ?? 2_000;
  /** The loop driving each batch in this worker; one per batch. */
  const loops = new Map<string, Promise<void>>();
  /** Aborted by Cancel: the batch's rows still waiting for their turn give up (none has left). */
  const cancels = new Map<string, AbortController>();

  /** Quote and cache state of many rows, from one message and one IndexedDB transaction. */
  async function peek(requests: readonly PeekRequest[]): Promise<BatchPeek> {
    const { rows, remainingToday } = await deps.service.peekMany(requests);
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
      return { ok: true as const, quote: row.quote, cached };
    });
    const uncached = shown.flatMap((row) => (row.ok && !row.cached ? [row.quote] : []));
    return { rows: shown, total: sumQuotes(uncached), remainingToday };
  }

  async function update(id: string, change: (batch: BatchRecord) => void): Promise<BatchRecord | undefined> {
    const db = await deps.db();
    const tx = db.transaction('batches', 'readwrite');
    const batch = await tx.store.get(id);
    if (batch) {
      change(batch);
      batch.updatedAt = now();
      await tx.store.put(batch);
    }
    await tx.done;
    return batch;
  }

  async function start(request: BatchStartRequest): Promise<BatchStartResult> {
    const db = await deps.db();
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
    const at = now();
    const batch: BatchRecord = {
      id: deps.newId(),
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
          requestId: deps.newId(),
          quote: { min: quote.min, max: quote.max },
          status: 'queued',
        };
      }),
    };
    await db.put('batches', batch);
    drive(batch.id);
    return { status: 'started', batch: await view(batch) };
  }

  function drive(id: string): void {
    if (loops.has(id)) return;
    const cancel = new AbortController();
    cancels.set(id, cancel);
    const loop = work(id, cancel.signal)
      .catch((error) => console.warn('A batch stopped on an unexpected error', error))
      .finally(() => {
        loops.delete(id);
        cancels.delete(id);
      });
    loops.set(id, loop);
  }

  /**
   * Asks the items, up to BATCH_CONCURRENCY at once, then waits for interrupted ones to settle;
   * resumable at any step. Cancel, or a reason to stop, lets the items in flight finish first.
   */
  async function work(id: string, cancelled: AbortSignal): Promise<void> {
    const inFlight = new Map<number, Promise<[number, ApiErrorJson | null]>>();
    let stop: ApiErrorJson | null = null;
    for (;;) {
      const db = await deps.db();
      const batch = await db.get('batches', id);
      if (!batch || !isWorking(batch.status)) return;
      if (!batch.cancelRequested && stop === null) {
        for (const [index, item] of batch.items.entries()) {
          if (inFlight.size >= BATCH_CONCURRENCY) break;
          if (inFlight.has(index) || (item.status !== 'queued' && item.status !== 'running')) continue;
          inFlight.set(
            index,
            ask(batch, index, cancelled).then((reason): [number, ApiErrorJson | null] => [index, reason]),
          );
        }
      }
      if (inFlight.size > 0) {
        const [index, reason] = await Promise.race(inFlight.values());
        inFlight.delete(index);
        stop ??= reason;
        continue;
      }
      if (batch.cancelRequested) {
        await finish(id, 'cancelled');
        return;
      }
      if (stop) {
        await finish(id, 'stopped', stop);
        return;
      }
      if (!(await settleInterrupted(batch))) {
        await finish(id, 'done');
        return;
      }
      if (batch.status !== 'settling') {
        await update(id, (b) => {
          b.status = 'settling';
        });
      }
      await sleep(settlePollMs);
      await deps.service.settleNow();
    }
  }

  /** Asks one item (again, with its own request id, after a restart). Returns why to stop, if so. */
  async function ask(
    batch: BatchRecord,
    index: number,
    cancelled: AbortSignal,
  ): Promise<ApiErrorJson | null> {
    const item = batch.items[index]!;
    if (item.status === 'queued') {
      await update(batch.id, (b) => {
        b.items[index]!.status = 'running';
      });
    }
    const result = await deps.service.run({
      requestId: item.requestId,
      endpointId: item.endpointId,
      params: item.params,
      policy: 'cache-first',
      // Only a batch the person confirmed past today's budget passes it (that day); the others check as they go.
      confirmed: confirmedForToday(batch, now()),
      batchId: batch.id,
      signal: cancelled,
    });
    if (result.status === 'error' && result.error.kind === 'aborted') {
      // Cancelled while it waited for its turn: never asked; Cancel's finish marks it so.
      await update(batch.id, (b) => {
        b.items[index]!.status = 'queued';
      });
      return null;
    }
    if (result.status === 'needs-confirmation') {
      // Not asked: it goes back to the queue, and the batch stops at the budget.
      await update(batch.id, (b) => {
        b.items[index]!.status = 'queued';
      });
      return budgetStop(result.remaining);
    }
    if (result.status === 'error' && asksToWaitPastCap(result.error)) {
      // Refused with a 429 (nothing charged): back to the queue; the batch stops with what the service asked.
      await update(batch.id, (b) => {
        b.items[index]!.status = 'queued';
      });
      return result.error;
    }
    await update(batch.id, (b) => Object.assign(b.items[index]!, outcome(item, result)));
    if (result.status === 'error' && STOPPING_KINDS.has(result.error.kind)) return result.error;
    return null;
  }

  function outcome(item: BatchItemRecord, result: RunResult): Partial<BatchItemRecord> {
    switch (result.status) {
      case 'answer':
        return {
          status: 'done',
          credits: result.credits,
          cached: result.cached,
          answer: answerLine(item.endpointId, result.data) ?? undefined,
          error: undefined,
        };
      case 'answer-gone':
        // Answered and paid before (never asked again under its id): its answer line is kept as it was.
        return { status: 'done', credits: result.credits, cached: false, error: undefined };
      case 'interrupted':
        return { status: 'interrupted', credits: result.interrupted.credits };
      case 'error':
        // An answer about someone on the do-not-enrich list was paid, though not kept.
        return { status: 'failed', credits: result.error.charged ?? 0, error: result.error };
      default:
        // A batch is confirmed as a whole and never asks cache-only; read as refused, nothing spent.
        return {
          status: 'failed',
          credits: 0,
          error: { name: 'ApiError', kind: 'invalid', message: 'The service was not asked' },
        };
    }
  }

  /**
   * Interrupted items: each is read again (its cost may still change until it settles) and, when
   * certainly not charged and the batch was not cancelled, sent again with its request id. Returns
   * whether any is still waiting for the balance to settle.
   */
  async function settleInterrupted(batch: BatchRecord): Promise<boolean> {
    let waiting = false;
    for (const [index, item] of batch.items.entries()) {
      if (item.status !== 'interrupted') continue;
      const state = await deps.service.requestState(item.requestId);
      if (state.state === 'in-flight') {
        waiting = true;
        continue;
      }
      const resume = state.state === 'done' || (state.state === 'interrupted' && state.resumable);
      if (resume && !batch.cancelRequested) {
        // Certainly not charged: sent again under its id (or already was); the answer is read here.
        // Certainly not charged: it was within the batch's budget when it first left.
        const result = await deps.service.run({
          requestId: item.requestId,
          endpointId: item.endpointId,
          params: item.params,
          policy: 'cache-first',
          confirmed: true,
          batchId: batch.id,
        });
        await update(batch.id, (b) => Object.assign(b.items[index]!, outcome(item, result)));
        if (result.status === 'interrupted' && !result.interrupted.settled) waiting = true;
        continue;
      }
      if (state.state === 'interrupted') {
        await update(batch.id, (b) => {
          b.items[index]!.credits = state.interrupted.credits;
        });
        if (!state.interrupted.settled) waiting = true;
      }
    }
    return waiting;
  }

  /** Ends a batch: items not asked are cancelled; one left running by a stopped worker is read. */
  async function finish(id: string, status: BatchStatus, stopReason?: ApiErrorJson): Promise<void> {
    const db = await deps.db();
    const batch = await db.get('batches', id);
    if (!batch) return;
    const states = await Promise.all(
      batch.items.map((item) =>
        item.status === 'running' ? deps.service.requestState(item.requestId) : Promise.resolve(null),
      ),
    );
    await update(id, (b) => {
      b.status = status;
      if (stopReason) b.stopReason = stopReason;
      b.items.forEach((item, index) => {
        const state = states[index];
        if (item.status === 'queued') item.status = 'cancelled';
        if (item.status !== 'running' || !state) return;
        if (state.state === 'interrupted') {
          item.status = 'interrupted';
          item.credits = state.interrupted.credits;
        } else if (state.state === 'done') {
          item.status = 'done';
          item.credits = state.credits;
        } else if (state.state === 'failed') {
          item.status = 'failed';
          item.credits = 0;
        } else {
          // It never left (no journal): nothing was asked, nothing spent.
          item.status = 'cancelled';
        }
      });
    });
  }

  async function view(batch: BatchRecord): Promise<BatchView> {
    const interruptions = await Promise.all(
      batch.items.map(async (item): Promise<InterruptedCall | null> => {
        if (item.status !== 'interrupted') return null;
        const state = await deps.service.requestState(item.requestId);
        return state.state === 'interrupted' ? state.interrupted : null;
      }),
    );
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
    if (isWorking(latest.status)) drive(latest.id);
    return view(latest);
  }

  /** No further item is asked; the one in flight finishes and is paid. */
  async function cancel(batchId: string): Promise<BatchView | null> {
    const batch = await update(batchId, (b) => {
      if (isWorking(b.status)) b.cancelRequested = true;
    });
    if (!batch) return null;
    cancels.get(batchId)?.abort();
    if (isWorking(batch.status)) drive(batch.id);
    return view(batch);
  }

  /** When a worker starts: running batches go on; old finished ones are dropped. */
  async function resume(): Promise<number> {
    const db = await deps.db();
    let resumed = 0;
    for (const batch of await db.getAll('batches')) {
      if (isWorking(batch.status)) {
        drive(batch.id);
        resumed += 1;
      } else if (now() - batch.updatedAt > BATCH_RETENTION_MS) {
        await db.delete('batches', batch.id);
      }
    }
    return resumed;
  }

  /** For tests: resolves once the batch's loop in this worker has ended. */
  async function settled(batchId: string): Promise<void> {
    await loops.get(batchId);
  }

  return { peek, start, get, cancel, resume, settled };
}
