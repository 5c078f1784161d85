/**
 * Records of the dataset turned into what is sent: the stored v2 profile with its last-updated time
 * as freshness left it, plus the optional data that was asked for.
 */
import { COMPANY_OPTIONAL_BLOCKS, PERSON_ENRICHMENT_FIELDS } from '../../lib/api/assumptions';
import type { SandboxCompany, SandboxPerson, SandboxSchool } from '../data/types';

export function timestamp(date: Date): string {
  return date.toISOString();
}

type Profile = Record<string, unknown>;

/** The profile with `meta.last_updated` set to `lastUpdated` (a refresh moves it). */
function withLastUpdated(profile: Readonly<Profile>, lastUpdated: Date): Profile {
  const meta = profile.meta !== null && typeof profile.meta === 'object' ? profile.meta : {};
  return { ...profile, meta: { ...meta, last_updated: timestamp(lastUpdated) } };
}

/** A person as lookups, listings and searches embed it: the v2 profile, no optional data. */
export function personProfile(person: Pick<SandboxPerson, 'profile'>, lastUpdated: Date): Profile {
  return withLastUpdated(person.profile, lastUpdated);
}

type PersonEnrichmentParam = keyof typeof PERSON_ENRICHMENT_FIELDS;

/**
 * The Person Profile endpoint's answer: the profile plus each optional datum asked for, under its
 * response field (PERSON_ENRICHMENT_FIELDS), as stored: null or empty when the sandbox has none.
 */
export function personProfileWithEnrichment(
  person: Pick<SandboxPerson, 'profile' | 'enrichment'>,
  lastUpdated: Date,
  params: Readonly<Partial<Record<PersonEnrichmentParam, unknown>>>,
): Profile {
  const body = personProfile(person, lastUpdated);
  for (const [param, field] of Object.entries(PERSON_ENRICHMENT_FIELDS) as [
    PersonEnrichmentParam,
    string,
  ][]) {
    if (params[param] === 'include')
      body[field] = person.enrichment[field as keyof SandboxPerson['enrichment']];
  }
  return body;
}

type CompanyBlock = (typeof COMPANY_OPTIONAL_BLOCKS)[number];

/**
 * A company: the stored profile with the five optional blocks, each holding its data when asked for
 * and null otherwise (the published resolved company shows them null when not requested).
 */
export function companyProfile(
  company: Pick<SandboxCompany, 'profile' | 'blocks'>,
  lastUpdated: Date,
  params: Readonly<Partial<Record<CompanyBlock, unknown>>> = {},
): Profile {
  const body = withLastUpdated(company.profile, lastUpdated);
  for (const block of COMPANY_OPTIONAL_BLOCKS) {
    body[block] = params[block] === 'include' ? (company.blocks[block] ?? null) : null;
  }
  return body;
}

export function schoolProfile(school: Pick<SandboxSchool, 'profile'>, lastUpdated: Date): Profile {
  return withLastUpdated(school.profile, lastUpdated);
}
