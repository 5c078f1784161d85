import { describe, expect, it } from 'vitest';
import { PERSON_ENRICHMENT_FIELDS } from '../../../../lib/api/assumptions';
import { type EndpointId, endpoints } from '../../../../lib/api/endpoints';
import { ApiError } from '../../../../lib/api/errors';
import { ENDPOINT_IDS } from '../../../../lib/api/ids';
import { quoteCanonical } from '../../../../lib/pricing/credits';
import { formatQuote } from '../../../../lib/quote-format';
import companyLookupFixture from '../../../fixtures/real/company-lookup.json';
import companySearchFixture from '../../../fixtures/real/company-search.json';
import employeeListingFixture from '../../../fixtures/real/employee-listing.json';
import personLookupFixture from '../../../fixtures/real/person-lookup.json';
import personSearchFixture from '../../../fixtures/real/person-search.json';
import studentListingFixture from '../../../fixtures/real/student-listing.json';
import {
  NULL_LOOKUP,
  page,
  person,
  quote,
  type RawParams,
  REQUIRED,
  range,
  reconcile,
} from '../../../support/credit-quotes';
import { quoteRaw } from '../../../support/raw-params';

describe('Person Profile v2', () => {
  it('charges the default use_cache=if-recent: 2 credits for a plain request', () => {
    const q = quote('person.profile');
    expect(range(q)).toEqual({ min: 2, max: 2 });
    expect(q.lines).toEqual(['Base: 1', 'use_cache=if-recent: +1']);
    expect(reconcile('person.profile', {}, person())).toBe(2);
  });

  it('costs the base alone with use_cache=if-present, and +9 with live_fetch=force', () => {
    expect(range(quote('person.profile', { use_cache: 'if-present' }))).toEqual({ min: 1, max: 1 });
    expect(range(quote('person.profile', { use_cache: 'if-present', live_fetch: 'force' }))).toEqual({
      min: 10,
      max: 10,
    });
    expect(range(quote('person.profile', { live_fetch: 'force' }))).toEqual({ min: 11, max: 11 });
  });

  it.each([
    'extra',
    'codehost_profile_id',
    'social_profile_id',
    'microblog_profile_id',
    'inferred_salary',
  ] as const)('charges %s +1 only if its data comes back', (flag) => {
    const params = { use_cache: 'if-present', [flag]: 'include' };
    const q = quote('person.profile', params);
    expect(range(q)).toEqual({ min: 1, max: 2 });
    expect(q.lines).toContain(`${flag}: +1, only if found`);

    const field = PERSON_ENRICHMENT_FIELDS[flag];
    expect(reconcile('person.profile', params, person({ [field]: 'found-value' }))).toBe(2);
    expect(reconcile('person.profile', params, person({ [field]: null }))).toBe(1);
    expect(reconcile('person.profile', params, person())).toBe(1);
    expect(reconcile('person.profile', params, person({ [field]: '' }))).toBe(1);
    expect(reconcile('person.profile', params, person({ [field]: {} }))).toBe(1);
  });

  it('does not charge a field that came back without being requested', () => {
    expect(
      reconcile('person.profile', {}, person({ extra: { gender: 'male' }, personal_emails: ['a@x.io'] })),
    ).toBe(2);
  });

  it.each([
    ['personal_email', 'personal_emails', 'email'],
    ['personal_contact_number', 'personal_numbers', 'number'],
  ] as const)('charges %s +1 per entry returned, with no upper bound', (flag, field, noun) => {
    const params = { [flag]: 'include' };
    const q = quote('person.profile', params);
    expect(range(q)).toEqual({ min: 2, max: null });
    expect(q.lines).toContain(`${flag}: +1 per ${noun} returned, only if found (no upper bound)`);
    expect(formatQuote(q)).toBe('at least 2 credits');

    expect(reconcile('person.profile', params, person({ [field]: ['a', 'b', 'c'] }))).toBe(5);
    expect(reconcile('person.profile', params, person({ [field]: [] }))).toBe(2);
    expect(reconcile('person.profile', params, person())).toBe(2);
  });

  it('charges skills +0 and says so', () => {
    const q = quote('person.profile', { skills: 'include' });
    expect(range(q)).toEqual({ min: 2, max: 2 });
    expect(q.lines).toContain('skills: +0');
    expect(reconcile('person.profile', { skills: 'include' }, person({ skills: ['Go', 'SQL'] }))).toBe(2);
  });

  it('quotes every bounded flag together: min without optional data, max with all of it', () => {
    const params = {
      extra: 'include',
      codehost_profile_id: 'include',
      social_profile_id: 'include',
      microblog_profile_id: 'include',
      inferred_salary: 'include',
      skills: 'include',
      live_fetch: 'force',
    };
    expect(range(quote('person.profile', params))).toEqual({ min: 11, max: 16 });
    const everything = person({
      extra: { gender: 'female', birth_date: null, industry: 'Software', interests: [] },
      codehost_profile_id: 'octocat',
      social_profile_id: 'robin.s',
      microblog_profile_id: 'robin',
      inferred_salary: { min: 80_000, max: 120_000 },
      skills: ['Go'],
    });
    expect(reconcile('person.profile', params, everything)).toBe(16);
    expect(reconcile('person.profile', params, person({ codehost_profile_id: 'octocat' }))).toBe(12);
  });
});

