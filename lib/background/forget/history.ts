/**
 * Forgetting who was looked up while keeping what was spent: "Clear history", and the journal's
 * calls past the retention period (lib/background/retention.ts).
 */
import type { IDBPDatabase } from 'idb';
import { isFinishedCall } from '../calls/journal';
import type { CallRecord, EnrichmentDb } from '../db';
import type { StoreName } from '../db-register';
import {
  applyParts,
  finishedBatchesPart,
  finishedListsPart,
  type PrivacyTx,
  type StoreParts,
} from './operations';
import { FORGOTTEN, forgottenCall } from './rewrite';

/** Every finished list goes, with its rows and requests. */
const FINISHED_LISTS = finishedListsPart(() => true);

const CLEAR_HISTORY_PARTS: StoreParts<'clearHistory', unknown> = {
  ledger: {
    async run(tx) {
      let changed = 0;
      for (const line of await tx.objectStore('ledger').getAll()) {
        if (line.summary === FORGOTTEN) continue;
        await tx.objectStore('ledger').put({ ...line, summary: FORGOTTEN });
        changed += 1;
      }
      return changed;
    },
  },
  jobs: {
    async run(tx) {
      let changed = 0;
      for (const job of await tx.objectStore('jobs').getAll()) {
        if (!isFinishedCall(job) || isForgottenCall(job)) continue;
        await tx.objectStore('jobs').put(forgottenCall(job));
        changed += 1;
      }
      return changed;
    },
  },
  recent: { run: (tx) => clearStore(tx, 'recent') },
  batches: finishedBatchesPart(() => true),
  lists: FINISHED_LISTS,
  listRows: FINISHED_LISTS,
  listRequests: FINISHED_LISTS,
  watchLists: { run: (tx) => clearStore(tx, 'watchLists') },
  watchMembers: { run: (tx) => clearStore(tx, 'watchMembers') },
  watchChanges: { run: (tx) => clearStore(tx, 'watchChanges') },
  crmReference: { run: (tx) => clearStore(tx, 'crmReference') },
};

/** Empties a store; says how many records went. */
async function clearStore(tx: PrivacyTx, store: StoreName): Promise<number> {
  const count = await tx.objectStore(store).count();
  await tx.objectStore(store).clear();
  return count;
}

/**
 * "Clear history": who was looked up is forgotten, what was spent is not (the daily budget and the
 * month's total still count it): what each store does is its register entry's (lib/background/db-register.ts
 * PERSONAL_DATA `clearHistory`): the ledger's lines keep credits and dates but lose their names,
 * finished calls in the journal lose their parameters, the popup's recent entries go, finished
 * batches and lists go, and so do watch lists with their members and changes, and the CRM reference.
 */
export async function clearHistory(db: IDBPDatabase<EnrichmentDb>): Promise<number> {
  return applyParts(db, 'clearHistory', CLEAR_HISTORY_PARTS, undefined);
}

/** A journaled call that names no one any more (forgotten, cleared, or past retention). */
function isForgottenCall(job: CallRecord): boolean {
  return (
    Object.keys(job.params).length === 0 &&
    (job.cacheKey === undefined || job.cacheKey === FORGOTTEN) &&
    job.error === undefined
  );
}

/**
 * A finished call past the retention period keeps what the engine needs never to pay twice, and
 * loses what named anyone (lib/background/retention.ts).
 */
export function expiredCall(job: CallRecord, cutoff: number): CallRecord | null {
  return isFinishedCall(job) && job.updatedAt < cutoff && !isForgottenCall(job) ? forgottenCall(job) : null;
}
