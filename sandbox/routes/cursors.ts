/**
 * The three cursor styles of the spec. Every cursor is an offset into a result list the dataset
 * orders stably, so walking the pages gives each result once: no duplicate, no gap.
 * - Searches: `next_token` = base64url JSON of the search's filters and the offset; the search is
 *   restored from it (the spec: filters given beside a token are validated, not applied).
 * - Listings: `after` = base64url JSON of the offset; the request carries its filters again (the
 *   `next_page` URL repeats them).
 * - Job search: `pagination` = base64url of `{"page": n}`, byte for byte as in the published
 *   answer (`eyJwYWdlIjogMX0` is page 1); pages count from 0.
 */
import { SEARCH_CURSOR_PARAM } from '../../lib/api/assumptions';

type Filters = Record<string, unknown>;

/**
 * What a search request says about its page rather than about which results it wants: the part of
 * a search still honoured beside a `next_token` (the spec).
 */
export const SEARCH_PAGING_PARAMS: ReadonlySet<string> = new Set([
  'page_size',
  'enrich_profiles',
  'use_cache',
  SEARCH_CURSOR_PARAM,
]);

/** A search's filters: its params without the paging ones. */
export function searchFiltersOf(params: Readonly<Filters>): Filters {
  return Object.fromEntries(Object.entries(params).filter(([name]) => !SEARCH_PAGING_PARAMS.has(name)));
}

function encode(json: string): string {
  return Buffer.from(json, 'utf8').toString('base64url');
}

function decode(token: string): unknown {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(token)) return undefined;
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function isOffset(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function encodeSearchToken(filters: Filters, offset: number): string {
  return encode(JSON.stringify({ filters, offset }));
}

/** The search a `next_token` restores, or undefined when the token is not one of ours. */
export function decodeSearchToken(token: string): { filters: Filters; offset: number } | undefined {
  const value = decode(token);
  if (!isRecord(value) || !isRecord(value.filters) || !isOffset(value.offset)) return undefined;
  return { filters: value.filters, offset: value.offset };
}

export function encodeListingCursor(offset: number): string {
  return encode(JSON.stringify({ offset }));
}

export function decodeListingCursor(cursor: string): number | undefined {
  const value = decode(cursor);
  return isRecord(value) && isOffset(value.offset) ? value.offset : undefined;
}

/** Written the way the published cursor is: `{"page": 1}`, with the space. */
export function encodeJobPage(page: number): string {
  return encode(`{"page": ${page}}`);
}

export function decodeJobPage(cursor: string): number | undefined {
  const value = decode(cursor);
  return isRecord(value) && isOffset(value.page) ? value.page : undefined;
}

/** An absolute URL of `path` on this server with the given query (absent values left out). */
export function pageUrl(origin: string, path: string, query: Readonly<Record<string, unknown>>): string {
  const url = new URL(path, origin);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  return url.toString();
}