describe('Company Profile', () => {
  it('costs 2 by default (use_cache=if-recent is the default) and 1 with if-present', () => {
    expect(range(quote('company.profile'))).toEqual({ min: 2, max: 2 });
    expect(range(quote('company.profile', { use_cache: 'if-present' }))).toEqual({ min: 1, max: 1 });
    expect(range(quote('company.profile', { live_fetch: 'force' }))).toEqual({ min: 11, max: 11 });
  });

  it.each(['categories', 'funding_data', 'exit_data', 'acquisitions', 'extra'])(
    'charges %s +1 whenever requested, even if it comes back null',
    (block) => {
      const params = { [block]: 'include' };
      const q = quote('company.profile', params);
      expect(range(q)).toEqual({ min: 3, max: 3 });
      expect(q.lines).toContain(`${block}: +1`);
      expect(reconcile('company.profile', params, { name: 'Google', [block]: null })).toBe(3);
    },
  );

  it('adds every block and both freshness options', () => {
    const params = {
      categories: 'include',
      funding_data: 'include',
      exit_data: 'include',
      acquisitions: 'include',
      extra: 'include',
      live_fetch: 'force',
    };
    expect(range(quote('company.profile', params))).toEqual({ min: 16, max: 16 });
  });
});

describe('School Profile', () => {
  it('costs 1 by default (use_cache=if-present is its default), 2 with if-recent, +9 forced', () => {
    const q = quote('school.profile');
    expect(range(q)).toEqual({ min: 1, max: 1 });
    expect(q.lines).toEqual(['Base: 1']);
    expect(range(quote('school.profile', { use_cache: 'if-recent' }))).toEqual({ min: 2, max: 2 });
    expect(range(quote('school.profile', { live_fetch: 'force' }))).toEqual({ min: 10, max: 10 });
  });
});

describe('Job Profile and Job Search', () => {
  it('charge 2 per request', () => {
    expect(range(quote('job.profile'))).toEqual({ min: 2, max: 2 });
    expect(range(quote('job.search'))).toEqual({ min: 2, max: 2 });
    expect(reconcile('job.search', {}, { ...page('job', 0), next_page_api_url: null })).toBe(2);
    expect(reconcile('job.search', {}, { ...page('job', 7), next_page_api_url: null })).toBe(2);
  });
});

describe('Role Lookup', () => {
  it('costs 3, 4 with enrich_profile=enrich; a 200 is always a match', () => {
    expect(range(quote('role.lookup'))).toEqual({ min: 3, max: 3 });
    const q = quote('role.lookup', { enrich_profile: 'enrich' });
    expect(range(q)).toEqual({ min: 4, max: 4 });
    expect(q.lines).toEqual(['Base: 3', 'enrich_profile=enrich: +1']);
    expect(
      reconcile('role.lookup', { enrich_profile: 'enrich' }, { network_profile_url: 'x', profile: person() }),
    ).toBe(4);
  });
});

