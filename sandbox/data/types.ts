/**
 * The sandbox's dataset and the queries the HTTP layer asks of it. The records already carry the
 * service's v2 shapes (see docs/service.md) so the routes can answer with them directly;
 * the fields beyond the spec's shapes live beside them, never inside what is sent.
 *
 * Everything here is synchronous and pure over a dataset built once from a seed.
 */
import type { CanonicalParams } from '../../lib/api/params';

/** `{day, month, year}` as the spec writes dates. */
export interface SpecDate {
  day: number | null;
  month: number | null;
  year: number | null;
}

/** A person: the v2 profile as sent, plus what the sandbox needs to answer lookups and searches. */
export interface SandboxPerson {
  /** Index in `Dataset.people`; stable for a seed. */
  index: number;
  /** Canonical profile URL on the main network, e.g. https://www.linkedin.com/in/jane-doe-1a2b3c */
  url: string;
  /** The v2 person profile exactly as the Person Profile endpoint sends it (no optional enrichment fields). */
  profile: Record<string, unknown>;
  /**
   * The optional enrichment data, keyed by response field name (see PERSON_ENRICHMENT_FIELDS in
   * lib/api/assumptions.ts). A null or empty value means "no data available" (not charged).
   */
  enrichment: {
    extra: Record<string, unknown> | null;
    codehost_profile_id: string | null;
    social_profile_id: string | null;
    microblog_profile_id: string | null;
    personal_numbers: string[];
    personal_emails: string[];
    inferred_salary: { min: number | null; max: number | null } | null;
    skills: string[];
  };
  /** Handles on the other networks (null when the person has none). */
  socialHandle: string | null;
  microblogHandle: string | null;
  codehostHandle: string | null;
  /** Every email that resolves back to this person (personal and work), lower-case. */
  emails: string[];
  workEmail: string | null;
  /** Search-only attributes not in the v2 profile shape. */
  industry: string;
  interests: string[];
  groups: string[];
  /** When the sandbox's copy was last refreshed; spread over the past year. Mutable by freshness rules. */
  lastUpdated: Date;
  /**
   * v3-only data (headline history, followers per network, etc.) the v3 route shapes from: the
   * complete v3 profile with every section, those behind an include flag too (the route removes
   * what was not asked for). `developerProfile` is null without a code-host account.
   */
  v3: Record<string, unknown>;
}

/** One stint of a person at a company (from the person's experiences). */
export interface Employment {
  personIndex: number;
  companyIndex: number;
  title: string;
  start: Date;
  /** null: still there. */
  end: Date | null;
  /**
   * The experience names the company exactly but does not link its profile (no
   * `company_network_profile_url`). Counted and listed only with `coy_name_match=include`.
   */
  nameOnly?: boolean;
}

export interface Enrollment {
  personIndex: number;
  schoolIndex: number;
  fieldOfStudy: string;
  start: Date;
  /** null: still studying. */
  end: Date | null;
}

export interface SandboxCompany {
  index: number;
  /** Canonical company URL, e.g. https://www.linkedin.com/company/acme-robotics */
  url: string;
  /** Numeric id form, e.g. https://www.linkedin.com/company/1234567 (accepted with resolve_numeric_id=true) */
  numericUrl: string;
  /** The company profile exactly as sent (company shape, optional blocks not included). */
  profile: Record<string, unknown>;
  /** The optional blocks keyed by their parameter name; null means no data (categories, funding_data, exit_data, acquisitions, extra). */
  blocks: Record<'categories' | 'funding_data' | 'exit_data' | 'acquisitions' | 'extra', unknown>;
  /** e.g. acme-robotics.com */
  domain: string;
  /** Other domains that resolve to it (for logo `alternatives`). */
  alternativeDomains: string[];
  logoUrl: string;
  /** Alpha-2 of the HQ. */
  country: string;
  searchId: string;
  lastUpdated: Date;
}

export interface SandboxSchool {
  index: number;
  url: string;
  numericUrl: string;
  /** The school profile (company shape). */
  profile: Record<string, unknown>;
  lastUpdated: Date;
}

