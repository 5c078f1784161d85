// @vitest-environment node
/**
 * The published answers the sandbox replays (sandbox/fixtures.ts) against the spec: each replayed
 * request is asked with every value of every option of its endpoint (the parameters that do not
 * name its subject), and every answer, and every page its cursors lead to, must
 * - parse with the endpoint's response schema (`endpoints[id].response`, what the client reads);
 * - carry the fields the spec says that answer has. The schemas are tolerant (a field may be missing),
 *   so these checks are written here from the spec's text (docs/service.md), not from them;
 * - be about the same subject, with the published values (same people, same figures);
 * - cost what the sandbox's billing rules charge any answer: the balance moves by exactly
 *   reconcileCredits (the client's reading of the Limits table), within quoteCredits, and the request
 *   log says the same;
 * - lead, through its cursor, back to this sandbox.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EndpointId, endpoints } from '../../lib/api/endpoints';
import { paramFields } from '../../lib/api/params';
import type { Plan } from '../../lib/pricing/credits';
import { type RunningSandbox, startSandbox } from '../../sandbox/app';
import { FIXTURE_BINDINGS, type FixtureBinding } from '../../sandbox/fixtures';
import { quoteRaw, reconcileRaw } from '../support/raw-params';

type Json = Record<string, unknown>;
type Query = Record<string, string>;

// ---------------------------------------------------------------------------------------------
// The spec's fields, from its text. A field the spec qualifies is required only where it says:
// "absent in some list results", "omitted in employee-listing results", "present when requested",
// "(when enriched)"; `languages` and `languages_and_proficiencies` are only "present in" an example.

const PERSON = [
  'public_identifier',
  'profile_pic_url',
  'background_cover_image_url',
  'first_name',
  'last_name',
  'full_name',
  'occupation',
  'headline',
  'summary',
  'country',
  'country_full_name',
  'city',
  'state',
  'experiences',
  'education',
  'accomplishment_organisations',
  'accomplishment_publications',
  'accomplishment_honors_awards',
  'accomplishment_patents',
  'accomplishment_courses',
  'accomplishment_projects',
  'accomplishment_test_scores',
  'volunteer_work',
  'articles',
  'groups',
  'certifications',
  'connections',
  'people_also_viewed',
  'recommendations',
  'activities',
  'similarly_named_profiles',
  'meta',
];
/** "follower_count: absent in some list results"; "location_str: present on the Person Profile endpoint". */
const PERSON_OUTSIDE_LISTS = ['follower_count'];
const PERSON_ON_PROFILE_ENDPOINT = ['location_str'];
const EXPERIENCE = [
  'starts_at',
  'ends_at',
  'company',
  'company_network_profile_url',
  'title',
  'description',
  'location',
  'logo_url',
];
const EXPERIENCE_OUTSIDE_EMPLOYEE_LISTINGS = ['company_social_profile_url'];
const EDUCATION = [
  'starts_at',
  'ends_at',
  'field_of_study',
  'degree_name',
  'school',
  'school_network_profile_url',
  'description',
  'logo_url',
];
const EDUCATION_OUTSIDE_EMPLOYEE_LISTINGS = [
  'school_social_profile_url',
  'grade',
  'activities_and_societies',
];
const PROJECT = ['starts_at', 'ends_at', 'title', 'description', 'url'];
const CERTIFICATION = [
  'starts_at',
  'ends_at',
  'name',
  'license_number',
  'display_source',
  'authority',
  'url',
];
const RELATED_PERSON = ['link', 'name', 'summary', 'location'];
const ACTIVITY = ['title', 'link', 'activity_status'];
const META = ['thin_profile', 'last_updated'];

const COMPANY = [
  'network_internal_id',
  'description',
  'website',
  'industry',
  'company_size',
  'company_size_on_network',
  'hq',
  'company_type',
  'founded_year',
  'specialities',
  'locations',
  'name',
  'tagline',
  'universal_name_id',
  'profile_pic_url',
  'background_cover_image_url',
  'search_id',
  'similar_companies',
  'affiliated_companies',
  'updates',
  'follower_count',
  'meta',
];
const LOCATION = ['country', 'city', 'postal_code', 'line_1', 'is_hq', 'state'];
const RELATED_COMPANY = ['name', 'link', 'industry', 'location'];
const UPDATE = ['article_link', 'image', 'posted_on', 'text', 'total_likes'];
/** "appear as null in a resolved-company example when not requested". */
const COMPANY_BLOCKS = ['categories', 'funding_data', 'exit_data', 'acquisitions', 'extra'];

