/**
 * The dataset's clock: what changes when the sandbox's time moves forward by some days.
 *
 * `advanceDataset(dataset, fromDay, days)` returns a new dataset (the given one is never written to:
 * the base dataset is shared by every sandbox of a process) in which a deterministic share of people
 * changed job, title or location and of companies their employee count, follower count, name or
 * website, and the list of those changes. The same dataset, `fromDay` and `days` give the same
 * changes, so the same sequence of advances gives the same data.
 *
 * Each change happens at a moment within the advanced days, and the changed record's stored copy
 * is dated then (`lastUpdated`): the sandbox serves one copy of each record, its latest, so a copy
 * that shows a change must be dated after it (see ../routes/freshness.ts).
 *
 * The records are rebuilt around their (copied) facts with a new context and new lazy getters, so
 * every response object is built again on first access; one that draws random details reseeds by
 * the record's index and reads the generation's `now`, so an unchanged record reads as before.
 */

import { companyNameKey } from '../search/similarity';
import { addDays, DAY_MS, specDate, startOfDay } from './dates';
import { locationLine, sizeBandOf } from './generate';
import { DatasetRandom, STREAM, type WeightedTable, weightedTable } from './random';
import { RecordKinds } from './record-kinds';
import {
  type CompanyFacts,
  DatasetContext,
  type PersonFacts,
  type SandboxDataset,
  type Stint,
} from './records';
import type { SpecDate } from './types';
import { CAREER_TRACKS, type CareerTrack, COUNTRIES, COUNTRY_BY_CODE, type Level } from './vocabulary';

/** The longest single advance (ten years). */
export const MAX_ADVANCE_DAYS = 3650;

/**
 * Shares that change in 30 days. Faster than real life (about a tenth of people a month), so that
 * a watch list of a few dozen people sees changes after one advance of a month.
 */
export const MONTHLY_SHARES = {
  person: { job: 0.05, title: 0.03, location: 0.02 },
  company: { employeeCount: 0.25, followerCount: 0.15, name: 0.01, website: 0.01 },
} as const;

/** The share of records that change at least once in `days`, when `monthly` change in 30. */
export function shareWithin(monthly: number, days: number): number {
  return 1 - (1 - monthly) ** (days / 30);
}

/** A person's current job as the change report shows it (the spec's experience fields). */
export interface CurrentJob {
  company: string;
  company_network_profile_url: string | null;
  title: string;
  starts_at: SpecDate;
}

/** What the watch compares of a person, in the spec's field names. */
export interface PersonState {
  current_job: CurrentJob | null;
  occupation: string;
  headline: string;
  city: string;
  state: string | null;
  country: string;
  location_str: string;
}

export type PersonChangeKind = 'job' | 'title' | 'location';

export interface PersonChange {
  index: number;
  url: string;
  /** `job`: a new current company and title; `title`: a new title at the same company; `location`. */
  kind: PersonChangeKind;
  /** When it happened: the changed copy's `last_updated`. */
  at: string;
  /** The fields of `PersonState` whose value changed. */
  changed: (keyof PersonState)[];
  before: PersonState;
  after: PersonState;
}

/** What the watch compares of a company, in the spec's field names. */
export interface CompanyState {
  name: string;
  website: string;
  company_size_on_network: number;
  company_size: [number, number | null];
  follower_count: number;
}

export interface CompanyChange {
  index: number;
  url: string;
  at: string;
  changed: (keyof CompanyState)[];
  before: CompanyState;
  after: CompanyState;
}

export interface ClockChanges {
  people: PersonChange[];
  companies: CompanyChange[];
}

export function advanceDataset(
  previous: SandboxDataset,
  fromDay: number,
  days: number,
): { dataset: SandboxDataset; changes: ClockChanges } {
  if (!Number.isInteger(days) || days < 1 || days > MAX_ADVANCE_DAYS)
    throw new RangeError(`days must be a whole number from 1 to ${MAX_ADVANCE_DAYS}`);
  const generatedAt = previous.context.now;
  const random = new DatasetRandom(previous.seed);
  // One stream per advance, told apart by where it starts and how long it is.
  const advanceId = fromDay * (MAX_ADVANCE_DAYS + 1) + days;
  const momentIn = () =>
    new Date(generatedAt.getTime() + fromDay * DAY_MS + Math.floor(random.next() * days * DAY_MS));

  const companies: CompanyFacts[] = previous.companies.map((company) => ({ ...company }));
  const people: PersonFacts[] = previous.people.map((person) => ({ ...person }));

  random.reseed(STREAM.clockCompanies, advanceId);
  const companyChanges: CompanyChange[] = [];
  const names = new Set(companies.map((company) => companyNameKey(company.name)));
  for (const company of companies) {
    const change = changeCompany(company, days, random, names, momentIn);
    if (change) companyChanges.push(change);
  }

  random.reseed(STREAM.clockPeople, advanceId);
  const personChanges: PersonChange[] = [];
  const employers = new EmployerTables(companies);
  const { job, title, location } = MONTHLY_SHARES.person;
  const share = shareWithin(job + title + location, days);
  for (const person of people) {
    const draw = random.next();
    if (draw >= share) continue;
    const part = (draw / share) * (job + title + location);
    const kind: PersonChangeKind = part < job ? 'job' : part < job + title ? 'title' : 'location';
    const before = personState(person, previous.companies);
    personChanges.push(changePerson(person, before, kind, momentIn(), random, companies, employers));
  }

  const context = new DatasetContext(
    previous.seed,
    generatedAt,
    previous.context.assetBaseUrl,
    new DatasetRandom(previous.seed),
  );
  const kinds = new RecordKinds(context);
  context.companies = companies.map((facts) => kinds.company(facts));
  context.schools = previous.schools.map((school) => kinds.school({ ...school }));
  context.people = people.map((facts) => kinds.person(facts));
  context.jobs = previous.jobs.map((job) => kinds.job({ ...job }));
  const dataset: SandboxDataset = {
    seed: previous.seed,
    now: addDays(generatedAt, fromDay + days),
    people: context.people,
    companies: context.companies,
    schools: context.schools,
    jobs: context.jobs,
    employments: context.people.flatMap((person) => person.stints),
    enrollments: context.people.flatMap((person) => person.studies),
    context,
  };
  return { dataset, changes: { people: personChanges, companies: companyChanges } };
}