export interface SandboxJob {
  index: number;
  /** e.g. https://www.linkedin.com/jobs/view/3912345678 */
  url: string;
  companyIndex: number;
  /** The job profile as sent by Job Profile. */
  profile: Record<string, unknown>;
  /** The job list entry as sent by Job Search. */
  listEntry: Record<string, unknown>;
  /** Filter attributes: lower-case values of the job search enums. */
  jobType: string;
  experienceLevel: string;
  flexibility: string;
  geoId: string;
  listDate: Date;
}

export interface Dataset {
  seed: number;
  /** The moment the dataset treats as "now" (fixed per seed so answers are reproducible). */
  now: Date;
  people: SandboxPerson[];
  companies: SandboxCompany[];
  schools: SandboxSchool[];
  jobs: SandboxJob[];
  employments: Employment[];
  enrollments: Enrollment[];
}

/** Filters of the person search, after validation by the registry (canonical param names of the spec). */
/**
 * The filters of a search: its canonical params as the registry returned them (paging ones left
 * out by the route), typed by the endpoint's own params.
 */
export type SearchFilters<Id extends 'person.search' | 'company.search'> = Partial<CanonicalParams<Id>>;

export type EmploymentStatus = 'current' | 'past' | 'all';

export interface SandboxQueries {
  dataset: Dataset;

  /** Profile URL (any accepted form: percent-encoded, trailing slash, mixed case host) → record. */
  personByUrl(url: string): SandboxPerson | undefined;
  personByHandle(network: 'social' | 'microblog' | 'codehost', handle: string): SandboxPerson | undefined;
  personByEmail(email: string): SandboxPerson | undefined;
  /** Company URL by slug, or numeric form only when `resolveNumericId`. */
  companyByUrl(url: string, opts?: { resolveNumericId?: boolean }): SandboxCompany | undefined;
  schoolByUrl(url: string, opts?: { resolveNumericId?: boolean }): SandboxSchool | undefined;
  jobByUrl(url: string): SandboxJob | undefined;

  /** Person search over every filter of the spec. Returns matching person indexes in a stable order. */
  searchPeople(filters: SearchFilters<'person.search'>): number[];
  /** Company search over every filter of the spec. Returns matching company indexes in a stable order. */
  searchCompanies(filters: SearchFilters<'company.search'>): number[];

  /** Employee listing, every filter applied, sorted as asked. Person indexes. */
  listEmployees(
    company: SandboxCompany,
    opts: {
      coyNameMatch: boolean;
      country?: string[];
      booleanRoleSearch?: string;
      roleSearch?: string;
      employmentStatus: EmploymentStatus;
      sortBy: 'recently-joined' | 'recently-left' | 'oldest' | 'none';
    },
  ): number[];
  /** Student listing. Person indexes. */
  listStudents(
    school: SandboxSchool,
    opts: {
      country?: string[];
      booleanSearchKeyword?: string;
      studentStatus: EmploymentStatus;
      sortBy: 'recently-matriculated' | 'recently-graduated' | 'none';
    },
  ): number[];
  /** Employee count as of `atDate` (default: dataset.now). */
  countEmployees(
    company: SandboxCompany,
    opts: { coyNameMatch: boolean; atDate?: Date; employmentStatus: EmploymentStatus },
  ): { verified: number; estimated: number };

  /** Job search; every filter of the spec. Job indexes, newest first. */
  searchJobs(filters: {
    jobType?: string;
    experienceLevel?: string;
    when?: string;
    flexibility?: string;
    geoId?: string;
    keyword?: string;
    searchId?: string;
  }): number[];

  /** Role lookup: the closest current employee for a role at a company name; undefined when none. */
  lookupRole(role: string, companyName: string): SandboxPerson | undefined;
  /**
   * Person lookup. `similarityChecks` true: undefined when the best match is poor (the route still charges).
   */
  lookupPerson(q: {
    companyDomain: string;
    firstName: string;
    lastName?: string;
    location?: string;
    title?: string;
    similarityChecks: boolean;
  }): SandboxPerson | undefined;
  /** Company lookup by name and/or domain, optionally narrowed by Alpha-2 location. */
  lookupCompany(q: { name?: string; domain?: string; location?: string }): SandboxCompany | undefined;
  /** Logo search by name or domain: best matches first, at most 10. */
  searchLogos(q: string): SandboxCompany[];
}
