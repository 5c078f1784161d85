/**
 * A watch list as a kind of job (../jobs/runner.ts runs it): its header in `watchLists`, one row per
 * member in `watchMembers` (lib/background/db.ts). When a member's row is answered, the answer is
 * compared with the member's last kept one, each change recorded and the kept part replaced, in the
 * one transaction that writes the row and the list's spending: a worker stopped half-way leaves all
 * of it or none, and an answer written again (a row asked again after a restart) is compared once.
 * A row another list's answer serves (./shared-answers.ts) is answered so as it is read from the
 * queue or as it leaves, never asked.
 */
import type { IDBPDatabase } from 'idb';
import type { ApiErrorJson } from '../../api/errors';
import { acceptedAgeSeconds } from '../../freshness';
import type { RunResult } from '../../protocol';
import type { EnrichmentDb } from '../db';
import { groupedWrites } from '../grouped-writes';
import { type JobEnd, type JobKind, type JobRunnerDeps, updateStoredJob } from '../jobs/runner';
import { readEnriched } from '../lists/enriched';
import { giveWatchId, nextDay } from './periods';
import {
  ofWatchList,
  type WatchChangeRecord,
  type WatchListRecord,
  type WatchMemberRecord,
  type WatchRowStatus,
} from './records';
import { createAskingNow, planRow, watchedElsewhere } from './shared-answers';
import { changesBetween, comparedPart, nameIn } from './watched-answer';

type Db = IDBPDatabase<EnrichmentDb>;

export interface WatchJobDeps {
  db: () => Promise<Db>;
  now: () => number;
  service: Pick<JobRunnerDeps['service'], 'requestState'>;
  /** Changes were recorded (the toolbar badge counts the unseen ones). */
  onChanges: () => void;
}

/** A list's members of one status, in the order they were added (the `byStatus` index). */
export function membersWithStatus(listId: string, status: WatchRowStatus): IDBKeyRange {
  return IDBKeyRange.bound(
    [listId, status, Number.NEGATIVE_INFINITY],
    [listId, status, Number.POSITIVE_INFINITY],
  );
}

/** Changes a watch list's header in one transaction; undefined once it is gone. */
export function updateWatchList(
  db: Db,
  id: string,
  at: number,
  change: (list: WatchListRecord) => void,
): Promise<WatchListRecord | undefined> {
  return updateStoredJob(db, 'watchLists', id, at, change);
}

/** One member's row to write, and what changes in it. */
interface RowWrite {
  row: WatchMemberRecord;
  change: Partial<WatchMemberRecord>;
}

/**
 * Writes members' rows of one list, in one transaction (../grouped-writes.ts gathers those answered
 * close together), and with them the list's spending and, for a new answer, its changes and the
 * kept part. Returns, for each, how many changes were recorded; null (nothing written) when the
 * list or the member is gone, or the row is of an earlier period (its member was queued again since).
 */
async function writeRows(deps: WatchJobDeps, listId: string, writes: RowWrite[]): Promise<(number | null)[]> {
  const at = deps.now();
  const db = await deps.db();
  const tx = db.transaction(['watchLists', 'watchMembers', 'watchChanges'], 'readwrite');
  const list = await tx.objectStore('watchLists').get(listId);
  const members = await Promise.all(
    writes.map(({ row }) => tx.objectStore('watchMembers').get([listId, row.key])),
  );
  const spentBefore = list?.spent ?? 0;
  /** Each member once, as changed by every write of it in this group. */
  const changed = new Map<string, WatchMemberRecord>();
  const recorded: WatchChangeRecord[] = [];
  const counts = writes.map(({ row, change }, index) => {
    const member = changed.get(row.key) ?? members[index];
    if (!list || !member || member.requestId !== row.requestId) return null;
    changed.set(row.key, member);
    const before = recorded.length;
    recorded.push(...applyRowChange(list, member, row, change, at));
    return recorded.length - before;
  });
  // The header only when its spending changed: rows leaving write their members alone.
  await Promise.all([
    ...[...changed.values()].map((member) => tx.objectStore('watchMembers').put(member)),
    ...(list && list.spent !== spentBefore ? [tx.objectStore('watchLists').put(list)] : []),
    ...recorded.map((each) => tx.objectStore('watchChanges').put(each)),
  ]);
  await tx.done;
  return counts;
}

