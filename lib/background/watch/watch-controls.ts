/**
 * Starting a watch list's runs and what the person does to a list (./watch.ts composes it): the
 * due check (a new period begun, or a run that waited for the next day), Run now, Pause, Resume,
 * the period, cap and name, removing a member and deleting a list. A run is started in one place
 * (`beginRun`): a new period queues every member under that period's request ids; the same period
 * asks only those not yet asked, under the ids they have.
 */
import type { IDBPDatabase } from 'idb';
import { isWorking } from '../../job-summary';
import type { WatchControl, WatchListSummary, WatchStartResult } from '../../protocol';
import { confirmationOf } from '../budget';
import type { EnrichmentDb } from '../db';
import { type createJobRunner, type JobRunnerDeps, passesBudget } from '../jobs/runner';
import { beginPeriod, periodsPassed, queueForPeriod } from './periods';
import { ofWatchList, type WatchListRecord, type WatchMemberRecord } from './records';
import { runQuoteOf, watchedElsewhere } from './shared-answers';
import { updateWatchList } from './watch-job';
import { summaryOf } from './watch-views';

export interface WatchControlDeps {
  db: () => Promise<IDBPDatabase<EnrichmentDb>>;
  now: () => number;
  service: Pick<JobRunnerDeps['service'], 'peekMany'>;
  runner: Pick<ReturnType<typeof createJobRunner>, 'drive' | 'hold' | 'restart'>;
  /** The unseen changes may have changed (the badge). */
  onChanges: () => void;
}

const gone = (): WatchStartResult => ({
  status: 'error',
  error: { name: 'ApiError', kind: 'invalid', message: 'This watch list is gone' },
});

/** Removes a list with its members and changes, in one transaction. */
async function deleteStored(db: IDBPDatabase<EnrichmentDb>, id: string): Promise<void> {
  const tx = db.transaction(['watchLists', 'watchMembers', 'watchChanges'], 'readwrite');
  const changes = tx.objectStore('watchChanges').index('byList');
  const range = IDBKeyRange.bound([id, Number.NEGATIVE_INFINITY], [id, Number.POSITIVE_INFINITY]);
  for (let cursor = await changes.openCursor(range); cursor; cursor = await cursor.continue())
    await cursor.delete();
  await Promise.all([
    tx.objectStore('watchLists').delete(id),
    tx.objectStore('watchMembers').delete(ofWatchList(id)),
  ]);
  await tx.done;
}

export function createWatchControls(deps: WatchControlDeps) {
  const { now, runner } = deps;

  /**
   * Marks a list running (in the period `now` is in, its members queued for it when it is new;
   * else its failed members asked again) and drives it. Returns the list, or undefined when gone.
   */
  async function beginRun(id: string, confirmed = false): Promise<WatchListRecord | undefined> {
    const at = now();
    const db = await deps.db();
    const tx = db.transaction(['watchLists', 'watchMembers'], 'readwrite');
    const list = await tx.objectStore('watchLists').get(id);
    if (!list) {
      await tx.done;
      return undefined;
    }
    const newPeriod = periodsPassed(list, at) > 0;
    if (newPeriod) beginPeriod(list, at);
    const members = tx.objectStore('watchMembers');
    // Read whole and written together: a cursor's step per member was most of a new period's start.
    const queued: WatchMemberRecord[] = [];
    for (const member of await members.getAll(ofWatchList(id))) {
      if (newPeriod) queueForPeriod(member, list, at);
      else if (member.status === 'failed') Object.assign(member, { status: 'queued', error: undefined });
      else continue;
      queued.push(member);
    }
    await Promise.all(queued.map((member) => members.put(member)));
    if (!isWorking(list.status)) list.lastRunAt = at;
    Object.assign(list, { status: 'running', pauseRequested: false, stopReason: undefined, updatedAt: at });
    list.waitingUntil = undefined;
    if (confirmed) Object.assign(list, confirmationOf(at));
    await tx.objectStore('watchLists').put(list);
    await tx.done;
    runner.restart(id);
    return list;
  }

  /** What the run may spend (the price its control says), and whether it passes today's budget. */
  async function needsConfirmation(id: string): Promise<WatchStartResult | null> {
    const db = await deps.db();
    const list = await db.get('watchLists', id);
    if (!list) return gone();
    const members = await db.getAll('watchMembers', ofWatchList(id));
    const elsewhere = await watchedElsewhere(
      db,
      id,
      members.map((member) => member.key),
    );
    const quote = runQuoteOf(list, members, elsewhere, now());
    const { remainingToday } = await deps.service.peekMany([]);
    return passesBudget(quote, remainingToday)
      ? { status: 'needs-confirmation', quote, remaining: remainingToday ?? 0 }
      : null;
  }

  async function started(list: WatchListRecord | undefined): Promise<WatchStartResult> {
    return list ? { status: 'started', list: await summaryOf(await deps.db(), list, now()) } : gone();
  }

  async function control(id: string, request: WatchControl): Promise<WatchStartResult> {
    const db = await deps.db();
    if (request.action === 'run' || request.action === 'resume') {
      const confirmed = request.confirmed === true;
      const asked = confirmed ? null : await needsConfirmation(id);
      if (asked) return asked;
      return started(await beginRun(id, confirmed));
    }
    const list = await updateWatchList(db, id, now(), (l) => {
      if (request.action === 'pause') {
        if (isWorking(l.status)) l.pauseRequested = true;
        else l.status = 'paused';
        return;
      }
      if (request.periodDays !== undefined) l.periodDays = request.periodDays;
      if (request.cap !== undefined) l.cap = request.cap;
      if (request.name !== undefined) l.name = request.name;
    });
    if (list && request.action === 'pause') runner.hold(id);
    return started(list);
  }

  /**
   * The due check (the alarm, and a worker that starts): lists still running go on; a list whose
   * next period has begun, or that waited for today, runs. Paused lists wait. Returns how many run.
   */
  async function checkDue(): Promise<number> {
    const at = now();
    let running = 0;
    for (const list of await (await deps.db()).getAll('watchLists')) {
      if (list.status === 'paused') continue;
      if (isWorking(list.status)) runner.drive(list.id);
      else if (periodsPassed(list, at) > 0 || (list.status === 'waiting' && at >= (list.waitingUntil ?? 0)))
        await beginRun(list.id);
      else continue;
      running += 1;
    }
    return running;
  }

  /** Stops watching one member; its changes stay until the list goes. */
  async function remove(id: string, key: string): Promise<WatchListSummary | null> {
    const db = await deps.db();
    await db.delete('watchMembers', [id, key]);
    const list = await db.get('watchLists', id);
    return list ? summaryOf(db, list, now()) : null;
  }

  /** Deletes a list, its members and its changes; a run is stopped first (calls in flight finish). */
  async function deleteWatchList(id: string): Promise<void> {
    runner.hold(id);
    await deleteStored(await deps.db(), id);
    deps.onChanges();
  }

  return { beginRun, needsConfirmation, control, checkDue, remove, deleteWatchList };
}
