// @vitest-environment node
/**
 * Forget, clear history and export, over the real service and sandbox app on a fake IndexedDB:
 * a forgotten person leaves no trace in any store, and what was spent stays in the ledger.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatches } from '../../lib/background/batches';
import { closeDbForTests, type EnrichmentDb, openDb } from '../../lib/background/db';
import { clearHistory, exportStored, forgetSubject } from '../../lib/background/forget';
import { ledgerTotals } from '../../lib/background/ledger';
import { createLists } from '../../lib/background/lists/runner';
import { addRecent } from '../../lib/background/recent';
import { createSandbox, DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { parseKeys } from '../../sandbox/keys';
import { SANDBOX_SETTINGS, sandboxService } from './sandbox-service';

const { dataset } = datasetForSeed(DEFAULT_SEED);
const ada = dataset.people[12]!;
const other = dataset.people[13]!;
let sandbox: ReturnType<typeof createSandbox>;
let service: ReturnType<typeof sandboxService>;

/** Every record of every store, as text. */
async function everything(): Promise<string> {
  const db = await openDb();
  const stores = [...db.objectStoreNames] as (keyof EnrichmentDb)[];
  const all = await Promise.all(stores.map((store) => db.getAll(store as never)));
  return JSON.stringify(all).toLowerCase();
}

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  sandbox = createSandbox({ keys: parseKeys('demo=1000:standard') });
  service = sandboxService(sandbox);
  // Ada enriched on her own, in a batch with someone else, and reopened from the popup's recent.
  await service.run({
    requestId: 'req-forget-1',
    endpointId: 'person.profile',
    params: { profile_url: ada.url },
    policy: 'refresh',
  });
  const batches = createBatches({ db: openDb, service, newId: () => crypto.randomUUID() });
  const started = await batches.start({
    tabId: 3,
    pageUrl: 'https://example.com/team',
    items: [ada, other].map((person) => ({
      key: `person:${person.url}`,
      label: String(person.profile.full_name),
      endpointId: 'person.profile' as const,
      params: { profile_url: person.url, use_cache: 'if-recent' },
    })),
  });
  await batches.settled(started.status === 'started' ? started.batch.id : '');
  // And in a list, by name in one row and by her address in another.
  const lists = createLists({
    db: openDb,
    service,
    ratePerMinute: async () => 300,
    newId: () => crypto.randomUUID(),
  });
  const list = await lists.start({
    name: 'Team',
    columns: ['Name', 'Profile'],
    rows: [
      [String(ada.profile.full_name), ada.url],
      [String(other.profile.full_name), other.url],
    ],
    mapping: ['full_name', 'profile_url'],
    options: { freshness: 'if-present', withProfiles: true, contacts: false },
    requests: [ada, other].map((person) => ({
      endpointId: 'person.profile' as const,
      params: { profile_url: person.url, use_cache: 'if-present', live_fetch: 'default' },
    })),
    targets: [0, 1],
    cap: null,
  });
  await lists.settled(list.status === 'started' ? list.list.id : '');
  await addRecent(
    await openDb(),
    { endpointId: 'person.profile', params: { profile_url: ada.url } },
    Date.now(),
  );
});
afterEach(async () => {
  service.dispose();
  await closeDbForTests();
});

describe('forgetting a person', () => {
  it('leaves no trace of them in any store, and keeps what was spent', async () => {
    const name = String(ada.profile.full_name).toLowerCase();
    const before = await everything();
    expect(before).toContain(name);
    expect(before).toContain(ada.url.toLowerCase());
    const spent = (await ledgerTotals(await openDb(), Date.now())).today;

    const { removed } = await forgetSubject(await openDb(), ada.url);
    expect(removed).toBeGreaterThan(0);
    const after = await everything();
    expect(after).not.toContain(name);
    expect(after).not.toContain(ada.url.toLowerCase());
    // Someone else is still there, and every credit spent is still counted.
    expect(after).toContain(String(other.profile.full_name).toLowerCase());
    expect((await ledgerTotals(await openDb(), Date.now())).today).toBe(spent);
    expect(spent).toBe(1000 - sandbox.state.accounts.get('demo')!.balance);
  });
});

describe('clearing the history', () => {
  it('forgets who was looked up, not what was spent', async () => {
    const spent = (await ledgerTotals(await openDb(), Date.now())).today;
    await clearHistory(await openDb());
    const db = await openDb();
    expect((await db.getAll('ledger')).every((line) => line.summary === 'forgotten')).toBe(true);
    expect(await db.getAll('recent')).toEqual([]);
    expect(await db.getAll('batches')).toEqual([]);
    expect([await db.count('lists'), await db.count('listRows'), await db.count('listRequests')]).toEqual([
      0, 0, 0,
    ]);
    expect((await ledgerTotals(db, Date.now())).today).toBe(spent);
  });
});

describe('exporting what is kept', () => {
  it('is one document with everything but the key', async () => {
    const exported = await exportStored(await openDb(), { ...SANDBOX_SETTINGS, apiKey: 'sk_secret_key' });
    expect(Object.keys(exported)).toEqual([
      'exportedAt',
      'settings',
      'cache',
      'ledger',
      'batches',
      'lists',
      'listRows',
      'listRequests',
      'recent',
      'doNotEnrich',
    ]);
    expect(JSON.stringify(exported)).not.toContain('sk_secret_key');
    expect(exported.cache.length).toBeGreaterThan(0);
    expect(exported.ledger.length).toBeGreaterThan(0);
  });
});
