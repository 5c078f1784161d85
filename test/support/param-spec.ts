/**
 * The request parameters of the spec, transcribed per endpoint by hand (not read from params.ts),
 * so that the params tests check the schemas against the spec rather than against themselves.
 */

import type { EndpointId } from '../../lib/api/endpoints';
import { describeParamError, paramSchemas, type RawParams } from '../../lib/api/params';

export const PERSON_URL = 'https://www.linkedin.com/in/johnrmarty';
export const COMPANY_URL = 'https://www.linkedin.com/company/google';
export const SCHOOL_URL = 'https://www.linkedin.com/school/national-university-of-singapore';
const JOB_URL = 'https://www.linkedin.com/jobs/view/content-strategist-at-microsoft-3257696537';

/** A valid call with only what each endpoint requires. */
export const MINIMAL: Record<EndpointId, RawParams> = {
  'person.profile': { profile_url: PERSON_URL },
  'company.profile': { url: COMPANY_URL },
  'school.profile': { url: SCHOOL_URL },
  'job.profile': { url: JOB_URL },
  'job.search': {},
  'role.lookup': { role: 'ceo', company_name: 'Nubela' },
  'person.lookup': { first_name: 'Bill', company_domain: 'gatesfoundation.org' },
  'email.lookup': { email: 'robin@example.com' },
  'company.lookup': { company_domain: 'accenture.com' },
  'employee.count': { url: COMPANY_URL },
  'employee.list': { url: COMPANY_URL },
  'student.list': { school_url: SCHOOL_URL },
  'person.search': {},
  'company.search': {},
  'person.v3': { profile: 'johnrmarty' },
  'company.logo': { q: 'google' },
};

/** The canonical params of each minimal call: every documented v2 default filled in. */
export const CANONICAL: Record<EndpointId, Record<string, string | number>> = {
  'person.profile': {
    profile_url: PERSON_URL,
    extra: 'exclude',
    codehost_profile_id: 'exclude',
    social_profile_id: 'exclude',
    microblog_profile_id: 'exclude',
    personal_contact_number: 'exclude',
    personal_email: 'exclude',
    inferred_salary: 'exclude',
    skills: 'exclude',
    use_cache: 'if-recent',
    fallback_to_cache: 'on-error',
    live_fetch: 'default',
  },
  'company.profile': {
    url: COMPANY_URL,
    categories: 'exclude',
    funding_data: 'exclude',
    exit_data: 'exclude',
    acquisitions: 'exclude',
    extra: 'exclude',
    use_cache: 'if-recent',
    fallback_to_cache: 'on-error',
    live_fetch: 'default',
  },
  'school.profile': { url: SCHOOL_URL, use_cache: 'if-present', live_fetch: 'default' },
  'job.profile': { url: JOB_URL },
  'job.search': {
    job_type: 'anything',
    experience_level: 'anything',
    when: 'anytime',
    flexibility: 'anything',
  },
  'role.lookup': { role: 'ceo', company_name: 'Nubela', enrich_profile: 'skip' },
  'person.lookup': {
    first_name: 'Bill',
    company_domain: 'gatesfoundation.org',
    similarity_checks: 'include',
    enrich_profile: 'skip',
  },
  'email.lookup': { email: 'robin@example.com', lookup_depth: 'deep', enrich_profile: 'skip' },
  'company.lookup': { company_domain: 'accenture.com', enrich_profile: 'skip' },
  'employee.count': {
    url: COMPANY_URL,
    coy_name_match: 'include',
    use_cache: 'if-present',
    estimated_employee_count: 'exclude',
    employment_status: 'current',
  },
  'employee.list': {
    url: COMPANY_URL,
    coy_name_match: 'include',
    use_cache: 'if-present',
    enrich_profiles: 'skip',
    page_size: 10,
    employment_status: 'current',
    sort_by: 'none',
    resolve_numeric_id: 'false',
  },
  'student.list': {
    school_url: SCHOOL_URL,
    enrich_profiles: 'skip',
    page_size: 10,
    student_status: 'current',
    sort_by: 'none',
    resolve_numeric_id: 'false',
  },
  'person.search': {
    current_company_employee_count_category: 'custom',
    page_size: 100,
    enrich_profiles: 'skip',
    use_cache: 'if-present',
  },
  'company.search': {
    employee_count_category: 'custom',
    page_size: 100,
    enrich_profiles: 'skip',
    use_cache: 'if-present',
  },
  'person.v3': { profile: 'johnrmarty' },
  'company.logo': { q: 'google' },
};

