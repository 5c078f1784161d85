/**
 * The sandbox's query engine over a dataset built by ./generate.ts: lookups by URL, handle, e-mail
 * and domain in O(1), searches with every filter of the spec, listings, counts and lookups. Indexes
 * are built once in {@link createQueries} (a few tens of milliseconds); the folded texts the boolean
 * filters search are built on the first search that needs them and kept.
 *
 * Input errors (an expression that does not parse, a regular expression that does not compile, a
 * number or date that is not one) throw {@link SearchInputError}, naming the parameter; the HTTP
 * layer answers 400 with it. Everything else about the request was validated by the registry.
 *
 * Choices where the spec is silent, each applied below:
 * - Text filters are boolean expressions (sandbox/search/boolean.ts) over the field's words; a
 *   filter over a list (titles, skills, schools) searches all entries, a phrase never spanning two.
 * - `*_min`/`*_max` follower counts are strict (the spec: "more than", "less than"); employee counts
 *   and funding amounts are inclusive ("at least", "at most"). Founded years are strict ("after",
 *   "before"). A record without the value (no follower count, no funding data) never matches a
 *   filter on it.
 * - `current_role_before`/`_after` and `funding_raised_before`/`_after` are strict, and both bounds
 *   must hold for the same role or funding round.
 * - The `current_company_*` attributes must hold for one company the person currently works at
 *   (through a linked experience: a company's attributes are known only through its profile).
 * - `domain_name` filters accept a bare domain or a website URL as well as an expression.
 * - Employee counts use `company_size_on_network`; the category bands are the spec's.
 */

import type { CanonicalParams } from '../../lib/api/params';
import { parseProfileUrl } from '../../lib/profile-urls';
import {
  BooleanExpressionError,
  compileBooleanMatcher,
  type FoldedMatcher,
  foldEntriesForMatching,
  foldForMatching,
} from '../search/boolean';
import {
  companyNameKey,
  NAME_SIMILARITY_THRESHOLD,
  nameSimilarity,
  normalizeDomain,
  titleScore,
} from '../search/similarity';
import { addDays, startOfDay } from './dates';
import type {
  CompanyRecord,
  JobRecord,
  PersonRecord,
  SandboxDataset,
  SchoolRecord,
  Stint,
  Study,
} from './records';
import type { Dataset, EmploymentStatus, SandboxQueries } from './types';
import { COUNTRY_BY_CODE } from './vocabulary';

/** A filter value the sandbox cannot use; `param` names the parameter, `position` the offending character. */
export class SearchInputError extends Error {
  constructor(
    readonly param: string,
    readonly reason: string,
    readonly position?: number,
  ) {
    super(`${param}: ${reason}`);
    this.name = 'SearchInputError';
  }
}

/** The spec's `employee_count_category` bands (inclusive), by `company_size_on_network`. */
export const EMPLOYEE_COUNT_BANDS: Readonly<Record<string, readonly [number, number]>> = {
  startup: [1, 10],
  small: [11, 50],
  medium: [51, 250],
  large: [251, 1000],
  enterprise: [1001, Number.POSITIVE_INFINITY],
};

/** How far back each job search `when` looks, in days before the start of today. */
export const JOB_POSTED_WITHIN_DAYS: Readonly<Record<string, number>> = {
  yesterday: 1,
  'past-week': 7,
  'past-month': 30,
};

/** Logo search answers at most this many companies. */
const LOGO_RESULTS = 10;

// ---------------------------------------------------------------------------------------------
// Reading filter values

/** The canonical params of the two searches (the registry parsed them: numbers are numbers). */
type PersonSearch = CanonicalParams<'person.search'>;
type CompanySearch = CanonicalParams<'company.search'>;

/** The names of `P`'s parameters whose values are of type `V`. */
type NamesOf<P, V> = { [K in keyof P]-?: NonNullable<P[K]> extends V ? K : never }[keyof P] & string;

/**
 * One request's filters, as the registry parsed them: text trimmed (blank is absent), numbers as
 * numbers, dates as real `YYYY-MM-DD` dates, lists comma-joined without blanks. Nothing is parsed
 * again here. Names are typed by the endpoint's params, so a misspelt filter does not compile.
 */
export class FilterValues<P extends object> {
  constructor(
    private readonly values: Partial<P>,
    /** How the request named these parameters, for errors: `current_company_` for person search. */
    private readonly prefix = '',
  ) {}

  private raw(name: keyof P & string): unknown {
    return this.values[name];
  }

  /** The parameter as the request named it. */
  requestName(name: string): string {
    return `${this.prefix}${name}`;
  }

  text(name: NamesOf<P, string>): string | undefined {
    const value = this.raw(name);
    return typeof value === 'string' && value !== '' ? value : undefined;
  }

  number(name: NamesOf<P, number>): number | undefined {
    const value = this.raw(name);
    return typeof value === 'number' ? value : undefined;
  }

  /** A `YYYY-MM-DD` date, at the start of that day (UTC). */
  date(name: NamesOf<P, string>): Date | undefined {
    const text = this.text(name);
    return text === undefined ? undefined : new Date(`${text}T00:00:00Z`);
  }

  list(name: NamesOf<P, string>): string[] | undefined {
    return this.text(name)?.split(',');
  }

