/**
 * Role, person, reverse email and company lookups. A lookup that finds nothing answers 200 with the
 * null envelope (LOOKUP_NULL_CONTENT), charged as the Limits table says; except role lookup, whose
 * no-match is a 404 (ROLE_LOOKUP_NO_MATCH_STATUS).
 */
import { ROLE_LOOKUP_NO_MATCH_STATUS } from '../../lib/api/assumptions';
import { companyLookupCost, emailLookupCost, personLookupCost, roleLookupCost } from '../billing';
import type { SandboxPerson } from '../data/types';
import { findFixture } from '../fixtures';
import type { RouteAnswer, RouteInput } from './context';
import { companyProfile, personProfile, timestamp } from './shape';

const NULL_LOOKUP = { url: null, profile: null, last_updated: null };

type AnyLookupInput = RouteInput<'role.lookup' | 'person.lookup' | 'email.lookup'>;

/** What a lookup that found a person answers: its URL, its profile when enriched, its age. */
function personFound(person: SandboxPerson, enrich: boolean, { freshness }: AnyLookupInput) {
  const lastUpdated = freshness.lastUpdated('person', person);
  return {
    profile: enrich ? personProfile(person, lastUpdated) : null,
    last_updated: timestamp(lastUpdated),
  };
}

export function roleLookupRoute(input: RouteInput<'role.lookup'>): RouteAnswer {
  const { params, queries } = input;
  const cost = roleLookupCost(params);
  const fixture = findFixture('role.lookup', params);
  if (fixture) return { kind: 'json', body: fixture, cost };
  const person = queries.lookupRole(params.role, params.company_name);
  if (!person) return { kind: 'error', status: ROLE_LOOKUP_NO_MATCH_STATUS };
  const found = personFound(person, params.enrich_profile === 'enrich', input);
  return { kind: 'json', body: { network_profile_url: person.url, ...found }, cost };
}

export function personLookupRoute(input: RouteInput<'person.lookup'>): RouteAnswer {
  const { params, queries } = input;
  const fixture = findFixture('person.lookup', params) as { profile?: unknown } | undefined;
  if (fixture) {
    const cost = personLookupCost(params, { found: true, profileReturned: Boolean(fixture.profile) });
    return { kind: 'json', body: fixture, cost };
  }
  // The registry requires both (PERSON_LOOKUP_REQUIRED); it is what the dataset is asked by.
  const person = queries.lookupPerson({
    companyDomain: params.company_domain!,
    firstName: params.first_name!,
    lastName: params.last_name,
    location: params.location,
    title: params.title,
    similarityChecks: params.similarity_checks === 'include',
  });
  if (!person)
    return {
      kind: 'json',
      body: NULL_LOOKUP,
      cost: personLookupCost(params, { found: false, profileReturned: false }),
    };
  const enrich = params.enrich_profile === 'enrich';
  const body = { url: person.url, ...personFound(person, enrich, input) };
  return { kind: 'json', body, cost: personLookupCost(params, { found: true, profileReturned: enrich }) };
}

/**
 * Deep lookups find any address that resolves to a person (work addresses included); superficial
 * ones only compare against the database of personal addresses, so a work address is not found.
 */
export function emailLookupRoute(input: RouteInput<'email.lookup'>): RouteAnswer {
  const { params, queries } = input;
  const fixture = findFixture('email.lookup', params) as { profile?: unknown } | undefined;
  if (fixture) {
    const cost = emailLookupCost(params, { found: true, profileReturned: Boolean(fixture.profile) });
    return { kind: 'json', body: fixture, cost };
  }
  const email = params.email.toLowerCase();
  const candidate = queries.personByEmail(email);
  const person =
    params.lookup_depth === 'superficial' && candidate?.workEmail === email ? undefined : candidate;
  if (!person)
    return {
      kind: 'json',
      body: NULL_LOOKUP,
      cost: emailLookupCost(params, { found: false, profileReturned: false }),
    };
  const enrich = params.enrich_profile === 'enrich';
  const body = { url: person.url, ...personFound(person, enrich, input) };
  return { kind: 'json', body, cost: emailLookupCost(params, { found: true, profileReturned: enrich }) };
}

export function companyLookupRoute({
  params,
  queries,
  freshness,
}: RouteInput<'company.lookup'>): RouteAnswer {
  const fixture = findFixture('company.lookup', params) as { profile?: unknown } | undefined;
  if (fixture)
    return {
      kind: 'json',
      body: fixture,
      cost: companyLookupCost({ profileReturned: Boolean(fixture.profile) }),
    };
  const company = queries.lookupCompany({
    name: params.company_name,
    domain: params.company_domain,
    location: params.company_location,
  });
  if (!company)
    return { kind: 'json', body: NULL_LOOKUP, cost: companyLookupCost({ profileReturned: false }) };
  const enrich = params.enrich_profile === 'enrich';
  const lastUpdated = freshness.lastUpdated('company', company);
  const body = {
    url: company.url,
    profile: enrich ? companyProfile(company, lastUpdated) : null,
    last_updated: timestamp(lastUpdated),
  };
  return { kind: 'json', body, cost: companyLookupCost({ profileReturned: enrich }) };
}
