/**
 * The request-parameter schemas against the spec: what each endpoint accepts, the canonical params
 * it turns that into, and every rule that is refused locally (with a message naming the parameter).
 * Imports params.ts directly, not the registry, so it runs on its own.
 */

import { describe, expect, it } from 'vitest';
import { type EndpointId, endpoints } from '../../../../lib/api/endpoints';
import type { ParamKind } from '../../../../lib/api/field-types';
import {
  describeParamError,
  FRESHNESS_PARAMS,
  paramFields,
  paramSchemas,
  type RawParams,
} from '../../../../lib/api/params';

const PERSON_URL = 'https://www.linkedin.com/in/johnrmarty';
const COMPANY_URL = 'https://www.linkedin.com/company/google';
const SCHOOL_URL = 'https://www.linkedin.com/school/national-university-of-singapore';
const JOB_URL = 'https://www.linkedin.com/jobs/view/content-strategist-at-microsoft-3257696537';

/** A valid call with only what each endpoint requires. */
const MINIMAL: Record<EndpointId, RawParams> = {
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
const CANONICAL: Record<EndpointId, Record<string, string | number>> = {
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
const SPEC_PARAMS: Record<EndpointId, string[]> = {
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
const SPEC_ENUMS: Partial<Record<EndpointId, Record<string, string[]>>> = {
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
const SPEC_INTEGERS: Partial<Record<EndpointId, Record<string, [number, number]>>> = {
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
const SPEC_EXPRESSIONS: Partial<Record<EndpointId, string[]>> = {
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
const SPEC_URLS: Partial<Record<EndpointId, string[]>> = {
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

const SPEC_DATES: Partial<Record<EndpointId, string[]>> = {
  'employee.count': ['at_date'],
  'person.search': [
    'current_role_before',
    'current_role_after',
    'current_company_funding_raised_after',
    'current_company_funding_raised_before',
  ],
  'company.search': ['funding_raised_after', 'funding_raised_before'],
};

const SPEC_COUNTRIES: Partial<Record<EndpointId, string[]>> = {
  'company.lookup': ['company_location'],
  'student.list': ['country'],
  'person.search': ['country', 'current_company_country'],
  'company.search': ['country'],
};

const ENDPOINT_IDS = Object.keys(MINIMAL) as EndpointId[];

function parse(id: EndpointId, params: RawParams) {
  return paramSchemas[id].safeParse(params);
}

function canonical(id: EndpointId, params: RawParams): Record<string, unknown> {
  const result = parse(id, params);
  if (!result.success)
    throw new Error(`${id} refused ${JSON.stringify(params)}:\n${describeParamError(result.error)}`);
  return result.data;
}

/** The sentences describing why `params` were refused; fails the test if they were accepted. */
function refusal(id: EndpointId, params: RawParams): string {
  const result = parse(id, params);
  if (result.success) throw new Error(`${id} accepted ${JSON.stringify(params)}`);
  return describeParamError(result.error);
}

function namesOfKind(id: EndpointId, kinds: ParamKind[]): string[] {
  return paramFields(id)
    .filter((field) => kinds.includes(field.kind))
    .map((field) => field.name);
}

const sorted = (names: readonly string[]) => [...names].sort();

describe('paramSchemas', () => {
  it('has a schema for every endpoint and every parameter of the spec', () => {
    expect(sorted(Object.keys(paramSchemas))).toEqual(sorted(ENDPOINT_IDS));
    for (const id of ENDPOINT_IDS) {
      expect({ id, params: sorted(Object.keys(paramSchemas[id].shape)) }).toEqual({
        id,
        params: sorted(SPEC_PARAMS[id]),
      });
    }
  });

  it.each(ENDPOINT_IDS)('%s: a minimal call comes out with its documented defaults', (id) => {
    expect(canonical(id, MINIMAL[id])).toEqual(CANONICAL[id]);
  });

  it.each(ENDPOINT_IDS)('%s: canonical params parse to themselves', (id) => {
    expect(canonical(id, CANONICAL[id])).toEqual(CANONICAL[id]);
  });

  it.each(ENDPOINT_IDS)('%s: an unknown parameter is refused by name', (id) => {
    expect(refusal(id, { ...MINIMAL[id], colour: 'blue' })).toBe('colour: not a parameter of this endpoint');
  });

  it('suggests the parameter a typo meant', () => {
    expect(refusal('person.search', { pagesize: 5 })).toBe(
      'pagesize: not a parameter of this endpoint (did you mean page_size?)',
    );
    expect(refusal('employee.list', { url: COMPANY_URL, Page_Size: 5, sortby: 'oldest' })).toBe(
      'Page_Size, sortby: not parameters of this endpoint (did you mean page_size for Page_Size, sort_by for sortby?)',
    );
  });

  it.each(ENDPOINT_IDS)('%s: every field has a label for forms', (id) => {
    for (const field of paramFields(id)) expect(field.label, `${id} ${field.name}`).toMatch(/\S/);
  });
});

describe('blank and given values', () => {
  it('reads empty, whitespace-only, null and undefined values as not given', () => {
    expect(
      canonical('person.lookup', {
        first_name: ' Bill ',
        company_domain: 'gatesfoundation.org',
        last_name: '',
        location: '   ',
        title: null,
        similarity_checks: undefined,
        enrich_profile: '',
      }),
    ).toEqual(CANONICAL['person.lookup']);
  });

  it('leaves optional parameters without a default absent, not undefined', () => {
    const params = canonical('person.lookup', { ...MINIMAL['person.lookup'], title: '' });
    expect(Object.keys(params)).not.toContain('title');
  });

  it('trims text before checking it', () => {
    expect(canonical('company.logo', { q: '  google.com \n' })).toEqual({ q: 'google.com' });
    expect(canonical('job.search', { keyword: ' engineer ', geo_id: 92000000 })).toMatchObject({
      keyword: 'engineer',
      geo_id: '92000000',
    });
  });

  it('accepts opaque cursors on all three pagination styles', () => {
    expect(canonical('person.search', { next_token: ' tok3n ' })).toMatchObject({ next_token: 'tok3n' });
    expect(canonical('company.search', { next_token: 'abc' })).toMatchObject({ next_token: 'abc' });
    expect(canonical('employee.list', { url: COMPANY_URL, after: 'eyJwIjoyfQ' })).toMatchObject({
      after: 'eyJwIjoyfQ',
    });
    expect(canonical('student.list', { school_url: SCHOOL_URL, after: 'x' })).toMatchObject({ after: 'x' });
    expect(canonical('job.search', { pagination: 'eyJwYWdlIjogMX0', search_id: '1035' })).toMatchObject({
      pagination: 'eyJwYWdlIjogMX0',
    });
  });

  it('names the cursor and freshness parameters, each a parameter of some endpoint', () => {
    const allParams = new Set(ENDPOINT_IDS.flatMap((id) => Object.keys(paramSchemas[id].shape)));
    const CURSOR_PARAMS = ['next_token', 'after', 'pagination'];
    expect(Object.values(endpoints).flatMap((e) => (e.cursor ? [e.cursor.sendParam] : []))).toEqual(
      expect.arrayContaining(CURSOR_PARAMS),
    );
    expect(sorted(FRESHNESS_PARAMS)).toEqual([
      'fallback_to_cache',
      'live_fetch',
      'maxAgeSeconds',
      'use_cache',
    ]);
    for (const name of [...CURSOR_PARAMS, ...FRESHNESS_PARAMS]) expect(allParams).toContain(name);
  });
});

describe('required parameters', () => {
  it.each<[EndpointId, RawParams, string]>([
    ['company.profile', {}, 'url: required'],
    ['school.profile', { url: '  ' }, 'url: required'],
    ['job.profile', { url: null }, 'url: required'],
    ['employee.count', {}, 'url: required'],
    ['employee.list', {}, 'url: required'],
    ['student.list', {}, 'school_url: required'],
    ['role.lookup', { company_name: 'Nubela' }, 'role: required'],
    ['role.lookup', { role: 'ceo' }, 'company_name: required'],
    ['email.lookup', {}, 'email: required'],
    ['company.logo', {}, 'q: required'],
    ['company.logo', { q: '   ' }, 'q: required'],
    ['person.lookup', { company_domain: 'gatesfoundation.org' }, 'first_name: required'],
    ['person.lookup', { first_name: 'Bill', last_name: 'Gates' }, 'company_domain: required'],
    [
      'company.lookup',
      { company_location: 'US' },
      'company_name: required: give company_name or company_domain',
    ],
  ])('%s %j is refused: %s', (id, params, message) => {
    expect(refusal(id, params)).toContain(message);
  });

  it('company lookup takes a name, a domain or both', () => {
    expect(canonical('company.lookup', { company_name: 'Accenture' })).toMatchObject({
      company_name: 'Accenture',
    });
    expect(
      canonical('company.lookup', { company_name: 'Accenture', company_domain: 'accenture.com' }),
    ).toMatchObject({ company_name: 'Accenture', company_domain: 'accenture.com' });
  });

  describe('person profile: exactly one of the three profile URLs', () => {
    it('refuses none', () => {
      expect(refusal('person.profile', { extra: 'include' })).toBe(
        'profile_url: required: give exactly one of profile_url, microblog_profile_url, social_profile_url',
      );
    });

    it('refuses two or three, naming the extras', () => {
      const message = refusal('person.profile', {
        profile_url: PERSON_URL,
        microblog_profile_url: 'x.com/johnrmarty',
        social_profile_url: 'facebook.com/johnrmarty',
      });
      expect(message).toContain('microblog_profile_url: cannot be combined with profile_url');
      expect(message).toContain('social_profile_url: cannot be combined with profile_url');
    });

    it.each(['microblog_profile_url', 'social_profile_url'])('accepts %s alone', (name) => {
      expect(canonical('person.profile', { [name]: 'https://example.com/johnrmarty' })).toMatchObject({
        [name]: 'https://example.com/johnrmarty',
        use_cache: 'if-recent',
      });
    });
  });

  describe('v3 person: exactly one identifier', () => {
    it('refuses none', () => {
      expect(refusal('person.v3', { maxAgeSeconds: 60 })).toBe(
        'profile: required: give exactly one of profile, email, codehost, social, microblog',
      );
    });

    it('refuses both', () => {
      expect(refusal('person.v3', { profile: 'johnrmarty', email: 'john@example.com' })).toBe(
        'email: cannot be combined with profile: give exactly one of profile, email, codehost, social, microblog',
      );
      expect(refusal('person.v3', { codehost: 'torvalds', social: 'zuck' })).toBe(
        'social: cannot be combined with codehost: give exactly one of profile, email, codehost, social, microblog',
      );
    });

    it('accepts a code host, social or microblog identifier alone', () => {
      expect(canonical('person.v3', { codehost: 'https://github.com/torvalds' })).toEqual({
        codehost: 'https://github.com/torvalds',
      });
      expect(canonical('person.v3', { microblog: '@jack' })).toEqual({ microblog: '@jack' });
    });

    it('accepts an email alone', () => {
      expect(canonical('person.v3', { email: 'john@example.com' })).toEqual({ email: 'john@example.com' });
    });
  });
});

describe('enums', () => {
  const cases = Object.entries(SPEC_ENUMS).flatMap(([id, enums]) =>
    Object.entries(enums).map(([name, values]) => ({ id: id as EndpointId, name, values })),
  );

  it.each(ENDPOINT_IDS)('%s: the choices are exactly the enums of the spec', (id) => {
    const choices = Object.fromEntries(
      paramFields(id)
        .filter((field) => field.kind === 'choice')
        .map((field) => [field.name, field.options]),
    );
    expect(choices).toEqual(SPEC_ENUMS[id] ?? {});
  });

  it.each(cases)(
    '$id $name: accepts each value, in any case, spelled as the spec spells it',
    ({ id, name, values }) => {
      // Employee count's if-recent needs the estimated count; include it so each value stands alone.
      const base =
        id === 'employee.count' ? { ...MINIMAL[id], estimated_employee_count: 'include' } : MINIMAL[id];
      for (const value of values) {
        const swapped = value === value.toLowerCase() ? value.toUpperCase() : value.toLowerCase();
        for (const input of [value, swapped, ` ${value} `]) {
          const output = canonical(id, { ...base, [name]: input });
          // v3 include flags are sent only when on: a given 'exclude' is dropped.
          const expected = id === 'person.v3' && value === 'exclude' ? undefined : value;
          expect(output[name], `${id} ${name}=${input}`).toBe(expected);
        }
      }
    },
  );

  it.each(cases)('$id $name: refuses a value outside the enum, naming the values', ({ id, name, values }) => {
    expect(refusal(id, { ...MINIMAL[id], [name]: 'sometimes' })).toBe(
      `${name}: must be one of ${values.join(', ')} (got "sometimes")`,
    );
  });

  it('accepts resolve_numeric_id as a boolean and sends it as text', () => {
    expect(canonical('employee.list', { url: COMPANY_URL, resolve_numeric_id: true })).toMatchObject({
      resolve_numeric_id: 'true',
    });
    expect(canonical('student.list', { school_url: SCHOOL_URL, resolve_numeric_id: false })).toMatchObject({
      resolve_numeric_id: 'false',
    });
    expect(refusal('employee.list', { url: COMPANY_URL, resolve_numeric_id: 1 })).toBe(
      'resolve_numeric_id: must be one of false, true (got 1)',
    );
  });

  it('sends a v3 include flag only when it is turned on', () => {
    expect(
      canonical('person.v3', { profile: 'johnrmarty', phoneNumber: 'Include', workEmail: 'exclude' }),
    ).toEqual({
      profile: 'johnrmarty',
      phoneNumber: 'include',
    });
  });

  it('refuses the plural v3 flag names, which the real service would ignore', () => {
    expect(refusal('person.v3', { profile: 'johnrmarty', socialLinks: 'include' })).toContain(
      'did you mean socialLink',
    );
  });
});

describe('integers', () => {
  const cases = Object.entries(SPEC_INTEGERS).flatMap(([id, integers]) =>
    Object.entries(integers).map(([name, [min, max]]) => ({ id: id as EndpointId, name, min, max })),
  );

  it.each(ENDPOINT_IDS)('%s: the integer fields are exactly those of the spec', (id) => {
    expect(sorted(namesOfKind(id, ['integer']))).toEqual(sorted(Object.keys(SPEC_INTEGERS[id] ?? {})));
  });

  it.each(cases)('$id $name: accepts digits or a number, and sends a number', ({ id, name, min, max }) => {
    expect(canonical(id, { ...MINIMAL[id], [name]: String(min) })[name]).toBe(min);
    expect(canonical(id, { ...MINIMAL[id], [name]: ` ${max} ` })[name]).toBe(max);
    expect(canonical(id, { ...MINIMAL[id], [name]: max })[name]).toBe(max);
  });

  it.each(cases)('$id $name: refuses what is not a whole number', ({ id, name }) => {
    for (const input of ['12abc', '1.5', 1.5, '1e3', 'ten', true]) {
      expect(refusal(id, { ...MINIMAL[id], [name]: input })).toBe(
        `${name}: must be a whole number (got ${typeof input === 'string' ? `"${input}"` : input})`,
      );
    }
  });

  it.each(cases)('$id $name: refuses values out of range', ({ id, name, min, max }) => {
    const range =
      max === Number.MAX_SAFE_INTEGER ? `must be ${min} or more` : `must be between ${min} and ${max}`;
    expect(refusal(id, { ...MINIMAL[id], [name]: min - 1 })).toBe(`${name}: ${range}`);
    if (max !== Number.MAX_SAFE_INTEGER)
      expect(refusal(id, { ...MINIMAL[id], [name]: max + 1 })).toBe(`${name}: ${range}`);
  });

  it('reads an empty integer field as not given, never as 0', () => {
    expect(canonical('employee.list', { url: COMPANY_URL, page_size: '' }).page_size).toBe(10);
    expect(canonical('person.search', { follower_count_min: '' })).not.toHaveProperty('follower_count_min');
    expect(canonical('person.v3', { profile: 'johnrmarty', maxAgeSeconds: '' })).toEqual({
      profile: 'johnrmarty',
    });
  });

  it('does not enforce the stated maxAgeSeconds bound (either reading of it)', () => {
    expect(canonical('person.v3', { profile: 'johnrmarty', maxAgeSeconds: '25920001' }).maxAgeSeconds).toBe(
      25_920_001,
    );
    expect(canonical('person.v3', { profile: 'johnrmarty', maxAgeSeconds: 3600 }).maxAgeSeconds).toBe(3600);
  });
});

describe('page sizes', () => {
  it.each<[EndpointId, RawParams, number]>([
    ['employee.list', { url: COMPANY_URL }, 10],
    ['employee.list', { url: COMPANY_URL, enrich_profiles: 'enrich' }, 10],
    ['student.list', { school_url: SCHOOL_URL }, 10],
    ['person.search', {}, 100],
    ['person.search', { enrich_profiles: 'enrich' }, 10],
    ['person.search', { use_cache: 'if-recent' }, 10],
    ['company.search', {}, 100],
    ['company.search', { enrich_profiles: 'enrich' }, 10],
    ['company.search', { use_cache: 'if-recent' }, 10],
    ['person.search', { page_size: 42 }, 42],
    ['company.search', { enrich_profiles: 'enrich', page_size: '3' }, 3],
  ])('%s %j: page_size is %d', (id, params, pageSize) => {
    expect(canonical(id, params).page_size).toBe(pageSize);
  });

  const enriched = 'page_size: must be between 1 and 10 when enrich_profiles=enrich';
  const recent = 'page_size: must be at most 10 when use_cache=if-recent';

  it.each<[EndpointId, RawParams, string]>([
    ['employee.list', { url: COMPANY_URL, enrich_profiles: 'enrich', page_size: 11 }, enriched],
    ['employee.list', { url: COMPANY_URL, use_cache: 'if-recent', page_size: 11 }, recent],
    ['student.list', { school_url: SCHOOL_URL, enrich_profiles: 'enrich', page_size: 11 }, enriched],
    ['person.search', { enrich_profiles: 'enrich', page_size: 11 }, enriched],
    ['person.search', { use_cache: 'if-recent', page_size: 11 }, recent],
    ['company.search', { enrich_profiles: 'enrich', page_size: 11 }, enriched],
    ['company.search', { use_cache: 'if-recent', page_size: 100 }, recent],
    ['person.search', { enrich_profiles: 'enrich', page_size: 0 }, 'page_size: must be between 1 and 100'],
  ])('%s %j is refused: %s', (id, params, message) => {
    expect(refusal(id, params)).toBe(message);
  });

  it.each<[EndpointId, RawParams]>([
    ['employee.list', { url: COMPANY_URL, enrich_profiles: 'enrich', page_size: 10 }],
    ['employee.list', { url: COMPANY_URL, use_cache: 'if-recent', page_size: 10 }],
    ['student.list', { school_url: SCHOOL_URL, page_size: 200_000 }],
    ['person.search', { use_cache: 'if-recent', enrich_profiles: 'enrich', page_size: 10 }],
  ])('%s %j is accepted at the cap', (id, params) => {
    expect(parse(id, params).success).toBe(true);
  });
});

describe('search expressions', () => {
  const cases = Object.entries(SPEC_EXPRESSIONS).flatMap(([id, names]) =>
    names.map((name) => ({ id: id as EndpointId, name })),
  );

  it.each(ENDPOINT_IDS)('%s: the expression fields are exactly those of the spec', (id) => {
    expect(sorted(namesOfKind(id, ['expression']))).toEqual(sorted(SPEC_EXPRESSIONS[id] ?? []));
  });

  it.each(cases)('$id $name: at most 255 characters', ({ id, name }) => {
    const longest = `"${'a'.repeat(253)}"`;
    expect(canonical(id, { ...MINIMAL[id], [name]: longest })[name]).toBe(longest);
    expect(refusal(id, { ...MINIMAL[id], [name]: `${longest}b` })).toBe(
      `${name}: must be at most 255 characters (got 256)`,
    );
  });

  it('counts characters, not UTF-16 units', () => {
    expect(parse('person.search', { city: '東'.repeat(255) }).success).toBe(true);
    expect(parse('person.search', { city: '𝔸'.repeat(255) }).success).toBe(true);
  });

  it('refuses skills together with skills_all_in_list', () => {
    expect(refusal('person.search', { skills: 'python OR go', skills_all_in_list: 'python,go' })).toBe(
      'skills_all_in_list: cannot be combined with skills',
    );
    expect(canonical('person.search', { skills_all_in_list: ' python , machine learning,' })).toMatchObject({
      skills_all_in_list: 'python,machine learning',
    });
  });

  it('normalises the public identifier lists', () => {
    expect(
      canonical('company.search', {
        public_identifier_in_list: 'google, apple ',
        public_identifier_not_in_list: 'x',
      }),
    ).toMatchObject({ public_identifier_in_list: 'google,apple', public_identifier_not_in_list: 'x' });
  });
});

describe('employee count', () => {
  it('refuses use_cache=if-recent without estimated_employee_count=include', () => {
    expect(refusal('employee.count', { url: COMPANY_URL, use_cache: 'if-recent' })).toBe(
      'use_cache: if-recent requires estimated_employee_count=include',
    );
    expect(
      canonical('employee.count', {
        url: COMPANY_URL,
        use_cache: 'if-recent',
        estimated_employee_count: 'include',
      }),
    ).toMatchObject({ use_cache: 'if-recent', estimated_employee_count: 'include' });
  });
});

describe('dates', () => {
  const cases = Object.entries(SPEC_DATES).flatMap(([id, names]) =>
    names.map((name) => ({ id: id as EndpointId, name })),
  );

  it.each(ENDPOINT_IDS)('%s: the date fields are exactly those of the spec', (id) => {
    expect(sorted(namesOfKind(id, ['date']))).toEqual(sorted(SPEC_DATES[id] ?? []));
  });

  it.each(cases)('$id $name: accepts a real YYYY-MM-DD date', ({ id, name }) => {
    expect(canonical(id, { ...MINIMAL[id], [name]: '2024-02-29' })[name]).toBe('2024-02-29');
  });

  it.each(cases)('$id $name: refuses impossible or misshapen dates', ({ id, name }) => {
    for (const input of [
      '2023-02-30',
      '2023-02-29',
      '2023-13-01',
      '2023-00-10',
      '2023-2-3',
      '03/02/2023',
      'soon',
    ]) {
      expect(refusal(id, { ...MINIMAL[id], [name]: input })).toBe(
        `${name}: must be a real date written YYYY-MM-DD (got "${input}")`,
      );
    }
  });
});

describe('country codes', () => {
  const cases = Object.entries(SPEC_COUNTRIES).flatMap(([id, names]) =>
    names.map((name) => ({ id: id as EndpointId, name })),
  );

  it.each(ENDPOINT_IDS)('%s: the country fields are exactly those of the spec', (id) => {
    const expected = [...(SPEC_COUNTRIES[id] ?? []), ...(id === 'employee.list' ? ['country'] : [])];
    expect(sorted(namesOfKind(id, ['country', 'country-list']))).toEqual(sorted(expected));
  });

  it.each(cases)('$id $name: one two-letter code, any case, sent upper-cased', ({ id, name }) => {
    expect(canonical(id, { ...MINIMAL[id], [name]: ' sg ' })[name]).toBe('SG');
    for (const input of ['USA', 'U', 'u1', 'US,SG', 'ü1']) {
      expect(refusal(id, { ...MINIMAL[id], [name]: input })).toBe(
        `${name}: must be a two-letter country code (ISO 3166-1 alpha-2, e.g. US) (got "${input.toUpperCase()}")`,
      );
    }
  });

  it('employee listing: a comma list, normalised without spaces', () => {
    expect(canonical('employee.list', { url: COMPANY_URL, country: ' us, sg ,gb ' }).country).toBe(
      'US,SG,GB',
    );
    expect(canonical('employee.list', { url: COMPANY_URL, country: ' , ' })).not.toHaveProperty('country');
    expect(refusal('employee.list', { url: COMPANY_URL, country: 'us;sg' })).toBe(
      'country: must be two-letter country codes (ISO 3166-1 alpha-2) separated by commas, e.g. US,SG (got "US;SG")',
    );
    expect(refusal('employee.list', { url: COMPANY_URL, country: 'US,SGP' })).toContain('country: must be');
  });
});

describe('email addresses', () => {
  it.each(['robin@example.com', 'Jane.Doe+work@mail.example.co.uk'])('accepts %s', (email) => {
    expect(canonical('email.lookup', { email }).email).toBe(email);
    expect(canonical('person.v3', { email }).email).toBe(email);
  });

  it.each([
    'robin',
    'robin@example',
    'robin@@example.com',
    'rob in@example.com',
    '@example.com',
    'robin@.com',
  ])('refuses %s before any credit', (email) => {
    expect(refusal('email.lookup', { email })).toBe(
      `email: must be an email address like name@example.com (got "${email}")`,
    );
    expect(refusal('person.v3', { email })).toContain('email: must be an email address');
  });
});

describe('profile URLs', () => {
  const cases = Object.entries(SPEC_URLS).flatMap(([id, names]) =>
    names.map((name) => ({ id: id as EndpointId, name })),
  );
  /** The call with `name` set to `url`, keeping it the only person URL of a person profile call. */
  const withUrl = (id: EndpointId, name: string, url: string): RawParams =>
    id === 'person.profile' ? { [name]: url } : { ...MINIMAL[id], [name]: url };

  it.each(ENDPOINT_IDS)('%s: the URL fields are exactly those of the spec', (id) => {
    expect(sorted(namesOfKind(id, ['url']))).toEqual(sorted(SPEC_URLS[id] ?? []));
  });

  it.each(cases)('$id $name: https:// is added when the scheme is left out', ({ id, name }) => {
    expect(canonical(id, withUrl(id, name, 'www.example.com/in/x'))[name]).toBe(
      'https://www.example.com/in/x',
    );
    expect(canonical(id, withUrl(id, name, 'http://www.example.com/x'))[name]).toBe(
      'http://www.example.com/x',
    );
    expect(canonical(id, withUrl(id, name, 'example.com:8443/x'))[name]).toBe('https://example.com:8443/x');
  });

  it.each(cases)('$id $name: raw UTF-8 and percent-encoded URLs pass unchanged', ({ id, name }) => {
    for (const url of [
      'https://www.example.com/in/jürgen-müller',
      'https://www.example.com/in/j%C3%BCrgen-m%C3%BCller',
    ]) {
      expect(canonical(id, withUrl(id, name, url))[name]).toBe(url);
    }
  });

  it.each(cases)('$id $name: refuses what is not an http(s) URL', ({ id, name }) => {
    for (const url of [
      'ftp://example.com/in/x',
      'javascript:alert(1)',
      'https://exa mple.com/x',
      'https://',
    ]) {
      expect(refusal(id, withUrl(id, name, url))).toBe(`${name}: must be an http(s) URL (got "${url}")`);
    }
  });

  it.each([
    'https://www.linkedin.com/in/ACoAAAZrwqYBJeJzJ7yb1X4uWM2rqp3-B1jLfNY',
    'linkedin.com/in/ACwAAAZrwqYBJeJzJ7yb1X4uWM2rqp3',
  ])('person profile: refuses the hashed-ID URL %s', (url) => {
    expect(refusal('person.profile', { profile_url: url })).toBe(
      'profile_url: URLs with a hashed ID are unsupported: use the public profile URL (/in/<public-identifier>)',
    );
  });

  it('person profile: a public identifier that merely contains the prefix is fine', () => {
    expect(parse('person.profile', { profile_url: 'https://www.linkedin.com/in/john-ACoAA' }).success).toBe(
      true,
    );
  });
});

describe('searches with next_token', () => {
  it('still checks the filters', () => {
    expect(refusal('person.search', { next_token: 'abc', country: 'USA' })).toContain('country: must be');
    expect(refusal('company.search', { next_token: 'abc', founded_after_year: '19x0' })).toContain(
      'founded_after_year: must be a whole number',
    );
  });

  it('changes nothing else', () => {
    const filters = { country: 'sg', current_role_title: 'engineer', page_size: '5' };
    const { next_token, ...rest } = canonical('person.search', { ...filters, next_token: 'abc' });
    expect(next_token).toBe('abc');
    expect(rest).toEqual(canonical('person.search', filters));
  });
});

describe('describeParamError', () => {
  it('writes one sentence per issue, each naming its parameter', () => {
    const message = refusal('person.search', {
      enrich_profiles: 'enrich',
      page_size: 50,
      current_company_type: 'startup',
    });
    expect(message.split('\n')).toEqual([
      'current_company_type: must be one of EDUCATIONAL, GOVERNMENT_AGENCY, NON_PROFIT, PARTNERSHIP, PRIVATELY_HELD, PUBLIC_COMPANY, SELF_EMPLOYED, SELF_OWNED (got "startup")',
    ]);
    expect(
      refusal('person.search', {
        enrich_profiles: 'enrich',
        page_size: 50,
        skills: 'a',
        skills_all_in_list: 'a',
      }).split('\n'),
    ).toEqual([
      'skills_all_in_list: cannot be combined with skills',
      'page_size: must be between 1 and 10 when enrich_profiles=enrich',
    ]);
  });

  it('shortens a long refused value', () => {
    const message = refusal('email.lookup', { email: `${'a'.repeat(100)}@example` });
    expect(message).toBe(`email: must be an email address like name@example.com (got "${'a'.repeat(59)}…")`);
  });
});
