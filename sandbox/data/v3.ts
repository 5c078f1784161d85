/**
 * The version 3 person profile, built on first access from the person's facts and their v2
 * profile (so the two versions never disagree). Every section of the spec's v3 shape is present,
 * including those that appear only when a flag asks for them (`slug`, `contactInformation.socialLinks`,
 * `contactInformation.phoneNumbers`, `contactInformation.emails.personal` / `.work`, `careerInsight`,
 * `developerProfile`): the v3 route removes what the request did not ask for.
 *
 * `developerProfile` is null for people without a code-host account, `careerInsight.estimatedSalary`
 * null for people without a current job.
 */
import { canonicalHandleUrl } from '../../lib/networks';
import { addDays, DAY_MS, isoDay, yearsBetween } from './dates';
import { asciiWords } from './names';
import { estimatedSalary, groupId, groupUrl, seniorityOf, trackOf } from './profiles';
import { STREAM } from './random';
import type { CompanyRecord, DatasetContext, PersonRecord, SchoolRecord } from './records';
import { COUNTRY_BY_CODE } from './vocabulary';

type V2Date = { day: number | null; month: number | null; year: number | null } | null;
type V2Item = Record<string, unknown>;

/** v2's `{day, month, year}` as v3's ISO date string. */
function isoOf(date: unknown): string | null {
  const value = date as V2Date;
  if (!value?.year) return null;
  return `${value.year}-${String(value.month ?? 1).padStart(2, '0')}-${String(value.day ?? 1).padStart(2, '0')}`;
}

const PROGRAMMING_LANGUAGES = new Set([
  'JavaScript',
  'TypeScript',
  'Python',
  'Java',
  'Go',
  'Rust',
  'C++',
  'C#',
  'R',
]);

/** Mail gateway of an address: who runs its mail servers. */
function gatewayOf(email: string): string {
  const domain = email.slice(email.indexOf('@') + 1);
  if (domain === 'gmail.com') return 'Google';
  if (domain === 'outlook.com' || domain === 'hotmail.com') return 'Microsoft';
  if (domain === 'yahoo.com' || domain === 'yahoo.co.jp') return 'Yahoo';
  if (domain === 'icloud.com') return 'Apple';
  return 'Other';
}

/** Gmail ignores dots in the local part; other providers compare case-insensitively. */
function normalizedEmail(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  return domain === 'gmail.com' ? `${local.replace(/\./g, '')}@${domain}` : `${local}@${domain}`;
}

