/**
 * Role, person, reverse email and company lookups. A lookup that finds nothing answers 200 with the
 * null envelope (LOOKUP_NULL_CONTENT), charged as the Limits table says; except role lookup, whose
 * no-match is a 404 (ROLE_LOOKUP_NO_MATCH_STATUS). A published answer's match (published.ts) is
 * answered like a match in the dataset.
 */
import { ROLE_LOOKUP_NO_MATCH_STATUS } from '../../lib/api/assumptions';
import { companyLookupCost, emailLookupCost, personLookupCost, roleLookupCost } from '../billing';
import type { SandboxCompany, SandboxPerson } from '../data/types';
import type { RouteAnswer, RouteInput } from './context';
import type { FreshnessRecord } from './freshness';
import { publishedCompanyMatch, publishedPersonMatch } from './published';
import { companyProfile, personProfile, timestamp } from './shape';

const NULL_LOOKUP = { url: null, profile: null, last_updated: null };

type AnyLookupInput = RouteInput<'role.lookup' | 'person.lookup' | 'email.lookup'>;

/**
 * Whom a lookup found and the URL it answers with: a person of the dataset, or a published answer's
 * match (published.ts), whose URL is the one published.
 */
interface PersonMatch {
  url: string;
  person: Pick<SandboxPerson, 'profile'> & FreshnessRecord;
}

function datasetMatch(person: SandboxPerson | undefined): PersonMatch | undefined {
  return person && { url: person.url, person };
}

/** What a lookup that found a person answers: its profile when enriched, its age. */
function personFound({ person }: PersonMatch, enrich: boolean, { freshness }: AnyLookupInput) {
  const lastUpdated = freshness.lastUpdated('person', person);
  return {
    profile: enrich ? personProfile(person, lastUpdated) : null,
    last_updated: timestamp(lastUpdated),
  };
}

export function roleLookupRoute(input: RouteInput<'role.lookup'>): RouteAnswer {
  const { params, queries } = input;
  const cost = roleLookupCost(params);
  const match =
    publishedPersonMatch('role.lookup', params) ??
    datasetMatch(queries.lookupRole(params.role, params.company_name));
  if (!match) return { kind: 'error', status: ROLE_LOOKUP_NO_MATCH_STATUS };
  const found = personFound(match, params.enrich_profile === 'enrich', input);
  return { kind: 'json', body: { network_profile_url: match.url, ...found }, cost };
}

export function personLookupRoute(input: RouteInput<'person.lookup'>): RouteAnswer {
  const { params, queries } = input;
  const match =
    publishedPersonMatch('person.lookup', params) ??
    // The registry requires both (PERSON_LOOKUP_REQUIRED); it is what the dataset is asked by.
    datasetMatch(
      queries.lookupPerson({
        companyDomain: params.company_domain!,
        firstName: params.first_name!,
        lastName: params.last_name,
        location: params.location,
        title: params.title,
        similarityChecks: params.similarity_checks === 'include',
      }),
    );
  if (!match)
    return {
      kind: 'json',
      body: NULL_LOOKUP,
      cost: personLookupCost(params, { found: false, profileReturned: false }),
    };
  const enrich = params.enrich_profile === 'enrich';
  const body = { url: match.url, ...personFound(match, enrich, input) };
  return { kind: 'json', body, cost: personLookupCost(params, { found: true, profileReturned: enrich }) };
}

/**
 * Deep lookups find any address that resolves to a person (work addresses included); superficial
 * ones only compare against the database of personal addresses, so a work address is not found.
 */
export function emailLookupRoute(input: RouteInput<'email.lookup'>): RouteAnswer {
  const { params, queries } = input;
  const email = params.email.toLowerCase();
  const candidate = queries.personByEmail(email);
  const match =
    publishedPersonMatch('email.lookup', params) ??
    datasetMatch(
      params.lookup_depth === 'superficial' && candidate?.workEmail === email ? undefined : candidate,
    );
  if (!match)
    return {
      kind: 'json',
      body: NULL_LOOKUP,
      cost: emailLookupCost(params, { found: false, profileReturned: false }),
    };
  const enrich = params.enrich_profile === 'enrich';
  const body = { url: match.url, ...personFound(match, enrich, input) };
  return { kind: 'json', body, cost: emailLookupCost(params, { found: true, profileReturned: enrich }) };
}

export function companyLookupRoute({
  params,
  queries,
  freshness,
}: RouteInput<'company.lookup'>): RouteAnswer {
  const dataset = queries.lookupCompany({
    name: params.company_name,
    domain: params.company_domain,
    location: params.company_location,
  });
  const match:
    | { url: string; company: Pick<SandboxCompany, 'profile' | 'blocks'> & FreshnessRecord }
    | undefined = publishedCompanyMatch(params) ?? (dataset && { url: dataset.url, company: dataset });
  if (!match) return { kind: 'json', body: NULL_LOOKUP, cost: companyLookupCost({ profileReturned: false }) };
  const enrich = params.enrich_profile === 'enrich';
  const lastUpdated = freshness.lastUpdated('company', match.company);
  const body = {
    url: match.url,
    profile: enrich ? companyProfile(match.company, lastUpdated) : null,
    last_updated: timestamp(lastUpdated),
  };
  return { kind: 'json', body, cost: companyLookupCost({ profileReturned: enrich }) };
}
