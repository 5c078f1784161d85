/**
 * The real published answers (../fixtures.ts) served in the shapes of docs/service.md.
 *
 * They come from an older version of the service (2023, see test/fixtures/real/SOURCES.md). Served
 * as they are they break the spec: old field names, no `meta` or `last_updated`, cursors pointing at
 * the provider. So each is adapted when served, by one adapter per shape, keeping the same people
 * and values (the files stay verbatim on disk):
 * - person profile ({@link adaptPersonProfile}): every field of the spec's table that the answer
 *   lacks is added as null ("not known"; never a made-up value), in experiences and education too;
 *   `location_str` on the Person Profile endpoint is the published city, state and country, as the
 *   dataset writes it; `meta.thin_profile` is true for a trimmed answer or a person known only by URL.
 *   The spec's listing omissions are kept (`follower_count`, the social URLs, grade, activities).
 * - company and school profile ({@link adaptCompanyProfile}): the same, with `meta`.
 * - `meta.last_updated` and every `last_updated` come from the freshness ledger, as for the dataset's
 *   records: a published subject's stored copy is as old as its source (fixtures.ts, SOURCES), and
 *   `use_cache=if-recent` / `live_fetch=force` refresh it (always possible: the failing-refresh rule
 *   is the dataset's).
 * - employee count ({@link adaptEmployeeCount}): the old `{network_employee_count,
 *   linkdb_employee_count}` under the spec's names, mapped as lib/api/schemas.ts reads them.
 * - listings, searches and the job search: served as pages by ./pages.ts like any other, so they
 *   stream when enriched, carry `total_result_count`, and their cursors lead back to this sandbox.
 *
 * Every request about a published subject (fixtures.ts) gets it, whatever its options, which apply
 * as for any record, and billing.ts charges as for any answer: the published answers hold none of
 * the optional person data or company blocks, so those asked for are null or empty (person data is
 * then not charged; blocks are, as the Limits table charges them whenever asked). Where the spec is
 * silent, the choices are:
 * - Listing and job filters are decided from the published data. An entry whose data cannot decide
 *   a filter (a student's country, a job's type) is left out: the sandbox never claims a match it
 *   cannot see. Sorting keeps the published order (the sandbox has no other).
 * - Lookup refinements (`location`, `title`, `similarity_checks`, `lookup_depth`, `company_location`)
 *   do not undo a published match, which is the service's own answer for that subject.
 * - An employee count is the published pair of figures whatever `at_date`, `employment_status` or
 *   `coy_name_match`: the sandbox has nothing else to count with.
 * - The published job search says a page 1 exists but does not show it: its `next_page_api_url`
 *   leads to this sandbox's page 1, which is empty and ends the walk.
 * - The published inconsistencies stay (a lookup `url` naming another profile than its `profile`):
 *   same values.
 */

import { normalizeEmployeeCount } from '../../lib/api/employee-count';
import type { EndpointId } from '../../lib/api/endpoints';
import type { CanonicalParams } from '../../lib/api/params';
import type { EmployeeCountResponse } from '../../lib/api/schemas';
import { parseProfileUrl } from '../../lib/profile-urls';
import { addDays, startOfDay } from '../data/dates';
import { JOB_POSTED_WITHIN_DAYS, keywordMatcher } from '../data/queries';
import type { SandboxCompany, SandboxPerson } from '../data/types';
import { findFixture, type LoadedFixture, SOURCES } from '../fixtures';
import { compileBooleanMatcher, foldEntriesForMatching, foldForMatching } from '../search/boolean';

type Json = Record<string, unknown>;
type Params<Id extends EndpointId> = CanonicalParams<Id>;

/** A published person, served like a person of the dataset (same shaping, ledger and billing). */
export interface PublishedPerson {
  /** What the freshness ledger knows the subject by: its public identifier. */
  publishedId: string;
  lastUpdated: Date;
  profile: Json;
  enrichment: SandboxPerson['enrichment'];
}

export interface PublishedCompany {
  /** The company's `universal_name_id`. */
  publishedId: string;
  lastUpdated: Date;
  profile: Json;
  blocks: SandboxCompany['blocks'];
}

export interface PublishedSchool {
  publishedId: string;
  lastUpdated: Date;
  profile: Json;
}

/** A published result of a listing or search: its URL as published, and whom it is about. */
export interface PublishedEntry<Subject> {
  url: string;
  subject: Subject;
}