/** Every parameter of every endpoint, transcribed from the spec (plus the chosen names in assumptions.ts). */
export const SPEC_PARAMS: Record<EndpointId, string[]> = {
  'person.profile': [
    'profile_url',
    'microblog_profile_url',
    'social_profile_url',
    'extra',
    'codehost_profile_id',
    'social_profile_id',
    'microblog_profile_id',
    'personal_contact_number',
    'personal_email',
    'inferred_salary',
    'skills',
    'use_cache',
    'fallback_to_cache',
    'live_fetch',
  ],
  'company.profile': [
    'url',
    'categories',
    'funding_data',
    'exit_data',
    'acquisitions',
    'extra',
    'use_cache',
    'fallback_to_cache',
    'live_fetch',
  ],
  'school.profile': ['url', 'use_cache', 'live_fetch'],
  'job.profile': ['url'],
  'job.search': [
    'job_type',
    'experience_level',
    'when',
    'flexibility',
    'geo_id',
    'keyword',
    'search_id',
    'pagination',
  ],
  'role.lookup': ['role', 'company_name', 'enrich_profile'],
  'person.lookup': [
    'company_domain',
    'first_name',
    'last_name',
    'location',
    'title',
    'similarity_checks',
    'enrich_profile',
  ],
  'email.lookup': ['email', 'lookup_depth', 'enrich_profile'],
  'company.lookup': ['company_name', 'company_domain', 'company_location', 'enrich_profile'],
  'employee.count': [
    'url',
    'coy_name_match',
    'at_date',
    'use_cache',
    'estimated_employee_count',
    'employment_status',
  ],
  'employee.list': [
    'url',
    'coy_name_match',
    'use_cache',
    'country',
    'enrich_profiles',
    'boolean_role_search',
    'role_search',
    'page_size',
    'employment_status',
    'sort_by',
    'resolve_numeric_id',
    'after',
  ],
  'student.list': [
    'school_url',
    'country',
    'enrich_profiles',
    'boolean_search_keyword',
    'page_size',
    'student_status',
    'sort_by',
    'resolve_numeric_id',
    'after',
  ],
  'person.search': [
    'country',
    'region',
    'city',
    'first_name',
    'last_name',
    'headline',
    'summary',
    'languages',
    'groups',
    'interests',
    'skills',
    'skills_all_in_list',
    'industries',
    'education_field_of_study',
    'education_degree_name',
    'education_school_name',
    'education_school_profile_url',
    'current_role_title',
    'past_role_title',
    'current_job_description',
    'past_job_description',
    'current_role_before',
    'current_role_after',
    'current_company_profile_url',
    'past_company_profile_url',
    'current_company_name',
    'past_company_name',
    'current_company_country',
    'current_company_region',
    'current_company_city',
    'current_company_type',
    'current_company_follower_count_min',
    'current_company_follower_count_max',
    'current_company_industry',
    'current_company_primary_industry',
    'current_company_specialities',
    'current_company_description',
    'current_company_domain_name',
    'current_company_employee_count_category',
    'current_company_employee_count_min',
    'current_company_employee_count_max',
    'current_company_founded_after_year',
    'current_company_founded_before_year',
    'current_company_funding_amount_min',
    'current_company_funding_amount_max',
    'current_company_funding_raised_after',
    'current_company_funding_raised_before',
    'public_identifier_in_list',
    'public_identifier_not_in_list',
    'follower_count_min',
    'follower_count_max',
    'page_size',
    'enrich_profiles',
    'use_cache',
    'next_token',
  ],
  'company.search': [
    'country',
    'region',
    'city',
    'type',
    'follower_count_min',
    'follower_count_max',
    'name',
    'industry',
    'primary_industry',
    'specialities',
    'description',
    'domain_name',
    'employee_count_category',
    'employee_count_min',
    'employee_count_max',
    'founded_after_year',
    'founded_before_year',
    'funding_amount_min',
    'funding_amount_max',
    'funding_raised_after',
    'funding_raised_before',
    'public_identifier_in_list',
    'public_identifier_not_in_list',
    'page_size',
    'enrich_profiles',
    'use_cache',
    'next_token',
  ],
  'person.v3': [
    'profile',
    'email',
    'codehost',
    'social',
    'microblog',
    'socialLink',
    'phoneNumber',
    'personalEmail',
    'workEmail',
    'careerInsight',
    'developerProfile',
    'maxAgeSeconds',
  ],
  'company.logo': ['q'],
};

