/**
 * Builds the sandbox's synthetic dataset from a seed: companies, schools, people whose careers and
 * studies point at them, and jobs those companies post. Same seed and `now`, same dataset.
 *
 * Only compact facts are generated here (what searches, listings, counts and lookups read); the
 * response objects (profiles, v3, optional blocks) are built on first access (./records.ts). The
 * whole build takes well under a second for the default sizes (see ./README.md for the figures).
 */
import {
  canonicalCompanyUrl,
  canonicalJobUrl,
  canonicalPersonUrl,
  canonicalSchoolUrl,
} from '../../lib/networks';
import { addDays, DAY_MS, monthEnd, monthNumber, monthStart, startOfDay } from './dates';
import { asciiSlug, asciiWords, domainLabels, unicodeSlug } from './names';
import { DatasetRandom, STREAM, type WeightedTable, weightedTable } from './random';
import { RecordKinds } from './record-kinds';
import {
  type CompanyFacts,
  type CompanyRecord,
  DatasetContext,
  type FundingRound,
  type JobRecord,
  type Office,
  type PersonFacts,
  type PersonRecord,
  type SandboxDataset,
  type SchoolRecord,
  type Stint,
  type Study,
} from './records';
import {
  CAREER_TRACKS,
  type CareerTrack,
  type City,
  COMPANY_SIZE_BANDS,
  COMPANY_TYPE_WEIGHTS,
  COUNTRIES,
  type Country,
  DEGREES,
  EXPERIENCE_LEVEL_OF,
  FLEXIBILITIES,
  FUNDING_ROUNDS,
  GENERAL_GROUPS,
  GLOBAL_EMAIL_PROVIDERS,
  INDUSTRIES,
  INTERESTS,
  INVESTOR_FIRMS,
  type Industry,
  JOB_TYPES,
  type Level,
  PROFICIENCIES,
  SCHOOL_NAME_PATTERNS,
  SECOND_LANGUAGES,
  STUDENT_ACTIVITIES,
} from './vocabulary';

export interface DatasetCounts {
  people: number;
  companies: number;
  schools: number;
  jobs: number;
}

/** The sizes the sandbox serves. */
export const DEFAULT_COUNTS: DatasetCounts = { people: 20_000, companies: 2_000, schools: 200, jobs: 5_000 };
/**
 * A tenth of the default, for tests that need a sandbox to answer rather than the demo's data:
 * built in about 0.4 s, against 1.6 s. The contract tests and the end-to-end suites keep the
 * default, and so do the sandbox's own tests where they assert the dataset's sizes and shares.
 * @internal the tests' size.
 */
export const SMALL_COUNTS: DatasetCounts = { people: 2_000, companies: 200, schools: 40, jobs: 500 };

/**
 * Pictures and logos point here unless the server says otherwise. `.invalid` can never resolve
 * (RFC 2606), so nobody mistakes a synthetic picture URL for a real one.
 */
export const DEFAULT_ASSET_BASE_URL = 'https://assets.sandbox.invalid';

export interface BuildDatasetOptions {
  seed: number;
  /** The moment the dataset treats as now: dates, freshness and "current" are relative to it. */
  now: Date;
  /** Base of picture and logo URLs (no trailing slash); the sandbox server may serve them there. */
  assetBaseUrl?: string;
  /** Smaller datasets for experiments; the sandbox always uses {@link DEFAULT_COUNTS}. */
  counts?: Partial<DatasetCounts>;
}

/** Records are refreshed at some moment of the year before `now`; ~8% fall within the 29 "recent" days. */
const LAST_UPDATED_SPREAD_DAYS = 365;
/** Jobs are listed within this many days before `now`. */
const JOB_LISTING_WINDOW_DAYS = 60;
/** Share of experiences that name their company without linking it (see Stint.nameOnly). */
const NAME_ONLY_SHARE = 0.015;

export function buildDataset(options: BuildDatasetOptions): SandboxDataset {
  const counts = { ...DEFAULT_COUNTS, ...options.counts };
  const now = new Date(options.now.getTime());
  const random = new DatasetRandom(options.seed);
  const context = new DatasetContext(
    options.seed,
    now,
    (options.assetBaseUrl ?? DEFAULT_ASSET_BASE_URL).replace(/\/+$/, ''),
    new DatasetRandom(options.seed),
  );
  const generator = new Generator(random, context, now);

  context.companies = generator.companies(counts.companies);
  context.schools = generator.schools(counts.schools);
  context.people = generator.people(counts.people);
  context.jobs = generator.jobs(counts.jobs);

  // A stint is an employment and a study an enrollment (they carry every field the contract asks for).
  const employments = context.people.flatMap((person) => person.stints);
  const enrollments = context.people.flatMap((person) => person.studies);

  return {
    seed: options.seed,
    now,
    people: context.people,
    companies: context.companies,
    schools: context.schools,
    jobs: context.jobs,
    employments,
    enrollments,
    context,
  };
}

// ---------------------------------------------------------------------------------------------

