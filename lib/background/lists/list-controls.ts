/**
 * What the person does to a list once it is kept (./lists.ts composes it): Pause, Resume (with a
 * new cap) and Cancel; asking again its failed requests, or answers older than an age, quoted
 * first; and deleting it. The calls in flight when it stops finish and are paid.
 */
import type { IDBPDatabase } from 'idb';
import { isWorking, sumQuotes } from '../../job-summary';
import type {
  ListControl,
  ListRetryRequest,
  ListRetryResult,
  ListSummary,
  PeekRequest,
} from '../../protocol';
import { confirmationOf } from '../budget';
import type { EnrichmentDb, ListRecord, ListRequestRecord } from '../db';
import { type createJobRunner, FREE, type JobRunnerDeps, passesBudget } from '../jobs/runner';
import type { createListJob } from './list-job';
import { deleteList, ofList } from './list-records';

export interface ListControlDeps {
  db: () => Promise<IDBPDatabase<EnrichmentDb>>;
  now: () => number;
  newId: () => string;
  service: Pick<JobRunnerDeps['service'], 'peekMany'>;
  job: Pick<ReturnType<typeof createListJob>, 'update' | 'updateList' | 'finish'>;
  runner: Pick<ReturnType<typeof createJobRunner>, 'drive' | 'hold' | 'restart'>;
  summary: (list: ListRecord) => Promise<ListSummary>;
}

/** Why a list cannot be asked again now: it is gone, or running. */
function retryRefused(list: ListRecord | undefined): ListRetryResult {
  const error = list
    ? {
        name: 'ApiError' as const,
        kind: 'invalid' as const,
        message: 'This list is running',
        description: 'Pause it, or wait for it to finish, before asking rows again.',
      }
    : { name: 'ApiError' as const, kind: 'invalid' as const, message: 'This list is gone' };
  return { status: 'error', error };
}

/** The requests a retry asks again: failed ones, or answers fetched before `cutoff`; of `keys` only when given. */
function toRetry(
  records: ListRequestRecord[],
  request: ListRetryRequest,
  cutoff: number,
): ListRequestRecord[] {
  const wanted = request.keys ? new Set(request.keys) : null;
  return records.filter(
    (record) =>
      (wanted === null || wanted.has(record.key)) &&
      (request.which === 'failed'
        ? record.status === 'failed'
        : record.status === 'done' && (record.fetchedAt ?? 0) < cutoff),
  );
}

export function createListControls(deps: ListControlDeps) {
  const { now, job, runner } = deps;

  async function control(id: string, request: ListControl): Promise<ListSummary | null> {
    const list = await job.updateList(id, (l) => {
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
    if (request.action !== 'resume') {
      runner.hold(id);
      // A worker that started since has no loop for it: one is started to end it, settling the
      // row a stopped worker left in flight (a loop already draining makes this a no-op).
      if (isWorking(list.status)) runner.drive(id);
    }
    if (
      request.action === 'cancel' &&
      !isWorking(list.status) &&
      list.status !== 'cancelled' &&
      list.status !== 'done'
    ) {
      // Nothing runs: it ends here.
      await job.finish(id, 'cancelled');
    }
    if (request.action === 'resume' && isWorking(list.status)) runner.restart(id);
    const db = await deps.db();
    const latest = await db.get('lists', id);
    return latest ? deps.summary(latest) : null;
  }

  /** Asks again the failed requests, or answers older than an age (past the cache), quoted first. */
  async function retry(request: ListRetryRequest): Promise<ListRetryResult> {
    const db = await deps.db();
    const list = await db.get('lists', request.id);
    if (!list || isWorking(list.status)) return retryRefused(list);
    const records = toRetry(
      await db.getAll('listRequests', ofList(request.id)),
      request,
      now() - (request.olderThanMs ?? 0),
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
      await job.update(request.id, record.key, (r) => {
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
    const restarted = await job.updateList(request.id, (l) => {
      l.status = 'running';
      l.pauseRequested = false;
      l.cancelRequested = false;
      l.stopReason = undefined;
      l.quote = total;
      if (request.confirmed) Object.assign(l, confirmationOf(now()));
    });
    runner.drive(request.id);
    return { status: 'started', list: await deps.summary(restarted ?? list) };
  }

  /** Deletes a list and everything it holds; one running is stopped first (calls in flight finish). */
  async function remove(id: string): Promise<void> {
    runner.hold(id);
    const db = await deps.db();
    const tx = db.transaction(['lists', 'listRows', 'listRequests'], 'readwrite');
    await deleteList(tx, id);
    await tx.done;
  }

  return { control, retry, remove };
}