describe('Person Lookup', () => {
  it('charges a null result 2 with similarity_checks=include (the default)', () => {
    const q = quote('person.lookup');
    expect(range(q)).toEqual({ min: 2, max: 2 });
    expect(q.lines).toEqual(['Base: 2, charged even when nothing matches']);
    expect(reconcile('person.lookup', {}, NULL_LOOKUP)).toBe(2);
    expect(reconcile('person.lookup', {}, null)).toBe(2);
  });

  it('charges nothing for a null result with similarity_checks=skip', () => {
    const q = quote('person.lookup', { similarity_checks: 'skip' });
    expect(range(q)).toEqual({ min: 0, max: 2 });
    expect(q.lines).toEqual(['Base: 2, not charged when nothing matches']);
    expect(reconcile('person.lookup', { similarity_checks: 'skip' }, NULL_LOOKUP)).toBe(0);
    expect(
      reconcile('person.lookup', { similarity_checks: 'skip' }, { url: 'https://x/in/a', profile: null }),
    ).toBe(2);
  });

  it('charges enrich +1 only when a profile is returned', () => {
    const enrich = { enrich_profile: 'enrich' };
    const q = quote('person.lookup', enrich);
    expect(range(q)).toEqual({ min: 2, max: 3 });
    expect(q.lines).toContain('enrich_profile=enrich: +1, only if found');
    expect(reconcile('person.lookup', enrich, personLookupFixture)).toBe(3);
    expect(reconcile('person.lookup', enrich, NULL_LOOKUP)).toBe(2);
    expect(range(quote('person.lookup', { ...enrich, similarity_checks: 'skip' }))).toEqual({
      min: 0,
      max: 3,
    });
  });
});

describe('Reverse Email Lookup', () => {
  it('charges a null result 3 with lookup_depth=deep (the default), 0 with superficial', () => {
    expect(range(quote('email.lookup'))).toEqual({ min: 3, max: 3 });
    expect(reconcile('email.lookup', {}, NULL_LOOKUP)).toBe(3);
    expect(range(quote('email.lookup', { lookup_depth: 'superficial' }))).toEqual({ min: 0, max: 3 });
    expect(
      reconcile('email.lookup', { lookup_depth: 'superficial' }, { profile: null, last_updated: null }),
    ).toBe(0);
  });

  it('charges enrich +1 when a profile is returned', () => {
    const enrich = { enrich_profile: 'enrich' };
    expect(range(quote('email.lookup', enrich))).toEqual({ min: 3, max: 4 });
    expect(
      reconcile('email.lookup', enrich, { profile: person(), last_updated: '2025-01-01T00:00:00Z' }),
    ).toBe(4);
    expect(reconcile('email.lookup', {}, { url: 'https://www.linkedin.com/in/robin', profile: null })).toBe(
      3,
    );
  });
});

describe('Company Lookup', () => {
  it('charges 2 on every 200, a null result included, and enrich +1 only with a profile', () => {
    const q = quote('company.lookup');
    expect(range(q)).toEqual({ min: 2, max: 2 });
    expect(q.lines).toEqual(['Base: 2, charged even when nothing matches']);
    expect(reconcile('company.lookup', {}, NULL_LOOKUP)).toBe(2);

    const enrich = { enrich_profile: 'enrich' };
    expect(range(quote('company.lookup', enrich))).toEqual({ min: 2, max: 3 });
    expect(reconcile('company.lookup', enrich, companyLookupFixture)).toBe(3);
    expect(reconcile('company.lookup', enrich, NULL_LOOKUP)).toBe(2);
  });
});

describe('Employee Count', () => {
  it('costs 1 by default, exactly', () => {
    expect(range(quote('employee.count'))).toEqual({ min: 1, max: 1 });
    expect(reconcile('employee.count', {}, { verified_employee_count: 3 })).toBe(1);
  });

  it('charges at_date +1 on Growth or larger, +5 on other plans', () => {
    const growth = quote('employee.count', { at_date: '2024-01-31' }, 'growth');
    expect(range(growth)).toEqual({ min: 2, max: 2 });
    expect(growth.lines).toContain('at_date: +1 (Growth or larger plan)');
    const standard = quote('employee.count', { at_date: '2024-01-31' }, 'standard');
    expect(range(standard)).toEqual({ min: 6, max: 6 });
    expect(standard.lines).toContain('at_date: +5 (plan below Growth)');
  });

  it('charges estimated_employee_count=include and use_cache=if-recent +1 each', () => {
    expect(range(quote('employee.count', { estimated_employee_count: 'include' }))).toEqual({
      min: 2,
      max: 2,
    });
    const all = { estimated_employee_count: 'include', use_cache: 'if-recent', at_date: '2024-01-31' };
    expect(range(quote('employee.count', all, 'growth'))).toEqual({ min: 4, max: 4 });
    expect(range(quote('employee.count', all, 'standard'))).toEqual({ min: 8, max: 8 });
    expect(
      reconcile(
        'employee.count',
        all,
        { estimated_employee_count: 9, verified_employee_count: 3 },
        'standard',
      ),
    ).toBe(8);
  });
});

