/**
 * The dataset's records: compact facts generated eagerly (everything a search, listing or lookup
 * reads), and the large response objects (v2 profiles, v3 profiles, optional blocks) built on
 * first access and kept. Each lazy part reseeds its own random stream from the record's index, so
 * it comes out the same whenever, and in whatever order, it is first asked for.
 *
 * A record is its facts object itself, given a per-dataset prototype that holds the lazy getters
 * (see {@link RecordKinds}). Copying the facts into class instances instead would push V8 into
 * dictionary mode for objects this wide: ~1.7 KB a person instead of ~0.45 KB, and slower reads.
 */
import type { DatasetRandom } from './random';
import type { Dataset, SandboxCompany, SandboxJob, SandboxPerson, SandboxSchool } from './types';
import type { City, Country, Level } from './vocabulary';

/** A company office: where it is (the street address is made up when the profile is built). */
export interface Office {
  country: Country;
  city: City;
  isHq: boolean;
}

/** A company location, exactly as profiles send it. */
export interface Location {
  country: string;
  city: string;
  postal_code: string | null;
  line_1: string;
  is_hq: boolean;
  state: string | null;
}

/** One experience of a person (newest first in `PersonRecord.stints`); also the dataset's `Employment`. */
export interface Stint {
  personIndex: number;
  companyIndex: number;
  title: string;
  level: Level;
  /** The career track the title belongs to (see CAREER_TRACKS). */
  trackId: string;
  start: Date;
  /** null: current. */
  end: Date | null;
  description: string | null;
  /** "City, State, Country" as the member typed it, or null. */
  location: string | null;
  /**
   * The experience names the company exactly but does not link its profile. Such stints count for
   * a company only with `coy_name_match=include`.
   */
  nameOnly: boolean;
  employmentType: string;
}

/** One education entry (newest first in `PersonRecord.studies`); also the dataset's `Enrollment`. */
export interface Study {
  personIndex: number;
  schoolIndex: number;
  degree: string;
  fieldOfStudy: string;
  start: Date;
  /** null: still studying. */
  end: Date | null;
  grade: string | null;
  activities: string | null;
}

export interface FundingRound {
  type: string;
  amountUsd: number;
  announced: Date;
  investors: string[];
}

/** Shared by every record of one dataset: what the lazy builders need beyond the record itself. */
export class DatasetContext {
  people: PersonRecord[] = [];
  companies: CompanyRecord[] = [];
  schools: SchoolRecord[] = [];
  jobs: JobRecord[] = [];
  #staff: Map<number, number[]> | null = null;
  #namesakes: Map<string, number[]> | null = null;

  constructor(
    readonly seed: number,
    readonly now: Date,
    readonly assetBaseUrl: string,
    /** Randomness of the lazy builders, separate from the generator's. */
    readonly random: DatasetRandom,
  ) {}

  /** Current employees of a company (linked experiences), by person index. */
  staffOf(companyIndex: number): readonly number[] {
    if (!this.#staff) {
      this.#staff = new Map();
      for (const person of this.people) {
        for (const stint of person.stints) {
          if (stint.end || stint.nameOnly) continue;
          const list = this.#staff.get(stint.companyIndex) ?? [];
          list.push(person.index);
          this.#staff.set(stint.companyIndex, list);
        }
      }
    }
    return this.#staff.get(companyIndex) ?? [];
  }

  /** People sharing a first name, by person index (for `similarly_named_profiles`). */
  namesakesOf(person: PersonRecord): readonly number[] {
    if (!this.#namesakes) {
      this.#namesakes = new Map();
      for (const other of this.people) {
        const list = this.#namesakes.get(other.firstName) ?? [];
        list.push(other.index);
        this.#namesakes.set(other.firstName, list);
      }
    }
    return this.#namesakes.get(person.firstName) ?? [];
  }