/** The published answers carry none of the optional person data: asked for, it is absent (null). */
const NO_ENRICHMENT: SandboxPerson['enrichment'] = Object.freeze({
  extra: null,
  codehost_profile_id: null,
  social_profile_id: null,
  microblog_profile_id: null,
  personal_numbers: [],
  personal_emails: [],
  inferred_salary: null,
  skills: [],
});

/** Nor any of the optional company blocks ("contents: not shown"). */
const NO_BLOCKS: SandboxCompany['blocks'] = Object.freeze({
  categories: null,
  funding_data: null,
  exit_data: null,
  acquisitions: null,
  extra: null,
});

// ---------------------------------------------------------------------------------------------
// The spec's fields ("Resources and fields"), less those it says appear only sometimes
// (`languages`, `languages_and_proficiencies`, `location_str` elsewhere than the profile endpoint).

const PERSON_FIELDS = [
  'public_identifier',
  'profile_pic_url',
  'background_cover_image_url',
  'first_name',
  'last_name',
  'full_name',
  'follower_count',
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
  'certifications',
  'connections',
  'people_also_viewed',
  'recommendations',
  'activities',
  'similarly_named_profiles',
  'articles',
  'groups',
] as const;

/** "follower_count: absent in some list results": not added to a listing's or a search's results. */
const PERSON_FIELDS_ABSENT_IN_LIST_RESULTS = new Set(['follower_count']);

const RELATED_PERSON_FIELDS = ['link', 'name', 'summary', 'location'];

/**
 * The person profile's arrays of known shape, the fields of their elements, and those the spec says
 * are "omitted in employee-listing results".
 */
const PERSON_NESTED: Readonly<
  Record<string, { fields: readonly string[]; omittedInEmployeeListings?: string[] }>
> = {
  experiences: {
    fields: [
      'starts_at',
      'ends_at',
      'company',
      'company_network_profile_url',
      'company_social_profile_url',
      'title',
      'description',
      'location',
      'logo_url',
    ],
    omittedInEmployeeListings: ['company_social_profile_url'],
  },
  education: {
    fields: [
      'starts_at',
      'ends_at',
      'field_of_study',
      'degree_name',
      'school',
      'school_network_profile_url',
      'school_social_profile_url',
      'description',
      'logo_url',
      'grade',
      'activities_and_societies',
    ],
    omittedInEmployeeListings: ['school_social_profile_url', 'grade', 'activities_and_societies'],
  },
  accomplishment_projects: { fields: ['starts_at', 'ends_at', 'title', 'description', 'url'] },
  certifications: {
    fields: ['starts_at', 'ends_at', 'name', 'license_number', 'display_source', 'authority', 'url'],
  },
  people_also_viewed: { fields: RELATED_PERSON_FIELDS },
  similarly_named_profiles: { fields: RELATED_PERSON_FIELDS },
  activities: { fields: ['title', 'link', 'activity_status'] },
};

const COMPANY_FIELDS = [
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
] as const;

const LOCATION_FIELDS = ['country', 'city', 'postal_code', 'line_1', 'is_hq', 'state'];
const RELATED_COMPANY_FIELDS = ['name', 'link', 'industry', 'location'];

const COMPANY_NESTED: Readonly<Record<string, readonly string[]>> = {
  hq: LOCATION_FIELDS,
  locations: LOCATION_FIELDS,
  similar_companies: RELATED_COMPANY_FIELDS,
  affiliated_companies: RELATED_COMPANY_FIELDS,
  updates: ['article_link', 'image', 'posted_on', 'text', 'total_likes'],
};

// ---------------------------------------------------------------------------------------------
// Adapters, one per shape

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The record with each of `fields` it lacks added as null: the published answer does not know it. */
function withFields(record: Json, fields: readonly string[]): Json {
  const out: Json = { ...record };
  for (const field of fields) if (out[field] === undefined) out[field] = null;
  return out;
}

/** An object, or each object of an array, with its missing fields added; anything else as it is. */
function withNestedFields(value: unknown, fields: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => (isRecord(item) ? withFields(item, fields) : item));
  return isRecord(value) ? withFields(value, fields) : value;
}

/** "City, State, Country", as the dataset writes `location_str` (generate.ts), from the published parts. */
function locationLine(profile: Json): string | null {
  const { city, state, country_full_name: country } = profile;
  const parts = [city, state !== city ? state : null, country].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.length > 0 ? parts.join(', ') : null;
}

