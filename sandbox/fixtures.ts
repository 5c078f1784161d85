/**
 * The real published answers (test/fixtures/real/, see SOURCES.md there) served by the sandbox, each
 * for one documented request, verbatim. Profiles are served at their profile URL whatever the other
 * options (which are priced as usual); lookups, searches, listings and counts for exactly their
 * documented query (parameters left at their defaults may be given or not, text compared
 * case-insensitively, profile URLs in any form of the same profile).
 *
 * Not served: credit-balance.json (the balance route answers each key's live balance in that shape)
 * and error-403-not-enough-credits.json (every 403 of the sandbox is that body).
 */
import { readFileSync } from 'node:fs';
import type { EndpointId } from '../lib/api/endpoints';
import { endpoints } from '../lib/api/endpoints';
import { parseProfileUrl } from '../lib/profile-urls';

export interface FixtureBinding {
  file: string;
  endpoint: EndpointId;
  /** The documented request's query. */
  query: Readonly<Record<string, string>>;
  /**
   * `profile`: served whenever `profileParam` names the same profile; `query`: served for exactly
   * the documented query.
   */
  match: 'profile' | 'query';
  profileParam?: string;
}

export const FIXTURE_BINDINGS: readonly FixtureBinding[] = [
  {
    file: 'person-profile.json',
    endpoint: 'person.profile',
    query: { profile_url: 'https://www.linkedin.com/in/johnrmarty' },
    match: 'profile',
    profileParam: 'profile_url',
  },
  {
    // The quickstart's own request: profile_url=https://linkedin.com/in/satyanadella/ (a trimmed body).
    file: 'person-profile.enrichlayer-quickstart-trimmed.json',
    endpoint: 'person.profile',
    query: { profile_url: 'https://www.linkedin.com/in/satyanadella' },
    match: 'profile',
    profileParam: 'profile_url',
  },
  {
    file: 'company-profile.json',
    endpoint: 'company.profile',
    query: { url: 'https://www.linkedin.com/company/google' },
    match: 'profile',
    profileParam: 'url',
  },
  {
    file: 'school-profile.json',
    endpoint: 'school.profile',
    query: { url: 'https://www.linkedin.com/school/national-university-of-singapore' },
    match: 'profile',
    profileParam: 'url',
  },
  {
    file: 'job-profile.json',
    endpoint: 'job.profile',
    query: { url: 'https://www.linkedin.com/jobs/view/3257696537' },
    match: 'profile',
    profileParam: 'url',
  },
  {
    // `search_id=1035` is the one the published next_page_api_url carries.
    file: 'job-search.json',
    endpoint: 'job.search',
    query: { search_id: '1035' },
    match: 'query',
  },
  {
    file: 'role-lookup.json',
    endpoint: 'role.lookup',
    query: { role: 'Co-Founder', company_name: 'Freedom Fund Real Estate', enrich_profile: 'enrich' },
    match: 'query',
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
    match: 'query',
  },
  {
    file: 'reverse-email-lookup.json',
    endpoint: 'email.lookup',
    query: { email: 'johnrmarty@example.com', enrich_profile: 'enrich' },
    match: 'query',
  },
  {
    file: 'company-lookup.json',
    endpoint: 'company.lookup',
    query: { company_domain: 'accenture.com', enrich_profile: 'enrich' },
    match: 'query',
  },
  {
    file: 'employee-count.json',
    endpoint: 'employee.count',
    query: { url: 'https://www.linkedin.com/company/microsoft' },
    match: 'query',
  },
  {
    file: 'employee-listing.json',
    endpoint: 'employee.list',
    query: { url: 'https://www.linkedin.com/company/microsoft', enrich_profiles: 'enrich' },
    match: 'query',
  },
  {
    file: 'student-listing.json',
    endpoint: 'student.list',
    query: { school_url: 'https://www.linkedin.com/school/national-university-of-singapore' },
    match: 'query',
  },
  {
    file: 'person-search.json',
    endpoint: 'person.search',
    query: { public_identifier_in_list: 'johnrmarty', enrich_profiles: 'enrich' },
    match: 'query',
  },
  {
    file: 'company-search.json',
    endpoint: 'company.search',
    query: { public_identifier_in_list: 'apple', enrich_profiles: 'enrich' },
    match: 'query',
  },
];

const FIXTURE_DIR = new URL('../test/fixtures/real/', import.meta.url);

type Params = Readonly<Record<string, unknown>>;

/** A value as the match compares it: a profile URL by the profile it names, text case-insensitively. */
function comparable(value: unknown): string {
  const text = String(value).trim();
  const ref = /^https?:\/\//i.test(text) ? parseProfileUrl(text) : null;
  return ref ? `${ref.kind}:${ref.id}` : text.toLowerCase();
}

function sameParams(a: Params, b: Params): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (a[key] === undefined || b[key] === undefined) {
      if (a[key] !== b[key]) return false;
    } else if (comparable(a[key]) !== comparable(b[key])) {
      return false;
    }
  }
  return true;
}

interface LoadedFixture {
  binding: FixtureBinding;
  body: unknown;
  /** The documented query's canonical params (defaults filled in by the registry). */
  canonical: Params;
}

function load(binding: FixtureBinding): LoadedFixture {
  const parsed = endpoints[binding.endpoint].params.safeParse(binding.query);
  if (!parsed.success) throw new Error(`fixtures.ts: the documented query of ${binding.file} is invalid`);
  const body: unknown = JSON.parse(readFileSync(new URL(binding.file, FIXTURE_DIR), 'utf8'));
  return { binding, body, canonical: parsed.data as Params };
}

let loaded: LoadedFixture[] | undefined;

/** The published answer for this request, if it is a documented one (fresh copy; callers may shape it). */
export function findFixture(endpoint: EndpointId, params: Params): unknown {
  loaded ??= FIXTURE_BINDINGS.map(load);
  for (const { binding, body, canonical } of loaded) {
    if (binding.endpoint !== endpoint) continue;
    const hit =
      binding.match === 'profile'
        ? params[binding.profileParam!] !== undefined &&
          comparable(params[binding.profileParam!]) === comparable(canonical[binding.profileParam!])
        : sameParams(params, canonical);
    if (hit) return structuredClone(body);
  }
  return undefined;
}
