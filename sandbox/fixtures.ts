/**
 * The real published answers (test/fixtures/real/, see SOURCES.md there) the sandbox serves, and
 * which requests they answer. Each was published for one request (`query` below). The sandbox serves
 * it for every request about the same SUBJECT (the parameters named by `subject`, compared as the
 * service would: profile URLs by the profile they name, domains as domains, text case-insensitively),
 * and treats the request's other parameters as options applied to it (enrichment, freshness, filters,
 * paging). The files stay verbatim on disk; routes/published.ts adapts them to the spec's shapes when
 * served, one adapter per shape.
 *
 * Not served: credit-balance.json (the balance route answers each key's live balance in that shape)
 * and error-403-not-enough-credits.json (every 403 of the sandbox is that body).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { EndpointId } from '../lib/api/endpoints';
import { endpoints } from '../lib/api/endpoints';
import { parseProfileUrl } from '../lib/profile-urls';
import { searchFiltersOf } from './routes/cursors';
import { normalizeDomain } from './search/similarity';

/**
 * The sources of SOURCES.md, with the latest date each answer is known to describe: the sandbox's
 * stored copy of a published subject was last updated then (its `last_updated` until a refresh).
 */
export const SOURCES = {
  /** The provider's OpenAPI spec snapshot: the date of the commit that added it. */
  A: { name: "the provider's OpenAPI 3.0 spec (April 2023 snapshot)", asOf: '2023-04-24T00:00:00Z' },
  /** The successor's quickstart page, which gives no date: the day it was read for this project. */
  C: { name: "the successor's quickstart page (trimmed body)", asOf: '2026-11-22T00:00:00Z' },
} as const;

export type SourceId = keyof typeof SOURCES;

/**
 * `filters`: a search's subject is its filters (the documented ones, none added), so that only the
 * paging parameters (`page_size`, `enrich_profiles`, `use_cache`, `next_token`) are options.
 */
export type Subject = readonly string[] | 'filters';

export interface FixtureBinding {
  file: string;
  endpoint: EndpointId;
  /** The documented request's query: the one the answer was published for. */
  query: Readonly<Record<string, string>>;
  /** The parameters that name the published subject; every other parameter is an option. */
  subject: Subject;
  source: SourceId;
  /** The source shows only part of the answer: the sandbox's copy is a thin profile. */
  trimmed?: true;
}

export const FIXTURE_BINDINGS: readonly FixtureBinding[] = [
  {
    file: 'person-profile.json',
    endpoint: 'person.profile',
    query: { profile_url: 'https://www.linkedin.com/in/johnrmarty' },
    subject: ['profile_url'],
    source: 'A',
  },
  {
    // The quickstart's own request: profile_url=https://linkedin.com/in/satyanadella/ (a trimmed body).
    file: 'person-profile.enrichlayer-quickstart-trimmed.json',
    endpoint: 'person.profile',
    query: { profile_url: 'https://www.linkedin.com/in/satyanadella' },
    subject: ['profile_url'],
    source: 'C',
    trimmed: true,
  },
  {
    file: 'company-profile.json',
    endpoint: 'company.profile',
    query: { url: 'https://www.linkedin.com/company/google' },
    subject: ['url'],
    source: 'A',
  },
  {
    file: 'school-profile.json',
    endpoint: 'school.profile',
    query: { url: 'https://www.linkedin.com/school/national-university-of-singapore' },
    subject: ['url'],
    source: 'A',
  },
  {
    file: 'job-profile.json',
    endpoint: 'job.profile',
    query: { url: 'https://www.linkedin.com/jobs/view/3257696537' },
    subject: ['url'],
    source: 'A',
  },
  {
    // `search_id=1035` is the one the published next_page_api_url carries. The other filters are
    // options: they narrow the published jobs (routes/published.ts).
    file: 'job-search.json',
    endpoint: 'job.search',
    query: { search_id: '1035' },
    subject: ['search_id'],
    source: 'A',
  },
  {
    file: 'role-lookup.json',
    endpoint: 'role.lookup',
    query: { role: 'Co-Founder', company_name: 'Freedom Fund Real Estate', enrich_profile: 'enrich' },
    subject: ['role', 'company_name'],
    source: 'A',
  },
  {
    file: 'person-lookup.json',
    endpoint: 'person.lookup',
    query: {
      first_name: 'John',
      last_name: 'Marty',
      company_domain: 'Freedom Fund Real Estate',
      enrich_profile: 'enrich',
    },
    subject: ['first_name', 'last_name', 'company_domain'],
    source: 'A',
  },
  {
    file: 'reverse-email-lookup.json',
    endpoint: 'email.lookup',
    query: { email: 'johnrmarty@example.com', enrich_profile: 'enrich' },
    subject: ['email'],
    source: 'A',
  },
  {
    // By domain, as the dataset's company lookup decides by domain first: a name given beside it
    // does not change which company is found.
    file: 'company-lookup.json',
    endpoint: 'company.lookup',
    query: { company_domain: 'accenture.com', enrich_profile: 'enrich' },
    subject: ['company_domain'],
    source: 'A',
  },
  {
    file: 'employee-count.json',
    endpoint: 'employee.count',
    query: { url: 'https://www.linkedin.com/company/microsoft' },
    subject: ['url'],
    source: 'A',
  },
  {
    file: 'employee-listing.json',
    endpoint: 'employee.list',
    query: { url: 'https://www.linkedin.com/company/microsoft', enrich_profiles: 'enrich' },
    subject: ['url'],
    source: 'A',
  },
  {
    file: 'student-listing.json',
    endpoint: 'student.list',
    query: { school_url: 'https://www.linkedin.com/school/national-university-of-singapore' },
    subject: ['school_url'],
    source: 'A',
  },
  {
    file: 'person-search.json',
    endpoint: 'person.search',
    query: { public_identifier_in_list: 'johnrmarty', enrich_profiles: 'enrich' },
    subject: 'filters',
    source: 'A',
  },
  {
    file: 'company-search.json',
    endpoint: 'company.search',
    query: { public_identifier_in_list: 'apple', enrich_profiles: 'enrich' },
    subject: 'filters',
    source: 'A',
  },
];

