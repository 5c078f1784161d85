/**
 * The CRM reference as kept (one record of the `crmReference` store, lib/background/db.ts): the
 * person's own CRM export, read by the lists page, kept here only and never sent anywhere. Only
 * what identifies each row is kept, and only rows that give something to match on. Its index
 * (lib/matching/crm.ts) is built once per worker and per reference, not per question.
 *
 * Do-not-enrich: a row the list names (its address, its domain or company domain, its profile) is
 * not kept: at the import it is counted as such, and saving the list removes the rows it names
 * (`dropListed`). The design's rule for answers about listed people, "never kept", holds for the
 * reference too, and a row never kept can never be matched.
 */
import type { IDBPDatabase } from 'idb';
import { identityTexts, readReference } from '../../crm/reference';
import { type CrmIndex, indexReference, matchRows } from '../../matching/crm';
import { listedAmong } from '../../pricing/do-not-enrich';
import type { CrmExport, CrmIdentity, CrmMatchBy, CrmReferenceSummary } from '../../protocol';
import { CRM_REFERENCE_KEY, type CrmReference, type EnrichmentDb } from '../db';
import { listedKeys } from '../do-not-enrich';

type Db = IDBPDatabase<EnrichmentDb>;

let indexed: { of: CrmReference; index: CrmIndex } | null = null;

/** The reference and its index: the index is built again only when the record changed. */
async function loadIndex(db: Db): Promise<CrmIndex | null> {
  const reference = await db.get('crmReference', CRM_REFERENCE_KEY);
  if (!reference) return null;
  const same =
    indexed &&
    indexed.of.summary.importedAt === reference.summary.importedAt &&
    indexed.of.rows.length === reference.rows.length;
  if (!same) indexed = { of: reference, index: indexReference(reference.rows) };
  return indexed!.index;
}

/** Replaces the reference with an export (rows on the do-not-enrich list are not kept). */
export async function importReference(db: Db, request: CrmExport, now: number) {
  const reference = readReference(request, await listedKeys(db), now);
  await db.put('crmReference', reference, CRM_REFERENCE_KEY);
  indexed = { of: reference, index: indexReference(reference.rows) };
  return reference.summary;
}

export async function referenceSummary(db: Db): Promise<CrmReferenceSummary | null> {
  return (await db.get('crmReference', CRM_REFERENCE_KEY))?.summary ?? null;
}

export async function clearReference(db: Db): Promise<void> {
  await db.delete('crmReference', CRM_REFERENCE_KEY);
  indexed = null;
}

/** Which rows the reference holds, and by what. */
export async function matchReference(
  db: Db,
  rows: readonly CrmIdentity[],
): Promise<{ reference: boolean; matches: Array<CrmMatchBy | null> }> {
  const index = await loadIndex(db);
  if (!index) return { reference: false, matches: rows.map(() => null) };
  return { reference: true, matches: matchRows(index, rows) };
}

/**
 * Removes the rows `drop` says go, in the caller's transaction (forget, do-not-enrich); returns how
 * many went. The summary's counts stay those of the import: they say what the file held.
 */
export async function dropReferenceRows(
  store: {
    get: (key: string) => Promise<CrmReference | undefined>;
    put: (value: CrmReference, key: string) => Promise<unknown>;
  },
  drop: (row: CrmIdentity) => boolean,
): Promise<number> {
  const reference = await store.get(CRM_REFERENCE_KEY);
  if (!reference) return 0;
  const rows = reference.rows.filter((row) => !drop(row));
  const removed = reference.rows.length - rows.length;
  if (removed > 0) {
    await store.put({ ...reference, rows }, CRM_REFERENCE_KEY);
    indexed = null;
  }
  return removed;
}

/** Saving the do-not-enrich list: the reference's rows it names go. */
export async function dropListed(db: Db): Promise<number> {
  const listed = await listedKeys(db);
  if (listed.size === 0) return 0;
  const tx = db.transaction('crmReference', 'readwrite');
  const removed = await dropReferenceRows(
    tx.store,
    (row) => listedAmong(listed, identityTexts(row)) !== null,
  );
  await tx.done;
  return removed;
}

/**
 * For tests and the bench: forget the index, as a worker that starts afresh has none.
 * @internal
 */
export function forgetIndexForTests(): void {
  indexed = null;
}
