/**
 * The team's do-not-enrich list and forget. The list is read with the extension's own reader and
 * matched with its own matcher (lib/pricing/do-not-enrich.ts: plain functions, no storage),
 * so a subject is refused at the hub exactly as a browser would refuse it.
 *
 * Forget removes a subject from the shared cache (answers about them, and rows of pages naming
 * them), from the audit's names and from the request journal's (its question and a kept error), and appends them to the forgotten list, numbered, which
 * browsers in team mode read from their last number on (`GET /hub/v1/forgotten?since=N`). Forget
 * and the list both remove the rows of the team's CRM reference naming the subject (crm.ts), and take
 * the subject out of the team's watch lists with their kept answer and changes (team-watch-people.ts).
 */
import type { EndpointId } from '../lib/api/ids';
import {
  type DoNotEnrichEntry,
  listedIn,
  mailboxKey,
  readEntry,
  screenAnswer,
} from '../lib/pricing/do-not-enrich';
import { Refusal } from './answers';
import type { Db, Queryable } from './db';
import { dropWatchedPeopleNaming } from './team-watch-people';

export type { DoNotEnrichEntry };

function entryOf(subject: string): DoNotEnrichEntry {
  const entry = readEntry(subject);
  if (!entry)
    throw new Refusal(
      `"${subject}" is not an email address, a domain (acme.com, @acme.com) or a profile URL`,
    );
  return entry;
}

/** The keys matching a set of entries' keys: an address by its mailbox too (ada+x@ is ada@). */
export function matchKeys(keys: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const key of keys) {
    out.add(key);
    out.add(mailboxKey(key));
  }
  return out;
}

export async function addListed(db: Queryable, subject: string): Promise<DoNotEnrichEntry> {
  const entry = entryOf(subject);
  await db.query(
    'INSERT INTO do_not_enrich (key, kind, text) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING',
    [entry.key, entry.kind, entry.text],
  );
  // A listed subject is never in the CRM as far as a member can tell: its rows go, as the extension's do.
  await dropCrmRowsNaming(db, entry.key);
  // Nor watched by the team: they leave every team watch list, with what was kept about them.
  await dropWatchedPeopleNaming(db, matchKeys([entry.key]));
  return entry;
}

/** Removes an entry; false when it was not on the list. */
export async function removeListed(db: Queryable, subject: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM do_not_enrich WHERE key = $1 RETURNING key', [
    entryOf(subject).key,
  ]);
  return rows.length > 0;
}

export async function listListed(db: Queryable): Promise<DoNotEnrichEntry[]> {
  return db.query<DoNotEnrichEntry>('SELECT key, kind, text FROM do_not_enrich ORDER BY text');
}

/**
 * Removes the rows of the team's CRM reference (crm.ts) naming a list entry (its key, as readEntry
 * writes it: its mailbox too), in the caller's transaction; returns how many went. The reference's
 * summary keeps the import's counts: they say what the file held.
 */
export async function dropCrmRowsNaming(tx: Queryable, entryKey: string): Promise<number> {
  const [row] = await tx.query<{ removed: number }>(
    `WITH gone AS (DELETE FROM crm_reference_rows WHERE subjects && $1::text[] RETURNING row_no),
       keys AS (DELETE FROM crm_reference_keys WHERE row_no IN (SELECT row_no FROM gone))
     SELECT count(*)::integer AS removed FROM gone`,
    [[...matchKeys([entryKey])]],
  );
  return Number(row?.removed ?? 0);
}

export interface ForgetResult {
  entry: DoNotEnrichEntry;
  seq: number;
  answersRemoved: number;
  pagesTrimmed: number;
  auditLinesCleared: number;
  /** Rows of the team's CRM reference naming the subject, removed (crm.ts). */
  crmRowsRemoved: number;
  /** People taken out of the team's watch lists, with their kept answer and changes (team-watch.ts). */
  watchedRemoved: number;
}

