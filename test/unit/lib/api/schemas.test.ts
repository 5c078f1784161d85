import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { normalizeEmployeeCount } from '../../../../lib/api/employee-count';
import * as s from '../../../../lib/api/schemas';
import {
  completeCompany,
  completePerson,
  completePersonV3,
  logoMatches,
} from '../../../support/complete-answers';

const REAL_FIXTURES_DIR = join(import.meta.dirname, '../../../fixtures/real');

function readRealFixture(file: string): unknown {
  return JSON.parse(readFileSync(join(REAL_FIXTURES_DIR, file), 'utf8'));
}

/** Each published answer and the schema of the endpoint that answered it (see SOURCES.md there). */
const SCHEMA_OF_REAL_FIXTURE: Record<string, z.ZodType> = {
  'person-profile.json': s.personProfileSchema,
  'person-profile.enrichlayer-quickstart-trimmed.json': s.personProfileSchema,
  'company-profile.json': s.companyProfileSchema,
  'school-profile.json': s.companyProfileSchema,
  'job-profile.json': s.jobProfileSchema,
  'job-search.json': s.jobSearchResponseSchema,
  'role-lookup.json': s.roleLookupResponseSchema,
  'person-lookup.json': s.personLookupResponseSchema,
  'reverse-email-lookup.json': s.emailLookupResponseSchema,
  'company-lookup.json': s.companyLookupResponseSchema,
  'employee-count.json': s.employeeCountResponseSchema,
  'employee-listing.json': s.employeeListResponseSchema,
  'student-listing.json': s.studentListResponseSchema,
  'person-search.json': s.personSearchResponseSchema,
  'company-search.json': s.companySearchResponseSchema,
  'credit-balance.json': s.creditBalanceResponseSchema,
  'error-403-not-enough-credits.json': s.errorBodySchema,
};

/** The paths of the issues a failed parse reports. */
function issuePaths(schema: z.ZodType, body: unknown): PropertyKey[][] {
  const result = schema.safeParse(body);
  expect(result.success).toBe(false);
  return result.error?.issues.map((issue) => issue.path) ?? [];
}

/**
 * The fields a schema declares that a sample does not show with a value (absent or null), descending
 * into objects and into the first element of arrays. Empty means the sample exercises every field.
 */
function fieldsMissingFrom(schema: z.ZodType, value: unknown, path = '$'): string[] {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable)
    inner = inner.unwrap() as z.ZodType;
  if (value === null || value === undefined) return [path];
  if (inner instanceof z.ZodObject) {
    const record = value as Record<string, unknown>;
    return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      fieldsMissingFrom(field, record[key], `${path}.${key}`),
    );
  }
  if (inner instanceof z.ZodArray) {
    const items = value as unknown[];
    return items.length === 0
      ? [`${path}[]`]
      : fieldsMissingFrom(inner.element as z.ZodType, items[0], `${path}[0]`);
  }
  return [];
}

describe('real published answers', () => {
  it('maps every file in test/fixtures/real to the schema of its endpoint', () => {
    const files = readdirSync(REAL_FIXTURES_DIR).filter((file) => file.endsWith('.json'));
    expect(files.sort()).toEqual(Object.keys(SCHEMA_OF_REAL_FIXTURE).sort());
  });

  it.each(Object.entries(SCHEMA_OF_REAL_FIXTURE))('reads %s without losing anything', (file, schema) => {
    const body = readRealFixture(file);
    const result = schema.safeParse(body);
    expect(result.error?.issues).toBeUndefined();
    expect(result.data).toEqual(body);
  });

  it('reads the trimmed quickstart person, whose experience lacks most fields', () => {
    const person = s.personProfileSchema.parse(
      readRealFixture('person-profile.enrichlayer-quickstart-trimmed.json'),
    );
    expect(person.full_name).toBe('Satya Nadella');
    expect(person.public_identifier).toBeUndefined();
    expect(person.experiences?.[0]?.starts_at?.year).toBe(2014);
    expect(person.experiences?.[0]?.ends_at).toBeUndefined();
  });
});