const COUNTRY_TABLE = weightedTable(COUNTRIES.map((country) => [country, country.weight] as const));
const SIZE_BAND_TABLE = weightedTable(
  COMPANY_SIZE_BANDS.map(([band, weight], bandIndex) => [{ band, bandIndex }, weight] as const),
);
const COMPANY_TYPE_TABLE = weightedTable(COMPANY_TYPE_WEIGHTS);
const INDUSTRY_TABLE = weightedTable(INDUSTRIES.map((industry) => [industry, industry.weight] as const));
const TRACK_TABLE = weightedTable(CAREER_TRACKS.map((track) => [track, track.weight] as const));
const JOB_TYPE_TABLE = weightedTable(JOB_TYPES.map((row) => [row, row[2]] as const));
const FLEXIBILITY_TABLE = weightedTable(FLEXIBILITIES);
/** Age of members: most are 25–44. */
const AGE_TABLE = weightedTable<readonly [number, number]>([
  [[20, 24], 12],
  [[25, 34], 38],
  [[35, 44], 28],
  [[45, 54], 15],
  [[55, 64], 7],
]);
/** Tracks a founder may have come from. */
const FOUNDER_BACKGROUNDS = CAREER_TRACKS.filter((track) =>
  ['engineering', 'data', 'product', 'design', 'sales', 'marketing', 'finance', 'operations'].includes(
    track.id,
  ),
);
const TRACK_BY_ID = new Map(CAREER_TRACKS.map((track) => [track.id, track]));
/** Per track and level 0–5: the track's roles at that level, or at the nearest level it has. */
const NEAREST_ROLES = new Map(
  CAREER_TRACKS.map((track) => {
    const byLevel = ([0, 1, 2, 3, 4, 5] as const).map((level) => {
      for (let distance = 0; ; distance++) {
        const roles = track.titles.filter(([, titleLevel]) => Math.abs(titleLevel - level) === distance);
        if (roles.length > 0 || distance > 5) return roles;
      }
    });
    return [track, byLevel] as const;
  }),
);
const GROUPS_OF_TRACK = new Map(
  CAREER_TRACKS.map((track) => [track, [...track.groups, ...GENERAL_GROUPS]] as const),
);
const DEGREES_BY_KIND = {
  bachelor: DEGREES.filter(([, kind]) => kind === 'bachelor').map(([degree]) => degree),
  master: DEGREES.filter(([, kind]) => kind === 'master').map(([degree]) => degree),
  doctorate: DEGREES.filter(([, kind]) => kind === 'doctorate').map(([degree]) => degree),
};
/** Where a bachelor's degree takes three years rather than four. */
const THREE_YEAR_BACHELOR_COUNTRIES = new Set(['GB', 'DE', 'FR', 'ES', 'NL', 'IE', 'AU']);

/** The person being generated, as their studies and stints need them. */
interface Member {
  index: number;
  country: Country;
  track: CareerTrack;
  /** Companies already in the member's career (one stint per company). */
  employers: Set<number>;
}

/** A name in ASCII, for addresses and handles (empty for scripts we do not romanise). */
interface AsciiName {
  first: string;
  /** Every word of the last name, run together (`garciamarquez`). */
  last: string;
  /** All words, hyphenated (`gabriel-garcia-marquez`). */
  slug: string;
}

const GRADES = [
  '3.8 GPA',
  '3.5 GPA',
  'First Class Honours',
  'Upper Second-Class Honours',
  'Magna Cum Laude',
  'Cum Laude',
];
const LEGAL_SUFFIXES = /\b(?:inc|llc|ltd|group|and sons)\b/i;

/** Generates each kind of record; holds the uniqueness sets and sampling tables the kinds share. */
class Generator {
  private readonly nowMonth: number;
  private readonly nowYear: number;
  private companies_: CompanyRecord[] = [];
  private schools_: SchoolRecord[] = [];
  private readonly usedDomains = new Set<string>();
  private readonly usedSlugs = new Set<string>();
  private readonly usedEmails = new Set<string>();
  private readonly usedHandles = {
    social: new Set<string>(),
    microblog: new Set<string>(),
    codehost: new Set<string>(),
  };
  private readonly companyTables = new Map<string, WeightedTable<number>>();
  private readonly schoolTables = new Map<string, WeightedTable<number>>();
  private readonly kinds: RecordKinds;

  constructor(
    private readonly random: DatasetRandom,
    private readonly context: DatasetContext,
    private readonly now: Date,
  ) {
    this.kinds = new RecordKinds(context);
    this.nowMonth = monthNumber(now);
    this.nowYear = now.getUTCFullYear();
  }

  private lastUpdated(): Date {
    return new Date(this.now.getTime() - Math.floor(this.random.next() * LAST_UPDATED_SPREAD_DAYS * DAY_MS));
  }

  private place(): { country: Country; city: City } {
    const country = this.random.weighted(COUNTRY_TABLE);
    return { country, city: this.random.pick(country.cities) };
  }

  // -------------------------------------------------------------------------------------------
  // Companies

  companies(count: number): CompanyRecord[] {
    const names = new Set<string>();
    for (let index = 0; index < count; index++) {
      this.random.reseed(STREAM.company, index);
      const faker = this.random.faker;
      let name = faker.company.name();
      for (let attempt = 0; names.has(name) && attempt < 5; attempt++) name = faker.company.name();
      if (names.has(name))
        name = `${name} ${this.random.pick(['Labs', 'Holdings', 'Partners', 'Collective'])}`;
      names.add(name);
      this.companies_.push(this.kinds.company(this.company(index, name)));
    }
    return this.companies_;
  }