const JOB = [
  'network_internal_id',
  'job_description',
  'apply_url',
  'title',
  'location',
  'company',
  'seniority_level',
  'industry',
  'employment_type',
  'job_functions',
  'total_applicants',
];
const JOB_LOCATION = ['country', 'region', 'city', 'postal_code', 'latitude', 'longitude', 'street'];
const JOB_COMPANY = ['name', 'url', 'logo'];
const JOB_SEARCH = ['job', 'next_page_no', 'next_page_api_url', 'previous_page_no', 'previous_page_api_url'];
const JOB_ENTRY = ['company', 'company_url', 'job_title', 'job_url', 'list_date', 'location'];

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isTimestamp = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** Collects where an answer departs from the spec, as paths: `$.employees[0].profile.meta`. */
class Problems {
  readonly found: string[] = [];

  fields(value: unknown, fields: readonly string[], path: string): value is Json {
    if (!isObject(value)) {
      this.found.push(`${path} is not an object`);
      return false;
    }
    for (const field of fields) if (!(field in value)) this.found.push(`${path}.${field} missing`);
    return true;
  }

  /** Each element of an array (a null array is "not known": nothing to check). */
  each(value: unknown, fields: readonly string[], path: string): void {
    if (value === null) return;
    if (!Array.isArray(value)) {
      this.found.push(`${path} is not an array`);
      return;
    }
    value.forEach((item, index) => {
      this.fields(item, fields, `${path}[${index}]`);
    });
  }

  timestamp(value: unknown, path: string): void {
    if (!isTimestamp(value)) this.found.push(`${path} is not a timestamp (${JSON.stringify(value)})`);
  }

  integer(value: unknown, path: string): void {
    if (!Number.isInteger(value)) this.found.push(`${path} is not an integer (${JSON.stringify(value)})`);
  }

  person(value: unknown, path: string, where: 'profile endpoint' | 'employee listing' | 'list' | 'lookup') {
    const fields = [
      ...PERSON,
      ...(where === 'profile endpoint' ? PERSON_ON_PROFILE_ENDPOINT : []),
      ...(where === 'profile endpoint' || where === 'lookup' ? PERSON_OUTSIDE_LISTS : []),
    ];
    if (!this.fields(value, fields, path)) return;
    const inEmployeeListing = where === 'employee listing';
    this.each(
      value.experiences,
      [...EXPERIENCE, ...(inEmployeeListing ? [] : EXPERIENCE_OUTSIDE_EMPLOYEE_LISTINGS)],
      `${path}.experiences`,
    );
    this.each(
      value.education,
      [...EDUCATION, ...(inEmployeeListing ? [] : EDUCATION_OUTSIDE_EMPLOYEE_LISTINGS)],
      `${path}.education`,
    );
    this.each(value.accomplishment_projects, PROJECT, `${path}.accomplishment_projects`);
    this.each(value.certifications, CERTIFICATION, `${path}.certifications`);
    this.each(value.people_also_viewed, RELATED_PERSON, `${path}.people_also_viewed`);
    this.each(value.similarly_named_profiles, RELATED_PERSON, `${path}.similarly_named_profiles`);
    this.each(value.activities, ACTIVITY, `${path}.activities`);
    this.meta(value.meta, `${path}.meta`);
  }

  company(value: unknown, path: string, resolved: boolean): void {
    if (!this.fields(value, [...COMPANY, ...(resolved ? COMPANY_BLOCKS : [])], path)) return;
    this.fields(value.hq, LOCATION, `${path}.hq`);
    this.each(value.locations, LOCATION, `${path}.locations`);
    this.each(value.similar_companies, RELATED_COMPANY, `${path}.similar_companies`);
    this.each(value.affiliated_companies, RELATED_COMPANY, `${path}.affiliated_companies`);
    this.each(value.updates, UPDATE, `${path}.updates`);
    this.meta(value.meta, `${path}.meta`);
  }

  meta(value: unknown, path: string): void {
    if (!this.fields(value, META, path)) return;
    if (typeof value.thin_profile !== 'boolean') this.found.push(`${path}.thin_profile is not a boolean`);
    this.timestamp(value.last_updated, `${path}.last_updated`);
  }