const EXCLUDE_INCLUDE = ['exclude', 'include'];
const USE_CACHE = ['if-present', 'if-recent'];
const FALLBACK = ['on-error', 'never'];
const LIVE_FETCH = ['default', 'force'];
const ENRICH = ['skip', 'enrich'];
const STATUS = ['current', 'past', 'all'];
const COMPANY_TYPES = [
  'EDUCATIONAL',
  'GOVERNMENT_AGENCY',
  'NON_PROFIT',
  'PARTNERSHIP',
  'PRIVATELY_HELD',
  'PUBLIC_COMPANY',
  'SELF_EMPLOYED',
  'SELF_OWNED',
];
const SIZE_CATEGORIES = ['custom', 'startup', 'small', 'medium', 'large', 'enterprise'];

/** Every enum of the spec, per endpoint, in the spec's spelling. */
export const SPEC_ENUMS: Partial<Record<EndpointId, Record<string, string[]>>> = {
  'person.profile': {
    extra: EXCLUDE_INCLUDE,
    codehost_profile_id: EXCLUDE_INCLUDE,
    social_profile_id: EXCLUDE_INCLUDE,
    microblog_profile_id: EXCLUDE_INCLUDE,
    personal_contact_number: EXCLUDE_INCLUDE,
    personal_email: EXCLUDE_INCLUDE,
    inferred_salary: EXCLUDE_INCLUDE,
    skills: EXCLUDE_INCLUDE,
    use_cache: USE_CACHE,
    fallback_to_cache: FALLBACK,
    live_fetch: LIVE_FETCH,
  },
  'company.profile': {
    categories: EXCLUDE_INCLUDE,
    funding_data: EXCLUDE_INCLUDE,
    exit_data: EXCLUDE_INCLUDE,
    acquisitions: EXCLUDE_INCLUDE,
    extra: EXCLUDE_INCLUDE,
    use_cache: USE_CACHE,
    fallback_to_cache: FALLBACK,
    live_fetch: LIVE_FETCH,
  },
  'school.profile': { use_cache: USE_CACHE, live_fetch: LIVE_FETCH },
  'job.search': {
    job_type: ['full-time', 'part-time', 'contract', 'internship', 'temporary', 'volunteer', 'anything'],
    experience_level: ['internship', 'entry_level', 'associate', 'mid_senior_level', 'director', 'anything'],
    when: ['yesterday', 'past-week', 'past-month', 'anytime'],
    flexibility: ['remote', 'on-site', 'hybrid', 'anything'],
  },
  'role.lookup': { enrich_profile: ENRICH },
  'person.lookup': { similarity_checks: ['include', 'skip'], enrich_profile: ENRICH },
  'email.lookup': { lookup_depth: ['deep', 'superficial'], enrich_profile: ENRICH },
  'company.lookup': { enrich_profile: ENRICH },
  'employee.count': {
    coy_name_match: ['include', 'exclude'],
    use_cache: USE_CACHE,
    estimated_employee_count: EXCLUDE_INCLUDE,
    employment_status: STATUS,
  },
  'employee.list': {
    coy_name_match: ['include', 'exclude'],
    use_cache: USE_CACHE,
    enrich_profiles: ENRICH,
    employment_status: STATUS,
    sort_by: ['recently-joined', 'recently-left', 'oldest', 'none'],
    resolve_numeric_id: ['false', 'true'],
  },
  'student.list': {
    enrich_profiles: ENRICH,
    student_status: STATUS,
    sort_by: ['recently-matriculated', 'recently-graduated', 'none'],
    resolve_numeric_id: ['false', 'true'],
  },
  'person.search': {
    current_company_type: COMPANY_TYPES,
    current_company_employee_count_category: SIZE_CATEGORIES,
    enrich_profiles: ENRICH,
    use_cache: USE_CACHE,
  },
  'company.search': {
    type: COMPANY_TYPES,
    employee_count_category: SIZE_CATEGORIES,
    enrich_profiles: ENRICH,
    use_cache: USE_CACHE,
  },
  'person.v3': {
    personalEmail: EXCLUDE_INCLUDE,
    socialLink: EXCLUDE_INCLUDE,
    phoneNumber: EXCLUDE_INCLUDE,
    workEmail: EXCLUDE_INCLUDE,
    careerInsight: EXCLUDE_INCLUDE,
    developerProfile: EXCLUDE_INCLUDE,
  },
};

