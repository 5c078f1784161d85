/** Version 3: the person profile and the company logo search. */
import type { V3_PERSON_INCLUDE_FLAGS } from '../../lib/api/assumptions';
import { canonicalPersonUrl } from '../../lib/networks';
import { parseProfileUrl } from '../../lib/profile-urls';
import { COMPANY_LOGO_COST, PERSON_V3_COST } from '../billing';
import type { SandboxCompany, SandboxPerson, SandboxQueries } from '../data/types';
import { NOT_FOUND, type RouteAnswer, type RouteInput } from './context';
import { timestamp } from './shape';

const HANDLE_NETWORKS = ['social', 'microblog', 'codehost'] as const;

/** A bare username (no host, no path): tried as a public identifier, then as each network's handle. */
const USERNAME = /^[\p{L}\p{N}._-]+$/u;

/** The person `profile` names: a profile URL on any network, `@handle` (microblog), or a username. */
function personOfProfile(queries: SandboxQueries, profile: string): SandboxPerson | undefined {
  const ref = parseProfileUrl(profile);
  if (ref?.kind === 'person') return queries.personByUrl(ref.url);
  if (ref?.kind === 'social' || ref?.kind === 'microblog' || ref?.kind === 'codehost') {
    return queries.personByHandle(ref.kind, ref.id);
  }
  if (ref || !USERNAME.test(profile)) return undefined;
  return (
    queries.personByUrl(canonicalPersonUrl(profile)) ??
    HANDLE_NETWORKS.map((network) => queries.personByHandle(network, profile)).find(Boolean)
  );
}

type IncludeFlag = (typeof V3_PERSON_INCLUDE_FLAGS)[number];
type Section = Record<string, unknown>;

function section(value: unknown): Section | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Section)
    : undefined;
}

/**
 * The stored v3 profile holds every section; those behind an include flag are removed unless the
 * flag is set (the spec: `slug` and `contactInformation.socialLinks` with `socialLink`; phone
 * numbers, personal and work emails, career insight and developer profile each with their own).
 */
function withIncludedSections(
  v3: Readonly<Section>,
  included: (flag: IncludeFlag) => boolean,
  lastUpdated: Date,
): Section {
  const body: Section = { ...v3 };
  const contact: Section = { ...section(v3.contactInformation) };
  const emails: Section = { ...section(contact.emails) };
  if (!included('socialLink')) {
    delete body.slug;
    delete contact.socialLinks;
  }
  if (!included('phoneNumber')) delete contact.phoneNumbers;
  if (!included('personalEmail')) delete emails.personal;
  if (!included('workEmail')) delete emails.work;
  if (!included('careerInsight')) delete body.careerInsight;
  if (!included('developerProfile')) delete body.developerProfile;
  body.contactInformation = { ...contact, emails };
  body.meta = { ...section(v3.meta), updatedAt: timestamp(lastUpdated) };
  return body;
}

/**
 * The person one identifier names (the registry lets exactly one through): `profile` any profile
 * URL or username, `email` an address, and `codehost`, `social`, `microblog` that network's profile
 * URL or handle.
 */
function personOfIdentifier(queries: SandboxQueries, params: RouteInput<'person.v3'>['params']) {
  if (params.email !== undefined) return queries.personByEmail(params.email);
  if (params.profile !== undefined) return personOfProfile(queries, params.profile);
  for (const network of HANDLE_NETWORKS) {
    const given = params[network];
    if (given === undefined) continue;
    const ref = parseProfileUrl(given);
    if (ref) return ref.kind === network ? queries.personByHandle(network, ref.id) : undefined;
    const handle = given.replace(/^@/, '');
    return USERNAME.test(handle) ? queries.personByHandle(network, handle.toLowerCase()) : undefined;
  }
  return undefined;
}

export function personV3Route({ params, queries, freshness, now }: RouteInput<'person.v3'>): RouteAnswer {
  const person = personOfIdentifier(queries, params);
  if (!person) return NOT_FOUND;
  const fresh = freshness.serveWithinAge('person', person, params.maxAgeSeconds, now);
  if (!fresh.served) return { kind: 'error', status: 409, cachedProfileAgeSeconds: fresh.cachedAgeSeconds };
  const body = withIncludedSections(person.v3, (flag) => params[flag] === 'include', fresh.lastUpdated);
  return { kind: 'json', body, cost: PERSON_V3_COST };
}

function logoMatch(company: SandboxCompany, query: string) {
  const profile = company.profile as { name?: string; industry?: string; company_size_on_network?: number };
  const hq = company.profile.hq as { city?: string; country?: string } | null | undefined;
  return {
    companyName: profile.name ?? null,
    logoUrl: company.logoUrl,
    domain: {
      resolved: company.domain,
      // What was asked for when it was a domain; otherwise the company's own.
      original: query.includes('.') ? query.toLowerCase() : company.domain,
      alternatives: company.alternativeDomains,
    },
    industry: profile.industry ?? null,
    employeeCount: profile.company_size_on_network ?? null,
    location: hq ? [hq.city, hq.country].filter(Boolean).join(', ') : null,
    networkUrl: company.url,
  };
}

export function companyLogoRoute({ params, queries }: RouteInput<'company.logo'>): RouteAnswer {
  const body = queries.searchLogos(params.q).map((company) => logoMatch(company, params.q));
  return { kind: 'json', body, cost: COMPANY_LOGO_COST };
}