  /** A listing or search entry; its `last_updated` is its profile's when enriched. */
  entry(
    value: unknown,
    path: string,
    urlField: string,
    enriched: boolean,
    profile: (profile: unknown, path: string) => void,
    profileAlways = false,
  ): void {
    const fields = [urlField, 'last_updated', ...(enriched || profileAlways ? ['profile'] : [])];
    if (!this.fields(value, fields, path)) return;
    this.timestamp(value.last_updated, `${path}.last_updated`);
    if (!enriched) return;
    profile(value.profile, `${path}.profile`);
    const meta = isObject(value.profile) && isObject(value.profile.meta) ? value.profile.meta : {};
    if (meta.last_updated !== value.last_updated)
      this.found.push(`${path}.last_updated is not its profile's meta.last_updated`);
  }
}

/** Where an answer of this endpoint, asked with these canonical params, departs from the spec. */
function specProblems(id: EndpointId, body: unknown, params: Json): string[] {
  const problems = new Problems();
  const enrichedProfile = params.enrich_profile === 'enrich';
  const enrichedList = params.enrich_profiles === 'enrich';
  if (!isObject(body)) return ['$ is not an object'];
  switch (id) {
    case 'person.profile':
      problems.person(body, '$', 'profile endpoint');
      break;
    case 'company.profile':
    case 'school.profile':
      problems.company(body, '$', false);
      break;
    case 'job.profile':
      if (problems.fields(body, JOB, '$')) {
        problems.fields(body.location, JOB_LOCATION, '$.location');
        problems.fields(body.company, JOB_COMPANY, '$.company');
      }
      break;
    case 'job.search':
      if (problems.fields(body, JOB_SEARCH, '$')) {
        problems.each(body.job, JOB_ENTRY, '$.job');
        for (const [index, job] of (Array.isArray(body.job) ? body.job : []).entries()) {
          if (!/^\d{4}-\d{2}-\d{2}$/.test(String((job as Json).list_date)))
            problems.found.push(`$.job[${index}].list_date is not YYYY-MM-DD`);
        }
      }
      break;
    case 'role.lookup':
    case 'person.lookup':
    case 'company.lookup': {
      const urlField = id === 'role.lookup' ? 'network_profile_url' : 'url';
      if (!problems.fields(body, [urlField, 'last_updated', ...(enrichedProfile ? ['profile'] : [])], '$'))
        break;
      problems.timestamp(body.last_updated, '$.last_updated');
      if (!enrichedProfile) break;
      if (id === 'company.lookup') problems.company(body.profile, '$.profile', true);
      else problems.person(body.profile, '$.profile', 'lookup');
      break;
    }
    case 'email.lookup':
      // "Response 200: `profile` (Person profile), `last_updated` (timestamp)".
      if (!problems.fields(body, ['profile', 'last_updated'], '$')) break;
      problems.timestamp(body.last_updated, '$.last_updated');
      if (enrichedProfile) problems.person(body.profile, '$.profile', 'lookup');
      break;
    case 'employee.count': {
      const estimated = params.estimated_employee_count === 'include';
      problems.fields(
        body,
        ['verified_employee_count', ...(estimated ? ['estimated_employee_count'] : [])],
        '$',
      );
      problems.integer(body.verified_employee_count, '$.verified_employee_count');
      if (estimated) problems.integer(body.estimated_employee_count, '$.estimated_employee_count');
      break;
    }
    case 'employee.list':
    case 'student.list': {
      const key = id === 'employee.list' ? 'employees' : 'students';
      if (!problems.fields(body, [key, 'next_page'], '$')) break;
      const entries = Array.isArray(body[key]) ? (body[key] as unknown[]) : [];
      entries.forEach((entry, index) => {
        problems.entry(
          entry,
          `$.${key}[${index}]`,
          'profile_url',
          enrichedList,
          (profile, path) =>
            problems.person(profile, path, id === 'employee.list' ? 'employee listing' : 'list'),
          // Students: "{profile_url, profile, last_updated}", profile not qualified.
          id === 'student.list',
        );
      });
      break;
    }
    case 'person.search':
    case 'company.search': {
      if (!problems.fields(body, ['results', 'next_page', 'total_result_count'], '$')) break;
      problems.integer(body.total_result_count, '$.total_result_count');
      const results = Array.isArray(body.results) ? (body.results as unknown[]) : [];
      results.forEach((entry, index) => {
        problems.entry(entry, `$.results[${index}]`, 'network_profile_url', enrichedList, (profile, path) =>
          id === 'person.search'
            ? problems.person(profile, path, 'list')
            : problems.company(profile, path, false),
        );
      });
      break;
    }
    default:
      problems.found.push(`no spec check for ${id}`);
  }
  return problems.found;
}