/** Integer parameters per endpoint, with the smallest and largest value the spec allows. */
export const SPEC_INTEGERS: Partial<Record<EndpointId, Record<string, [number, number]>>> = {
  'employee.list': { page_size: [1, 9999] },
  'student.list': { page_size: [1, 200_000] },
  'person.search': {
    page_size: [1, 100],
    ...Object.fromEntries(
      [
        'current_company_follower_count_min',
        'current_company_follower_count_max',
        'current_company_employee_count_min',
        'current_company_employee_count_max',
        'current_company_founded_after_year',
        'current_company_founded_before_year',
        'current_company_funding_amount_min',
        'current_company_funding_amount_max',
        'follower_count_min',
        'follower_count_max',
      ].map((name) => [name, [0, Number.MAX_SAFE_INTEGER]]),
    ),
  },
  'company.search': {
    page_size: [1, 100],
    ...Object.fromEntries(
      [
        'follower_count_min',
        'follower_count_max',
        'employee_count_min',
        'employee_count_max',
        'founded_after_year',
        'founded_before_year',
        'funding_amount_min',
        'funding_amount_max',
      ].map((name) => [name, [0, Number.MAX_SAFE_INTEGER]]),
    ),
  },
  'person.v3': { maxAgeSeconds: [0, Number.MAX_SAFE_INTEGER] },
};

/** Boolean search expressions (at most 255 characters). */
export const SPEC_EXPRESSIONS: Partial<Record<EndpointId, string[]>> = {
  'employee.list': ['boolean_role_search'],
  'student.list': ['boolean_search_keyword'],
  'person.search': [
    'region',
    'city',
    'first_name',
    'last_name',
    'headline',
    'summary',
    'languages',
    'groups',
    'interests',
    'skills',
    'industries',
    'education_field_of_study',
    'education_degree_name',
    'education_school_name',
    'current_role_title',
    'past_role_title',
    'current_job_description',
    'past_job_description',
    'current_company_name',
    'past_company_name',
    'current_company_region',
    'current_company_city',
    'current_company_industry',
    'current_company_primary_industry',
    'current_company_specialities',
    'current_company_description',
    'current_company_domain_name',
  ],
  'company.search': [
    'region',
    'city',
    'name',
    'industry',
    'primary_industry',
    'specialities',
    'description',
    'domain_name',
  ],
};

/** Profile URL parameters. */
export const SPEC_URLS: Partial<Record<EndpointId, string[]>> = {
  'person.profile': ['profile_url', 'microblog_profile_url', 'social_profile_url'],
  'company.profile': ['url'],
  'school.profile': ['url'],
  'job.profile': ['url'],
  'employee.count': ['url'],
  'employee.list': ['url'],
  'student.list': ['school_url'],
  'person.search': [
    'education_school_profile_url',
    'current_company_profile_url',
    'past_company_profile_url',
  ],
};

export const SPEC_DATES: Partial<Record<EndpointId, string[]>> = {
  'employee.count': ['at_date'],
  'person.search': [
    'current_role_before',
    'current_role_after',
    'current_company_funding_raised_after',
    'current_company_funding_raised_before',
  ],
  'company.search': ['funding_raised_after', 'funding_raised_before'],
};

export const SPEC_COUNTRIES: Partial<Record<EndpointId, string[]>> = {
  'company.lookup': ['company_location'],
  'student.list': ['country'],
  'person.search': ['country', 'current_company_country'],
  'company.search': ['country'],
};

export const ENDPOINT_IDS = Object.keys(MINIMAL) as EndpointId[];

export function parse(id: EndpointId, params: RawParams) {
  return paramSchemas[id].safeParse(params);
}

export function canonical(id: EndpointId, params: RawParams): Record<string, unknown> {
  const result = parse(id, params);
  if (!result.success)
    throw new Error(`${id} refused ${JSON.stringify(params)}:\n${describeParamError(result.error)}`);
  return result.data;
}

/** The sentences describing why `params` were refused; fails the test if they were accepted. */
export function refusal(id: EndpointId, params: RawParams): string {
  const result = parse(id, params);
  if (result.success) throw new Error(`${id} accepted ${JSON.stringify(params)}`);
  return describeParamError(result.error);
}

export const sorted = (names: readonly string[]) => [...names].sort();