/** Changes a member's row, and the list's spending with it; returns the changes a new answer shows. */
function applyRowChange(
  list: WatchListRecord,
  member: WatchMemberRecord,
  row: WatchMemberRecord,
  change: Partial<WatchMemberRecord>,
  at: number,
): WatchChangeRecord[] {
  const { answer, ...rest } = change;
  const paidBefore = member.credits ?? 0;
  Object.assign(member, rest, { updatedAt: at });
  if (typeof member.credits === 'number') member.lastCredits = member.credits;
  if ((member.credits ?? 0) !== paidBefore) {
    list.spent += (member.credits ?? 0) - paidBefore;
    list.updatedAt = at;
  }
  if (!answer || member.keptFrom === row.requestId) return [];
  const name = nameIn(answer) ?? member.name;
  // A person's changes as one event (lib/watch/events.ts), a company's one record each.
  const recorded = changesBetween(member.kind, member.kept, answer, member.checkedAt).map(
    (seen, index): WatchChangeRecord => ({
      id: `${row.requestId}#${index}`,
      listId: list.id,
      memberKey: member.key,
      kind: member.kind,
      name,
      url: member.url,
      seenAt: at,
      change: seen.change,
      ...(seen.event && { event: seen.event }),
      viewed: 0,
    }),
  );
  Object.assign(member, { kept: answer, keptFrom: row.requestId, checkedAt: at, name });
  return recorded;
}

/**
 * Gives a list's members kept before members had opaque ids one (./periods.ts giveWatchId), so that
 * no row of theirs leaves under an id that names them.
 */
async function giveWatchIds(db: Db, list: WatchListRecord): Promise<void> {
  const tx = db.transaction('watchMembers', 'readwrite');
  const members = await tx.store.getAll(ofWatchList(list.id));
  await Promise.all(
    members.filter((member) => giveWatchId(member, list)).map((member) => tx.store.put(member)),
  );
  await tx.done;
}

/** What a row served from another list's answer writes: that answer, at no cost. */
function servedFrom(source: WatchMemberRecord): Partial<WatchMemberRecord> {
  return {
    status: 'done',
    credits: 0,
    cached: true,
    error: undefined,
    answer: source.kept,
    enriched: source.enriched,
    answeredAt: source.answeredAt,
    answeredMaxAge: source.answeredMaxAge,
  };
}

/** Ends a run: every member asked (idle until the next period), stopped (waits a day), or paused. */
async function finishRun(deps: WatchJobDeps, id: string, end: JobEnd, stopReason?: ApiErrorJson) {
  const at = deps.now();
  await updateWatchList(await deps.db(), id, at, (list) => {
    // Resumed since this loop decided to pause: the next loop goes on.
    if (end === 'paused' && !list.pauseRequested) return;
    list.pauseRequested = false;
    if (end === 'paused') list.status = 'paused';
    else if (end === 'stopped') {
      list.status = 'waiting';
      list.stopReason = stopReason;
      list.waitingUntil = nextDay(at);
    } else {
      list.status = 'idle';
      list.stopReason = undefined;
      list.waitingUntil = undefined;
    }
  });
}

/** The ids of the watch lists that are working (`running` or `settling`): a worker that starts drives them. */
async function workingListIds(db: Db): Promise<string[]> {
  const lists = await Promise.all(
    (['running', 'settling'] as const).map((status) => db.getAllFromIndex('watchLists', 'byStatus', status)),
  );
  return lists.flat().map((list) => list.id);
}

/**
 * What a member's row shows of its result: the part of an answer compared between periods, its
 * fields and when it came (`now`), or that the person asked not to be enriched.
 */
function memberShows(
  member: WatchMemberRecord,
  result: RunResult,
  now: () => number,
): Partial<WatchMemberRecord> {
  if (result.status === 'answer') {
    const answer = comparedPart(member.kind, result.data, now()) ?? undefined;
    const enriched = readEnriched(member.endpointId, result.data).fields ?? undefined;
    // As fresh as the row was asked (./shared-answers.ts serves other lists from it).
    return { answer, enriched, answeredAt: now(), answeredMaxAge: acceptedAgeSeconds(member.params) };
  }
  if (result.status === 'error' && result.error.kind === 'do-not-enrich') return { status: 'refused' };
  return {};
}

