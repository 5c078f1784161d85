/**
 * What each endpoint accepts as a whole, against the spec: its parameter names and canonical
 * defaults, what it requires, and the rules between parameters (one of several, one needing
 * another, a cursor beside the filters).
 */

import { describe, expect, it } from 'vitest';
import type { EndpointId } from '../../../../lib/api/endpoints';
import { paramFields, paramSchemas, type RawParams } from '../../../../lib/api/params';
import {
  CANONICAL,
  COMPANY_URL,
  canonical,
  ENDPOINT_IDS,
  MINIMAL,
  PERSON_URL,
  refusal,
  SPEC_PARAMS,
  sorted,
} from '../../../support/param-spec';

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
