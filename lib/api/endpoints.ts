/**
 * The endpoint registry: one entry per endpoint of the spec. The client, the credit quote, the
 * forms in the UI and the sandbox's request validation all read this table; nobody re-types a
 * path, a parameter name or a default elsewhere. Adding an endpoint is one entry here (plus its
 * params schema, response schema and cost rule, each in its own module, keyed by the same id).
 */
import type { z } from 'zod';
import { costRules } from './costs';
import { paramSchemas } from './params';
import * as s from './schemas';

export const ENDPOINT_IDS = [
  'person.profile',
  'company.profile',
  'school.profile',
  'job.profile',
  'job.search',
  'role.lookup',
  'person.lookup',
  'email.lookup',
  'company.lookup',
  'employee.count',
  'employee.list',
  'student.list',
  'person.search',
  'company.search',
  'person.v3',
  'company.logo',
] as const;

export type EndpointId = (typeof ENDPOINT_IDS)[number];

export type ApiVersion = 'v2' | 'v3';

/**
 * - `none`: one answer per request.
 * - `search`: `next_page` URL; its `next_token` is sent back as `next_token`.
 * - `listing`: `next_page` URL; its `after` is sent back as `after` (see assumptions.ts).
 * - `job-search`: `next_page_api_url`; its `pagination` is sent back as `pagination`.
 */
export type PaginationStyle = 'none' | 'search' | 'listing' | 'job-search';

/** The key of the array of results in a paginated or streamed answer. */
export type ResultsKey = 'results' | 'employees' | 'students' | 'job';

export interface EndpointDef<Id extends EndpointId = EndpointId, Response extends z.ZodType = z.ZodType> {
  id: Id;
  /** What a person calls it; used in quotes, the ledger and forms. */
  title: string;
  version: ApiVersion;
  /** Path under the version's base URL, exactly as the spec writes it. */
  path: string;
  /** Validates what a person entered and returns the canonical params (defaults filled in). */
  params: (typeof paramSchemas)[Id];
  /** The 200 answer. */
  response: Response;
  pagination: PaginationStyle;
  /** Where the results are in a paginated answer; also what streams with `enrich_profiles=enrich`. */
  resultsKey?: ResultsKey;
  /** Whether `enrich_profiles=enrich` makes the service stream this answer. */
  streamsWhenEnriched: boolean;
  cost: (typeof costRules)[Id];
  deprecated?: boolean;
}

function entry<Id extends EndpointId, Response extends z.ZodType>(
  id: Id,
  def: Omit<EndpointDef<Id, Response>, 'id' | 'params' | 'cost' | 'streamsWhenEnriched'> & {
    streamsWhenEnriched?: boolean;
  },
): EndpointDef<Id, Response> {
  return { id, params: paramSchemas[id], cost: costRules[id], streamsWhenEnriched: false, ...def };
}

export const endpoints = {
  'person.profile': entry('person.profile', {
    title: 'Person profile',
    version: 'v2',
    path: '/api/v2/profile',
    response: s.personProfileSchema,
    pagination: 'none',
  }),
  'company.profile': entry('company.profile', {
    title: 'Company profile',
    version: 'v2',
    path: '/api/v2/company',
    response: s.companyProfileSchema,
    pagination: 'none',
  }),
  'school.profile': entry('school.profile', {
    title: 'School profile',
    version: 'v2',
    path: '/api/v2/school',
    response: s.companyProfileSchema,
    pagination: 'none',
  }),
  'job.profile': entry('job.profile', {
    title: 'Job profile',
    version: 'v2',
    path: '/api/v2/job',
    response: s.jobProfileSchema,
    pagination: 'none',
  }),
  'job.search': entry('job.search', {
    title: 'Job search',
    version: 'v2',
    path: '/api/v2/company/job',
    response: s.jobSearchResponseSchema,
    pagination: 'job-search',
    resultsKey: 'job',
  }),
  'role.lookup': entry('role.lookup', {
    title: 'Role lookup',
    version: 'v2',
    path: '/api/v2/find/company/role/',
    response: s.roleLookupResponseSchema,
    pagination: 'none',
  }),
  'person.lookup': entry('person.lookup', {
    title: 'Person lookup',
    version: 'v2',
    path: '/api/v2/profile/resolve',
    response: s.personLookupResponseSchema,
    pagination: 'none',
  }),
  'email.lookup': entry('email.lookup', {
    title: 'Reverse email lookup',
    version: 'v2',
    path: '/api/v2/profile/resolve/email',
    response: s.emailLookupResponseSchema,
    pagination: 'none',
  }),
  'company.lookup': entry('company.lookup', {
    title: 'Company lookup',
    version: 'v2',
    path: '/api/v2/company/resolve',
    response: s.companyLookupResponseSchema,
    pagination: 'none',
  }),
  'employee.count': entry('employee.count', {
    title: 'Employee count',
    version: 'v2',
    path: '/api/v2/company/employees/count',
    response: s.employeeCountResponseSchema,
    pagination: 'none',
  }),
  'employee.list': entry('employee.list', {
    title: 'Employee listing',
    version: 'v2',
    path: '/api/v2/company/employees/',
    response: s.employeeListResponseSchema,
    pagination: 'listing',
    resultsKey: 'employees',
    streamsWhenEnriched: true,
  }),
  'student.list': entry('student.list', {
    title: 'Student listing',
    version: 'v2',
    path: '/api/v2/school/students/',
    response: s.studentListResponseSchema,
    pagination: 'listing',
    resultsKey: 'students',
    streamsWhenEnriched: true,
    deprecated: true,
  }),
  'person.search': entry('person.search', {
    title: 'Person search',
    version: 'v2',
    path: '/api/v2/search/person',
    response: s.personSearchResponseSchema,
    pagination: 'search',
    resultsKey: 'results',
    streamsWhenEnriched: true,
  }),
  'company.search': entry('company.search', {
    title: 'Company search',
    version: 'v2',
    path: '/api/v2/search/company',
    response: s.companySearchResponseSchema,
    pagination: 'search',
    resultsKey: 'results',
    streamsWhenEnriched: true,
  }),
  'person.v3': entry('person.v3', {
    title: 'Person profile (v3)',
    version: 'v3',
    path: '/v3/person',
    response: s.personV3Schema,
    pagination: 'none',
  }),
  'company.logo': entry('company.logo', {
    title: 'Company logo search',
    version: 'v3',
    path: '/v3/company/logo',
    response: s.companyLogoResponseSchema,
    pagination: 'none',
  }),
} satisfies { [Id in EndpointId]: EndpointDef<Id> };

/** The parsed 200 answer of an endpoint. */
export type ResponseOf<Id extends EndpointId> = z.infer<(typeof endpoints)[Id]['response']>;

/**
 * Not an endpoint of the spec: the provider's live API also answers this, free. A 404 from it
 * means "balance unknown". Kept apart from `endpoints` because no quote or form applies to it.
 */
export const creditBalanceEndpoint = {
  version: 'v2',
  path: '/api/v2/credit-balance',
  response: s.creditBalanceResponseSchema,
} as const;

export function isEndpointId(value: unknown): value is EndpointId {
  return typeof value === 'string' && (ENDPOINT_IDS as readonly string[]).includes(value);
}
