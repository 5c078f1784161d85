/**
 * The extension's IndexedDB database, declared once: every store, its key, its indexes and what
 * clears it. Only the background service worker opens it. Writes that must agree (an answer, its
 * charge in the ledger and its job's completion) go through one transaction over several stores,
 * so a worker killed half-way leaves either all of them or none.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { EndpointId } from './api/endpoints';

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
  /** A short summary of the params, e.g. "profile_url=…/in/jane-doe". Never the key. */
  summary: string;
  /** Reconciled credits; 0 for cached answers; null when not published (v3). */
  credits: number | null;
  cached: boolean;
  /** The request (job) id that produced it; one charge per id. */
  requestId: string;
}

export type JobStatus = 'pending' | 'done' | 'failed';

export interface JobRecord {
  /** The request id chosen by the extension page that asked; retries reuse it. */
  id: string;
  endpointId: EndpointId;
  params: Record<string, unknown>;
  status: JobStatus;
  createdAt: number;
  updatedAt: number;
  /** For a finished call: the cache key holding its answer. */
  cacheKey?: string;
  /** For paged jobs: the cursor of the next page to fetch (null when finished). */
  cursor?: string | null;
  pagesDone?: number;
  credits?: number | null;
  error?: unknown;
}

export interface EnrichmentDb extends DBSchema {
  /** Answers of the service. Cleared by: "Clear cache", LRU eviction past the size cap. */
  cache: { key: string; value: CacheEntry; indexes: { byLastAccess: number } };
  /** Every charged (and cached) call. Cleared by: "Clear history" in options. Kept otherwise. */
  ledger: { key: number; value: LedgerEntry; indexes: { byAt: number; byRequestId: string } };
  /** Calls in flight and finished, by request id. Cleared by: finished jobs older than a week, at start. */
  jobs: { key: string; value: JobRecord; indexes: { byStatus: JobStatus } };
  /** Running totals (cache bytes). Cleared with the cache. */
  meta: { key: string; value: number };
}

export const DB_NAME = 'enrichment';
const DB_VERSION = 1;

let opening: Promise<IDBPDatabase<EnrichmentDb>> | undefined;

export function openDb(): Promise<IDBPDatabase<EnrichmentDb>> {
  opening ??= openDB<EnrichmentDb>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      const cache = db.createObjectStore('cache', { keyPath: 'key' });
      cache.createIndex('byLastAccess', 'lastAccess');
      const ledger = db.createObjectStore('ledger', { keyPath: 'id', autoIncrement: true });
      ledger.createIndex('byAt', 'at');
      ledger.createIndex('byRequestId', 'requestId');
      const jobs = db.createObjectStore('jobs', { keyPath: 'id' });
      jobs.createIndex('byStatus', 'status');
      db.createObjectStore('meta');
    },
    terminated() {
      opening = undefined;
    },
  });
  return opening;
}

/** For tests: forget the open connection so the next openDb() starts afresh. */
export async function closeDbForTests(): Promise<void> {
  if (opening) (await opening).close();
  opening = undefined;
}
