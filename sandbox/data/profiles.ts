/**
 * The response objects of the v2 endpoints, built from a record's facts on first access (see
 * ./records.ts): person profile, person enrichment, company profile and blocks, school profile,
 * job profile and job list entry. Shapes follow docs/service.md and the published examples
 * in test/fixtures/real/ (key order included, so the sandbox's answers read like the real ones).
 *
 * Each builder that draws random details starts by reseeding its own stream with the record's
 * index, and reads only facts of other records (never their lazy objects), so its result does not
 * depend on what was built before.
 */
import { canonicalHandleUrl, canonicalPersonUrl, encodePathSegment } from '../../lib/networks';
import { addDays, DAY_MS, isoDay, specDate } from './dates';
import { asciiSlug } from './names';
import { STREAM } from './random';
import type {
  CompanyRecord,
  DatasetContext,
  JobRecord,
  Location,
  Office,
  PersonRecord,
  SchoolRecord,
  Stint,
} from './records';
import type { SandboxCompany, SandboxPerson } from './types';
import {
  CAREER_TRACKS,
  type CareerTrack,
  COUNTRY_BY_CODE,
  type Country,
  categoryOf,
  type Level,
  SALARY_INDEX,
  SCHOOL_COMPANY_TYPE,
  SCHOOL_SPECIALITIES,
  SENIORITY_LABELS,
  VOLUNTEER_CAUSES,
} from './vocabulary';

/** The main network's origin as lib/networks.ts writes it (for posts, groups and articles, which it has no builder for). */
const NETWORK_ORIGIN = new URL(canonicalPersonUrl('x')).origin;

const TRACK_BY_ID = new Map(CAREER_TRACKS.map((track) => [track.id, track]));

export function trackOf(person: { trackId: string }): CareerTrack {
  return TRACK_BY_ID.get(person.trackId) as CareerTrack;
}

/** A random day between two dates. */
function dayBetween(context: DatasetContext, from: Date, to: Date): Date {
  const span = Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));
  return addDays(from, context.random.int(0, span));
}

// ---------------------------------------------------------------------------------------------
// Person