describe('Employee Listing', () => {
  it('charges 3 per employee, up to the default page size of 10', () => {
    const q = quote('employee.list');
    expect(range(q)).toEqual({ min: 0, max: 30 });
    expect(q.lines).toEqual(['Base: 3 per employee returned × up to 10 = 30']);
    expect(formatQuote(q)).toBe('up to 30 credits');
    expect(reconcile('employee.list', {}, page('employees', 4))).toBe(12);
    expect(reconcile('employee.list', {}, page('employees', 0))).toBe(0);
    expect(reconcile('employee.list', {}, employeeListingFixture)).toBe(3);
  });

  it('bounds the maximum by the page size asked for', () => {
    expect(range(quote('employee.list', { page_size: 250 }))).toEqual({ min: 0, max: 750 });
  });

  it('charges enrich +1 and country +3 per employee', () => {
    expect(range(quote('employee.list', { enrich_profiles: 'enrich' }))).toEqual({ min: 0, max: 40 });
    expect(reconcile('employee.list', { enrich_profiles: 'enrich' }, page('employees', 2, true))).toBe(8);
    expect(range(quote('employee.list', { country: 'us,gb' }))).toEqual({ min: 0, max: 60 });
    expect(reconcile('employee.list', { country: 'us,gb' }, page('employees', 3))).toBe(18);
  });

  it.each(['boolean_role_search', 'role_search'])('charges %s 10 per request and 6 per employee', (param) => {
    const params = { [param]: 'founder' };
    const q = quote('employee.list', params);
    expect(range(q)).toEqual({ min: 10, max: 70 });
    expect(q.lines).toContain(
      'boolean_role_search or role_search: +10 and +3 per employee returned × up to 10 = 30',
    );
    expect(reconcile('employee.list', params, page('employees', 0))).toBe(10);
    expect(reconcile('employee.list', params, page('employees', 5))).toBe(40);
  });

  it('charges sort_by other than none +50 per request and +10 per employee', () => {
    const params = { sort_by: 'recently-joined' };
    expect(range(quote('employee.list', params))).toEqual({ min: 50, max: 180 });
    expect(reconcile('employee.list', params, page('employees', 2))).toBe(76);
    expect(range(quote('employee.list', { sort_by: 'none' }))).toEqual({ min: 0, max: 30 });
  });

  it('charges resolve_numeric_id=true +2 per request', () => {
    expect(range(quote('employee.list', { resolve_numeric_id: 'true' }))).toEqual({ min: 2, max: 32 });
  });

  it('charges use_cache=if-recent +1 per employee on Growth or larger, +2 on other plans', () => {
    const params = { use_cache: 'if-recent' };
    expect(range(quote('employee.list', params, 'growth'))).toEqual({ min: 0, max: 40 });
    const standard = quote('employee.list', params, 'standard');
    expect(range(standard)).toEqual({ min: 0, max: 50 });
    expect(standard.lines).toContain(
      'use_cache=if-recent: +2 per employee returned × up to 10 = 20 (plan below Growth)',
    );
    expect(reconcile('employee.list', params, page('employees', 3), 'standard')).toBe(15);
  });

  it('adds everything together', () => {
    const params = {
      enrich_profiles: 'enrich',
      country: 'us',
      role_search: 'ceo',
      sort_by: 'oldest',
      resolve_numeric_id: 'true',
      use_cache: 'if-recent',
    };
    // Per request 10 + 50 + 2; per employee 3 + 1 + 3 + 3 + 10 + 2 (standard).
    expect(range(quote('employee.list', params, 'standard'))).toEqual({ min: 62, max: 62 + 22 * 10 });
    expect(reconcile('employee.list', params, page('employees', 4, true), 'standard')).toBe(62 + 22 * 4);
  });
});