  private company(index: number, name: string): CompanyFacts {
    const random = this.random;
    const slug = this.uniqueSlug(asciiSlug(name.replace(LEGAL_SUFFIXES, '')) || `company-${index}`);
    const networkId = String(10_000 + index * 1_000 + random.int(0, 999));
    const { band, bandIndex } = random.weighted(SIZE_BAND_TABLE);
    const sizeOnNetwork =
      band[1] === null ? random.logInt(band[0], 400_000) : random.logInt(band[0], band[1]);
    const industry = random.weighted(INDUSTRY_TABLE);
    const companyType = random.weighted(COMPANY_TYPE_TABLE);
    const foundedYear = random.chance(0.08) ? null : this.foundedYear(bandIndex);
    const hqPlace = this.place();
    const offices = this.offices(hqPlace, bandIndex);
    const domain = this.domain(name, hqPlace.country, industry);
    const alternativeDomains = this.alternativeDomains(domain);
    const specialities = random.pickSome(industry.specialities, random.int(2, 6));
    const funding =
      companyType === 'PRIVATELY_HELD' && bandIndex <= 5 && random.chance(0.55)
        ? this.fundingRounds(foundedYear)
        : [];
    const website = random.chance(0.8) ? `https://www.${domain}` : `https://${domain}`;
    return {
      index,
      url: canonicalCompanyUrl(slug),
      numericUrl: canonicalCompanyUrl(networkId),
      networkId,
      slug,
      name,
      domain,
      alternativeDomains,
      website,
      logoUrl: this.context.asset(`logos/company/${slug}.png`),
      country: hqPlace.country.code,
      searchId: networkId,
      lastUpdated: this.lastUpdated(),
      industry: industry.name,
      industries: [
        industry.name,
        ...random.pickSome(industry.related, random.int(0, industry.related.length)),
      ],
      specialities,
      description: this.companyDescription(name, industry, specialities, foundedYear, hqPlace.country),
      tagline: random.chance(0.5) ? random.faker.company.catchPhrase() : null,
      companyType,
      companySize: [band[0], band[1]],
      sizeOnNetwork,
      followerCount: Math.round((sizeOnNetwork * random.logInt(2, 400)) / 10) + random.int(0, 50),
      foundedYear,
      offices,
      funding,
      totalFundingUsd: funding.length > 0 ? funding.reduce((sum, round) => sum + round.amountUsd, 0) : null,
      thin: random.chance(0.04),
    };
  }

  private uniqueSlug(base: string): string {
    let slug = base;
    for (let n = 2; this.usedSlugs.has(slug); n++) slug = `${base}-${n}`;
    this.usedSlugs.add(slug);
    return slug;
  }

  private foundedYear(bandIndex: number): number {
    const [earliest, latestAgo] = bandIndex >= 5 ? [1880, 10] : bandIndex >= 3 ? [1950, 3] : [1995, 0];
    return this.random.int(earliest, this.nowYear - latestAgo);
  }

  /** HQ first, then more offices the larger the company, each in a different city. */
  private offices(hq: { country: Country; city: City }, bandIndex: number): Office[] {
    const random = this.random;
    const count =
      bandIndex >= 5 ? random.int(2, 6) : bandIndex >= 3 ? random.int(0, 2) : random.chance(0.1) ? 1 : 0;
    const offices: Office[] = [{ ...hq, isHq: true }];
    for (let i = 0; i < count; i++) {
      const place = this.place();
      if (offices.some((office) => office.city === place.city)) continue;
      offices.push({ ...place, isHq: false });
    }
    return offices;
  }

  private domain(name: string, country: Country, industry: Industry): string {
    const random = this.random;
    const tld =
      country.tld && random.chance(0.25)
        ? country.tld
        : industry.name === 'Software Development' && random.chance(0.3)
          ? random.pick(['.io', '.ai', '.dev', '.co'])
          : '.com';
    for (const label of domainLabels(name)) {
      const domain = `${label}${tld}`;
      if (!this.usedDomains.has(domain)) {
        this.usedDomains.add(domain);
        return domain;
      }
    }
    const fallback = `${domainLabels(name)[0] ?? 'company'}${random.int(2, 999)}${tld}`;
    this.usedDomains.add(fallback);
    return fallback;
  }

  private alternativeDomains(domain: string): string[] {
    const random = this.random;
    const label = domain.slice(0, domain.indexOf('.'));
    const count = random.chance(0.3) ? (random.chance(0.3) ? 2 : 1) : 0;
    const candidates = random.pickSome(
      [`${label}.net`, `get${label}.com`, `${label}hq.com`, `${label}.io`, `${label}.org`],
      5,
    );
    const alternatives: string[] = [];
    for (const candidate of candidates) {
      if (alternatives.length === count) break;
      if (candidate === domain || this.usedDomains.has(candidate)) continue;
      this.usedDomains.add(candidate);
      alternatives.push(candidate);
    }
    return alternatives;
  }

  private fundingRounds(foundedYear: number | null): FundingRound[] {
    const random = this.random;
    const rounds: FundingRound[] = [];
    const firstYear = Math.max(foundedYear ?? this.nowYear - 10, this.nowYear - 15);
    let month = firstYear * 12 + random.int(0, 24);
    let stage = random.int(0, 1);
    const wanted = random.int(1, 4);
    while (rounds.length < wanted && month < this.nowMonth - 1 && stage < FUNDING_ROUNDS.length) {
      const [type, low, high] = FUNDING_ROUNDS[stage] as (typeof FUNDING_ROUNDS)[number];
      rounds.push({
        type,
        amountUsd: Math.round(random.logInt(low, high) / 10_000) * 10_000,
        announced: addDays(monthStart(month), random.int(0, 27)),
        investors: random.pickSome(INVESTOR_FIRMS, random.int(1, 4)),
      });
      month += random.int(12, 30);
      stage++;
    }
    return rounds;
  }

