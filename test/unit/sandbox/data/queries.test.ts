// @vitest-environment node
/**
 * The query engine against the dataset: each filter family of the searches, the listings' filters
 * and sort orders, counts (also at a past date) and the lookups. Expected answers are worked out
 * from the records' facts directly, so a wrong index or a dropped filter shows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../../../lib/api/endpoints';
import type { RawParams } from '../../../../lib/api/params';
import { buildDataset } from '../../../../sandbox/data/generate';
import {
  createQueries,
  type DatasetQueries,
  EMPLOYEE_COUNT_BANDS,
  SearchInputError,
} from '../../../../sandbox/data/queries';
import type { CompanyRecord, PersonRecord, SandboxDataset, Stint } from '../../../../sandbox/data/records';
import type { SandboxQueries } from '../../../../sandbox/data/types';

const DAY_MS = 86_400_000;
const NOW = new Date('2025-06-01T00:00:00Z');

let dataset: SandboxDataset;
let queries: DatasetQueries;
let people: PersonRecord[];
let companies: CompanyRecord[];
/** The company with the most people, and one with name-only experiences. */
let big: CompanyRecord;
let namedOnly: CompanyRecord;

beforeAll(() => {
  dataset = buildDataset({ seed: 1, now: NOW });
  queries = createQueries(dataset);
  people = dataset.people;
  companies = dataset.companies;
  const staffCount = new Map<number, number>();
  for (const stint of dataset.employments)
    staffCount.set(stint.companyIndex, (staffCount.get(stint.companyIndex) ?? 0) + 1);
  big = companies.reduce((a, b) => ((staffCount.get(b.index) ?? 0) > (staffCount.get(a.index) ?? 0) ? b : a));
  const nameOnlyCount = new Map<number, number>();
  for (const stint of dataset.employments) {
    if (stint.nameOnly)
      nameOnlyCount.set(stint.companyIndex, (nameOnlyCount.get(stint.companyIndex) ?? 0) + 1);
  }
  namedOnly = companies[[...nameOnlyCount.entries()].sort((a, b) => b[1] - a[1])[0]![0]]!;
});

const word = (text: string) => new RegExp(`\\b${text}\\b`, 'i');
const indexesWhere = (test: (person: PersonRecord) => boolean) =>
  people.filter(test).map((person) => person.index);
const current = (person: PersonRecord) => person.stints.filter((stint) => stint.end === null);
const past = (person: PersonRecord) => person.stints.filter((stint) => stint.end !== null);
/**
 * The queries read the registry's canonical params, as the routes hand them over: each case is
 * parsed by the registry first (which also refuses what the service would refuse).
 */
const canonicalSearch = (id: 'person.search' | 'company.search', filters: RawParams) =>
  endpoints[id].params.parse(filters);
const search = (filters: RawParams) => queries.searchPeople(canonicalSearch('person.search', filters));
const searchCompanies = (filters: RawParams) =>
  queries.searchCompanies(canonicalSearch('company.search', filters));
/** The parameter the registry refuses in these filters, before any query runs. */
const refusedParam = (id: 'person.search' | 'company.search', filters: RawParams) =>
  endpoints[id].params.safeParse(filters).error?.issues[0]?.path[0];
/** People currently at a company satisfying `test`, through a linked experience. */
const workingAt = (test: (company: CompanyRecord) => boolean) =>
  indexesWhere((person) =>
    current(person).some((stint) => !stint.nameOnly && test(companies[stint.companyIndex]!)),
  );

