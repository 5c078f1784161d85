// @vitest-environment node
/**
 * The sandbox after its clock moved (`POST /__sandbox/advance`): every answer about a changed person
 * or company still parses with the extension's own client (lib/api schemas), is charged as the
 * client reconciles it, and shows the change the sandbox reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndpointId } from '../../lib/api/endpoints';
import type { RawParams } from '../../lib/api/params';
import { createClient } from '../../lib/background/api/client';
import { type RunningSandbox, startSandbox } from '../../sandbox/app';
import type { AdvanceReport } from '../../sandbox/clock';
import type { CompanyChange, PersonChange } from '../../sandbox/data/clock';
import { callRaw, reconcileRaw } from '../support/raw-params';

let running: RunningSandbox;
let report: AdvanceReport;

beforeAll(async () => {
  running = await startSandbox({
    port: 0,
    ratePerMinute: 1_000_000,
    keys: [{ key: 'clock', credits: 10_000_000, plan: 'growth' }],
  });
  // Two advances: the second changes a dataset the first already changed.
  for (const days of [30, 90]) {
    const answer = await fetch(`${running.url}/__sandbox/advance`, {
      method: 'POST',
      body: JSON.stringify({ days }),
    });
    expect(answer.status).toBe(200);
    report = (await answer.json()) as AdvanceReport;
  }
});

afterAll(async () => {
  await running?.close();
});

const client = () => createClient({ apiKey: 'clock', baseUrlV2: running.url, baseUrlV3: running.url });

/** Calls through the client (which parses the answer with its schema) and checks the charge. */
async function parsed(id: EndpointId, params: RawParams) {
  const before = (await client().creditBalance())!;
  const result = await callRaw(client(), id, params);
  const charged = before - (await client().creditBalance())!;
  const reconciled = reconcileRaw(id, result.params, result.data, { plan: 'growth' });
  if (reconciled !== null) expect(charged).toBe(reconciled);
  // biome-ignore lint/suspicious/noExplicitAny: the answer is read field by field
  return result.data as any;
}

/** A few changes of each kind, spread over the report. */
function sample<T>(changes: T[], count: number): T[] {
  const step = Math.max(1, Math.floor(changes.length / count));
  return changes.filter((_, i) => i % step === 0).slice(0, count);
}

const slugOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/')[2]!);

describe('after advances', () => {
  it('a changed person parses and shows the change in the profile, search, lookup, listing and v3', async () => {
    const kinds: PersonChange['kind'][] = ['job', 'title', 'location'];
    let listed = 0;
    for (const kind of kinds) {
      for (const change of sample(
        report.people.filter((each) => each.kind === kind),
        4,
      )) {
        const profile = await parsed('person.profile', { profile_url: change.url, use_cache: 'if-present' });
        expect(profile).toMatchObject({
          occupation: change.after.occupation,
          headline: change.after.headline,
          city: change.after.city,
          country: change.after.country,
        });
        if (change.after.current_job)
          expect(
            profile.experiences.find((each: { ends_at: unknown }) => each.ends_at === null),
          ).toMatchObject(change.after.current_job);

        const search = await parsed('person.search', {
          public_identifier_in_list: slugOf(change.url),
          enrich_profiles: 'enrich',
        });
        expect(search.results[0].profile.occupation).toBe(change.after.occupation);

        const v3 = await parsed('person.v3', { profile: change.url });
        expect(JSON.stringify(v3)).toContain(change.after.location_str);

        const email = running.sandbox.queries.dataset.people[change.index]!.emails[0]!;
        const lookup = await parsed('email.lookup', {
          email,
          enrich_profile: 'enrich',
          lookup_depth: 'deep',
        });
        expect(lookup.profile.occupation).toBe(change.after.occupation);

        const company = change.after.current_job?.company_network_profile_url;
        if (!company) continue;
        const listing = await parsed('employee.list', {
          url: company,
          employment_status: 'current',
          sort_by: 'recently-joined',
          page_size: 10,
          enrich_profiles: 'enrich',
        });
        expect(listing.employees.length).toBeGreaterThan(0);
        if (kind === 'job') {
          const entry = listing.employees.find(
            (each: { profile_url: string }) => each.profile_url === change.url,
          );
          if (entry) {
            expect(entry.profile.occupation).toBe(change.after.occupation);
            listed++;
          }
        }
      }
    }
    // A big employer may have had more than a page of joiners since; most are on the first.
    expect(listed).toBeGreaterThan(0);
  });

  it('a changed company parses; its profile, search and employee count show the change', async () => {
    const fields: CompanyChange['changed'][number][] = [
      'company_size_on_network',
      'follower_count',
      'name',
      'website',
    ];
    for (const field of fields) {
      for (const change of sample(
        report.companies.filter((each) => each.changed.includes(field)),
        3,
      )) {
        const profile = await parsed('company.profile', { url: change.url });
        expect(profile).toMatchObject({
          name: change.after.name,
          website: change.after.website,
          company_size_on_network: change.after.company_size_on_network,
          company_size: change.after.company_size,
          follower_count: change.after.follower_count,
        });
        const search = await parsed('company.search', {
          public_identifier_in_list: slugOf(change.url),
          enrich_profiles: 'enrich',
        });
        expect(search.results[0].profile.name).toBe(change.after.name);
        const count = await parsed('employee.count', {
          url: change.url,
          estimated_employee_count: 'include',
        });
        expect(count.estimated_employee_count).toBeGreaterThan(count.verified_employee_count);
        const lookup = await parsed('company.lookup', {
          company_name: change.after.name,
          enrich_profile: 'enrich',
        });
        // A new name is the company's own; older names may be shared (`Emard LLC`, `Emard Inc`).
        if (field === 'name') expect(lookup.url).toBe(change.url);
        if (lookup.url === change.url) expect(lookup.profile.name).toBe(change.after.name);
      }
    }
  });
});
