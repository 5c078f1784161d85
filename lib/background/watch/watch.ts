/**
 * Watch (background only): people and companies asked again once a period through the one job
 * runner (../jobs/runner.ts; ./watch-job.ts is where a list is kept), at batch priority under the
 * daily budget and the list's cap, with no page open (./watch-alarm.ts), and what changed between
 * two answers recorded (./watch-job.ts). This module keeps lists and answers the pages; the runs
 * are started by ./watch-controls.ts. `now` is a dependency: the e2e build moves it forward.
 */
import type { IDBPDatabase } from 'idb';
import { isWorking } from '../../job-summary';
import {
  TEAM_LIST_ID,
  type WatchCreateRequest,
  type WatchListDetail,
  type WatchListSummary,
  type WatchQuote,
  type WatchQuoteRequest,
  type WatchStartResult,
  type WatchTarget,
} from '../../protocol';
import { confirmationOf } from '../budget';
import { toApiError } from '../calls/paid-call';
import type { EnrichmentDb } from '../db';
import { createJobRunner, type JobRunnerDeps, passesBudget } from '../jobs/runner';
import { newWatchId, watchRequestId } from './periods';
import { ofWatchList, type WatchListRecord, type WatchMemberRecord } from './records';
import { watchedElsewhere } from './shared-answers';
import { createTeamChanges, type TeamWatchReach } from './team-changes';
import { createWatchControls } from './watch-controls';
import { createWatchJob } from './watch-job';
import { type Accepted, quoteTargets, watchQuoteOf, withOthersWatching } from './watch-quote';
import {
  changeViews,
  listsWatching,
  markSeen,
  memberViewOf,
  summariesOf,
  summaryOf,
  unseenCount,
} from './watch-views';

export interface WatchDeps extends JobRunnerDeps {
  db: () => Promise<IDBPDatabase<EnrichmentDb>>;
  now: () => number;
  /** The unseen changes may have changed: the toolbar badge is set again (./badge.ts). */
  onChanges: () => void;
  /** Where the team's watch is reached (team mode: ./team-changes.ts); none: this browser's alone. */
  team?: TeamWatchReach;
}

function memberOf(list: WatchListRecord, target: Accepted, order: number, at: number): WatchMemberRecord {
  const watchId = newWatchId();
  return {
    listId: list.id,
    key: target.key,
    watchId,
    kind: target.kind,
    url: target.url,
    name: target.name,
    order,
    requestId: watchRequestId(list.id, list.period, watchId),
    endpointId: target.request.endpointId,
    params: target.request.params,
    policy: 'refresh',
    quote: target.quote,
    status: 'queued',
    updatedAt: at,
  };
}

/** Keeps a new list, running its first period, and its members queued for it. */
async function keepNewList(
  db: IDBPDatabase<EnrichmentDb>,
  request: WatchCreateRequest,
  accepted: Accepted[],
  at: number,
): Promise<WatchListRecord> {
  const list: WatchListRecord = {
    id: request.startId,
    name: request.name,
    createdAt: at,
    updatedAt: at,
    periodDays: request.periodDays,
    freshness: request.freshness,
    cap: request.cap,
    status: 'running',
    pauseRequested: false,
    cancelRequested: false,
    period: 0,
    periodStart: at,
    spent: 0,
    lastRunAt: at,
    ...(request.confirmed ? confirmationOf(at) : {}),
  };
  const tx = db.transaction(['watchLists', 'watchMembers'], 'readwrite');
  void tx.objectStore('watchLists').put(list);
  accepted.forEach((target, order) => {
    void tx.objectStore('watchMembers').put(memberOf(list, target, order, at));
  });
  await tx.done;
  return list;
}

/** Keeps members added to a kept list after its `existing` ones, queued for its next run. */
async function keepAddedMembers(
  db: IDBPDatabase<EnrichmentDb>,
  list: WatchListRecord,
  existing: readonly WatchMemberRecord[],
  accepted: Accepted[],
  at: number,
): Promise<void> {
  const first = Math.max(-1, ...existing.map((member) => member.order)) + 1;
  const tx = db.transaction('watchMembers', 'readwrite');
  accepted.forEach((target, index) => {
    void tx.store.put(memberOf(list, target, first + index, at));
  });
  await tx.done;
}

const nothingToWatch = (refused: WatchQuote['refused']): WatchStartResult => ({
  status: 'error',
  error: {
    name: 'ApiError',
    kind: 'invalid',
    message: 'Nothing to watch',
    description: refused.map((each) => `${each.url}: ${each.reason}`).join('\n') || undefined,
  },
});

/** A new list made at the team's hub, which runs it (team mode); its people as this browser read them. */
async function createAtTeam(
  team: WatchDeps['team'],
  request: WatchCreateRequest,
  quoteNew: () => Promise<{ accepted: Accepted[]; refused: WatchQuote['refused'] }>,
): Promise<WatchStartResult> {
  const reach = team ? await team() : null;
  if (!reach)
    return {
      status: 'error',
      error: {
        name: 'ApiError',
        kind: 'invalid',
        message: 'There is no team hub to run a team watch list',
      },
    };
  const quoted = await quoteNew();
  const people = quoted.accepted.filter((target) => target.kind === 'person');
  if (people.length === 0) return nothingToWatch(quoted.refused);
  try {
    const made = await reach.at.createList(reach.client, {
      name: request.name,
      periodDays: request.periodDays,
      people: people.map((target) => ({ kind: 'person', url: target.url, name: target.name })),
      createId: request.startId,
    });
    return {
      status: 'team-started',
      made: { name: made.name, people: made.people, refused: made.refused },
    };
  } catch (error) {
    return { status: 'error', error: reach.explain(toApiError(error)).toJSON() };
  }
}

