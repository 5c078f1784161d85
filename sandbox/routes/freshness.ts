/**
 * Freshness: how old the sandbox's copy of a record is, and what `use_cache`, `live_fetch`,
 * `fallback_to_cache` (v2) and `maxAgeSeconds` (v3) do with it.
 *
 * - `if-present` serves the copy as it is; `if-recent` refreshes a copy older than RECENT_DAYS;
 *   `live_fetch=force` always refreshes. A refresh moves the record's last-updated time to now.
 * - The failing-refresh rule: a record whose index in the dataset ends in 7 (index % 10 === 7) cannot
 *   be fetched live. Its stale copy is served with `fallback_to_cache=on-error`; with `never` the
 *   answer is 503. On v3 person, when its copy is older than `maxAgeSeconds`, the answer is 409 with
 *   `cachedProfileAgeSeconds`. `GET /__sandbox/unrefreshable` lists such records.
 *
 * Refreshes are kept beside the dataset (which is shared by every sandbox of a process), never written
 * into it, so that one sandbox's refreshes do not leak into another's and a reset forgets them.
 */
import { RECENT_DAYS } from '../../lib/api/assumptions';

export type RecordKind = 'person' | 'company' | 'school';

/**
 * A record whose copy the ledger ages: one of the dataset's, known by its index, or the subject of
 * a published answer (routes/published.ts), known by its identifier, e.g. `johnrmarty`.
 */
export type FreshnessRecord = { lastUpdated: Date } & ({ index: number } | { publishedId: string });

const DAY_MS = 86_400_000;

/**
 * The documented rule above; the one place that decides whose live fetch fails. It is a rule of the
 * synthetic dataset: a published subject has no index there and is always refreshable.
 */
export function canRefresh(record: { index: number } | { publishedId: string }): boolean {
  return !('index' in record) || record.index % 10 !== 7;
}

function keyOf(kind: RecordKind, record: FreshnessRecord): string {
  return 'index' in record ? `${kind} ${record.index}` : `${kind} published ${record.publishedId}`;
}

export interface FreshnessParams {
  use_cache?: unknown;
  live_fetch?: unknown;
  fallback_to_cache?: unknown;
}

export type Freshness = { served: true; lastUpdated: Date } | { served: false; cachedAgeSeconds: number };

export class FreshnessLedger {
  private readonly refreshedAt = new Map<string, Date>();

  /**
   * The later of the last refresh and the record's own date: a record changed by the sandbox's clock
   * (data/clock.ts) is dated at its change, so a copy refreshed before the change, which the
   * sandbox does not keep, never dates the changed data.
   */
  lastUpdated(kind: RecordKind, record: FreshnessRecord): Date {
    const refreshed = this.refreshedAt.get(keyOf(kind, record));
    return refreshed && refreshed > record.lastUpdated ? refreshed : record.lastUpdated;
  }

  /** Refreshes the record if it can be fetched live; returns whether it was. */
  private tryRefresh(kind: RecordKind, record: FreshnessRecord, now: Date): boolean {
    if (!canRefresh(record)) return false;
    this.refreshedAt.set(keyOf(kind, record), now);
    return true;
  }

  /**
   * v2: applies `use_cache` / `live_fetch` / `fallback_to_cache` (absent means the default, which
   * the caller's canonical params already filled in). `served: false` is the 503.
   */
  serve(kind: RecordKind, record: FreshnessRecord, params: FreshnessParams, now: Date): Freshness {
    const cached = this.lastUpdated(kind, record);
    const stale = now.getTime() - cached.getTime() > RECENT_DAYS * DAY_MS;
    const wantsLiveFetch = params.live_fetch === 'force' || (params.use_cache === 'if-recent' && stale);
    if (!wantsLiveFetch || this.tryRefresh(kind, record, now)) {
      return { served: true, lastUpdated: this.lastUpdated(kind, record) };
    }
    if (params.fallback_to_cache === 'never')
      return { served: false, cachedAgeSeconds: ageSeconds(cached, now) };
    return { served: true, lastUpdated: cached };
  }

  /**
   * Listings and searches: `use_cache=if-recent` is a best effort per result, so a copy that cannot
   * be refreshed is served stale rather than failing the page. Returns the last-updated time served.
   */
  serveBestEffort(kind: RecordKind, record: FreshnessRecord, useCache: unknown, now: Date): Date {
    const fresh = this.serve(kind, record, { use_cache: useCache }, now);
    return fresh.served ? fresh.lastUpdated : this.lastUpdated(kind, record);
  }

  /** v3: a copy older than `maxAgeSeconds` must be refreshed; `served: false` is the 409. */
  serveWithinAge(
    kind: RecordKind,
    record: FreshnessRecord,
    maxAgeSeconds: number | undefined,
    now: Date,
  ): Freshness {
    const cached = this.lastUpdated(kind, record);
    const age = ageSeconds(cached, now);
    if (maxAgeSeconds === undefined || age <= maxAgeSeconds || this.tryRefresh(kind, record, now)) {
      return { served: true, lastUpdated: this.lastUpdated(kind, record) };
    }
    return { served: false, cachedAgeSeconds: age };
  }

  reset(): void {
    this.refreshedAt.clear();
  }
}

function ageSeconds(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
}
