/**
 * Where a list's records are kept (lib/background/db.ts `lists`, `listRows`, `listRequests`), for the modules
 * that run or remove them: the runner, "Clear history" and retention (background only).
 */

type ListStore = 'lists' | 'listRows' | 'listRequests';

/** Every record of a list in a store keyed [listId, …]: an array key sorts after any string or number. */
export function ofList(id: string): IDBKeyRange {
  return IDBKeyRange.bound([id], [id, []]);
}

/** Removes a list with its rows and requests, within a read-write transaction over the three stores. */
export async function deleteList(
  // Any transaction that holds the three stores (the callers' hold others too).
  tx: { objectStore(name: ListStore): { delete(key: string | IDBKeyRange): Promise<void> } },
  id: string,
): Promise<void> {
  await Promise.all([
    tx.objectStore('lists').delete(id),
    tx.objectStore('listRows').delete(ofList(id)),
    tx.objectStore('listRequests').delete(ofList(id)),
  ]);
}
