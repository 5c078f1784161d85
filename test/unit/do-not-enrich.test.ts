// @vitest-environment node
/**
 * The do-not-enrich list: what a line reads as, and the background refusing every request it
 * names, from any way in, with nothing sent to the service and nothing spent.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBatches } from '../../lib/background/batches';
import { closeDbForTests, openDb } from '../../lib/background/db';
import { listedIn, readList, replaceStoredList } from '../../lib/background/do-not-enrich';
import { createSandbox, DEFAULT_SEED, datasetForSeed } from '../../sandbox/app';
import { parseKeys } from '../../sandbox/keys';
import { sandboxService } from './sandbox-service';

const { dataset } = datasetForSeed(DEFAULT_SEED);
const person = dataset.people[7]!;

describe('reading the list', () => {
  it('reads addresses, domains and profile URLs in the forms people paste them', () => {
    const { entries, unreadable } = readList(
      [
        'Ada@Example.com',
        '@customer.com',
        'https://www.partner.org/about',
        'www.linkedin.com/in/Grace-Hopper/',
        'https://www.linkedin.com/company/acme # a customer',
        '',
        'not a thing',
        'Ada@example.com',
      ].join('\n'),
    );
    expect(entries.map((entry) => entry.key)).toEqual([
      'email:ada@example.com',
      'domain:customer.com',
      'domain:partner.org',
      'profile:person:grace-hopper',
      'profile:company:acme',
    ]);
    expect(unreadable).toEqual(['not a thing']);
  });

  it('names a request by its address, its domain (subdomains too) or its profile', () => {
    const listed = new Set(
      readList('ada@example.com\ncustomer.com\nlinkedin.com/in/grace-hopper').entries.map((e) => e.key),
    );
    expect(listedIn(listed, { email: 'ADA@example.com' })).toBe('email:ada@example.com');
    expect(listedIn(listed, { email: 'bob@mail.customer.com' })).toBe('domain:customer.com');
    expect(listedIn(listed, { first_name: 'Bob', company_domain: 'https://customer.com' })).toBe(
      'domain:customer.com',
    );
    expect(listedIn(listed, { profile_url: 'https://www.linkedin.com/in/grace-hopper?trk=x' })).toBe(
      'profile:person:grace-hopper',
    );
    expect(listedIn(listed, { email: 'bob@example.org', company_domain: 'other.com' })).toBeNull();
  });
});

describe('every way in refuses what the list names', () => {
  let sandbox: ReturnType<typeof createSandbox>;
  let service: ReturnType<typeof sandboxService>;

  beforeEach(async () => {
    globalThis.indexedDB = new IDBFactory();
    sandbox = createSandbox({ keys: parseKeys('demo=1000:standard') });
    service = sandboxService(sandbox);
    await replaceStoredList(
      await openDb(),
      readList(`${person.url}\nada@example.com\n@customer.com`).entries,
    );
  });
  afterEach(async () => {
    service.dispose();
    await closeDbForTests();
  });

  const refused = { status: 'error', error: { kind: 'do-not-enrich', message: expect.any(String) } };

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
        ).toMatchObject(refused);
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
});