  /** `<assetBaseUrl>/<path>`: pictures and logos of the synthetic records. */
  asset(path: string): string {
    return `${this.assetBaseUrl}/${path}`;
  }
}

/** Fields of a person fixed at generation (everything but the lazily built response objects). */
export interface PersonFacts {
  index: number;
  url: string;
  publicIdentifier: string;
  firstName: string;
  lastName: string;
  fullName: string;
  gender: 'male' | 'female';
  birthDate: Date;
  /** Alpha-2. */
  country: string;
  city: City;
  /** "Seattle, Washington, United States". */
  locationStr: string;
  headline: string;
  occupation: string;
  summary: string | null;
  trackId: string;
  skills: string[];
  languages: { name: string; proficiency: string }[];
  interests: string[];
  groups: string[];
  industry: string;
  followerCount: number | null;
  connections: number;
  stints: Stint[];
  studies: Study[];
  emails: string[];
  personalEmails: string[];
  workEmail: string | null;
  socialHandle: string | null;
  microblogHandle: string | null;
  codehostHandle: string | null;
  lastUpdated: Date;
  /** A thin profile: few details beyond name, experience and education (`meta.thin_profile`). */
  thin: boolean;
  hasPicture: boolean;
}

export type PersonRecord = PersonFacts & SandboxPerson;

export interface CompanyFacts {
  index: number;
  url: string;
  numericUrl: string;
  /** `network_internal_id`, also the numeric part of `numericUrl` and the `search_id`. */
  networkId: string;
  /** `universal_name_id`, the slug of `url`. */
  slug: string;
  name: string;
  domain: string;
  alternativeDomains: string[];
  website: string;
  logoUrl: string;
  /** Alpha-2 of the HQ. */
  country: string;
  searchId: string;
  lastUpdated: Date;
  /** Primary industry. */
  industry: string;
  /** Primary industry first, then those the network infers. */
  industries: string[];
  specialities: string[];
  description: string;
  tagline: string | null;
  companyType: string;
  companySize: [number, number | null];
  /** `company_size_on_network`: members who list it as their employer on the network. */
  sizeOnNetwork: number;
  followerCount: number;
  foundedYear: number | null;
  /** HQ first. */
  offices: Office[];
  /** Funding rounds, oldest first; empty when there is no funding data. */
  funding: FundingRound[];
  /** Sum of the rounds in USD; null when there is no funding data. */
  totalFundingUsd: number | null;
  thin: boolean;
}

export type CompanyRecord = CompanyFacts & SandboxCompany;

export interface SchoolFacts {
  index: number;
  url: string;
  numericUrl: string;
  networkId: string;
  slug: string;
  name: string;
  /** Alpha-2. */
  country: string;
  city: City;
  website: string;
  logoUrl: string;
  foundedYear: number;
  companySize: [number, number | null];
  sizeOnNetwork: number;
  followerCount: number;
  lastUpdated: Date;
}

export type SchoolRecord = SchoolFacts & SandboxSchool;

export interface JobFacts {
  index: number;
  url: string;
  /** The numeric id of the job's URL. */
  jobId: string;
  companyIndex: number;
  title: string;
  trackId: string;
  level: Level;
  jobType: string;
  employmentType: string;
  experienceLevel: string;
  flexibility: string;
  /** The city's geo id, or the country's for a job open anywhere in the country. */
  geoId: string;
  /** The country's geo id (a search in the country finds the job too). */
  countryGeoId: string;
  /** Alpha-2. */
  country: string;
  city: City | null;
  listDate: Date;
  description: string;
  totalApplicants: number;
}

export type JobRecord = JobFacts & SandboxJob;

/** The dataset as built: the contract's `Dataset`, with the records' facts visible to the queries. */
export interface SandboxDataset extends Dataset {
  people: PersonRecord[];
  companies: CompanyRecord[];
  schools: SchoolRecord[];
  jobs: JobRecord[];
  employments: Stint[];
  enrollments: Study[];
  context: DatasetContext;
}