/** Where a person profile is served: the spec's shape differs a little between these. */
type PersonSetting = 'profile endpoint' | 'lookup' | 'list result' | 'employee listing';

/**
 * A published person profile in the spec's shape. `publicIdentifier` comes from the profile URL it
 * was published for when the answer lacks it (the spec: "identifying portion of the profile URL").
 * `meta.last_updated` is set when served (shape.ts), from the ledger.
 */
export function adaptPersonProfile(
  published: Json,
  setting: PersonSetting,
  { publicIdentifier, thin }: { publicIdentifier: string; thin: boolean },
): Json {
  const employeeListing = setting === 'employee listing';
  const listResult = employeeListing || setting === 'list result';
  const fields = listResult
    ? PERSON_FIELDS.filter((field) => !PERSON_FIELDS_ABSENT_IN_LIST_RESULTS.has(field))
    : PERSON_FIELDS;
  const profile = withFields({ public_identifier: publicIdentifier, ...published }, fields);
  for (const [field, { fields: inner, omittedInEmployeeListings = [] }] of Object.entries(PERSON_NESTED)) {
    const kept = employeeListing ? inner.filter((name) => !omittedInEmployeeListings.includes(name)) : inner;
    profile[field] = withNestedFields(profile[field], kept);
  }
  if (setting === 'profile endpoint' && profile.location_str === undefined)
    profile.location_str = locationLine(profile);
  profile.meta = { ...(isRecord(published.meta) ? published.meta : {}), thin_profile: thin };
  return profile;
}

/** A published company or school profile in the spec's shape (the optional blocks: shape.ts). */
export function adaptCompanyProfile(published: Json): Json {
  const profile = withFields(published, COMPANY_FIELDS);
  for (const [field, inner] of Object.entries(COMPANY_NESTED))
    profile[field] = withNestedFields(profile[field], inner);
  profile.meta = { ...(isRecord(published.meta) ? published.meta : {}), thin_profile: false };
  return profile;
}

/** The published counts under the spec's names: the same reading as the client's (lib/api/schemas.ts). */
export function adaptEmployeeCount(published: Json): { verified: number | null; estimated: number | null } {
  return normalizeEmployeeCount(published as EmployeeCountResponse);
}

// ---------------------------------------------------------------------------------------------
// Published subjects, built once per answer

const built = new WeakMap<LoadedFixture, unknown>();

function once<T>(fixture: LoadedFixture, build: () => T): T {
  if (!built.has(fixture)) built.set(fixture, build());
  return built.get(fixture) as T;
}

function asOf(fixture: LoadedFixture): Date {
  return new Date(SOURCES[fixture.binding.source].asOf);
}

/** The identifier in a profile URL (lower case, as the service keys profiles), or the text itself. */
function idOfUrl(url: string): string {
  return parseProfileUrl(url)?.id ?? url.toLowerCase();
}

/**
 * A published person: from the profile published for them, or, when only their URL was published (a
 * student listing without enrichment), a thin profile holding just what the URL tells.
 */
function personOf(
  fixture: LoadedFixture,
  profile: unknown,
  url: string,
  setting: PersonSetting,
): PublishedPerson {
  const known = isRecord(profile);
  const publicIdentifier =
    known && typeof profile.public_identifier === 'string' ? profile.public_identifier : idOfUrl(url);
  return {
    publishedId: publicIdentifier.toLowerCase(),
    lastUpdated: asOf(fixture),
    profile: adaptPersonProfile(known ? profile : {}, setting, {
      publicIdentifier,
      thin: !known || fixture.binding.trimmed === true,
    }),
    enrichment: NO_ENRICHMENT,
  };
}

function companyOf(fixture: LoadedFixture, profile: Json): PublishedCompany {
  return {
    publishedId: String(profile.universal_name_id).toLowerCase(),
    lastUpdated: asOf(fixture),
    profile: adaptCompanyProfile(profile),
    blocks: NO_BLOCKS,
  };
}

// ---------------------------------------------------------------------------------------------
// What the routes ask: the published subject of a request, if it is about one

export function publishedPerson(params: Params<'person.profile'>): PublishedPerson | undefined {
  const fixture = findFixture('person.profile', params);
  return (
    fixture &&
    once(fixture, () =>
      personOf(fixture, fixture.body, String(fixture.canonical.profile_url), 'profile endpoint'),
    )
  );
}

