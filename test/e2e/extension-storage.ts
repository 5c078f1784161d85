/**
 * Reaching the extension from a test as its own pages do: a message to the background (asked
 * again while the worker is away, like lib/ask-background.ts), and what its database and storage
 * areas hold, read from an extension page (same origin as the worker).
 */
import type { Page } from '@playwright/test';

/**
 * Sends a message as an extension page does, asking again (same data, so the same request id)
 * while the worker is away, like lib/ask-background.ts.
 */
export async function send<T>(page: Page, type: string, data: unknown): Promise<T> {
  return page.evaluate(
    async ({ type, data }) => {
      const gone = [
        'message port closed',
        'message channel closed',
        'Receiving end does not exist',
        'Could not establish connection',
        'No response',
      ];
      for (let attempt = 0; ; attempt++) {
        try {
          const reply = await new Promise<{ res?: unknown; err?: { message: string } } | undefined>(
            (resolve, reject) =>
              chrome.runtime.sendMessage(
                { id: Math.floor(Math.random() * 1e9), type, data, timestamp: Date.now() },
                (response: unknown) => {
                  const error = chrome.runtime.lastError;
                  if (error) reject(new Error(error.message));
                  else resolve(response as { res?: unknown; err?: { message: string } } | undefined);
                },
              ),
          );
          if (reply === undefined) throw new Error('No response');
          if (reply.err) throw new Error(reply.err.message);
          return reply.res;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (attempt >= 40 || !gone.some((text) => message.includes(text))) throw error;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
      }
    },
    { type, data },
  ) as Promise<T>;
}

/** The records of one IndexedDB store, read from an extension page (same origin as the worker). */
export async function readStore<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('enrichment');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains(name)) return [];
      return await new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  }, store);
}

/**
 * Every record of every store of the extension's database (but `except`), as lower-case text (read
 * from an extension page).
 */
export async function everythingStored(page: Page, except: readonly string[] = []): Promise<string> {
  return page.evaluate(async (except) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('enrichment');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const stores = [...db.objectStoreNames].filter((name) => !except.includes(name));
      const all = await Promise.all(
        stores.map(
          (name) =>
            new Promise<unknown[]>((resolve, reject) => {
              const request = db.transaction(name).objectStore(name).getAll();
              request.onsuccess = () => resolve(request.result);
              request.onerror = () => reject(request.error);
            }),
        ),
      );
      // Every storage area too: the tabs' findings and the context menu's pending lookup included.
      const areas = [
        await chrome.storage.local.get(null),
        await chrome.storage.sync.get(null),
        await chrome.storage.session.get(null),
      ];
      return JSON.stringify([all, areas]).toLowerCase();
    } finally {
      db.close();
    }
  }, except);
}
