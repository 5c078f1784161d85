/**
 * The kinds of profile the extension recognises, in one table: what a person calls each, its
 * canonical URL (the form ./profile-urls returns and the service expects), the request that
 * enriches it (v2, and the v3 person identifier it is looked up by) and the ids the service
 * refuses. Adding a kind is one entry here, plus its URL shape in ./networks.
 *
 * Plain data with no zod and no Preact: the content script, the pages and the background all read it.
 */
import {
  canonicalCompanyUrl,
  canonicalHandleUrl,
  canonicalJobUrl,
  canonicalPersonUrl,
  canonicalSchoolUrl,
  HASHED_PERSON_ID,
} from './networks';

/** In the order the panel lists them. */
export const PROFILE_KINDS = [
  'person',
  'company',
  'school',
  'job',
  'social',
  'microblog',
  'codehost',
] as const;

export type ProfileKind = (typeof PROFILE_KINDS)[number];

/**
 * The request that enriches a profile, by its canonical URL. The names are checked against the
 * registry's parameters by a type test (test/unit/lib/api/params.types.test.ts), not imported here, so
 * the content script's imports stay clear of lib/api.
 */
export type ProfileEnricher =
  | { endpointId: 'person.profile'; param: 'profile_url' | 'social_profile_url' | 'microblog_profile_url' }
  | { endpointId: 'company.profile' | 'school.profile' | 'job.profile'; param: 'url' }
  | { endpointId: 'person.v3'; param: V3PersonIdentifier };

export type V3PersonIdentifier = 'profile' | 'codehost' | 'social' | 'microblog';

export interface ProfileKindInfo {
  kind: ProfileKind;
  /** What a person calls one, and several. */
  one: string;
  many: string;
  /** The canonical URL of an id of this kind. */
  canonicalUrl: (id: string) => string;
  /** The request that enriches it by default. */
  enrich: ProfileEnricher;
  /** People only: the v3 identifier a profile of this kind is looked up by ("v3 view"). */
  v3Identifier?: V3PersonIdentifier;
  /**
   * Ids that still name the profile but that the service refuses (hashed member ids: "URLs with a
   * hashed ID are unsupported"); the panel says so instead of spending.
   */
  refusedId?: RegExp;
}

export const PROFILE_KIND_INFO: { readonly [K in ProfileKind]: ProfileKindInfo & { kind: K } } = {
  person: {
    kind: 'person',
    one: 'Person',
    many: 'People',
    canonicalUrl: canonicalPersonUrl,
    enrich: { endpointId: 'person.profile', param: 'profile_url' },
    v3Identifier: 'profile',
    refusedId: HASHED_PERSON_ID,
  },
  company: {
    kind: 'company',
    one: 'Company',
    many: 'Companies',
    canonicalUrl: canonicalCompanyUrl,
    enrich: { endpointId: 'company.profile', param: 'url' },
  },
  school: {
    kind: 'school',
    one: 'School',
    many: 'Schools',
    canonicalUrl: canonicalSchoolUrl,
    enrich: { endpointId: 'school.profile', param: 'url' },
  },
  job: {
    kind: 'job',
    one: 'Job',
    many: 'Jobs',
    canonicalUrl: canonicalJobUrl,
    enrich: { endpointId: 'job.profile', param: 'url' },
  },
  social: {
    kind: 'social',
    one: 'Social profile',
    many: 'Social profiles',
    canonicalUrl: (id) => canonicalHandleUrl('social', id),
    enrich: { endpointId: 'person.profile', param: 'social_profile_url' },
    v3Identifier: 'social',
  },
  microblog: {
    kind: 'microblog',
    one: 'Microblog profile',
    many: 'Microblog profiles',
    canonicalUrl: (id) => canonicalHandleUrl('microblog', id),
    enrich: { endpointId: 'person.profile', param: 'microblog_profile_url' },
    v3Identifier: 'microblog',
  },
  // The v2 person endpoint takes no code host URL: the v3 endpoint looks it up by `codehost`.
  codehost: {
    kind: 'codehost',
    one: 'Code host profile',
    many: 'Code host profiles',
    canonicalUrl: (id) => canonicalHandleUrl('codehost', id),
    enrich: { endpointId: 'person.v3', param: 'codehost' },
    v3Identifier: 'codehost',
  },
};

export function isProfileKind(value: unknown): value is ProfileKind {
  return typeof value === 'string' && (PROFILE_KINDS as readonly string[]).includes(value);
}

/** The request that enriches this profile, or null when the service would refuse its id. */
export function enrichRequestOf(profile: { kind: ProfileKind; id: string; url: string }): {
  endpointId: ProfileEnricher['endpointId'];
  params: Record<string, string>;
} | null {
  const info = PROFILE_KIND_INFO[profile.kind];
  if (info.refusedId?.test(profile.id)) return null;
  return { endpointId: info.enrich.endpointId, params: { [info.enrich.param]: profile.url } };
}

/** The v3 request for a person of this kind, or null when the kind is no person. */
export function v3RequestOf(profile: { kind: ProfileKind; id: string; url: string }): {
  endpointId: 'person.v3';
  params: Record<string, string>;
} | null {
  const identifier = PROFILE_KIND_INFO[profile.kind].v3Identifier;
  if (!identifier || PROFILE_KIND_INFO[profile.kind].refusedId?.test(profile.id)) return null;
  return { endpointId: 'person.v3', params: { [identifier]: profile.url } };
}