export function createWatchJob(deps: WatchJobDeps) {
  const writeRow = groupedWrites<RowWrite, number | null>((listId, writes) =>
    writeRows(deps, listId, writes),
  );

  async function ofStatus(listId: string, statuses: WatchRowStatus[], count?: number) {
    const index = (await deps.db()).transaction('watchMembers').store.index('byStatus');
    const found = await Promise.all(
      statuses.map((status) => index.getAll(membersWithStatus(listId, status), count)),
    );
    return found.flat();
  }

  /** The lists whose members this worker gave opaque ids (once each: a new member has one). */
  const givenIds = new Set<string>();

  /**
   * Rows to ask next: those a stopped worker left running, then the queued ones, each asked at the
   * freshness its plan says; a queued row another list's answer serves is answered here instead.
   */
  async function next(list: WatchListRecord, count: number): Promise<WatchMemberRecord[]> {
    if (!givenIds.has(list.id)) {
      await giveWatchIds(await deps.db(), list);
      givenIds.add(list.id);
    }
    for (;;) {
      const rows = await ofStatus(list.id, ['running', 'queued'], count);
      const queued = rows.filter((row) => row.status === 'queued');
      if (queued.length === 0) return rows;
      const elsewhere = await watchedElsewhere(
        await deps.db(),
        list.id,
        queued.map((row) => row.key),
      );
      const now = deps.now();
      const served: Promise<boolean>[] = [];
      const asked: WatchMemberRecord[] = [];
      for (const row of rows) {
        const plan = row.status === 'queued' ? planRow(row, list, elsewhere.get(row.key) ?? [], now) : null;
        if (plan?.served) served.push(kind.write(list.id, row, servedFrom(plan.by)));
        else asked.push(plan ? { ...row, params: plan.params, quote: plan.quote } : row);
      }
      await Promise.all(served);
      // All served: the next ones in the queue are read.
      if (asked.length > 0 || served.length === 0) return asked;
    }
  }

  const askingNow = createAskingNow();

  /**
   * As a row leaves: served from the answer another list asks about the same person in this
   * worker, once it is written, or else it leaves (and the others wait for its answer).
   */
  async function answersItself(list: WatchListRecord, row: WatchMemberRecord): Promise<boolean> {
    for (;;) {
      const ahead = askingNow.ahead(list.id, row);
      if (ahead) await Promise.all(ahead);
      if (row.status === 'queued') {
        const elsewhere = await watchedElsewhere(await deps.db(), list.id, [row.key]);
        const plan = planRow(row, list, elsewhere.get(row.key) ?? [], deps.now());
        if (plan.served) {
          await kind.write(list.id, row, servedFrom(plan.by));
          return true;
        }
      }
      // Another list's row about them left while this one read: it waits for that one.
      if (askingNow.ahead(list.id, row)) continue;
      askingNow.start(list.id, row);
      return false;
    }
  }

  const kind: JobKind<WatchListRecord, WatchMemberRecord> = {
    name: 'watch list',
    read: async (id) => (await deps.db()).get('watchLists', id),
    working: async () => workingListIds(await deps.db()),
    // Those a stopped worker left running first, then in the order they were added.
    next,
    interrupted: (list) => ofStatus(list.id, ['interrupted']),
    async write(listId, member, change: Partial<WatchMemberRecord>) {
      const recorded = await writeRow(listId, { row: member, change });
      if (recorded) deps.onChanges();
      return recorded !== null;
    },
    async markSettling(id) {
      await updateWatchList(await deps.db(), id, deps.now(), (list) => {
        list.status = 'settling';
      });
    },
    shows: (member, result) => memberShows(member, result, deps.now),
    end: (id, end, stopReason) => finishRun(deps, id, end, stopReason),
    // Asked past the cache at its price: nothing is quoted free.
    priceAsItLeaves: false,
    answersItself,
    rowSettled: (_list, row) => askingNow.end(row),
  };

  return { kind, ofStatus };
}