  private companyDescription(
    name: string,
    industry: Industry,
    specialities: readonly string[],
    foundedYear: number | null,
    country: Country,
  ): string {
    const random = this.random;
    const [first, second] = specialities;
    const focus = second ? `${first} and ${second}` : (first ?? industry.name.toLowerCase());
    const audience = random.pick([
      'businesses of every size',
      'enterprises around the world',
      `customers across ${country.name}`,
      `teams in ${industry.name.toLowerCase()}`,
    ]);
    const verb = random.pick(['builds', 'provides', 'delivers', 'specialises in']);
    const origin = foundedYear ? `Founded in ${foundedYear}, we` : 'We';
    return (
      `${name} ${verb} ${focus} for ${audience}. ${origin} ${random.faker.company.buzzPhrase()}. ` +
      `${random.faker.company.catchPhrase()}.`
    );
  }

  // -------------------------------------------------------------------------------------------
  // Schools

  schools(count: number): SchoolRecord[] {
    const names = new Set<string>();
    for (let index = 0; index < count; index++) {
      this.random.reseed(STREAM.school, index);
      const random = this.random;
      const place = this.place();
      const patterns = SCHOOL_NAME_PATTERNS[place.country.code] ?? SCHOOL_NAME_PATTERNS.default ?? [];
      let name = '';
      for (let attempt = 0; attempt < 8 && (name === '' || names.has(name)); attempt++) {
        name = random
          .pick(patterns)
          .replace('{city}', place.city.name)
          .replace('{state}', place.city.stateName ?? place.city.name)
          .replace('{name}', random.fakerFor(place.country.locale).person.lastName());
      }
      if (names.has(name)) name = `${name} (${random.faker.person.lastName()} Campus)`;
      names.add(name);
      const slug = this.uniqueSlug(asciiSlug(name) || `school-${index}`);
      const networkId = String(5_000 + index * 100 + random.int(0, 99));
      const sizeOnNetwork = random.logInt(800, 60_000);
      const domain = this.domain(name, place.country, INDUSTRIES[0] as Industry).replace(
        /\.(com|io|ai|dev|co)$/,
        '.edu',
      );
      const facts = {
        index,
        url: canonicalSchoolUrl(slug),
        numericUrl: canonicalSchoolUrl(networkId),
        networkId,
        slug,
        name,
        country: place.country.code,
        city: place.city,
        website: `https://www.${domain}`,
        logoUrl: this.context.asset(`logos/school/${slug}.png`),
        foundedYear: random.int(1800, 1995),
        companySize: sizeBandOf(Math.round(sizeOnNetwork / 4)),
        sizeOnNetwork,
        followerCount: sizeOnNetwork * random.int(3, 12),
        lastUpdated: this.lastUpdated(),
      };
      this.schools_.push(this.kinds.school(facts));
    }
    return this.schools_;
  }

  // -------------------------------------------------------------------------------------------
  // People

  people(count: number): PersonRecord[] {
    const people: PersonRecord[] = [];
    for (let index = 0; index < count; index++) {
      this.random.reseed(STREAM.person, index);
      people.push(this.kinds.person(this.person(index)));
    }
    return people;
  }

  private person(index: number): PersonFacts {
    const random = this.random;
    const { country, city } = this.place();
    const faker = random.fakerFor(country.locale);
    const gender = random.chance(0.5) ? 'female' : 'male';
    const firstName = faker.person.firstName(gender);
    const lastName = faker.person.lastName(gender);
    const ideographic = country.locale === 'zh_CN' || country.locale === 'ja';
    const fullName = ideographic ? `${lastName}${firstName}` : `${firstName} ${lastName}`;
    const firstWords = asciiWords(firstName);
    const lastWords = asciiWords(lastName);
    const ascii = {
      first: firstWords[0] ?? '',
      last: lastWords.join(''),
      slug: [...firstWords, ...lastWords].join('-'),
    };
    const track = random.weighted(TRACK_TABLE);

    const [minAge, maxAge] = random.weighted(AGE_TABLE);
    const age = random.int(minAge, maxAge);
    const birthDate = new Date(Date.UTC(this.nowYear - age, random.int(0, 11), random.int(1, 28)));
    const member: Member = { index, country, track, employers: new Set() };
    const studies = this.studies(member, birthDate);
    const careerStart =
      studies.reduce(
        (latest, study) => {
          const end = study.end ? monthNumber(study.end) + 1 : this.nowMonth + 1;
          return Math.max(latest, end);
        },
        monthNumber(birthDate) + 18 * 12,
      ) + random.int(0, 6);
    const stints = this.stints(member, careerStart, studies);

    const current =
      stints.find((stint) => stint.end === null && !stint.nameOnly) ?? stints.find((s) => s.end === null);
    const currentCompany = current ? this.companies_[current.companyIndex] : undefined;
    const skills = random.pickSome(track.skills, random.int(3, 9));
    const background = stints.find((stint) => stint.trackId !== track.id);
    if (background) skills.push(...random.pickSome(TRACK_BY_ID.get(background.trackId)?.skills ?? [], 2));
    const interests = random.pickSome(INTERESTS, random.int(0, 4));
    const groups = random.pickSome(GROUPS_OF_TRACK.get(track) ?? GENERAL_GROUPS, random.int(0, 3));
    const lastStint = stints[0];
    const industry =
      currentCompany?.industry ??
      (lastStint ? this.companies_[lastStint.companyIndex]?.industry : undefined) ??
      'Higher Education';
    const latestStudy = studies[0];
    const headline = this.headline(track, current, currentCompany?.name, skills, latestStudy);
    const thin = random.chance(0.05);
    const publicIdentifier = this.publicIdentifier(ascii, fullName, country);
    const emails = this.emails(
      ascii,
      country,
      current && !current.nameOnly ? currentCompany?.domain : undefined,
    );

    return {
      index,
      url: canonicalPersonUrl(publicIdentifier),
      publicIdentifier,
      firstName,
      lastName,
      fullName,
      gender,
      birthDate,
      country: country.code,
      city,
      locationStr: locationLine(country, city),
      headline,
      occupation: current && currentCompany ? `${current.title} at ${currentCompany.name}` : headline,
      summary:
        thin || random.chance(0.1)
          ? null
          : this.summary(track, stints, industry, currentCompany?.name, skills, interests),
      trackId: track.id,
      skills: [...new Set(skills)],
      languages: this.languages(country),
      interests,
      groups,
      industry,
      followerCount: random.chance(0.08)
        ? null
        : random.chance(0.01)
          ? random.logInt(50_000, 900_000)
          : random.logInt(5, 30_000),
      connections: Math.min(500, random.logInt(3, 3_000)),
      stints,
      studies,
      emails: emails.all,
      personalEmails: emails.personal,
      workEmail: emails.work,
      socialHandle: random.chance(0.3) ? this.handle('social', ascii) : null,
      microblogHandle: random.chance(0.2) ? this.handle('microblog', ascii) : null,
      codehostHandle: random.chance(track.codehostShare) ? this.handle('codehost', ascii) : null,
      lastUpdated: this.lastUpdated(),
      thin,
      hasPicture: random.chance(0.9),
    };
  }

