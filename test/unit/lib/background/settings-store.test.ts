/**
 * Where the settings live and how they are read back: the key in the extension's IndexedDB (never
 * in storage.local, which content scripts can read), every field validated when read.
 */
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { closeDbForTests, openDb, SECRET_API_KEY } from '../../../../lib/background/db';
import { createSettingsStore } from '../../../../lib/background/settings-store';
import { DEFAULT_SETTINGS } from '../../../../lib/settings';

const stored = async () =>
  (await fakeBrowser.storage.local.get('settings')).settings as Record<string, unknown>;

beforeEach(async () => {
  fakeBrowser.reset();
  await closeDbForTests();
  globalThis.indexedDB = new IDBFactory();
});

describe('the settings store', () => {
  it('keeps the key in IndexedDB and the rest in storage.local', async () => {
    const store = createSettingsStore(openDb);
    const saved = await store.updateSettings({
      apiKey: 'sk_live_secret',
      baseUrlV2: 'https://api.example.com/',
    });
    expect(saved).toMatchObject({ apiKey: 'sk_live_secret', baseUrlV2: 'https://api.example.com' });
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('sk_live_secret');
    expect(await (await openDb()).get('secrets', SECRET_API_KEY)).toBe('sk_live_secret');
    expect(await store.getSettings()).toMatchObject({
      apiKey: 'sk_live_secret',
      baseUrlV2: 'https://api.example.com',
    });
  });

  it('moves a key an older version left in storage.local out of it on the first read', async () => {
    await fakeBrowser.storage.local.set({
      settings: { ...DEFAULT_SETTINGS, apiKey: 'sk_old', onboarded: true },
    });
    const store = createSettingsStore(openDb);
    expect(await store.getSettings()).toMatchObject({ apiKey: 'sk_old', onboarded: true });
    expect(await stored()).not.toHaveProperty('apiKey');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('sk_old');
  });

  it('reads back every field validated: a bad one is its default, the others stand', async () => {
    await fakeBrowser.storage.local.set({
      settings: {
        dailyBudget: -5,
        baseUrlV2: 'https://u:p@api.example.com',
        staleAfterDays: 7,
        plan: 'platinum',
      },
    });
    const settings = await createSettingsStore(openDb).getSettings();
    expect(settings).toMatchObject({
      dailyBudget: DEFAULT_SETTINGS.dailyBudget,
      baseUrlV2: DEFAULT_SETTINGS.baseUrlV2,
      plan: DEFAULT_SETTINGS.plan,
      staleAfterDays: 7,
    });
  });

  it('forgets the key when an empty one is saved', async () => {
    const store = createSettingsStore(openDb);
    await store.updateSettings({ apiKey: 'sk_live_secret' });
    await store.updateSettings({ apiKey: '' });
    expect(await (await openDb()).get('secrets', SECRET_API_KEY)).toBeUndefined();
    expect((await store.getSettings()).apiKey).toBe('');
  });
});