export function buildPersonV3(person: PersonRecord, context: DatasetContext): Record<string, unknown> {
  // Other lazy objects first: each reseeds the shared randomness, so they must not run mid-build.
  const profile = person.profile;
  const enrichment = person.enrichment;
  const random = context.random;
  random.reseed(STREAM.personV3, person.index);

  const country = COUNTRY_BY_CODE.get(person.country);
  const track = trackOf(person);
  const current = person.stints.filter((stint) => stint.end === null);
  const currentCompanies = current.map(
    (stint) => (context.companies[stint.companyIndex] as CompanyRecord).name,
  );
  const picture = profile.profile_pic_url as string | null;
  const background = profile.background_cover_image_url as string | null;
  const list = (key: string) => (profile[key] as V2Item[] | undefined) ?? [];

  const validatedEmail = (email: string) => ({
    email,
    normalized: normalizedEmail(email),
    validity: 'valid',
    validatedAt: addDays(person.lastUpdated, -random.int(0, 90)).toISOString(),
    gateway: person.workEmail === email ? random.pick(['Google', 'Microsoft', 'Other']) : gatewayOf(email),
  });

  const followers = {
    network: person.followerCount ?? 0,
    microblog: person.microblogHandle ? random.logInt(5, 20_000) : 0,
    social: person.socialHandle ? random.logInt(20, 2_000) : 0,
    codehost: person.codehostHandle ? random.logInt(0, 2_000) : 0,
  };
  const connections = {
    network: person.connections,
    microblog: person.microblogHandle ? random.logInt(10, 2_000) : 0,
    social: person.socialHandle ? random.logInt(20, 1_500) : 0,
    codehost: person.codehostHandle ? random.logInt(0, 300) : 0,
  };
  const followersTotal = followers.network + followers.microblog + followers.social + followers.codehost;

  const experienceYears = person.stints.reduce(
    (sum, stint) => sum + yearsBetween(stint.start, stint.end ?? context.now),
    0,
  );
  const currentTenure = current[0] ? yearsBetween(current[0].start, context.now) : 0;
  const first = asciiWords(person.firstName)[0];
  const last = asciiWords(person.lastName).join('');
  const codeLanguages = person.skills.filter((skill) => PROGRAMMING_LANGUAGES.has(skill));

  const v3 = {
    summary: {
      fullName: person.fullName,
      profileImage: picture,
      jobTitle: current[0]?.title ?? null,
      currentCompanies,
      location: person.locationStr,
    },
    slug: {
      network: person.publicIdentifier,
      codehost: person.codehostHandle,
      social: person.socialHandle,
      microblog: person.microblogHandle,
    },
    profileImageUrl: {
      network: picture,
      microblog: person.microblogHandle ? context.asset(`avatars/microblog/${person.index}.jpg`) : null,
      codehost: person.codehostHandle ? context.asset(`avatars/codehost/${person.index}.png`) : null,
    },
    backgroundImageUrl: {
      network: background,
      microblog:
        person.microblogHandle && random.chance(0.5)
          ? context.asset(`covers/microblog/${person.index}.jpg`)
          : null,
      codehost: null,
    },
    firstName: person.firstName,
    lastName: person.lastName,
    fullName: person.fullName,
    middleName: random.chance(0.08)
      ? random.fakerFor(country?.locale ?? 'en').person.middleName(person.gender)
      : null,
    nickname: null,
    suffix: random.chance(0.02) ? random.pick(['Jr.', 'PhD', 'MBA']) : null,
    headline: person.headline,
    jobTitle: current[0]?.title ?? null,
    about: person.summary,
    // The spec types `value` as a number and says no more; we record the ordinal of the headline
    // version that took effect on `date` (a new headline with each new role).
    headlineTimeseries: [...person.stints]
      .reverse()
      .slice(-4)
      .map((stint, i) => ({ date: isoDay(stint.start), value: i + 1 })),
    location: {
      country: person.country,
      countryIso3: country?.iso3 ?? null,
      countryFullName: country?.fullName ?? null,
      city: person.city.name,
      state: person.city.stateCode,
      stateFullName: person.city.stateName,
      rawLocationString: person.locationStr,
      coordinates: {
        latitude: Math.round((person.city.latitude + (random.next() - 0.5) * 0.1) * 1e4) / 1e4,
        longitude: Math.round((person.city.longitude + (random.next() - 0.5) * 0.1) * 1e4) / 1e4,
      },
    },
    experience: {
      work: person.stints.map((stint) => {
        const company = context.companies[stint.companyIndex] as CompanyRecord;
        const onNetwork = {
          slug: company.slug,
          companyId: Number(company.networkId),
          logoUrl: company.logoUrl,
          website: company.website,
          industries: company.industries,
        };
        return {
          startDate: isoDay(stint.start),
          endDate: stint.end ? isoDay(stint.end) : null,
          companyName: company.name,
          companyInfo: {
            network: stint.nameOnly ? null : onNetwork,
            social: null,
            // Business-data ids exist for about two companies in five (a fixed subset).
            bizdata: company.index % 5 < 2 ? { ...onNetwork, companyId: 900_000 + company.index } : null,
            microblog: null,
          },
          title: stint.title,
          description: stint.description,
          location: stint.location,
          seniority: [seniorityOf(stint)],
          isDecisionMaker: stint.level >= 3,
          employmentType: [stint.employmentType],
          jobFunction: [trackOf(stint).jobFunction],
        };
      }),
      volunteer: list('volunteer_work').map((item) => ({
        startDate: isoOf(item.starts_at),
        endDate: isoOf(item.ends_at),
        title: item.title,
        cause: item.cause,
        organization: item.company,
        organizationId: { networkId: null, bizdataId: null, socialId: null, microblogId: null },
        description: item.description,
        logoUrl: item.logo_url,
      })),
    },
    education: person.studies.map((study) => {
      const school = context.schools[study.schoolIndex] as SchoolRecord;
      return {
        startDate: isoDay(study.start),
        endDate: study.end ? isoDay(study.end) : null,
        fieldOfStudy: study.fieldOfStudy,
        degreeName: study.degree,
        school: school.name,
        schoolId: { networkId: Number(school.networkId), bizdataId: null, socialId: null, microblogId: null },
        description: null,
        logoUrl: school.logoUrl,
        grade: study.grade,
        activities: study.activities,
      };
    }),
    certifications: list('certifications').map((item) => ({
      startDate: isoOf(item.starts_at),
      endDate: isoOf(item.ends_at),
      name: item.name,
      licenseNumber: item.license_number,
      displaySource: item.display_source,
      authority: item.authority,
      url: item.url,
      organizationId: null,
      organizationUrl: null,
    })),
    accomplishments: {
      organizations: list('accomplishment_organisations').map((item) => ({
        startDate: isoOf(item.starts_at),
        endDate: isoOf(item.ends_at),
        name: item.org_name,
        position: item.title,
        description: item.description,
      })),
      honorsAwards: list('accomplishment_honors_awards').map((item) => ({
        title: item.title,
        issuer: item.issuer,
        issuedDate: isoOf(item.issued_on),
        description: item.description,
      })),
      courses: list('accomplishment_courses').map((item) => ({ name: item.name, number: item.number })),
      projects: list('accomplishment_projects').map((item) => ({
        startDate: isoOf(item.starts_at),
        endDate: isoOf(item.ends_at),
        title: item.title,
        description: item.description,
        url: item.url,
      })),
      testScores: list('accomplishment_test_scores').map((item) => ({
        name: item.name,
        score: item.score,
        date: isoOf(item.date_on),
        description: item.description,
      })),
    },
    publications: list('accomplishment_publications').map((item) => ({
      title: item.name,
      publisher: item.publisher,
      publishedDate: isoOf(item.published_on),
      description: item.description,
      url: item.url,
    })),
    patents: list('accomplishment_patents').map((item) => ({
      title: item.title,
      issuer: item.issuer,
      issuedDate: isoOf(item.issued_on),
      description: item.description,
      applicationNumber: item.application_number,
      patentNumber: item.patent_number,
      url: item.url,
    })),
    contactInformation: {
      emails: {
        personal: person.personalEmails.map(validatedEmail),
        work: person.workEmail ? [validatedEmail(person.workEmail)] : [],
      },
      phoneNumbers: enrichment.personal_numbers,
      socialLinks: {
        networkUrl: person.url,
        codehostUrl: person.codehostHandle ? canonicalHandleUrl('codehost', person.codehostHandle) : null,
        socialUrl: person.socialHandle ? canonicalHandleUrl('social', person.socialHandle) : null,
        microblogUrl: person.microblogHandle ? canonicalHandleUrl('microblog', person.microblogHandle) : null,
        websiteUrl: first && last && random.chance(0.1) ? `https://${first}${last}.com` : null,
      },
    },
    languages: person.languages,
    interests: person.interests,
    inferredGender: person.gender,
    industries: [person.industry],
    socialPresence: {
      followers: { total: followersTotal, ...followers },
      // Monthly, oldest first, ending with today's total.
      followersCountTimeseries: Array.from({ length: 6 }, (_, i) => ({
        date: isoDay(addDays(context.now, -(5 - i) * 30)),
        value: Math.round(followersTotal * (1 - (5 - i) * 0.02 * random.next())),
      })),
      connections: {
        total: connections.network + connections.microblog + connections.social + connections.codehost,
        ...connections,
      },
    },
    relatedProfiles: list('people_also_viewed').map((item) => ({
      url: item.link,
      name: item.name,
      headline: item.summary,
      location: item.location,
    })),
    similarNames: list('similarly_named_profiles').map((item) => ({
      url: item.link,
      name: item.name,
      headline: item.summary,
      location: item.location,
    })),
    recommendations: profile.recommendations,
    activities: list('activities').map((item) => ({ title: item.title, url: item.link })),
    articles: list('articles').map((item) => ({
      title: item.title,
      url: item.link,
      publishedDate: isoOf(item.published_date),
      author: item.author,
      imageUrl: item.image_url,
    })),
    groups: person.groups.map((name) => ({
      id: groupId(name),
      name,
      link: groupUrl(name),
      type: 'Network Group',
    })),
    developerProfile: person.codehostHandle
      ? {
          codehost: {
            username: person.codehostHandle,
            avatarUrl: context.asset(`avatars/codehost/${person.index}.png`),
            followersCount: followers.codehost,
            followingCount: connections.codehost,
            publicReposCount: random.logInt(1, 300),
            publicGistsCount: random.int(0, 40),
            languages:
              codeLanguages.length > 0
                ? codeLanguages
                : random.pickSome(['JavaScript', 'Python', 'Shell', 'Go'], 2),
            contributionsCount: random.logInt(10, 5_000),
          },
        }
      : null,
    careerInsight: {
      estimatedSalary: estimatedSalary(person),
      seniority: {
        totalExperienceYears: Math.round(experienceYears * 10) / 10,
        currentTenureYears: Math.round(currentTenure * 10) / 10,
        averageTenureYears:
          person.stints.length > 0 ? Math.round((experienceYears / person.stints.length) * 10) / 10 : 0,
        isInfluencer: (person.followerCount ?? 0) >= 50_000,
      },
      inferredSkills: [...person.skills, ...random.pickSome(track.skills, 2)].filter(
        (s, i, all) => all.indexOf(s) === i,
      ),
    },
    meta: {
      updatedAt: person.lastUpdated.toISOString(),
      activityAt: new Date(person.lastUpdated.getTime() - random.int(0, 60) * DAY_MS).toISOString(),
    },
  };
  return v3;
}
