/**
 * The extension database's versions (./db.ts opens it at the last): each step upgrades a browser's
 * database from the version before, in order, so nothing it holds is lost.
 */
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { EnrichmentDb, JobRecord } from './db';

type Upgrade = IDBPTransaction<EnrichmentDb, StoreNames<EnrichmentDb>[], 'versionchange'>;

/** Each version's step, applied in order from the version a browser has (so nothing is lost). */
export const MIGRATIONS: ReadonlyArray<(db: IDBPDatabase<EnrichmentDb>, tx: Upgrade) => void> = [
  // 1: cache, ledger, jobs, meta.
  (db) => {
    const cache = db.createObjectStore('cache', { keyPath: 'key' });
    cache.createIndex('byLastAccess', 'lastAccess');
    const ledger = db.createObjectStore('ledger', { keyPath: 'id', autoIncrement: true });
    ledger.createIndex('byAt', 'at');
    ledger.createIndex('byRequestId', 'requestId');
    const jobs = db.createObjectStore('jobs', { keyPath: 'id' });
    jobs.createIndex('byStatus', 'status');
    db.createObjectStore('meta');
  },
  // 2: + recent.
  (db) => {
    const recent = db.createObjectStore('recent', { keyPath: 'id' });
    recent.createIndex('byAt', 'at');
  },
  // 3: + batches.
  (db) => {
    const batches = db.createObjectStore('batches', { keyPath: 'id' });
    batches.createIndex('byTab', 'tabId');
    batches.createIndex('byStatus', 'status');
  },
  // 4: + secrets (the API key, moved out of storage.local).
  (db) => {
    db.createObjectStore('secrets');
  },
  // 5: + doNotEnrich.
  (db) => {
    db.createObjectStore('doNotEnrich', { keyPath: 'key' });
  },
  // 6: + lists, listRows, listRequests.
  (db) => {
    db.createObjectStore('lists', { keyPath: 'id' }).createIndex('byStatus', 'status');
    db.createObjectStore('listRows', { keyPath: ['listId', 'index'] });
    const requests = db.createObjectStore('listRequests', { keyPath: ['listId', 'key'] });
    requests.createIndex('byStatus', ['listId', 'status', 'order']);
    requests.createIndex('byUpdated', ['listId', 'updatedAt']);
  },
  // 7: jobs: `batchId` becomes `ownerId`, the job a row's call belongs to (a batch's or a list's).
  (_db, tx) => {
    void (async () => {
      const jobs = tx.objectStore('jobs');
      for (let cursor = await jobs.openCursor(); cursor; cursor = await cursor.continue()) {
        const { batchId, ...job } = cursor.value as JobRecord & { batchId?: string };
        if (batchId !== undefined) await cursor.update({ ...job, ownerId: batchId });
      }
    })();
  },
  // 8: + watchLists, watchMembers, watchChanges.
  (db) => {
    db.createObjectStore('watchLists', { keyPath: 'id' }).createIndex('byStatus', 'status');
    const members = db.createObjectStore('watchMembers', { keyPath: ['listId', 'key'] });
    members.createIndex('byKey', 'key');
    members.createIndex('byStatus', ['listId', 'status', 'order']);
    const changes = db.createObjectStore('watchChanges', { keyPath: 'id' });
    changes.createIndex('bySeen', 'seenAt');
    changes.createIndex('byList', ['listId', 'seenAt']);
    changes.createIndex('byViewed', 'viewed');
    changes.createIndex('byListViewed', ['listId', 'viewed']);
  },
  // 9: + crmReference.
  (db) => {
    db.createObjectStore('crmReference');
  },
  // 10: watchMembers keep `lastCredits`, what their last ask cost, across periods: filled from
  // this period's `credits` where a member was asked in it.
  (_db, tx) => {
    void (async () => {
      const members = tx.objectStore('watchMembers');
      for (let cursor = await members.openCursor(); cursor; cursor = await cursor.continue()) {
        const member = cursor.value;
        if (member.lastCredits === undefined && typeof member.credits === 'number')
          await cursor.update({ ...member, lastCredits: member.credits });
      }
    })();
  },
  // 11: a watch's request ids named the member by profile address (`watch:<list>:<period>:<url>`);
  // each becomes the opaque form of lib/background/watch/periods.ts, the same new id wherever the
  // old one stood, so the journal still answers a period's row and forget leaves no address behind.
  (_db, tx) => {
    void renameWatchRequestIds(tx);
  },
];

/** Migration 11: every watch request id that names its member by address, made opaque. */
async function renameWatchRequestIds(tx: Upgrade): Promise<void> {
  const members = tx.objectStore('watchMembers');
  const watchIds = new Map<string, string>();
  for (let cursor = await members.openCursor(); cursor; cursor = await cursor.continue())
    if (cursor.value.watchId)
      watchIds.set(`${cursor.value.listId} ${cursor.value.key}`, cursor.value.watchId);
  const opaque = (id: string): string => {
    const parts = /^watch:([^:]+):(\d+):(.+)$/.exec(id);
    // An opaque id (a UUID) has no address's `/`, `.` or `@`.
    if (!parts || !/[/.@]/.test(parts[3]!)) return id;
    const member = `${parts[1]} ${parts[3]}`;
    const watchId = watchIds.get(member) ?? crypto.randomUUID();
    watchIds.set(member, watchId);
    return `watch:${parts[1]}:${parts[2]}:${watchId}`;
  };
  const jobs = tx.objectStore('jobs');
  for (let cursor = await jobs.openCursor(); cursor; cursor = await cursor.continue()) {
    const job = cursor.value;
    const renamed = { ...job, id: opaque(job.id), ...(job.sameAs ? { sameAs: opaque(job.sameAs) } : {}) };
    if (renamed.id === job.id && renamed.sameAs === job.sameAs) continue;
    if (renamed.id !== job.id) await cursor.delete();
    await jobs.put(renamed);
  }
  const ledger = tx.objectStore('ledger');
  for (let cursor = await ledger.openCursor(); cursor; cursor = await cursor.continue()) {
    const requestId = opaque(cursor.value.requestId);
    if (requestId !== cursor.value.requestId) await cursor.update({ ...cursor.value, requestId });
  }
  for (let cursor = await members.openCursor(); cursor; cursor = await cursor.continue()) {
    const member = cursor.value;
    const renamed = {
      ...member,
      requestId: opaque(member.requestId),
      ...(member.keptFrom ? { keptFrom: opaque(member.keptFrom) } : {}),
    };
    renamed.watchId ??= watchIds.get(`${member.listId} ${member.key}`);
    if (renamed.requestId !== member.requestId || renamed.keptFrom !== member.keptFrom || !member.watchId)
      await cursor.update(renamed);
  }
  const changes = tx.objectStore('watchChanges');
  for (let cursor = await changes.openCursor(); cursor; cursor = await cursor.continue()) {
    const hash = cursor.value.id.lastIndexOf('#');
    if (hash < 0) continue;
    const id = `${opaque(cursor.value.id.slice(0, hash))}${cursor.value.id.slice(hash)}`;
    if (id === cursor.value.id) continue;
    await cursor.delete();
    await changes.put({ ...cursor.value, id });
  }
}