export function buildPersonProfile(person: PersonRecord, context: DatasetContext): Record<string, unknown> {
  const random = context.random;
  random.reseed(STREAM.personDetails, person.index);
  const country = COUNTRY_BY_CODE.get(person.country);
  const track = trackOf(person);
  const rich = !person.thin;
  const careerStart =
    person.stints[person.stints.length - 1]?.start ?? person.studies[0]?.start ?? context.now;

  const experiences = person.stints.map((stint) => {
    const company = context.companies[stint.companyIndex] as CompanyRecord;
    return {
      starts_at: specDate(stint.start),
      ends_at: specDate(stint.end),
      company: company.name,
      company_network_profile_url: stint.nameOnly ? null : company.url,
      company_social_profile_url: null,
      title: stint.title,
      description: stint.description,
      location: stint.location,
      logo_url: stint.nameOnly ? null : company.logoUrl,
    };
  });
  const education = person.studies.map((study) => {
    const school = context.schools[study.schoolIndex] as SchoolRecord;
    return {
      starts_at: specDate(study.start),
      ends_at: specDate(study.end),
      field_of_study: study.fieldOfStudy,
      degree_name: study.degree,
      school: school.name,
      school_network_profile_url: school.url,
      school_social_profile_url: null,
      description: null,
      logo_url: school.logoUrl,
      grade: study.grade,
      activities_and_societies: study.activities,
    };
  });

  const projects = rich && random.chance(0.25) ? personProjects(person, context, careerStart) : [];
  const certifications =
    rich && track.certifications.length > 0 && random.chance(0.4)
      ? random.pickSome(track.certifications, random.int(1, 2)).map(([name, authority]) => ({
          starts_at: specDate(dayBetween(context, careerStart, context.now)),
          ends_at: null,
          name,
          license_number: random.chance(0.3) ? random.hex(10).toUpperCase() : null,
          display_source: null,
          authority,
          url: null,
        }))
      : [];
  const honors =
    rich && random.chance(0.08)
      ? [
          {
            title: random.pick([
              "Dean's List",
              'Employee of the Year',
              'Hackathon Winner',
              'Top Performer Award',
            ]),
            issuer: experiences[0]?.company ?? education[0]?.school ?? null,
            issued_on: specDate(dayBetween(context, careerStart, context.now)),
            description: null,
          },
        ]
      : [];
  const courses =
    rich && random.chance(0.1)
      ? random.pickSome(track.skills, random.int(1, 3)).map((skill) => ({
          name: `Introduction to ${skill}`,
          number: `${asciiSlug(track.jobFunction).slice(0, 3).toUpperCase()}${random.int(100, 499)}`,
        }))
      : [];
  const organisations =
    rich && person.groups.length > 0 && random.chance(0.05)
      ? [
          {
            starts_at: specDate(dayBetween(context, careerStart, context.now)),
            ends_at: null,
            org_name: person.groups[0],
            title: random.pick(['Member', 'Chapter Lead', 'Organiser']),
            description: null,
          },
        ]
      : [];
  const publications =
    rich && (track.id === 'education' || track.id === 'data' ? random.chance(0.3) : random.chance(0.02))
      ? [
          {
            name: `${random.pick(['Towards', 'On', 'Rethinking', 'Scaling'])} ${random.pick(track.focus)}`,
            publisher: random.pick([
              'Journal of Applied Research',
              'Proceedings of the Annual Conference',
              'Industry Review',
            ]),
            published_on: specDate(dayBetween(context, careerStart, context.now)),
            description: null,
            url: null,
          },
        ]
      : [];
  const patents =
    rich && track.id === 'engineering' && random.chance(0.02)
      ? [
          {
            title: `System and method for ${random.pick(track.focus)}`,
            issuer: 'United States Patent and Trademark Office',
            issued_on: specDate(dayBetween(context, careerStart, context.now)),
            description: null,
            application_number: `US${random.digits(8)}`,
            patent_number: `US${random.digits(8)}B2`,
            url: null,
          },
        ]
      : [];
  const testScores =
    rich && random.chance(0.03)
      ? [
          {
            name: random.pick(['IELTS', 'TOEFL', 'GRE', 'GMAT']),
            score: String(random.int(7, 9)),
            date_on: specDate(dayBetween(context, careerStart, context.now)),
            description: null,
          },
        ]
      : [];
  const volunteerWork =
    rich && random.chance(0.15)
      ? [
          {
            starts_at: specDate(dayBetween(context, careerStart, context.now)),
            ends_at: null,
            title: random.pick(['Volunteer', 'Mentor', 'Board Member', 'Coordinator']),
            cause: random.pick(VOLUNTEER_CAUSES),
            company: `${random.faker.person.lastName()} ${random.pick(['Foundation', 'Trust', 'Community Project'])}`,
            company_network_profile_url: null,
            description: null,
            logo_url: null,
          },
        ]
      : [];
  const articles =
    rich && random.chance(0.03)
      ? [
          {
            title: `What I learned about ${random.pick(track.focus)}`,
            link: `${NETWORK_ORIGIN}/pulse/${asciiSlug(random.pick(track.focus))}-${encodePathSegment(person.publicIdentifier)}`,
            published_date: specDate(dayBetween(context, careerStart, context.now)),
            author: person.fullName,
            image_url: null,
          },
        ]
      : [];

  return {
    public_identifier: person.publicIdentifier,
    profile_pic_url: person.hasPicture ? context.asset(`avatars/person/${person.index}.jpg`) : null,
    background_cover_image_url:
      rich && random.chance(0.5) ? context.asset(`covers/person/${person.index}.jpg`) : null,
    first_name: person.firstName,
    last_name: person.lastName,
    full_name: person.fullName,
    follower_count: person.followerCount,
    occupation: person.occupation,
    headline: person.headline,
    summary: person.summary,
    location_str: person.locationStr,
    country: person.country,
    country_full_name: country?.fullName ?? null,
    city: person.city.name,
    state: person.city.stateName,
    experiences,
    education,
    languages: person.languages.map((language) => language.name),
    languages_and_proficiencies: person.languages,
    accomplishment_organisations: organisations,
    accomplishment_publications: publications,
    accomplishment_honors_awards: honors,
    accomplishment_patents: patents,
    accomplishment_courses: courses,
    accomplishment_projects: projects,
    accomplishment_test_scores: testScores,
    volunteer_work: volunteerWork,
    certifications,
    connections: person.connections,
    people_also_viewed: rich ? peopleAlsoViewed(person, context) : [],
    recommendations: rich && random.chance(0.2) ? recommendations(person, context, track) : [],
    activities: rich ? activities(person, context, track) : [],
    similarly_named_profiles: rich ? similarlyNamed(person, context) : [],
    articles,
    groups: person.groups.map((name) => ({
      profile_pic_url: context.asset(`logos/group/${asciiSlug(name)}.png`),
      name,
      url: groupUrl(name),
    })),
    meta: { thin_profile: person.thin, last_updated: person.lastUpdated.toISOString() },
  };
}

