// @vitest-environment node
/**
 * The sandbox's clock: `POST /__sandbox/advance` changes a deterministic share of people and
 * companies, each change shows wherever the record shows, freshness dates the changed copies, the
 * employee count follows the company, and a malformed advance changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../sandbox/app';
import type { AdvanceReport } from '../../../sandbox/clock';
import { MONTHLY_SHARES, type PersonChange, shareWithin } from '../../../sandbox/data/clock';
import { DAY_MS } from '../../../sandbox/data/dates';
import { type DatasetCounts, DEFAULT_COUNTS, SMALL_COUNTS } from '../../../sandbox/data/generate';

const KEY = 'clock';
const START = new Date('2026-11-27T12:00:00Z');

/**
 * A sandbox over the small dataset: what an advance does to a record, and where the change shows,
 * is the same at any size, and an advance over the full dataset costs a few seconds of CPU. The
 * shares of records an advance changes are asserted over the full dataset (`DEFAULT_COUNTS`).
 */
function sandboxAt(counts: DatasetCounts = SMALL_COUNTS): Sandbox {
  return createSandbox({
    keys: [{ key: KEY, credits: 10_000_000, plan: 'growth' }],
    now: () => START,
    ratePerMinute: 1_000_000,
    counts,
  });
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as a test reads JSON
type Answer = Record<string, any>;

async function get(sandbox: Sandbox, path: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams(query);
  const response = await sandbox.app.request(`${path}?${search}`, {
    headers: { Authorization: `Bearer ${KEY}` },
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function advance(sandbox: Sandbox, body: string) {
  const response = await sandbox.app.request('/__sandbox/advance', { method: 'POST', body });
  return { status: response.status, body: (await response.json()) as Answer };
}

async function advanced(sandbox: Sandbox, days: number): Promise<AdvanceReport> {
  const { status, body } = await advance(sandbox, JSON.stringify({ days }));
  expect(status).toBe(200);
  return body as AdvanceReport;
}

const profileOf = (sandbox: Sandbox, url: string, query: Record<string, string> = {}) =>
  get(sandbox, '/api/v2/profile', { profile_url: url, ...query });

/** The first change of each kind: job (moved company), title (same company), location. */
function firstOfEach(report: AdvanceReport): Record<PersonChange['kind'], PersonChange> {
  const pick = (kind: PersonChange['kind']) => report.people.find((change) => change.kind === kind)!;
  return { job: pick('job'), title: pick('title'), location: pick('location') };
}

describe('POST /__sandbox/advance', () => {
  it.each([
    ['days 0', '{"days":0}', 'days must be a whole number from 1 to 3650, not 0'],
    ['days 3651', '{"days":3651}', 'days must be a whole number from 1 to 3650, not 3651'],
    ['a fraction', '{"days":1.5}', 'not 1.5'],
    ['a string', '{"days":"30"}', 'not "30"'],
    ['a negative', '{"days":-3}', 'not -3'],
    ['no days', '{}', 'days is missing'],
    ['another field', '{"days":3,"weeks":1}', 'unknown field weeks'],
    ['an array', '[30]', 'the body must be JSON {"days": N}'],
    ['not JSON', 'days=30', 'the body must be JSON {"days": N}'],
    ['an empty body', '', 'the body must be JSON {"days": N}'],
  ])('refuses %s with 400 and a clear message, changing nothing', async (_label, body, message) => {
    const sandbox = sandboxAt();
    const person = sandbox.queries.dataset.people[0]!;
    const before = await profileOf(sandbox, person.url);

    const refused = await advance(sandbox, body);

    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(message);
    expect((await sandbox.app.request('/__sandbox/clock')).status).toBe(200);
    expect(await (await sandbox.app.request('/__sandbox/clock')).json()).toEqual({
      days: 0,
      now: START.toISOString(),
    });
    expect(await (await sandbox.app.request('/__sandbox/changes')).json()).toBeNull();
    expect(sandbox.queries.dataset.people[0]).toBe(person);
    expect((await profileOf(sandbox, person.url)).body).toEqual(before.body);
  });
});

describe('the clock', () => {
  it('moves the sandbox forward: GET /__sandbox/clock, the report and the dataset say the same day', async () => {
    const sandbox = sandboxAt();
    const report = await advanced(sandbox, 30);
    const clock = await (await sandbox.app.request('/__sandbox/clock')).json();

    const later = new Date(START.getTime() + 30 * DAY_MS);
    expect(clock).toEqual({ days: 30, now: later.toISOString() });
    expect(sandbox.now()).toEqual(later);
    expect(report).toMatchObject({ days: 30, from_day: 0, to_day: 30, now: later.toISOString() });
    expect(await (await sandbox.app.request('/__sandbox/changes')).json()).toEqual(report);

    const second = await advanced(sandbox, 5);
    expect(second).toMatchObject({ days: 5, from_day: 30, to_day: 35 });
    expect((await (await sandbox.app.request('/__sandbox/clock')).json()).days).toBe(35);
  });

  it('gives the same changes for the same seed and the same sequence of advances', async () => {
    const [first, second] = [sandboxAt(), sandboxAt()];
    const reports = [];
    for (const sandbox of [first, second])
      reports.push([await advanced(sandbox, 10), await advanced(sandbox, 20)]);
    const [a, b] = reports as [AdvanceReport[], AdvanceReport[]];
    expect(b).toEqual(a);
    // Not a trivially empty sequence, and the records agree too.
    expect(a[1]!.people.length).toBeGreaterThan(100);
    const moved = a[1]!.people[0]!;
    expect((await profileOf(second, moved.url)).body).toEqual((await profileOf(first, moved.url)).body);
    // Another sequence gives other changes.
    const other = await advanced(sandboxAt(), 30);
    expect(other.people.map((change) => change.url)).not.toEqual(a[1]!.people.map((change) => change.url));
  });

  it('changes the documented share of people and companies, each change in the window it covers', async () => {
    const sandbox = sandboxAt(DEFAULT_COUNTS);
    const { people, companies } = sandbox.queries.dataset;
    const report = await advanced(sandbox, 30);

    const personShare = shareWithin(0.1, 30);
    expect(report.people.length / people.length).toBeGreaterThan(personShare * 0.85);
    expect(report.people.length / people.length).toBeLessThan(personShare * 1.15);
    const byKind = (kind: string) => report.people.filter((change) => change.kind === kind).length;
    // 5 : 3 : 2 (a title change of someone with no job becomes a job change).
    expect(byKind('job')).toBeGreaterThan(byKind('title'));
    expect(byKind('title')).toBeGreaterThan(byKind('location'));
    expect(byKind('location')).toBeGreaterThan(0);

    const sized = report.companies.filter((change) => change.changed.includes('company_size_on_network'));
    const sizeShare = shareWithin(MONTHLY_SHARES.company.employeeCount, 30);
    expect(sized.length / companies.length).toBeGreaterThan(sizeShare * 0.8);
    expect(sized.length / companies.length).toBeLessThan(sizeShare * 1.2);
    const followers = report.companies.filter((change) => change.changed.includes('follower_count'));
    expect(followers.length).toBeGreaterThan(companies.length * 0.1);
    for (const field of ['name', 'website'] as const) {
      const count = report.companies.filter((change) => change.changed.includes(field)).length;
      expect(count, field).toBeGreaterThan(0);
      expect(count, field).toBeLessThan(companies.length * 0.03);
    }

    for (const change of [...report.people, ...report.companies]) {
      expect(change.changed.length).toBeGreaterThan(0);
      expect(Date.parse(change.at)).toBeGreaterThanOrEqual(
        sandbox.queries.dataset.now.getTime() - 30 * DAY_MS,
      );
      expect(Date.parse(change.at)).toBeLessThanOrEqual(sandbox.now().getTime());
    }
    // Counts move by a plausible amount, both ways.
    const ratios = sized.map(
      (change) => change.after.company_size_on_network / change.before.company_size_on_network,
    );
    expect(ratios.some((ratio) => ratio > 1) && ratios.some((ratio) => ratio < 1)).toBe(true);
    for (const change of sized.filter((each) => each.before.company_size_on_network >= 100)) {
      const ratio = change.after.company_size_on_network / change.before.company_size_on_network;
      expect(Math.abs(ratio - 1)).toBeGreaterThanOrEqual(0.015);
      expect(Math.abs(ratio - 1)).toBeLessThanOrEqual(0.125);
    }

    // Over ten years nearly everyone changes.
    const decade = await advanced(sandboxAt(DEFAULT_COUNTS), 3650);
    expect(decade.people.length / people.length).toBeGreaterThan(0.99);
  });

  it('shows a change in the profile, the person search, the employee listings and the v3 profile', async () => {
    const sandbox = sandboxAt();
    const report = await advanced(sandbox, 30);
    const { job, title, location } = firstOfEach(report);

    const moved = (await profileOf(sandbox, job.url)).body;
    expect(moved.occupation).toBe(job.after.occupation);
    expect(moved.headline).toBe(job.after.headline);
    const [newest, previous] = moved.experiences;
    expect(newest).toMatchObject({ ...job.after.current_job, ends_at: null });
    expect(previous).toMatchObject({
      company: job.before.current_job!.company,
      title: job.before.current_job!.title,
      ends_at: job.after.current_job!.starts_at,
    });

    const promoted = (await profileOf(sandbox, title.url)).body;
    expect(title.after.current_job!.company_network_profile_url).toBe(
      title.before.current_job!.company_network_profile_url,
    );
    expect(title.after.current_job!.title).not.toBe(title.before.current_job!.title);
    expect(promoted.experiences.find((each: Answer) => each.ends_at === null)).toMatchObject(
      title.after.current_job!,
    );

    const relocated = (await profileOf(sandbox, location.url)).body;
    expect(relocated).toMatchObject({
      city: location.after.city,
      state: location.after.state,
      country: location.after.country,
      location_str: location.after.location_str,
    });

    const slug = decodeURIComponent(new URL(job.url).pathname.split('/')[2]!);
    const found = await get(sandbox, '/api/v2/search/person', {
      public_identifier_in_list: slug,
      enrich_profiles: 'enrich',
    });
    expect(found.body.results[0].profile.experiences[0]).toEqual(newest);

    const staff = async (url: string | null) => {
      const listing = await get(sandbox, '/api/v2/company/employees/', {
        url: url!,
        employment_status: 'current',
        page_size: '9999',
      });
      expect(listing.status).toBe(200);
      return (listing.body.employees as { profile_url: string }[]).map((entry) => entry.profile_url);
    };
    expect(await staff(job.after.current_job!.company_network_profile_url)).toContain(job.url);
    if (job.before.current_job?.company_network_profile_url)
      expect(await staff(job.before.current_job.company_network_profile_url)).not.toContain(job.url);

    const v3 = await get(sandbox, '/v3/person', { profile: location.url });
    expect(v3.status).toBe(200);
    expect(JSON.stringify(v3.body)).toContain(location.after.location_str);
  });

  it('dates a changed copy at its change; other copies age with the clock and refresh to the new time', async () => {
    const sandbox = sandboxAt();
    const { people } = sandbox.queries.dataset;
    // Refreshed now, before the advance; then watch which of them change.
    const early = people.slice(0, 400).filter((person) => person.index % 10 !== 7);
    for (const person of early) await profileOf(sandbox, person.url, { live_fetch: 'force' });
    const report = await advanced(sandbox, 30);
    const changed = new Map(report.people.map((change) => [change.url, change]));
    const movedEarly = early.find((person) => changed.has(person.url))!;
    const stillEarly = early.find((person) => !changed.has(person.url))!;

    // The sandbox keeps one copy, the latest: the one showing the change is dated at it.
    const moved = await profileOf(sandbox, movedEarly.url, { use_cache: 'if-present' });
    expect(moved.body.meta.last_updated).toBe(changed.get(movedEarly.url)!.at);
    expect(moved.body.occupation).toBe(changed.get(movedEarly.url)!.after.occupation);

    // An unchanged copy refreshed before the advance is 30 days old now: if-recent refreshes it.
    const kept = await profileOf(sandbox, stillEarly.url, { use_cache: 'if-present' });
    expect(kept.body.meta.last_updated).toBe(START.toISOString());
    const refreshed = await profileOf(sandbox, stillEarly.url, { use_cache: 'if-recent' });
    expect(refreshed.body.meta.last_updated).toBe(sandbox.now().toISOString());

    // A reset forgets the advance with the refreshes.
    sandbox.reset();
    expect(sandbox.now()).toEqual(START);
    const back = await profileOf(sandbox, movedEarly.url, { use_cache: 'if-present' });
    expect(back.body.occupation).toBe(changed.get(movedEarly.url)!.before.occupation);
    expect(back.body.meta.last_updated).toBe(movedEarly.lastUpdated.toISOString());
  });

  it('has the employee count follow the company: its size, and the people who joined or left', async () => {
    const sandbox = sandboxAt();
    const count = async (url: string, coyNameMatch: 'include' | 'exclude') =>
      (
        await get(sandbox, '/api/v2/company/employees/count', {
          url,
          estimated_employee_count: 'include',
          coy_name_match: coyNameMatch,
          employment_status: 'current',
        })
      ).body as { estimated_employee_count: number; verified_employee_count: number };
    const companies = sandbox.queries.dataset.companies;
    const before = new Map<string, number>();
    for (const company of companies)
      before.set(company.url, (await count(company.url, 'exclude')).verified_employee_count);

    const report = await advanced(sandbox, 30);

    // The estimated count is the company's size on the network (where the sandbox holds a tenth of its staff or less).
    const sized = report.companies.filter((change) => change.changed.includes('company_size_on_network'));
    let checked = 0;
    for (const change of sized) {
      const { estimated_employee_count, verified_employee_count } = await count(change.url, 'include');
      if (verified_employee_count === 0) continue;
      if (change.after.company_size_on_network < verified_employee_count * 1.1) continue;
      expect(estimated_employee_count, change.url).toBe(change.after.company_size_on_network);
      const profile = await get(sandbox, '/api/v2/company', { url: change.url });
      expect(profile.body.company_size_on_network).toBe(change.after.company_size_on_network);
      expect(profile.body.company_size).toEqual(change.after.company_size);
      checked++;
    }
    expect(checked).toBeGreaterThan(sized.length / 2);

    // The verified count moves by the sandbox's people who joined or left.
    const joined = new Map<string, number>();
    for (const change of report.people.filter((each) => each.kind === 'job')) {
      const from = change.before.current_job?.company_network_profile_url;
      const to = change.after.current_job?.company_network_profile_url;
      if (from) joined.set(from, (joined.get(from) ?? 0) - 1);
      if (to) joined.set(to, (joined.get(to) ?? 0) + 1);
    }
    for (const company of companies) {
      const after = (await count(company.url, 'exclude')).verified_employee_count;
      expect(after - before.get(company.url)!, company.url).toBe(joined.get(company.url) ?? 0);
    }
  });
});
