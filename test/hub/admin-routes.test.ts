/**
 * The admin's routes over HTTP (what the admin page calls) and the page itself, on a database of
 * their own (PGlite, or PostgreSQL with HUB_DATABASE_URL), with the sandbox as the service.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createHub, type Hub } from '../../hub/app';
import type { AuditRow } from '../../hub/audit';
import type { Db } from '../../hub/db';
import { addMember } from '../../hub/members';
import { droppable, hubTestBed, type SandboxService } from '../support/hub-testing';

const ADMIN_TOKEN = 'admin-s3cret';

const bed = hubTestBed();
let db: Db;
let service: SandboxService;
let hub: Hub;
beforeEach(async () => {
  ({ db, service } = bed);
  hub = await createHub({
    db,
    providerUrl: 'https://service.test',
    providerKey: 'team',
    ratePerMinute: 60_000,
    fetch: service.fetch,
    adminToken: ADMIN_TOKEN,
  });
});

async function admin(
  method: string,
  path: string,
  body?: unknown,
  { token = ADMIN_TOKEN, app = hub.app }: { token?: string; app?: Hub['app'] } = {},
) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await app.request(`/hub/v1/admin/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const names = async () =>
  ((await admin('GET', 'members')).body.members as { name: string; removed_at: string | null }[]).map(
    (member) => `${member.name}${member.removed_at ? ' (removed)' : ''}`,
  );

async function asMember(token: string, path: string, params: Record<string, string> = {}) {
  const response = await hub.app.request(`${path}?${new URLSearchParams(params)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the admin routes', () => {
  it('refuse a wrong or missing admin token on every route, changing nothing', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', 'members'],
      ['POST', 'members', { name: 'ada', daily_budget: 10 }],
      ['PATCH', 'members/ada', { daily_budget: 10 }],
      ['DELETE', 'members/ada'],
      ['GET', 'spend'],
      ['GET', 'do-not-enrich'],
      ['POST', 'do-not-enrich', { subject: 'acme.com' }],
      ['DELETE', 'do-not-enrich?subject=acme.com'],
      ['POST', 'forget', { subject: 'acme.com' }],
      ['GET', 'audit'],
    ];
    for (const [method, path, body] of routes) {
      expect((await admin(method, path, body, { token: 'wrong' })).status, `${method} ${path}`).toBe(401);
      expect((await admin(method, path, body, { token: '' })).status, `${method} ${path}`).toBe(401);
    }
    expect(await names()).toEqual([]);
    expect((await admin('GET', 'do-not-enrich')).body.entries).toEqual([]);
  });

  it('add a member whose token works at once, set their budget, and remove them (listed, marked removed)', async () => {
    const added = await admin('POST', 'members', { name: 'ada', daily_budget: 200 });
    expect(added).toMatchObject({
      status: 201,
      body: { name: 'ada', daily_budget: 200, monthly_budget: null },
    });
    const token = String(added.body.token);
    expect(await asMember(token, '/hub/v1/me')).toMatchObject({ status: 200, body: { daily_budget: 200 } });

    expect(await admin('PATCH', 'members/ada', { daily_budget: 50, monthly_budget: 900 })).toMatchObject({
      status: 200,
      body: { daily_budget: 50, monthly_budget: 900 },
    });
    expect((await asMember(token, '/hub/v1/me')).body).toMatchObject({
      daily_budget: 50,
      monthly_budget: 900,
    });
    expect((await admin('PATCH', 'members/ada', { monthly_budget: null })).body).toMatchObject({
      daily_budget: 50,
      monthly_budget: null,
    });

    expect(await admin('DELETE', 'members/ada')).toMatchObject({ status: 200, body: { removed: 'ada' } });
    expect((await asMember(token, '/hub/v1/me')).status).toBe(401);
    expect(await names()).toEqual(['ada (removed)']);
    expect((await admin('DELETE', 'members/ada')).status).toBe(404);
    // The name is free again; the removed ada stays listed after the active members.
    await admin('POST', 'members', { name: 'ada', daily_budget: 10 });
    await admin('POST', 'members', { name: 'Grace Hopper/ops', daily_budget: 10 });
    expect(await names()).toEqual(['Grace Hopper/ops', 'ada', 'ada (removed)']);
    expect(
      (await admin('PATCH', `members/${encodeURIComponent('Grace Hopper/ops')}`, { daily_budget: 7 })).body,
    ).toMatchObject({ name: 'Grace Hopper/ops', daily_budget: 7 });
  });

  it('refuse bad input with a clear 400, 404 or 409, changing nothing', async () => {
    await admin('POST', 'members', { name: 'ada', daily_budget: 200 });
    const refusals: [string, string, unknown, number, RegExp][] = [
      ['POST', 'members', 'not json', 400, /JSON object/],
      ['POST', 'members', { name: '  ', daily_budget: 5 }, 400, /name/],
      ['POST', 'members', { name: 'bob' }, 400, /daily_budget/],
      ['POST', 'members', { name: 'bob', daily_budget: -1 }, 400, /whole number/],
      ['POST', 'members', { name: 'bob', daily_budget: 2.5 }, 400, /whole number/],
      ['POST', 'members', { name: 'bob', daily_budget: '5' }, 400, /whole number/],
      ['POST', 'members', { name: 'ada', daily_budget: 5 }, 409, /already a member named "ada"/],
      ['PATCH', 'members/ada', {}, 400, /daily_budget/],
      ['PATCH', 'members/ada', { daily_budget: null }, 400, /whole number/],
      ['PATCH', 'members/nobody', { daily_budget: 5 }, 404, /No member is named "nobody"/],
      ['DELETE', 'members/nobody', undefined, 404, /No member is named/],
      ['POST', 'do-not-enrich', { subject: 'not a subject' }, 400, /not an email address/],
      ['POST', 'do-not-enrich', {}, 400, /subject/],
      ['DELETE', 'do-not-enrich', undefined, 400, /subject/],
      ['DELETE', 'do-not-enrich?subject=acme.com', undefined, 404, /not on the list/],
      ['POST', 'forget', { subject: 'ada' }, 400, /not an email address/],
      ['GET', 'audit?limit=0', undefined, 400, /limit/],
    ];
    for (const [method, path, body, status, description] of refusals) {
      const answer = await admin(method, path, body);
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(String(answer.body.description)).toMatch(description);
    }
    expect((await admin('GET', 'members')).body.members).toMatchObject([
      { name: 'ada', daily_budget: 200, monthly_budget: null, removed_at: null },
    ]);
    expect((await admin('GET', 'do-not-enrich')).body.entries).toEqual([]);
  });

  it('keep the do-not-enrich list, which the hub then refuses (451)', async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    expect(await admin('POST', 'do-not-enrich', { subject: '@example.com' })).toMatchObject({
      status: 201,
      body: { entry: { key: 'domain:example.com', text: 'example.com' } },
    });
    expect((await admin('GET', 'do-not-enrich')).body.entries).toEqual([
      { key: 'domain:example.com', kind: 'domain', text: 'example.com' },
    ]);
    const refused = await asMember(token, '/api/v2/profile/resolve/email', { email: 'grace@example.com' });
    expect(refused).toMatchObject({ status: 451, body: { error: 'do_not_enrich' } });
    expect(
      await admin('DELETE', `do-not-enrich?${new URLSearchParams({ subject: 'example.com' })}`),
    ).toMatchObject({
      status: 200,
      body: { removed: 'example.com' },
    });
    expect((await admin('GET', 'do-not-enrich')).body.entries).toEqual([]);
  });

  it("show a member's request in the audit and the spend, and forget its subject", async () => {
    const { token } = await addMember(db, 'ada', { daily: 100 });
    const person = service.sandbox.queries.dataset.people[1]!.url;
    const paid = await asMember(token, '/api/v2/profile', { profile_url: person });
    expect(paid.status).toBe(200);

    const slug = new URL(person).pathname.split('/').filter(Boolean).at(-1)!;
    const audit = (await admin('GET', 'audit')).body.audit as AuditRow[];
    expect(audit).toHaveLength(1);
    const line = audit[0]!;
    expect(line).toMatchObject({ member: 'ada', status: 200, cache: 'miss' });
    expect(line.subject).toContain(slug);
    expect(line.charged).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin('GET', 'spend')).body).toEqual({
      spend: [{ member: 'ada', day: today, spent: line.charged, reserved: 0 }],
      time_zone: 'UTC',
    });
    expect((await admin('GET', 'members')).body.members).toMatchObject([
      { name: 'ada', spent_today: line.charged },
    ]);
    expect((await admin('GET', `audit?${new URLSearchParams({ member: 'bob' })}`)).body.audit).toEqual([]);
    expect(
      (await admin('GET', `audit?${new URLSearchParams({ subject: 'nobody-here' })}`)).body.audit,
    ).toEqual([]);
    expect(
      (await admin('GET', `audit?${new URLSearchParams({ member: 'ada', subject: slug })}`)).body.audit,
    ).toHaveLength(1);

    const forgot = await admin('POST', 'forget', { subject: person });
    expect(forgot).toMatchObject({
      status: 200,
      body: { answers_removed: 1, audit_lines_cleared: 1, seq: 1 },
    });
    expect((await admin('GET', 'audit')).body.audit).toMatchObject([{ member: 'ada', subject: null }]);
    expect((await asMember(token, '/hub/v1/forgotten', { since: '0' })).body.forgotten).toHaveLength(1);
  });

  it('answer a clear 503 when the database cannot be reached', async () => {
    const dropping = droppable(db);
    const shaky = await createHub({
      db: dropping.db,
      providerUrl: 'https://service.test',
      providerKey: 'team',
      adminToken: ADMIN_TOKEN,
    });
    dropping.drop();
    for (const [method, path, body] of [
      ['GET', 'members'],
      ['POST', 'members', { name: 'ada', daily_budget: 5 }],
    ] as const) {
      const answer = await admin(method, path, body, { app: shaky.app });
      expect(answer).toMatchObject({ status: 503, body: { error: 'hub_database_unavailable' } });
    }
    await dropping.close();
  });
});

describe('the admin page', () => {
  it('is served with a strict Content-Security-Policy, its script and stylesheet from the hub itself', async () => {
    const page = await hub.app.request('/admin');
    expect(page.status).toBe(200);
    const csp = page.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/admin/admin.js"></script>');
    expect(html).not.toMatch(/<script>|<style|\son[a-z]+=/);

    const script = await hub.app.request('/admin/admin.js');
    expect(script.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('Content-Security-Policy')).toBe(csp);
    const js = await script.text();
    expect(js).toContain('/hub/v1/admin/');
    expect(js).not.toMatch(/ZodError|zod/i);
    expect(js.length).toBeLessThan(80_000);
    const style = await hub.app.request('/admin/admin.css');
    expect(style.headers.get('Content-Type')).toMatch(/^text\/css/);
    expect(await style.text()).toContain('prefers-color-scheme:dark');
    const icon = await hub.app.request('/admin/icon.png');
    expect([icon.status, icon.headers.get('Content-Type')]).toEqual([200, 'image/png']);
  }, 30_000);

  it('says so when the hub has no admin token', async () => {
    const without = await createHub({ db, providerUrl: 'https://service.test', providerKey: 'team' });
    const page = await without.app.request('/admin');
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('HUB_ADMIN_TOKEN');
  });
});
