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
import { forgetInWatch } from '../watch/watch-privacy';
import { matchRecords, type Stored } from './matching';
import { applyParts, type StorePart, type StoreParts } from './operations';
import { rewriteStores } from './rewrite';
import { type KnownSubject, namesSubject, subjectOf } from './subject';

export { exportStored } from './export';
export { clearHistory, expiredCall } from './history';
export { FORGOTTEN } from './rewrite';
export { forgetInItems } from './session-items';

/** What forget's parts share: who the subject is, learned more of as the parts run. */
interface ForgetContext {
  known: KnownSubject;
}

/**
 * The stores forget reads as a whole to learn who the subject is (./matching.ts): one part for
 * all of them, which runs once.
 */
const MATCHED: StorePart<ForgetContext> = {
  uses: ['meta'],
  async run(tx, { known }) {
    const names = [
      'cache',
      'ledger',
      'jobs',
      'recent',
      'batches',
      'lists',
      'listRows',
      'listRequests',
    ] as const;
    const read = await Promise.all(names.map((store) => tx.objectStore(store).getAll()));
    const stored = Object.fromEntries(names.map((store, index) => [store, read[index]])) as unknown as Stored;
    return rewriteStores(tx, stored, matchRecords(stored, known), known);
  },
};

/** Watch lists: after the stores above, with all they taught of who the subject is. */
const WATCH: StorePart<ForgetContext> = { run: (tx, { known }) => forgetInWatch(tx, known) };

const FORGET_PARTS: StoreParts<'forget', ForgetContext> = {
  cache: MATCHED,
  ledger: MATCHED,
  jobs: MATCHED,
  recent: MATCHED,
  batches: MATCHED,
  lists: MATCHED,
  listRows: MATCHED,
  listRequests: MATCHED,
  watchLists: WATCH,
  watchMembers: WATCH,
  watchChanges: WATCH,
  // Once everything known about them is learned.
  crmReference: {
    run: (tx, { known }) =>
      dropReferenceRows(tx.objectStore('crmReference'), (row) => namesSubject(row, known)),
  },
};

/** Removes every trace of a person or company (a profile URL, an email address or a name); says how much went. */
export async function forgetSubject(
  db: IDBPDatabase<EnrichmentDb>,
  subject: string,
): Promise<{ removed: number; known: KnownSubject }> {
  const known = subjectOf(subject);
  const removed = await applyParts(db, 'forget', FORGET_PARTS, { known });
  return { removed, known };
}
