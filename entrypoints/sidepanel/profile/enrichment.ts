/**
 * Which requests describe the profile a page is, and the params a person's choices make of them.
 * Pure: the panel's hook (useEnrichment.ts) does the asking. The requests come from the one table
 * of profile kinds (lib/profiles.ts), the freshness params from lib/freshness.ts, the options from
 * the endpoint's own fields (lib/api/fields.ts).
 */

import type { UserMessage } from '@/lib/api/errors';
import { enrichRequestOf, type ProfileEnricher, v3RequestOf } from '@/lib/profiles';
import type { Findings } from '@/lib/protocol';

export type PageProfile = NonNullable<Findings['page']>;

/** The endpoints that describe a page's own profile. */
export type EnrichEndpointId = ProfileEnricher['endpointId'];

export interface EnrichRequest<Id extends EnrichEndpointId = EnrichEndpointId> {
  endpointId: Id;
  params: Record<string, string>;
}

/**
 * The v3 view of a person asked for on request from a person, social or microblog page (a code
 * host page is v3 already); null for anything else.
 */
export function v3RequestFor(profile: PageProfile): EnrichRequest | null {
  const main = enrichRequestOf(profile);
  if (main?.endpointId !== 'person.profile') return null;
  return v3RequestOf(profile);
}

/**
 * Why this page's profile cannot be enriched, or null. A hashed member id (`/in/ACoAA…`) is still
 * the person, but the service only takes public profile URLs.
 */
export function whyNotEnrichable(profile: PageProfile): UserMessage | null {
  if (enrichRequestOf(profile)) return null;
  return {
    title: "This page's address does not name the person's public profile",
    action: "Open the person's public profile (the address with their name in it) to enrich it",
  };
}