  matcher(name: NamesOf<P, string>): FoldedMatcher | undefined {
    const text = this.text(name);
    return text === undefined ? undefined : compileExpression(this.requestName(name), text);
  }
}

/** The company attributes both searches filter on: bare in company search, `current_company_*` in person search. */
type CompanyAttribute =
  | 'country'
  | 'type'
  | 'follower_count_min'
  | 'follower_count_max'
  | 'employee_count_category'
  | 'employee_count_min'
  | 'employee_count_max'
  | 'founded_after_year'
  | 'founded_before_year'
  | 'funding_amount_min'
  | 'funding_amount_max'
  | 'funding_raised_after'
  | 'funding_raised_before'
  | 'region'
  | 'city'
  | 'industry'
  | 'primary_industry'
  | 'specialities'
  | 'description'
  | 'domain_name';

type CompanyAttributes = Pick<CompanySearch, CompanyAttribute>;

/** Person search's `current_company_*` filters, named as company search names them. */
type Unprefixed<P, Prefix extends string> = {
  [K in keyof P as K extends `${Prefix}${infer Rest}` ? Rest : never]: P[K];
};

const CURRENT_COMPANY = 'current_company_';

/** Person search's boolean filters over the person's own texts. */
type PersonTextFilter =
  | 'first_name'
  | 'last_name'
  | 'region'
  | 'city'
  | 'headline'
  | 'summary'
  | 'languages'
  | 'groups'
  | 'interests'
  | 'skills'
  | 'industries'
  | 'education_field_of_study'
  | 'education_degree_name'
  | 'education_school_name'
  | 'current_role_title'
  | 'past_role_title'
  | 'current_job_description'
  | 'past_job_description'
  | 'current_company_name'
  | 'past_company_name';

/** The company texts the boolean filters search (`name` is company search's only). */
type CompanyTextFilter =
  | Extract<
      CompanyAttribute,
      'region' | 'city' | 'industry' | 'primary_industry' | 'specialities' | 'description'
    >
  | 'name';

/** `Object.entries` keeping the keys' type. */
function entriesOf<K extends string, V>(record: { readonly [Name in K]: V }): [K, V][] {
  return Object.entries(record) as [K, V][];
}

/**
 * Person search's company filters read as company search's: typed so that the person search
 * must have every attribute under its prefix (a renamed one fails the typecheck here).
 */
function currentCompanyFilters(values: Partial<PersonSearch>): FilterValues<CompanyAttributes> {
  const unprefixed: Partial<Unprefixed<PersonSearch, typeof CURRENT_COMPANY>> = {};
  for (const [name, value] of Object.entries(values)) {
    if (name.startsWith(CURRENT_COMPANY))
      (unprefixed as Record<string, unknown>)[name.slice(CURRENT_COMPANY.length)] = value;
  }
  const attributes: Partial<CompanyAttributes> = unprefixed;
  return new FilterValues<CompanyAttributes>(attributes, CURRENT_COMPANY);
}

function compileExpression(param: string, expression: string): FoldedMatcher {
  try {
    return compileBooleanMatcher(expression);
  } catch (error) {
    if (error instanceof BooleanExpressionError)
      throw new SearchInputError(param, error.reason, error.position);
    throw error;
  }
}

/** A public identifier or slug as given in a list: decoded, NFC, lower case (as the indexes key them). */
function identifierKey(text: string): string {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // Not percent-encoded after all: use as typed.
  }
  return decoded.normalize('NFC').toLowerCase();
}

