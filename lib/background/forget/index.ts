/**
 * Forget a person or company everywhere the extension keeps them (background only), by what is
 * known about them, not by how they were asked for. What the person gave (a profile URL, an email
 * address, a name) is the start (subject.ts); every stored record that names them (facts.ts) then
 * says more (learning.ts: the answer about them gives their other profile URLs and public ids, their
 * addresses, their name and where they work; the journal gives the address a lookup of theirs was
 * asked by), until nothing new is learned (matching.ts). Then every record that names them loses
 * them (rewrite.ts), and so do the session's items (session-items.ts). Charges are never
 * forgotten: what was spent stays in the ledger, under "forgotten".
 */
import type { IDBPDatabase } from 'idb';
import { dropReferenceRows } from '../crm/reference';
import type { EnrichmentDb } from '../db';
import { forgetInWatch, WATCH_STORES } from '../watch/watch-privacy';
import { matchRecords } from './matching';
import { rewriteStores } from './rewrite';
import { type KnownSubject, namesSubject, subjectOf } from './subject';

export { exportStored } from './export';
export { clearHistory, expiredJob } from './history';
export { FORGOTTEN } from './rewrite';
export { forgetInItems } from './session-items';

/** Removes every trace of a person or company (a profile URL, an email address or a name); says how much went. */
export async function forgetSubject(
  db: IDBPDatabase<EnrichmentDb>,
  subject: string,
): Promise<{ removed: number; known: KnownSubject }> {
  const known = subjectOf(subject);
  const tx = db.transaction(
    [
      'cache',
      'ledger',
      'jobs',
      'recent',
      'batches',
      'meta',
      'lists',
      'listRows',
      'listRequests',
      'crmReference',
      ...WATCH_STORES,
    ],
    'readwrite',
  );
  const [cache, ledger, jobs, recent, batches, lists, listRows, listRequests] = await Promise.all([
    tx.objectStore('cache').getAll(),
    tx.objectStore('ledger').getAll(),
    tx.objectStore('jobs').getAll(),
    tx.objectStore('recent').getAll(),
    tx.objectStore('batches').getAll(),
    tx.objectStore('lists').getAll(),
    tx.objectStore('listRows').getAll(),
    tx.objectStore('listRequests').getAll(),
  ]);
  const stored = { cache, ledger, jobs, recent, batches, lists, listRows, listRequests };
  const removed = await rewriteStores(tx, stored, matchRecords(stored, known), known);
  // The CRM reference's rows about them go too, once everything known about them is learned.
  const fromReference = await dropReferenceRows(tx.objectStore('crmReference'), (row) =>
    namesSubject(row, known),
  );
  // Watch lists: after the other stores, with all they taught of who the subject is.
  const removedFromWatch = await forgetInWatch(tx, known);
  await tx.done;
  return { removed: removed + fromReference + removedFromWatch, known };
}
