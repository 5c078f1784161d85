// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  chargeFor,
  companyLookupCost,
  companyProfileCost,
  emailLookupCost,
  employeeCountCost,
  employeeListRate,
  personLookupCost,
  personProfileCost,
  roleLookupCost,
  schoolProfileCost,
  searchRate,
  studentListRate,
} from '../../../sandbox/billing';

// Every figure below is read off the prices table of docs/service.md by hand.
describe('billing by the Limits table', () => {
  it('charges a default person profile 2 (base 1, if-recent is the default)', () => {
    expect(personProfileCost({ use_cache: 'if-recent' }, {})).toBe(2);
    expect(personProfileCost({ use_cache: 'if-present' }, {})).toBe(1);
    expect(personProfileCost({ use_cache: 'if-present', live_fetch: 'force' }, {})).toBe(10);
  });

  it('charges optional person data only when present, numbers and emails per item, skills never', () => {
    const profile = {
      extra: { gender: 'female' },
      codehost_profile_id: 'octo',
      social_profile_id: null,
      microblog_profile_id: '',
      personal_numbers: ['+1 555 0100', '+1 555 0101'],
      personal_emails: ['a@example.com'],
      inferred_salary: null,
      skills: ['Go', 'Rust'],
    };
    // 1 base + extra + codehost id + 2 numbers + 1 email
    expect(personProfileCost({ use_cache: 'if-present' }, profile)).toBe(6);
    expect(personProfileCost({ use_cache: 'if-present' }, { extra: {}, personal_emails: [] })).toBe(1);
  });

  it('charges company blocks when requested, and freshness', () => {
    expect(companyProfileCost({ use_cache: 'if-recent' })).toBe(2);
    expect(
      companyProfileCost({
        use_cache: 'if-present',
        categories: 'include',
        extra: 'include',
        exit_data: 'exclude',
      }),
    ).toBe(3);
    expect(companyProfileCost({ use_cache: 'if-present', live_fetch: 'force' })).toBe(10);
    expect(schoolProfileCost({ use_cache: 'if-present' })).toBe(1);
    expect(schoolProfileCost({ use_cache: 'if-recent', live_fetch: 'force' })).toBe(11);
  });

  it('charges lookups, including null results where the spec says so', () => {
    expect(roleLookupCost({ enrich_profile: 'skip' })).toBe(3);
    expect(roleLookupCost({ enrich_profile: 'enrich' })).toBe(4);
    expect(personLookupCost({ similarity_checks: 'include' }, { found: false, profileReturned: false })).toBe(
      2,
    );
    expect(personLookupCost({ similarity_checks: 'skip' }, { found: false, profileReturned: false })).toBe(0);
    expect(personLookupCost({ similarity_checks: 'skip' }, { found: true, profileReturned: true })).toBe(3);
    expect(emailLookupCost({ lookup_depth: 'deep' }, { found: false, profileReturned: false })).toBe(3);
    expect(emailLookupCost({ lookup_depth: 'superficial' }, { found: false, profileReturned: false })).toBe(
      0,
    );
    expect(emailLookupCost({ lookup_depth: 'superficial' }, { found: true, profileReturned: true })).toBe(4);
    expect(companyLookupCost({ profileReturned: false })).toBe(2);
    expect(companyLookupCost({ profileReturned: true })).toBe(3);
  });

  it('charges the employee count by plan for at_date', () => {
    expect(employeeCountCost({}, 'standard')).toBe(1);
    expect(employeeCountCost({ at_date: '2024-01-01' }, 'growth')).toBe(2);
    expect(employeeCountCost({ at_date: '2024-01-01' }, 'standard')).toBe(6);
    expect(employeeCountCost({ estimated_employee_count: 'include', use_cache: 'if-recent' }, 'growth')).toBe(
      3,
    );
  });

  it('charges employee listings per employee plus per-request additions', () => {
    expect(chargeFor(employeeListRate({ use_cache: 'if-present' }, 'standard'), 4)).toBe(12);
    expect(chargeFor(employeeListRate({ role_search: 'cto' }, 'standard'), 4)).toBe(10 + 6 * 4);
    expect(chargeFor(employeeListRate({ boolean_role_search: 'cto', role_search: 'x' }, 'standard'), 0)).toBe(
      10,
    );
    expect(
      chargeFor(employeeListRate({ sort_by: 'oldest', resolve_numeric_id: 'true' }, 'standard'), 2),
    ).toBe(52 + 13 * 2);
    expect(
      chargeFor(
        employeeListRate({ sort_by: 'none', country: 'US', enrich_profiles: 'enrich' }, 'standard'),
        3,
      ),
    ).toBe(7 * 3);
    expect(chargeFor(employeeListRate({ use_cache: 'if-recent' }, 'growth'), 10)).toBe(40);
    expect(chargeFor(employeeListRate({ use_cache: 'if-recent' }, 'standard'), 10)).toBe(50);
  });

  it('charges student listings, a keyword search at 10 plus 6 per student', () => {
    expect(chargeFor(studentListRate({}), 5)).toBe(15);
    expect(chargeFor(studentListRate({ boolean_search_keyword: 'physics' }), 5)).toBe(40);
    expect(chargeFor(studentListRate({ sort_by: 'recently-graduated', country: 'SG' }), 1)).toBe(50 + 16);
    expect(chargeFor(studentListRate({ resolve_numeric_id: 'false', enrich_profiles: 'enrich' }), 2)).toBe(8);
  });

  it('charges searches per result, nothing for an empty page', () => {
    expect(chargeFor(searchRate({}, 'standard'), 100)).toBe(300);
    expect(chargeFor(searchRate({ enrich_profiles: 'enrich', use_cache: 'if-recent' }, 'standard'), 10)).toBe(
      60,
    );
    expect(chargeFor(searchRate({ enrich_profiles: 'enrich', use_cache: 'if-recent' }, 'growth'), 10)).toBe(
      50,
    );
    expect(chargeFor(searchRate({ enrich_profiles: 'enrich' }, 'growth'), 0)).toBe(0);
  });
});
