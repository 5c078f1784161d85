/**
 * Someone watched in several lists is asked once (background only). A member about to be asked is
 * served, at no cost, from the answer another list got about the same person or company when that
 * answer came since this list's period began (the period `now` is in, or within the hour before)
 * and was asked at least as fresh as this list asks; each list still compares it with its own last
 * answer and records what changed (./watch-job.ts). Otherwise it is asked at the strictest
 * freshness of the lists that still have to ask them this period (their row queued, or their period
 * come round), so that their rows are served from this one answer rather than paying again: a row
 * about someone another list is asking about waits for that answer (`createAskingNow`). What Run
 * now may spend (`runQuoteOf`) and what a period may cost (`periodQuoteOf`) are priced the same way.
 */
import type { IDBPDatabase } from 'idb';
import { acceptedAgeSeconds } from '../../freshness';
import { sumQuotes } from '../../job-summary';
import type { Quote } from '../../protocol';
import { cappedQuote } from '../../watch/watch-words';
import type { EnrichmentDb } from '../db';
import { periodStartAt, periodsPassed } from './periods';
import { ofWatchList, type WatchListRecord, type WatchMemberRecord, type WatchRowStatus } from './records';
import { WATCH_PERIOD_MINUTES } from './watch-alarm';

type Db = IDBPDatabase<EnrichmentDb>;

/** The same person or company as a member of another list, with that list. */
export interface WatchedElsewhere {
  member: WatchMemberRecord;
  list: WatchListRecord;
}

/** How a member's row of this period is answered: from another list's answer, or asked so. */
type RowPlan =
  | { served: true; by: WatchMemberRecord }
  | { served: false; params: WatchMemberRecord['params']; quote: WatchMemberRecord['quote'] };

/** The oldest answer a row's params accept (lib/freshness.ts): the smaller, the stricter. */
const maxAgeOf = (member: Pick<WatchMemberRecord, 'params'>): number => acceptedAgeSeconds(member.params);

/** Rows a run of the current period still asks (Run now asks these again; the rest were answered). */
const STILL_TO_ASK: ReadonlySet<WatchRowStatus> = new Set(['queued', 'running', 'failed', 'interrupted']);

/**
 * How long before a list's period began another list's answer still serves it: the due check runs
 * every hour (./watch-alarm.ts), so lists whose periods begin within the hour (lists made minutes
 * apart) run together, whichever side of their starts the alarm falls.
 */
const SHARED_ANSWER_SLACK_MS = WATCH_PERIOD_MINUTES * 60 * 1000;

/** Whether another list's member has an answer this list may take, in the period `now` is in. */
function serves(source: WatchMemberRecord, member: WatchMemberRecord, list: WatchListRecord, now: number) {
  return (
    source.kept !== undefined &&
    source.endpointId === member.endpointId &&
    source.answeredAt !== undefined &&
    source.answeredAt >= periodStartAt(list, now) - SHARED_ANSWER_SLACK_MS &&
    (source.answeredMaxAge ?? Number.POSITIVE_INFINITY) <= maxAgeOf(member)
  );
}

/**
 * Whether another list will ask its member soon: its row waits in the queue, or its period came
 * round (or comes round within the slack, when an answer got now still serves it).
 */
function stillAsks({ member, list }: WatchedElsewhere, now: number): boolean {
  if (list.status === 'paused' || member.status === 'refused') return false;
  return member.status === 'queued' || periodsPassed(list, now + SHARED_ANSWER_SLACK_MS) > 0;
}

/** How a queued member's row is answered in the period `now` is in. */
export function planRow(
  member: WatchMemberRecord,
  list: WatchListRecord,
  elsewhere: readonly WatchedElsewhere[],
  now: number,
): RowPlan {
  const source = elsewhere.find((other) => serves(other.member, member, list, now));
  if (source) return { served: true, by: source.member };
  let strictest: WatchMemberRecord = member;
  for (const other of elsewhere)
    if (
      other.member.endpointId === member.endpointId &&
      stillAsks(other, now) &&
      maxAgeOf(other.member) < maxAgeOf(strictest)
    )
      strictest = other.member;
  return { served: false, params: strictest.params, quote: strictest.quote };
}

/** Up to this many people are looked up one by one (the `byKey` index); more, by reading lists whole. */
const BY_KEY_READS = 100;

/**
 * The members of lists other than `listId` (null: of every list) about these people and companies
 * (their keys), with their lists, by key.
 */
