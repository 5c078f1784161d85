/**
 * The team's one cache: an answer any member paid for is served to every member at 0 credits while
 * it is as fresh as the request asks (`acceptedAgeSeconds`: `live_fetch=force` never, `if-recent`
 * 29 days, v3 `maxAgeSeconds`, `if-present` any age). Keyed like the extension's cache (endpoint +
 * canonical params without the freshness ones), so the same question asked with other freshness
 * wishes finds the same answer.
 *
 * An answer's age is its data's: its own `last_updated` when it gives one, else the time of a fetch
 * that asked for fresh data; an answer of unknown age only serves requests that accept any age.
 */
import type { EndpointId } from '../lib/api/ids';
import { acceptedAgeSeconds } from '../lib/freshness';
import { cacheKey } from '../lib/pricing/cache-key';
import type { Queryable } from './db';

export { cacheKey };

export interface CachedAnswer {
  body: unknown;
  fetchedAt: Date;
  /** When the data was known fresh; null when the answer does not say. */
  dataAt: Date | null;
}

/** The time an answer says its data is from: `meta.last_updated`, `last_updated`, v3 `meta.updatedAt`. */
function statedDataTime(body: unknown): Date | null {
  if (typeof body !== 'object' || body === null) return null;
  const top = body as Record<string, unknown>;
  const meta = (typeof top.meta === 'object' && top.meta !== null ? top.meta : {}) as Record<string, unknown>;
  for (const value of [meta.last_updated, top.last_updated, meta.updatedAt]) {
    if (typeof value !== 'string') continue;
    const time = new Date(value);
    if (!Number.isNaN(time.getTime())) return time;
  }
  return null;
}

/** How old the data of an answer is, in seconds; null when unknown. */
export function ageSeconds(answer: CachedAnswer, now: Date): number | null {
  return answer.dataAt === null ? null : Math.max(0, (now.getTime() - answer.dataAt.getTime()) / 1000);
}

/** Whether a stored answer is as fresh as these canonical params ask. */
export function freshEnough(
  answer: CachedAnswer,
  params: Readonly<Record<string, unknown>>,
  now: Date,
): boolean {
  const accepted = acceptedAgeSeconds(params);
  if (accepted === Number.POSITIVE_INFINITY) return true;
  const age = ageSeconds(answer, now);
  return age !== null && age <= accepted;
}

export interface CacheRow {
  body: unknown;
  fetched_at: Date | string;
  data_at: Date | string | null;
}

export function cachedFromRow(row: CacheRow): CachedAnswer {
  return {
    body: row.body,
    fetchedAt: new Date(row.fetched_at),
    dataAt: row.data_at === null ? null : new Date(row.data_at),
  };
}

export async function readCached(db: Queryable, key: string): Promise<CachedAnswer | null> {
  const [row] = await db.query<CacheRow>('SELECT body, fetched_at, data_at FROM cache WHERE key = $1', [key]);
  return row ? cachedFromRow(row) : null;
}

/**
 * The `cache` row keeping an answer for the team, as the parameters of
 * `(key, endpoint, params, body, fetched_at, data_at)`; it replaces an older one of the same question.
 */
export function cacheRowValues(
  endpointId: EndpointId,
  params: Readonly<Record<string, unknown>>,
  body: unknown,
  now: Date,
): unknown[] {
  const askedFresh = params.live_fetch === 'force' || params.use_cache === 'if-recent';
  const dataAt = statedDataTime(body) ?? (askedFresh ? now : null);
  return [
    cacheKey(endpointId, { ...params }),
    endpointId,
    JSON.stringify(params),
    JSON.stringify(body),
    now,
    dataAt,
  ];
}