/** Keeps the entries of `current` (or all of `next` when there is no `current`) that are in `next`. */
function narrow(current: number[] | null, next: Iterable<number>): number[] {
  if (current === null) return [...new Set(next)].sort((a, b) => a - b);
  const keep = new Set(next);
  return current.filter((index) => keep.has(index));
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

// ---------------------------------------------------------------------------------------------

/**
 * The queries over a dataset. Takes the contract's `Dataset`, but it must be one built by
 * `buildDataset` (./generate.ts): the queries read the records' facts, which a hand-made dataset lacks.
 */
export function createQueries(dataset: Dataset): DatasetQueries {
  if (!isSandboxDataset(dataset))
    throw new TypeError('createQueries needs a dataset built by buildDataset()');
  return new DatasetQueries(dataset);
}

function isSandboxDataset(dataset: Dataset): dataset is SandboxDataset {
  return 'context' in dataset && dataset.people.every((person) => 'stints' in person);
}

type TextOf<R> = (record: R) => string | readonly string[];

/** {@link SandboxQueries} over a built dataset; its answers are the dataset's records, facts included. */
export class DatasetQueries implements SandboxQueries {
  private readonly people: PersonRecord[];
  private readonly companies: CompanyRecord[];
  private readonly personBySlug = new Map<string, PersonRecord>();
  private readonly personByEmail_ = new Map<string, PersonRecord>();
  private readonly personByHandle_ = {
    social: new Map<string, PersonRecord>(),
    microblog: new Map<string, PersonRecord>(),
    codehost: new Map<string, PersonRecord>(),
  };
  private readonly companyBySlug = new Map<string, CompanyRecord>();
  private readonly companyByNumericId = new Map<string, CompanyRecord>();
  private readonly companyByDomain = new Map<string, CompanyRecord>();
  private readonly companiesByNameKey = new Map<string, CompanyRecord[]>();
  private readonly schoolBySlug = new Map<string, SchoolRecord>();
  private readonly schoolByNumericId = new Map<string, SchoolRecord>();
  private readonly jobById = new Map<string, JobRecord>();
  private readonly peopleByCountry = new Map<string, number[]>();
  /** Every stint at a company (name-only ones too), in person order. */
  private readonly stintsByCompany = new Map<number, Stint[]>();
  private readonly studiesBySchool = new Map<number, Study[]>();
  private readonly allPeople: number[];
  private readonly allCompanies: number[];
  /** Folded texts per searchable field, built on first use. */
  private readonly foldedColumns = new Map<string, string[]>();
  /** Network size ÷ current staff in the sandbox, per company (see countEmployees). */
  private readonly estimateScale = new Map<number, number>();

  /** The person search's boolean filters, by parameter: the text each one searches. */
  private readonly personTextFields: { readonly [Name in PersonTextFilter]: TextOf<PersonRecord> } = {
    first_name: (person) => person.firstName,
    last_name: (person) => person.lastName,
    region: (person) => [person.city.stateName ?? '', person.city.stateCode ?? ''],
    city: (person) => person.city.name,
    headline: (person) => person.headline,
    summary: (person) => person.summary ?? '',
    languages: (person) => person.languages.map((language) => language.name),
    groups: (person) => person.groups,
    interests: (person) => person.interests,
    skills: (person) => person.skills,
    industries: (person) => person.industry,
    education_field_of_study: (person) => person.studies.map((study) => study.fieldOfStudy),
    education_degree_name: (person) => person.studies.map((study) => study.degree),
    education_school_name: (person) =>
      person.studies.map((study) => (this.dataset.schools[study.schoolIndex] as SchoolRecord).name),
    current_role_title: (person) => currentStints(person).map((stint) => stint.title),
    past_role_title: (person) => pastStints(person).map((stint) => stint.title),
    current_job_description: (person) => currentStints(person).map((stint) => stint.description ?? ''),
    past_job_description: (person) => pastStints(person).map((stint) => stint.description ?? ''),
    current_company_name: (person) => currentStints(person).map((stint) => this.companyName(stint)),
    past_company_name: (person) => pastStints(person).map((stint) => this.companyName(stint)),
  };

  /**
   * The company attributes boolean filters search, by parameter without prefix (company search
   * names them so; person search prefixes `current_company_`). `name` is company search's only.
   */
  private readonly companyTextFields: { readonly [Name in CompanyTextFilter]: TextOf<CompanyRecord> } = {
    region: (company) =>
      company.offices.flatMap((office) => [office.city.stateName ?? '', office.city.stateCode ?? '']),
    city: (company) => company.offices.map((office) => office.city.name),
    industry: (company) => company.industries,
    primary_industry: (company) => company.industry,
    specialities: (company) => company.specialities,
    description: (company) => company.description,
    name: (company) => company.name,
  };

  private readonly companyDomains: TextOf<CompanyRecord> = (company) => [
    company.domain,
    ...company.alternativeDomains,
  ];

  private readonly jobText: TextOf<JobRecord> = (job) => [
    job.title,
    (this.companies[job.companyIndex] as CompanyRecord).name,
    job.description,
  ];

  constructor(readonly dataset: SandboxDataset) {
    this.people = dataset.people;
    this.companies = dataset.companies;
    for (const person of dataset.people) {
      this.personBySlug.set(person.publicIdentifier, person);
      for (const email of person.emails) this.personByEmail_.set(email.toLowerCase(), person);
      if (person.socialHandle) this.personByHandle_.social.set(person.socialHandle.toLowerCase(), person);
      if (person.microblogHandle)
        this.personByHandle_.microblog.set(person.microblogHandle.toLowerCase(), person);
      if (person.codehostHandle)
        this.personByHandle_.codehost.set(person.codehostHandle.toLowerCase(), person);
      push(this.peopleByCountry, person.country, person.index);
    }
    for (const stint of dataset.employments) push(this.stintsByCompany, stint.companyIndex, stint);
    for (const study of dataset.enrollments) push(this.studiesBySchool, study.schoolIndex, study);
    for (const company of dataset.companies) {
      this.companyBySlug.set(company.slug, company);
      this.companyByNumericId.set(company.networkId, company);
      for (const domain of [company.domain, ...company.alternativeDomains])
        this.companyByDomain.set(domain, company);
      push(this.companiesByNameKey, companyNameKey(company.name), company);
    }
    for (const school of dataset.schools) {
      this.schoolBySlug.set(school.slug, school);
      this.schoolByNumericId.set(school.networkId, school);
    }
    for (const job of dataset.jobs) this.jobById.set(job.jobId, job);
    this.allPeople = dataset.people.map((person) => person.index);
    this.allCompanies = dataset.companies.map((company) => company.index);
  }

  // -------------------------------------------------------------------------------------------
  // Lookups by identifier

  personByUrl(url: string): PersonRecord | undefined {
    const ref = parseProfileUrl(url);
    return ref?.kind === 'person' && !ref.hashedId ? this.personBySlug.get(ref.id) : undefined;
  }

  personByHandle(network: 'social' | 'microblog' | 'codehost', handle: string): PersonRecord | undefined {
    const ref = parseProfileUrl(handle);
    const key = ref?.kind === network ? ref.id : handle.trim().replace(/^@/, '').toLowerCase();
    return this.personByHandle_[network].get(key);
  }

  personByEmail(email: string): PersonRecord | undefined {
    return this.personByEmail_.get(email.trim().toLowerCase());
  }

  companyByUrl(url: string, opts?: { resolveNumericId?: boolean }): CompanyRecord | undefined {
    const ref = parseProfileUrl(url);
    if (ref?.kind !== 'company') return undefined;
    if (/^\d+$/.test(ref.id)) return opts?.resolveNumericId ? this.companyByNumericId.get(ref.id) : undefined;
    return this.companyBySlug.get(ref.id);
  }

  schoolByUrl(url: string, opts?: { resolveNumericId?: boolean }): SchoolRecord | undefined {
    const ref = parseProfileUrl(url);
    if (ref?.kind !== 'school') return undefined;
    if (/^\d+$/.test(ref.id)) return opts?.resolveNumericId ? this.schoolByNumericId.get(ref.id) : undefined;
    return this.schoolBySlug.get(ref.id);
  }

  jobByUrl(url: string): JobRecord | undefined {
    const ref = parseProfileUrl(url);
    return ref?.kind === 'job' ? this.jobById.get(ref.id) : undefined;
  }

  // -------------------------------------------------------------------------------------------
  // Folded texts

  /** The folded text of a field for every record of a kind, built on first use. */
  private column<R>(key: string, records: readonly R[], textOf: TextOf<R>): string[] {
    let column = this.foldedColumns.get(key);
    if (!column) {
      column = records.map((record) => {
        const text = textOf(record);
        return typeof text === 'string' ? foldForMatching(text) : foldEntriesForMatching(text);
      });
      this.foldedColumns.set(key, column);
    }
    return column;
  }

  /** A test of a boolean filter over a person field, or undefined when the filter is absent. */
  private personText(
    filters: FilterValues<PersonSearch>,
    param: PersonTextFilter,
    textOf: TextOf<PersonRecord>,
  ) {
    const matches = filters.matcher(param);
    if (!matches) return undefined;
    const column = this.column(`person.${param}`, this.people, textOf);
    return (person: PersonRecord) => matches(column[person.index] as string);
  }

  private companyText(
    filters: FilterValues<CompanyAttributes> | FilterValues<CompanySearch>,
    field: CompanyTextFilter,
    textOf: TextOf<CompanyRecord>,
  ) {
    const matches = (filters as FilterValues<CompanySearch>).matcher(field);
    if (!matches) return undefined;
    const column = this.column(`company.${field}`, this.companies, textOf);
    return (company: CompanyRecord) => matches(column[company.index] as string);
  }

  /**
   * Folds every searchable text now rather than on the first search that needs it (20–70 ms a
   * field for 20,000 people; ~0.6 s in all). For a server to call once it is listening, so that
   * no request pays for it; searches work the same without it.
   */
  prepareTextIndexes(): void {
    for (const [param, textOf] of Object.entries(this.personTextFields))
      this.column(`person.${param}`, this.people, textOf);
    for (const [field, textOf] of Object.entries(this.companyTextFields))
      this.column(`company.${field}`, this.companies, textOf);
    this.column('company.domains', this.companies, this.companyDomains);
    this.column('job.keyword', this.dataset.jobs, this.jobText);
  }

  private companyName(stint: Stint): string {
    return (this.companies[stint.companyIndex] as CompanyRecord).name;
  }

  // -------------------------------------------------------------------------------------------
  // Person search

  /** `values` are the registry's canonical params: `skills` with `skills_all_in_list` was refused there. */
  searchPeople(values: Partial<PersonSearch>): number[] {
    const filters = new FilterValues<PersonSearch>(values);
    const tests: ((person: PersonRecord) => boolean)[] = [];
    const add = (test: ((person: PersonRecord) => boolean) | undefined) => {
      if (test) tests.push(test);
    };
    let candidates: number[] | null = null;

    // Identity and place: the cheap, selective narrowing first.
    const inList = filters.list('public_identifier_in_list');
    if (inList) {
      const listed = inList.map((id) => this.personBySlug.get(identifierKey(id))?.index);
      candidates = narrow(
        candidates,
        listed.filter((index): index is number => index !== undefined),
      );
    }
    const notInList = filters.list('public_identifier_not_in_list');
    if (notInList) {
      const excluded = new Set(notInList.map(identifierKey));
      add((person) => !excluded.has(person.publicIdentifier));
    }
    const country = filters.text('country');
    if (country) candidates = narrow(candidates, this.peopleByCountry.get(country) ?? []);

    const schoolUrl = filters.text('education_school_profile_url');
    if (schoolUrl) {
      const school = this.schoolByUrl(schoolUrl, { resolveNumericId: true });
      candidates = narrow(
        candidates,
        (school && this.studiesBySchool.get(school.index)?.map((s) => s.personIndex)) || [],
      );
    }
    const currentCompanyUrl = filters.text('current_company_profile_url');
    if (currentCompanyUrl) {
      const company = this.companyByUrl(currentCompanyUrl, { resolveNumericId: true });
      candidates = narrow(candidates, company ? this.staffOf(company.index, 'current', false) : []);
    }
    const pastCompanyUrl = filters.text('past_company_profile_url');
    if (pastCompanyUrl) {
      const company = this.companyByUrl(pastCompanyUrl, { resolveNumericId: true });
      candidates = narrow(candidates, company ? this.staffOf(company.index, 'past', false) : []);
    }
    const employerTests = this.companyTests(currentCompanyFilters(values));
    if (employerTests.length > 0) {
      const employers = this.companies.filter((company) => employerTests.every((test) => test(company)));
      candidates = narrow(
        candidates,
        employers.flatMap((company) => this.staffOf(company.index, 'current', false)),
      );
    }

    // Numbers and dates.
    const followersMin = filters.number('follower_count_min');
    if (followersMin !== undefined)
      add((person) => person.followerCount !== null && person.followerCount > followersMin);
    const followersMax = filters.number('follower_count_max');
    if (followersMax !== undefined)
      add((person) => person.followerCount !== null && person.followerCount < followersMax);
    const roleBefore = filters.date('current_role_before');
    const roleAfter = filters.date('current_role_after');
    if (roleBefore || roleAfter) {
      add((person) =>
        person.stints.some(
          (stint) =>
            stint.end === null &&
            (!roleBefore || stint.start < roleBefore) &&
            (!roleAfter || stint.start > roleAfter),
        ),
      );
    }
    const allSkills = filters.list('skills_all_in_list');
    if (allSkills) {
      const column = this.column(
        'person.skills',
        this.people,
        this.personTextFields.skills as TextOf<PersonRecord>,
      );
      const needles = allSkills.map((skill) =>
        compileExpression('skills_all_in_list', `"${skill.replace(/"/g, '')}"`),
      );
      add((person) => needles.every((matches) => matches(column[person.index] as string)));
    }

    // Boolean expressions over text.
    for (const [param, textOf] of entriesOf(this.personTextFields))
      add(this.personText(filters, param, textOf));

    const pool = candidates ?? this.allPeople;
    const people = this.people;
    return tests.length === 0
      ? [...pool]
      : pool.filter((index) => {
          const person = people[index] as PersonRecord;
          return tests.every((test) => test(person));
        });
  }

  /**
   * People who worked at a company, by person index in ascending order: `current` (still there),
   * `past` (left) or `all`; name-only experiences only when `nameMatch`.
   */
  private staffOf(companyIndex: number, status: EmploymentStatus, nameMatch: boolean): number[] {
    const staff: number[] = [];
    for (const stint of this.stintsByCompany.get(companyIndex) ?? []) {
      if (stint.nameOnly && !nameMatch) continue;
      if (status === 'current' ? stint.end !== null : status === 'past' ? stint.end === null : false)
        continue;
      staff.push(stint.personIndex);
    }
    return staff;
  }

  // -------------------------------------------------------------------------------------------
  // Company search (and the `current_company_*` filters of person search)

  /**
   * Tests of the company attribute filters: company search's own, or person search's
   * `current_company_*` read under the same names (see currentCompanyFilters).
   */
  private companyTests(filters: FilterValues<CompanyAttributes>): ((company: CompanyRecord) => boolean)[] {
    const tests: ((company: CompanyRecord) => boolean)[] = [];
    const add = (test: ((company: CompanyRecord) => boolean) | undefined) => {
      if (test) tests.push(test);
    };

    const country = filters.text('country');
    if (country) add((company) => company.offices.some((office) => office.country.code === country));
    const type = filters.text('type');
    if (type) add((company) => company.companyType === type);
    const followersMin = filters.number('follower_count_min');
    if (followersMin !== undefined) add((company) => company.followerCount > followersMin);
    const followersMax = filters.number('follower_count_max');
    if (followersMax !== undefined) add((company) => company.followerCount < followersMax);

    const category = filters.text('employee_count_category');
    const band = category ? EMPLOYEE_COUNT_BANDS[category] : undefined;
    if (band) {
      add((company) => company.sizeOnNetwork >= band[0] && company.sizeOnNetwork <= band[1]);
    } else {
      const employeesMin = filters.number('employee_count_min');
      if (employeesMin !== undefined) add((company) => company.sizeOnNetwork >= employeesMin);
      const employeesMax = filters.number('employee_count_max');
      if (employeesMax !== undefined) add((company) => company.sizeOnNetwork <= employeesMax);
    }
    const foundedAfter = filters.number('founded_after_year');
    if (foundedAfter !== undefined)
      add((company) => company.foundedYear !== null && company.foundedYear > foundedAfter);
    const foundedBefore = filters.number('founded_before_year');
    if (foundedBefore !== undefined)
      add((company) => company.foundedYear !== null && company.foundedYear < foundedBefore);
    const fundingMin = filters.number('funding_amount_min');
    if (fundingMin !== undefined)
      add((company) => company.totalFundingUsd !== null && company.totalFundingUsd >= fundingMin);
    const fundingMax = filters.number('funding_amount_max');
    if (fundingMax !== undefined)
      add((company) => company.totalFundingUsd !== null && company.totalFundingUsd <= fundingMax);
    const raisedAfter = filters.date('funding_raised_after');
    const raisedBefore = filters.date('funding_raised_before');
    if (raisedAfter || raisedBefore) {
      add((company) =>
        company.funding.some(
          (round) =>
            (!raisedAfter || round.announced > raisedAfter) &&
            (!raisedBefore || round.announced < raisedBefore),
        ),
      );
    }

    for (const [field, textOf] of entriesOf(this.companyTextFields)) {
      // `name` is company search's only: person search's `current_company_name` is about experiences.
      if (field !== 'name') add(this.companyText(filters, field, textOf));
    }
    const domain = filters.text('domain_name');
    if (domain) {
      // A bare domain or website URL is read as the domain's phrase; anything else as an expression.
      const expression = normalizeDomain(domain) ?? domain;
      const matches = compileExpression(
        filters.requestName('domain_name'),
        expression === domain ? domain : `"${expression}"`,
      );
      const column = this.column('company.domains', this.companies, this.companyDomains);
      add((company) => matches(column[company.index] as string));
    }
    return tests;
  }

  searchCompanies(values: Partial<CompanySearch>): number[] {
    const filters = new FilterValues<CompanySearch>(values);
    const tests = this.companyTests(filters);
    const add = (test: ((company: CompanyRecord) => boolean) | undefined) => {
      if (test) tests.push(test);
    };
    add(this.companyText(filters, 'name', this.companyTextFields.name));
    const inList = filters.list('public_identifier_in_list');
    if (inList) {
      const listed = new Set(inList.map(identifierKey));
      add((company) => listed.has(company.slug));
    }
    const notInList = filters.list('public_identifier_not_in_list');
    if (notInList) {
      const excluded = new Set(notInList.map(identifierKey));
      add((company) => !excluded.has(company.slug));
    }
    const companies = this.companies;
    return this.allCompanies.filter((index) => {
      const company = companies[index] as CompanyRecord;
      return tests.every((test) => test(company));
    });
  }

  // -------------------------------------------------------------------------------------------
  // Listings and counts

  listEmployees(
    company: CompanyRecord,
    opts: {
      coyNameMatch: boolean;
      country?: string[];
      booleanRoleSearch?: string;
      roleSearch?: string;
      employmentStatus: EmploymentStatus;
      sortBy: 'recently-joined' | 'recently-left' | 'oldest' | 'none';
    },
  ): number[] {
    const countries = opts.country?.length ? new Set(opts.country.map((code) => code.toUpperCase())) : null;
    const titleMatches = this.titleTest(opts.booleanRoleSearch, opts.roleSearch);
    const people = this.people;
    const stints = (this.stintsByCompany.get(company.index) ?? []).filter((stint) => {
      if (stint.nameOnly && !opts.coyNameMatch) return false;
      if (opts.employmentStatus === 'current' && stint.end !== null) return false;
      if (opts.employmentStatus === 'past' && stint.end === null) return false;
      if (countries && !countries.has((people[stint.personIndex] as PersonRecord).country)) return false;
      return !titleMatches || titleMatches(stint.title);
    });
    return sortedPeople(stints, opts.sortBy);
  }

  /** The title test of a listing: the boolean expression wins over the regular expression (the spec). */
  private titleTest(booleanRoleSearch?: string, roleSearch?: string): ((title: string) => boolean) | null {
    if (booleanRoleSearch?.trim()) {
      const matches = compileExpression('boolean_role_search', booleanRoleSearch);
      return (title) => matches(foldForMatching(title));
    }
    if (roleSearch?.trim()) {
      let pattern: RegExp;
      try {
        // The provider's search-engine syntax anchors at both ends; JavaScript's needs the anchors.
        pattern = new RegExp(`^(?:${roleSearch})$`, 'i');
      } catch (error) {
        throw new SearchInputError(
          'role_search',
          `is not a valid regular expression (${(error as Error).message})`,
        );
      }
      return (title) => pattern.test(title);
    }
    return null;
  }

  listStudents(
    school: SchoolRecord,
    opts: {
      country?: string[];
      booleanSearchKeyword?: string;
      studentStatus: EmploymentStatus;
      sortBy: 'recently-matriculated' | 'recently-graduated' | 'none';
    },
  ): number[] {
    const countries = opts.country?.length ? new Set(opts.country.map((code) => code.toUpperCase())) : null;
    const matches = opts.booleanSearchKeyword?.trim()
      ? compileExpression('boolean_search_keyword', opts.booleanSearchKeyword)
      : null;
    const people = this.people;
    // A person may have studied twice at one school: they are listed once, by their latest enrollment.
    const latest = new Map<number, Study>();
    const majors = new Map<number, string[]>();
    for (const study of this.studiesBySchool.get(school.index) ?? []) {
      const seen = latest.get(study.personIndex);
      if (!seen || study.start > seen.start) latest.set(study.personIndex, study);
      push(majors, study.personIndex, study.fieldOfStudy);
    }
    const studies = [...latest.values()].filter((study) => {
      if (opts.studentStatus === 'current' && study.end !== null) return false;
      if (opts.studentStatus === 'past' && study.end === null) return false;
      if (countries && !countries.has((people[study.personIndex] as PersonRecord).country)) return false;
      return !matches || matches(foldEntriesForMatching(majors.get(study.personIndex) ?? []));
    });
    const sortBy =
      opts.sortBy === 'recently-matriculated'
        ? 'recently-joined'
        : opts.sortBy === 'recently-graduated'
          ? 'recently-left'
          : 'none';
    return sortedPeople(studies, sortBy);
  }

  countEmployees(
    company: CompanyRecord,
    opts: { coyNameMatch: boolean; atDate?: Date; employmentStatus: EmploymentStatus },
  ): { verified: number; estimated: number } {
    const on = opts.atDate ?? this.dataset.now;
    let verified = 0;
    for (const stint of this.stintsByCompany.get(company.index) ?? []) {
      if (stint.nameOnly && !opts.coyNameMatch) continue;
      if (stint.start > on) continue;
      const employedThen = stint.end === null || stint.end >= on;
      if (
        opts.employmentStatus === 'current'
          ? employedThen
          : opts.employmentStatus === 'past'
            ? !employedThen
            : true
      ) {
        verified++;
      }
    }
    return { verified, estimated: this.estimate(company, verified) };
  }

  /**
   * The estimated count: the verified count scaled by how many more members the network has for
   * the company than the sandbox holds (`company_size_on_network` ÷ current staff here), and always
   * larger than the verified count.
   */
  private estimate(company: CompanyRecord, verified: number): number {
    let scale = this.estimateScale.get(company.index);
    if (scale === undefined) {
      scale = Math.max(
        1.1,
        company.sizeOnNetwork / Math.max(1, this.staffOf(company.index, 'current', true).length),
      );
      this.estimateScale.set(company.index, scale);
    }
    return verified + Math.max(1, Math.round(verified * (scale - 1)));
  }

  // -------------------------------------------------------------------------------------------
  // Jobs

  searchJobs(filters: {
    jobType?: string;
    experienceLevel?: string;
    when?: string;
    flexibility?: string;
    geoId?: string;
    keyword?: string;
    searchId?: string;
  }): number[] {
    const tests: ((job: JobRecord) => boolean)[] = [];
    const wanted = (value: string | undefined) => {
      const lower = value?.trim().toLowerCase();
      return lower && lower !== 'anything' && lower !== 'anytime' ? lower : undefined;
    };
    const jobType = wanted(filters.jobType);
    if (jobType) tests.push((job) => job.jobType === jobType);
    const level = wanted(filters.experienceLevel);
    if (level) tests.push((job) => job.experienceLevel === level);
    const flexibility = wanted(filters.flexibility);
    if (flexibility) tests.push((job) => job.flexibility === flexibility);
    const when = wanted(filters.when);
    if (when) {
      const days = JOB_POSTED_WITHIN_DAYS[when];
      if (days === undefined)
        throw new SearchInputError('when', 'must be yesterday, past-week, past-month or anytime');
      const since = addDays(startOfDay(this.dataset.now), -days);
      tests.push((job) => job.listDate >= since);
    }
    const geoId = filters.geoId?.trim();
    if (geoId) tests.push((job) => job.geoId === geoId || job.countryGeoId === geoId);
    const searchId = filters.searchId?.trim();
    if (searchId) {
      const company = this.companies.find((candidate) => candidate.searchId === searchId);
      tests.push((job) => job.companyIndex === company?.index);
    }
    const keyword = filters.keyword?.trim();
    if (keyword) {
      const matches = keywordMatcher(keyword);
      const column = this.column('job.keyword', this.dataset.jobs, this.jobText);
      tests.push((job) => matches(column[job.index] as string));
    }
    return this.dataset.jobs
      .filter((job) => tests.every((test) => test(job)))
      .sort((a, b) => b.listDate.getTime() - a.listDate.getTime() || a.index - b.index)
      .map((job) => job.index);
  }

  // -------------------------------------------------------------------------------------------
  // Lookups by partial information

  lookupRole(role: string, companyName: string): PersonRecord | undefined {
    const company = this.lookupCompany({ name: companyName });
    if (!company) return undefined;
    let best: { person: PersonRecord; score: number; level: number } | undefined;
    for (const stint of this.stintsByCompany.get(company.index) ?? []) {
      if (stint.end !== null) continue;
      const score = titleScore(role, stint.title);
      if (score <= 0) continue;
      // Ties go to the more senior, then to the earlier record: deterministic.
      if (!best || score > best.score || (score === best.score && stint.level > best.level)) {
        best = { person: this.people[stint.personIndex] as PersonRecord, score, level: stint.level };
      }
    }
    return best?.person;
  }

  /**
   * Person lookup among the people who work or worked at the company (named by domain or name).
   * Candidates are ranked by first and last name similarity, then title, location and whether they
   * are still there. With similarity checks the best one is a poor match, and undefined is
   * answered, when its first name, or its last name when one was given, is less than 0.8 similar
   * (normalised edit distance after folding: one typo in five letters), or when a location was
   * given that is not the person's country (code or name), state or city.
   */
  lookupPerson(q: {
    companyDomain: string;
    firstName: string;
    lastName?: string;
    location?: string;
    title?: string;
    similarityChecks: boolean;
  }): PersonRecord | undefined {
    const company =
      this.lookupCompany({ domain: q.companyDomain }) ?? this.lookupCompany({ name: q.companyDomain });
    if (!company) return undefined;
    let best: { person: PersonRecord; score: number; poor: boolean } | undefined;
    for (const stint of this.stintsByCompany.get(company.index) ?? []) {
      const person = this.people[stint.personIndex] as PersonRecord;
      const first = nameSimilarity(q.firstName, person.firstName);
      const last = q.lastName ? nameSimilarity(q.lastName, person.lastName) : 1;
      const placed = q.location ? livesIn(person, q.location) : true;
      const score =
        first * 3 +
        last * 3 +
        (q.title ? Math.max(0, titleScore(q.title, stint.title)) : 0) +
        (q.location && placed ? 1 : 0) +
        (stint.end === null ? 0.5 : 0);
      if (!best || score > best.score) {
        const poor = first < NAME_SIMILARITY_THRESHOLD || last < NAME_SIMILARITY_THRESHOLD || !placed;
        best = { person, score, poor };
      }
    }
    if (!best || (q.similarityChecks && best.poor)) return undefined;
    return best.person;
  }

  /**
   * Company lookup: by domain first (any of its domains; a website URL, `www.` and case are
   * ignored), else by name: the same name once folded and without legal forms (`Acme, Inc.` =
   * `acme`), else names starting with the given words. `location` (alpha-2) keeps only companies
   * with an office there. Among several, the HQ in `location` and then the most followed wins.
   */
  lookupCompany(q: { name?: string; domain?: string; location?: string }): CompanyRecord | undefined {
    const country = q.location?.trim().toUpperCase();
    const located = (company: CompanyRecord) =>
      !country || company.offices.some((office) => office.country.code === country);
    const byDomain = q.domain ? normalizeDomain(q.domain) : null;
    if (byDomain) {
      const company = this.companyByDomain.get(byDomain);
      if (company && located(company)) return company;
    }
    const key = q.name ? companyNameKey(q.name) : '';
    if (!key) return undefined;
    let candidates = (this.companiesByNameKey.get(key) ?? []).filter(located);
    if (candidates.length === 0) {
      const prefix = `${key} `;
      candidates = this.companies.filter(
        (company) => companyNameKey(company.name).startsWith(prefix) && located(company),
      );
    }
    return candidates.sort(
      (a, b) =>
        Number(b.country === country) - Number(a.country === country) ||
        b.followerCount - a.followerCount ||
        a.index - b.index,
    )[0];
  }

  /**
   * Logo search: companies whose domain or name starts with `q`, best first: an exact domain, an
   * exact name, a domain prefix, then a name (or a word of it) starting with `q`; ties by followers.
   */
  searchLogos(q: string): CompanyRecord[] {
    const domain =
      normalizeDomain(q) ??
      q
        .trim()
        .toLowerCase()
        .replace(/^www\./, '');
    const name = companyNameKey(q);
    if (!domain && !name) return [];
    const ranked: { company: CompanyRecord; rank: number }[] = [];
    for (const company of this.companies) {
      const domains = [company.domain, ...company.alternativeDomains];
      const key = companyNameKey(company.name);
      const rank = domains.includes(domain)
        ? 0
        : name && key === name
          ? 1
          : domain && domains.some((candidate) => candidate.startsWith(domain))
            ? 2
            : name && (key.startsWith(name) || key.includes(` ${name}`))
              ? 3
              : -1;
      if (rank >= 0) ranked.push({ company, rank });
    }
    return ranked
      .sort(
        (a, b) =>
          a.rank - b.rank ||
          b.company.followerCount - a.company.followerCount ||
          a.company.index - b.company.index,
      )
      .slice(0, LOGO_RESULTS)
      .map((entry) => entry.company);
  }
}

/**
 * Person indexes of listing entries, each person once, sorted: `recently-joined` by start (newest
 * first), `recently-left` by end (newest first, those still there last), `oldest` by start (oldest
 * first), `none` by person index. Ties keep person index order.
 */
function sortedPeople(
  entries: readonly { personIndex: number; start: Date; end: Date | null }[],
  sortBy: 'recently-joined' | 'recently-left' | 'oldest' | 'none',
): number[] {
  const time = (date: Date | null) => (date ? date.getTime() : Number.NEGATIVE_INFINITY);
  const ordered = [...entries];
  if (sortBy === 'recently-joined')
    ordered.sort((a, b) => time(b.start) - time(a.start) || a.personIndex - b.personIndex);
  else if (sortBy === 'recently-left')
    ordered.sort((a, b) => time(b.end) - time(a.end) || a.personIndex - b.personIndex);
  else if (sortBy === 'oldest')
    ordered.sort((a, b) => time(a.start) - time(b.start) || a.personIndex - b.personIndex);
  else ordered.sort((a, b) => a.personIndex - b.personIndex);
  return [...new Set(ordered.map((entry) => entry.personIndex))];
}

function currentStints(person: PersonRecord): Stint[] {
  return person.stints.filter((stint) => stint.end === null);
}

function pastStints(person: PersonRecord): Stint[] {
  return person.stints.filter((stint) => stint.end !== null);
}

/** Whether a person lives in a place given as a country (code or name), state or city. */
function livesIn(person: PersonRecord, place: string): boolean {
  const wanted = foldForMatching(place);
  const country = COUNTRY_BY_CODE.get(person.country);
  return [
    person.country,
    country?.name,
    country?.fullName,
    person.city.name,
    person.city.stateName,
    person.city.stateCode,
  ]
    .filter((value): value is string => !!value)
    .some((value) => foldForMatching(value) === wanted);
}

/**
 * Job search's `keyword`: the spec does not call it a boolean expression, so one that does not
 * parse (an unbalanced quote) is not an error: its words are then all required, in any order.
 */
export function keywordMatcher(keyword: string): FoldedMatcher {
  try {
    return compileBooleanMatcher(keyword);
  } catch (error) {
    if (!(error instanceof BooleanExpressionError)) throw error;
    const words = foldForMatching(keyword).trim().split(' ').filter(Boolean);
    return (folded) => words.every((word) => folded.includes(` ${word} `));
  }
}
