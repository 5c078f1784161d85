/**
 * Which request enriches the profile a page is, and how its answer reads as a card. Pure: the
 * panel's hook (useEnrichment.ts) does the asking.
 */

import type { ProfileAnswer } from '@/components/panel/ProfileCards';
import { personSummaryFromV2, personSummaryFromV3 } from '@/components/panel/person-summary';
import { endpoints } from '@/lib/api/endpoints';
import { ApiError, type UserMessage } from '@/lib/api/errors';
import type { Findings } from '@/lib/messages';
import { HASHED_PERSON_ID } from '@/lib/networks';

export type PageProfile = NonNullable<Findings['page']>;

/** The endpoints that enrich a page's own profile. */
export type EnrichEndpointId =
  | 'person.profile'
  | 'company.profile'
  | 'school.profile'
  | 'job.profile'
  | 'person.v3';

export interface EnrichRequest {
  endpointId: EnrichEndpointId;
  params: Record<string, string>;
}

/**
 * The request for a page's profile. Social and microblog pages are people, looked up by that
 * profile's URL; a code host profile is only accepted by the v3 person endpoint.
 */
export function enrichRequestFor(profile: PageProfile): EnrichRequest {
  switch (profile.kind) {
    case 'person':
      return { endpointId: 'person.profile', params: { profile_url: profile.url } };
    case 'company':
      return { endpointId: 'company.profile', params: { url: profile.url } };
    case 'school':
      return { endpointId: 'school.profile', params: { url: profile.url } };
    case 'job':
      return { endpointId: 'job.profile', params: { url: profile.url } };
    case 'social':
      return { endpointId: 'person.profile', params: { social_profile_url: profile.url } };
    case 'microblog':
      return { endpointId: 'person.profile', params: { microblog_profile_url: profile.url } };
    case 'codehost':
      return { endpointId: 'person.v3', params: { profile: profile.url } };
  }
}

/**
 * Why this page's profile cannot be enriched, or null. A hashed member id (`/in/ACoAA…`) is still
 * the person, but the service only takes public profile URLs.
 */
export function whyNotEnrichable(profile: PageProfile): UserMessage | null {
  if (profile.kind === 'person' && HASHED_PERSON_ID.test(profile.id)) {
    return {
      title: "This page's address does not name the person's public profile",
      action: "Open the person's public profile (the address with their name in it) to enrich it",
    };
  }
  return null;
}

/**
 * The answer as a card, or the error saying which field did not match. The background has
 * validated it already; reading it again here types it and survives a message from an older
 * version of the extension.
 */
export function readAnswer(endpointId: EnrichEndpointId, data: unknown): ProfileAnswer | ApiError {
  switch (endpointId) {
    case 'person.profile': {
      const parsed = endpoints[endpointId].response.safeParse(data);
      if (!parsed.success) return ApiError.fromSchemaError(parsed.error, endpointId);
      return { kind: 'person', person: personSummaryFromV2(parsed.data) };
    }
    case 'person.v3': {
      const parsed = endpoints[endpointId].response.safeParse(data);
      if (!parsed.success) return ApiError.fromSchemaError(parsed.error, endpointId);
      return { kind: 'person', person: personSummaryFromV3(parsed.data) };
    }
    case 'company.profile':
    case 'school.profile': {
      const parsed = endpoints[endpointId].response.safeParse(data);
      if (!parsed.success) return ApiError.fromSchemaError(parsed.error, endpointId);
      return { kind: endpointId === 'school.profile' ? 'school' : 'company', company: parsed.data };
    }
    case 'job.profile': {
      const parsed = endpoints[endpointId].response.safeParse(data);
      if (!parsed.success) return ApiError.fromSchemaError(parsed.error, endpointId);
      return { kind: 'job', job: parsed.data };
    }
  }
}
