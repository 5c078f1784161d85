/**
 * The extension's IndexedDB database, declared once: every store, its key, its indexes and what
 * clears it. Only the background service worker opens it. Writes that must agree (an answer, its
 * charge in the ledger and its job's completion) go through one transaction over several stores,
 * so a worker killed half-way leaves either all of them or none.
 */
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb';
import type { EndpointId } from '../api/endpoints';
import type {
  CrmIdentity,
  CrmReferenceSummary,
  DoNotEnrichEntry,
  ListRequestStatus,
  ListStatus,
  RecentEntry,
} from '../protocol';
import type { ListRecord, ListRequestRecord, ListRowRecord } from './lists/list-records';
import type { WatchChangeRecord, WatchListRecord, WatchMemberRecord } from './watch/records';

export type { ListRecord, ListRequestRecord, ListRowRecord };

export interface CacheEntry {
  /** `cacheKey(endpointId, canonicalParams)` */
  key: string;
  endpointId: EndpointId;
  /** Canonical params of the request that fetched it (freshness params included, for the record). */
  params: Record<string, unknown>;
  data: unknown;
  /** When the service answered (ms since epoch). */
  fetchedAt: number;
  /** What that answer cost (reconciled); null when not published (v3). */
  credits: number | null;
  /** Approximate size (UTF-16 length of its JSON), for the size cap. */
  bytes: number;
  /** Last time it was served; least recently used entries are evicted first. */
  lastAccess: number;
}

export interface LedgerEntry {
  id?: number;
  /** ms since epoch */
  at: number;
  endpointId: EndpointId;
  /** What was asked, and once answered who it is about: "Jane Doe · linkedin.com/in/jane-doe". Never the key. */
  summary: string;
  /** Reconciled credits; 0 for cached answers; null when not published (v3). */
  credits: number | null;
  cached: boolean;
  /** The request (job) id that produced it; one charge per id. */
  requestId: string;
  /**
   * The call's answer was lost (the worker stopped with it in flight, or the connection broke):
   * what it cost was read from the service's free balance (lib/background/ledger.ts attributeCharges).
   */
  interrupted?: boolean;
  /**
   * An interrupted call whose charge the balance cannot tell apart from other calls' (or not yet):
   * the range it lies in (max null: unbounded). `credits` is then this call's share of what the
   * balance says they cost together, or null when the balance could not be read at all.
   */
  creditsRange?: { min: number; max: number | null };
  /** An interrupted call: false while the service might still charge it (read again until true). */
  settled?: boolean;
  /**
   * An answered call whose price is not published (v3): what the budget counts until the balance
   * tells what it cost (lib/background/budget.ts UNPUBLISHED_COST_ESTIMATE); gone once `credits` is known.
   */
  estimatedCredits?: number;
  /**
   * Team mode: the charge the hub reported was more than the call's quote allows, so `credits` is
   * that maximum; this is what the hub reported (lib/background/connection/team-hub.ts).
   */
  reportedCredits?: number;
}

/**
 * pending: journaled, the call left (or is about to); done: answered and recorded; failed: the
 * service answered an error or it was refused before leaving (charged nothing); interrupted: its
 * answer was lost (worker stopped, connection broke), its cost is read from the balance.
 */
export type CallStatus = 'pending' | 'done' | 'failed' | 'interrupted';

/** What the balance says an interrupted call cost (lib/background/service.ts settles it). */
export interface CallInterruption {
  /** The worker stopped with the call in flight, or the connection broke (network, timeout, a broken answer). */
  reason: 'worker' | 'connection';
  /** Its share of the charge the balance tells; null when the balance could not be read. */
  credits: number | null;
  /** The range its charge lies in; min === max when told exactly. max null: unbounded. */
  range: { min: number; max: number | null };
  /** The reading came late enough that the service can no longer charge it: final. */
  settled: boolean;
  /** When it was last read (ms since epoch). */
  at: number;
}