export function publishedCompany(params: Params<'company.profile'>): PublishedCompany | undefined {
  const fixture = findFixture('company.profile', params);
  return fixture && once(fixture, () => companyOf(fixture, fixture.body as Json));
}

export function publishedSchool(params: Params<'school.profile'>): PublishedSchool | undefined {
  const fixture = findFixture('school.profile', params);
  return (
    fixture &&
    once(fixture, () => {
      const body = fixture.body as Json;
      return {
        publishedId: String(body.universal_name_id).toLowerCase(),
        lastUpdated: asOf(fixture),
        profile: adaptCompanyProfile(body),
      };
    })
  );
}

/** A job profile is already in the spec's shape (every field of its table is published). */
export function publishedJob(params: Params<'job.profile'>): Json | undefined {
  return findFixture('job.profile', params)?.body as Json | undefined;
}

type PersonLookupId = 'role.lookup' | 'person.lookup' | 'email.lookup';

/** A lookup's published match: the URL it names (as published) and the person its profile is. */
export function publishedPersonMatch<Id extends PersonLookupId>(
  id: Id,
  params: Params<Id>,
): { url: string; person: PublishedPerson } | undefined {
  const fixture = findFixture(id, params);
  return (
    fixture &&
    once(fixture, () => {
      const body = fixture.body as Json;
      const url = String(id === 'role.lookup' ? body.network_profile_url : body.url);
      return { url, person: personOf(fixture, body.profile, url, 'lookup') };
    })
  );
}

export function publishedCompanyMatch(
  params: Params<'company.lookup'>,
): { url: string; company: PublishedCompany } | undefined {
  const fixture = findFixture('company.lookup', params);
  return (
    fixture &&
    once(fixture, () => {
      const body = fixture.body as Json;
      return { url: String(body.url), company: companyOf(fixture, body.profile as Json) };
    })
  );
}

export function publishedEmployeeCount(
  params: Params<'employee.count'>,
): { verified: number | null; estimated: number | null } | undefined {
  const fixture = findFixture('employee.count', params);
  return fixture && adaptEmployeeCount(fixture.body as Json);
}

// ---------------------------------------------------------------------------------------------
// Listings

interface PublishedEmployee extends PublishedEntry<PublishedPerson> {
  /** The employee's experiences at the listed company, as published. */
  stints: { title: string; current: boolean }[];
}

function countriesOf(list: string | undefined): Set<string> | null {
  return list ? new Set(list.split(',').map((code) => code.trim().toUpperCase())) : null;
}

/** Whether a person is in one of the countries; one whose country is not known is not. */
function livesIn(person: PublishedPerson, countries: Set<string>): boolean {
  const { country } = person.profile;
  return typeof country === 'string' && countries.has(country.toUpperCase());
}

/**
 * The listing's title test, the dataset's rule (DatasetQueries.titleTest): a boolean expression wins
 * over the regular expression, which is anchored at both ends. Both were validated before (400).
 */
function titleTest(booleanRoleSearch?: string, roleSearch?: string): ((title: string) => boolean) | null {
  if (booleanRoleSearch?.trim()) {
    const matches = compileBooleanMatcher(booleanRoleSearch);
    return (title) => matches(foldForMatching(title));
  }
  if (roleSearch?.trim()) {
    const pattern = new RegExp(`^(?:${roleSearch})$`, 'i');
    return (title) => pattern.test(title);
  }
  return null;
}

/**
 * The published employees of the listed company that this request's options select: by status and
 * title through their published experiences there, by country through their profile.
 */
