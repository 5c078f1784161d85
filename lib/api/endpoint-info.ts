/**
 * The registry's plain half: what every context may know about an endpoint without zod. Titles,
 * paths, how its answers page and stream, and which parameters identify a request (the ledger's
 * summary). The extension's pages import this (and ./fields), never ./endpoints, which adds the zod
 * schemas and cost rules only the background and the sandbox need.
 *
 * Parameter names here are typed by the endpoint's own params (`ParamName<Id>`, a type-only import
 * of ./params): renaming a parameter fails the typecheck wherever this table names it.
 */
import { JOB_SEARCH_CURSOR_PARAM, LISTING_CURSOR_PARAM, SEARCH_CURSOR_PARAM } from './assumptions';
import type { ApiVersion, EndpointId } from './ids';
import type { ParamName } from './params';

export type { ApiVersion, EndpointId } from './ids';

/** The key of the array of results in a paginated or streamed answer. */
export type ResultsKey = 'results' | 'employees' | 'students' | 'job';

/**
 * How an answer points at its next page, and how the cursor goes back:
 * - `field`: the answer's field holding the next page's address (null on the last page);
 * - `readParam`: the query parameter of that address that carries the cursor;
 * - `sendParam`: the request parameter the cursor is sent back in.
 */
export interface CursorRule<Id extends EndpointId = EndpointId> {
  style: 'search' | 'listing' | 'job-search';
  field: 'next_page' | 'next_page_api_url';
  readParam: string;
  sendParam: ParamName<Id>;
}

export interface EndpointInfo<Id extends EndpointId = EndpointId> {
  id: Id;
  /** What a person calls it; used in quotes, the ledger and forms. */
  title: string;
  version: ApiVersion;
  /** Path under the version's base URL, exactly as the spec writes it. */
  path: string;
  /** Absent: one answer per request. */
  cursor?: CursorRule<Id>;
  /** Where the results are in a paginated answer; also what streams with `enrich_profiles=enrich`. */
  resultsKey?: ResultsKey;
  /** Whether `enrich_profiles=enrich` makes the service stream this answer. */
  streamsWhenEnriched: boolean;
  /** The parameters that say what was asked for, in the order a summary names them. */
  identifying: readonly ParamName<Id>[];
  deprecated?: boolean;
}

/** Searches: `next_page`'s `next_token`, sent back as `next_token` (stated by the spec). */
const searchCursor = {
  style: 'search',
  field: 'next_page',
  readParam: 'next_token',
  sendParam: SEARCH_CURSOR_PARAM,
} as const;
/** Listings: `next_page`'s `after`, sent back as `after` (see assumptions.ts). */
const listingCursor = {
  style: 'listing',
  field: 'next_page',
  readParam: 'after',
  sendParam: LISTING_CURSOR_PARAM,
} as const;
/** Job search: `next_page_api_url`'s `pagination`, sent back as `pagination` (stated). */
const jobSearchCursor = {
  style: 'job-search',
  field: 'next_page_api_url',
  readParam: 'pagination',
  sendParam: JOB_SEARCH_CURSOR_PARAM,
} as const;

function info<Id extends EndpointId>(
  id: Id,
  def: Omit<EndpointInfo<Id>, 'id' | 'streamsWhenEnriched'> & { streamsWhenEnriched?: boolean },
): EndpointInfo<Id> {
  return { id, streamsWhenEnriched: false, ...def };
}