describe('complete answers', () => {
  it('reads a v2 person with every optional enrichment field', () => {
    expect(fieldsMissingFrom(s.personProfileSchema, completePerson)).toEqual([]);
    const person = s.personProfileSchema.parse(completePerson);
    expect(person).toEqual(completePerson);
    expect(person.inferred_salary).toEqual({ min: 85000, max: 110000 });
    expect(person.extra?.birth_date?.year).toBe(1994);
  });

  it('reads a company with every optional block', () => {
    expect(fieldsMissingFrom(s.companyProfileSchema, completeCompany)).toEqual([]);
    expect(s.companyProfileSchema.parse(completeCompany)).toEqual(completeCompany);
  });

  it('reads an open-ended company size and blocks left null when not requested', () => {
    const company = s.companyProfileSchema.parse({
      ...completeCompany,
      company_size: [10001, null],
      categories: null,
      funding_data: null,
      exit_data: null,
      acquisitions: null,
      extra: null,
    });
    expect(company.company_size).toEqual([10001, null]);
    expect(company.funding_data).toBeNull();
  });

  it('reads a v3 person with every section', () => {
    expect(fieldsMissingFrom(s.personV3Schema, completePersonV3)).toEqual([]);
    const person = s.personV3Schema.parse(completePersonV3);
    expect(person).toEqual(completePersonV3);
    expect(person.experience?.work?.[0]?.companyInfo?.network?.companyId).toBe(48213370);
    expect(person.contactInformation?.emails?.work?.[0]?.normalized).toBe('amara@tidewater.example.com');
  });

  it('reads a v3 person without the flag-gated sections', () => {
    const { slug, developerProfile, careerInsight, contactInformation, ...withoutFlags } = completePersonV3;
    expect(s.personV3Schema.safeParse(withoutFlags).success).toBe(true);
  });

  it('reads the logo answer as an array of matches', () => {
    expect(fieldsMissingFrom(s.logoMatchSchema, logoMatches[0])).toEqual([]);
    expect(s.companyLogoResponseSchema.parse(logoMatches)).toEqual(logoMatches);
    expect(s.companyLogoResponseSchema.parse([])).toEqual([]);
  });

  it('reads a 409 error body with the age of the cached profile', () => {
    const body = {
      code: 409,
      name: 'Conflict',
      description: 'Cached profile is older than maxAgeSeconds; retry or raise maxAgeSeconds',
      cachedProfileAgeSeconds: 2_600_000,
    };
    expect(s.errorBodySchema.parse(body).cachedProfileAgeSeconds).toBe(2_600_000);
  });
});

describe('unknown keys', () => {
  it('survive at every depth of a v2 person', () => {
    const body = {
      ...completePerson,
      future_top_level: { nested: [1, 2] },
      experiences: [{ ...completePerson.experiences[0], seniority: 'Director' }],
      meta: { ...completePerson.meta, source: 'live' },
    };
    const person = s.personProfileSchema.parse(body);
    expect(person.future_top_level).toEqual({ nested: [1, 2] });
    expect(person.experiences?.[0]?.seniority).toBe('Director');
    expect(person.meta?.source).toBe('live');
  });

  it('survive in envelopes, search results and v3 sections', () => {
    const search = s.personSearchResponseSchema.parse({
      results: [{ network_profile_url: 'https://www.linkedin.com/in/amara-okafor', score: 0.93 }],
      next_page: null,
      search_id: 'abc',
    });
    expect(search.search_id).toBe('abc');
    expect(search.results[0]?.score).toBe(0.93);

    const person = s.personV3Schema.parse({
      ...completePersonV3,
      location: { city: 'Lisbon', timezone: 'WET' },
    });
    expect(person.location?.timezone).toBe('WET');
  });
});

describe('null content of lookups', () => {
  const emptyEnvelope = { url: null, profile: null, last_updated: null };

  it.each([
    ['person', s.personLookupResponseSchema],
    ['email', s.emailLookupResponseSchema],
    ['company', s.companyLookupResponseSchema],
  ] as const)('reads a %s lookup that found nothing, as nulls or as a bare null', (_, schema) => {
    expect(schema.parse(emptyEnvelope)).toEqual(emptyEnvelope);
    expect(schema.parse(null)).toBeNull();
  });

  it('reads an unenriched email lookup that carries no url', () => {
    const answer = s.emailLookupResponseSchema.parse({ profile: null, last_updated: '2025-04-02T09:14:00Z' });
    expect(answer?.url).toBeUndefined();
  });

  it('reads an unenriched role lookup as a URL alone', () => {
    const answer = s.roleLookupResponseSchema.parse({
      network_profile_url: 'https://www.linkedin.com/in/amara-okafor',
      last_updated: '2025-04-02T09:14:00Z',
    });
    expect(answer.profile).toBeUndefined();
  });
});