// A path: Vite rewrites `new URL('…', import.meta.url)` to an http:// address in the page tests'
// happy-dom, where the files could not be read.
const FIXTURE_DIR = path.join(import.meta.dirname, '../test/fixtures/real');

type Params = Readonly<Record<string, unknown>>;

/**
 * A value as the match compares it: a profile URL by the profile it names, a company domain as the
 * dataset's lookup reads one (`https://www.Acme.com/` is `acme.com`), other text case-insensitively.
 */
function comparable(param: string, value: unknown): string {
  const text = String(value).trim();
  const ref = /^https?:\/\//i.test(text) ? parseProfileUrl(text) : null;
  if (ref) return `${ref.kind}:${ref.id}`;
  const domain = param === 'company_domain' ? normalizeDomain(text) : null;
  return domain ?? text.toLowerCase();
}

function sameValues(names: Iterable<string>, a: Params, b: Params): boolean {
  for (const name of names) {
    if (a[name] === undefined || b[name] === undefined) {
      if (a[name] !== b[name]) return false;
    } else if (comparable(name, a[name]) !== comparable(name, b[name])) {
      return false;
    }
  }
  return true;
}

export interface LoadedFixture {
  binding: FixtureBinding;
  /** The published answer as parsed from its file; shared, never to be modified. */
  body: unknown;
  /** The documented query's canonical params (defaults filled in by the registry). */
  canonical: Params;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function load(binding: FixtureBinding): LoadedFixture {
  const parsed = endpoints[binding.endpoint].params.safeParse(binding.query);
  if (!parsed.success) throw new Error(`fixtures.ts: the documented query of ${binding.file} is invalid`);
  const body: unknown = JSON.parse(readFileSync(path.join(FIXTURE_DIR, binding.file), 'utf8'));
  // Frozen: the adapters build new objects around the published values, never edit them.
  return { binding, body: deepFreeze(body), canonical: parsed.data as Params };
}

let loaded: LoadedFixture[] | undefined;

export function loadedFixtures(): readonly LoadedFixture[] {
  loaded ??= FIXTURE_BINDINGS.map(load);
  return loaded;
}

/**
 * The published answer whose subject this request is about, if any. `params` are canonical; for a
 * search, its filters (from the request, or restored from its `next_token`).
 */
export function findFixture(endpoint: EndpointId, params: Params): LoadedFixture | undefined {
  return loadedFixtures().find(({ binding, canonical }) => {
    if (binding.endpoint !== endpoint) return false;
    if (binding.subject !== 'filters') return sameValues(binding.subject, params, canonical);
    const wanted = searchFiltersOf(canonical);
    const given = searchFiltersOf(params);
    return sameValues(new Set([...Object.keys(wanted), ...Object.keys(given)]), given, wanted);
  });
}
