/**
 * What is kept about others by watch lists, under the person's control over data about others
 * (background only): a forgotten person or company leaves every watch list and their changes go
 * (lib/background/forget/), someone put on the do-not-enrich list leaves every watch list,
 * recorded changes and members' last answers expire with the retention period
 * (lib/background/retention.ts), and "Clear history" clears every watch list
 * (lib/background/forget/history.ts), each as the register says (lib/background/db-register.ts PERSONAL_DATA).
 */
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { listedIn, screenAnswer } from '../../pricing/do-not-enrich';
import type { EnrichmentDb } from '../db';
import { listedKeys } from '../do-not-enrich';
import { factsOf, wordsOf } from '../forget/facts';
import { addWords, type KnownSubject, named, someIn } from '../forget/subject';

type Tx = IDBPTransaction<EnrichmentDb, ArrayLike<StoreNames<EnrichmentDb>>, 'readwrite'>;

/** What forget puts in place of a list's name that names the subject. */
const FORGOTTEN_NAME = 'forgotten';

/**
 * Removes the subject's members and every change that names them (theirs, or another's that
 * mentions them: a job change to their company); a list named after them loses its name.
 * Returns how many records changed.
 */
export async function forgetInWatch(tx: Tx, known: KnownSubject): Promise<number> {
  let removed = 0;
  const gone = new Set<string>();
  const members = tx.objectStore('watchMembers');
  for (let cursor = await members.openCursor(); cursor; cursor = await cursor.continue()) {
    const { url, name, kept, enriched } = cursor.value;
    if (!named(factsOf([url, name, kept ?? null, enriched ?? null]), known)) continue;
    // Their name as watched: a list named after them is named by it.
    if (cursor.value.kind === 'person') addWords(name, known.names);
    gone.add(`${cursor.value.listId} ${cursor.value.key}`);
    await cursor.delete();
    removed += 1;
  }
  const changes = tx.objectStore('watchChanges');
  for (let cursor = await changes.openCursor(); cursor; cursor = await cursor.continue()) {
    const { listId, memberKey, url, name, change, event } = cursor.value;
    if (!gone.has(`${listId} ${memberKey}`) && !named(factsOf([url, name, change, event ?? null]), known))
      continue;
    await cursor.delete();
    removed += 1;
  }
  const lists = tx.objectStore('watchLists');
  for (let cursor = await lists.openCursor(); cursor; cursor = await cursor.continue()) {
    const list = cursor.value;
    if (!named(factsOf(list.name), known) && !someIn(wordsOf(list.name), known.names)) continue;
    await cursor.update({ ...list, name: FORGOTTEN_NAME });
    removed += 1;
  }
  return removed;
}

/**
 * Deletes what a watch learned before `cutoff`: the changes recorded then, and each member's last
 * answer kept since then (the part compared and its fields). The member stays watched; its next
 * answer is a first one again, which records nothing. Returns how many records changed.
 */
export async function expireWatch(tx: Tx, cutoff: number): Promise<number> {
  let expired = 0;
  const index = tx.objectStore('watchChanges').index('bySeen');
  for (
    let cursor = await index.openCursor(IDBKeyRange.upperBound(cutoff, true));
    cursor;
    cursor = await cursor.continue()
  ) {
    await cursor.delete();
    expired += 1;
  }
  const members = tx.objectStore('watchMembers');
  for (let cursor = await members.openCursor(); cursor; cursor = await cursor.continue()) {
    const { kept, enriched, checkedAt, answeredAt, answeredMaxAge, ...member } = cursor.value;
    if ((kept === undefined && enriched === undefined) || (checkedAt ?? 0) >= cutoff) continue;
    await cursor.update(member);
    expired += 1;
  }
  return expired;
}

/** Takes whoever the do-not-enrich list names out of every watch list (their changes stay until forgotten); returns how many left. */
export async function leaveListed(db: IDBPDatabase<EnrichmentDb>): Promise<number> {
  const listed = await listedKeys(db);
  if (listed.size === 0) return 0;
  let left = 0;
  const tx = db.transaction('watchMembers', 'readwrite');
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    const member = cursor.value;
    // By its address, or by what its last answer says (a company's website on a listed domain).
    const byAnswer = member.kept ? screenAnswer(listed, member.endpointId, member.kept).listed : null;
    if (listedIn(listed, member.endpointId, member.params) === null && byAnswer === null) continue;
    await cursor.delete();
    left += 1;
  }
  await tx.done;
  return left;
}