describe('fields of the wrong type', () => {
  const realPerson = readRealFixture('person-profile.json') as typeof completePerson;

  it.each<[string, z.ZodType, unknown, PropertyKey[]]>([
    [
      'follower_count as text',
      s.personProfileSchema,
      { ...realPerson, follower_count: 'abc' },
      ['follower_count'],
    ],
    ['experiences as an object', s.personProfileSchema, { ...realPerson, experiences: {} }, ['experiences']],
    [
      'a year as text inside an experience',
      s.personProfileSchema,
      {
        ...completePerson,
        experiences: [{ ...completePerson.experiences[0], starts_at: { day: 1, month: 3, year: '2021' } }],
      },
      ['experiences', 0, 'starts_at', 'year'],
    ],
    [
      'an enrichment field of the wrong shape',
      s.personProfileSchema,
      { ...completePerson, personal_emails: 'amara.okafor@example.com' },
      ['personal_emails'],
    ],
    [
      'a company size of text',
      s.companyProfileSchema,
      { ...completeCompany, company_size: ['51', 200] },
      ['company_size', 0],
    ],
    [
      'a profile inside a search result',
      s.personSearchResponseSchema,
      {
        results: [{ network_profile_url: 'https://www.linkedin.com/in/x', profile: { connections: '500+' } }],
      },
      ['results', 0, 'profile', 'connections'],
    ],
    [
      'a profile inside a company lookup',
      s.companyLookupResponseSchema,
      { url: 'https://www.linkedin.com/company/x', profile: { hq: { is_hq: 'yes' } } },
      ['profile', 'hq', 'is_hq'],
    ],
    ['a listing without its results', s.employeeListResponseSchema, { next_page: null }, ['employees']],
    [
      'a job search page number as text',
      s.jobSearchResponseSchema,
      { job: [], next_page_no: '2' },
      ['next_page_no'],
    ],
    [
      'an employee count as text',
      s.employeeCountResponseSchema,
      { verified_employee_count: '120' },
      ['verified_employee_count'],
    ],
    [
      'a logo employee count as text',
      s.companyLogoResponseSchema,
      [{ employeeCount: 'many' }],
      [0, 'employeeCount'],
    ],
    [
      'a v3 work entry with seniority as text',
      s.personV3Schema,
      { experience: { work: [{ seniority: 'Director' }] } },
      ['experience', 'work', 0, 'seniority'],
    ],
    [
      'a credit balance as text',
      s.creditBalanceResponseSchema,
      { credit_balance: 'lots' },
      ['credit_balance'],
    ],
  ])('fails on %s, naming the path', (_, schema, body, path) => {
    expect(issuePaths(schema, body)).toContainEqual(path);
  });
});

describe('employee count', () => {
  it('maps the old published shape: dataset count is verified, network figure is the estimate', () => {
    const answer = s.employeeCountResponseSchema.parse(readRealFixture('employee-count.json'));
    expect(normalizeEmployeeCount(answer)).toEqual({ verified: 3, estimated: 529274 });
  });

  it("maps the spec's shape, with and without the estimate", () => {
    const both = s.employeeCountResponseSchema.parse({
      estimated_employee_count: 150,
      verified_employee_count: 120,
    });
    expect(normalizeEmployeeCount(both)).toEqual({ verified: 120, estimated: 150 });
    const verifiedOnly = s.employeeCountResponseSchema.parse({ verified_employee_count: 120 });
    expect(normalizeEmployeeCount(verifiedOnly)).toEqual({ verified: 120, estimated: null });
  });

  it("prefers the spec's fields when an answer carries both shapes", () => {
    const answer = s.employeeCountResponseSchema.parse({
      verified_employee_count: 120,
      estimated_employee_count: 150,
      network_employee_count: 999,
      linkdb_employee_count: 7,
    });
    expect(normalizeEmployeeCount(answer)).toEqual({ verified: 120, estimated: 150 });
  });

  it('refuses an answer that holds no count at all', () => {
    expect(s.employeeCountResponseSchema.safeParse({}).success).toBe(false);
    expect(s.employeeCountResponseSchema.safeParse({ verified_employee_count: null }).success).toBe(false);
  });
});
