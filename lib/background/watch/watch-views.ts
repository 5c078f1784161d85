/**
 * A watch list, its members and its changes as the pages show them (background only): a summary
 * (members by kind, what a period costs, what Run now may spend, how far this period's run got,
 * unseen changes), each member with its last answer's fields, and the recorded changes newest first.
 */
import type { IDBPDatabase } from 'idb';
import type { ApiErrorJson } from '../../api/errors';
import { sumQuotes } from '../../job-summary';
import { parseProfileUrl } from '../../profile-urls';
import type { WatchChangeView, WatchListSummary, WatchMemberView } from '../../protocol';
import type { PersonChange } from '../../watch/changes';
import { eventOfRecordedChange } from '../../watch/events';
import type { EnrichmentDb } from '../db';
import { nextRunAt } from './periods';
import { ofWatchList, type WatchChangeRecord, type WatchListRecord, type WatchMemberRecord } from './records';
import { periodQuoteOf, runQuoteOf, watchedElsewhere } from './shared-answers';

type Db = IDBPDatabase<EnrichmentDb>;

/** Changes not looked at: of one list, or of all (the toolbar badge). */
export async function unseenCount(db: Db, listId?: string): Promise<number> {
  return listId === undefined
    ? db.countFromIndex('watchChanges', 'byViewed', 0)
    : db.countFromIndex('watchChanges', 'byListViewed', [listId, 0]);
}

/** Members asked in this period: those with an answer or a reason. */
const ASKED: ReadonlySet<string> = new Set(['done', 'failed', 'refused']);

/** A list as the pages show it at `now` (Run now's price is for the state a click then runs in). */
export async function summaryOf(db: Db, list: WatchListRecord, now: number): Promise<WatchListSummary> {
  const [members, unseen] = await Promise.all([
    db.getAll('watchMembers', ofWatchList(list.id)),
    unseenCount(db, list.id),
  ]);
  const elsewhere = await watchedElsewhere(
    db,
    list.id,
    members.map((member) => member.key),
  );
  return {
    id: list.id,
    name: list.name,
    createdAt: list.createdAt,
    periodDays: list.periodDays,
    freshness: list.freshness,
    cap: list.cap,
    people: members.filter((member) => member.kind === 'person').length,
    companies: members.filter((member) => member.kind === 'company').length,
    perPeriod: sumQuotes(members.map((member) => periodQuoteOf(member, elsewhere.get(member.key) ?? []))),
    runQuote: runQuoteOf(list, members, elsewhere, now),
    status: list.status,
    lastRunAt: list.lastRunAt,
    nextRunAt: nextRunAt(list),
    spentThisPeriod: list.spent,
    checkedThisPeriod: members.filter((member) => ASKED.has(member.status)).length,
    stopReason: (list.stopReason as ApiErrorJson | undefined) ?? null,
    unseen,
  };
}

/** Every list as the pages show them at `now`, the newest first. */
export async function summariesOf(db: Db, now: number): Promise<WatchListSummary[]> {
  const all = await db.getAll('watchLists');
  all.sort((a, b) => b.createdAt - a.createdAt);
  return Promise.all(all.map((list) => summaryOf(db, list, now)));
}

/** The lists watching a profile, by any form of its address, as the pages show them at `now`. */
export async function listsWatching(db: Db, url: string, now: number): Promise<WatchListSummary[]> {
  const ref = parseProfileUrl(url);
  if (!ref) return [];
  const members = await db.getAllFromIndex('watchMembers', 'byKey', ref.url);
  const found = await Promise.all(members.map((member) => db.get('watchLists', member.listId)));
  return Promise.all(found.filter((each) => each !== undefined).map((each) => summaryOf(db, each, now)));
}

export function memberViewOf(member: WatchMemberRecord): WatchMemberView {
  return {
    key: member.key,
    kind: member.kind,
    url: member.url,
    name: member.name,
    checkedAt: member.checkedAt ?? null,
    enriched: member.enriched ?? null,
    credits: member.lastCredits ?? null,
    error: (member.error as ApiErrorJson | undefined) ?? null,
  };
}

/**
 * Recorded changes newest first (of one list, or all), each with its list's name; a person's as an
 * event, one recorded before events were as an event of its own change.
 */
export async function changeViews(db: Db, listId?: string): Promise<WatchChangeView[]> {
  const [records, lists] = await Promise.all([
    listId === undefined
      ? db.getAllFromIndex('watchChanges', 'bySeen')
      : db.getAllFromIndex('watchChanges', 'byList', IDBKeyRange.bound([listId, 0], [listId, Infinity])),
    db.getAll('watchLists'),
  ]);
  const names = new Map(lists.map((list) => [list.id, list.name]));
  return records.reverse().map((record: WatchChangeRecord) => ({
    id: record.id,
    listId: record.listId,
    watchList: names.get(record.listId) ?? '',
    kind: record.kind,
    name: record.name,
    url: record.url,
    seenAt: record.seenAt,
    change: record.change,
    event:
      record.kind === 'person'
        ? (record.event ?? eventOfRecordedChange(record.change as PersonChange))
        : null,
    viewed: record.viewed === 1,
  }));
}

/** Marks changes seen (these ids, or all); returns how many are left unseen. */
export async function markSeen(db: Db, ids?: readonly string[]): Promise<number> {
  const tx = db.transaction('watchChanges', 'readwrite');
  if (ids === undefined) {
    for (
      let cursor = await tx.store.index('byViewed').openCursor(0);
      cursor;
      cursor = await cursor.continue()
    )
      await cursor.update({ ...cursor.value, viewed: 1 });
  } else {
    for (const id of ids) {
      const record = await tx.store.get(id);
      if (record && record.viewed === 0) await tx.store.put({ ...record, viewed: 1 });
    }
  }
  await tx.done;
  return unseenCount(db);
}