  private studies(member: Member, birthDate: Date): Study[] {
    const random = this.random;
    const studies: Study[] = [];
    const bachelorStart = (birthDate.getUTCFullYear() + 18) * 12 + 8; // September
    const bachelorYears = THREE_YEAR_BACHELOR_COUNTRIES.has(member.country.code) ? 3 : 4;
    const bachelor = this.study(member, bachelorStart, bachelorYears, 'bachelor');
    if (!bachelor) return studies;
    studies.push(bachelor);
    if (bachelor.end && random.chance(0.3)) {
      const masterStart = monthNumber(bachelor.end) + 3 + random.int(0, 4) * 12;
      const master = this.study(member, masterStart, random.int(1, 2), 'master');
      if (master) {
        studies.unshift(master);
        if (master.end && random.chance(0.12)) {
          const doctorate = this.study(member, monthNumber(master.end) + 3, random.int(4, 5), 'doctorate');
          if (doctorate) studies.unshift(doctorate);
        }
      }
    }
    return studies;
  }

  /** A study starting at a month number, or null when it would start in the future. */
  private study(
    member: Member,
    startMonth: number,
    years: number,
    kind: 'bachelor' | 'master' | 'doctorate',
  ): Study | null {
    if (startMonth > this.nowMonth) return null;
    const random = this.random;
    const endMonth = startMonth + years * 12 - 3; // ends in June
    const degrees = DEGREES_BY_KIND[kind];
    return {
      personIndex: member.index,
      schoolIndex: random.weighted(this.schoolTable(random.chance(0.7) ? member.country.code : null)),
      degree: random.pick(degrees),
      fieldOfStudy: random.pick(member.track.fieldsOfStudy),
      start: monthStart(startMonth),
      end: endMonth >= this.nowMonth ? null : monthEnd(endMonth),
      grade: random.chance(0.2) ? random.pick(GRADES) : null,
      activities: random.chance(0.25)
        ? random.pickSome(STUDENT_ACTIVITIES, random.int(1, 2)).join(', ')
        : null,
    };
  }

  /** Experiences from the start of a career to now, newest first. */
  private stints(member: Member, careerStart: number, studies: Study[]): Stint[] {
    const random = this.random;
    const track = member.track;
    const stints: Stint[] = [];
    const stillStudying = studies.some((study) => study.end === null);
    if (stillStudying) {
      if (track.internTitle && random.chance(0.3)) {
        const start = this.nowMonth - random.int(0, 8);
        stints.push(this.stint(member, track, track.internTitle, 0, start, null, false));
      }
      return stints;
    }
    const months = this.nowMonth - careerStart;
    if (months <= 0) return stints;

    const count = Math.max(1, Math.min(5, 1 + Math.floor(months / random.int(30, 60))));
    const cuts = Array.from(
      { length: count - 1 },
      () => careerStart + Math.floor(random.next() * months),
    ).sort((a, b) => a - b);
    const bounds = [careerStart, ...cuts, this.nowMonth + 1];
    const endsCareerInJob = random.chance(0.9);
    const founderBackground = track.id === 'founders' ? random.pick(FOUNDER_BACKGROUNDS) : null;
    for (let i = 0; i < count; i++) {
      const isLast = i === count - 1;
      const start = Math.min(this.nowMonth, (bounds[i] as number) + (i === 0 ? 0 : random.int(0, 3)));
      let end: number | null = (bounds[i + 1] as number) - 1;
      if (isLast) end = endsCareerInJob ? null : Math.min(this.nowMonth - 1, end - random.int(1, 12));
      if (end !== null && end < start) continue;
      const stintTrack = founderBackground && !isLast ? founderBackground : track;
      const [title, level] = this.roleAt(stintTrack, this.levelAt(start - careerStart));
      stints.push(this.stint(member, stintTrack, title, level, start, end, stintTrack.id === 'founders'));
    }
    if (random.chance(0.04)) {
      // A side role held beside the main job (advisor, board member): two current employers.
      const founders = TRACK_BY_ID.get('founders') as CareerTrack;
      const title = random.pick(['Advisor', 'Board Member', 'Mentor']);
      const start = Math.max(careerStart, this.nowMonth - random.int(1, 36));
      stints.push(this.stint(member, founders, title, 2, start, null, true));
    }
    stints.sort((a, b) => b.start.getTime() - a.start.getTime());
    return stints;
  }

