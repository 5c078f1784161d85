// @vitest-environment node
/**
 * The client against the sandbox, across every endpoint: each answer goes through the project's own
 * client (createClient), so it parses with the lib/api schemas; and the credits the sandbox charged
 * (its balance before and after) lie within quoteCredits' [min, max] and equal reconcileCredits. The
 * sandbox charges by sandbox/billing.ts and the client prices by lib/api/costs.ts: two independent
 * readings of the Limits table that must agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_V3_CREDITS } from '../../lib/api/assumptions';
import type { EndpointId } from '../../lib/api/endpoints';
import type { RawParams } from '../../lib/api/params';
import { createClient } from '../../lib/background/api/client';
import type { Plan } from '../../lib/pricing/credits';
import { DEFAULT_SEED, datasetForSeed, type RunningSandbox, startSandbox } from '../../sandbox/app';
import { FIXTURE_BINDINGS } from '../../sandbox/fixtures';
import { callRaw, quoteRaw, reconcileRaw, walkPages } from '../support/raw-params';

const { dataset, queries } = datasetForSeed(DEFAULT_SEED);
const PLANS: Plan[] = ['growth', 'standard'];

// Subjects picked from the dataset, so that lookups find someone and listings have pages.
const employment = dataset.employments.find(
  (stint) => stint.end === null && !stint.nameOnly && dataset.people[stint.personIndex]!.workEmail,
)!;
const worker = dataset.people[employment.personIndex]!;
const employer = dataset.companies[employment.companyIndex]!;
const workerProfile = worker.profile as { first_name: string; last_name: string };
const employerName = (employer.profile as { name: string }).name;
const personalEmail = worker.emails.find((email) => email !== worker.workEmail);
const richPerson = dataset.people.find(
  (person) =>
    person.socialHandle &&
    person.enrichment.personal_numbers.length > 0 &&
    person.enrichment.personal_emails.length > 0 &&
    person.enrichment.extra,
)!;
const staffCount = (index: number) =>
  queries.listEmployees(dataset.companies[index]!, {
    coyNameMatch: true,
    employmentStatus: 'current',
    sortBy: 'none',
  }).length;
const bigEmployer = [...dataset.companies].sort((a, b) => staffCount(b.index) - staffCount(a.index))[0]!;
const bigSchool = [...dataset.schools].sort(
  (a, b) =>
    queries.listStudents(b, { studentStatus: 'all', sortBy: 'none' }).length -
    queries.listStudents(a, { studentStatus: 'all', sortBy: 'none' }).length,
)[0]!;
const job = dataset.jobs[0]!;
const topCountry = worker.profile.country as string;

type Case = [label: string, id: EndpointId, params: RawParams];

const CASES: Case[] = [
  ['person profile, defaults', 'person.profile', { profile_url: dataset.people[1]!.url }],
  [
    'person profile, if-present',
    'person.profile',
    { profile_url: dataset.people[2]!.url, use_cache: 'if-present' },
  ],
  ['person profile, forced', 'person.profile', { profile_url: dataset.people[3]!.url, live_fetch: 'force' }],
  [
    'person profile, every optional datum',
    'person.profile',
    {
      profile_url: richPerson.url,
      extra: 'include',
      codehost_profile_id: 'include',
      social_profile_id: 'include',
      microblog_profile_id: 'include',
      personal_contact_number: 'include',
      personal_email: 'include',
      inferred_salary: 'include',
      skills: 'include',
    },
  ],
  [
    'person profile by social URL',
    'person.profile',
    { social_profile_url: `https://www.facebook.com/${richPerson.socialHandle}`, use_cache: 'if-present' },
  ],
  [
    'person profile, published answer',
    'person.profile',
    { profile_url: 'https://www.linkedin.com/in/johnrmarty', extra: 'include' },
  ],
  ['company profile, defaults', 'company.profile', { url: employer.url }],
  [
    'company profile, every block, forced',
    'company.profile',
    {
      url: employer.url,
      categories: 'include',
      funding_data: 'include',
      exit_data: 'include',
      acquisitions: 'include',
      extra: 'include',
      live_fetch: 'force',
    },
  ],
  ['company profile, if-present', 'company.profile', { url: bigEmployer.url, use_cache: 'if-present' }],
  ['school profile, defaults', 'school.profile', { url: bigSchool.url }],
  [
    'school profile, if-recent and forced',
    'school.profile',
    { url: bigSchool.url, use_cache: 'if-recent', live_fetch: 'force' },
  ],
  ['job profile', 'job.profile', { url: job.url }],
  ['job search, no filter', 'job.search', {}],
  [
    'job search, filtered',
    'job.search',
    { flexibility: 'remote', when: 'past-month', job_type: 'full-time' },
  ],
  ['job search, published answer', 'job.search', { search_id: '1035' }],
  ['role lookup', 'role.lookup', { role: employment.title, company_name: employerName }],
  [
    'role lookup, enriched',
    'role.lookup',
    { role: employment.title, company_name: employerName, enrich_profile: 'enrich' },
  ],
  [
    'person lookup, found',
    'person.lookup',
    {
      first_name: workerProfile.first_name,
      last_name: workerProfile.last_name,
      company_domain: employer.domain,
    },
  ],
  [
    'person lookup, found and enriched without checks',
    'person.lookup',
    {
      first_name: workerProfile.first_name,
      last_name: workerProfile.last_name,
      company_domain: employer.domain,
      similarity_checks: 'skip',
      enrich_profile: 'enrich',
    },
  ],
  [
    'person lookup, no match',
    'person.lookup',
    { first_name: 'Zzyzx', last_name: 'Qwertyuiop', company_domain: employer.domain },
  ],
  [
    'person lookup, no match without checks',
    'person.lookup',
    { first_name: 'Zzyzx', company_domain: 'no-such-company.invalid', similarity_checks: 'skip' },
  ],
  ['email lookup, work address', 'email.lookup', { email: worker.workEmail!, enrich_profile: 'enrich' }],
  [
    'email lookup, work address, superficial',
    'email.lookup',
    { email: worker.workEmail!, lookup_depth: 'superficial' },
  ],
  [
    'email lookup, personal address, superficial',
    'email.lookup',
    { email: personalEmail ?? worker.workEmail!, lookup_depth: 'superficial' },
  ],
  ['email lookup, nobody', 'email.lookup', { email: 'nobody@no-such-company.invalid' }],
  [
    'email lookup, nobody, superficial',
    'email.lookup',
    { email: 'nobody@no-such-company.invalid', lookup_depth: 'superficial' },
  ],
  ['company lookup by domain', 'company.lookup', { company_domain: employer.domain }],
  [
    'company lookup by name, enriched',
    'company.lookup',
    { company_name: employerName, enrich_profile: 'enrich' },
  ],
  ['company lookup, nothing', 'company.lookup', { company_name: 'No Such Company Zzyzx' }],
  ['employee count', 'employee.count', { url: bigEmployer.url }],
  [
    'employee count, dated and estimated',
    'employee.count',
    {
      url: bigEmployer.url,
      at_date: '2024-01-31',
      estimated_employee_count: 'include',
      use_cache: 'if-recent',
    },
  ],
  [
    'employee count, published answer',
    'employee.count',
    { url: 'https://www.linkedin.com/company/microsoft' },
  ],
  ['employee listing', 'employee.list', { url: bigEmployer.url }],
  [
    'employee listing, enriched (streamed)',
    'employee.list',
    { url: bigEmployer.url, enrich_profiles: 'enrich', page_size: 5 },
  ],
  [
    'employee listing, country, role search, sorted, numeric id, if-recent',
    'employee.list',
    {
      url: bigEmployer.numericUrl,
      resolve_numeric_id: 'true',
      country: topCountry,
      role_search: '.*',
      sort_by: 'recently-joined',
      use_cache: 'if-recent',
      employment_status: 'all',
    },
  ],
  [
    'employee listing, boolean role search',
    'employee.list',
    { url: bigEmployer.url, boolean_role_search: 'engineer* OR manager', page_size: 50 },
  ],
  [
    'employee listing, published answer',
    'employee.list',
    { url: 'https://www.linkedin.com/company/microsoft', enrich_profiles: 'enrich' },
  ],
  ['student listing', 'student.list', { school_url: bigSchool.url, student_status: 'all' }],
  [
    'student listing, enriched (streamed)',
    'student.list',
    { school_url: bigSchool.url, enrich_profiles: 'enrich', page_size: 3 },
  ],
  [
    'student listing, keyword, sorted, country, numeric id',
    'student.list',
    {
      school_url: bigSchool.numericUrl,
      resolve_numeric_id: 'true',
      boolean_search_keyword: 'science OR engineering OR business',
      sort_by: 'recently-graduated',
      country: topCountry,
      student_status: 'all',
    },
  ],
  ['person search', 'person.search', { country: topCountry, page_size: 20 }],
  [
    'person search, enriched (streamed), if-recent',
    'person.search',
    { country: topCountry, enrich_profiles: 'enrich', use_cache: 'if-recent' },
  ],
  ['person search, nothing found', 'person.search', { first_name: 'Zzyzx' }],
  ['company search', 'company.search', { country: employer.country, page_size: 30 }],
  [
    'company search, enriched (streamed)',
    'company.search',
    { industry: 'software', enrich_profiles: 'enrich', page_size: 4 },
  ],
  [
    'company search, published answer',
    'company.search',
    { public_identifier_in_list: 'apple', enrich_profiles: 'enrich' },
  ],
];

const V3_CASES: Case[] = [
  ['v3 person by URL', 'person.v3', { profile: worker.url }],
  [
    'v3 person by email, every section',
    'person.v3',
    {
      email: worker.workEmail!,
      personalEmail: 'include',
      socialLink: 'include',
      phoneNumber: 'include',
      workEmail: 'include',
      careerInsight: 'include',
      developerProfile: 'include',
    },
  ],
  ['company logo', 'company.logo', { q: employer.domain }],
];

let running: RunningSandbox;

beforeAll(async () => {
  running = await startSandbox({
    port: 0,
    ratePerMinute: 1_000_000,
    keys: PLANS.map((plan) => ({ key: `key-${plan}`, credits: 10_000_000, plan })),
  });
});

afterAll(async () => {
  await running?.close();
});

function clientFor(plan: Plan) {
  return createClient({ apiKey: `key-${plan}`, baseUrlV2: running.url, baseUrlV3: running.url });
}

describe.each(PLANS)('on a %s plan', (plan) => {
  it.each(CASES)('%s: charged within the quote and as reconciled', async (_label, id, params) => {
    const client = clientFor(plan);
    const before = (await client.creditBalance())!;
    const result = await callRaw(client, id, params);
    const charged = before - (await client.creditBalance())!;

    const quote = quoteRaw(id, params, { plan });
    expect(charged).toBeGreaterThanOrEqual(quote.min!);
    if (quote.max !== null) expect(charged).toBeLessThanOrEqual(quote.max);
    expect(charged).toBe(reconcileRaw(id, result.params, result.data, { plan }));
  });

  it.each(V3_CASES)('%s: parses; the quote says the cost is not published', async (_label, id, params) => {
    const client = clientFor(plan);
    const before = (await client.creditBalance())!;
    const result = await callRaw(client, id, params);
    const charged = before - (await client.creditBalance())!;
    expect(quoteRaw(id, params, { plan })).toMatchObject({ min: null, max: null });
    expect(reconcileRaw(id, result.params, result.data, { plan })).toBeNull();
    expect(charged).toBe(SANDBOX_V3_CREDITS[id as keyof typeof SANDBOX_V3_CREDITS]);
  });
});

describe('walking pages through the client', () => {
  it.each([
    ['person search', 'person.search', { country: 'SG', page_size: 40 }],
    ['company search', 'company.search', { country: 'US', page_size: 100 }],
    ['employee listing', 'employee.list', { url: bigEmployer.url, page_size: 9, employment_status: 'all' }],
    ['student listing', 'student.list', { school_url: bigSchool.url, page_size: 25, student_status: 'all' }],
    ['job search', 'job.search', { flexibility: 'hybrid' }],
  ] as Case[])('%s: every result once, each page charged as reconciled', async (_label, id, params) => {
    const client = clientFor('standard');
    const key = {
      'person.search': 'results',
      'company.search': 'results',
      'employee.list': 'employees',
      'student.list': 'students',
      'job.search': 'job',
    }[id as string]!;
    const urlOf = (entry: Record<string, unknown>) =>
      String(entry.network_profile_url ?? entry.profile_url ?? entry.job_url);
    const seen: string[] = [];
    let before = (await client.creditBalance())!;
    let pages = 0;
    for await (const page of walkPages(client, id, params)) {
      const after = (await client.creditBalance())!;
      expect(before - after).toBe(reconcileRaw(id, page.params, page.data, { plan: 'standard' }));
      before = after;
      seen.push(...((page.data as Record<string, Record<string, unknown>[]>)[key] ?? []).map(urlOf));
      pages += 1;
    }
    expect(pages).toBeGreaterThan(1);
    expect(new Set(seen).size).toBe(seen.length);
    const total = {
      'person.search': () =>
        queries.searchPeople({ country: 'SG', current_company_employee_count_category: 'custom' }).length,
      'company.search': () =>
        queries.searchCompanies({ country: 'US', employee_count_category: 'custom' }).length,
      'employee.list': () =>
        queries.listEmployees(bigEmployer, { coyNameMatch: true, employmentStatus: 'all', sortBy: 'none' })
          .length,
      'student.list': () => queries.listStudents(bigSchool, { studentStatus: 'all', sortBy: 'none' }).length,
      'job.search': () => queries.searchJobs({ flexibility: 'hybrid' }).length,
    }[id as string]!();
    expect(seen.length).toBe(total);
  });
});

describe('published answers through the client', () => {
  it.each(FIXTURE_BINDINGS.map((binding) => [binding.file, binding] as const))(
    '%s parses',
    async (_file, binding) => {
      const result = await callRaw(clientFor('growth'), binding.endpoint, binding.query);
      expect(result.data).toBeTruthy();
    },
  );
});
