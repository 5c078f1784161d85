/**
 * Do not enrich, as the background keeps it: the list in IndexedDB (read for matching with each
 * address also by its mailbox), and a paid answer about a listed subject recorded without naming
 * them. What a list names, and what an answer is about, is lib/pricing/do-not-enrich.ts.
 */
import type { IDBPDatabase } from 'idb';
import { ApiError, type ApiErrorJson } from '../api/errors';
import { mailboxKey } from '../pricing/do-not-enrich';
import type { DoNotEnrichEntry } from '../protocol';
import type { CallRecord, EnrichmentDb } from './db';
import { recordAnswer } from './ledger';

type Db = IDBPDatabase<EnrichmentDb>;

/** What the ledger says of a paid answer about a listed subject, instead of naming who it was about. */
export const LISTED_SUMMARY = 'on your do-not-enrich list, not kept';

/**
 * A paid answer about a listed subject, recorded without it: its charge in the ledger and the job
 * done, neither naming anyone (the question is dropped with the answer). Returns what the person is
 * told: it was paid (null: the price is not published) and not kept; it is also what a replay of
 * the request id says.
 */
export async function recordListedAnswer(
  db: Db,
  job: CallRecord,
  charge: { credits: number } | { estimate: number | null },
  credits: number | null,
  at: number,
  /** Whose list it is on: the person's own, or (team mode) the team's at the hub. */
  kind: 'do-not-enrich' | 'team-do-not-enrich' = 'do-not-enrich',
): Promise<ApiErrorJson> {
  const error = new ApiError(kind, { charged: credits }).toJSON();
  const tx = db.transaction(['ledger', 'jobs'], 'readwrite');
  await recordAnswer(tx, { ...job, params: {} }, charge, at, null, LISTED_SUMMARY);
  await tx.objectStore('jobs').put({
    ...job,
    params: {},
    status: 'done',
    credits,
    reserved: 0,
    error,
    ...(credits === null ? { unpriced: { settled: false } } : {}),
    updatedAt: at,
  });
  await tx.done;
  return error;
}

// ---------------------------------------------------------------------------------------------
// The stored list

/** The keys of the list as kept (background only), for matching: an address by its mailbox. */
export async function listedKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const key of await db.getAllKeys('doNotEnrich')) {
    keys.add(key);
    keys.add(mailboxKey(key));
  }
  return keys;
}

export async function storedList(db: Db): Promise<DoNotEnrichEntry[]> {
  return db.getAll('doNotEnrich');
}

/** Replaces the whole list (the options page saves it as a whole). */
export async function replaceStoredList(db: Db, entries: readonly DoNotEnrichEntry[]): Promise<void> {
  const tx = db.transaction('doNotEnrich', 'readwrite');
  await tx.store.clear();
  for (const entry of entries) await tx.store.put(entry);
  await tx.done;
}
