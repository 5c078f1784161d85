/**
 * The team's one cache: an answer any member paid for is served to every member at 0 credits while
 * it is as fresh as the request asks (`acceptedAgeSeconds`: `live_fetch=force` never, `if-recent`
 * 29 days, v3 `maxAgeSeconds`, `if-present` any age). Keyed like the extension's cache (endpoint +
 * canonical params without the freshness ones), so the same question asked with other freshness
 * wishes finds the same answer.
 *
 * An answer's age is its data's: its own `last_updated` when it gives one, a search's or listing's
 * page its oldest record's (a page is as recent as the stalest row it shows, not as the hub's fetch
 * of it), else the time of a fetch that asked for fresh data; an answer of unknown age only serves
 * requests that accept any age.
 */
import { endpointInfo } from '../lib/api/endpoint-info';
import type { EndpointId } from '../lib/api/ids';
import { acceptedAgeSeconds } from '../lib/freshness';
import { cacheKey } from '../lib/pricing/cache-key';

export { cacheKey };

export interface CachedAnswer {
  body: unknown;
  fetchedAt: Date;
  /** When the data was known fresh; null when the answer does not say. */
  dataAt: Date | null;
}

/**
 * The time one subject's data says it is from: `meta.last_updated`, `last_updated`, v3
 * `meta.updatedAt`, or a search row's or listing row's profile's `meta.last_updated`.
 */
function recordTime(record: unknown): Date | null {
  if (typeof record !== 'object' || record === null) return null;
  const top = record as Record<string, unknown>;
  const objectAt = (value: unknown) =>
    (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const meta = objectAt(top.meta);
  const profileMeta = objectAt(objectAt(top.profile).meta);
  for (const value of [meta.last_updated, top.last_updated, meta.updatedAt, profileMeta.last_updated]) {
    if (typeof value !== 'string') continue;
    const time = new Date(value);
    if (!Number.isNaN(time.getTime())) return time;
  }
  return null;
}

/**
 * The time an answer says its data is from: a one-subject answer's own time; a page's (a search, a
 * listing) its oldest record's (of those that say; null when none does).
 */
function statedDataTime(endpointId: EndpointId, body: unknown): Date | null {
  const resultsKey = endpointInfo[endpointId].resultsKey;
  const rows =
    resultsKey !== undefined && typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>)[resultsKey]
      : undefined;
  if (!Array.isArray(rows) || rows.length === 0) return recordTime(body);
  let oldest: Date | null = null;
  for (const row of rows) {
    const time = recordTime(row);
    if (time !== null && (oldest === null || time < oldest)) oldest = time;
  }
  return oldest;
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
  const dataAt = statedDataTime(endpointId, body) ?? (askedFresh ? now : null);
  return [
    cacheKey(endpointId, { ...params }),
    endpointId,
    JSON.stringify(params),
    JSON.stringify(body),
    now,
    dataAt,
  ];
}
