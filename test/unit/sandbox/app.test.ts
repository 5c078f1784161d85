// @vitest-environment node
/**
 * The sandbox's HTTP behaviour through `app.request` (no socket): auth, credits, validation, rate
 * limiting, cursors, freshness, faults, admin routes and the published answers. Streaming over a real
 * socket is in server.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECENT_DAYS } from '../../../lib/api/assumptions';
import { endpoints } from '../../../lib/api/endpoints';
import { personV3Schema } from '../../../lib/api/schemas';
import { createSandbox, type SandboxOptions } from '../../../sandbox/app';
import type { SandboxPerson } from '../../../sandbox/data/types';
import { parseKeyFaults } from '../../../sandbox/faults';
import { FIXTURE_BINDINGS } from '../../../sandbox/fixtures';
import { canRefresh } from '../../../sandbox/routes/freshness';

const DAY_MS = 86_400_000;

function sandboxFor(options: SandboxOptions = {}) {
  const sandbox = createSandbox({ keys: [{ key: 'k', credits: 1_000_000, plan: 'standard' }], ...options });
  const balance = (key = 'k') => sandbox.state.accounts.get(key)?.balance ?? Number.NaN;

  /** A GET with the key (unless `key: null`); returns status, parsed body and what it charged. */
  async function call(
    path: string,
    query: Record<string, string | number> = {},
    { key = 'k', headers = {} }: { key?: string | null; headers?: Record<string, string> } = {},
  ) {
    const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
    const before = key === null ? 0 : balance(key);
    const response = await sandbox.app.request(`${path}${search.size ? `?${search}` : ''}`, {
      headers: { ...(key === null ? {} : { Authorization: `Bearer ${key}` }), ...headers },
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const charged = key === null ? 0 : before - balance(key);
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: body as Record<string, unknown>,
      charged,
    };
  }

  return { sandbox, call, balance, dataset: sandbox.queries.dataset };
}

/** Follows a URL this sandbox wrote (`next_page`) back into the app. */
function pathOf(url: string): { path: string; query: Record<string, string> } {
  const parsed = new URL(url);
  return { path: parsed.pathname, query: Object.fromEntries(parsed.searchParams) };
}

const ageDays = (person: { lastUpdated: Date }, now: Date) =>
  (now.getTime() - person.lastUpdated.getTime()) / DAY_MS;

