/** "Already in your CRM" (lib/background/crm/): the person's CRM export, kept here as a reference. */
import type { IDBPDatabase } from 'idb';
import { receivePart, takeExport } from '../crm/import-parts';
import { clearReference, importReference, matchReference, referenceSummary } from '../crm/reference';
import type { EnrichmentDb } from '../db';
import type { Handle } from './router';

export function registerCrmRoutes(handle: Handle, openDb: () => Promise<IDBPDatabase<EnrichmentDb>>): void {
  handle('crm.reference', async () => referenceSummary(await openDb()));

  // An export comes in parts (lib/background/crm/import-parts.ts), kept once the last has come.
  handle('crm.importPart', (data) => receivePart(data));

  handle('crm.import', async (data) => importReference(await openDb(), takeExport(data), Date.now()));

  handle('crm.clear', async () => {
    await clearReference(await openDb());
    return { ok: true };
  });

  handle('crm.match', async (data) => matchReference(await openDb(), data.rows));
}
