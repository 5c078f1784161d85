/**
 * Every place where the service's interface (docs/service.md) says "not shown" (or is ambiguous)
 * and we had to choose, in one file. Each choice is a named constant with the reason beside it, so
 * changing our mind is a one-line edit here. The client, the credit quote, the schemas and the
 * sandbox all read these constants instead of repeating the literal.
 */

/**
 * Listings (employees, students) return `next_page`; the cursor is its `after` query parameter.
 * The spec does not name the request parameter that receives it; the provider's SDKs send `after`.
 */
export const LISTING_CURSOR_PARAM = 'after';

/** Searches: cursor read from `next_page`'s `next_token`, sent back as `next_token` (stated). */
export const SEARCH_CURSOR_PARAM = 'next_token';

/** Job search: cursor read from `next_page_api_url`'s `pagination`, sent back as `pagination` (stated). */
export const JOB_SEARCH_CURSOR_PARAM = 'pagination';

/**
 * v3 person identifiers: the spec names only `profile` (a profile URL or username) and says exactly
 * one identifier is required; the rest are "not shown". The provider's own v3 documentation names
 * them; with the spec's neutral words for the networks they are `profile` (the main network's URL
 * or username), `email`, `codehost`, `social` and `microblog`. Exactly one per request.
 * Source: the provider's published v3 person endpoint reference (as quoted in issue #7).
 */
export const V3_PERSON_IDENTIFIER_PARAMS = ['profile', 'email', 'codehost', 'social', 'microblog'] as const;

/**
 * v3 person include flags: the spec names only `personalEmail`. The provider's v3 documentation
 * names the others, singular: `socialLink`, `phoneNumber`, `workEmail`, `careerInsight` and
 * `developerProfile` (a plural such as `socialLinks` would be ignored by the real service). Each
 * takes `exclude` (default) or `include`; the client sends a flag only when a person turned it on.
 * Source: as for V3_PERSON_IDENTIFIER_PARAMS.
 */
export const V3_PERSON_INCLUDE_FLAGS = [
  'socialLink',
  'phoneNumber',
  'personalEmail',
  'workEmail',
  'careerInsight',
  'developerProfile',
] as const;

/**
 * V3_MAX_AGE_SECONDS_STATED_BOUND (a decision with no code of its own: the reader follows it).
 *
 * v3 `maxAgeSeconds`: the spec states the bound as `25920000 <= value`, which reads like an upper
 * bound of 300 days written backwards. We do not refuse either way locally (only "a non-negative
 * integer"); the service decides, and its 400 is shown to the person.
 */

/**
 * Person lookup: which parameters are required is not shown. The provider has always required a
 * first name and the company (name or domain); we require those two and treat the rest as optional.
 */
export const PERSON_LOOKUP_REQUIRED = ['first_name', 'company_domain'] as const;

/**
 * Optional enrichment fields of the v2 person profile: their field names are not shown. We use the
 * provider's names with the neutral network words:
 * - `extra`: {gender, birth_date (Date), industry, interests: string[]} (object or null)
 * - `codehost_profile_id`, `social_profile_id`, `microblog_profile_id`: string or null
 * - `personal_numbers`, `personal_emails`: arrays of string (each entry is charged +1)
 * - `inferred_salary`: {min: number | null, max: number | null} or null
 * - `skills`: array of string
 * Keyed by the request parameter that asks for each one.
 */
export const PERSON_ENRICHMENT_FIELDS = {
  extra: 'extra',
  codehost_profile_id: 'codehost_profile_id',
  social_profile_id: 'social_profile_id',
  microblog_profile_id: 'microblog_profile_id',
  personal_contact_number: 'personal_numbers',
  personal_email: 'personal_emails',
  inferred_salary: 'inferred_salary',
  skills: 'skills',
} as const;

/**
 * Optional company blocks: the field carries the parameter's name (the spec shows them as null in a
 * resolved company when not requested). Contents are not shown; we read them tolerantly.
 */
export const COMPANY_OPTIONAL_BLOCKS = [
  'categories',
  'funding_data',
  'exit_data',
  'acquisitions',
  'extra',
] as const;

/**
 * LOOKUP_NULL_CONTENT (a decision with no code of its own: the reader follows it).
 *
 * Lookups that find nothing but still answer 200 ("null content"): we read that as the envelope with
 * null fields, e.g. `{url: null, profile: null, last_updated: null}`. A bare `null` body is also read.
 */

/**
 * EMAIL_LOOKUP_URL_FIELD (a decision with no code of its own: the reader follows it).
 *
 * Reverse email lookup: whether the answer carries a profile URL when not enriched is not shown.
 * The provider's published example carries `url`; we read `url` as optional.
 */

/**
 * Role lookup with no match: not shown. We treat it as 404 (not found, nothing charged), as for the
 * profile endpoints; the quote's minimum is therefore the cost of a match.
 */
export const ROLE_LOOKUP_NO_MATCH_STATUS = 404;

/**
 * Searches with `enrich_profiles=enrich` or `use_cache=if-recent` cap `page_size` at 10 but state no
 * default there; the plain default (100) would break the cap, so the default becomes 10.
 */
export const CAPPED_SEARCH_DEFAULT_PAGE_SIZE = 10;

/**
 * V2_ERROR_BODY (a decision with no code of its own: the reader follows it).
 * Body of v2 errors: not shown. The observed 403 body has v3's shape `{code, name, description}`.
 */

/**
 * Credits of the v3 endpoints: not published. Quotes say so (min and max are null). The sandbox
 * charges these figures so its balance moves plausibly; the extension never relies on them.
 */
export const SANDBOX_V3_CREDITS = { 'person.v3': 2, 'company.logo': 1 } as const;

/**
 * What the budget reserves for a call whose price is not published (v3), until the balance read at
 * the next checkpoint says what it really cost (lib/background/calls/checkpoints.ts). An estimate, shown as such;
 * set above the sandbox's figures so a budget errs on the side of asking.
 */
export const UNPUBLISHED_COST_ESTIMATE = { 'person.v3': 3, 'company.logo': 2 } as const;

/**
 * Rate limit: the numeric window is not shown. 300 requests per minute per key is the provider's
 * published figure; the sandbox uses it by default.
 */
export const DEFAULT_RATE_PER_MINUTE = 300;

/** The service's "recent": a best effort to return a profile no older than 29 days. */
export const RECENT_DAYS = 29;

/**
 * Job search: how many jobs a page holds is not shown. The published answer holds 25 on its first
 * page (and a next page), so the sandbox pages by 25.
 */
export const JOB_SEARCH_PAGE_SIZE = 25;

/**
 * The largest answer accepted, by the extension's client and by the team hub alike: the biggest
 * page the spec allows (100 enriched profiles) is a few MB, and the spec states no limit; anything
 * far past it is refused as it arrives rather than held in memory and stored.
 */
export const MAX_ANSWER_BYTES = 25_000_000;