// ---------------------------------------------------------------------------------------------
// Companies

function companyState(company: CompanyFacts): CompanyState {
  return {
    name: company.name,
    website: company.website,
    company_size_on_network: company.sizeOnNetwork,
    company_size: company.companySize,
    follower_count: company.followerCount,
  };
}

/** Changes the company in place (a copy of the record's facts); returns what changed, if anything. */
function changeCompany(
  company: CompanyFacts,
  days: number,
  random: DatasetRandom,
  /** The name keys taken (companyNameKey). */
  names: Set<string>,
  momentIn: () => Date,
): CompanyChange | undefined {
  const shares = MONTHLY_SHARES.company;
  const counts = random.chance(shareWithin(shares.employeeCount, days));
  const followers = random.chance(shareWithin(shares.followerCount, days));
  const renamed = random.chance(shareWithin(shares.name, days));
  const moved = random.chance(shareWithin(shares.website, days));
  if (!counts && !followers && !renamed && !moved) return undefined;
  const before = companyState(company);

  if (counts) {
    // Grows more often than it shrinks; by 2–12% (at least one person) each time.
    const delta = Math.max(1, Math.round(company.sizeOnNetwork * (0.02 + random.next() * 0.1)));
    const shrinks = random.chance(0.35) && company.sizeOnNetwork > delta;
    company.sizeOnNetwork += shrinks ? -delta : delta;
    const band = sizeBandOf(company.sizeOnNetwork);
    if (band[0] !== company.companySize[0]) company.companySize = band;
  }
  if (followers) {
    const rise = random.chance(0.8) || company.followerCount < 2;
    const rate = rise ? 0.01 + random.next() * 0.07 : 0.005 + random.next() * 0.025;
    const delta = Math.max(1, Math.round(company.followerCount * rate));
    company.followerCount += rise ? delta : -delta;
  }
  if (renamed) {
    // A name no other company is looked up by (the lookups compare names without legal suffixes).
    let name = random.faker.company.name();
    for (let n = 2; names.has(companyNameKey(name)); n++) name = `${random.faker.company.name()} ${n}`;
    names.add(companyNameKey(name));
    company.name = name;
  }
  if (moved) {
    const label = company.domain.slice(0, company.domain.indexOf('.'));
    const candidates = [...company.alternativeDomains, `${label}hq.com`, `get${label}.com`];
    const domain = candidates.find((candidate) => !company.website.endsWith(`//www.${candidate}`));
    company.website = `https://www.${domain ?? `${label}.io`}`;
  }

  company.lastUpdated = momentIn();
  const after = companyState(company);
  const changed = (Object.keys(before) as (keyof CompanyState)[]).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  return {
    index: company.index,
    url: company.url,
    at: company.lastUpdated.toISOString(),
    changed,
    before,
    after,
  };
}

// ---------------------------------------------------------------------------------------------
// People

const TRACK_BY_ID = new Map(CAREER_TRACKS.map((track) => [track.id, track]));

function currentStint(person: PersonFacts): Stint | undefined {
  return person.stints.find((stint) => stint.end === null);
}

function personState(person: PersonFacts, companies: readonly CompanyFacts[]): PersonState {
  const current = currentStint(person);
  const company = current && (companies[current.companyIndex] as CompanyFacts);
  return {
    current_job:
      current && company
        ? {
            company: company.name,
            company_network_profile_url: current.nameOnly ? null : company.url,
            title: current.title,
            starts_at: specDate(current.start),
          }
        : null,
    occupation: person.occupation,
    headline: person.headline,
    city: person.city.name,
    state: person.city.stateName,
    country: person.country,
    location_str: person.locationStr,
  };
}

