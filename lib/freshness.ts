/**
 * How fresh a profile must be, decided once: the three choices a person has, and the params each
 * one sends. This is the ONE place that maps a choice to `use_cache`, `live_fetch` and (v3)
 * `maxAgeSeconds`; the panel, the options page and the settings read it. Plain data, no zod.
 *
 * Freshness is always sent explicitly: the provider fills a missing `use_cache` or `live_fetch`
 * from an account-level default, which would make the price unknowable. So every choice writes
 * every freshness param the endpoint has (its fields, lib/api/fields.ts, say which):
 *
 * | choice            | use_cache  | live_fetch | v3 maxAgeSeconds | price (v2, the Limits table) |
 * | ----------------- | ---------- | ---------- | ---------------- | ---------------------------- |
 * | any age           | if-present | default    | not sent         | base                         |
 * | 29 days or less   | if-recent  | default    | 29 days          | base +1                      |
 * | live now          | if-present | force      | 0                | base +9                      |
 *
 * "Live now" keeps `use_cache=if-present`: with `if-recent` as well it would pay +1 for a wish a
 * forced live fetch already covers. On v3 "any age" sends no bound at all (the service then serves
 * whatever copy it has), and a 409 is only possible with the other two.
 *
 * A cached answer is the same answer whatever its freshness (lib/background/cache.ts leaves these params out
 * of the key), so the choice changes what a refresh asks for and costs, never what is shown.
 */
import { RECENT_DAYS } from './api/assumptions';
import type { ParamField } from './api/field-types';

export const FRESHNESS_CHOICES = ['if-present', 'if-recent', 'live'] as const;

export type Freshness = (typeof FRESHNESS_CHOICES)[number];

/** The default: the cheapest and fastest. */
export const DEFAULT_FRESHNESS: Freshness = 'if-present';

/** What a person calls each choice. */
export const FRESHNESS_LABELS: { readonly [F in Freshness]: string } = {
  'if-present': 'Any age',
  'if-recent': '29 days or less',
  live: 'Live now',
};

/** v3: "29 days or less" as a maximum age. */
export const RECENT_MAX_AGE_SECONDS = RECENT_DAYS * 24 * 60 * 60;

/**
 * The oldest answer a request's canonical params accept, in seconds (Infinity: any age). A call in
 * flight answers an identical request only when it is at least as fresh (accepts no older answer).
 */
export function acceptedAgeSeconds(params: Readonly<Record<string, unknown>>): number {
  if (params.live_fetch === 'force') return 0;
  if (typeof params.maxAgeSeconds === 'number') return params.maxAgeSeconds;
  if (params.use_cache === 'if-recent') return RECENT_MAX_AGE_SECONDS;
  return Number.POSITIVE_INFINITY;
}

function offers(fields: readonly ParamField[], name: string, value?: string): boolean {
  const field = fields.find((candidate) => candidate.name === name);
  return field !== undefined && (value === undefined || (field.options?.includes(value) ?? false));
}

/** The choices an endpoint with these fields can honour; empty when it has no freshness at all. */
export function freshnessChoices(fields: readonly ParamField[]): Freshness[] {
  if (offers(fields, 'maxAgeSeconds')) return [...FRESHNESS_CHOICES];
  if (!offers(fields, 'use_cache')) return [];
  return FRESHNESS_CHOICES.filter((choice) => {
    if (choice === 'if-recent') return offers(fields, 'use_cache', 'if-recent');
    if (choice === 'live') return offers(fields, 'live_fetch', 'force');
    return offers(fields, 'use_cache', 'if-present');
  });
}

/**
 * The params that ask for `freshness` on an endpoint with these fields (see the table above).
 * An endpoint without freshness params (a job) gets none.
 */
export function freshnessParams(
  fields: readonly ParamField[],
  freshness: Freshness,
): Record<string, string | number> {
  if (offers(fields, 'maxAgeSeconds')) {
    if (freshness === 'if-recent') return { maxAgeSeconds: RECENT_MAX_AGE_SECONDS };
    if (freshness === 'live') return { maxAgeSeconds: 0 };
    return {};
  }
  const params: Record<string, string> = {};
  if (offers(fields, 'use_cache')) params.use_cache = freshness === 'if-recent' ? 'if-recent' : 'if-present';
  if (offers(fields, 'live_fetch')) params.live_fetch = freshness === 'live' ? 'force' : 'default';
  return params;
}