export const endpointInfo = {
  'person.profile': info('person.profile', {
    title: 'Person profile',
    version: 'v2',
    path: '/api/v2/profile',
    identifying: ['profile_url', 'social_profile_url', 'microblog_profile_url'],
  }),
  'company.profile': info('company.profile', {
    title: 'Company profile',
    version: 'v2',
    path: '/api/v2/company',
    identifying: ['url'],
  }),
  'school.profile': info('school.profile', {
    title: 'School profile',
    version: 'v2',
    path: '/api/v2/school',
    identifying: ['url'],
  }),
  'job.profile': info('job.profile', {
    title: 'Job profile',
    version: 'v2',
    path: '/api/v2/job',
    identifying: ['url'],
  }),
  'job.search': info('job.search', {
    title: 'Job search',
    version: 'v2',
    path: '/api/v2/company/job',
    cursor: jobSearchCursor,
    resultsKey: 'job',
    identifying: ['search_id', 'keyword', 'geo_id'],
  }),
  'role.lookup': info('role.lookup', {
    title: 'Role lookup',
    version: 'v2',
    path: '/api/v2/find/company/role/',
    identifying: ['role', 'company_name'],
  }),
  'person.lookup': info('person.lookup', {
    title: 'Person lookup',
    version: 'v2',
    path: '/api/v2/profile/resolve',
    identifying: ['first_name', 'last_name', 'company_domain', 'title', 'location'],
  }),
  'email.lookup': info('email.lookup', {
    title: 'Reverse email lookup',
    version: 'v2',
    path: '/api/v2/profile/resolve/email',
    identifying: ['email'],
  }),
  'company.lookup': info('company.lookup', {
    title: 'Company lookup',
    version: 'v2',
    path: '/api/v2/company/resolve',
    identifying: ['company_name', 'company_domain', 'company_location'],
  }),
  'employee.count': info('employee.count', {
    title: 'Employee count',
    version: 'v2',
    path: '/api/v2/company/employees/count',
    identifying: ['url', 'at_date'],
  }),
  'employee.list': info('employee.list', {
    title: 'Employee listing',
    version: 'v2',
    path: '/api/v2/company/employees/',
    cursor: listingCursor,
    resultsKey: 'employees',
    streamsWhenEnriched: true,
    identifying: ['url', 'role_search', 'boolean_role_search', 'country'],
  }),
  'student.list': info('student.list', {
    title: 'Student listing',
    version: 'v2',
    path: '/api/v2/school/students/',
    cursor: listingCursor,
    resultsKey: 'students',
    streamsWhenEnriched: true,
    identifying: ['school_url', 'boolean_search_keyword', 'country'],
    deprecated: true,
  }),
  'person.search': info('person.search', {
    title: 'Person search',
    version: 'v2',
    path: '/api/v2/search/person',
    cursor: searchCursor,
    resultsKey: 'results',
    streamsWhenEnriched: true,
    identifying: ['first_name', 'last_name', 'current_role_title', 'current_company_name', 'country', 'city'],
  }),
  'company.search': info('company.search', {
    title: 'Company search',
    version: 'v2',
    path: '/api/v2/search/company',
    cursor: searchCursor,
    resultsKey: 'results',
    streamsWhenEnriched: true,
    identifying: ['name', 'industry', 'domain_name', 'country', 'city'],
  }),
  'person.v3': info('person.v3', {
    title: 'Person profile (v3)',
    version: 'v3',
    path: '/v3/person',
    identifying: ['profile', 'email', 'codehost', 'social', 'microblog'],
  }),
  'company.logo': info('company.logo', {
    title: 'Company logo search',
    version: 'v3',
    path: '/v3/company/logo',
    identifying: ['q'],
  }),
} satisfies { [Id in EndpointId]: EndpointInfo<Id> };

/** What a person calls an endpoint ("Person profile"); an id the registry no longer has reads as is. */
export function endpointTitle(endpointId: string): string {
  return Object.hasOwn(endpointInfo, endpointId) ? endpointInfo[endpointId as EndpointId].title : endpointId;
}

/**
 * A short, key-free summary of a request for the ledger and recent lists: its identifying
 * parameters that were given (else the first few given ones). An address or an email says what it
 * is by itself and is shown alone, an address without its scheme and `www.`
 * ("linkedin.com/in/karla-streich"); any other value with its parameter ("country=GB").
 */
export function summarizeParams(
  id: EndpointId,
  params: Readonly<Record<string, unknown>>,
  maxLength = 120,
): string {
  const given = (name: string) => params[name] !== undefined && params[name] !== null && params[name] !== '';
  let names: readonly string[] = (endpointInfo[id].identifying as readonly string[]).filter(given);
  if (names.length === 0) names = Object.keys(params).filter(given).slice(0, 4);
  return clip(names.map((name) => readable(name, String(params[name]))).join(' '), maxLength);
}

/**
 * What the ledger calls a paid request once answered: who or what the answer is about, when it
 * says ("Karla Streich · linkedin.com/in/karla-streich"), else what was asked.
 */
export function summarizeAnswer(
  id: EndpointId,
  params: Readonly<Record<string, unknown>>,
  data: unknown,
  maxLength = 120,
): string {
  const asked = summarizeParams(id, params, maxLength);
  const subject = subjectOf(data);
  return subject ? clip(`${subject} · ${asked}`, maxLength) : asked;
}

/** The name an answer gives its person, company, school or job; null when it gives none. */
function subjectOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const top = data as Record<string, unknown>;
  const answer = (typeof top.profile === 'object' && top.profile !== null ? top.profile : top) as Record<
    string,
    unknown
  >;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const parts = [text(answer.first_name), text(answer.last_name)].filter(Boolean).join(' ');
  return (
    text(answer.full_name) ??
    text(answer.fullName) ??
    text(answer.name) ??
    (parts || null) ??
    text(answer.title)
  );
}

function readable(name: string, value: string): string {
  if (/^https?:\/\//i.test(value)) return value.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');
  return /^[^\s@]+@[^\s@]+$/.test(value) ? value : `${name}=${value}`;
}

function clip(text: string, maxLength: number): string {
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