function inputError(run: () => unknown): SearchInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof SearchInputError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('lookups by identifier', () => {
  it('finds a person from any accepted form of the profile URL', () => {
    const person = people[123]!;
    const id = person.publicIdentifier;
    for (const url of [
      person.url,
      `${person.url}/`,
      `http://linkedin.com/in/${id}`,
      `HTTPS://WWW.LINKEDIN.COM/in/${id}?trk=public_profile`,
      `https://uk.linkedin.com/in/${id.toUpperCase()}`,
      `linkedin.com/in/${id}`,
    ]) {
      expect(queries.personByUrl(url), url).toBe(person);
    }
    expect(queries.personByUrl('https://www.linkedin.com/in/nobody-by-this-name')).toBeUndefined();
    expect(queries.personByUrl(companies[0]!.url)).toBeUndefined();
    expect(queries.personByUrl('https://www.linkedin.com/in/ACoAAAbcdefghijklmnopqrstu')).toBeUndefined();
  });

  it('finds companies and schools by slug, and by numeric id only when asked to', () => {
    const company = companies[5]!;
    expect(queries.companyByUrl(`${company.url}/`)).toBe(company);
    expect(queries.companyByUrl(company.numericUrl)).toBeUndefined();
    expect(queries.companyByUrl(company.numericUrl, { resolveNumericId: true })).toBe(company);
    expect(queries.companyByUrl(dataset.schools[0]!.url)).toBeUndefined();
    const school = dataset.schools[7]!;
    expect(queries.schoolByUrl(school.url)).toBe(school);
    expect(queries.schoolByUrl(school.numericUrl)).toBeUndefined();
    expect(queries.schoolByUrl(school.numericUrl, { resolveNumericId: true })).toBe(school);
  });

  it('finds a job by its URL, with or without the title slug', () => {
    const job = dataset.jobs[77]!;
    expect(queries.jobByUrl(job.url)).toBe(job);
    expect(queries.jobByUrl(`https://www.linkedin.com/jobs/view/some-title-at-acme-${job.jobId}/`)).toBe(job);
    expect(queries.jobByUrl('https://www.linkedin.com/jobs/view/1')).toBeUndefined();
  });

  it('finds people by handle (bare, with @, any case, or as a profile URL) and by e-mail', () => {
    const person = people.find((candidate) => candidate.microblogHandle)!;
    const handle = person.microblogHandle!;
    expect(queries.personByHandle('microblog', handle)).toBe(person);
    expect(queries.personByHandle('microblog', `@${handle.toUpperCase()}`)).toBe(person);
    expect(queries.personByHandle('microblog', `https://x.com/${handle}`)).toBe(person);
    expect(queries.personByHandle('codehost', handle)).not.toBe(person);
    expect(queries.personByEmail(`  ${person.emails[0]!.toUpperCase()} `)).toBe(person);
    expect(queries.personByEmail('nobody@nowhere.example')).toBeUndefined();
  });
});

