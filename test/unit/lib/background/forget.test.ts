// @vitest-environment node
/**
 * Forget, clear history and export, over the real service and sandbox app on a fake IndexedDB:
 * a forgotten person leaves no trace in any store, and what was spent stays in the ledger.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatches } from '../../../../lib/background/batch/batches';
import { clearCache } from '../../../../lib/background/cache';
import { closeDbForTests, type EnrichmentDb, openDb } from '../../../../lib/background/db';
import { clearHistory, exportStored, forgetInItems, forgetSubject } from '../../../../lib/background/forget';
import { ledgerTotals } from '../../../../lib/background/ledger';
import { createLists } from '../../../../lib/background/lists/lists';
import { addRecent } from '../../../../lib/background/recent';
import type { Sandbox } from '../../../../sandbox/app';
import { parseKeys } from '../../../../sandbox/keys';
import { SANDBOX_SETTINGS, sandboxService, unitDataset, unitSandbox } from '../../../support/sandbox-service';

const dataset = unitDataset();
const ada = dataset.people[12]!;
const other = dataset.people[13]!;
let sandbox: Sandbox;
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
  sandbox = unitSandbox({ keys: parseKeys('demo=1000:standard') });
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
    startId: crypto.randomUUID(),
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
    startId: crypto.randomUUID(),
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
    // The journal keeps each call's id, status, cost and times, and no longer says who it asked about.
    const jobs = await db.getAll('jobs');
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((job) => Object.keys(job.params).length === 0 && job.status === 'done')).toBe(true);
    expect(JSON.stringify(jobs)).not.toContain('linkedin.com');
    expect(jobs.find((job) => job.id === 'req-forget-1')?.credits).toBeGreaterThan(0);
  });
});

describe('exporting what is kept', () => {
  it('is one document with everything but the key', async () => {
    const exported = await exportStored(await openDb(), { ...SANDBOX_SETTINGS, apiKey: 'sk_secret_key' });
    expect(Object.keys(exported).sort()).toEqual(
      [
        'exportedAt',
        'settings',
        'cache',
        'ledger',
        'jobs',
        'batches',
        'lists',
        'listRows',
        'listRequests',
        'recent',
        'watchLists',
        'watchMembers',
        'watchChanges',
        'doNotEnrich',
        'crmReference',
      ].sort(),
    );
    expect(JSON.stringify(exported)).not.toContain('sk_secret_key');
    expect(exported.cache.length).toBeGreaterThan(0);
    expect(exported.ledger.length).toBeGreaterThan(0);
    // The journal of calls is kept about others too: it is in the export.
    expect(exported.jobs.map((job) => job.id)).toContain('req-forget-1');
  });
});

/**
 * Issue 24, finding 1: a person reached every way (looked up by their work address, put in a list
 * by first name, last name and company domain, enriched, in a batch and listed by a search), then
 * forgotten by their profile URL: no store and no storage area names them any more.
 */
