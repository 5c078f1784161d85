/**
 * The five operations on what is kept about others (forget, retention, Clear history, Clear cache,
 * Export everything), each derived from the register (lib/background/db-register.ts PERSONAL_DATA): an
 * operation opens the stores the register says it `does` something to, and runs its part for
 * each of them in the register's order. The parts are typed by the register, so a store declared
 * as forgotten, expired or cleared cannot be left without a part, and a part cannot run on a store
 * the register says is kept.
 */
import type { IDBPDatabase, IDBPTransaction, StoreValue } from 'idb';
import { isWorking } from '../../job-summary';
import type { PrivacyOperation } from '../../personal-data';
import type { BatchRecord, EnrichmentDb, ListRecord } from '../db';
import { type StoreName, type StoresThat, storesThat } from '../db-register';
import { deleteList } from '../lists/list-records';

export type PrivacyTx = IDBPTransaction<EnrichmentDb, ArrayLike<StoreName>, 'readwrite'>;

/**
 * What an operation does to one store (or to several at once: the same part under several stores
 * runs once, on the first of them), returning how many records changed. `uses` names the other
 * stores it reads or writes (the cache's byte count in `meta`, a list's rows with the list).
 */
export interface StorePart<Context> {
  readonly uses?: readonly StoreName[];
  run(tx: PrivacyTx, context: Context): Promise<number>;
}

/** An operation's parts: one for every store the register says it does something to. */
export type StoreParts<Op extends PrivacyOperation, Context> = {
  readonly [S in StoresThat<Op>]: StorePart<Context>;
};

/** Runs an operation's parts in one read-write transaction; returns how many records changed. */
export async function applyParts<Op extends PrivacyOperation, Context>(
  db: IDBPDatabase<EnrichmentDb>,
  operation: Op,
  parts: StoreParts<Op, Context>,
  context: Context,
): Promise<number> {
  const stores = storesThat(operation);
  const ordered = [...new Set(stores.map((store) => parts[store]))];
  const opened = new Set<StoreName>(stores);
  for (const part of ordered) for (const store of part.uses ?? []) opened.add(store);
  const tx = db.transaction([...opened], 'readwrite');
  let changed = 0;
  for (const part of ordered) changed += await part.run(tx, context);
  await tx.done;
  return changed;
}

/** Every record of each store an operation does something to. */
export type StoresRead<Op extends PrivacyOperation> = {
  [S in StoresThat<Op>]: StoreValue<EnrichmentDb, S>[];
};

/** What an operation reads of every store it does something to (Export everything). */
export async function readStores<Op extends PrivacyOperation>(
  db: IDBPDatabase<EnrichmentDb>,
  operation: Op,
): Promise<StoresRead<Op>> {
  const stores = storesThat(operation);
  const tx = db.transaction(stores, 'readonly');
  const read = await Promise.all(stores.map((store) => tx.objectStore(store).getAll()));
  await tx.done;
  return Object.fromEntries(
    stores.map((store, index) => [store, read[index] ?? []]),
  ) as unknown as StoresRead<Op>;
}

/**
 * Deletes the finished lists `expires` picks, each with its rows and requests (one part for the
 * three stores: Clear history and retention); a list still at work is never deleted.
 */
export function finishedListsPart<Context>(
  expires: (list: ListRecord, context: Context) => boolean,
): StorePart<Context> {
  return {
    uses: ['lists', 'listRows', 'listRequests'],
    async run(tx, context) {
      let changed = 0;
      for (const list of await tx.objectStore('lists').getAll()) {
        if (isWorking(list.status) || !expires(list, context)) continue;
        await deleteList(tx, list.id);
        changed += 1;
      }
      return changed;
    },
  };
}

/**
 * Deletes the finished batches `expires` picks (Clear history and retention); a batch still at
 * work is never deleted.
 */
export function finishedBatchesPart<Context>(
  expires: (batch: BatchRecord, context: Context) => boolean,
): StorePart<Context> {
  return {
    async run(tx, context) {
      let changed = 0;
      for (const batch of await tx.objectStore('batches').getAll()) {
        if (isWorking(batch.status) || !expires(batch, context)) continue;
        await tx.objectStore('batches').delete(batch.id);
        changed += 1;
      }
      return changed;
    },
  };
}
