/**
 * The settings as the background reads and saves them (background only): validated whenever they
 * are read (lib/background/settings-schema.ts), and the API key kept where only the extension's own pages and
 * worker can reach it, the extension's IndexedDB (lib/background/db.ts `secrets`), never in `storage.local`,
 * which Chrome lets content scripts read; the team hub's member token the same way. A key an older version left in `storage.local` is moved
 * out on the first read.
 */
import type { IDBPDatabase } from 'idb';
import { DEFAULT_SETTINGS, type Settings, settingsItem } from '../settings';
import { type EnrichmentDb, SECRET_API_KEY, SECRET_HUB_TOKEN } from './db';
import { settingsSchema, validStoredSettings } from './settings-schema';

type Db = IDBPDatabase<EnrichmentDb>;

export function createSettingsStore(db: () => Promise<Db>) {
  /** The settings, each field valid (or its default), with the key from IndexedDB. */
  async function getSettings(): Promise<Settings> {
    const stored = await settingsItem.getValue();
    const { settings, replaced } = validStoredSettings(stored);
    if (replaced.length > 0)
      console.warn(`Stored settings not valid, defaults used instead: ${replaced.join(', ')}`);
    const database = await db();
    if (typeof stored.apiKey === 'string') {
      // Left in storage.local by an older version (or a test): moved where content scripts cannot read it.
      const legacy = settingsSchema.shape.apiKey.safeParse(stored.apiKey);
      if (legacy.success) await database.put('secrets', legacy.data, SECRET_API_KEY);
      const { apiKey: _moved, ...rest } = stored;
      await settingsItem.setValue(rest);
    }
    const [apiKey, hubToken] = await Promise.all([
      database.get('secrets', SECRET_API_KEY),
      database.get('secrets', SECRET_HUB_TOKEN),
    ]);
    return {
      ...settings,
      apiKey: apiKey ?? DEFAULT_SETTINGS.apiKey,
      hubToken: hubToken ?? DEFAULT_SETTINGS.hubToken,
    };
  }

  /** Validates a partial update against the schema and saves it; returns the saved settings. */
  async function updateSettings(patch: Partial<Settings>): Promise<Settings> {
    const next = settingsSchema.parse({ ...(await getSettings()), ...patch });
    const { apiKey, hubToken, ...rest } = next;
    const database = await db();
    for (const [secret, value] of [
      [SECRET_API_KEY, apiKey],
      [SECRET_HUB_TOKEN, hubToken],
    ] as const) {
      if (value === '') await database.delete('secrets', secret);
      else await database.put('secrets', value, secret);
    }
    await settingsItem.setValue(rest);
    return next;
  }

  return { getSettings, updateSettings };
}