describe('person search', () => {
  it('answers everyone, in index order, without filters', () => {
    expect(search({})).toEqual(people.map((person) => person.index));
  });

  it('filters by country, region and city', () => {
    expect(search({ country: 'de' })).toEqual(indexesWhere((p) => p.country === 'DE'));
    expect(search({ city: 'Munich' })).toEqual(indexesWhere((p) => p.city.name === 'Munich'));
    expect(search({ region: 'Bavaria OR California' })).toEqual(
      indexesWhere((p) => p.city.stateName === 'Bavaria' || p.city.stateName === 'California'),
    );
    expect(search({ region: 'CA', country: 'US' })).toEqual(
      indexesWhere((p) => p.country === 'US' && p.city.stateCode === 'CA'),
    );
    expect(search({ city: '"New York"' }).length).toBeGreaterThan(0);
  });

  it('matches names without regard to case or accents', () => {
    const jose = people.find((p) => p.firstName === 'José')!;
    const found = search({ first_name: 'jose' });
    expect(found).toContain(jose.index);
    expect(found).toEqual(indexesWhere((p) => /(^|[^\p{L}])jos[eé]($|[^\p{L}])/iu.test(p.firstName)));
    const [a, b] = [people[10]!, people[20]!];
    expect(search({ last_name: `"${a.lastName}" OR "${b.lastName}"` })).toEqual(
      expect.arrayContaining([a.index, b.index]),
    );
  });

  it('searches headlines and summaries as boolean expressions', () => {
    expect(search({ headline: 'engineer AND NOT senior' })).toEqual(
      indexesWhere((p) => word('engineer').test(p.headline) && !word('senior').test(p.headline)),
    );
    expect(search({ summary: '"distributed systems"' })).toEqual(
      indexesWhere((p) => /distributed systems/i.test(p.summary ?? '')),
    );
  });

  it('searches languages, groups, interests, industries and skills', () => {
    expect(search({ languages: 'German AND English' })).toEqual(
      indexesWhere((p) => ['German', 'English'].every((name) => p.languages.some((l) => l.name === name))),
    );
    expect(search({ groups: '"Women in Tech"' })).toEqual(
      indexesWhere((p) => p.groups.includes('Women in Tech')),
    );
    expect(search({ interests: 'chess OR yoga' })).toEqual(
      indexesWhere((p) => p.interests.includes('Chess') || p.interests.includes('Yoga')),
    );
    expect(search({ industries: '"Software Development"' })).toEqual(
      indexesWhere((p) => p.industry === 'Software Development'),
    );
    expect(search({ skills: 'python -java' })).toEqual(
      indexesWhere(
        (p) => p.skills.some((s) => word('python').test(s)) && !p.skills.some((s) => word('java').test(s)),
      ),
    );
  });

  it('requires every skill of skills_all_in_list, and refuses it beside skills', () => {
    const found = search({ skills_all_in_list: 'python, sql' });
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(
      indexesWhere(
        (p) => p.skills.some((s) => word('python').test(s)) && p.skills.some((s) => word('sql').test(s)),
      ),
    );
    expect(refusedParam('person.search', { skills: 'python', skills_all_in_list: 'sql' })).toBe(
      'skills_all_in_list',
    );
  });

  it('searches education by field, degree, school name and school URL', () => {
    const school = dataset.schools[3]!;
    const alumni = indexesWhere((p) => p.studies.some((s) => s.schoolIndex === school.index));
    expect(search({ education_school_profile_url: school.url })).toEqual(alumni);
    expect(search({ education_school_profile_url: school.numericUrl })).toEqual(alumni);
    // A phrase: schools whose name holds it (`University of X` also finds `University of X (Y Campus)`).
    expect(search({ education_school_name: `"${school.name}"` })).toEqual(
      indexesWhere((p) => p.studies.some((s) => dataset.schools[s.schoolIndex]!.name.includes(school.name))),
    );
    expect(search({ education_field_of_study: '"computer science"' })).toEqual(
      indexesWhere((p) => p.studies.some((s) => s.fieldOfStudy === 'Computer Science')),
    );
    expect(search({ education_degree_name: 'MBA' })).toEqual(
      indexesWhere((p) => p.studies.some((s) => s.degree.includes('MBA'))),
    );
  });

  it('tells current from past roles: titles, descriptions and companies', () => {
    expect(search({ current_role_title: 'engineer' })).toEqual(
      indexesWhere((p) => current(p).some((s) => word('engineer').test(s.title))),
    );
    expect(search({ past_role_title: 'intern*' })).toEqual(
      indexesWhere((p) => past(p).some((s) => /\bintern/i.test(s.title))),
    );
    expect(search({ current_job_description: 'responsible' })).toEqual(
      indexesWhere((p) => current(p).some((s) => word('responsible').test(s.description ?? ''))),
    );
    expect(search({ past_job_description: '"part of the"' })).toEqual(
      indexesWhere((p) => past(p).some((s) => /part of the/i.test(s.description ?? ''))),
    );
    // By name, experiences that do not link the company count too.
    expect(search({ current_company_name: `"${namedOnly.name}"` })).toEqual(
      indexesWhere((p) => current(p).some((s) => s.companyIndex === namedOnly.index)),
    );
    expect(search({ past_company_name: `"${big.name}"` })).toEqual(
      indexesWhere((p) => past(p).some((s) => s.companyIndex === big.index)),
    );
  });

  it('filters by current and past company URL (linked experiences only, numeric ids accepted)', () => {
    const linkedAt = (list: (p: PersonRecord) => Stint[]) =>
      indexesWhere((p) => list(p).some((s) => s.companyIndex === big.index && !s.nameOnly));
    expect(search({ current_company_profile_url: big.url })).toEqual(linkedAt(current));
    expect(search({ current_company_profile_url: big.numericUrl })).toEqual(linkedAt(current));
    expect(search({ past_company_profile_url: big.url })).toEqual(linkedAt(past));
    expect(
      search({ current_company_profile_url: 'https://www.linkedin.com/company/no-such-company' }),
    ).toEqual([]);
  });

  it('filters by when the current role started (both bounds strict, on the same role)', () => {
    const after = new Date('2020-01-01T00:00:00Z');
    const before = new Date('2021-01-01T00:00:00Z');
    expect(search({ current_role_after: '2020-01-01', current_role_before: '2021-01-01' })).toEqual(
      indexesWhere((p) => current(p).some((s) => s.start > after && s.start < before)),
    );
    expect(search({ current_role_before: '2000-01-01' })).toEqual(
      indexesWhere((p) => current(p).some((s) => s.start.getTime() < Date.UTC(2000, 0, 1))),
    );
  });

  it('filters by the current company’s attributes', () => {
    const cases: [RawParams, (company: CompanyRecord) => boolean][] = [
      [{ current_company_type: 'public_company' }, (c) => c.companyType === 'PUBLIC_COMPANY'],
      [{ current_company_country: 'SG' }, (c) => c.offices.some((o) => o.country.code === 'SG')],
      [{ current_company_city: 'Dublin' }, (c) => c.offices.some((o) => o.city.name === 'Dublin')],
      [{ current_company_region: 'Bavaria' }, (c) => c.offices.some((o) => o.city.stateName === 'Bavaria')],
      [{ current_company_follower_count_min: 100_000 }, (c) => c.followerCount > 100_000],
      [{ current_company_follower_count_max: 500 }, (c) => c.followerCount < 500],
      [
        { current_company_industry: '"Software Development"' },
        (c) => c.industries.includes('Software Development'),
      ],
      [
        { current_company_primary_industry: '"Software Development"' },
        (c) => c.industry === 'Software Development',
      ],
      [{ current_company_specialities: 'saas' }, (c) => c.specialities.includes('saas')],
      [{ current_company_description: 'enterprises' }, (c) => /\benterprises\b/.test(c.description)],
      [{ current_company_founded_after_year: 2015 }, (c) => c.foundedYear !== null && c.foundedYear > 2015],
      [{ current_company_founded_before_year: 1950 }, (c) => c.foundedYear !== null && c.foundedYear < 1950],
      [{ current_company_funding_amount_min: 20_000_000 }, (c) => (c.totalFundingUsd ?? -1) >= 20_000_000],
      [
        { current_company_funding_amount_max: 1_000_000 },
        (c) => c.totalFundingUsd !== null && c.totalFundingUsd <= 1_000_000,
      ],
      [
        { current_company_funding_raised_after: '2022-01-01' },
        (c) => c.funding.some((round) => round.announced.getTime() > Date.UTC(2022, 0, 1)),
      ],
      [{ current_company_employee_count_min: 5_000 }, (c) => c.sizeOnNetwork >= 5_000],
      [
        { current_company_employee_count_category: 'medium' },
        (c) => c.sizeOnNetwork >= 51 && c.sizeOnNetwork <= 250,
      ],
      // The category wins over min and max.
      [
        { current_company_employee_count_category: 'startup', current_company_employee_count_min: 100_000 },
        (c) => c.sizeOnNetwork <= 10,
      ],
      [
        { current_company_employee_count_category: 'custom', current_company_employee_count_max: 10 },
        (c) => c.sizeOnNetwork <= 10,
      ],
    ];
    for (const [filters, test] of cases) {
      const expected = workingAt(test);
      expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(search(filters), JSON.stringify(filters)).toEqual(expected);
    }
  });

  it('filters by the current company’s domain, given bare, as a website or as an alternative', () => {
    const company = companies.find(
      (c) => c.alternativeDomains.length > 0 && workingAt((x) => x === c).length > 0,
    )!;
    const staff = workingAt((c) => c === company);
    expect(search({ current_company_domain_name: company.domain })).toEqual(staff);
    expect(search({ current_company_domain_name: `https://WWW.${company.domain}/about` })).toEqual(staff);
    expect(search({ current_company_domain_name: company.alternativeDomains[0]! })).toEqual(staff);
  });

  it('keeps or drops listed public identifiers, however they are encoded', () => {
    const cjk = people.find((p) => /\p{Script=Han}/u.test(p.publicIdentifier))!;
    const plain = people[42]!;
    const list = `${encodeURIComponent(cjk.publicIdentifier)}, ${plain.publicIdentifier.toUpperCase()}, nobody-here`;
    expect(search({ public_identifier_in_list: list })).toEqual(
      [cjk.index, plain.index].sort((a, b) => a - b),
    );
    const rest = search({ public_identifier_not_in_list: list });
    expect(rest).toHaveLength(people.length - 2);
    expect(rest).not.toContain(cjk.index);
  });

  it('reads follower counts as strict bounds, and leaves out people without one', () => {
    const person = people.find((p) => p.followerCount !== null && p.followerCount > 1000)!;
    const count = person.followerCount!;
    expect(search({ follower_count_min: count })).not.toContain(person.index);
    expect(search({ follower_count_min: count - 1 })).toContain(person.index);
    expect(search({ follower_count_max: count })).not.toContain(person.index);
    expect(search({ follower_count_max: count + 1 })).toContain(person.index);
    const withoutCount = people.find((p) => p.followerCount === null)!;
    expect(search({ follower_count_min: 0 })).not.toContain(withoutCount.index);
  });

  it('combines filters with AND, narrowing quickly', () => {
    const found = search({ country: 'US', current_role_title: 'manager', skills: 'salesforce' });
    expect(found).toEqual(
      indexesWhere(
        (p) =>
          p.country === 'US' &&
          current(p).some((s) => word('manager').test(s.title)) &&
          p.skills.some((s) => word('salesforce').test(s)),
      ),
    );
  });

  it('names the parameter and position of an expression that does not parse, and refuses bad numbers and dates', () => {
    expect(inputError(() => search({ headline: 'engineer AND (' }))).toMatchObject({
      param: 'headline',
      position: 14,
    });
    // Numbers and dates are the registry's to refuse; the queries never see them unparsed.
    expect(refusedParam('person.search', { follower_count_min: 'many' })).toBe('follower_count_min');
    expect(refusedParam('person.search', { current_role_before: 'yesterday' })).toBe('current_role_before');
  });
});