describe('forgetting a person by what is known about them', () => {
  const kelsie = dataset.people.find(
    (person) =>
      person.workEmail !== null &&
      person !== ada &&
      person !== other &&
      Array.isArray(person.profile.experiences) &&
      (person.profile.experiences as { ends_at: unknown }[])[0]?.ends_at === null,
  )!;
  const first = String(kelsie.profile.first_name);
  const last = String(kelsie.profile.last_name);
  const workEmail = kelsie.workEmail!;
  const domain = workEmail.slice(workEmail.indexOf('@') + 1);
  const companyName = String((kelsie.profile.experiences as { company: string }[])[0]!.company);
  const id = kelsie.url.slice(kelsie.url.lastIndexOf('/') + 1);
  const lookupRequestId = 'req-menu-lookup-1';

  /** What would name her anywhere: her name, every address and every form of her profile URL. */
  const identifiers = [`${first} ${last}`.toLowerCase(), ...kelsie.emails, id, `linkedin.com/in/${id}`];

  /** The session's items as the background keeps them: findings of two tabs and the menu's lookup. */
  const session = () => ({
    'findings:3': {
      pageUrl: kelsie.url,
      page: { kind: 'person', id, url: kelsie.url },
      profiles: [{ kind: 'person', id, url: kelsie.url }],
      emails: [],
      scannedAt: 1,
    },
    'findings:4': {
      pageUrl: 'https://example.com/team',
      page: null,
      profiles: [
        { kind: 'person', id, url: `https://linkedin.com/in/${id}/`, label: `${first} ${last}` },
        { kind: 'person', id: 'other', url: other.url },
      ],
      emails: [workEmail, 'someone@example.org'],
      scannedAt: 1,
    },
    emailLookup: {
      requestId: lookupRequestId,
      email: workEmail,
      selection: workEmail,
      params: { email: workEmail, lookup_depth: 'deep', enrich_profile: 'enrich' },
      at: 1,
    },
  });

  async function reachEveryWay() {
    const db = await openDb();
    // The context menu's lookup of her work address (deep, with her profile).
    const looked = await service.run({
      requestId: lookupRequestId,
      endpointId: 'email.lookup',
      params: { email: workEmail, lookup_depth: 'deep', enrich_profile: 'enrich' },
      policy: 'cache-first',
    });
    expect(looked.status === 'answer' && (looked.data as { url: string }).url).toBe(kelsie.url);
    await addRecent(db, { endpointId: 'email.lookup', params: { email: workEmail } }, Date.now());
    // A list by first name, last name and company domain, named after its file.
    const lists = createLists({
      db: openDb,
      service,
      ratePerMinute: async () => 300,
      newId: () => crypto.randomUUID(),
    });
    const list = await lists.start({
      startId: crypto.randomUUID(),
      name: 'prospects.csv',
      columns: ['First', 'Last', 'Domain', 'Note'],
      rows: [
        [first, last, domain, 'met at the fair'],
        [String(other.profile.first_name), String(other.profile.last_name), 'example.org', ''],
      ],
      mapping: ['first_name', 'last_name', 'company_domain', 'ignore'],
      options: { freshness: 'if-present', withProfiles: true, contacts: false },
      requests: [
        {
          endpointId: 'person.lookup' as const,
          params: { first_name: first, last_name: last, company_domain: domain, enrich_profile: 'enrich' },
        },
      ],
      targets: [0, { reason: 'not asked' }],
      cap: null,
    });
    const listId = list.status === 'started' ? list.list.id : '';
    await lists.settled(listId);
    const [request] = (await db.getAll('listRequests')).filter((one) => one.listId === listId);
    expect(request?.enriched?.profileUrl).toBe(kelsie.url);
    // Her profile enriched, and a batch with someone else.
    const enriched = await service.run({
      requestId: 'req-kelsie-profile',
      endpointId: 'person.profile',
      params: { profile_url: kelsie.url, personal_email: 'include' },
      policy: 'refresh',
      // Its price has no upper bound: the person confirmed it.
      confirmed: true,
    });
    expect(JSON.stringify(enriched.status === 'answer' && enriched.data)).toContain(kelsie.emails[0]);
    const batches = createBatches({ db: openDb, service, newId: () => crypto.randomUUID() });
    const started = await batches.start({
      startId: crypto.randomUUID(),
      tabId: 4,
      pageUrl: 'https://example.com/team',
      items: [kelsie, other].map((person) => ({
        key: `person:${person.url}`,
        label: String(person.profile.full_name),
        endpointId: 'person.profile' as const,
        params: { profile_url: person.url, use_cache: 'if-recent' },
      })),
    });
    await batches.settled(started.status === 'started' ? started.batch.id : '');
    // A search that lists her.
    const searched = await service.run({
      requestId: 'req-search-kelsie',
      endpointId: 'person.search',
      params: { first_name: first, last_name: last, current_company_name: companyName, page_size: 5 },
      policy: 'refresh',
    });
    expect(JSON.stringify(searched.status === 'answer' && searched.data)).toContain(id);
    await addRecent(
      db,
      {
        endpointId: 'person.search',
        params: { first_name: first, last_name: last, current_company_name: companyName },
      },
      Date.now(),
    );
  }

  /** Every store but the do-not-enrich list (the person's own instruction), and the session's items. */
  async function stored(items: Record<string, unknown>): Promise<string> {
    const db = await openDb();
    const stores = [...db.objectStoreNames].filter(
      (store) => store !== 'doNotEnrich',
    ) as (keyof EnrichmentDb)[];
    const all = await Promise.all(stores.map((store) => db.getAll(store as never)));
    return JSON.stringify([all, items]).toLowerCase();
  }

  async function forgetAndRead(subject: string): Promise<string> {
    const items: Record<string, unknown> = session();
    const { known } = await forgetSubject(await openDb(), subject);
    const { remove, keep } = forgetInItems(items, known);
    for (const key of remove) delete items[key];
    Object.assign(items, keep);
    return stored(items);
  }

  async function expectForgotten(after: string, spent: number) {
    for (const identifier of identifiers) expect(after).not.toContain(identifier.toLowerCase());
    // Someone else is still there, and every credit spent is still counted.
    expect(after).toContain(String(other.profile.full_name).toLowerCase());
    expect(after).toContain('someone@example.org');
    expect((await ledgerTotals(await openDb(), Date.now())).today).toBe(spent);
  }

  it('finds her under every name any answer gives her, and leaves none of them', async () => {
    await reachEveryWay();
    const before = await stored(session());
    for (const identifier of identifiers) expect(before).toContain(identifier.toLowerCase());
    const spent = (await ledgerTotals(await openDb(), Date.now())).today;

    const after = await forgetAndRead(kelsie.url);
    await expectForgotten(after, spent);
    // The list keeps its rows, its name and what the other row says; the ledger keeps its dates.
    const db = await openDb();
    expect((await db.getAll('lists')).map((list) => list.name).sort()).toEqual(['Team', 'prospects.csv']);
    expect((await db.getAll('listRows')).length).toBe(4);
    expect((await db.getAll('ledger')).every((line) => line.at > 0)).toBe(true);
  });

  it('with the cache cleared first, learns her from the journal, the lists and the ledger', async () => {
    await reachEveryWay();
    await clearCache(await openDb());
    const spent = (await ledgerTotals(await openDb(), Date.now())).today;
    await expectForgotten(await forgetAndRead(`linkedin.com/in/${id}/`), spent);
  });

  it('from her work address alone, as the options page asks it', async () => {
    await reachEveryWay();
    const spent = (await ledgerTotals(await openDb(), Date.now())).today;
    await expectForgotten(await forgetAndRead(workEmail.toUpperCase()), spent);
  });
});

