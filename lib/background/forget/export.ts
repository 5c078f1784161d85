import type { IDBPDatabase } from 'idb';
import type { EnrichmentDb } from '../db';
import { readStores } from './operations';

/**
 * Everything the extension holds about others, as one file a person can read or move: settings
 * (without the key or the member token), and every store the register exports (lib/background/db-register.ts
 * PERSONAL_DATA `export`: the cache, the ledger, the journal of calls, batches, lists, recent
 * lookups, watch lists with their members and changes, the do-not-enrich list and the CRM
 * reference), each as all its records.
 */
export async function exportStored(db: IDBPDatabase<EnrichmentDb>, settings: Record<string, unknown>) {
  const { apiKey: _key, hubToken: _token, ...withoutKey } = settings;
  return { exportedAt: new Date().toISOString(), settings: withoutKey, ...(await readStores(db, 'export')) };
}