describe('Student Listing', () => {
  it('charges 3 per student, up to the default page size of 10', () => {
    expect(range(quote('student.list'))).toEqual({ min: 0, max: 30 });
    expect(reconcile('student.list', {}, studentListingFixture)).toBe(6);
  });

  it('charges boolean_search_keyword 10 per request and 6 per student', () => {
    const params = { boolean_search_keyword: 'computer AND science' };
    expect(range(quote('student.list', params))).toEqual({ min: 10, max: 70 });
    expect(reconcile('student.list', params, page('students', 3))).toBe(28);
  });

  it('charges enrich +1, country +3, sort_by +50 and +10 per student, resolve_numeric_id +2', () => {
    expect(range(quote('student.list', { enrich_profiles: 'enrich' }))).toEqual({ min: 0, max: 40 });
    expect(range(quote('student.list', { country: 'sg' }))).toEqual({ min: 0, max: 60 });
    expect(range(quote('student.list', { sort_by: 'recently-graduated' }))).toEqual({ min: 50, max: 180 });
    expect(range(quote('student.list', { resolve_numeric_id: 'true' }))).toEqual({ min: 2, max: 32 });
    expect(range(quote('student.list', { page_size: 1000 }))).toEqual({ min: 0, max: 3000 });
  });
});

describe.each([
  ['person.search', 'profile URL', personSearchFixture],
  ['company.search', 'company URL', companySearchFixture],
] as const)('%s', (id, noun, realAnswer) => {
  it('charges 3 per URL, up to the default page size of 100', () => {
    const q = quote(id);
    expect(range(q)).toEqual({ min: 0, max: 300 });
    expect(q.lines).toEqual([`Base: 3 per ${noun} returned × up to 100 = 300`]);
    expect(reconcile(id, {}, page('results', 17))).toBe(51);
    expect(range(quote(id, { page_size: 25 }))).toEqual({ min: 0, max: 75 });
  });

  it('charges enrich +1 per result, at the default page size of 10 that enrich implies', () => {
    const params = { enrich_profiles: 'enrich' };
    expect(range(quote(id, params))).toEqual({ min: 0, max: 40 });
    expect(reconcile(id, params, page('results', 6, true))).toBe(24);
  });

  it('charges use_cache=if-recent +1 per result on Growth or larger, +2 on other plans, default page 10', () => {
    const params = { use_cache: 'if-recent' };
    expect(range(quote(id, params, 'growth'))).toEqual({ min: 0, max: 40 });
    expect(range(quote(id, params, 'standard'))).toEqual({ min: 0, max: 50 });
    expect(reconcile(id, params, page('results', 2), 'standard')).toBe(10);
    expect(range(quote(id, { ...params, enrich_profiles: 'enrich', page_size: 5 }, 'standard'))).toEqual({
      min: 0,
      max: 30,
    });
  });

  it('reads the real published answer', () => {
    expect(reconcile(id, {}, realAnswer)).toBe(3);
  });
});

describe('version 3', () => {
  it.each(['person.v3', 'company.logo'] as const)('%s: cost not published', (id) => {
    const q = quote(id);
    expect(q).toEqual({ min: null, max: null, lines: ['Credit cost of v3 endpoints is not published'] });
    expect(formatQuote(q)).toBe('cost not published');
    expect(reconcile(id, {}, [])).toBeNull();
  });
});