describe('company search', () => {
  const where = (test: (company: CompanyRecord) => boolean) =>
    companies.filter(test).map((company) => company.index);

  it('answers every company without filters', () => {
    expect(searchCompanies({})).toHaveLength(2_000);
  });

  it('applies each filter to the company’s own attributes', () => {
    const named = companies[100]!;
    const cases: [RawParams, (company: CompanyRecord) => boolean][] = [
      [{ name: `"${named.name}"` }, (c) => c.name.toLowerCase().includes(named.name.toLowerCase())],
      [{ country: 'jp' }, (c) => c.offices.some((o) => o.country.code === 'JP')],
      [
        { city: 'Toronto OR Vancouver' },
        (c) => c.offices.some((o) => ['Toronto', 'Vancouver'].includes(o.city.name)),
      ],
      [{ type: 'NON_PROFIT' }, (c) => c.companyType === 'NON_PROFIT'],
      [
        { follower_count_min: 50_000, follower_count_max: 60_000 },
        (c) => c.followerCount > 50_000 && c.followerCount < 60_000,
      ],
      [{ industry: 'banking' }, (c) => c.industries.includes('Banking')],
      [{ primary_industry: 'banking' }, (c) => c.industry === 'Banking'],
      [
        { employee_count_category: 'enterprise' },
        (c) => c.sizeOnNetwork >= EMPLOYEE_COUNT_BANDS.enterprise![0],
      ],
      [
        { employee_count_min: 100, employee_count_max: 200 },
        (c) => c.sizeOnNetwork >= 100 && c.sizeOnNetwork <= 200,
      ],
      [
        { founded_after_year: 2010, founded_before_year: 2015 },
        (c) => (c.foundedYear ?? 0) > 2010 && (c.foundedYear ?? 9999) < 2015,
      ],
      [
        { funding_raised_after: '2021-01-01', funding_raised_before: '2022-01-01' },
        (c) =>
          c.funding.some(
            (r) =>
              r.announced.getTime() > Date.UTC(2021, 0, 1) && r.announced.getTime() < Date.UTC(2022, 0, 1),
          ),
      ],
      [{ domain_name: named.domain }, (c) => c === named],
      [
        { public_identifier_in_list: `${named.slug},${companies[3]!.slug}` },
        (c) => c === named || c === companies[3],
      ],
    ];
    for (const [filters, test] of cases) {
      const expected = where(test);
      expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(searchCompanies(filters), JSON.stringify(filters)).toEqual(expected);
    }
    expect(searchCompanies({ public_identifier_not_in_list: named.slug })).not.toContain(named.index);
  });
});

