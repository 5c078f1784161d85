/**
 * One shape for the person card, read from either answer that describes a person: the v2 profile
 * (`person.profile`, also for social and microblog pages) and the v3 person (`person.v3`, for code
 * host pages). Anything the answer does not carry is null or empty and the card leaves it out.
 * URLs are kept as sent; the card lets only http(s) ones through (safeHttpUrl).
 */
import type { PersonProfile, PersonV3 } from '@/lib/api/schemas';
import { canonicalHandleUrl, canonicalPersonUrl } from '@/lib/networks';
import { formatYears, joinParts, yearOf, yearOfIso } from './panel-format';

export interface PersonRole {
  title: string | null;
  company: string | null;
  companyUrl: string | null;
}

export interface PersonSchool {
  school: string | null;
  schoolUrl: string | null;
  /** "MBA, Finance". */
  degree: string | null;
  years: string | null;
}

export interface PersonLink {
  label: string;
  url: string;
}

export interface PersonSummary {
  name: string | null;
  photoUrl: string | null;
  headline: string | null;
  location: string | null;
  /** Roles without an end date. */
  currentRoles: PersonRole[];
  education: PersonSchool[];
  languages: string[];
  links: PersonLink[];
}

function present<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}

function links(candidates: readonly [string, string | null | undefined][]): PersonLink[] {
  const seen = new Set<string>();
  const result: PersonLink[] = [];
  for (const [label, url] of candidates) {
    if (!url || seen.has(url)) continue;
    seen.add(url);
    result.push({ label, url });
  }
  return result;
}

export function personSummaryFromV2(person: PersonProfile): PersonSummary {
  const languages =
    person.languages?.filter(Boolean) ??
    person.languages_and_proficiencies?.map((language) => language.name).filter(present) ??
    [];
  return {
    name: person.full_name ?? joinParts([person.first_name, person.last_name], ' '),
    photoUrl: person.profile_pic_url ?? null,
    headline: person.headline ?? person.occupation ?? null,
    location:
      person.location_str ??
      joinParts([person.city, person.state, person.country_full_name ?? person.country]),
    // An experience without an end date is one the person still holds (the spec writes null).
    currentRoles: (person.experiences ?? [])
      .filter((experience) => experience.ends_at == null && (experience.title || experience.company))
      .map((experience) => ({
        title: experience.title ?? null,
        company: experience.company ?? null,
        companyUrl: experience.company_network_profile_url ?? null,
      })),
    education: (person.education ?? [])
      .filter((school) => school.school || school.degree_name || school.field_of_study)
      .map((school) => ({
        school: school.school ?? null,
        schoolUrl: school.school_network_profile_url ?? null,
        degree: joinParts([school.degree_name, school.field_of_study]),
        years: formatYears(yearOf(school.starts_at), yearOf(school.ends_at)),
      })),
    languages,
    links: links([
      ['Network profile', person.public_identifier ? canonicalPersonUrl(person.public_identifier) : null],
      [
        'Social profile',
        person.social_profile_id ? canonicalHandleUrl('social', person.social_profile_id) : null,
      ],
      [
        'Microblog profile',
        person.microblog_profile_id ? canonicalHandleUrl('microblog', person.microblog_profile_id) : null,
      ],
      [
        'Code host profile',
        person.codehost_profile_id ? canonicalHandleUrl('codehost', person.codehost_profile_id) : null,
      ],
    ]),
  };
}

export function personSummaryFromV3(person: PersonV3): PersonSummary {
  const social = person.contactInformation?.socialLinks;
  const slug = person.slug;
  return {
    name: person.fullName ?? person.summary?.fullName ?? joinParts([person.firstName, person.lastName], ' '),
    photoUrl:
      person.profileImageUrl?.network ??
      person.summary?.profileImage ??
      person.profileImageUrl?.codehost ??
      person.profileImageUrl?.microblog ??
      null,
    headline: person.headline ?? person.jobTitle ?? person.summary?.jobTitle ?? null,
    location:
      person.location?.rawLocationString ??
      joinParts([person.location?.city, person.location?.state, person.location?.countryFullName]) ??
      person.summary?.location ??
      null,
    currentRoles: (person.experience?.work ?? [])
      .filter((work) => work.endDate == null && (work.title || work.companyName))
      .map((work) => ({ title: work.title ?? null, company: work.companyName ?? null, companyUrl: null })),
    education: (person.education ?? [])
      .filter((school) => school.school || school.degreeName || school.fieldOfStudy)
      .map((school) => ({
        school: school.school ?? null,
        schoolUrl: null,
        degree: joinParts([school.degreeName, school.fieldOfStudy]),
        years: formatYears(yearOfIso(school.startDate), yearOfIso(school.endDate)),
      })),
    languages: (person.languages ?? []).map((language) => language.name).filter(present),
    links: links([
      ['Network profile', social?.networkUrl ?? (slug?.network ? canonicalPersonUrl(slug.network) : null)],
      [
        'Code host profile',
        social?.codehostUrl ?? (slug?.codehost ? canonicalHandleUrl('codehost', slug.codehost) : null),
      ],
      [
        'Social profile',
        social?.socialUrl ?? (slug?.social ? canonicalHandleUrl('social', slug.social) : null),
      ],
      [
        'Microblog profile',
        social?.microblogUrl ?? (slug?.microblog ? canonicalHandleUrl('microblog', slug.microblog) : null),
      ],
      ['Website', social?.websiteUrl],
    ]),
  };
}