export interface CallRecord {
  /** The request id chosen by the extension page that asked; retries reuse it. */
  id: string;
  endpointId: EndpointId;
  params: Record<string, unknown>;
  status: CallStatus;
  createdAt: number;
  updatedAt: number;
  /** For a finished call: the cache key holding its answer. */
  cacheKey?: string;
  /** For paged calls: the cursor of the next page to fetch (null when finished). */
  cursor?: string | null;
  pagesDone?: number;
  credits?: number | null;
  error?: unknown;
  /** The order calls left in, across workers (meta CALL_SEQ_KEY): later calls were charged later. */
  seq?: number;
  /** The free balance read just before the call left; null when the service does not tell it. */
  balanceBefore?: number | null;
  /** No other call was in flight or unsettled when `balanceBefore` was read: a clean reference. */
  cleanBefore?: boolean;
  /** When the call left (ms since epoch). */
  leftAt?: number;
  /** Its quote, for the range of a charge the answer could not tell. */
  quote?: { min: number | null; max: number | null };
  /** Its answer was lost: what the balance says it cost. */
  interruption?: CallInterruption;
  /** While pending: the credits it reserved of today's budget (lib/background/budget.ts). */
  reserved?: number;
  /**
   * Answered at a price not published: `credits` is null until the balance tells it; then its
   * share, and this range where several such calls could not be told apart.
   */
  unpriced?: { settled: boolean; range?: { min: number; max: number } };
  /**
   * Merged into the identical call in flight with this request id: no call of its own. A retry of
   * this id follows that call's record.
   */
  sameAs?: string;
  /**
   * A row of this job, a batch's or a list's (./jobs/runner.ts): only the job sends it again when
   * it was certainly not charged, and not once the person cancelled it.
   */
  ownerId?: string;
}

/** The key of meta's counter of calls that left (CallRecord.seq); the stored key keeps the old word (no migration). */
export const CALL_SEQ_KEY = 'jobSeq';

export type BatchItemStatus = 'queued' | 'running' | 'done' | 'failed' | 'interrupted' | 'cancelled';

/** One row of a batch the person started from "Found on this page" (./batch/batches.ts). */
export interface BatchItemRecord {
  /** The row's key in the page's list ("person:ada", "email:ada@example.com"). */
  key: string;
  /** What the row is called on the page. */
  label: string;
  endpointId: EndpointId;
  /** The params as the page gave them (the service canonicalizes them). */
  params: Record<string, string | number | boolean | null>;
  /** Chosen when the batch was made: a resumed batch asks with it again and is never paid twice. */
  requestId: string;
  quote: { min: number | null; max: number | null };
  status: BatchItemStatus;
  /** What it cost: reconciled, 0 from the cache, null when not published. */
  credits?: number | null;
  cached?: boolean;
  /** A line to show for the answer (a name and what they do). */
  answer?: { title: string; detail?: string };
  /** The error, as the message boundary carries it (lib/api/errors ApiErrorJson). */
  error?: unknown;
}

/**
 * running: items are being asked, several at once; settling: every item was asked, and one whose
 * answer was lost waits for the balance to tell whether it was charged; done; cancelled (the
 * person stopped it: the items in flight finished and were paid, the rest were not asked); stopped
 * (the service refused the key or had no credits left, or today's budget was reached).
 */
export type BatchStatus = 'running' | 'settling' | 'done' | 'cancelled' | 'stopped';

export interface BatchRecord {
  id: string;
  /** The person confirmed spending past the daily budget for it: its items do not stop at it that day. */
  confirmed?: boolean;
  /** The day (lib/background/ledger.ts startOfDay) it was confirmed past the budget (lib/background/budget.ts confirmedForToday). */
  confirmedOn?: number;
  /** The tab and page it was started from; the panel shows it while the tab is on that page. */
  tabId: number;
  pageUrl: string;
  createdAt: number;
  updatedAt: number;
  status: BatchStatus;
  /** Cancel was pressed: no further item is asked. */
  cancelRequested: boolean;
  items: BatchItemRecord[];
  /** Why a stopped batch stopped (ApiErrorJson). */
  stopReason?: unknown;
}

/**
 * The person's CRM export, kept as the reference of "Already in your CRM" (lib/background/crm/):
 * one record, its rows holding only what identifies each person or company (what matching reads).
 */
export interface CrmReference {
  summary: CrmReferenceSummary;
  rows: CrmIdentity[];
}

/** The key of the one record of the `crmReference` store. */
export const CRM_REFERENCE_KEY = 'reference';