describe('employee listing', () => {
  const list = (
    company: CompanyRecord,
    options: Partial<Parameters<SandboxQueries['listEmployees']>[1]> = {},
  ) =>
    queries.listEmployees(company, {
      coyNameMatch: true,
      employmentStatus: 'current',
      sortBy: 'none',
      ...options,
    });

  it('splits everyone who worked there into current and past employees', () => {
    const all = list(big, { employmentStatus: 'all' });
    const now = list(big);
    const before = list(big, { employmentStatus: 'past' });
    expect(now.length + before.length).toBe(all.length);
    expect([...now, ...before].sort((a, b) => a - b)).toEqual(all);
    for (const index of now)
      expect(current(people[index]!).some((s) => s.companyIndex === big.index)).toBe(true);
  });

  it('lists people who name the company without linking it only with coy_name_match', () => {
    const withNames = list(namedOnly, { employmentStatus: 'all' });
    const linkedOnly = list(namedOnly, { employmentStatus: 'all', coyNameMatch: false });
    const nameOnlyPeople = dataset.employments
      .filter((e) => e.companyIndex === namedOnly.index && e.nameOnly)
      .map((e) => e.personIndex);
    expect(nameOnlyPeople.length).toBeGreaterThan(0);
    expect(withNames.filter((index) => !linkedOnly.includes(index)).sort()).toEqual(nameOnlyPeople.sort());
  });

  it('filters by the employees’ countries', () => {
    const found = list(big, { employmentStatus: 'all', country: ['us', 'GB'] });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((index) => ['US', 'GB'].includes(people[index]!.country))).toBe(true);
  });

  it('matches role_search as a case-insensitive regular expression over the whole title', () => {
    const staff = dataset.employments.filter((e) => e.companyIndex === big.index);
    const title = staff[0]!.title;
    const exact = list(big, { employmentStatus: 'all', roleSearch: title.toUpperCase() });
    expect(exact).toEqual(
      [...new Set(staff.filter((e) => e.title === title).map((e) => e.personIndex))].sort((a, b) => a - b),
    );
    // Anchored at both ends: a word of the title alone is not the title.
    const firstWord = title.split(' ')[0]!;
    expect(list(big, { employmentStatus: 'all', roleSearch: firstWord })).toEqual(
      staff.filter((e) => e.title.toLowerCase() === firstWord.toLowerCase()).map((e) => e.personIndex),
    );
    const engineers = list(big, { employmentStatus: 'all', roleSearch: '.*engineer.*' });
    expect(engineers).toEqual(
      [...new Set(staff.filter((e) => /engineer/i.test(e.title)).map((e) => e.personIndex))].sort(
        (a, b) => a - b,
      ),
    );
    expect(inputError(() => list(big, { roleSearch: '(unclosed' })).param).toBe('role_search');
  });

  it('prefers boolean_role_search over role_search', () => {
    const booleanOnly = list(big, { employmentStatus: 'all', booleanRoleSearch: 'engineer OR manager' });
    expect(booleanOnly.length).toBeGreaterThan(0);
    expect(
      list(big, { employmentStatus: 'all', booleanRoleSearch: 'engineer OR manager', roleSearch: 'nothing' }),
    ).toEqual(booleanOnly);
  });

  it('sorts by joining, leaving or seniority, and by person otherwise', () => {
    const stintOf = (index: number) =>
      people[index]!.stints.find((stint) => stint.companyIndex === big.index)!;
    const joined = list(big, { employmentStatus: 'all', sortBy: 'recently-joined' }).map(stintOf);
    for (let i = 1; i < joined.length; i++) expect(joined[i - 1]!.start >= joined[i]!.start).toBe(true);
    const oldest = list(big, { employmentStatus: 'all', sortBy: 'oldest' }).map(stintOf);
    for (let i = 1; i < oldest.length; i++) expect(oldest[i - 1]!.start <= oldest[i]!.start).toBe(true);
    const left = list(big, { employmentStatus: 'all', sortBy: 'recently-left' }).map(stintOf);
    const firstCurrent = left.findIndex((stint) => stint.end === null);
    expect(left.slice(firstCurrent).every((stint) => stint.end === null)).toBe(true);
    for (let i = 1; i < firstCurrent; i++) expect(left[i - 1]!.end! >= left[i]!.end!).toBe(true);
    const none = list(big, { employmentStatus: 'all' });
    expect(none).toEqual([...none].sort((a, b) => a - b));
  });
});