/** The group's page on the main network. */
export function groupUrl(name: string): string {
  return `${NETWORK_ORIGIN}/groups/${groupId(name)}`;
}

/** A stable numeric id for a group name (the same group has the same id on every profile). */
export function groupId(name: string): number {
  let hash = 2166136261;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 16777619);
  return 1_000_000 + ((hash >>> 0) % 8_999_999);
}

function personProjects(person: PersonRecord, context: DatasetContext, careerStart: Date) {
  const random = context.random;
  const track = trackOf(person);
  return Array.from({ length: random.int(1, 2) }, () => {
    const title = random.faker.commerce.productName();
    const started = dayBetween(context, careerStart, context.now);
    return {
      starts_at: specDate(started),
      ends_at: random.chance(0.5) ? null : specDate(dayBetween(context, started, context.now)),
      title,
      description: `A ${random.faker.hacker.adjective()} ${random.faker.hacker.noun()} tool built with ${random.pick(track.skills)}.`,
      url: person.codehostHandle
        ? `${canonicalHandleUrl('codehost', person.codehostHandle)}/${asciiSlug(title)}`
        : null,
    };
  });
}

function relatedEntry(other: PersonRecord) {
  return { link: other.url, name: other.fullName, summary: other.headline, location: other.locationStr };
}

function peopleAlsoViewed(person: PersonRecord, context: DatasetContext) {
  const random = context.random;
  const current = person.stints.find((stint) => stint.end === null && !stint.nameOnly);
  const colleagues = current
    ? context.staffOf(current.companyIndex).filter((index) => index !== person.index)
    : [];
  const chosen = new Set(random.pickSome(colleagues, 3));
  const wanted = random.int(2, 5);
  for (let attempt = 0; chosen.size < wanted && attempt < 10; attempt++) {
    const index = random.int(0, context.people.length - 1);
    if (index !== person.index) chosen.add(index);
  }
  return [...chosen].map((index) => relatedEntry(context.people[index] as PersonRecord));
}

function similarlyNamed(person: PersonRecord, context: DatasetContext) {
  const namesakes = context.namesakesOf(person).filter((index) => index !== person.index);
  return context.random.pickSome(namesakes, 4).map((index) => {
    const other = context.people[index] as PersonRecord;
    return {
      name: other.fullName,
      link: other.url,
      summary: other.summary === null ? null : other.headline,
      location: other.locationStr,
    };
  });
}

function activities(person: PersonRecord, context: DatasetContext, track: CareerTrack) {
  const random = context.random;
  const company = person.stints[0]
    ? (context.companies[person.stints[0].companyIndex] as CompanyRecord)
    : null;
  const templates = [
    `Excited to share that our team just shipped a big step towards ${random.pick(track.focus)}.`,
    `Three things I learned this year about ${random.pick(track.focus)}…`,
    company
      ? `We are hiring at ${company.name}! Reach out if ${random.pick(track.focus)} sounds like your thing.`
      : null,
    `Great panel today on ${random.pick(track.focus)}. Thanks to everyone who joined!`,
  ].filter((title): title is string => title !== null);
  return random.pickSome(templates, random.int(0, 3)).map((title) => {
    const words = asciiSlug(title).split('-').slice(0, 5).join('-');
    return {
      title,
      link: `${NETWORK_ORIGIN}/posts/${encodePathSegment(person.publicIdentifier)}_${words}-activity-${random.digits(19)}-${random.hex(4)}`,
      activity_status: random.chance(0.7) ? `Shared by ${person.fullName}` : `Liked by ${person.fullName}`,
    };
  });
}

function recommendations(person: PersonRecord, context: DatasetContext, track: CareerTrack): string[] {
  const random = context.random;
  return Array.from({ length: random.int(1, 2) }, () => {
    const author = context.people[random.int(0, context.people.length - 1)] as PersonRecord;
    const praise = random.pick([
      `${person.firstName} is one of the most thoughtful people I have worked with.`,
      `Working with ${person.firstName} was a pleasure: clear, kind and relentlessly focused on ${random.pick(track.focus)}.`,
      `I recommend ${person.firstName} without hesitation.`,
    ]);
    return `${author.fullName}\n\n${praise}`;
  });
}

/**
 * The salary estimate for a person's current role: by seniority, track and country. Deterministic
 * (no randomness), so v2's `inferred_salary` and v3's `estimatedSalary` agree. Null without a job.
 */
