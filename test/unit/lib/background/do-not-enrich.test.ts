// @vitest-environment node
/**
 * The do-not-enrich list in the background: every request naming a listed subject refused from any
 * way in, with nothing sent and nothing spent; and an answer that turns out to be about a listed
 * subject paid (it could not be known before) but never kept nor shown, while the rest of a
 * search's or listing's page stays. (What the list names is test/unit/lib/pricing/do-not-enrich.test.ts.)
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINT_IDS } from '../../../../lib/api/ids';
import { createClient } from '../../../../lib/background/api/client';
import { createBatches } from '../../../../lib/background/batch/batches';
import { closeDbForTests, openDb } from '../../../../lib/background/db';
import { LISTED_SUMMARY, replaceStoredList } from '../../../../lib/background/do-not-enrich';
import { createLists } from '../../../../lib/background/lists/lists';
import { createScheduler } from '../../../../lib/background/scheduler';
import { createService } from '../../../../lib/background/service';
import { readList } from '../../../../lib/pricing/do-not-enrich';
import type { Sandbox } from '../../../../sandbox/app';
import { parseKeys } from '../../../../sandbox/keys';
import {
  dataset,
  employer,
  firstName,
  fullName,
  LIST,
  lastName,
  person,
  publicIdentifier,
  REFUSED,
} from '../../../support/do-not-enrich-list';
import { SANDBOX_SETTINGS, sandboxService, unitSandbox } from '../../../support/sandbox-service';

describe('the background against the sandbox', () => {
  let sandbox: Sandbox;
  let service: ReturnType<typeof sandboxService>;
  const balance = () => sandbox.state.accounts.get('demo')!.balance;
  /** The requests that asked about someone (the free balance readings left out). */
  const asked = () => sandbox.state.requests.list().filter((r) => !r.path.endsWith('/credit-balance'));

  beforeEach(async () => {
    globalThis.indexedDB = new IDBFactory();
    sandbox = unitSandbox({ keys: parseKeys('demo=10000:standard') });
    service = sandboxService(sandbox);
    await replaceStoredList(await openDb(), readList(LIST).entries);
  });
  afterEach(async () => {
    service.dispose();
    await closeDbForTests();
  });

  /** Every record of every store but the list itself, as one text to search. */
  async function everythingKept(): Promise<string> {
    const db = await openDb();
    const stores = [...db.objectStoreNames].filter((name) => name !== 'doNotEnrich');
    const all: Record<string, unknown[]> = {};
    for (const name of stores) all[name] = await db.getAll(name);
    return JSON.stringify(all);
  }

  /** What names the listed person in a record: their profile URL in any form, id, names, addresses. */
  const traces = [
    person.url,
    person.url.toLowerCase(),
    publicIdentifier,
    fullName,
    firstName,
    lastName,
    ...person.emails,
  ];

  it('refuses every form of every endpoint with 0 requests sent and nothing spent', async () => {
    let index = 0;
    for (const id of ENDPOINT_IDS) {
      for (const params of REFUSED[id]) {
        const result = await service.run({
          requestId: `req-dne-${index++}`,
          endpointId: id,
          params,
          policy: 'refresh',
          confirmed: true,
        });
        expect(result, `${id} ${JSON.stringify(params)}`).toMatchObject({
          status: 'error',
          error: { kind: 'do-not-enrich' },
        });
      }
    }
    expect(sandbox.state.requests.list()).toEqual([]);
    expect(balance()).toBe(10_000);
    expect(await (await openDb()).getAll('ledger')).toEqual([]);
  });

  it('the panel, a section, the popup and the context menu: refused in place, nothing sent', async () => {
    const runs = [
      { endpointId: 'person.profile', params: { profile_url: person.url } },
      { endpointId: 'email.lookup', params: { email: 'ada@example.com' } },
      { endpointId: 'person.lookup', params: { first_name: 'Bob', company_domain: 'customer.com' } },
      { endpointId: 'person.v3', params: { email: 'someone@customer.com' } },
    ] as const;
    for (const [index, request] of runs.entries()) {
      for (const policy of ['cache-first', 'refresh'] as const) {
        expect(
          await service.run({ requestId: `req-dne-${index}-${policy}`, ...request, policy, confirmed: true }),
        ).toMatchObject({ status: 'error', error: { kind: 'do-not-enrich', message: expect.any(String) } });
      }
      expect(await service.openView(request.endpointId, request.params)).toMatchObject({
        ok: false,
        error: { kind: 'do-not-enrich' },
      });
    }
    expect(sandbox.state.requests.list()).toEqual([]);
    expect(await (await openDb()).getAll('ledger')).toEqual([]);
  });

  it('"Found on this page": the row says so and is left out of the total', async () => {
    const batches = createBatches({ db: openDb, service, newId: () => crypto.randomUUID() });
    const other = dataset.people[8]!;
    const peek = await batches.peek([
      { endpointId: 'person.profile', params: { profile_url: person.url } },
      { endpointId: 'person.profile', params: { profile_url: other.url } },
    ]);
    expect(peek.rows[0]).toMatchObject({ ok: false, error: { kind: 'do-not-enrich' } });
    expect(peek.rows[1]).toMatchObject({ ok: true });
    expect(peek.total).toMatchObject({ min: 2, max: 2 });
    expect(sandbox.state.requests.list()).toEqual([]);
  });

  it('a lookup by name that finds a listed person: charged, not kept anywhere, told so', async () => {
    const params = {
      first_name: firstName,
      last_name: lastName,
      company_domain: employer.domain,
    };
    const lookup = { requestId: 'req-dne-lookup', endpointId: 'person.lookup', params } as const;
    const result = await service.run({ ...lookup, policy: 'cache-first', confirmed: true });
    expect(result).toMatchObject({ status: 'error', error: { kind: 'do-not-enrich', charged: 2 } });
    expect(balance()).toBe(10_000 - 2);

    const db = await openDb();
    expect(await db.getAll('cache')).toEqual([]);
    const ledger = await db.getAll('ledger');
    expect(ledger).toMatchObject([{ credits: 2, summary: LISTED_SUMMARY, endpointId: 'person.lookup' }]);
    const kept = await everythingKept();
    for (const trace of traces) expect(kept).not.toContain(trace);

    // Asked again under its id (a page reopened): the same answer, nothing sent again.
    const again = await service.run({ ...lookup, policy: 'cache-first', confirmed: true });
    expect(again).toMatchObject({ status: 'error', error: { kind: 'do-not-enrich', charged: 2 } });
    expect(asked()).toHaveLength(1);
    expect((await service.account()).today).toBe(2);
  });

  it('an email lookup that finds a listed person: charged, not kept', async () => {
    const email = person.emails.find((e) => !e.endsWith('@example.com'))!;
    const result = await service.run({
      requestId: 'req-dne-email',
      endpointId: 'email.lookup',
      params: { email, enrich_profile: 'enrich' },
      policy: 'refresh',
      confirmed: true,
    });
    expect(result).toMatchObject({ status: 'error', error: { kind: 'do-not-enrich', charged: 4 } });
    expect(await (await openDb()).getAll('cache')).toEqual([]);
    const kept = await everythingKept();
    for (const trace of traces) expect(kept).not.toContain(trace);
  });

  it("a listing's row about a listed person is left out of what is kept and shown; the rest stays", async () => {
    const result = await service.run({
      requestId: 'req-dne-employees',
      endpointId: 'employee.list',
      params: { url: employer.url, page_size: 100 },
      policy: 'refresh',
      confirmed: true,
    });
    expect(result.status).toBe('answer');
    if (result.status !== 'answer') return;
    const rows = (result.data as { employees: { profile_url: string }[] }).employees;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.profile_url)).not.toContain(person.url);
    // Every row the service returned was paid, the listed one too.
    expect(result.credits).toBe(3 * (rows.length + 1));
    const [line] = await (await openDb()).getAll('ledger');
    expect(line).toMatchObject({ credits: 3 * (rows.length + 1) });
    expect(line!.summary).toContain(employer.url.split('/company/')[1]);
    const [entry] = await (await openDb()).getAll('cache');
    expect((entry!.data as { employees: unknown[] }).employees).toHaveLength(rows.length);
    const kept = await everythingKept();
    for (const trace of traces) expect(kept).not.toContain(trace);
  });

  it('a batch row whose answer is about a listed person: its charge counted, its answer not kept', async () => {
    const batches = createBatches({ db: openDb, service, newId: () => crypto.randomUUID() });
    const other = dataset.people[8]!;
    const emailOf = (p: typeof person) => p.emails.find((e) => !e.endsWith('@example.com'))!;
    const started = await batches.start({
      startId: crypto.randomUUID(),
      tabId: 3,
      pageUrl: 'https://example.com/team',
      items: [person, other].map((p, index) => ({
        key: `email:${index}`,
        label: `row ${index}`,
        endpointId: 'email.lookup',
        params: { email: emailOf(p), enrich_profile: 'enrich' },
      })),
      confirmed: true,
    });
    expect(started.status).toBe('started');
    await batches.settled(started.status === 'started' ? started.batch.id : '');
    const batch = (await batches.get(3))!;
    expect(batch.items.map((item) => [item.status, item.credits, item.error?.kind ?? null])).toEqual([
      ['failed', 4, 'do-not-enrich'],
      ['done', 4, null],
    ]);
    expect(batch.spent).toBe(8);
    expect(balance()).toBe(10_000 - 8);
    const kept = await everythingKept();
    for (const trace of traces.filter((t) => !person.emails.includes(t))) expect(kept).not.toContain(trace);
  });

  it("a list's row whose answer is about a listed person: refused, its charge in the list's spend, nothing of it kept", async () => {
    const lists = createLists({
      db: openDb,
      service,
      ratePerMinute: async () => 60_000,
      newId: () => crypto.randomUUID(),
      settlePollMs: 50,
    });
    const emailOf = (p: typeof person) => p.emails.find((e) => !e.endsWith('@example.com'))!;
    const requests = [person, dataset.people[8]!].map((p) => ({
      endpointId: 'email.lookup' as const,
      params: { email: emailOf(p), enrich_profile: 'enrich' },
    }));
    const started = await lists.start({
      startId: crypto.randomUUID(),
      name: 'Event leads',
      columns: ['Email'],
      rows: requests.map((request) => [request.params.email]),
      mapping: ['email'],
      options: { freshness: 'if-present', withProfiles: true, contacts: false },
      requests,
      targets: [0, 1],
      cap: null,
      confirmed: true,
    });
    if (started.status !== 'started') throw new Error(JSON.stringify(started));
    await lists.settled(started.list.id);
    const state = (await lists.state(started.list.id, 0))!;
    expect(state.summary.counts).toMatchObject({ done: 1, refused: 1 });
    const refused = state.requests.find((request) => request.status === 'refused')!;
    expect(refused).toMatchObject({ credits: 4, error: { kind: 'do-not-enrich', charged: 4 } });
    expect(state.summary.spent).toBe(8);
    expect(balance()).toBe(10_000 - 8);
    // The person's own file keeps the address it was given; nothing the answer said is kept.
    const kept = await everythingKept();
    for (const trace of traces.filter((t) => !person.emails.includes(t))) expect(kept).not.toContain(trace);
  });

  it("rows streamed from an enriched listing leave out the listed person's as they arrive", async () => {
    const progress: unknown[][] = [];
    const streaming = createService({
      db: openDb,
      settings: async () => SANDBOX_SETTINGS,
      client: (s, pace) =>
        createClient({
          ...s,
          pace,
          fetch: (request: Request) => Promise.resolve(sandbox.app.request(request)),
        }),
      scheduler: createScheduler({ ratePerMinute: 60_000 }),
      onProgress: (_id, report) => {
        if (report) progress.push(report.results);
      },
    });
    const result = await streaming.run({
      requestId: 'req-dne-stream',
      endpointId: 'employee.list',
      params: { url: employer.url, enrich_profiles: 'enrich', page_size: 10 },
      policy: 'refresh',
      confirmed: true,
    });
    streaming.dispose();
    expect(result.status).toBe('answer');
    expect(progress.length).toBeGreaterThan(0);
    expect(JSON.stringify(progress)).not.toContain(person.url);
    expect(JSON.stringify(result.status === 'answer' ? result.data : null)).not.toContain(person.url);
  });

  it('an answer kept before its subject was listed is no longer shown, and not asked again', async () => {
    const db = await openDb();
    await replaceStoredList(db, []);
    const params = {
      first_name: firstName,
      last_name: lastName,
      company_domain: employer.domain,
    };
    const first = await service.run({
      requestId: 'req-dne-before',
      endpointId: 'person.lookup',
      params,
      policy: 'cache-first',
      confirmed: true,
    });
    expect(first.status).toBe('answer');
    await replaceStoredList(db, readList(LIST).entries);

    expect(await service.openView('person.lookup', params)).toMatchObject({
      ok: false,
      error: { kind: 'do-not-enrich' },
    });
    const again = await service.run({
      requestId: 'req-dne-after',
      endpointId: 'person.lookup',
      params,
      policy: 'cache-first',
      confirmed: true,
    });
    expect(again).toMatchObject({ status: 'error', error: { kind: 'do-not-enrich' } });
    expect(asked()).toHaveLength(1);
  });
});