export interface EnrichmentDb extends DBSchema {
  /** Answers of the service. Cleared by: "Clear cache", LRU eviction past the size cap. */
  cache: { key: string; value: CacheEntry; indexes: { byLastAccess: number } };
  /** Every charged (and cached) call. Cleared by: "Clear history" in options. Kept otherwise. */
  ledger: { key: number; value: LedgerEntry; indexes: { byAt: number; byRequestId: string } };
  /**
   * The journal of paid calls (lib/background/calls/journal.ts), in flight and finished, by request
   * id. The store keeps its first name, `jobs`, from before "job" came to mean a batch, a list or a
   * watch: renaming a store (or meta's `jobSeq` key) would need a migration. Cleared by: finished
   * calls older than a week, at start. A finished call loses its params (who it asked about) to
   * "Clear history", forget and the
   * retention period, and keeps its id, status, credits and times (lib/background/forget/).
   */
  jobs: { key: string; value: CallRecord; indexes: { byStatus: CallStatus } };
  /** Running totals (cache bytes). Cleared with the cache. */
  meta: { key: string; value: number };
  /**
   * The popup's recent searches and lookups (lib/background/recent.ts), by id. Cleared by: "Clear" in the
   * popup's Recent tab, a "Remove" on one entry, and past RECENT_LIMIT entries (oldest first).
   * Not cleared with the cache: an entry whose answer left the cache is quoted again when reopened.
   */
  recent: { key: string; value: RecentEntry; indexes: { byAt: number } };
  /**
   * Batches from "Found on this page" (./batch/batches.ts), by id; a running one is resumed when a worker
   * starts. Cleared by: finished batches older than a week, at start (with old finished jobs).
   */
  batches: { key: string; value: BatchRecord; indexes: { byTab: number; byStatus: BatchStatus } };
  /**
   * What no content script may read (lib/background/settings-store.ts): the API key, under SECRET_API_KEY.
   * Content scripts can read the extension's `storage.local` in Chrome; they cannot open its
   * IndexedDB, which belongs to the extension's origin. Cleared by: saving another key (replaced)
   * or an empty one in the options, and uninstalling.
   */
  secrets: { key: string; value: string };
  /**
   * Who must never be looked up (lib/background/do-not-enrich.ts), by key. Cleared by: the person editing the
   * list in the options (it is saved whole), and uninstalling.
   */
  doNotEnrich: { key: string; value: DoNotEnrichEntry };
  /**
   * Lists (lib/background/lists/lists.ts): headers, input rows and distinct requests; a running list is
   * resumed when a worker starts. Cleared by: "Delete" on a list, "Clear history", and the
   * retention period (lists not touched for that long); a forgotten subject loses its answers.
   */
  lists: { key: string; value: ListRecord; indexes: { byStatus: ListStatus } };
  listRows: { key: [string, number]; value: ListRowRecord };
  listRequests: {
    key: [string, string];
    value: ListRequestRecord;
    indexes: {
      byStatus: [string, ListRequestStatus, number];
      byUpdated: [string, number];
    };
  };
  /**
   * Watch lists (lib/background/watch/): headers, members (each with the compared part of its last
   * answer and this period's row) and the changes runs recorded; a running one is resumed when a
   * worker starts. Cleared by: "Delete" on a list (its members and changes go), "Remove" on a
   * member, "Clear history" (all of them), forget (the subject's members and changes), the
   * do-not-enrich list (its subjects' members), and the retention period (changes, and members'
   * last answers, older than it).
   */
  watchLists: { key: string; value: WatchListRecord; indexes: { byStatus: string } };
  watchMembers: {
    key: [string, string];
    value: WatchMemberRecord;
    indexes: { byKey: string; byStatus: [string, string, number] };
  };
  watchChanges: {
    key: string;
    value: WatchChangeRecord;
    indexes: { bySeen: number; byList: [string, number]; byViewed: number; byListViewed: [string, number] };
  };
  /**
   * The CRM reference (./crm/reference.ts), under CRM_REFERENCE_KEY. Cleared by: importing another
   * export (replaced), "Clear" beside it on the lists page, and "Clear history"; a forgotten subject's
   * rows and rows the do-not-enrich list names go. Not expired by the retention period (./retention.ts).
   */
  crmReference: { key: string; value: CrmReference };
}

/** The key of the API key in the `secrets` store. */
export const SECRET_API_KEY = 'apiKey';
/** The key of the team hub's member token in the `secrets` store. */
export const SECRET_HUB_TOKEN = 'hubToken';

export const DB_NAME = 'enrichment';
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
        const { batchId, ...job } = cursor.value as CallRecord & { batchId?: string };
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
const DB_VERSION = MIGRATIONS.length;

/** The database could not be opened (disk full, a blocked upgrade, storage disabled). */
export class StorageError extends Error {
  override readonly name = 'StorageError';
}

let opening: Promise<IDBPDatabase<EnrichmentDb>> | undefined;

/**
 * Opens the database, upgrading it step by step from the version it has. A failed open is not
 * remembered: the next call tries again, and the failure says what happened.
 */
export function openDb(): Promise<IDBPDatabase<EnrichmentDb>> {
  opening ??= openDB<EnrichmentDb>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, tx) {
      for (let version = oldVersion; version < DB_VERSION; version++) MIGRATIONS[version]!(db, tx);
    },
    blocked() {
      console.warn('The extension database waits for an older copy of itself to close');
    },
    terminated() {
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    const reason = error instanceof Error ? error.message : String(error);
    throw new StorageError(`The extension's storage could not be opened: ${reason}`, { cause: error });
  });
  return opening;
}

/**
 * For tests: forget the open connection so the next openDb() starts afresh.
 * @internal
 */
export async function closeDbForTests(): Promise<void> {
  if (opening) (await opening).close();
  opening = undefined;
}