/** A title of the track at `level`, or the nearest level that has one other than `exclude`. */
function titleNear(
  track: CareerTrack,
  level: Level,
  random: DatasetRandom,
  exclude: string | null,
): readonly [string, Level] {
  for (let distance = 0; distance <= 5; distance++) {
    const roles = track.titles.filter(
      ([title, titleLevel]) => Math.abs(titleLevel - level) === distance && title !== exclude,
    );
    if (roles.length > 0) return random.pick(roles);
  }
  return track.titles[0] as readonly [string, Level];
}

/**
 * A member rarely rewrites their headline for a new job, but the common "Title at Company" form and
 * a headline naming the old title follow it.
 */
function newHeadline(
  headline: string,
  before: CurrentJob | null,
  title: string,
  companyName: string,
): string {
  if (!before || headline === `${before.title} at ${before.company}`) return `${title} at ${companyName}`;
  return headline.includes(before.title) ? headline.replace(before.title, title) : headline;
}

/** Companies to move to, weighted like the generator's (by the square root of their size), per country. */
class EmployerTables {
  private readonly tables = new Map<string, WeightedTable<number>>();

  constructor(private readonly companies: readonly CompanyFacts[]) {}

  pick(person: PersonFacts, track: CareerTrack, random: DatasetRandom): number {
    const key = `${track.industries ? track.id : '*'}|${person.country}`;
    let table = this.tables.get(key);
    if (!table) {
      const fits = (company: CompanyFacts) =>
        !track.industries || track.industries.includes(company.industry);
      const local = this.companies.filter(
        (company) =>
          fits(company) && company.offices.some((office) => office.country.code === person.country),
      );
      const eligible = local.length > 0 ? local : this.companies.filter(fits);
      table = weightedTable(
        (eligible.length > 0 ? eligible : this.companies).map(
          (company) => [company.index, Math.sqrt(company.sizeOnNetwork)] as const,
        ),
      );
      this.tables.set(key, table);
    }
    // One stint per person and company, as the generator keeps it.
    const past = new Set(person.stints.map((stint) => stint.companyIndex));
    for (let attempt = 0; attempt < 32; attempt++) {
      const index = random.weighted(table);
      if (!past.has(index)) return index;
    }
    for (;;) {
      const index = random.int(0, this.companies.length - 1);
      if (!past.has(index)) return index;
    }
  }
}

/**
 * Changes the person in place (a copy of the record's facts): its stints, texts and location.
 * `before` is the person as answered before the advance (their companies' names before it too).
 */
function changePerson(
  person: PersonFacts,
  before: PersonState,
  wanted: PersonChangeKind,
  at: Date,
  random: DatasetRandom,
  companies: readonly CompanyFacts[],
  employers: EmployerTables,
): PersonChange {
  const current = currentStint(person);
  // Someone with no job cannot be promoted: they find one.
  const kind = wanted === 'title' && !current ? 'job' : wanted;
  const day = startOfDay(at);

  if (kind === 'location') {
    const home = COUNTRY_BY_CODE.get(person.country);
    let country = home && random.chance(0.75) ? home : random.pick(COUNTRIES);
    let others = country.cities.filter((city) => city !== person.city);
    while (others.length === 0) {
      country = random.pick(COUNTRIES);
      others = country.cities.filter((city) => city !== person.city);
    }
    const city = random.pick(others);
    person.country = country.code;
    person.city = city;
    person.locationStr = locationLine(country, city);
  } else if (kind === 'title' && current) {
    const track = TRACK_BY_ID.get(current.trackId) as CareerTrack;
    const [title, level] = titleNear(track, Math.min(5, current.level + 1) as Level, random, current.title);
    const company = companies[current.companyIndex] as CompanyFacts;
    person.stints = person.stints.map((stint) => (stint === current ? { ...stint, title, level } : stint));
    person.occupation = `${title} at ${company.name}`;
    person.headline = newHeadline(person.headline, before.current_job, title, company.name);
  } else {
    const track = TRACK_BY_ID.get(current?.trackId ?? person.trackId) as CareerTrack;
    const level = (current ? Math.min(5, current.level + (random.chance(0.4) ? 1 : 0)) : 1) as Level;
    const [title, titleLevel] = titleNear(track, level, random, null);
    const companyIndex = employers.pick(person, track, random);
    const company = companies[companyIndex] as CompanyFacts;
    const office =
      company.offices.find((candidate) => candidate.country.code === person.country) ?? company.offices[0];
    const stint: Stint = {
      personIndex: person.index,
      companyIndex,
      title,
      level: titleLevel,
      trackId: track.id,
      start: day,
      end: null,
      description: null,
      location: office && random.chance(0.65) ? locationLine(office.country, office.city) : null,
      nameOnly: false,
      employmentType: 'Full-time',
    };
    person.stints = [stint, ...person.stints.map((old) => (old === current ? { ...old, end: day } : old))];
    person.occupation = `${title} at ${company.name}`;
    person.headline = newHeadline(person.headline, before.current_job, title, company.name);
  }

  person.lastUpdated = at;
  const after = personState(person, companies);
  const changed = (Object.keys(before) as (keyof PersonState)[]).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  return { index: person.index, url: person.url, kind, at: at.toISOString(), changed, before, after };
}