export async function watchedElsewhere(
  db: Db,
  listId: string | null,
  keys: Iterable<string>,
): Promise<Map<string, WatchedElsewhere[]>> {
  const found = new Map<string, WatchedElsewhere[]>();
  const distinct = [...new Set(keys)];
  if (distinct.length === 0) return found;
  const tx = db.transaction(['watchLists', 'watchMembers']);
  const lists = (await tx.objectStore('watchLists').getAll()).filter((list) => list.id !== listId);
  // No other list (the usual case): no one is watched elsewhere, and no member is read again.
  if (lists.length === 0) return found;
  const members = tx.objectStore('watchMembers');
  // A few people (the rows a run reads next) by the index; many (a whole list's summary) by reading
  // the other lists whole, a range each, rather than one request a person.
  const candidates =
    distinct.length <= BY_KEY_READS
      ? (await Promise.all(distinct.map((key) => members.index('byKey').getAll(key)))).flat()
      : (await Promise.all(lists.map((list) => members.getAll(ofWatchList(list.id))))).flat();
  const wanted = new Set(distinct);
  const listsById = new Map(lists.map((list) => [list.id, list]));
  for (const member of candidates) {
    const list = listsById.get(member.listId);
    if (!list || !wanted.has(member.key)) continue;
    found.set(member.key, [...(found.get(member.key) ?? []), { member, list }]);
  }
  return found;
}

/**
 * The most someone costs a list a period, and the least: at most their price at the strictest
 * freshness of the lists watching them that are not paused (their row is asked so when those lists
 * still ask), and nothing when another list asking at least as fresh may serve them.
 */
export function periodQuoteOf(
  watched: Pick<WatchMemberRecord, 'endpointId' | 'params' | 'quote'>,
  elsewhere: readonly WatchedElsewhere[],
): WatchMemberRecord['quote'] {
  const others = elsewhere
    .filter(
      ({ member, list }) =>
        list.status !== 'paused' && member.status !== 'refused' && member.endpointId === watched.endpointId,
    )
    .map(({ member }) => member);
  const strictest = others.reduce(
    (most, other) => (maxAgeOf(other) < maxAgeOf(most) ? other : most),
    watched,
  );
  // Served free only by an answer at least as fresh as it asks.
  const servable = others.some((other) => maxAgeOf(other) <= maxAgeOf(watched));
  return {
    min: servable && watched.quote.min !== null ? 0 : watched.quote.min,
    max: strictest.quote.max,
  };
}

/**
 * What Run now (or Resume) may spend, in the state the click runs in: a list whose period came
 * round asks every member again (its spending starts again from 0); else only the members not
 * answered yet this period. Each at its row's price, nothing for one another list's answer serves,
 * and no more than what the cap leaves. `elsewhere`: watchedElsewhere of the list's members.
 */
export function runQuoteOf(
  list: WatchListRecord,
  members: readonly WatchMemberRecord[],
  elsewhere: ReadonlyMap<string, readonly WatchedElsewhere[]>,
  now: number,
): Quote {
  const due = periodsPassed(list, now) > 0;
  const prices = members
    .filter((member) => due || STILL_TO_ASK.has(member.status))
    .map((member) => {
      const plan = planRow(member, list, elsewhere.get(member.key) ?? [], now);
      return plan.served ? { min: 0, max: 0 } : plan.quote;
    });
  const left = list.cap === null ? null : Math.max(0, list.cap - (due ? 0 : list.spent));
  return cappedQuote(sumQuotes(prices), left);
}

interface Asking {
  requestId: string;
  listId: string;
  maxAge: number;
  done: Promise<void>;
  end: () => void;
}

/**
 * The rows leaving in this worker (one worker runs every list), by whom they ask about. A row about
 * someone another list is asking about at least as fresh waits for that answer and is served from
 * it: joining the call in flight (../merging.ts) is not enough, since a call that has ended is no
 * longer in flight while its answer is not written yet.
 */
export function createAskingNow() {
  const byKey = new Map<string, Asking[]>();

  return {
    /** Answered when every call another list has in flight about the row's subject, as fresh, has ended. */
    ahead(listId: string, row: WatchMemberRecord): Promise<void>[] | null {
      const ahead = (byKey.get(row.key) ?? []).filter(
        (other) => other.listId !== listId && other.maxAge <= maxAgeOf(row),
      );
      return ahead.length > 0 ? ahead.map((other) => other.done) : null;
    },
    /** The row leaves. */
    start(listId: string, row: WatchMemberRecord): void {
      let end = () => {};
      const done = new Promise<void>((resolve) => {
        end = resolve;
      });
      const entry = { requestId: row.requestId, listId, maxAge: maxAgeOf(row), done, end };
      byKey.set(row.key, [...(byKey.get(row.key) ?? []), entry]);
    },
    /** The row's outcome is written (or it went back to the queue). */
    end(row: WatchMemberRecord): void {
      const entries = byKey.get(row.key) ?? [];
      for (const entry of entries.filter((each) => each.requestId === row.requestId)) entry.end();
      const left = entries.filter((each) => each.requestId !== row.requestId);
      if (left.length > 0) byKey.set(row.key, left);
      else byKey.delete(row.key);
    },
  };
}
