/**
 * `POST /hub/v1/peek`: up to 1,000 requests answered at once, for free, each with what the team has
 * (as the single peek decides it), whether it is on the team's do-not-enrich list, and whether its
 * row is in the team's CRM reference; a malformed body or too many requests refused whole, a
 * request the service would refuse reported alone. In-process hub over the sandbox.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createHub, type Hub } from '../../hub/app';
import { cacheRowValues } from '../../hub/cache';
import { importCrmReference } from '../../hub/crm';
import type { Db } from '../../hub/db';
import { addMember } from '../../hub/members';
import { addListed } from '../../hub/privacy';
import { validate } from '../../hub/proxy';
import type { PeekAnswer } from '../../lib/pricing/team-peek';
import { hubTestBed, type SandboxService } from '../support/hub-testing';

const bed = hubTestBed();
let db: Db;
let service: SandboxService;
let hub: Hub;
let token: string;
beforeEach(async () => {
  ({ db, service } = bed);
  hub = await createHub({
    db,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    ratePerMinute: 60_000,
    fetch: service.fetch,
  });
  ({ token } = await addMember(db, 'ada', { daily: 1_000 }));
});

const person = (index: number) => service.sandbox.queries.dataset.people[index]!.url;
const profile = (index: number, extra: Record<string, string> = {}) => ({
  path: '/api/v2/profile',
  params: { profile_url: person(index), ...extra },
});

async function peek(body: unknown, as = token) {
  const response = await hub.app.request('/hub/v1/peek', {
    method: 'POST',
    headers: { Authorization: `Bearer ${as}`, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const answersOf = async (requests: unknown[]) => {
  const answered = await peek({ requests });
  expect(answered.status).toBe(200);
  return answered.body.answers as PeekAnswer[];
};

const csv = (lines: string[]) => new TextEncoder().encode(`${lines.join('\n')}\n`);

describe('a batch peek', () => {
  it('answers each row: cached and fresh, cached but not fresh enough, listed, in the CRM, invalid', async () => {
    for (const index of [1, 2])
      await hub.app.request(`/api/v2/profile?${new URLSearchParams({ profile_url: person(index) })}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    await addListed(db, person(3));
    await addListed(db, 'blocked@acme-corp.com');
    await importCrmReference(db, {
      name: 'contacts.csv',
      bytes: csv([
        'First Name,Last Name,Email,LinkedIn URL,Company Domain',
        `Grace,Hopper,,${person(4)},`,
        'Alan,Turing,alan@bletchley.org,,',
        'Ada,Lovelace,,,analytical-engines.com',
      ]),
    });
    const asked = service.requests().length;
    const answers = await answersOf([
      profile(1),
      profile(2, { live_fetch: 'force' }),
      profile(3),
      profile(5),
      profile(4),
      { path: '/api/v2/profile/resolve/email', params: { email: 'Alan@Bletchley.org' } },
      { ...profile(6), identity: { fullName: 'Ada Lovelace', companyDomain: 'www.analytical-engines.com' } },
      { ...profile(7), identity: { email: 'blocked@acme-corp.com', fullName: 'Ada Lovelace' } },
      { path: '/api/v2/nowhere', params: {} },
      profile(1, { use_cache: 'sometimes' }),
    ]);
    const fresh = { cached: true, free: true, do_not_enrich: false, crm: null, invalid: null };
    expect(answers[0]).toMatchObject(fresh);
    expect(answers[0]!.age_seconds).toBeTypeOf('number');
    expect(answers[0]!.fetched_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(answers[1]).toMatchObject({ ...fresh, free: false });
    const nothing = { cached: false, free: false, age_seconds: null, fetched_at: null, invalid: null };
    expect(answers[2]).toEqual({ ...nothing, do_not_enrich: true, crm: null });
    expect(answers[3]).toEqual({ ...nothing, do_not_enrich: false, crm: null });
    expect(answers[4]).toEqual({ ...nothing, do_not_enrich: false, crm: 'profile' });
    expect(answers[5]).toMatchObject({ crm: 'email', do_not_enrich: false });
    expect(answers[6]).toMatchObject({ crm: 'name', do_not_enrich: false });
    // A row naming a listed subject is reported on the list, never in the CRM.
    expect(answers[7]).toMatchObject({ crm: null, do_not_enrich: true });
    expect(answers[8]).toEqual({
      ...nothing,
      do_not_enrich: false,
      crm: null,
      invalid: '/api/v2/nowhere: not a path of the service',
    });
    expect(answers[9]!.invalid).toContain('use_cache');
    expect(answers[9]).toMatchObject({ cached: false, free: false, crm: null, do_not_enrich: false });
    // A peek sends nothing and reserves nothing.
    expect(service.requests()).toHaveLength(asked);
    const me = await hub.app.request('/hub/v1/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ reserved_today: 0 });
  });

  it('says what the single peek says for the same request', async () => {
    await hub.app.request(`/api/v2/profile?${new URLSearchParams({ profile_url: person(8) })}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const wishes: Record<string, string>[] = [{}, { live_fetch: 'force' }, { use_cache: 'if-recent' }];
    for (const extra of wishes) {
      const [batch] = await answersOf([profile(8, extra)]);
      const single = await hub.app.request(
        `/hub/v1/peek/api/v2/profile?${new URLSearchParams({ profile_url: person(8), ...extra })}`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      const { cached, free, age_seconds, fetched_at } = batch!;
      expect(await single.json()).toEqual({ cached, free, age_seconds, fetched_at });
    }
  });

  it('refuses 1,001 requests and malformed bodies with 400, and a bad token with 401', async () => {
    const many = Array.from({ length: 1_001 }, (_, index) => profile(index));
    const tooMany = await peek({ requests: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.description).toBe('requests: give 1 to 1,000 requests (1,001 were given)');
    for (const [body, says] of [
      ['{"requests": [', 'The body must be a JSON object'],
      [{ requests: 'all' }, 'The body must be a JSON object'],
      [{ requests: [] }, 'requests: give 1 to 1,000 requests (0 were given)'],
      [{ requests: [profile(1), { params: {} }] }, "requests[1].path: give the service's path"],
      [{ requests: [{ path: '/api/v2/profile', params: 'x' }] }, 'requests[0].params: give'],
      [
        { requests: [{ ...profile(1), identity: { phone: '1' } }] },
        'requests[0].identity.phone: not a field',
      ],
    ] as const) {
      const refused = await peek(body);
      expect(refused.status).toBe(400);
      expect(String(refused.body.description)).toContain(says);
    }
    expect((await peek({ requests: [profile(1)] }, 'hub_not-a-token')).status).toBe(401);
    const metrics = await hub.metrics.registry.metrics();
    expect(metrics).toContain('hub_requests_total{endpoint="hub.peek_batch",status="400"} 7');
    expect(metrics).toContain('hub_requests_total{endpoint="hub.peek_batch",status="401"} 1');
  });

  it('peeks 1,000 rows in well under a second on PGlite (the time printed)', async () => {
    const now = new Date();
    const requests = Array.from({ length: 1_000 }, (_, index) => ({
      path: '/api/v2/profile',
      params: { profile_url: `https://www.linkedin.com/in/peeked-${index}` },
      identity: { email: `person${index}@example-corp.com`, fullName: `Person ${index}` },
    }));
    // Half of them in the team's cache, a third in its CRM, and a list to screen the copies by.
    const rows = requests
      .filter((_, index) => index % 2 === 0)
      .map((request) => {
        const checked = validate(request.path, new URLSearchParams(request.params).toString());
        if ('refusal' in checked) throw new Error(checked.problem);
        const body = { public_identifier: request.params.profile_url.split('/').pop(), full_name: 'Someone' };
        return cacheRowValues(checked.id, checked.params, body, now);
      });
    await db.query(
      `INSERT INTO cache (key, endpoint, params, body, fetched_at, data_at)
       SELECT r.key, r.endpoint, r.params, r.body, r.fetched_at, r.data_at
       FROM jsonb_to_recordset($1::jsonb)
         AS r(key text, endpoint text, params jsonb, body jsonb, fetched_at timestamptz, data_at timestamptz)`,
      [
        JSON.stringify(
          rows.map(([key, endpoint, params, body, fetchedAt, dataAt]) => ({
            key,
            endpoint,
            params: JSON.parse(String(params)),
            body: JSON.parse(String(body)),
            fetched_at: fetchedAt,
            data_at: dataAt,
          })),
        ),
      ],
    );
    await importCrmReference(db, {
      name: 'crm.csv',
      bytes: csv([
        'Email,Name',
        ...requests.filter((_, index) => index % 3 === 0).map((request) => `${request.identity.email},x`),
      ]),
    });
    await addListed(db, 'someone-else@example.org');
    await answersOf(requests.slice(0, 10)); // the list read once, as every later peek finds it
    const started = performance.now();
    const answers = await answersOf(requests);
    const ms = performance.now() - started;
    console.log(`A batch peek of 1,000 rows on ${db.kind}: ${ms.toFixed(0)} ms`);
    expect(answers.filter((answer) => answer.cached)).toHaveLength(500);
    expect(answers.filter((answer) => answer.crm === 'email')).toHaveLength(334);
    expect(ms).toBeLessThan(5_000);
  });
});