describe('student listing', () => {
  const school = () =>
    dataset.schools.reduce((a, b) =>
      queries.listStudents(b, { studentStatus: 'all', sortBy: 'none' }).length >
      queries.listStudents(a, { studentStatus: 'all', sortBy: 'none' }).length
        ? b
        : a,
    );

  it('splits students into current and past, filters by country and major, and sorts', () => {
    const s = school();
    const all = queries.listStudents(s, { studentStatus: 'all', sortBy: 'none' });
    const now = queries.listStudents(s, { studentStatus: 'current', sortBy: 'none' });
    const before = queries.listStudents(s, { studentStatus: 'past', sortBy: 'none' });
    expect(now.length).toBeGreaterThan(0);
    expect([...now, ...before].sort((a, b) => a - b)).toEqual(all);
    const latestAt = (index: number) =>
      people[index]!.studies.filter((study) => study.schoolIndex === s.index).sort(
        (a, b) => +b.start - +a.start,
      )[0]!;
    expect(now.every((index) => latestAt(index).end === null)).toBe(true);

    const local = queries.listStudents(s, {
      studentStatus: 'all',
      sortBy: 'none',
      country: [s.country.toLowerCase()],
    });
    expect(local.every((index) => people[index]!.country === s.country)).toBe(true);

    const major = latestAt(all[0]!).fieldOfStudy;
    const byMajor = queries.listStudents(s, {
      studentStatus: 'all',
      sortBy: 'none',
      booleanSearchKeyword: `"${major}"`,
    });
    expect(byMajor).toContain(all[0]);
    expect(
      byMajor.every((index) =>
        people[index]!.studies.some((st) => st.schoolIndex === s.index && st.fieldOfStudy === major),
      ),
    ).toBe(true);

    const matriculated = queries
      .listStudents(s, { studentStatus: 'all', sortBy: 'recently-matriculated' })
      .map(latestAt);
    for (let i = 1; i < matriculated.length; i++)
      expect(matriculated[i - 1]!.start >= matriculated[i]!.start).toBe(true);
    const graduated = queries
      .listStudents(s, { studentStatus: 'past', sortBy: 'recently-graduated' })
      .map(latestAt);
    for (let i = 1; i < graduated.length; i++)
      expect(graduated[i - 1]!.end! >= graduated[i]!.end!).toBe(true);
  });
});