  /** The level a career has reached after some months: mostly by years, with some luck either way. */
  private levelAt(monthsIntoCareer: number): Level {
    const random = this.random;
    const years = monthsIntoCareer / 12;
    let level = years < 2 ? 0 : years < 5 ? 1 : years < 9 ? 2 : years < 14 ? 3 : years < 20 ? 4 : 5;
    if (random.chance(0.3)) level--;
    else if (random.chance(0.15)) level++;
    // Most careers plateau below director.
    if (level >= 4 && !random.chance(0.35)) level = 3;
    return Math.max(0, Math.min(5, level)) as Level;
  }

  /** A title of the track at the level, or at the nearest level the track has. */
  private roleAt(track: CareerTrack, level: Level): readonly [string, Level] {
    return this.random.pick(
      (NEAREST_ROLES.get(track) as readonly (readonly [string, Level])[][])[level] ?? [],
    );
  }

  /** A stint at a company the member has not worked for yet (one that existed by then, if possible). */
  private stint(
    member: Member,
    track: CareerTrack,
    title: string,
    level: Level,
    startMonth: number,
    endMonth: number | null,
    smallCompany: boolean,
  ): Stint {
    const random = this.random;
    const { country, employers } = member;
    const startYear = Math.floor(startMonth / 12);
    const table = this.companyTable(
      track,
      smallCompany ? 'small' : random.chance(0.65) ? country.code : null,
    );
    // Never a company already in this career (listings and counts hold one stint per person and
    // company); preferably one founded by then, which the first few draws insist on.
    let companyIndex = random.weighted(table);
    for (let attempt = 0; ; attempt++) {
      const company = this.companies_[companyIndex] as CompanyRecord;
      const existed = attempt >= 8 || (company.foundedYear ?? 0) <= startYear;
      if (existed && !employers.has(companyIndex)) break;
      companyIndex = attempt < 32 ? random.weighted(table) : random.int(0, this.companies_.length - 1);
    }
    employers.add(companyIndex);
    const company = this.companies_[companyIndex] as CompanyRecord;
    const office =
      company.offices.find((candidate) => candidate.country === country) ?? (company.offices[0] as Office);
    return {
      personIndex: member.index,
      companyIndex,
      title,
      level,
      trackId: track.id,
      start: monthStart(startMonth),
      end: endMonth === null ? null : monthEnd(endMonth),
      description: random.chance(0.5) ? this.stintDescription(track) : null,
      location: random.chance(0.65) ? locationLine(office.country, office.city) : null,
      nameOnly: random.chance(NAME_ONLY_SHARE),
      employmentType:
        smallCompany && level >= 4
          ? 'Self-employed'
          : random.chance(0.92)
            ? 'Full-time'
            : random.pick(['Contract', 'Part-time']),
    };
  }

  private stintDescription(track: CareerTrack): string {
    const random = this.random;
    const [skillA, skillB] = random.pickSome(track.skills, 2);
    const sentences = [
      `Responsible for ${random.pick(track.focus)}.`,
      `Worked with ${skillA} and ${skillB} on ${random.pick(track.focus)}.`,
      `Part of the ${track.jobFunction.toLowerCase()} team, focused on ${random.pick(track.focus)}.`,
    ];
    return random.pickSome(sentences, random.int(1, 2)).join(' ');
  }

  /**
   * Companies weighted by size (square root of their size on the network, so large companies hold
   * many of the sandbox's people without drowning the rest). Keyed by track (some tracks work only
   * in some industries) and by a country code (companies with an office there), or `small`.
   */
  private companyTable(track: CareerTrack, scope: string | null): WeightedTable<number> {
    const key = `${track.industries ? track.id : '*'}|${scope ?? '*'}`;
    let table = this.companyTables.get(key);
    if (!table) {
      const eligible = this.companies_.filter(
        (company) =>
          (!track.industries || track.industries.includes(company.industry)) &&
          (scope === null ||
            (scope === 'small'
              ? company.companySize[0] <= 50
              : company.offices.some((office) => office.country.code === scope))),
      );
      if (eligible.length > 0) {
        table = weightedTable(
          eligible.map((company) => [company.index, Math.sqrt(company.sizeOnNetwork)] as const),
        );
      } else {
        // Only in small experimental datasets: widen the scope, then the industries.
        table =
          scope !== null
            ? this.companyTable(track, null)
            : this.companyTable({ ...track, industries: null }, null);
      }
      this.companyTables.set(key, table);
    }
    return table;
  }

  private schoolTable(countryCode: string | null): WeightedTable<number> {
    const key = countryCode ?? '*';
    let table = this.schoolTables.get(key);
    if (!table) {
      const local = this.schools_.filter((school) => countryCode === null || school.country === countryCode);
      const eligible = local.length > 0 ? local : this.schools_;
      table = weightedTable(
        eligible.map((school) => [school.index, Math.sqrt(school.sizeOnNetwork)] as const),
      );
      this.schoolTables.set(key, table);
    }
    return table;
  }