export function estimatedSalary(person: PersonRecord): { min: number; max: number } | null {
  const current = person.stints.find((stint) => stint.end === null);
  if (!current) return null;
  const byLevel: Readonly<Record<Level, number>> = {
    0: 42_000,
    1: 62_000,
    2: 92_000,
    3: 125_000,
    4: 170_000,
    5: 240_000,
  };
  const byTrack: Readonly<Record<string, number>> = {
    engineering: 1.15,
    data: 1.1,
    product: 1.1,
    legal: 1.1,
    founders: 1.2,
  };
  const median =
    byLevel[current.level] * (byTrack[current.trackId] ?? 0.9) * (SALARY_INDEX[person.country] ?? 0.6);
  return { min: Math.round((median * 0.85) / 1000) * 1000, max: Math.round((median * 1.2) / 1000) * 1000 };
}

/**
 * The optional enrichment fields: each present for a deterministic subset of people only, so both
 * "charged, data available" and "not charged, no data" happen.
 */
export function buildPersonEnrichment(
  person: PersonRecord,
  context: DatasetContext,
): SandboxPerson['enrichment'] {
  const random = context.random;
  random.reseed(STREAM.personEnrichment, person.index);
  const country = COUNTRY_BY_CODE.get(person.country);
  const hasExtra = random.chance(0.6);
  const phoneCount = random.chance(0.25) ? (random.chance(0.2) ? 2 : 1) : 0;
  const showsPersonalEmails = random.chance(0.7);
  const hasSalary = random.chance(0.55);
  const hasSkills = random.chance(0.45);
  return {
    extra: hasExtra
      ? {
          gender: person.gender,
          birth_date: specDate(person.birthDate),
          industry: person.industry,
          interests: person.interests,
        }
      : null,
    codehost_profile_id: person.codehostHandle,
    social_profile_id: person.socialHandle,
    microblog_profile_id: person.microblogHandle,
    personal_numbers: Array.from(
      { length: phoneCount },
      () => `${country?.phonePrefix ?? '+1'}${random.digits(9)}`,
    ),
    personal_emails: showsPersonalEmails ? [...person.personalEmails] : [],
    inferred_salary: hasSalary ? estimatedSalary(person) : null,
    skills: hasSkills ? [...person.skills] : [],
  };
}

/** Seniority label of a stint, as v3 and job profiles write it. */
export function seniorityOf(stint: Pick<Stint, 'level'>): string {
  return SENIORITY_LABELS[stint.level];
}

// ---------------------------------------------------------------------------------------------
// Company and school

function relatedCompany(company: CompanyRecord) {
  const { city } = company.offices[0] as Office;
  return {
    name: company.name,
    link: company.url,
    industry: company.industry,
    location: city.stateCode ? `${city.name}, ${city.stateCode}` : city.name,
  };
}

/** An office as the profiles' Location, with a street address in the country's own style. */
function locationOf(context: DatasetContext, office: Office): Location {
  const faker = context.random.fakerFor(office.country.locale);
  return {
    country: office.country.code,
    city: office.city.name,
    postal_code: context.random.chance(0.85) ? faker.location.zipCode() : null,
    line_1: faker.location.streetAddress(),
    is_hq: office.isHq,
    state: office.city.stateCode,
  };
}

function companyUpdates(
  context: DatasetContext,
  name: string,
  website: string,
  count: number,
  topics: readonly string[],
) {
  const random = context.random;
  return Array.from({ length: count }, () => {
    const topic = random.pick(topics);
    const posted = addDays(context.now, -random.int(1, 365));
    return {
      article_link: random.chance(0.3) ? `${website}/news/${asciiSlug(topic)}` : null,
      image: random.chance(0.5) ? context.asset(`updates/${asciiSlug(name)}-${isoDay(posted)}.jpg`) : null,
      posted_on: specDate(posted),
      text: random.pick([
        `We're proud to share our latest work on ${topic}.`,
        `Join us next month for a deep dive into ${topic}. #events`,
        `Meet the team behind our ${topic} work. #LifeAt${asciiSlug(name).split('-')[0]}`,
        `We are hiring! Explore open roles in ${topic}.`,
      ]),
      total_likes: random.logInt(1, 5_000),
    };
  });
}

