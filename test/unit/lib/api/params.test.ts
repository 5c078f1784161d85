/**
 * The request-parameter schemas against the spec, value by value: blank values, enums, numbers,
 * page sizes, expressions, dates, countries, emails and URLs, each refused locally with a message
 * naming the parameter (what each endpoint accepts as a whole is in params.endpoints.test.ts).
 * Imports params.ts directly, not the registry, so it runs on its own.
 */

import { describe, expect, it } from 'vitest';
import { type EndpointId, endpoints } from '../../../../lib/api/endpoints';
import type { ParamKind } from '../../../../lib/api/field-types';
import { FRESHNESS_PARAMS, paramFields, paramSchemas, type RawParams } from '../../../../lib/api/params';
import {
  CANONICAL,
  COMPANY_URL,
  canonical,
  ENDPOINT_IDS,
  MINIMAL,
  parse,
  refusal,
  SCHOOL_URL,
  SPEC_COUNTRIES,
  SPEC_DATES,
  SPEC_ENUMS,
  SPEC_EXPRESSIONS,
  SPEC_INTEGERS,
  SPEC_URLS,
  sorted,
} from '../../../support/param-spec';

function namesOfKind(id: EndpointId, kinds: ParamKind[]): string[] {
  return paramFields(id)
    .filter((field) => kinds.includes(field.kind))
    .map((field) => field.name);
}

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
