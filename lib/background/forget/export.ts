import type { IDBPDatabase } from 'idb';
import { CRM_REFERENCE_KEY, type EnrichmentDb } from '../db';

/**
 * Everything the extension holds about others, as one file a person can read or move: settings
 * (without the key or the member token), the cache, the ledger, the journal of calls, batches, lists, recent lookups,
 * watch lists with their members and changes, the do-not-enrich list and the CRM reference.
 */
export async function exportStored(db: IDBPDatabase<EnrichmentDb>, settings: Record<string, unknown>) {
  const { apiKey: _key, hubToken: _token, ...withoutKey } = settings;
  return {
    exportedAt: new Date().toISOString(),
    settings: withoutKey,
    cache: await db.getAll('cache'),
    ledger: await db.getAll('ledger'),
    jobs: await db.getAll('jobs'),
    batches: await db.getAll('batches'),
    lists: await db.getAll('lists'),
    listRows: await db.getAll('listRows'),
    listRequests: await db.getAll('listRequests'),
    recent: await db.getAll('recent'),
    watchLists: await db.getAll('watchLists'),
    watchMembers: await db.getAll('watchMembers'),
    watchChanges: await db.getAll('watchChanges'),
    doNotEnrich: await db.getAll('doNotEnrich'),
    crmReference: (await db.get('crmReference', CRM_REFERENCE_KEY)) ?? null,
  };
}
