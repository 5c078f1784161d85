/**
 * A list as a kind of job (../jobs/runner.ts runs it): its header in `lists`, its distinct requests
 * in `listRequests` (lib/background/db.ts). The header keeps running totals, changed in the same
 * transaction as each request, so the page polls a summary and the requests that changed since its
 * last look, never the whole list. A list has a spend cap and can pause; its rows are priced again
 * as they leave, so that the cap holds.
 */
import type { IDBPDatabase } from 'idb';
import type { ApiErrorJson } from '../../api/errors';
import type { ListRequestStatus } from '../../protocol';
import type { EnrichmentDb, ListRecord, ListRequestRecord } from '../db';
import { type JobEnd, type JobKind, type JobRunnerDeps, leftRunning, updateStoredJob } from '../jobs/runner';
import { readEnriched } from './enriched';

type Db = IDBPDatabase<EnrichmentDb>;

/** A list's requests of one status, in the file's order (the `byStatus` index). */
function withStatus(listId: string, status: ListRequestStatus): IDBKeyRange {
  return IDBKeyRange.bound(
    [listId, status, Number.NEGATIVE_INFINITY],
    [listId, status, Number.POSITIVE_INFINITY],
  );
}

/** What a request has cost, all its asks together. */
const paidFor = (request: ListRequestRecord) => (request.earlier ?? 0) + (request.credits ?? 0);

/**
 * Changes one request and, with it, the list's running totals (counts by status, credits spent,
 * rows done): the one place those totals follow a request, in whatever transaction writes both.
 */
function changeCounted(
  list: ListRecord,
  request: ListRequestRecord,
  change: (request: ListRequestRecord) => void,
  at: number,
): void {
  const before = { status: request.status, paid: paidFor(request) };
  change(request);
  request.updatedAt = at;
  list.counts[before.status] -= 1;
  list.counts[request.status] += 1;
  list.spent += paidFor(request) - before.paid;
  if (before.status === 'done') list.rowsDone -= request.rows;
  if (request.status === 'done') list.rowsDone += request.rows;
  list.updatedAt = at;
}

interface ListJobDeps {
  db: () => Promise<Db>;
  now: () => number;
  service: Pick<JobRunnerDeps['service'], 'requestState'>;
}

/**
 * Ends a run of the list: cancelled lists give up their queued requests, and those a stopped
 * worker left running are as the journal says (read first: a transaction cannot wait on another
 * store's reads); paused and stopped ones keep them to ask.
 */
async function finishList(
  deps: ListJobDeps,
  id: string,
  status: JobEnd,
  stopReason?: ApiErrorJson,
): Promise<void> {
  const { now } = deps;
  const db = await deps.db();
  const leftBehind =
    status === 'cancelled'
      ? await Promise.all(
          (await db.getAllFromIndex('listRequests', 'byStatus', withStatus(id, 'running'))).map(
            async (request) => ({
              key: request.key,
              left: leftRunning(await deps.service.requestState(request.requestId)),
            }),
          ),
        )
      : [];
  const tx = db.transaction(['lists', 'listRequests'], 'readwrite');
  const list = await tx.objectStore('lists').get(id);
  // Gone, or resumed since this loop decided to pause: the next loop goes on.
  if (!list || (status === 'paused' && !list.pauseRequested)) return;
  if (status === 'cancelled') {
    const index = tx.objectStore('listRequests').index('byStatus');
    for (
      let cursor = await index.openCursor(withStatus(id, 'queued'));
      cursor;
      cursor = await cursor.continue()
    ) {
      const request = cursor.value;
      changeCounted(list, request, (r) => Object.assign(r, { status: 'skipped' }), now());
      await cursor.update(request);
    }
    const requests = tx.objectStore('listRequests');
    for (const { key, left } of leftBehind) {
      const request = await requests.get([id, key]);
      if (request?.status !== 'running') continue;
      changeCounted(list, request, (r) => Object.assign(r, left ?? { status: 'skipped' }), now());
      await requests.put(request);
    }
  }
  list.status = status;
  list.pauseRequested = false;
  if (stopReason) list.stopReason = stopReason;
  list.updatedAt = now();
  await tx.objectStore('lists').put(list);
  await tx.done;
}

export function createListJob(deps: ListJobDeps) {
  const { now } = deps;

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
    changeCounted(list, request, change, now());
    await Promise.all([tx.objectStore('listRequests').put(request), tx.objectStore('lists').put(list)]);
    await tx.done;
    return request;
  }

  async function updateList(id: string, change: (list: ListRecord) => void): Promise<ListRecord | undefined> {
    return updateStoredJob(await deps.db(), 'lists', id, now(), change);
  }

  const finish = (id: string, status: JobEnd, stopReason?: ApiErrorJson) =>
    finishList(deps, id, status, stopReason);

  /** The list's requests of each status asked, read together (in one transaction). */
  async function ofStatus(listId: string, statuses: ListRequestStatus[], count?: number) {
    const index = (await deps.db()).transaction('listRequests').store.index('byStatus');
    const found = await Promise.all(
      statuses.map((status) => index.getAll(withStatus(listId, status), count)),
    );
    return found.flat();
  }

  const kind: JobKind<ListRecord, ListRequestRecord> = {
    name: 'list',
    read: async (id) => (await deps.db()).get('lists', id),
    async working() {
      const db = await deps.db();
      const lists = await Promise.all(
        (['running', 'settling'] as const).map((status) => db.getAllFromIndex('lists', 'byStatus', status)),
      );
      return lists.flat().map((list) => list.id);
    },
    // In the file's order: those a stopped worker left running first.
    next: (list, count) => ofStatus(list.id, ['running', 'queued'], count),
    interrupted: (list) => ofStatus(list.id, ['interrupted']),
    async write(listId, request, change: Partial<ListRequestRecord>) {
      return (await update(listId, request.key, (r) => Object.assign(r, change))) !== undefined;
    },
    async markSettling(id) {
      await updateList(id, (l) => {
        l.status = 'settling';
      });
    },
    shows(request, result) {
      if (result.status === 'answer') {
        const { fields, noMatch } = readEnriched(request.endpointId, result.data);
        return { fetchedAt: result.fetchedAt, enriched: fields ?? undefined, noMatch };
      }
      // Answered and paid before: what it gave is kept as it was.
      if (result.status === 'answer-gone') return { fetchedAt: result.at };
      if (result.status === 'error' && result.error.kind === 'do-not-enrich') return { status: 'refused' };
      return {};
    },
    end: finish,
    async waiting(id, reason) {
      await updateList(id, (l) => {
        l.stopReason = reason ?? undefined;
      });
    },
    priceAsItLeaves: true,
  };

  return { kind, update, updateList, finish };
}