export function publishedEmployees(params: Params<'employee.list'>): PublishedEmployee[] | undefined {
  const fixture = findFixture('employee.list', params);
  if (!fixture) return undefined;
  const employees = once(fixture, () => {
    const company = parseProfileUrl(String(fixture.canonical.url))?.id;
    const published = (fixture.body as { employees: { profile_url: string; profile: unknown }[] }).employees;
    return published.map(({ profile_url: url, profile }): PublishedEmployee => {
      const experiences = isRecord(profile) && Array.isArray(profile.experiences) ? profile.experiences : [];
      const stints = experiences
        .filter(
          (experience): experience is Json =>
            isRecord(experience) &&
            typeof experience.company_network_profile_url === 'string' &&
            parseProfileUrl(experience.company_network_profile_url)?.id === company,
        )
        .map((experience) => ({
          title: String(experience.title ?? ''),
          current: experience.ends_at === null,
        }));
      return { url, subject: personOf(fixture, profile, url, 'employee listing'), stints };
    });
  });
  const countries = countriesOf(params.country);
  const titleMatches = titleTest(params.boolean_role_search, params.role_search);
  return employees.filter(({ subject, stints }) => {
    const held = stints.filter(
      (stint) =>
        params.employment_status === 'all' || stint.current === (params.employment_status === 'current'),
    );
    if (held.length === 0) return false;
    if (countries && !livesIn(subject, countries)) return false;
    return !titleMatches || held.some((stint) => titleMatches(stint.title));
  });
}

/**
 * The published students this request's options select. They were published as current students
 * (the documented query's status) with no profile, so `past` leaves them out, and so does a country
 * or major filter: neither is known.
 */
export function publishedStudents(
  params: Params<'student.list'>,
): PublishedEntry<PublishedPerson>[] | undefined {
  const fixture = findFixture('student.list', params);
  if (!fixture) return undefined;
  const students = once(fixture, () =>
    (fixture.body as { students: { profile_url: string; profile: unknown }[] }).students.map(
      ({ profile_url: url, profile }) => ({
        url,
        subject: personOf(fixture, profile, url, 'list result'),
      }),
    ),
  );
  const countries = countriesOf(params.country);
  return students.filter(({ subject }) => {
    if (params.student_status === 'past' || params.boolean_search_keyword !== undefined) return false;
    return !countries || livesIn(subject, countries);
  });
}

// ---------------------------------------------------------------------------------------------
// Searches: the subject is the filters, so every published result is on the first page

export function publishedPersonSearch(
  filters: Readonly<Record<string, unknown>>,
): PublishedEntry<PublishedPerson>[] | undefined {
  const fixture = findFixture('person.search', filters);
  return (
    fixture &&
    once(fixture, () =>
      (fixture.body as { results: { network_profile_url: string; profile: unknown }[] }).results.map(
        ({ network_profile_url: url, profile }) => ({
          url,
          subject: personOf(fixture, profile, url, 'list result'),
        }),
      ),
    )
  );
}

export function publishedCompanySearch(
  filters: Readonly<Record<string, unknown>>,
): PublishedEntry<PublishedCompany>[] | undefined {
  const fixture = findFixture('company.search', filters);
  return (
    fixture &&
    once(fixture, () =>
      (fixture.body as { results: { network_profile_url: string; profile: Json }[] }).results.map(
        ({ network_profile_url: url, profile }) => ({ url, subject: companyOf(fixture, profile) }),
      ),
    )
  );
}

// ---------------------------------------------------------------------------------------------
// Job search

/** The filters whose values the published job list entries do not carry. */
const UNKNOWN_JOB_FILTERS = ['job_type', 'experience_level', 'flexibility'] as const;
const ANY = new Set(['anything', 'anytime']);

/**
 * The published jobs of page 0 that this request's filters select (keyword on the title and the
 * company, `when` on the list date; a filter on what an entry does not say leaves it out), and
 * whether the published search has a next page.
 */
export function publishedJobs(
  params: Params<'job.search'>,
  now: Date,
): { jobs: Json[]; nextPage: boolean } | undefined {
  const fixture = findFixture('job.search', params);
  if (!fixture) return undefined;
  const body = fixture.body as { job: Json[]; next_page_no: number | null };
  if (params.geo_id !== undefined || UNKNOWN_JOB_FILTERS.some((name) => !ANY.has(params[name])))
    return { jobs: [], nextPage: body.next_page_no !== null };
  const keyword = params.keyword?.trim() ? keywordMatcher(params.keyword) : null;
  const days = ANY.has(params.when) ? undefined : JOB_POSTED_WITHIN_DAYS[params.when];
  const since = days === undefined ? null : addDays(startOfDay(now), -days);
  const jobs = body.job.filter((job) => {
    if (keyword && !keyword(foldEntriesForMatching([String(job.job_title ?? ''), String(job.company ?? '')])))
      return false;
    return !since || new Date(`${job.list_date}T00:00:00Z`) >= since;
  });
  return { jobs, nextPage: body.next_page_no !== null };
}