export function buildCompanyProfile(
  company: CompanyRecord,
  context: DatasetContext,
): Record<string, unknown> {
  const random = context.random;
  random.reseed(STREAM.companyDetails, company.index);
  const peers = context.companies.filter(
    (other) => other.industry === company.industry && other.index !== company.index,
  );
  const rich = !company.thin;
  const locations = company.offices.map((office) => locationOf(context, office));
  const affiliates =
    rich && random.chance(0.3)
      ? random.pickSome(context.companies, random.int(1, 3)).filter((other) => other.index !== company.index)
      : [];
  return {
    network_internal_id: company.networkId,
    description: company.description,
    website: company.website,
    industry: company.industry,
    company_size: company.companySize,
    company_size_on_network: company.sizeOnNetwork,
    hq: locations[0],
    company_type: company.companyType,
    founded_year: company.foundedYear,
    specialities: company.specialities,
    locations,
    name: company.name,
    tagline: company.tagline,
    universal_name_id: company.slug,
    profile_pic_url: company.logoUrl,
    background_cover_image_url:
      rich && random.chance(0.6) ? context.asset(`covers/company/${company.slug}.jpg`) : null,
    search_id: company.searchId,
    similar_companies: rich ? random.pickSome(peers, random.int(3, 8)).map(relatedCompany) : [],
    affiliated_companies: affiliates.map(relatedCompany),
    updates: rich
      ? companyUpdates(context, company.name, company.website, random.int(0, 4), company.specialities)
      : [],
    follower_count: company.followerCount,
    meta: { thin_profile: company.thin, last_updated: company.lastUpdated.toISOString() },
  };
}

/**
 * The optional company blocks (contents not shown by the spec; we follow the provider's published
 * field names with the neutral network words). null: no data for this company, nothing charged.
 */
export function buildCompanyBlocks(
  company: CompanyRecord,
  context: DatasetContext,
): SandboxCompany['blocks'] {
  const random = context.random;
  random.reseed(STREAM.companyBlocks, company.index);
  const others = context.companies.filter((other) => other.index !== company.index);
  const isInvestor = company.industry === 'Venture Capital and Private Equity Principals';
  const exits = (isInvestor ? random.chance(0.8) : random.chance(0.03))
    ? random.pickSome(others, random.int(1, 3))
    : [];
  const acquired = random.chance(company.companySize[0] >= 1001 ? 0.4 : 0.06)
    ? random.pickSome(
        others.filter((other) => other.companySize[0] <= 200),
        random.int(1, 3),
      )
    : [];
  const isPublic = company.companyType === 'PUBLIC_COMPANY';
  const investors = new Set(company.funding.flatMap((round) => round.investors));
  const categories = random.chance(0.7)
    ? [...new Set([categoryOf(company.industry.toLowerCase()), ...company.specialities.map(categoryOf)])]
    : null;
  const hasExtra = random.chance(0.65);
  const country = COUNTRY_BY_CODE.get(company.country);
  const ipoYear = isPublic
    ? Math.max(company.foundedYear ?? 1990, context.now.getUTCFullYear() - random.int(1, 40))
    : null;
  return {
    categories,
    funding_data:
      company.funding.length > 0
        ? company.funding.map((round) => ({
            funding_type: round.type,
            money_raised: round.amountUsd,
            announced_date: specDate(round.announced),
            number_of_investor: round.investors.length,
            investor_list: round.investors.map((name) => ({
              name,
              network_profile_url: null,
              type: 'organization',
            })),
          }))
        : null,
    exit_data:
      exits.length > 0 ? exits.map((exit) => ({ network_profile_url: exit.url, name: exit.name })) : null,
    acquisitions:
      acquired.length > 0
        ? {
            acquired: acquired.map((target) => ({
              network_profile_url: target.url,
              name: target.name,
              announced_date: specDate(addDays(context.now, -random.int(30, 3_000))),
              price: random.chance(0.5) ? random.logInt(1, 500) * 1_000_000 : null,
            })),
            acquired_by: null,
          }
        : null,
    extra: hasExtra
      ? {
          ipo_status: isPublic ? 'Public' : 'Private',
          bizdata_rank: random.int(1, 500_000),
          operating_status: 'Active',
          company_type: company.companyType === 'NON_PROFIT' ? 'Non Profit' : 'For Profit',
          contact_email: `info@${company.domain}`,
          phone_number: `${country?.phonePrefix ?? '+1'}${random.digits(9)}`,
          social_id: random.chance(0.5) ? company.slug.replace(/-/g, '') : null,
          microblog_id: random.chance(0.5) ? company.slug.replace(/-/g, '').slice(0, 15) : null,
          number_of_funding_rounds: company.funding.length,
          total_funding_amount: company.totalFundingUsd,
          stock_symbol: isPublic
            ? company.slug
                .replace(/[^a-z]/g, '')
                .slice(0, 4)
                .toUpperCase()
            : null,
          ipo_date: ipoYear ? { day: random.int(1, 28), month: random.int(1, 12), year: ipoYear } : null,
          number_of_lead_investors: company.funding.length,
          number_of_investors: investors.size,
          total_fund_raised: company.totalFundingUsd,
          number_of_exits: exits.length,
          number_of_acquisitions: acquired.length,
          founding_date: company.foundedYear ? { day: null, month: null, year: company.foundedYear } : null,
        }
      : null,
  };
}

