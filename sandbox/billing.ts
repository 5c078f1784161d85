/**
 * What the sandbox charges, by the prices table of docs/service.md, written out on its own.
 * The extension's quote (lib/pricing/credits.ts) reads the same table through the registry; this file must
 * NOT import either, so that the contract tests comparing the two catch a misreading on either side.
 *
 * The reading the whole project shares:
 * - Freshness counts by its effective value: a profile request that leaves `use_cache` at its
 *   default `if-recent` pays the +1. `live_fetch=force` adds 9. Both are charged whether or not a
 *   refresh was needed.
 * - Optional person data is charged only when present in the answer (non-null, non-empty); numbers
 *   and emails per item; skills never. Company blocks are charged when requested.
 * - Listings and searches charge per result actually returned plus any per-request additions, so
 *   an empty page costs only the latter.
 * Each function takes the canonical parameters (defaults filled in by the registry) and what the
 * answer holds, and returns the exact charge of that answer.
 */
import {
  COMPANY_OPTIONAL_BLOCKS,
  PERSON_ENRICHMENT_FIELDS,
  SANDBOX_V3_CREDITS,
} from '../lib/api/assumptions';
import type { Plan } from './keys';

type Params = Readonly<Record<string, unknown>>;

const IF_RECENT = 1;
const LIVE_FETCH_FORCE = 9;

/** The freshness additions of the profile endpoints and the employee count. */
function freshness(params: Params): number {
  return (
    (params.use_cache === 'if-recent' ? IF_RECENT : 0) +
    (params.live_fetch === 'force' ? LIVE_FETCH_FORCE : 0)
  );
}

/** "Present" as the Limits table means it: data is available. */
export function isPresent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value !== '';
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function itemCount(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

const fields = PERSON_ENRICHMENT_FIELDS;

/** Person Profile v2: base 1, each optional datum returned, freshness. */
export function personProfileCost(params: Params, profile: Readonly<Record<string, unknown>>): number {
  const oncePresent = [
    fields.extra,
    fields.codehost_profile_id,
    fields.social_profile_id,
    fields.microblog_profile_id,
    fields.inferred_salary,
  ].filter((field) => isPresent(profile[field])).length;
  const perItem =
    itemCount(profile[fields.personal_contact_number]) + itemCount(profile[fields.personal_email]);
  return 1 + oncePresent + perItem + freshness(params);
}

/** Company Profile: base 1, +1 per optional block requested, freshness. */
export function companyProfileCost(params: Params): number {
  return (
    1 + COMPANY_OPTIONAL_BLOCKS.filter((block) => params[block] === 'include').length + freshness(params)
  );
}

export function schoolProfileCost(params: Params): number {
  return 1 + freshness(params);
}

export const JOB_PROFILE_COST = 2;
export const JOB_SEARCH_COST = 2;

/** Role Lookup: 3, +1 enriched. (No match is a 404 and costs nothing.) */
export function roleLookupCost(params: Params): number {
  return 3 + (params.enrich_profile === 'enrich' ? 1 : 0);
}

/** Person Lookup: 2, +1 when a profile is returned; a null result costs 2 only with similarity checks. */
export function personLookupCost(
  params: Params,
  answer: { found: boolean; profileReturned: boolean },
): number {
  if (!answer.found) return params.similarity_checks === 'skip' ? 0 : 2;
  return 2 + (answer.profileReturned ? 1 : 0);
}

/** Reverse Email Lookup: 3, +1 when a profile is returned; a null result costs 3 unless superficial. */
export function emailLookupCost(
  params: Params,
  answer: { found: boolean; profileReturned: boolean },
): number {
  if (!answer.found) return params.lookup_depth === 'superficial' ? 0 : 3;
  return 3 + (answer.profileReturned ? 1 : 0);
}

/** Company Lookup: 2 on every 200 (null included), +1 when a profile is returned. */
export function companyLookupCost(answer: { profileReturned: boolean }): number {
  return 2 + (answer.profileReturned ? 1 : 0);
}

/** Employee Count: 1; at_date +1 (Growth) or +5; estimate +1; if-recent +1. */
export function employeeCountCost(params: Params, plan: Plan): number {
  const atDate = params.at_date !== undefined && params.at_date !== null ? (plan === 'growth' ? 1 : 5) : 0;
  return 1 + atDate + (params.estimated_employee_count === 'include' ? 1 : 0) + freshness(params);
}

/** A charge of the form `perRequest + perResult × results`. */
export interface ListingRate {
  perRequest: number;
  perResult: number;
}

export function chargeFor(rate: ListingRate, results: number): number {
  return rate.perRequest + rate.perResult * results;
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

function given(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** The per-result plan-dependent addition of `use_cache=if-recent` in listings and searches. */
function ifRecentPerResult(params: Params, plan: Plan): number {
  return params.use_cache === 'if-recent' ? (plan === 'growth' ? 1 : 2) : 0;
}

/**
 * Employee Listing: 3 per employee; enrich +1; country +3; a role search +10 per request and +3 per
 * employee; sorting +50 per request and +10 per employee; resolve_numeric_id +2 per request;
 * if-recent +1 (Growth) or +2 per employee.
 */
export function employeeListRate(params: Params, plan: Plan): ListingRate {
  const roleSearch = given(params.boolean_role_search) || given(params.role_search);
  const sorted = given(params.sort_by) && params.sort_by !== 'none';
  return {
    perRequest: (roleSearch ? 10 : 0) + (sorted ? 50 : 0) + (isTrue(params.resolve_numeric_id) ? 2 : 0),
    perResult:
      3 +
      (params.enrich_profiles === 'enrich' ? 1 : 0) +
      (given(params.country) ? 3 : 0) +
      (roleSearch ? 3 : 0) +
      (sorted ? 10 : 0) +
      ifRecentPerResult(params, plan),
  };
}

/**
 * Student Listing: 3 per student (6 with a keyword search, which also adds 10 per request); enrich +1;
 * country +3; sorting +50 per request and +10 per student; resolve_numeric_id +2 per request.
 */
export function studentListRate(params: Params): ListingRate {
  const keyword = given(params.boolean_search_keyword);
  const sorted = given(params.sort_by) && params.sort_by !== 'none';
  return {
    perRequest: (keyword ? 10 : 0) + (sorted ? 50 : 0) + (isTrue(params.resolve_numeric_id) ? 2 : 0),
    perResult:
      (keyword ? 6 : 3) +
      (params.enrich_profiles === 'enrich' ? 1 : 0) +
      (given(params.country) ? 3 : 0) +
      (sorted ? 10 : 0),
  };
}

/** Person and Company Search: 3 per result; enrich +1; if-recent +1 (Growth) or +2 per result. */
export function searchRate(params: Params, plan: Plan): ListingRate {
  return {
    perRequest: 0,
    perResult: 3 + (params.enrich_profiles === 'enrich' ? 1 : 0) + ifRecentPerResult(params, plan),
  };
}

/** v3: not published; the sandbox's own figures (see assumptions.ts). */
export const PERSON_V3_COST = SANDBOX_V3_CREDITS['person.v3'];
export const COMPANY_LOGO_COST = SANDBOX_V3_CREDITS['company.logo'];
