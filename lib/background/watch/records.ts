/**
 * What a watch keeps (lib/background/db.ts `watchLists`, `watchMembers`, `watchChanges`): a list's
 * header (what the job runner reads of it, and its period), one record per watched person or
 * company (the compared part of its last kept answer and this period's row), and the changes its
 * runs recorded, and the range of a list's records in them. Background only.
 */
import type { EndpointId } from '../../api/ids';
import type {
  EnrichedFields,
  WatchedKind,
  WatchFreshness,
  WatchPeriodDays,
  WatchRunStatus,
} from '../../protocol';
import type { Change } from '../../watch/changes';
import type { ComparedPart } from '../../watch/compared-part';
import type { PersonEvent } from '../../watch/events';

/** A watch list's header: what the job runner reads (lib/background/jobs/kind.ts JobHeader) and its period. */
export interface WatchListRecord {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  periodDays: WatchPeriodDays;
  freshness: WatchFreshness;
  /** The most a period's run may spend; null: no cap. */
  cap: number | null;
  status: WatchRunStatus;
  pauseRequested: boolean;
  /** A watch list is never cancelled (it is paused or deleted); the runner reads it. */
  cancelRequested: false;
  confirmed?: boolean;
  confirmedOn?: number;
  /** The current period: its index (part of every request id asked in it) and when it began. */
  period: number;
  periodStart: number;
  /** Credits spent in the current period (the runner's `spent`, against the cap). */
  spent: number;
  lastRunAt: number | null;
  /** A run stopped at today's budget (or the cap) goes on from this time (the next day). */
  waitingUntil?: number;
  /** ApiErrorJson */
  stopReason?: unknown;
}

/** A row's status in the current period; `refused`: on the do-not-enrich list, never asked. */
export type WatchRowStatus = 'queued' | 'running' | 'done' | 'failed' | 'interrupted' | 'refused';

/**
 * The fields of an answer the comparison reads (lib/watch/changes.ts), and the name: the least kept
 * about someone that still tells what changed (lib/watch/compared-part.ts).
 */
export type { ComparedPart };

/** A watched person or company, with its row of the current period (the job runner's JobRow). */
export interface WatchMemberRecord {
  listId: string;
  /** The canonical profile address. */
  key: string;
  /**
   * An opaque random id given when the member was added: the part of its request ids (and so of
   * the journal's keys, the ledger's lines and the change ids) that says whom they were about,
   * without naming them once they are forgotten. Absent on members kept before it was given; one
   * is given the next time the member is queued (./periods.ts queueForPeriod, ./watch-job.ts).
   */
  watchId?: string;
  kind: WatchedKind;
  url: string;
  name: string;
  /** When it was added: members are asked in this order. */
  order: number;
  /**
   * The last kept answer's compared part; absent before the first answer, and once older than the
   * retention period (lib/background/retention.ts), so that the next answer is a first one again.
   */
  kept?: ComparedPart;
  /** The request whose answer `kept` is: an answer written again is not compared twice. */
  keptFrom?: string;
  checkedAt?: number;
  /**
   * When the service answered what `kept` is, and the oldest answer that request accepted (seconds,
   * lib/freshness.ts acceptedAgeSeconds): another list watching the same person is served from it
   * when it is recent and fresh enough (./shared-answers.ts). An answer served so keeps its source's.
   */
  answeredAt?: number;
  answeredMaxAge?: number;
  enriched?: EnrichedFields;
  // This period's row.
  requestId: string;
  endpointId: EndpointId;
  params: Record<string, string | number>;
  policy: 'refresh';
  quote: { min: number | null; max: number | null };
  status: WatchRowStatus;
  credits?: number | null;
  /** What its last ask cost, kept across periods (a new period's row starts with no `credits`). */
  lastCredits?: number;
  cached?: boolean;
  /** ApiErrorJson */
  error?: unknown;
  /** The compared part of this row's answer, on its way to `kept` (never stored: see watch-job.ts). */
  answer?: ComparedPart;
  updatedAt: number;
}

/** A change a run recorded. `viewed` is 0 or 1 so that the unseen ones can be counted by an index. */
export interface WatchChangeRecord {
  /** The request that saw it and its place among that answer's changes: recorded once. */
  id: string;
  listId: string;
  memberKey: string;
  kind: WatchedKind;
  name: string;
  url: string;
  seenAt: number;
  /** The change: a company's, or a person's event's own (the only one kept before events were). */
  change: Change;
  /**
   * A person's changes of one answer as one event, with its evidence (lib/watch/events.ts). Absent
   * on a company's change and on a person's recorded before events were: each such record is read
   * as an event of its own change (lib/background/watch/watch-views.ts).
   */
  event?: PersonEvent;
  viewed: 0 | 1;
}

/** Every record of a list in a store keyed [listId, …]. */
export function ofWatchList(id: string): IDBKeyRange {
  return IDBKeyRange.bound([id], [id, []]);
}
