/**
 * The popup's recent searches and lookups, in IndexedDB (the `recent` store of ./db): what the
 * person ran, to reopen it later. An entry is the question (endpoint and params), not the answer:
 * the answer is in the cache, and reopening asks `view.open`, which serves it at 0 credits while the
 * cache holds it (and quotes it again when it does not).
 *
 * Only the background opens the database; the popup asks it (`recent.*` messages).
 */
import type { IDBPDatabase } from 'idb';
import { summarizeParams } from '../api/endpoint-info';
import type { RecentEntry, RecentInput } from '../protocol';
import type { EnrichmentDb } from './db';

/** Entries kept; past it the oldest go. */
export const RECENT_LIMIT = 50;

/** The params a person gave: blank values and the page cursor are not part of the question. */
export function questionParams(params: RecentInput['params']): RecentInput['params'] {
  const kept: RecentInput['params'] = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === null || name === 'next_token') continue;
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === '') continue;
    kept[name] = text;
  }
  return kept;
}

/** The same question has the same id, whatever order its params were given in. */
export function recentId(endpointId: RecentInput['endpointId'], params: RecentInput['params']): string {
  const sorted = Object.entries(questionParams(params)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${endpointId}?${new URLSearchParams(sorted.map(([name, value]) => [name, String(value)])).toString()}`;
}

/** Remembers a question, or moves it to the top when it is there already; keeps RECENT_LIMIT. */
export async function addRecent(
  db: IDBPDatabase<EnrichmentDb>,
  input: RecentInput,
  now: number,
): Promise<RecentEntry> {
  const params = questionParams(input.params);
  const entry: RecentEntry = {
    id: recentId(input.endpointId, params),
    endpointId: input.endpointId,
    params,
    summary: summarizeParams(input.endpointId, params) || 'no filters',
    at: now,
  };
  const tx = db.transaction('recent', 'readwrite');
  await tx.store.put(entry);
  // Newest first: everything after the first RECENT_LIMIT goes.
  let cursor = await tx.store.index('byAt').openCursor(null, 'prev');
  let seen = 0;
  while (cursor) {
    seen++;
    if (seen > RECENT_LIMIT) await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
  return entry;
}

/** The recent questions, newest first. */
export async function listRecent(
  db: IDBPDatabase<EnrichmentDb>,
  limit = RECENT_LIMIT,
): Promise<RecentEntry[]> {
  const entries: RecentEntry[] = [];
  let cursor = await db.transaction('recent').store.index('byAt').openCursor(null, 'prev');
  while (cursor && entries.length < limit) {
    entries.push(cursor.value);
    cursor = await cursor.continue();
  }
  return entries;
}

export async function removeRecent(db: IDBPDatabase<EnrichmentDb>, id: string): Promise<void> {
  await db.delete('recent', id);
}

export async function clearRecent(db: IDBPDatabase<EnrichmentDb>): Promise<void> {
  await db.clear('recent');
}
