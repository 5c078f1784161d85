/**
 * A member request's database work in as few statements as it needs, since each is a round trip:
 * `begin` (who the token is, the do-not-enrich list when it changed, the team's cached answer),
 * then for a request that goes to the service `reserve` (the member's budget, and a free slot of
 * the account's limiter when there is one) and, once the service answered, `finish` (the
 * reservation settled, the answer kept for the team, the audit line). Three statements for a
 * cache miss, two for a hit (begin, its audit line).
 *
 * The list's keys are re-read only when its version (bumped by a trigger on every change) is not
 * the one this process read last: the check is in `begin`'s statement, so a subject listed by any
 * process is refused by every one from its next request.
 */

import { unauthorized } from './answers';
import { type AuditLine, auditValues } from './audit';
import { MemberBudgetExceeded, type Reservation } from './budget';
import { type CachedAnswer, type CacheRow, cachedFromRow } from './cache';
import type { Queryable } from './db';
import { WAITER_STALE_MS } from './limiter';
import {
  checkedToken,
  type Member,
  TOKEN_CHECK_COLUMNS,
  TOKEN_MATCH,
  type TokenRow,
  tokenLookupHash,
} from './members';
import { matchKeys } from './privacy';

export interface Begun {
  member: Member;
  /** The do-not-enrich list's keys (privacy.ts matchKeys). */
  listed: ReadonlySet<string>;
  /** The team's answer to this question, of any age; null when it has none. */
  cached: CachedAnswer | null;
}

const listCopies = new WeakMap<Queryable, { version: string; keys: ReadonlySet<string> }>();

/**
 * The request's member, the do-not-enrich list and the cached answer; or the 401 for a token of
 * nobody, or one that expired or was replaced (members.ts checkedToken).
 */
export async function begin(
  db: Queryable,
  token: string,
  cacheKey: string,
): Promise<Begun | { refusal: Response }> {
  const hash = tokenLookupHash(token);
  if (hash === null) return { refusal: unauthorized() };
  const copy = listCopies.get(db);
  const [row] = await db.query<
    TokenRow & Partial<CacheRow> & { list_version: string; listed: string[] | null; cached: boolean }
  >(
    `SELECT ${TOKEN_CHECK_COLUMNS},
       v.version::text AS list_version,
       CASE WHEN v.version = $3::bigint THEN NULL
         ELSE (SELECT coalesce(array_agg(d.key), '{}') FROM do_not_enrich d) END AS listed,
       c.key IS NOT NULL AS cached, c.body, c.fetched_at, c.data_at
     FROM members m CROSS JOIN do_not_enrich_version v LEFT JOIN cache c ON c.key = $2
     WHERE ${TOKEN_MATCH}`,
    [hash, cacheKey, copy?.version ?? '0'],
  );
  const checked = checkedToken(row, hash);
  if (!row || 'refusal' in checked) return 'refusal' in checked ? checked : { refusal: unauthorized() };
  const { member } = checked;
  let listed = copy?.keys;
  if (row.listed !== null || !listed) {
    listed = matchKeys(row.listed ?? []);
    listCopies.set(db, { version: row.list_version, keys: listed });
  }
  const cached =
    row.cached && row.fetched_at !== undefined
      ? cachedFromRow({ body: row.body, fetched_at: row.fetched_at, data_at: row.data_at ?? null })
      : null;
  return { member, listed, cached };
}

export type Reserved =
  | { outcome: 'reserved'; reservation: Reservation; slotAt: number | null }
  | { outcome: 'over_budget'; refusal: MemberBudgetExceeded }
  | { outcome: 'removed' };

/**
 * Reserves the most a request may cost against the member's budget (hub_reserve: under the lock of
 * the member's row, so concurrent requests from any hub process never pass it), and takes a free
 * slot of the account's limiter in the same statement; `slotAt` null: the request waits in line
 * (AccountLimiter.waitForSlot).
 */
export async function reserve(db: Queryable, memberId: number, credits: number): Promise<Reserved> {
  const [row] = await db.query<{
    outcome: 'reserved' | 'over_budget' | 'removed';
    day: string | null;
    // bigint: PostgreSQL's driver gives them as texts.
    left_daily: number | string;
    left_monthly: number | string | null;
    slot_at: number | null;
  }>('SELECT outcome, day, left_daily, left_monthly, slot_at FROM hub_reserve($1, $2, $3)', [
    memberId,
    credits,
    WAITER_STALE_MS,
  ]);
  if (!row || row.outcome === 'removed') return { outcome: 'removed' };
  if (row.outcome === 'over_budget')
    return {
      outcome: 'over_budget',
      refusal: new MemberBudgetExceeded(
        credits,
        Number(row.left_daily),
        row.left_monthly === null ? null : Number(row.left_monthly),
      ),
    };
  return {
    outcome: 'reserved',
    reservation: { memberId, day: row.day ?? '', credits },
    slotAt: row.slot_at === null ? null : Number(row.slot_at),
  };
}

/**
 * After the service answered (or could not be asked): the reservation replaced by what the request
 * cost (`charged`, 0 for an error), the answer kept for the team (`cacheRow`: cache.ts
 * cacheRowValues; null keeps nothing) and the audit line (null writes none), in one statement.
 */
export async function finish(
  db: Queryable,
  step: { reservation: Reservation; charged: number; cacheRow: unknown[] | null; audit: AuditLine | null },
): Promise<void> {
  const { reservation } = step;
  await db.query(
    `WITH settled AS (
       UPDATE spend SET reserved = greatest(0, reserved - $3::bigint), spent = spent + $4::bigint
       WHERE member_id = $1::integer AND day = $2::date
       RETURNING 1),
     stored AS (
       INSERT INTO cache (key, endpoint, params, body, fetched_at, data_at)
       SELECT $5::text, $6::text, $7::jsonb, $8::jsonb, $9::timestamptz, $10::timestamptz
       WHERE $5::text IS NOT NULL
       ON CONFLICT (key) DO UPDATE SET params = excluded.params, body = excluded.body,
         fetched_at = excluded.fetched_at, data_at = excluded.data_at
       RETURNING 1)
     INSERT INTO audit (member_id, endpoint, subject, params, status, charged, cache, cache_key)
     SELECT $11::integer, $12::text, $13::text, $14::jsonb, $15::integer, $16::bigint, $17::text, $18::text
     WHERE $11::integer IS NOT NULL`,
    [
      reservation.memberId,
      reservation.day,
      reservation.credits,
      step.charged,
      ...(step.cacheRow ?? [null, null, null, null, null, null]),
      ...(step.audit ? auditValues(step.audit) : [null, null, null, null, null, null, null, null]),
    ],
  );
}
