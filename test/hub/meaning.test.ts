/**
 * One request, one meaning (issue 40): the team's cache screened by the do-not-enrich list as a
 * fresh answer is (and peek saying what the request would get), a request the registry reads one
 * way only (each parameter once, GET only, the canonical params sent), the service's answer read up
 * to the extension's size limit, and a page dated by its oldest record. On a database of its own
 * (PGlite, or PostgreSQL with HUB_DATABASE_URL), with the sandbox as the service.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createHub, type Hub } from '../../hub/app';
import { readAudit } from '../../hub/audit';
import type { Db } from '../../hub/db';
import { addMember } from '../../hub/members';
import { addListed } from '../../hub/privacy';
import { MAX_ANSWER_BYTES } from '../../lib/api/assumptions';
import { endpoints } from '../../lib/api/endpoints';
import { canonicalQuery } from '../../lib/api/params';
import { hubTestBed, type SandboxService } from '../support/hub-testing';

const bed = hubTestBed();
let db: Db;
let service: SandboxService;
let hub: Hub;
let token: string;
beforeEach(async () => {
  ({ db, service } = bed);
  hub = await hubOver(service.fetch);
  token = (await addMember(db, 'ada', { daily: 1000 })).token;
});

function hubOver(fetch: typeof globalThis.fetch) {
  return createHub({
    db,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    ratePerMinute: 60_000,
    fetch,
  });
}

async function call(
  path: string,
  search: string | Record<string, string>,
  init: RequestInit = {},
  app = hub.app,
) {
  const query = typeof search === 'string' ? search : new URLSearchParams(search).toString();
  const response = await app.request(`${path}?${query}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown>,
    text,
    charged: response.headers.get('X-Hub-Charged'),
    cache: response.headers.get('X-Hub-Cache'),
    allow: response.headers.get('Allow'),
  };
}

const me = async () => (await call('/hub/v1/me', '')).body;
const person = (index: number) => service.sandbox.queries.dataset.people[index]!.url;
const profile = (index: number, extra: Record<string, string> = {}) => ({
  profile_url: person(index),
  use_cache: 'if-present',
  live_fetch: 'default',
  ...extra,
});

describe('the cache, screened by the do-not-enrich list', () => {
  const lookup = { email: 'johnrmarty@example.com', enrich_profile: 'enrich', lookup_depth: 'deep' };
  const marty = 'https://www.linkedin.com/in/johnrmarty';

  it('refuses with 451, charging nothing, a cached answer about a subject listed since', async () => {
    const first = await call('/api/v2/profile/resolve/email', lookup);
    expect(first).toMatchObject({ status: 200, cache: 'miss' });
    expect(first.text).toContain('Marty');
    await addListed(db, marty);
    const spent = (await me()).spent_today;

    const again = await call('/api/v2/profile/resolve/email', lookup);
    expect(again).toMatchObject({ status: 451, charged: '0', body: { error: 'do_not_enrich' } });
    expect(again.text).not.toContain('Marty');
    expect(service.requests()).toHaveLength(1);
    expect(await me()).toMatchObject({ spent_today: spent, reserved_today: 0 });
    expect((await readAudit(db, {}))[0]).toMatchObject({
      status: 451,
      charged: 0,
      subject: null,
      cache: 'hit',
    });
    // Peek answers as the request would: to the member the team has no copy of it.
    expect((await call('/hub/v1/peek/api/v2/profile/resolve/email', lookup)).body).toMatchObject({
      cached: false,
      free: false,
      age_seconds: null,
    });
  });

  it("leaves a listed subject's row out of a cached page, as it does of a fresh one", async () => {
    const search = { country: 'US', page_size: '5', enrich_profiles: 'skip', use_cache: 'if-present' };
    const first = await call('/api/v2/search/person', search);
    const rows = first.body.results as { network_profile_url: string }[];
    expect(rows.length).toBeGreaterThan(1);
    const listed = rows[1]!.network_profile_url;
    await addListed(db, listed);

    const again = await call('/api/v2/search/person', search);
    expect(again).toMatchObject({ status: 200, cache: 'hit', charged: '0' });
    const kept = (again.body.results as { network_profile_url: string }[]).map(
      (row) => row.network_profile_url,
    );
    expect(kept).toEqual(rows.map((row) => row.network_profile_url).filter((url) => url !== listed));
    expect(again.text).not.toContain(new URL(listed).pathname);
    expect(service.requests()).toHaveLength(1);
    // The page is still the team's, for free.
    expect((await call('/hub/v1/peek/api/v2/search/person', search)).body).toMatchObject({
      cached: true,
      free: true,
    });
  });
});

describe('one request, one meaning', () => {
  it('refuses a parameter given twice with 400, before anything is reserved or sent', async () => {
    const twice = new URLSearchParams(profile(1));
    twice.append('profile_url', person(2));
    const refused = await call('/api/v2/profile', twice.toString());
    expect(refused).toMatchObject({ status: 400, body: { error: 'repeated_parameter' } });
    expect(String(refused.body.description)).toContain('profile_url');

    const extra = new URLSearchParams(profile(1, { extra: 'exclude' }));
    extra.append('extra', 'include');
    expect((await call('/api/v2/profile', extra.toString())).body).toMatchObject({
      code: 400,
      description: expect.stringMatching(/^extra: give each parameter once/),
    });
    expect(service.requests()).toHaveLength(0);
    expect(await me()).toMatchObject({ spent_today: 0, reserved_today: 0 });
  });

  it('answers HEAD and any method but GET with 405 and Allow: GET, charging nothing', async () => {
    for (const method of ['HEAD', 'POST', 'PUT', 'DELETE']) {
      const refused = await call('/api/v2/profile', profile(1), { method });
      expect(refused, method).toMatchObject({ status: 405, allow: 'GET' });
      if (method !== 'HEAD') expect(refused.body).toMatchObject({ error: 'method_not_allowed' });
    }
    expect(service.requests()).toHaveLength(0);
    expect(await me()).toMatchObject({ spent_today: 0, reserved_today: 0 });
    // A token of nobody is still told so first.
    const stranger = await hub.app.request('/api/v2/profile?x=1', { method: 'HEAD' });
    expect(stranger.status).toBe(401);
  });

  it('sends the service the canonical params it checked and priced', async () => {
    // Asked with its parameters in another order and without the defaults.
    await call('/api/v2/profile', `use_cache=if-present&profile_url=${encodeURIComponent(person(3))}`);
    const canonical = endpoints['person.profile'].params.parse({
      profile_url: person(3),
      use_cache: 'if-present',
    });
    expect(service.requests()[0]?.query).toEqual(
      Object.fromEntries(new URLSearchParams(canonicalQuery(canonical as Record<string, unknown>))),
    );
  });
});

describe("the service's answer, bounded", () => {
  /** A service answering every request with a body one byte over the limit, in 1 MB pieces. */
  function oversized(status: number, announce: boolean): typeof fetch {
    const piece = new TextEncoder().encode('x'.repeat(1_000_000));
    return (async () => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const left = MAX_ANSWER_BYTES + 1 - sent;
          if (left <= 0) return controller.close();
          const chunk = left >= piece.byteLength ? piece : piece.subarray(0, left);
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (announce) headers['Content-Length'] = String(MAX_ANSWER_BYTES + 1);
      return new Response(body, { status, headers });
    }) as typeof fetch;
  }

  it('refuses an answer past the size limit with 502, charged as a spoiled answer is', async () => {
    const flooded = await hubOver(oversized(200, false));
    const refused = await call('/api/v2/profile', profile(1), {}, flooded.app);
    expect(refused).toMatchObject({
      status: 502,
      charged: '1',
      body: { error: 'answer_too_large', charged: 1 },
    });
    expect(String(refused.body.description)).toContain('25 MB');
    expect(refused.text.length).toBeLessThan(1000);
    expect(await me()).toMatchObject({ spent_today: 1, reserved_today: 0 });
    expect((await call('/hub/v1/peek/api/v2/profile', profile(1))).body).toMatchObject({ cached: false });
  });

  it('charges nothing for an error answer past the limit, refused by what it announces', async () => {
    const flooded = await hubOver(oversized(500, true));
    const refused = await call('/api/v2/profile', profile(1), {}, flooded.app);
    expect(refused).toMatchObject({ status: 502, charged: '0', body: { error: 'answer_too_large' } });
    expect(await me()).toMatchObject({ spent_today: 0, reserved_today: 0 });
  });
});