describe('employee count', () => {
  it('counts exactly the people the listing lists, for each status and name-match choice', () => {
    const sampled = [big, namedOnly, ...companies.filter((_, i) => i % 97 === 0)];
    for (const company of sampled) {
      for (const coyNameMatch of [true, false]) {
        for (const employmentStatus of ['current', 'past', 'all'] as const) {
          const listed = queries.listEmployees(company, { coyNameMatch, employmentStatus, sortBy: 'none' });
          expect(queries.countEmployees(company, { coyNameMatch, employmentStatus }).verified).toBe(
            listed.length,
          );
        }
      }
    }
  });

  it('counts the people employed on a past date', () => {
    const on = new Date('2018-03-15T00:00:00Z');
    const stints = dataset.employments.filter((e) => e.companyIndex === big.index);
    const employedThen = stints.filter((e) => e.start <= on && (e.end === null || e.end >= on)).length;
    const leftBefore = stints.filter((e) => e.start <= on && e.end !== null && e.end < on).length;
    expect(employedThen).toBeGreaterThan(0);
    expect(
      queries.countEmployees(big, { coyNameMatch: true, atDate: on, employmentStatus: 'current' }).verified,
    ).toBe(employedThen);
    expect(
      queries.countEmployees(big, { coyNameMatch: true, atDate: on, employmentStatus: 'past' }).verified,
    ).toBe(leftBefore);
    expect(
      queries.countEmployees(big, { coyNameMatch: true, atDate: on, employmentStatus: 'all' }).verified,
    ).toBe(employedThen + leftBefore);
    expect(employedThen).not.toBe(
      queries.countEmployees(big, { coyNameMatch: true, employmentStatus: 'current' }).verified,
    );
  });

  it('estimates more employees than it verifies, the same way every time, near the network’s figure today', () => {
    for (const company of companies.filter((_, i) => i % 50 === 0)) {
      const count = queries.countEmployees(company, { coyNameMatch: true, employmentStatus: 'current' });
      expect(count.estimated).toBeGreaterThan(count.verified);
      expect(queries.countEmployees(company, { coyNameMatch: true, employmentStatus: 'current' })).toEqual(
        count,
      );
    }
    const today = queries.countEmployees(big, { coyNameMatch: true, employmentStatus: 'current' });
    expect(Math.abs(today.estimated - big.sizeOnNetwork) / big.sizeOnNetwork).toBeLessThan(0.01);
  });
});

describe('job search', () => {
  const jobs = () => dataset.jobs;

  it('answers every job newest first without filters', () => {
    const all = queries.searchJobs({});
    expect(all).toHaveLength(5_000);
    for (let i = 1; i < all.length; i++) {
      expect(jobs()[all[i - 1]!]!.listDate >= jobs()[all[i]!]!.listDate).toBe(true);
    }
  });

  it('filters by type, level and flexibility; "anything" filters nothing', () => {
    const found = queries.searchJobs({
      jobType: 'Full-Time',
      experienceLevel: 'director',
      flexibility: 'remote',
    });
    expect(found.length).toBeGreaterThan(0);
    expect(found.sort((a, b) => a - b)).toEqual(
      jobs()
        .filter(
          (j) => j.jobType === 'full-time' && j.experienceLevel === 'director' && j.flexibility === 'remote',
        )
        .map((j) => j.index),
    );
    expect(queries.searchJobs({ jobType: 'anything', when: 'anytime' })).toHaveLength(5_000);
    expect(
      queries.searchJobs({ experienceLevel: 'internship' }).every((i) => jobs()[i]!.jobType === 'internship'),
    ).toBe(true);
  });

  it('keeps jobs listed within the window of `when`', () => {
    const today = Date.UTC(2025, 5, 1);
    const sizes = (['yesterday', 'past-week', 'past-month'] as const).map((when, i) => {
      const days = [1, 7, 30][i]!;
      const found = queries.searchJobs({ when });
      expect(found.every((index) => jobs()[index]!.listDate.getTime() >= today - days * DAY_MS)).toBe(true);
      expect(found).toHaveLength(jobs().filter((j) => j.listDate.getTime() >= today - days * DAY_MS).length);
      return found.length;
    });
    expect(sizes[0]).toBeLessThan(sizes[1]!);
    expect(sizes[1]).toBeLessThan(sizes[2]!);
  });

  it('finds jobs in a city by its geo id, and in the whole country by the country’s', () => {
    const job = jobs().find((j) => j.city !== null)!;
    const inCity = queries.searchJobs({ geoId: job.city!.geoId });
    expect(inCity).toContain(job.index);
    expect(inCity.every((i) => jobs()[i]!.city?.geoId === job.city!.geoId)).toBe(true);
    const inCountry = queries.searchJobs({ geoId: job.countryGeoId });
    expect(inCountry.length).toBeGreaterThan(inCity.length);
    expect(inCountry.every((i) => jobs()[i]!.country === job.country)).toBe(true);
  });

  it('finds a company’s jobs by its search_id, and jobs by keyword', () => {
    const company = companies[jobs()[0]!.companyIndex]!;
    const found = queries.searchJobs({ searchId: company.searchId });
    expect(found.sort((a, b) => a - b)).toEqual(
      jobs()
        .filter((j) => j.companyIndex === company.index)
        .map((j) => j.index),
    );
    const python = queries.searchJobs({ keyword: 'Python' });
    expect(python.length).toBeGreaterThan(0);
    expect(python.every((i) => /\bpython\b/i.test(`${jobs()[i]!.title} ${jobs()[i]!.description}`))).toBe(
      true,
    );
    // Not an expression by the spec: an unbalanced quote still searches its words.
    expect(queries.searchJobs({ keyword: '"python' })).toEqual(python);
  });
});