  private headline(
    track: CareerTrack,
    current: Stint | undefined,
    companyName: string | undefined,
    skills: readonly string[],
    latestStudy: Study | undefined,
  ): string {
    const random = this.random;
    if (!current && latestStudy && latestStudy.end === null) {
      const school = this.schools_[latestStudy.schoolIndex]?.name;
      return `${latestStudy.fieldOfStudy} student at ${school}`;
    }
    const title = current?.title ?? this.roleAt(track, 1)[0];
    const roll = random.next();
    if (current && companyName && roll < 0.55) return `${title} at ${companyName}`;
    if (roll < 0.75) return `${title} | ${random.pickSome(skills, 3).join(' · ')}`;
    if (roll < 0.9) return `${title} — ${capitalize(random.pick(track.focus))}`;
    return current ? `${capitalize(random.pick(track.focus))} | ${title}` : `${title} | Open to work`;
  }

  private summary(
    track: CareerTrack,
    stints: readonly Stint[],
    industry: string,
    companyName: string | undefined,
    skills: readonly string[],
    interests: readonly string[],
  ): string {
    const random = this.random;
    const oldest = stints[stints.length - 1];
    const years = oldest ? Math.floor((this.now.getTime() - oldest.start.getTime()) / (365.25 * DAY_MS)) : 0;
    const current = stints.find((stint) => stint.end === null);
    const [s1, s2, s3] = random.pickSome(skills, 3);
    const sentences = [
      years >= 2
        ? `${current?.title ?? track.titles[2]?.[0] ?? 'Professional'} with ${years}+ years of experience in ${industry.toLowerCase()}.`
        : `${track.jobFunction} professional starting out in ${industry.toLowerCase()}.`,
      `I focus on ${random.pick(track.focus)}.`,
    ];
    if (current && companyName)
      sentences.push(`Currently at ${companyName}, where I ${random.pick(track.duties)}.`);
    if (s1 && s2 && s3) sentences.push(`Skilled in ${s1}, ${s2} and ${s3}.`);
    if (interests.length > 0) sentences.push(`Outside work: ${interests.join(', ').toLowerCase()}.`);
    sentences.push(`Always happy to talk about ${random.pick(track.focus)}.`);
    return sentences.slice(0, random.int(2, sentences.length)).join(' ');
  }

  private languages(country: Country): { name: string; proficiency: string }[] {
    const random = this.random;
    const [native, ...others] = country.languages;
    const languages = [{ name: native as string, proficiency: PROFICIENCIES[0] as string }];
    for (const name of others) {
      if (random.chance(0.75)) languages.push({ name, proficiency: random.pick(PROFICIENCIES.slice(1, 4)) });
    }
    if (random.chance(0.3)) {
      const name = random.pick(SECOND_LANGUAGES);
      if (!languages.some((language) => language.name === name)) {
        languages.push({ name, proficiency: random.pick(PROFICIENCIES.slice(1)) });
      }
    }
    return languages;
  }

  /**
   * `jane-doe-4f2a1c` mostly; a tenth choose a vanity name (`janedoe`); some keep their name's own
   * letters (`josé-garcía-…`, `иван-петров-…`; always so for Chinese and Japanese names).
   */
  private publicIdentifier(ascii: AsciiName, fullName: string, country: Country): string {
    const random = this.random;
    const ideographic = country.locale === 'zh_CN' || country.locale === 'ja';
    const native = ideographic
      ? unicodeSlug(fullName)
      : country.locale === 'ru'
        ? random.chance(0.25)
          ? unicodeSlug(fullName)
          : null
        : /\P{ASCII}/u.test(fullName) && random.chance(0.3)
          ? unicodeSlug(fullName)
          : null;
    const base = native ?? ascii.slug;
    if (!native && base && random.chance(0.1)) {
      const vanity = random.chance(0.5) ? base.replace(/-/g, '') : base;
      if (!this.usedSlugs.has(vanity)) {
        this.usedSlugs.add(vanity);
        return vanity;
      }
    }
    for (;;) {
      const slug = `${base || 'member'}-${random.hex(6)}`;
      if (!this.usedSlugs.has(slug)) {
        this.usedSlugs.add(slug);
        return slug;
      }
    }
  }

  /** 1–3 addresses: personal ones at common providers, and a work one at the current company's domain. */
  private emails(
    { first, last }: AsciiName,
    country: Country,
    workDomain: string | undefined,
  ): { all: string[]; personal: string[]; work: string | null } {
    const random = this.random;
    const work =
      workDomain && random.chance(0.7)
        ? this.uniqueEmail(this.workLocalParts(first, last), workDomain)
        : null;
    const personalCount = random.chance(0.2) ? 2 : work && random.chance(0.06) ? 0 : 1;
    const personal: string[] = [];
    for (let i = 0; i < personalCount; i++) {
      const providers =
        country.emailProviders.length > 0 && random.chance(0.3)
          ? country.emailProviders
          : GLOBAL_EMAIL_PROVIDERS;
      personal.push(this.uniqueEmail(this.personalLocalParts(first, last), random.pick(providers)));
    }
    return { all: work ? [...personal, work] : personal, personal, work };
  }

  private personalLocalParts(first: string, last: string): string[] {
    const random = this.random;
    if (!first || !last) return [random.digits(9)];
    const year = String(random.int(60, 99) + (random.chance(0.3) ? 1900 : 0));
    return random.pickSome(
      [
        `${first}.${last}`,
        `${first}${last}`,
        `${first}_${last}`,
        `${first[0]}${last}`,
        `${first}.${last}${year}`,
        `${last}.${first}`,
      ],
      3,
    );
  }

