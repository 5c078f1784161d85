/** The popup's recent searches and lookups (lib/background/recent.ts): questions, not answers (those are cached). */
import type { IDBPDatabase } from 'idb';
import type { EnrichmentDb } from '../db';
import { addRecent, clearRecent, listRecent, removeRecent } from '../recent';
import type { Handle } from './router';

export function registerRecentRoutes(
  handle: Handle,
  openDb: () => Promise<IDBPDatabase<EnrichmentDb>>,
): void {
  handle('recent.list', async () => listRecent(await openDb()));

  handle('recent.add', async (data) => {
    await addRecent(await openDb(), data, Date.now());
    return { ok: true };
  });

  handle('recent.remove', async (data) => {
    await removeRecent(await openDb(), data.id);
    return { ok: true };
  });

  handle('recent.clear', async () => {
    await clearRecent(await openDb());
    return { ok: true };
  });
}