describe('if-recent, by the age of the records', () => {
  it('does not serve as recent a page whose records are 35 days old', async () => {
    const old = new Date(Date.now() - 35 * 24 * 3600 * 1000).toISOString();
    // The sandbox's answers, with every record of a page last updated 35 days ago.
    const aged = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await service.fetch(input, init);
      const body = (await answer.json()) as { results?: Record<string, unknown>[] };
      for (const row of body.results ?? []) row.last_updated = old;
      return new Response(JSON.stringify(body), { status: answer.status, headers: answer.headers });
    }) as typeof fetch;
    const agedHub = await hubOver(aged);
    const search = { country: 'US', page_size: '3', enrich_profiles: 'skip', use_cache: 'if-recent' };
    expect((await call('/api/v2/search/person', search, {}, agedHub.app)).cache).toBe('miss');
    const peek = await call('/hub/v1/peek/api/v2/search/person', search, {}, agedHub.app);
    expect(peek.body).toMatchObject({ cached: true, free: false });
    expect(Number(peek.body.age_seconds)).toBeGreaterThanOrEqual(35 * 24 * 3600 - 60);
    expect((await call('/api/v2/search/person', search, {}, agedHub.app)).cache).toBe('miss');
    expect(service.requests()).toHaveLength(2);
    // Any age is still served from the team's copy.
    const any = await call('/api/v2/search/person', { ...search, use_cache: 'if-present' }, {}, agedHub.app);
    expect(any).toMatchObject({ cache: 'hit', charged: '0' });
  });
});