  private workLocalParts(first: string, last: string): string[] {
    if (!first || !last) return [this.random.digits(6)];
    return this.random.chance(0.7)
      ? [`${first}.${last}`, `${first[0]}${last}`]
      : [`${first[0]}${last}`, `${first}.${last}`];
  }

  private uniqueEmail(localParts: readonly string[], domain: string): string {
    for (const local of localParts) {
      const email = `${local}@${domain}`;
      if (!this.usedEmails.has(email)) {
        this.usedEmails.add(email);
        return email;
      }
    }
    for (let n = 2; ; n++) {
      const email = `${localParts[0]}${n}@${domain}`;
      if (!this.usedEmails.has(email)) {
        this.usedEmails.add(email);
        return email;
      }
    }
  }

  /** A handle within the network's syntax (see HANDLE_SYNTAX in lib/networks.ts), unique there. */
  private handle(network: 'social' | 'microblog' | 'codehost', { first, last }: AsciiName): string {
    const random = this.random;
    const used = this.usedHandles[network];
    const candidates =
      first && last
        ? network === 'social'
          ? [`${first}.${last}`, `${first}${last}`, `${first}.${last}.${random.int(1, 99)}`]
          : network === 'microblog'
            ? [
                `${first}${last}`.slice(0, 15),
                `${first}_${last}`.slice(0, 15),
                `${first[0]}${last}`.slice(0, 13),
              ]
            : [`${first}${last}`, `${first}-${last}`, `${first[0]}${last}`]
        : [];
    for (const candidate of candidates) {
      if (candidate.length >= (network === 'social' ? 5 : 1) && !used.has(candidate)) {
        used.add(candidate);
        return candidate;
      }
    }
    for (;;) {
      const stem = (first || last || 'user').slice(0, network === 'microblog' ? 9 : 20);
      const handle = `${stem}${network === 'social' ? '.' : ''}${random.digits(network === 'microblog' ? 5 : 4)}`;
      if (!used.has(handle)) {
        used.add(handle);
        return handle;
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Jobs

  jobs(count: number): JobRecord[] {
    const jobs: JobRecord[] = [];
    const today = startOfDay(this.now);
    for (let index = 0; index < count; index++) {
      this.random.reseed(STREAM.job, index);
      const random = this.random;
      const track = random.weighted(TRACK_TABLE);
      const company = this.companies_[random.weighted(this.companyTable(track, null))] as CompanyRecord;
      const internship = track.internTitle !== null && random.chance(0.06);
      const [jobType, employmentType] = internship
        ? ['internship', 'Internship']
        : random.weighted(JOB_TYPE_TABLE);
      const flexibility = random.weighted(FLEXIBILITY_TABLE);
      const { country, city: officeCity } = random.pick(company.offices);
      const city = flexibility === 'remote' && random.chance(0.5) ? null : officeCity;
      const [title, level] = internship
        ? [track.internTitle as string, 0 as Level]
        : this.roleAt(track, random.int(0, 4) as Level);
      const jobId = String(3_700_000_000 + index * 1_000 + random.int(0, 999));
      const facts = {
        index,
        url: canonicalJobUrl(jobId),
        jobId,
        companyIndex: company.index,
        title,
        trackId: track.id,
        level,
        jobType,
        employmentType,
        experienceLevel: internship ? 'internship' : EXPERIENCE_LEVEL_OF[level],
        flexibility,
        geoId: city?.geoId ?? country.geoId,
        countryGeoId: country.geoId,
        country: country.code,
        city,
        listDate: addDays(today, -random.int(0, JOB_LISTING_WINDOW_DAYS - 1)),
        description: this.jobDescription(track, title, company, flexibility, city, country, level),
        totalApplicants: random.logInt(1, 600),
      };
      jobs.push(this.kinds.job(facts));
    }
    return jobs;
  }

  private jobDescription(
    track: CareerTrack,
    title: string,
    company: CompanyRecord,
    flexibility: string,
    city: City | null,
    country: Country,
    level: Level,
  ): string {
    const random = this.random;
    const skills = random.pickSome(track.skills, 4);
    const years = [0, 1, 3, 5, 8, 10][level] ?? 3;
    const where = city ? `${city.name}, ${country.name}` : country.name;
    return [
      `About ${company.name}`,
      company.description,
      '',
      'About the role',
      `As a ${title} you will ${random.pick(track.duties)}, with a focus on ${random.pick(track.focus)}.`,
      '',
      'What you bring',
      ...(years > 0
        ? [`- ${years}+ years of experience in a similar role`]
        : ['- Curiosity and eagerness to learn']),
      ...skills.map((skill) => `- Experience with ${skill}`),
      '',
      `This is ${/^[aeiou]/.test(flexibility) ? 'an' : 'a'} ${flexibility} position based in ${where}.`,
    ].join('\n');
  }
}

/** The network's size band holding `employees`. */
export function sizeBandOf(employees: number): [number, number | null] {
  for (const [[lower, upper]] of COMPANY_SIZE_BANDS) {
    if (upper === null || employees <= upper) return [lower, upper];
  }
  return [10001, null];
}

const LOCATION_LINES = new Map<City, string>();

/** "Seattle, Washington, United States" as members type locations (the state left out when it is the city). */
export function locationLine(country: Country, city: City): string {
  let line = LOCATION_LINES.get(city);
  if (line === undefined) {
    line = [city.name, city.stateName !== city.name ? city.stateName : null, country.name]
      .filter(Boolean)
      .join(', ');
    LOCATION_LINES.set(city, line);
  }
  return line;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