describe('quoteCredits', () => {
  it.each([
    ['employee.list', {}, 'url'],
    ['person.profile', { ...REQUIRED['person.profile'], use_cache: 'sometimes' }, 'use_cache'],
    ['person.search', { enrich_profiles: 'enrich', page_size: 50 }, 'page_size'],
  ] as const)(
    'refuses invalid params of %s as an invalid ApiError naming the parameter',
    (id, params, param) => {
      const refusal = (() => {
        try {
          quoteRaw(id, params, { plan: 'growth' });
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(ApiError);
      expect(refusal).toMatchObject({ kind: 'invalid', param });
    },
  );

  it('gives the same quote as quoteCanonical on the canonical params', () => {
    const raw = { ...REQUIRED['employee.list'], sort_by: 'oldest' };
    const canonical = endpoints['employee.list'].params.parse(raw) as Record<string, unknown>;
    expect(quoteCanonical('employee.list', canonical, { plan: 'growth' })).toEqual(
      quoteRaw('employee.list', raw, { plan: 'growth' }),
    );
  });
});

/**
 * The property the ledger relies on: what an answer is reconciled at always lies within what was
 * quoted for the same params, and the quote's bounds are reached by some answer (they are not loose).
 */
describe('reconcile lies within the quote', () => {
  const PARAM_VARIANTS: Record<EndpointId, RawParams[]> = {
    'person.profile': [
      {},
      { use_cache: 'if-present' },
      { live_fetch: 'force', extra: 'include', inferred_salary: 'include' },
      {
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
    'company.profile': [{}, { use_cache: 'if-present', funding_data: 'include', extra: 'include' }],
    'school.profile': [{}, { use_cache: 'if-recent', live_fetch: 'force' }],
    'job.profile': [{}],
    'job.search': [{}],
    'role.lookup': [{}, { enrich_profile: 'enrich' }],
    'person.lookup': [
      {},
      { enrich_profile: 'enrich' },
      { similarity_checks: 'skip' },
      { similarity_checks: 'skip', enrich_profile: 'enrich' },
    ],
    'email.lookup': [
      {},
      { enrich_profile: 'enrich' },
      { lookup_depth: 'superficial', enrich_profile: 'enrich' },
    ],
    'company.lookup': [{}, { enrich_profile: 'enrich' }],
    'employee.count': [
      {},
      { at_date: '2024-01-31', estimated_employee_count: 'include', use_cache: 'if-recent' },
    ],
    'employee.list': [
      {},
      { page_size: 3, boolean_role_search: 'ceo OR cto', country: 'us' },
      {
        enrich_profiles: 'enrich',
        sort_by: 'recently-left',
        resolve_numeric_id: 'true',
        use_cache: 'if-recent',
      },
    ],
    'student.list': [
      {},
      { page_size: 4, boolean_search_keyword: 'physics', sort_by: 'recently-matriculated' },
    ],
    'person.search': [{}, { page_size: 7 }, { enrich_profiles: 'enrich', use_cache: 'if-recent' }],
    'company.search': [{ use_cache: 'if-recent', page_size: 2 }],
    'person.v3': [{}],
    'company.logo': [{}],
  };

  /** Synthetic answers covering the cheapest and the dearest outcome for the given page size. */
  function answers(id: EndpointId, pageSize: number): unknown[] {
    switch (id) {
      case 'person.profile':
        return [
          person(),
          person({ extra: null, personal_emails: [], inferred_salary: {} }),
          person({
            extra: { gender: 'male' },
            codehost_profile_id: 'c',
            social_profile_id: 's',
            microblog_profile_id: 'm',
            personal_numbers: ['+1 555 0100'],
            personal_emails: ['a@x.io', 'b@x.io'],
            inferred_salary: { min: 1, max: 2 },
            skills: ['Go'],
          }),
        ];
      case 'person.lookup':
      case 'email.lookup':
      case 'company.lookup':
        return [
          NULL_LOOKUP,
          null,
          { url: 'https://x/in/a', profile: null },
          { url: 'https://x/in/a', profile: person() },
        ];
      case 'role.lookup':
        return [{ network_profile_url: 'https://x/in/a', profile: person() }];
      case 'job.search':
        return [page('job', 0), page('job', 10)];
      case 'employee.list':
        return [page('employees', 0), page('employees', 1, true), page('employees', pageSize, true)];
      case 'student.list':
        return [page('students', 0), page('students', pageSize)];
      case 'person.search':
      case 'company.search':
        return [page('results', 0), page('results', pageSize, true)];
      default:
        return [{}];
    }
  }

  const cases = ENDPOINT_IDS.flatMap((id) =>
    PARAM_VARIANTS[id].flatMap((params) =>
      (['growth', 'standard'] as const).map((plan) => ({ id, params, plan })),
    ),
  );

  it.each(cases)('$id $params ($plan)', ({ id, params, plan }) => {
    const canonical = endpoints[id].params.parse({ ...REQUIRED[id], ...params }) as Record<string, unknown>;
    const q = quoteCanonical(id, canonical, { plan });
    const costs = answers(id, typeof canonical.page_size === 'number' ? canonical.page_size : 0).map(
      (answer) => reconcile(id, params, answer, plan),
    );
    if (q.min === null) {
      expect(costs.every((cost) => cost === null)).toBe(true);
      return;
    }
    const numbers = costs as number[];
    for (const cost of numbers) {
      expect(cost).toBeGreaterThanOrEqual(q.min);
      if (q.max !== null) expect(cost).toBeLessThanOrEqual(q.max);
    }
    expect(Math.min(...numbers)).toBe(q.min);
    if (q.max !== null) expect(Math.max(...numbers)).toBe(q.max);
  });
});
