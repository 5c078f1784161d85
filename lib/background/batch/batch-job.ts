/**
 * A batch as a kind of job (../jobs/runner.ts runs it): the batch and its items in one record of
 * `batches` (../db.ts), few enough to read and write whole. A batch has no cap and no Pause, only
 * Cancel: its items not asked are cancelled, and one a stopped worker left running is read.
 */
import type { IDBPDatabase } from 'idb';
import type { ApiErrorJson } from '../../api/errors';
import { answerLine, isWorking } from '../../job-summary';
import type { BatchItemRecord, BatchRecord, EnrichmentDb } from '../db';
import {
  type JobEnd,
  type JobKind,
  type JobRunnerDeps,
  leftRunning,
  type RequestState,
  updateStoredJob,
} from '../jobs/runner';

/** What becomes of an item when its batch ends: one not asked is cancelled; one running is as the journal says. */
function endItem(item: BatchItemRecord, state: RequestState | null): void {
  if (item.status === 'queued') item.status = 'cancelled';
  if (item.status !== 'running' || !state) return;
  const left = leftRunning(state);
  item.status = left?.status ?? 'cancelled';
  if (left) item.credits = left.credits;
}

export function createBatchJob(deps: {
  db: () => Promise<IDBPDatabase<EnrichmentDb>>;
  now: () => number;
  service: Pick<JobRunnerDeps['service'], 'requestState'>;
}) {
  async function update(id: string, change: (batch: BatchRecord) => void): Promise<BatchRecord | undefined> {
    return updateStoredJob(await deps.db(), 'batches', id, deps.now(), change);
  }

  /** Ends a batch: items not asked are cancelled; one left running by a stopped worker is read. */
  async function finish(id: string, status: JobEnd, stopReason?: ApiErrorJson): Promise<void> {
    const db = await deps.db();
    const batch = await db.get('batches', id);
    // A batch has no Pause (it never asks to), only Cancel.
    if (!batch || status === 'paused') return;
    const states = await Promise.all(
      batch.items.map((item) =>
        item.status === 'running' ? deps.service.requestState(item.requestId) : Promise.resolve(null),
      ),
    );
    await update(id, (b) => {
      b.status = status;
      if (stopReason) b.stopReason = stopReason;
      for (const [index, item] of b.items.entries()) endItem(item, states[index] ?? null);
    });
  }

  const kind: JobKind<BatchRecord, BatchItemRecord> = {
    name: 'batch',
    read: async (id) => (await deps.db()).get('batches', id),
    async working() {
      const db = await deps.db();
      return (await db.getAll('batches')).filter((batch) => isWorking(batch.status)).map((batch) => batch.id);
    },
    // In the page's order; the batch's items are few enough to read whole.
    next: async (batch, count) =>
      batch.items.filter((item) => item.status === 'queued' || item.status === 'running').slice(0, count),
    interrupted: async (batch) => batch.items.filter((item) => item.status === 'interrupted'),
    async write(id, item, change: Partial<BatchItemRecord>) {
      let written = false;
      await update(id, (b) => {
        const stored = b.items.find((each) => each.requestId === item.requestId);
        if (stored) Object.assign(stored, change);
        written = stored !== undefined;
      });
      return written;
    },
    async markSettling(id) {
      await update(id, (b) => {
        b.status = 'settling';
      });
    },
    shows: (item, result) =>
      result.status === 'answer' ? { answer: answerLine(item.endpointId, result.data) ?? undefined } : {},
    end: finish,
    async waiting(id, reason) {
      await update(id, (b) => {
        b.stopReason = reason ?? undefined;
      });
    },
    priceAsItLeaves: false,
  };

  return { kind, update };
}