// ---------------------------------------------------------------------------------------------
// The requests: each replayed request, and it with each value of each option

/** Values for the options that are not a choice, by parameter (the spec's examples where it has some). */
const SAMPLES: Readonly<Record<string, readonly string[]>> = {
  location: ['Seattle', 'Tokyo'],
  title: ['Co-Founder'],
  company_name: ['Accenture'],
  company_location: ['US', 'JP'],
  at_date: ['2023-01-01'],
  country: ['US', 'SG'],
  boolean_role_search: ['founder OR chair', 'engineer'],
  role_search: ['co-?founder', 'engineer.*'],
  boolean_search_keyword: ['computer science'],
  page_size: ['1'],
  geo_id: ['92000000'],
  keyword: ['content strategist', 'astronaut'],
};

/** An option value that needs another to be valid (the spec: "if-recent requires estimated_employee_count=include"). */
const NEEDS: Readonly<Record<string, Query>> = {
  'employee.count use_cache=if-recent': { estimated_employee_count: 'include' },
};

/** Parameters that identify rather than refine: one of the person URLs, cursors (followed instead). */
const IDENTIFYING_KINDS = new Set(['url', 'email', 'cursor']);
const SEARCH_OPTIONS = new Set(['page_size', 'enrich_profiles', 'use_cache']);

interface Variant {
  label: string;
  binding: FixtureBinding;
  query: Query;
}

function variantsOf(binding: FixtureBinding): Variant[] {
  const subject = binding.subject === 'filters' ? [] : binding.subject;
  const variants: Variant[] = [
    { label: `${binding.file} as published`, binding, query: { ...binding.query } },
  ];
  for (const field of paramFields(binding.endpoint)) {
    if (subject.includes(field.name) || IDENTIFYING_KINDS.has(field.kind)) continue;
    if (binding.subject === 'filters' && !SEARCH_OPTIONS.has(field.name)) continue;
    const values = field.options ?? SAMPLES[field.name];
    if (!values) throw new Error(`no sample value for ${binding.endpoint} ${field.name}: add one to SAMPLES`);
    for (const value of values) {
      const needs = NEEDS[`${binding.endpoint} ${field.name}=${value}`] ?? {};
      variants.push({
        label: `${binding.file} ${field.name}=${value}`,
        binding,
        query: { ...binding.query, ...needs, [field.name]: value },
      });
    }
  }
  return variants;
}

const VARIANTS = FIXTURE_BINDINGS.flatMap(variantsOf);

// ---------------------------------------------------------------------------------------------
// The published subject of each answer: what "same people and values" means per endpoint

const publishedBody = (binding: FixtureBinding) =>
  JSON.parse(readFileSync(`test/fixtures/real/${binding.file}`, 'utf8')) as Json;

function urlsOf(list: unknown, field: string): string[] {
  return (Array.isArray(list) ? (list as Json[]) : []).map((entry) => String(entry[field]));
}

/** Where the answer is about someone or something else than the published answer, or other values. */
function subjectProblems(binding: FixtureBinding, body: Json): string[] {
  const published = publishedBody(binding);
  const subset = (served: string[], all: string[], what: string) =>
    served.filter((url) => !all.includes(url)).map((url) => `${what} ${url} is not in the published answer`);
  switch (binding.endpoint) {
    case 'person.profile':
      return body.full_name === published.full_name ? [] : [`full_name ${String(body.full_name)}`];
    case 'company.profile':
    case 'school.profile':
      return body.universal_name_id === published.universal_name_id ? [] : ['another company'];
    case 'job.profile':
      return body.network_internal_id === published.network_internal_id ? [] : ['another job'];
    case 'role.lookup':
      return body.network_profile_url === published.network_profile_url ? [] : ['another match'];
    case 'person.lookup':
    case 'email.lookup':
    case 'company.lookup':
      return body.url === published.url ? [] : [`url ${String(body.url)}`];
    case 'employee.count': {
      const figures = Object.values(published);
      return Object.values(body)
        .filter((count) => !figures.includes(count))
        .map((count) => `count ${String(count)} is not a published figure`);
    }
    case 'job.search':
      return subset(urlsOf(body.job, 'job_url'), urlsOf(published.job, 'job_url'), 'job');
    case 'employee.list':
      return subset(
        urlsOf(body.employees, 'profile_url'),
        urlsOf(published.employees, 'profile_url'),
        'employee',
      );
    case 'student.list':
      return subset(
        urlsOf(body.students, 'profile_url'),
        urlsOf(published.students, 'profile_url'),
        'student',
      );
    default:
      return subset(
        urlsOf(body.results, 'network_profile_url'),
        urlsOf(published.results, 'network_profile_url'),
        'result',
      );
  }
}