/**
 * The Changes page's reads: this browser's changes and (team mode, all lists or the team's) the
 * team's, newest first; marking seen marks both.
 */
function createChangesRead(deps: Pick<WatchDeps, 'db' | 'team' | 'onChanges'>) {
  const team = deps.team ? createTeamChanges(deps.team) : null;

  async function changes(listId?: string) {
    const db = await deps.db();
    const withTeam = team !== null && (listId === undefined || listId === TEAM_LIST_ID);
    const [views, unseen, ofTeam] = await Promise.all([
      listId === TEAM_LIST_ID ? [] : changeViews(db, listId),
      unseenCount(db),
      withTeam ? team.read() : { changes: [], unseen: 0 },
    ]);
    const shown = [...views, ...ofTeam.changes].sort((a, b) => b.seenAt - a.seenAt);
    return { changes: shown, unseen: unseen + ofTeam.unseen };
  }

  async function seen(ids?: string[]) {
    const [unseen, ofTeam] = await Promise.all([
      markSeen(await deps.db(), ids),
      team ? team.markSeen(ids) : 0,
    ]);
    deps.onChanges();
    return { unseen: unseen + ofTeam };
  }

  return { changes, seen };
}

export function createWatch(deps: WatchDeps) {
  const { now } = deps;
  const job = createWatchJob({ db: deps.db, now, service: deps.service, onChanges: deps.onChanges });
  const runner = createJobRunner(job.kind, deps);
  const controls = createWatchControls({ ...deps, runner });

  async function keys(listId: string): Promise<Set<string>> {
    const members = await (await deps.db()).getAll('watchMembers', ofWatchList(listId));
    return new Set(members.map((member) => member.key));
  }

  /** Reads and prices targets for a list (`listId`; null: a new one), with the other lists watching them. */
  async function quoteFor(
    listId: string | null,
    targets: readonly WatchTarget[],
    freshness: WatchQuoteRequest['freshness'],
    watched?: ReadonlySet<string>,
  ) {
    const quoted = await quoteTargets(deps.service, targets, freshness, watched);
    const elsewhere = await watchedElsewhere(
      await deps.db(),
      listId,
      quoted.accepted.map((target) => target.key),
    );
    return withOthersWatching(quoted, elsewhere);
  }

  async function quote(request: WatchQuoteRequest): Promise<WatchQuote> {
    const watched = request.listId ? await keys(request.listId) : new Set<string>();
    const [quoted, reach] = await Promise.all([
      quoteFor(request.listId ?? null, request.targets, request.freshness, watched),
      deps.team ? deps.team() : null,
    ]);
    return { ...watchQuoteOf(quoted), ...(reach ? { team: true } : {}) };
  }

  /** Keeps a new list and starts its first run; a create asked again finds the list it began. */
  async function create(request: WatchCreateRequest): Promise<WatchStartResult> {
    if (request.team)
      return createAtTeam(deps.team, request, () => quoteFor(null, request.targets, request.freshness));
    const db = await deps.db();
    const begun = await db.get('watchLists', request.startId);
    if (begun) {
      if (isWorking(begun.status)) runner.drive(begun.id);
      return { status: 'started', list: await summaryOf(db, begun, now()) };
    }
    const quoted = await quoteFor(null, request.targets, request.freshness);
    if (quoted.accepted.length === 0) return nothingToWatch(quoted.refused);
    if (!request.confirmed && passesBudget(quoted.perPeriod, quoted.remainingToday))
      return { status: 'needs-confirmation', quote: quoted.perPeriod, remaining: quoted.remainingToday ?? 0 };
    const list = await keepNewList(db, request, quoted.accepted, now());
    runner.drive(list.id);
    return { status: 'started', list: await summaryOf(db, list, now()) };
  }

  /** Adds members to a list: asked on its next run (or Run now), never twice in a period. */
  async function add(listId: string, targets: WatchTarget[]): Promise<WatchStartResult> {
    const db = await deps.db();
    const list = await db.get('watchLists', listId);
    if (!list)
      return {
        status: 'error',
        error: { name: 'ApiError', kind: 'invalid', message: 'This watch list is gone' },
      };
    const existing = await db.getAll('watchMembers', ofWatchList(listId));
    const quoted = await quoteFor(listId, targets, list.freshness, new Set(existing.map((m) => m.key)));
    if (quoted.accepted.length === 0) return nothingToWatch(quoted.refused);
    await keepAddedMembers(db, list, existing, quoted.accepted, now());
    return { status: 'started', list: await summaryOf(db, list, now()) };
  }

  async function lists(): Promise<WatchListSummary[]> {
    return summariesOf(await deps.db(), now());
  }

  async function list(id: string): Promise<WatchListDetail | null> {
    const db = await deps.db();
    const found = await db.get('watchLists', id);
    if (!found) return null;
    // A worker that started since has not resumed it yet: do it now.
    if (isWorking(found.status)) runner.drive(id);
    const members = await db.getAll('watchMembers', ofWatchList(id));
    members.sort((a, b) => a.order - b.order);
    return { summary: await summaryOf(db, found, now()), members: members.map(memberViewOf) };
  }

  /** The lists watching a profile, by any form of its address. */
  async function of(url: string): Promise<WatchListSummary[]> {
    return listsWatching(await deps.db(), url, now());
  }

  const { changes, seen } = createChangesRead(deps);

  return {
    quote,
    create,
    add,
    lists,
    list,
    of,
    control: controls.control,
    remove: controls.remove,
    delete: controls.deleteWatchList,
    changes,
    seen,
    checkDue: controls.checkDue,
    /** When a worker starts: running lists go on. */
    resume: runner.resume,
    /** For tests: resolves once the list's run in this worker has ended. */
    settled: runner.settled,
  };
}