describe('forgetting a short id', () => {
  const line = (summary: string, requestId: string) => ({
    at: Date.now(),
    endpointId: 'person.profile' as const,
    summary,
    credits: 1,
    cached: false,
    requestId,
  });

  it('traces `jli` in every URL form and as an id, never inside a longer one', async () => {
    const db = await openDb();
    await db.clear('ledger');
    await db.put('ledger', line('jo li · linkedin.com/in/jli', 'r-1'));
    await db.put('ledger', line('jo li · https://www.linkedin.com/in/JLI/', 'r-2'));
    await db.put('ledger', line('Jo Li · profile=jli', 'r-3'));
    await db.put('ledger', line('Jli Ng · linkedin.com/in/jlin', 'r-4'));
    await db.put('ledger', line('Ann Jli · linkedin.com/in/ann-jli', 'r-5'));
    await db.put('ledger', line('first_name=jli', 'r-6'));
    await forgetSubject(db, 'https://uk.linkedin.com/in/jli?trk=x');
    const summaries = (await db.getAll('ledger')).map((entry) => entry.summary);
    expect(summaries).toEqual([
      'forgotten',
      'forgotten',
      'forgotten',
      'Jli Ng · linkedin.com/in/jlin',
      'Ann Jli · linkedin.com/in/ann-jli',
      'first_name=jli',
    ]);
  });
});

