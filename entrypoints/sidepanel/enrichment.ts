/**
 * Which request enriches the profile a page is, and how its answer reads as a card. Pure: the
 * panel's hook (useEnrichment.ts) does the asking. The request comes from the one table of
 * profile kinds (lib/profiles.ts); the answer arrives validated by the background, so it is read
 * here by its type alone, without zod.
 */
import type { ProfileAnswer } from '@/components/panel/ProfileCards';
import { personSummaryFromV2, personSummaryFromV3 } from '@/components/panel/person-summary';
import type { ResponseOf } from '@/lib/api/endpoints';
import type { UserMessage } from '@/lib/api/errors';
import { enrichRequestOf, type ProfileEnricher } from '@/lib/profiles';
import type { Findings } from '@/lib/protocol';

export type PageProfile = NonNullable<Findings['page']>;

/** The endpoints that enrich a page's own profile. */
export type EnrichEndpointId = ProfileEnricher['endpointId'];

export interface EnrichRequest {
  endpointId: EnrichEndpointId;
  params: Record<string, string>;
}

/**
 * The request for a page's profile, or null when the service would refuse its address. Social
 * and microblog pages are people, looked up by that profile's URL; a code host profile is only
 * accepted by the v3 person endpoint (`codehost`).
 */
export function enrichRequestFor(profile: PageProfile): EnrichRequest | null {
  return enrichRequestOf(profile);
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

/** The answer as a card. The background validated it against the endpoint's response schema. */
export function readAnswer(endpointId: EnrichEndpointId, data: unknown): ProfileAnswer {
  switch (endpointId) {
    case 'person.profile':
      return { kind: 'person', person: personSummaryFromV2(data as ResponseOf<'person.profile'>) };
    case 'person.v3':
      return { kind: 'person', person: personSummaryFromV3(data as ResponseOf<'person.v3'>) };
    case 'company.profile':
    case 'school.profile':
      return {
        kind: endpointId === 'school.profile' ? 'school' : 'company',
        company: data as ResponseOf<'company.profile'>,
      };
    case 'job.profile':
      return { kind: 'job', job: data as ResponseOf<'job.profile'> };
  }
}