describe('lookups by partial information', () => {
  it('finds the closest current title at a company for a role, abbreviations spelled out', () => {
    const ceoStint = dataset.employments.find(
      (e) =>
        e.end === null &&
        e.title === 'Chief Executive Officer' &&
        !companies.some((c) => c !== companies[e.companyIndex] && c.name === companies[e.companyIndex]!.name),
    )!;
    const company = companies[ceoStint.companyIndex]!;
    const found = queries.lookupRole('ceo', company.name.toUpperCase())!;
    expect(found).toBeDefined();
    const title = current(found).find((s) => s.companyIndex === company.index)!.title;
    expect(title).toBe('Chief Executive Officer');
    expect(queries.lookupRole('ceo', 'No Such Company Anywhere')).toBeUndefined();
    expect(queries.lookupRole('astronaut', company.name)).toBeUndefined();
  });

  it('resolves a person by name and company domain or name, tolerating a typo', () => {
    const stint = dataset.employments.find((e) => e.end === null && !e.nameOnly && e.personIndex > 100)!;
    const person = people[stint.personIndex]!;
    const company = companies[stint.companyIndex]!;
    const ask = (q: Partial<Parameters<SandboxQueries['lookupPerson']>[0]>) =>
      queries.lookupPerson({
        companyDomain: company.domain,
        firstName: person.firstName,
        lastName: person.lastName,
        similarityChecks: true,
        ...q,
      });
    expect(ask({})).toBe(person);
    expect(ask({ companyDomain: `https://www.${company.domain}` })).toBe(person);
    expect(ask({ companyDomain: company.name })).toBe(person);
    expect(ask({ title: stint.title, location: person.country })).toBe(person);
    const typo = `${person.lastName.slice(0, -1)}${person.lastName.endsWith('x') ? 'y' : 'x'}`;
    if (person.lastName.length >= 5) expect(ask({ lastName: typo })).toBe(person);
  });

  it('answers nothing for a poor match when similarity checks are on, and the best guess when off', () => {
    const stint = dataset.employments.find((e) => e.end === null && !e.nameOnly)!;
    const company = companies[stint.companyIndex]!;
    const poor = { companyDomain: company.domain, firstName: 'Qwxyzzy', lastName: 'Vbnmqq' };
    expect(queries.lookupPerson({ ...poor, similarityChecks: true })).toBeUndefined();
    expect(queries.lookupPerson({ ...poor, similarityChecks: false })).toBeDefined();
    const person = people[stint.personIndex]!;
    const elsewhere = person.country === 'JP' ? 'Brazil' : 'Japan';
    expect(
      queries.lookupPerson({
        companyDomain: company.domain,
        firstName: person.firstName,
        lastName: person.lastName,
        location: elsewhere,
        similarityChecks: true,
      }),
    ).toBeUndefined();
    expect(
      queries.lookupPerson({
        companyDomain: 'no-such-domain.example',
        firstName: 'A',
        similarityChecks: false,
      }),
    ).toBeUndefined();
  });

  it('resolves a company by name, domain (any spelling) and location', () => {
    const company = companies.find((c) => c.alternativeDomains.length > 0 && c.offices.length > 1)!;
    expect(queries.lookupCompany({ name: company.name.toUpperCase() })).toBe(company);
    expect(queries.lookupCompany({ name: `${company.name}, Inc.` })).toBe(company);
    expect(queries.lookupCompany({ domain: `HTTPS://WWW.${company.domain.toUpperCase()}/contact?x=1` })).toBe(
      company,
    );
    expect(queries.lookupCompany({ domain: company.alternativeDomains[0]! })).toBe(company);
    expect(
      queries.lookupCompany({
        domain: company.domain,
        location: company.offices[1]!.country.code.toLowerCase(),
      }),
    ).toBe(company);
    const absent = ['US', 'IN', 'GB', 'DE', 'JP'].find(
      (code) => !company.offices.some((o) => o.country.code === code),
    )!;
    expect(queries.lookupCompany({ domain: company.domain, location: absent })).toBeUndefined();
    expect(queries.lookupCompany({ name: 'Surely Nobody Named This' })).toBeUndefined();
  });

  it('searches logos by domain or name prefix, best first, at most ten', () => {
    const company = companies[250]!;
    expect(queries.searchLogos(company.domain)[0]).toBe(company);
    expect(queries.searchLogos(`https://${company.domain}`)[0]).toBe(company);
    expect(queries.searchLogos(company.name)[0]).toBe(company);
    const prefix = company.domain.slice(0, 3);
    const found = queries.searchLogos(prefix);
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(10);
    expect(
      found.every(
        (c) =>
          [c.domain, ...c.alternativeDomains].some((d) => d.startsWith(prefix)) ||
          c.name.toLowerCase().includes(prefix),
      ),
    ).toBe(true);
    expect(queries.searchLogos('   ')).toEqual([]);
  });
});