describe('forgetting by a name and a company', () => {
  it('takes a line with her name and her company, not a namesake elsewhere nor a colleague', async () => {
    const db = await openDb();
    await db.clear('ledger');
    const line = (summary: string, requestId: string) =>
      db.put('ledger', {
        at: Date.now(),
        endpointId: 'person.lookup' as const,
        summary,
        credits: 2,
        cached: false,
        requestId,
      });
    // What is known of her: her profile, answered when she was looked up by her work address.
    await db.put('cache', {
      key: 'email.lookup?email=kheaney%40douglas.ru',
      endpointId: 'email.lookup',
      params: { email: 'kheaney@douglas.ru' },
      data: {
        url: 'https://www.linkedin.com/in/kh',
        profile: {
          full_name: 'Kelsie Heaney',
          personal_emails: ['kheaney@aol.com'],
          experiences: [{ company: 'Douglas LLC', ends_at: null }],
        },
      },
      fetchedAt: Date.now(),
      credits: 4,
      bytes: 10,
      lastAccess: Date.now(),
    });
    await line('first_name=Kelsie last_name=Heaney company_domain=douglas.ru', 'r-1');
    await line('Kelsie Heaney · role=CEO company_name=Douglas LLC', 'r-2');
    await line('Kelsie Heaney · k.heaney@aol.com', 'r-3');
    await line('Kelsie Moore · kmoore@douglas.ru', 'r-4');
    await line('Kelsie Heaney · linkedin.com/in/kelsie-heaney-2', 'r-5');
    await forgetSubject(db, 'linkedin.com/in/kh');
    expect((await db.getAll('ledger')).map((entry) => entry.summary)).toEqual([
      'forgotten',
      'forgotten',
      'Kelsie Heaney · k.heaney@aol.com',
      'Kelsie Moore · kmoore@douglas.ru',
      'Kelsie Heaney · linkedin.com/in/kelsie-heaney-2',
    ]);
    expect(await db.get('cache', 'email.lookup?email=kheaney%40douglas.ru')).toBeUndefined();
  });
});

describe('forgetting someone not asked yet', () => {
  it('skips their row of a list and cancels their item of a batch: nothing is left to ask them with', async () => {
    const db = await openDb();
    const url = 'https://www.linkedin.com/in/jli';
    const [team] = await db.getAll('lists');
    await db.put('lists', {
      ...team!,
      id: 'waiting',
      name: 'waiting',
      status: 'paused',
      counts: { ...team!.counts, done: 0, queued: 1 },
    });
    await db.put('listRows', { listId: 'waiting', index: 0, cells: ['Jo Li', url], key: 'k-jli' });
    await db.put('listRequests', {
      listId: 'waiting',
      key: 'k-jli',
      order: 0,
      rows: 1,
      endpointId: 'person.profile',
      params: { profile_url: url },
      asked: 'linkedin.com/in/jli',
      requestId: 'req-jli',
      policy: 'cache-first',
      quote: { min: 1, max: 1 },
      status: 'queued',
      updatedAt: 1,
    });
    const [batch] = await db.getAll('batches');
    await db.put('batches', {
      ...batch!,
      id: 'waiting-batch',
      status: 'running',
      items: [
        { ...batch!.items[0]!, params: { profile_url: url }, status: 'queued', requestId: 'req-jli-2' },
      ],
    });
    await forgetSubject(db, 'linkedin.com/in/jli/');
    const list = await db.get('lists', 'waiting');
    expect(list?.counts).toMatchObject({ queued: 0, skipped: 1 });
    const [request] = (await db.getAll('listRequests')).filter((one) => one.listId === 'waiting');
    expect(request).toMatchObject({ status: 'skipped', params: {}, asked: 'forgotten' });
    expect((await db.get('batches', 'waiting-batch'))?.items[0]).toMatchObject({
      status: 'cancelled',
      params: {},
    });
  });
});

describe('forgetting a company', () => {
  it('renames a list named after it, and keeps the answers that do not name it', async () => {
    const company = dataset.companies[0]!;
    const db = await openDb();
    await service.run({
      requestId: 'req-company-1',
      endpointId: 'company.profile',
      params: { url: company.url },
      policy: 'refresh',
    });
    const slug = company.url.slice(company.url.lastIndexOf('/') + 1);
    await db.put('lists', {
      ...(await db.getAll('lists'))[0]!,
      id: 'named-list',
      name: `${slug}-prospects.csv`,
    });
    await forgetSubject(db, company.url);
    expect((await db.get('lists', 'named-list'))?.name).toBe('forgotten');
    const kept = await db.getAll('cache');
    expect(kept.length).toBeGreaterThan(0);
    expect(JSON.stringify(kept)).not.toContain(`/company/${slug}`);
  });
});