/** The cursor URL an answer gives for its next page, if any. */
function nextPageOf(id: EndpointId, body: Json): string | null {
  const next = id === 'job.search' ? body.next_page_api_url : body.next_page;
  return typeof next === 'string' ? next : null;
}

// ---------------------------------------------------------------------------------------------

let running: RunningSandbox;
const PLANS: Plan[] = ['growth', 'standard'];

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

async function balanceOf(key: string): Promise<number> {
  const response = await fetch(`${running.url}/api/v2/credit-balance`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  return ((await response.json()) as { credit_balance: number }).credit_balance;
}

async function lastCharged(key: string): Promise<{ path: string; status: number; charged: number }> {
  const response = await fetch(`${running.url}/__sandbox/requests?key=${key}`);
  const { requests } = (await response.json()) as {
    requests: { path: string; status: number; charged: number }[];
  };
  return requests.filter((request) => request.path !== '/api/v2/credit-balance').at(-1)!;
}

/** Asks one page and checks it; returns its next page's URL (checked to be this sandbox's). */
async function checkPage(plan: Plan, binding: FixtureBinding, url: URL): Promise<string | null> {
  const id = binding.endpoint;
  const key = `key-${plan}`;
  const query = Object.fromEntries(url.searchParams);
  const params = endpoints[id].params.parse(query) as Json;
  const before = await balanceOf(key);
  const response = await fetch(url, { headers: { Authorization: `Bearer ${key}` } });
  const text = await response.text();
  const asked = `${url.pathname}${url.search}`;
  expect(response.status, `${asked}: ${text.slice(0, 300)}`).toBe(200);
  const body = JSON.parse(text) as Json;

  const parsed = endpoints[id].response.safeParse(body);
  expect(parsed.success, `${asked} parses: ${parsed.error?.message ?? ''}`).toBe(true);
  expect(specProblems(id, body, params), `${asked}: the spec's fields`).toEqual([]);
  expect(subjectProblems(binding, body), `${asked}: the published subject and values`).toEqual([]);

  const charged = before - (await balanceOf(key));
  expect(charged, `${asked}: charged as reconciled`).toBe(reconcileRaw(id, params, parsed.data, { plan }));
  const quote = quoteRaw(id, query, { plan });
  expect(charged).toBeGreaterThanOrEqual(quote.min!);
  if (quote.max !== null) expect(charged).toBeLessThanOrEqual(quote.max);
  expect(await lastCharged(key)).toMatchObject({ path: url.pathname, status: 200, charged });

  const next = nextPageOf(id, body);
  if (next !== null)
    expect(next.startsWith(`${running.url}${endpoints[id].path.replace(/\/$/, '')}`)).toBe(true);
  return next;
}

describe.each(PLANS)('published answers on a %s plan', (plan) => {
  it.each(VARIANTS.map((variant) => [variant.label, variant] as const))(
    '%s: in the spec, about the published subject, charged by the rules, cursors inside the sandbox',
    async (_label, { binding, query }) => {
      expect(
        endpoints[binding.endpoint].params.safeParse(query).success,
        'the variant is a valid request',
      ).toBe(true);
      let url: URL | null = new URL(
        `${endpoints[binding.endpoint].path}?${new URLSearchParams(query)}`,
        running.url,
      );
      // Every page the cursors lead to is checked the same way; the walk must end.
      for (let page = 0; url !== null; page++) {
        expect(page, 'the walk ends').toBeLessThan(5);
        const next = await checkPage(plan, binding, url);
        url = next === null ? null : new URL(next);
      }
    },
  );
});

describe('the variants', () => {
  it('ask every replayed request with options, not only as published', () => {
    // A guard on this test: a subject that swallowed every parameter would leave nothing to vary.
    for (const binding of FIXTURE_BINDINGS) {
      const variants = VARIANTS.filter((variant) => variant.binding === binding);
      expect(variants.length, binding.file).toBeGreaterThan(binding.endpoint === 'job.profile' ? 0 : 2);
    }
  });
});
