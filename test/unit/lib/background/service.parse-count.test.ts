// @vitest-environment node
/**
 * One Enrich action parses its params once and its answer once: the background parses what the
 * page sent, and everything after (client, quote, reconcile, cache, ledger) reads the canonical
 * params; the client validates the answer, and the page reads it without parsing again.
 */
import { readFileSync } from 'node:fs';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../../../lib/api/endpoints';
import { createClient } from '../../../../lib/background/api/client';
import { closeDbForTests, openDb } from '../../../../lib/background/db';
import { createService } from '../../../../lib/background/service';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings';

const BASE = 'https://service.test';
const personUrl = 'https://www.linkedin.com/in/johnrmarty';
/** The service's published answer for that profile; a stand-in service answers it (the sandbox would parse too). */
const published = readFileSync(
  new URL('../../../fixtures/real/person-profile.json', import.meta.url),
  'utf8',
);

function standInService(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  const body = pathname.endsWith('/credit-balance') ? '{"credit_balance":1000}' : published;
  return Promise.resolve(
    new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
}

function service() {
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    apiKey: 'demo',
    baseUrlV2: BASE,
    baseUrlV3: BASE,
    onboarded: true,
  };
  return createService({
    db: openDb,
    settings: async () => settings,
    client: (s) => createClient({ ...s, fetch: standInService }),
  });
}

/** Counts every parse of the person profile's params and answer schemas, whichever method is used. */
function countParses() {
  const { params, response } = endpoints['person.profile'];
  const spies = {
    params: [vi.spyOn(params, 'safeParse'), vi.spyOn(params, 'parse')],
    answer: [vi.spyOn(response, 'safeParse'), vi.spyOn(response, 'parse')],
  };
  const count = (list: { mock: { calls: unknown[] } }[]) =>
    list.reduce((n, spy) => n + spy.mock.calls.length, 0);
  return {
    params: () => count(spies.params),
    answer: () => count(spies.answer),
    reset: () => {
      for (const spy of [...spies.params, ...spies.answer]) spy.mockClear();
    },
  };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await closeDbForTests();
});

describe('parses per action', () => {
  it('Enrich: one parse of the params, one of the answer', async () => {
    const background = service();
    const parses = countParses();
    const result = await background.run({
      requestId: 'enrich-0001',
      endpointId: 'person.profile',
      params: { profile_url: personUrl },
      policy: 'cache-first',
    });
    expect(result.status).toBe('answer');
    expect(parses.params()).toBe(1);
    expect(parses.answer()).toBe(1);
  });

  it('opening the view: one parse of the params, none of an answer (the cache holds it parsed)', async () => {
    const background = service();
    await background.run({
      requestId: 'enrich-0002',
      endpointId: 'person.profile',
      params: { profile_url: personUrl },
      policy: 'cache-first',
    });
    const parses = countParses();
    const view = await background.openView('person.profile', { profile_url: personUrl });
    expect(view.ok && view.cached !== null).toBe(true);
    expect(parses.params()).toBe(1);
    expect(parses.answer()).toBe(0);
  });
});