describe('authentication', () => {
  it('answers 401 to a missing or unknown key on both versions, and logs the attempt', async () => {
    const { call, sandbox } = sandboxFor();
    for (const path of ['/api/v2/credit-balance', '/api/v2/search/person', '/v3/company/logo']) {
      const missing = await call(path, { q: 'x' }, { key: null });
      expect(missing.status).toBe(401);
      expect(missing.body).toEqual({ code: 401, name: 'Unauthorized', description: 'Invalid API key' });
      expect((await call(path, { q: 'x' }, { key: 'nope' })).status).toBe(401);
    }
    const log = sandbox.state.requests.list();
    expect(log).toHaveLength(6);
    expect(log.map((entry) => entry.key)).toEqual([null, 'nope', null, 'nope', null, 'nope']);
    expect(log.every((entry) => entry.status === 401 && entry.charged === 0)).toBe(true);
  });

  it('answers an unknown route with a JSON 404 and sends no CORS headers', async () => {
    const { call } = sandboxFor();
    const answer = await call('/api/v2/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 404, name: 'Not Found' });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('credits', () => {
  it('tells the balance for free', async () => {
    const { call } = sandboxFor({ keys: [{ key: 'k', credits: 42, plan: 'growth' }] });
    const answer = await call('/api/v2/credit-balance');
    expect(answer).toMatchObject({ status: 200, body: { credit_balance: 42 }, charged: 0 });
  });

  it('refuses with 403 when the balance cannot cover the answer, charging nothing', async () => {
    const { call, dataset } = sandboxFor({ keys: [{ key: 'k', credits: 1, plan: 'standard' }] });
    const person = dataset.people[0]!;
    // A default person profile costs 2 (base 1 + if-recent 1).
    const refused = await call('/api/v2/profile', { profile_url: person.url });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(
      JSON.parse(readFileSync('test/fixtures/real/error-403-not-enough-credits.json', 'utf8')),
    );
    expect(refused.charged).toBe(0);
    const cheap = await call('/api/v2/profile', { profile_url: person.url, use_cache: 'if-present' });
    expect(cheap).toMatchObject({ status: 200, charged: 1 });
    const exhausted = await call('/api/v2/profile', { profile_url: person.url, use_cache: 'if-present' });
    expect(exhausted).toMatchObject({ status: 403, charged: 0 });
    expect((await call('/api/v2/credit-balance')).body).toEqual({ credit_balance: 0 });
  });

  it('charges a page of a search per result, by plan', async () => {
    const { call } = sandboxFor({ keys: [{ key: 'k', credits: 100_000, plan: 'growth' }] });
    const page = await call('/api/v2/search/person', { country: 'US', page_size: 7, use_cache: 'if-recent' });
    expect(page.status).toBe(200);
    expect(page.body.results).toHaveLength(7);
    expect(page.charged).toBe(7 * (3 + 1));
  });
});

describe('validation', () => {
  it('answers 400 naming the parameter, charging nothing', async () => {
    const { call, dataset } = sandboxFor();
    const cases: [string, Record<string, string>, string][] = [
      ['/api/v2/search/person', { page_size: '101' }, 'page_size'],
      ['/api/v2/search/person', { enrich_profiles: 'enrich', page_size: '50' }, 'page_size'],
      ['/api/v2/search/person', { headline: '(engineer' }, 'headline'],
      ['/api/v2/search/person', { headline: 'x'.repeat(256) }, 'headline'],
      ['/api/v2/search/person', { country: 'USA' }, 'country'],
      ['/api/v2/search/person', { skills: 'go', skills_all_in_list: 'go,rust' }, 'skills_all_in_list'],
      ['/api/v2/profile', { profile_url: dataset.people[0]!.url, use_cache: 'sometimes' }, 'use_cache'],
      ['/api/v2/profile', {}, 'profile_url'],
      ['/api/v2/company/employees/', { url: dataset.companies[0]!.url, colour: 'blue' }, 'colour'],
      [
        '/api/v2/company/employees/',
        { url: dataset.companies[0]!.url, role_search: '(unclosed' },
        'role_search',
      ],
      ['/api/v2/company/employees/', { url: dataset.companies[0]!.url, after: 'not-a-cursor' }, 'after'],
      [
        '/api/v2/company/employees/count',
        { url: dataset.companies[0]!.url, use_cache: 'if-recent' },
        'use_cache',
      ],
      ['/api/v2/company/job', { pagination: 'bm9wZQ' }, 'pagination'],
      ['/api/v2/company/resolve', {}, 'company_name'],
      ['/v3/person', { maxAgeSeconds: '-1', profile: 'x' }, 'maxAgeSeconds'],
    ];
    for (const [path, query, param] of cases) {
      const answer = await call(path, query);
      expect({ path, param, status: answer.status, charged: answer.charged }).toEqual({
        path,
        param,
        status: 400,
        charged: 0,
      });
      expect(answer.body).toMatchObject({ code: 400, name: 'Bad Request' });
      expect(String(answer.body.description)).toMatch(new RegExp(`^${param}\\b`));
    }
  });

  it('validates the filters beside a next_token without applying them', async () => {
    const { call } = sandboxFor();
    const first = await call('/api/v2/search/person', { country: 'US', page_size: 5 });
    const { query } = pathOf(first.body.next_page as string);
    const bad = await call('/api/v2/search/person', { ...query, country: 'United States' });
    expect(bad.status).toBe(400);
    expect(String(bad.body.description)).toMatch(/^country\b/);
    const broken = await call('/api/v2/search/person', { ...query, headline: 'AND OR' });
    expect(String(broken.body.description)).toMatch(/^headline\b/);
    // A valid filter beside the token is not applied: the page is the token's search.
    const ignored = await call('/api/v2/search/person', { ...query, country: 'JP' });
    const restored = await call('/api/v2/search/person', query);
    expect(ignored.body.results).toEqual(restored.body.results);
    expect(ignored.body.total_result_count).toBe(first.body.total_result_count);
    const forged = await call('/api/v2/search/person', { next_token: 'eyJ4IjoxfQ' });
    expect(forged.status).toBe(400);
    expect(String(forged.body.description)).toMatch(/^next_token\b/);
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After past the per-key limit, charging nothing', async () => {
    const { call } = sandboxFor({
      ratePerMinute: 5,
      keys: [
        { key: 'k', credits: 100, plan: 'standard' },
        { key: 'other', credits: 100, plan: 'standard' },
      ],
    });
    // 5 a minute over 5 minutes: 25 at once, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 28; i++) statuses.push((await call('/api/v2/credit-balance')).status);
    expect(statuses).toEqual([...Array(25).fill(200), 429, 429, 429]);
    const limited = await call('/api/v2/company/job', {});
    expect(limited).toMatchObject({
      status: 429,
      charged: 0,
      body: { code: 429, name: 'Too Many Requests' },
    });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(300);
    expect((await call('/api/v2/credit-balance', {}, { key: 'other' })).status).toBe(200);
  });
});

describe('cursors', () => {
  it('walks a whole person search with no duplicate and no gap', async () => {
    const { call, sandbox } = sandboxFor();
    const filters = { country: 'DE' };
    const { page_size, enrich_profiles, use_cache, ...canonical } =
      endpoints['person.search'].params.parse(filters);
    const expected = sandbox.queries.searchPeople(canonical);
    expect(expected.length).toBeGreaterThan(150);
    const seen: string[] = [];
    let next: { path: string; query: Record<string, string> } | null = {
      path: '/api/v2/search/person',
      query: { ...filters, page_size: '100' },
    };
    let charged = 0;
    while (next) {
      const page = await call(next.path, next.query);
      expect(page.status).toBe(200);
      expect(page.body.total_result_count).toBe(expected.length);
      const results = page.body.results as { network_profile_url: string }[];
      seen.push(...results.map((result) => result.network_profile_url));
      charged += page.charged;
      next = page.body.next_page ? pathOf(page.body.next_page as string) : null;
    }
    expect(seen).toEqual(expected.map((index) => sandbox.queries.dataset.people[index]!.url));
    expect(new Set(seen).size).toBe(seen.length);
    expect(charged).toBe(3 * seen.length);
  });

  it('walks a whole employee listing, its filters repeated in next_page', async () => {
    const { call, sandbox, dataset } = sandboxFor();
    const company = [...dataset.companies].sort(
      (a, b) =>
        sandbox.queries.countEmployees(b, { coyNameMatch: true, employmentStatus: 'all' }).verified -
        sandbox.queries.countEmployees(a, { coyNameMatch: true, employmentStatus: 'all' }).verified,
    )[0]!;
    const options = { coyNameMatch: true, employmentStatus: 'all', sortBy: 'oldest' } as const;
    const expected = sandbox.queries
      .listEmployees(company, options)
      .map((index) => dataset.people[index]!.url);
    expect(expected.length).toBeGreaterThan(20);
    const seen: string[] = [];
    let next: { path: string; query: Record<string, string> } | null = {
      path: '/api/v2/company/employees/',
      query: { url: company.url, employment_status: 'all', sort_by: 'oldest', page_size: '7' },
    };
    let pages = 0;
    while (next) {
      const page = await call(next.path, next.query);
      expect(page.status).toBe(200);
      const employees = page.body.employees as { profile_url: string }[];
      seen.push(...employees.map((employee) => employee.profile_url));
      // 50 per request for sorting, 3 + 10 per employee.
      expect(page.charged).toBe(50 + 13 * employees.length);
      next = page.body.next_page ? pathOf(page.body.next_page as string) : null;
      if (next)
        expect(next.query).toMatchObject({ employment_status: 'all', sort_by: 'oldest', page_size: '7' });
      pages += 1;
    }
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 7));
  });

  it('walks a whole job search by pagination, forwards and back', async () => {
    const { call, sandbox, dataset } = sandboxFor();
    const expected = sandbox.queries
      .searchJobs({ flexibility: 'remote' })
      .map((index) => dataset.jobs[index]!.url);
    expect(expected.length).toBeGreaterThan(25);
    const seen: string[] = [];
    let next: { path: string; query: Record<string, string> } | null = {
      path: '/api/v2/company/job',
      query: { flexibility: 'remote' },
    };
    let pageNo = 0;
    let last: Record<string, unknown> = {};
    while (next) {
      const page = await call(next.path, next.query);
      expect(page).toMatchObject({ status: 200, charged: 2 });
      expect(page.body.previous_page_no).toBe(pageNo === 0 ? null : pageNo - 1);
      seen.push(...(page.body.job as { job_url: string }[]).map((job) => job.job_url));
      last = page.body;
      next = page.body.next_page_api_url ? pathOf(page.body.next_page_api_url as string) : null;
      if (next) expect(page.body.next_page_no).toBe(pageNo + 1);
      pageNo += 1;
    }
    expect(seen).toEqual(expected);
    const back = await call(
      ...(Object.values(pathOf(last.previous_page_api_url as string)) as [string, Record<string, string>]),
    );
    expect((back.body.job as unknown[]).length).toBe(25);
    expect(back.body.next_page_no).toBe(pageNo - 1);
  });
});

describe('freshness', () => {
  /** A person of the dataset whose copy is old, refreshable or not. */
  function oldPerson(people: SandboxPerson[], now: Date, refreshable: boolean, skip = 0): SandboxPerson {
    return people.filter(
      (person) => canRefresh(person) === refreshable && ageDays(person, now) > RECENT_DAYS + 5,
    )[skip]!;
  }

  it('if-recent refreshes an old copy and moves its last_updated; if-present does not', async () => {
    const { call, dataset, sandbox } = sandboxFor();
    const now = sandbox.now();
    const person = oldPerson(dataset.people, now, true);
    const stored = person.lastUpdated.toISOString();

    const present = await call('/api/v2/profile', { profile_url: person.url, use_cache: 'if-present' });
    expect((present.body.meta as { last_updated: string }).last_updated).toBe(stored);
    expect(present.charged).toBe(1);

    const recent = await call('/api/v2/profile', { profile_url: person.url, use_cache: 'if-recent' });
    const refreshed = Date.parse((recent.body.meta as { last_updated: string }).last_updated);
    expect(refreshed).toBeGreaterThanOrEqual(now.getTime());
    expect(recent.charged).toBe(2);
    // The record stays refreshed: if-present now serves the fresh copy.
    const after = await call('/api/v2/profile', { profile_url: person.url, use_cache: 'if-present' });
    expect(Date.parse((after.body.meta as { last_updated: string }).last_updated)).toBe(refreshed);
  });

  it('live_fetch=force always refreshes and charges +9', async () => {
    const { call, dataset } = sandboxFor();
    const person = dataset.people.find((candidate) => canRefresh(candidate))!;
    const forced = await call('/api/v2/profile', {
      profile_url: person.url,
      use_cache: 'if-present',
      live_fetch: 'force',
    });
    expect(forced.charged).toBe(10);
    expect(Date.parse((forced.body.meta as { last_updated: string }).last_updated)).toBeGreaterThan(
      person.lastUpdated.getTime(),
    );
  });

  it('serves a record that cannot be refreshed stale on-error, and 503 with never', async () => {
    const { call, dataset, sandbox } = sandboxFor();
    const person = oldPerson(dataset.people, sandbox.now(), false);
    const never = await call('/api/v2/profile', { profile_url: person.url, fallback_to_cache: 'never' });
    expect(never).toMatchObject({
      status: 503,
      charged: 0,
      body: { code: 503, description: 'Enrichment failed; retry' },
    });
    const onError = await call('/api/v2/profile', { profile_url: person.url });
    expect(onError).toMatchObject({ status: 200, charged: 2 });
    expect((onError.body.meta as { last_updated: string }).last_updated).toBe(
      person.lastUpdated.toISOString(),
    );
    const company = dataset.companies.find((candidate) => !canRefresh(candidate))!;
    const forced = await call('/api/v2/company', {
      url: company.url,
      live_fetch: 'force',
      fallback_to_cache: 'never',
    });
    expect(forced).toMatchObject({ status: 503, charged: 0 });
  });

  it('v3: 409 with the cached age when a fresh copy is needed and cannot be fetched', async () => {
    const { call, dataset, sandbox } = sandboxFor();
    const now = sandbox.now();
    const stuck = oldPerson(dataset.people, now, false);
    const conflict = await call('/v3/person', { profile: stuck.url, maxAgeSeconds: 86_400 });
    expect(conflict).toMatchObject({ status: 409, charged: 0, body: { code: 409, name: 'Conflict' } });
    const age = conflict.body.cachedProfileAgeSeconds as number;
    expect(Math.abs(age - (now.getTime() - stuck.lastUpdated.getTime()) / 1000)).toBeLessThan(5);
    // Old enough is fine, as is a person whose copy can be refreshed.
    expect((await call('/v3/person', { profile: stuck.url, maxAgeSeconds: age + 3600 })).status).toBe(200);
    const fine = oldPerson(dataset.people, now, true);
    const fresh = await call('/v3/person', { profile: fine.url, maxAgeSeconds: 86_400 });
    expect(fresh.status).toBe(200);
    expect(Date.parse((fresh.body.meta as { updatedAt: string }).updatedAt)).toBeGreaterThanOrEqual(
      now.getTime(),
    );
  });
});

describe('v3 person sections', () => {
  it('includes the flagged sections only when asked', async () => {
    const { call, dataset } = sandboxFor();
    const person = dataset.people.find((candidate) => candidate.codehostHandle && candidate.workEmail)!;
    const plain = await call('/v3/person', { profile: person.url });
    expect(plain.status).toBe(200);
    expect(personV3Schema.safeParse(plain.body).success).toBe(true);
    expect(plain.body).not.toHaveProperty('slug');
    expect(plain.body).not.toHaveProperty('careerInsight');
    expect(plain.body).not.toHaveProperty('developerProfile');
    expect(plain.body.contactInformation).toEqual({ emails: {} });
    const flags = {
      socialLink: 'include',
      phoneNumber: 'include',
      personalEmail: 'include',
      workEmail: 'include',
      careerInsight: 'include',
      developerProfile: 'include',
    };
    const full = await call('/v3/person', { profile: person.url, ...flags });
    expect(full.body).toHaveProperty('slug');
    expect(full.body).toHaveProperty('careerInsight');
    expect(full.body.developerProfile).not.toBeNull();
    expect(full.body.contactInformation).toMatchObject({
      socialLinks: expect.any(Object),
      phoneNumbers: expect.any(Array),
      emails: { personal: expect.any(Array), work: [expect.objectContaining({ email: person.workEmail })] },
    });
    // The other identifiers name the same person.
    const byEmail = await call('/v3/person', { email: person.workEmail! });
    expect(byEmail.body.fullName).toBe(plain.body.fullName);
    const byHandle = await call('/v3/person', { profile: `https://github.com/${person.codehostHandle}` });
    expect(byHandle.body.fullName).toBe(plain.body.fullName);
    // Each network's own identifier, by URL or bare handle.
    const byCodehost = await call('/v3/person', { codehost: `https://github.com/${person.codehostHandle}` });
    expect(byCodehost.body.fullName).toBe(plain.body.fullName);
    const byCodehostHandle = await call('/v3/person', { codehost: person.codehostHandle! });
    expect(byCodehostHandle.body.fullName).toBe(plain.body.fullName);
    // A URL of another network under `codehost` names nobody.
    const wrongNetwork = await call('/v3/person', { codehost: person.url });
    expect(wrongNetwork.status).toBe(404);
  });
});

describe('lookups that find nothing', () => {
  it('answer the null envelope, charged as the Limits table says', async () => {
    const { call } = sandboxFor();
    const nobody = {
      first_name: 'Zzyzx',
      last_name: 'Qwertyuiop',
      company_domain: 'no-such-company.invalid',
    };
    const NULL = { url: null, profile: null, last_updated: null };
    expect(await call('/api/v2/profile/resolve', nobody)).toMatchObject({
      status: 200,
      body: NULL,
      charged: 2,
    });
    expect(await call('/api/v2/profile/resolve', { ...nobody, similarity_checks: 'skip' })).toMatchObject({
      status: 200,
      body: NULL,
      charged: 0,
    });
    const email = 'nobody-at-all@no-such-company.invalid';
    expect(await call('/api/v2/profile/resolve/email', { email })).toMatchObject({ body: NULL, charged: 3 });
    expect(await call('/api/v2/profile/resolve/email', { email, lookup_depth: 'superficial' })).toMatchObject(
      {
        body: NULL,
        charged: 0,
      },
    );
    expect(await call('/api/v2/company/resolve', { company_name: 'No Such Company Zzyzx' })).toMatchObject({
      body: NULL,
      charged: 2,
    });
    expect(
      await call('/api/v2/find/company/role/', { role: 'Chief Zzyzx', company_name: 'No Such Company' }),
    ).toMatchObject({
      status: 404,
      charged: 0,
    });
  });
});

describe('faults', () => {
  it('injects errors per request header, charging nothing', async () => {
    const { call, dataset } = sandboxFor();
    const url = dataset.people[0]!.url;
    const failed = await call(
      '/api/v2/profile',
      { profile_url: url },
      { headers: { 'X-Sandbox-Fault': '503' } },
    );
    expect(failed).toMatchObject({ status: 503, charged: 0 });
    const server = await call('/v3/company/logo', { q: 'a' }, { headers: { 'X-Sandbox-Fault': '500' } });
    expect(server).toMatchObject({ status: 500, body: { code: 500 } });
    const bad = await call(
      '/api/v2/profile',
      { profile_url: url },
      { headers: { 'X-Sandbox-Fault': 'explode' } },
    );
    expect(bad.status).toBe(400);
    expect(String(bad.body.description)).toMatch(/x-sandbox-fault/i);
  });

  it("fails a deterministic share of a key's requests", async () => {
    const { call } = sandboxFor({ keyFaults: parseKeyFaults('k=503=0.5') });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('/api/v2/credit-balance')).status);
    expect(statuses).toEqual([200, 503, 200, 503, 200, 503]);
  });

  it('truncates bodies, breaks the schema and adds latency', async () => {
    const { call, dataset } = sandboxFor();
    const query = { profile_url: dataset.people[0]!.url };
    const truncated = await call('/api/v2/profile', query, { headers: { 'X-Sandbox-Fault': 'truncate' } });
    expect(truncated.status).toBe(200);
    expect(truncated.body).toBeUndefined();
    expect(truncated.charged).toBe(2);
    const broken = await call('/api/v2/profile', query, { headers: { 'X-Sandbox-Fault': 'schema' } });
    expect(endpoints['person.profile'].response.safeParse(broken.body).success).toBe(false);
    const started = performance.now();
    await call('/api/v2/credit-balance', {}, { headers: { 'X-Sandbox-Fault': 'latency=120' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });
});

/**
 * A client that leaves before its answer (a stopped extension worker, a closed tab): the same three
 * departures under both behaviours of a key. The balance is read through the free balance route and
 * the charge through the request log, as a user of the sandbox would check them.
 */
describe.each([
  { setting: 'by default', chargeOnClientGone: false },
  { setting: 'with chargeOnClientGone', chargeOnClientGone: true },
])('a client that leaves before its answer, $setting', ({ chargeOnClientGone }) => {
  const CREDITS = 100_000;
  const keys = [{ key: 'k', credits: CREDITS, plan: 'standard' as const, chargeOnClientGone }];
  const headers = { Authorization: 'Bearer k' };

  function setup() {
    const { sandbox, dataset } = sandboxFor({ keys });
    const company = dataset.companies.find(
      (candidate) =>
        sandbox.queries.listEmployees(candidate, {
          coyNameMatch: true,
          employmentStatus: 'current',
          sortBy: 'none',
        }).length >= 10,
    )!;
    const listing = `/api/v2/company/employees/?${new URLSearchParams({
      url: company.url,
      enrich_profiles: 'enrich',
      page_size: '10',
    })}`;
    const profile = `/api/v2/profile?${new URLSearchParams({ profile_url: dataset.people[0]!.url })}`;
    const balance = async () =>
      (
        (await (await sandbox.app.request('/api/v2/credit-balance', { headers })).json()) as {
          credit_balance: number;
        }
      ).credit_balance;
    const lastLogged = async () => {
      const { requests } = (await (await sandbox.app.request('/__sandbox/requests?key=k')).json()) as {
        requests: { path: string; status: number; charged: number }[];
      };
      return requests.filter(({ path }) => path !== '/api/v2/credit-balance').at(-1)!;
    };
    return { sandbox, listing, profile, balance, lastLogged };
  }

  /** What the same request costs when its client stays: measured on a sandbox of its own. */
  async function chargeWhenDelivered(path: string): Promise<number> {
    const { sandbox, balance } = setup();
    const response = await sandbox.app.request(path, { headers });
    expect(response.status).toBe(200);
    await response.text();
    return CREDITS - (await balance());
  }

  /** Sends the request and leaves while the sandbox is still waiting (a 150 ms latency fault). */
  async function leaveDuringLatency(app: ReturnType<typeof setup>['sandbox']['app'], path: string) {
    const controller = new AbortController();
    const pending = app.request(path, {
      headers: { ...headers, 'X-Sandbox-Fault': 'latency=150' },
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 20);
    return pending;
  }

  it('a profile: 499, charged nothing, or what the answer would have cost', async () => {
    const { sandbox, profile, balance, lastLogged } = setup();
    const expected = chargeOnClientGone ? await chargeWhenDelivered(profile) : 0;
    const response = await leaveDuringLatency(sandbox.app, profile);
    expect(response.status).toBe(499);
    expect(await response.text()).toBe('');
    expect(CREDITS - (await balance())).toBe(expected);
    expect(await lastLogged()).toMatchObject({ path: '/api/v2/profile', status: 499, charged: expected });
    if (chargeOnClientGone) expect(expected).toBe(2);
  });

  it('an enriched listing left before its first byte: nothing, or the whole page', async () => {
    const { sandbox, listing, balance, lastLogged } = setup();
    const expected = chargeOnClientGone ? await chargeWhenDelivered(listing) : 0;
    const response = await leaveDuringLatency(sandbox.app, listing);
    expect(response.status).toBe(499);
    // The page is settled once its stream has ended; the log shows the settled figure.
    await expect.poll(async () => (await lastLogged()).charged).toBe(expected);
    expect(CREDITS - (await balance())).toBe(expected);
    expect(await lastLogged()).toMatchObject({ status: 499 });
    if (chargeOnClientGone) expect(expected).toBe(10 * (3 + 1));
  });

  it('an enriched listing cut mid-stream: the results computed, or the whole page', async () => {
    const { sandbox, listing, balance, lastLogged } = setup();
    const response = await sandbox.app.request(listing, { headers });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while ((received.match(/"profile_url"/g) ?? []).length < 2) {
      const { done, value } = await reader.read();
      if (done) throw new Error('the stream ended before it was cut');
      received += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    await expect.poll(async () => (await lastLogged()).status).toBe(499);
    const charged = CREDITS - (await balance());
    expect((await lastLogged()).charged).toBe(charged);
    if (chargeOnClientGone) {
      expect(charged).toBe(10 * (3 + 1));
    } else {
      // 4 credits per enriched employee (standard plan), for those produced before the cut was seen.
      expect(charged % 4).toBe(0);
      expect(charged / 4).toBeGreaterThanOrEqual(2);
      expect(charged / 4).toBeLessThan(10);
    }
  });
});

describe('admin routes', () => {
  it('log every request with what it charged, and reset the sandbox', async () => {
    const { sandbox, call, dataset, balance } = sandboxFor({
      keys: [{ key: 'k', credits: 50, plan: 'standard' }],
    });
    await call('/api/v2/profile', { profile_url: dataset.people[0]!.url });
    await call('/api/v2/credit-balance');
    const log = (await (await sandbox.app.request('/__sandbox/requests?key=k')).json()) as {
      requests: { path: string; status: number; charged: number; query: Record<string, string> }[];
    };
    expect(log.requests.map(({ path, status, charged }) => ({ path, status, charged }))).toEqual([
      { path: '/api/v2/profile', status: 200, charged: 2 },
      { path: '/api/v2/credit-balance', status: 200, charged: 0 },
    ]);
    expect(log.requests[0]!.query).toEqual({ profile_url: dataset.people[0]!.url });

    await sandbox.app.request('/__sandbox/keys/k?credits=0', { method: 'PUT' });
    expect(balance()).toBe(0);
    const changed = await sandbox.app.request('/__sandbox/keys/k?charge_on_client_gone=true', {
      method: 'PUT',
    });
    expect(await changed.json()).toEqual({
      key: 'k',
      plan: 'standard',
      credit_balance: 0,
      charge_on_client_gone: true,
    });
    const refused = await sandbox.app.request('/__sandbox/keys/k?charge_on_client_gone=yes', {
      method: 'PUT',
    });
    expect(refused.status).toBe(400);
    await sandbox.app.request('/__sandbox/reset', { method: 'POST' });
    expect(balance()).toBe(50);
    expect(await (await sandbox.app.request('/__sandbox/keys')).json()).toEqual({
      keys: [{ key: 'k', plan: 'standard', credit_balance: 50, charge_on_client_gone: false }],
    });
    expect(sandbox.state.requests.list()).toEqual([]);
  });

  it('lists records whose refresh fails', async () => {
    const { sandbox } = sandboxFor();
    const listed = (await (await sandbox.app.request('/__sandbox/unrefreshable')).json()) as {
      people: { url: string }[];
    };
    expect(listed.people.length).toBeGreaterThan(0);
    const byUrl = new Map(sandbox.queries.dataset.people.map((person) => [person.url, person]));
    expect(listed.people.every(({ url }) => !canRefresh(byUrl.get(url)!))).toBe(true);
  });
});

describe('published answers', () => {
  const read = (file: string) => JSON.parse(readFileSync(`test/fixtures/real/${file}`, 'utf8')) as unknown;
  const PUBLISHED_ON = '2023-04-24T00:00:00.000Z';
  const MICROSOFT = 'https://www.linkedin.com/company/microsoft';
  const NUS = 'https://www.linkedin.com/school/national-university-of-singapore';

  /** The paths where a published value is not found unchanged in the served answer. */
  function changedValues(published: unknown, served: unknown, path = '$'): string[] {
    if (Array.isArray(published)) {
      if (!Array.isArray(served) || served.length !== published.length) return [path];
      return published.flatMap((item, index) => changedValues(item, served[index], `${path}[${index}]`));
    }
    if (published !== null && typeof published === 'object') {
      if (served === null || typeof served !== 'object') return [path];
      return Object.entries(published).flatMap(([key, value]) =>
        changedValues(value, (served as Record<string, unknown>)[key], `${path}.${key}`),
      );
    }
    return Object.is(published, served) ? [] : [path];
  }

  it('serves each published answer for its documented request with every published value kept', async () => {
    const { call } = sandboxFor();
    for (const binding of FIXTURE_BINDINGS) {
      const answer = await call(endpoints[binding.endpoint].path, binding.query);
      expect({ file: binding.file, status: answer.status }).toEqual({ file: binding.file, status: 200 });
      expect(endpoints[binding.endpoint].response.safeParse(answer.body).success).toBe(true);
      if (binding.file === 'employee-count.json') continue; // renamed: see the next test
      const changed = changedValues(read(binding.file), answer.body);
      // The one value rewritten: the job search's cursor URL, which now leads back to the sandbox.
      expect({ file: binding.file, changed }).toEqual({
        file: binding.file,
        changed: binding.file === 'job-search.json' ? ['$.next_page_api_url'] : [],
      });
    }
  });

  it("adds what the spec's answers carry: meta, location_str, last_updated, total_result_count", async () => {
    const { call } = sandboxFor();
    const person = await call('/api/v2/profile', {
      profile_url: 'https://www.linkedin.com/in/johnrmarty',
      use_cache: 'if-present',
    });
    expect(person.body).toMatchObject({
      location_str: 'Seattle, Washington, United States of America',
      meta: { thin_profile: false, last_updated: PUBLISHED_ON },
    });
    // Fields the 2023 answer lacks are there, null: not known.
    expect((person.body.experiences as Record<string, unknown>[])[0]).toHaveProperty(
      'company_social_profile_url',
      null,
    );
    // The trimmed quickstart answer: a thin profile, its identifier from the URL it was published for.
    const satya = await call('/api/v2/profile', { profile_url: 'https://linkedin.com/in/satyanadella/' });
    expect(satya.body).toMatchObject({
      public_identifier: 'satyanadella',
      full_name: 'Satya Nadella',
      first_name: null,
      location_str: 'Redmond, Washington, United States of America',
      meta: { thin_profile: true },
    });
    const search = await call('/api/v2/search/person', {
      public_identifier_in_list: 'johnrmarty',
      enrich_profiles: 'enrich',
    });
    expect(search.body).toMatchObject({ next_page: null, total_result_count: 1 });
    const [result] = search.body.results as { last_updated: string; profile: { meta: object } }[];
    expect(result!.profile.meta).toEqual({ thin_profile: false, last_updated: result!.last_updated });
    const lookup = await call('/api/v2/find/company/role/', {
      role: 'co-founder',
      company_name: 'freedom fund real estate',
    });
    expect(lookup.body).toEqual({
      network_profile_url: 'https://www.linkedin.com/in/senatormarty',
      profile: null,
      last_updated: PUBLISHED_ON,
    });
    expect(lookup.charged).toBe(3);
  });

  it("serves the employee count under the spec's names, the same figures whatever the options", async () => {
    const { call } = sandboxFor();
    const plain = await call('/api/v2/company/employees/count', { url: MICROSOFT });
    expect(plain).toMatchObject({ status: 200, body: { verified_employee_count: 3 }, charged: 1 });
    expect(Object.keys(plain.body)).toEqual(['verified_employee_count']);
    const every = await call('/api/v2/company/employees/count', {
      url: `${MICROSOFT}/`,
      estimated_employee_count: 'include',
      use_cache: 'if-recent',
      at_date: '2023-01-01',
      employment_status: 'all',
      coy_name_match: 'exclude',
    });
    expect(every.body).toEqual({ estimated_employee_count: 529274, verified_employee_count: 3 });
    // 1, +5 for at_date on a standard plan, +1 estimate, +1 if-recent.
    expect(every.charged).toBe(8);
  });

  it("finds the company lookup's company with and without enrichment, however its domain is written", async () => {
    const { call } = sandboxFor();
    const plain = await call('/api/v2/company/resolve', { company_domain: 'https://www.Accenture.com/' });
    expect(plain).toMatchObject({
      status: 200,
      charged: 2,
      body: { url: 'https://www.linkedin.com/company/accenture', profile: null, last_updated: PUBLISHED_ON },
    });
    const enriched = await call('/api/v2/company/resolve', {
      company_domain: 'accenture.com',
      company_name: 'Accenture',
      company_location: 'SG',
      enrich_profile: 'enrich',
    });
    expect(enriched.charged).toBe(3);
    expect(enriched.body.url).toBe('https://www.linkedin.com/company/accenture');
    // The published profile (Google's: a published inconsistency, kept), with its optional blocks.
    expect(enriched.body.profile).toMatchObject({
      universal_name_id: 'google',
      categories: null,
      extra: null,
      meta: { thin_profile: false, last_updated: PUBLISHED_ON },
    });
  });

  it('walks the published job search inside the sandbox: its page, then an empty last page', async () => {
    const { call } = sandboxFor();
    const first = await call('/api/v2/company/job', { search_id: '1035' });
    expect(first.body).toMatchObject({
      next_page_no: 1,
      previous_page_no: null,
      previous_page_api_url: null,
    });
    expect(first.body.job).toHaveLength(25);
    expect(first.body.next_page_api_url).toBe(
      'http://localhost/api/v2/company/job?search_id=1035&pagination=eyJwYWdlIjogMX0',
    );
    const next = pathOf(String(first.body.next_page_api_url));
    const second = await call(next.path, next.query);
    expect(second).toMatchObject({
      status: 200,
      charged: 2,
      body: { job: [], next_page_no: null, next_page_api_url: null, previous_page_no: 0 },
    });
    const back = pathOf(String(second.body.previous_page_api_url));
    expect((await call(back.path, back.query)).body).toEqual(first.body);

    const strategists = await call('/api/v2/company/job', {
      search_id: '1035',
      keyword: 'content strategist',
    });
    const titles = (strategists.body.job as { job_title: string }[]).map((job) => job.job_title);
    expect(titles.length).toBe(5);
    expect(new Set(titles)).toEqual(new Set(['Content Strategist']));
    // What the published list entries do not say cannot be matched: no job is known to be remote.
    const remote = await call('/api/v2/company/job', { search_id: '1035', flexibility: 'remote' });
    expect(remote.body.job).toEqual([]);
    const recent = await call('/api/v2/company/job', { search_id: '1035', when: 'past-month' });
    expect(recent.body.job).toEqual([]);
  });

  it('lists the published employees with every option, filtered by what their profiles say', async () => {
    const { call } = sandboxFor({ keys: [{ key: 'k', credits: 1_000_000, plan: 'growth' }] });
    const listed = async (options: Record<string, string>) => {
      const answer = await call('/api/v2/company/employees/', { url: MICROSOFT, ...options });
      expect(answer.status).toBe(200);
      const employees = answer.body.employees as { profile_url: string; profile: unknown }[];
      return { urls: employees.map((employee) => employee.profile_url), answer };
    };
    const gates = ['https://www.linkedin.com/in/williamhgates'];
    const plain = await listed({});
    expect(plain.urls).toEqual(gates);
    expect(plain.answer.charged).toBe(3);
    expect((plain.answer.body.employees as { profile: unknown }[])[0]!.profile).toBeNull();
    expect((await listed({ country: 'us' })).urls).toEqual(gates);
    expect((await listed({ country: 'SG' })).urls).toEqual([]);
    expect((await listed({ employment_status: 'past' })).urls).toEqual([]);
    expect((await listed({ employment_status: 'all' })).urls).toEqual(gates);
    expect((await listed({ role_search: 'co-?founder' })).urls).toEqual(gates);
    expect((await listed({ boolean_role_search: 'engineer OR manager' })).urls).toEqual([]);
    const sorted = await listed({ sort_by: 'recently-joined', enrich_profiles: 'enrich' });
    expect(sorted.urls).toEqual(gates);
    // 50 per request, then per employee: 3, +1 enriched, +10 sorted.
    expect(sorted.answer.charged).toBe(50 + 14);
    const [employee] = sorted.answer.body.employees as {
      last_updated: string;
      profile: { full_name: string; meta: object };
    }[];
    expect(employee!.profile.full_name).toBe('Bill Gates');
    expect(employee!.profile.meta).toEqual({ thin_profile: false, last_updated: employee!.last_updated });
    // Employee-listing results omit the social URL of an experience (the spec).
    expect((employee!.profile as unknown as { experiences: object[] }).experiences[0]).not.toHaveProperty(
      'company_social_profile_url',
    );
  });

  it('walks the published students page by page; enriched, each is a thin profile', async () => {
    const { call } = sandboxFor();
    const seen: string[] = [];
    let query: Record<string, string> = { school_url: NUS, enrich_profiles: 'enrich', page_size: '1' };
    let path = '/api/v2/school/students/';
    for (let page = 0; page < 5; page++) {
      const answer = await call(path, query);
      expect(answer).toMatchObject({ status: 200, charged: 4 });
      const [student] = answer.body.students as { profile_url: string; profile: Record<string, unknown> }[];
      seen.push(student!.profile_url);
      expect(student!.profile).toMatchObject({
        public_identifier: student!.profile_url.split('/').at(-1),
        full_name: null,
        meta: { thin_profile: true, last_updated: PUBLISHED_ON },
      });
      if (answer.body.next_page === null) break;
      ({ path, query } = pathOf(String(answer.body.next_page)));
    }
    expect(seen).toEqual([
      'https://www.linkedin.com/in/minghowlogic',
      'https://www.linkedin.com/in/zhengpingzhou',
    ]);
    // Published as current students, with no country: `past` and a country filter find none.
    for (const options of [{ student_status: 'past' }, { country: 'SG' }] as Record<string, string>[]) {
      const answer = await call('/api/v2/school/students/', { school_url: NUS, ...options });
      expect(answer.body.students).toEqual([]);
    }
  });

  it('ages a published subject like any record: one refresh shows in every answer about it', async () => {
    const { call, sandbox } = sandboxFor();
    const now = sandbox.now().getTime();
    const searched = async () =>
      (
        (
          await call('/api/v2/search/person', {
            public_identifier_in_list: 'johnrmarty',
            use_cache: 'if-present',
          })
        ).body.results as { last_updated: string }[]
      )[0]!.last_updated;
    expect(await searched()).toBe(PUBLISHED_ON);
    // The profile endpoint's default (if-recent) refreshes a copy older than 29 days.
    const profile = await call('/api/v2/profile', { profile_url: 'https://www.linkedin.com/in/johnrmarty' });
    expect(profile.charged).toBe(2);
    const refreshed = (profile.body.meta as { last_updated: string }).last_updated;
    expect(Date.parse(refreshed)).toBeGreaterThanOrEqual(now);
    expect(await searched()).toBe(refreshed);
    const lookup = await call('/api/v2/profile/resolve/email', { email: 'JohnRMarty@example.com' });
    expect(lookup.body.last_updated).toBe(refreshed);

    const company = await call('/api/v2/company', {
      url: 'https://www.linkedin.com/company/google',
      live_fetch: 'force',
      categories: 'include',
    });
    expect(company.charged).toBe(1 + 1 + 1 + 9);
    const forced = (company.body.meta as { last_updated: string }).last_updated;
    expect(Date.parse(forced)).toBeGreaterThanOrEqual(now);
    expect(company.body.categories).toBeNull();
    const resolved = await call('/api/v2/company/resolve', { company_domain: 'accenture.com' });
    expect(resolved.body.last_updated).toBe(forced);
    await sandbox.app.request('/__sandbox/reset', { method: 'POST' });
    expect(await searched()).toBe(PUBLISHED_ON);
  });

  it('serves a profile fixture at any form of its URL, priced as usual', async () => {
    const { call } = sandboxFor();
    const person = await call('/api/v2/profile', {
      profile_url: 'linkedin.com/in/JohnRMarty/',
      use_cache: 'if-present',
      personal_email: 'include',
      extra: 'include',
    });
    // The optional data asked for is not in the published answer: null or empty, not charged.
    expect(person).toMatchObject({
      status: 200,
      charged: 1,
      body: { public_identifier: 'johnrmarty', extra: null, personal_emails: [] },
    });
    const job = await call('/api/v2/job', {
      url: 'https://www.linkedin.com/jobs/view/content-strategist-at-microsoft-3257696537',
    });
    expect(job).toMatchObject({ status: 200, charged: 2, body: { title: 'Content Strategist' } });
  });
});