export function buildSchoolProfile(school: SchoolRecord, context: DatasetContext): Record<string, unknown> {
  const random = context.random;
  random.reseed(STREAM.schoolDetails, school.index);
  const country = COUNTRY_BY_CODE.get(school.country) as Country;
  const hq = locationOf(context, { country, city: school.city, isHq: true });
  const specialities = random.pickSome(SCHOOL_SPECIALITIES, random.int(3, 5));
  const peers = context.schools.filter(
    (other) => other.country === school.country && other.index !== school.index,
  );
  return {
    network_internal_id: school.networkId,
    description:
      `${school.name} is a place of ${specialities.slice(0, 2).join(' and ')} in ${school.city.name}, ` +
      `founded in ${school.foundedYear}. ${random.faker.company.catchPhrase()}.`,
    website: school.website,
    industry: 'Higher Education',
    company_size: school.companySize,
    company_size_on_network: school.sizeOnNetwork,
    hq,
    company_type: SCHOOL_COMPANY_TYPE,
    founded_year: school.foundedYear,
    specialities,
    locations: [hq],
    name: school.name,
    tagline: null,
    universal_name_id: school.slug,
    profile_pic_url: school.logoUrl,
    background_cover_image_url: random.chance(0.6) ? context.asset(`covers/school/${school.slug}.jpg`) : null,
    search_id: school.networkId,
    similar_companies: random.pickSome(peers, random.int(2, 5)).map((other) => ({
      name: other.name,
      link: other.url,
      industry: 'Higher Education',
      location: null,
    })),
    affiliated_companies: [],
    updates: companyUpdates(context, school.name, school.website, random.int(0, 2), specialities),
    follower_count: school.followerCount,
    meta: { thin_profile: false, last_updated: school.lastUpdated.toISOString() },
  };
}

// ---------------------------------------------------------------------------------------------
// Job

export function buildJobProfile(job: JobRecord, context: DatasetContext): Record<string, unknown> {
  const company = context.companies[job.companyIndex] as CompanyRecord;
  const country = COUNTRY_BY_CODE.get(job.country);
  return {
    network_internal_id: `${asciiSlug(job.title)}-at-${company.slug}-${job.jobId}`,
    job_description: job.description,
    apply_url: `${company.website}/careers/${job.jobId}`,
    title: job.title,
    location: {
      country: country?.name ?? job.country,
      region: job.city?.stateName ?? null,
      city: job.city?.name ?? null,
      postal_code: null,
      latitude: job.city?.latitude ?? null,
      longitude: job.city?.longitude ?? null,
      street: null,
    },
    company: { name: company.name, url: company.url, logo: company.logoUrl },
    seniority_level: job.experienceLevel === 'internship' ? 'Internship' : SENIORITY_LABELS[job.level],
    industry: [company.industry],
    employment_type: job.employmentType,
    job_functions: [trackOf(job).jobFunction],
    total_applicants: job.totalApplicants,
  };
}

/** Countries whose job locations read "City, ST" (the published examples: "New York, NY"). */
const STATE_CODE_COUNTRIES = new Set(['US', 'CA', 'AU']);

export function buildJobListEntry(job: JobRecord, context: DatasetContext): Record<string, unknown> {
  const company = context.companies[job.companyIndex] as CompanyRecord;
  const country = COUNTRY_BY_CODE.get(job.country);
  const location = job.city
    ? STATE_CODE_COUNTRIES.has(job.country) && job.city.stateCode
      ? `${job.city.name}, ${job.city.stateCode}`
      : `${job.city.name}, ${country?.name ?? job.country}`
    : (country?.name ?? job.country);
  return {
    company: company.name,
    company_url: company.url,
    job_title: job.title,
    job_url: job.url,
    list_date: isoDay(job.listDate),
    location,
  };
}