/** Forgets a subject everywhere the hub keeps it, in one transaction. */
export async function forget(db: Db, subject: string): Promise<ForgetResult> {
  const entry = entryOf(subject);
  const keys = matchKeys([entry.key]);
  return db.transaction(async (tx) => {
    const rows = await tx.query<{
      key: string;
      endpoint: EndpointId;
      params: Record<string, unknown>;
      body: unknown;
    }>('SELECT key, endpoint, params, body FROM cache FOR UPDATE');
    const removed: string[] = [];
    let pagesTrimmed = 0;
    for (const row of rows) {
      const screened = screenAnswer(keys, row.endpoint, row.body);
      if (listedIn(keys, row.endpoint, row.params) !== null || screened.listed !== null) {
        removed.push(row.key);
      } else if (screened.data !== row.body) {
        await tx.query('UPDATE cache SET body = $2 WHERE key = $1', [row.key, JSON.stringify(screened.data)]);
        pagesTrimmed++;
      }
    }
    if (removed.length > 0) await tx.query('DELETE FROM cache WHERE key = ANY($1::text[])', [removed]);
    const audit = await tx.query<{
      id: string;
      endpoint: EndpointId;
      params: Record<string, unknown> | null;
      cache_key: string | null;
    }>('SELECT id, endpoint, params, cache_key FROM audit WHERE params IS NOT NULL');
    const removedKeys = new Set(removed);
    const cleared = audit
      .filter(
        (line) =>
          (line.cache_key !== null && removedKeys.has(line.cache_key)) ||
          (line.params !== null && listedIn(keys, line.endpoint, line.params) !== null),
      )
      .map((line) => line.id);
    if (cleared.length > 0)
      await tx.query('UPDATE audit SET subject = NULL, params = NULL WHERE id = ANY($1::bigint[])', [
        cleared,
      ]);
    await forgetInJournal(tx, keys, removedKeys);
    const crmRowsRemoved = await dropCrmRowsNaming(tx, entry.key);
    const watchedRemoved = await dropWatchedPeopleNaming(tx, keys);
    const [added] = await tx.query<{ seq: string }>(
      'INSERT INTO forgotten (key, text) VALUES ($1, $2) RETURNING seq',
      [entry.key, entry.text],
    );
    return {
      entry,
      seq: Number(added?.seq),
      answersRemoved: removed.length,
      pagesTrimmed,
      auditLinesCleared: cleared.length,
      crmRowsRemoved,
      watchedRemoved,
    };
  });
}

/**
 * A journal row names its request's question (its cache key: the endpoint and its params) and may
 * keep the service's error about it: both cleared for rows whose question names the subject.
 */
async function forgetInJournal(tx: Queryable, keys: ReadonlySet<string>, removedKeys: ReadonlySet<string>) {
  const rows = await tx.query<{ cache_key: string }>(
    'SELECT DISTINCT cache_key FROM request_journal WHERE cache_key IS NOT NULL',
  );
  const naming = rows
    .map((row) => row.cache_key)
    .filter((key) => {
      if (removedKeys.has(key)) return true;
      const at = key.indexOf('?');
      const params = Object.fromEntries(new URLSearchParams(at < 0 ? '' : key.slice(at + 1)));
      return listedIn(keys, key.slice(0, at < 0 ? key.length : at) as EndpointId, params) !== null;
    });
  if (naming.length > 0)
    await tx.query(
      'UPDATE request_journal SET cache_key = NULL, body = NULL WHERE cache_key = ANY($1::text[])',
      [naming],
    );
}

export interface ForgottenSubject {
  seq: number;
  key: string;
  text: string;
  at: string;
}

/** The subjects forgotten after number `since`, oldest first, at most `limit` of them. */
export async function forgottenSince(db: Queryable, since: number, limit = 500): Promise<ForgottenSubject[]> {
  const rows = await db.query<{ seq: string; key: string; text: string; at: Date | string }>(
    'SELECT seq, key, text, at FROM forgotten WHERE seq > $1 ORDER BY seq LIMIT $2',
    [since, limit],
  );
  return rows.map((row) => ({
    seq: Number(row.seq),
    key: row.key,
    text: row.text,
    at: new Date(row.at).toISOString(),
  }));
}
