/**
 * A member request's database work in as few statements as it needs, since each is a round trip:
 * `begin` (who the token is, the do-not-enrich list when it changed, the team's cached answer),
 * then for a request that goes to the service `reserve` (the member's budget, and a free slot of
 * the account's limiter when there is one) and, once the service answered, `finish` (the
 * reservation settled, the answer kept for the team, the audit line). Three statements for a
 * cache miss, two for a hit (begin, its audit line).
 *
 * Every request that goes to the service has a row in `request_journal` (migrations.ts, version 4),
 * keyed by the member and the request's id (its `Idempotency-Key`, else one of the hub's own),
 * written by `reserve` and settled by `finish` in the same statements: `begin` reads it back, so a
 * request asked again is answered from what became of it. An open row has a lease: a row whose
 * process went away is settled from the journal (`settleExpired`, and `reserve` for its own id and
 * question) once it has passed.
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
  memberOfRow,
  TOKEN_CHECK_COLUMNS,
  TOKEN_MATCH,
  type TokenRow,
  tokenLookupHash,
} from './members';
import { matchKeys } from './privacy';

/** What became of a request id asked before (its journal row). */
interface Journaled {
  state: 'waiting' | 'sent' | 'answered' | 'released' | 'lost';
  charged: number;
  status: number | null;
  body: unknown;
  /** The row is open and its lease has passed: `reserve` settles it. */
  leasePassed: boolean;
}

export interface Begun {
  member: Member;
  /** The do-not-enrich list's keys (privacy.ts matchKeys). */
  listed: ReadonlySet<string>;
  /** The team's answer to this question, of any age; null when it has none. */
  cached: CachedAnswer | null;
  /** This request id's journal row; null when it has none (or the request gave no id). */
  journaled: Journaled | null;
}

const listCopies = new WeakMap<Queryable, { version: string; keys: ReadonlySet<string> }>();

/**
 * The request's member, the do-not-enrich list, the cached answer and what became of the request id
 * (`requestId`: a member's Idempotency-Key, null when none was given); or the 401 for a token of
 * nobody, or one that expired or was replaced (members.ts checkedToken).
 */
export async function begin(
  db: Queryable,
  token: string | { payerId: number },
  cacheKey: string,
  requestId: string | null,
): Promise<Begun | { refusal: Response }> {
  // The team watch's own requests name their payer (members.ts teamWatchPayer), which has no token.
  const hash = typeof token === 'string' ? tokenLookupHash(token) : token.payerId;
  if (hash === null) return { refusal: unauthorized() };
  const copy = listCopies.get(db);
  const [row] = await db.query<
    TokenRow &
      Partial<CacheRow> & { list_version: string; listed: string[] | null; cached: boolean } & JournalColumns
  >(
    `SELECT ${TOKEN_CHECK_COLUMNS},
       v.version::text AS list_version,
       CASE WHEN v.version = $3::bigint THEN NULL
         ELSE (SELECT coalesce(array_agg(d.key), '{}') FROM do_not_enrich d) END AS listed,
       c.key IS NOT NULL AS cached, c.body, c.fetched_at, c.data_at,
       j.state AS journal_state, j.charged AS journal_charged, j.status AS journal_status,
       j.body AS journal_body, j.lease_until < clock_timestamp() AS journal_lease_passed
     FROM members m CROSS JOIN do_not_enrich_version v LEFT JOIN cache c ON c.key = $2
       LEFT JOIN request_journal j ON j.member_id = m.id AND j.request_id = $4
     WHERE ${typeof hash === 'string' ? TOKEN_MATCH : PAYER_MATCH}`,
    [hash, cacheKey, copy?.version ?? '0', requestId],
  );
  const checked = typeof hash === 'string' ? checkedToken(row, hash) : payerChecked(row);
  if (!row || 'refusal' in checked) return 'refusal' in checked ? checked : { refusal: unauthorized() };
  const { member } = checked;
  const listed = listedOf(db, row);
  const cached =
    row.cached && row.fetched_at !== undefined
      ? cachedFromRow({ body: row.body, fetched_at: row.fetched_at, data_at: row.data_at ?? null })
      : null;
  return { member, listed, cached, journaled: journaledOf(row) };
}

/** The team watch's payer found by its id (`$1`), never by a token. */
const PAYER_MATCH = 'm.id = $1::integer AND m.team_watch AND m.removed_at IS NULL';

function payerChecked(row: TokenRow | undefined): { member: Member } | { refusal: Response } {
  return row ? { member: memberOfRow(row) } : { refusal: unauthorized() };
}

/** The list's keys as this process holds them, read again from `row.listed` when its version changed. */
function listedOf(
  db: Queryable,
  row: { list_version: string; listed: string[] | null },
): ReadonlySet<string> {
  let listed = listCopies.get(db)?.keys;
  if (row.listed !== null || !listed) {
    listed = matchKeys(row.listed ?? []);
    listCopies.set(db, { version: row.list_version, keys: listed });
  }
  return listed;
}

/** The do-not-enrich list's keys (matchKeys), for a request whose member is already known (a peek). */
export async function listedNow(db: Queryable): Promise<ReadonlySet<string>> {
  const [row] = await db.query<{ list_version: string; listed: string[] | null }>(
    `SELECT v.version::text AS list_version,
       CASE WHEN v.version = $1::bigint THEN NULL
         ELSE (SELECT coalesce(array_agg(d.key), '{}') FROM do_not_enrich d) END AS listed
     FROM do_not_enrich_version v`,
    [listCopies.get(db)?.version ?? '0'],
  );
  return row ? listedOf(db, row) : matchKeys([]);
}

interface JournalColumns {
  journal_state: Journaled['state'] | null;
  journal_charged: string | number | null;
  journal_status: number | null;
  journal_body: unknown;
  journal_lease_passed: boolean | null;
}

function journaledOf(row: JournalColumns): Journaled | null {
  if (row.journal_state === null || row.journal_state === undefined) return null;
  return {
    state: row.journal_state,
    charged: Number(row.journal_charged ?? 0),
    status: row.journal_status,
    body: row.journal_body,
    leasePassed: row.journal_lease_passed === true,
  };
}

export type Reserved =
  | { outcome: 'reserved'; reservation: Reservation; slotAt: number | null }
  | { outcome: 'over_budget'; refusal: MemberBudgetExceeded }
  | { outcome: 'removed' }
  /** Nothing reserved: the same question is in flight (follow it), or this id is (wait for it). */
  | { outcome: 'follow' | 'in_flight' }
  /** Nothing reserved: this request id has an outcome (`begin` reads it). */
  | { outcome: 'journaled' };

/** How long a journal row holds its reservation: while it waits for a slot, and once it is sent. */
export interface Leases {
  waitingMs: number;
  sentMs: number;
}

/**
 * Reserves the most a request may cost against the member's budget (hub_reserve: under the lock of
 * the member's row, so concurrent requests from any hub process never pass it), writes the request's
 * journal row, and takes a free slot of the account's limiter, all in one statement
 * (hub_reserve_request); `slotAt` null: the request waits in line (AccountLimiter.waitForSlot).
 * Identical requests in flight are taken one at a time: the others follow (`follow`), as does one
 * that finds the team's answer changed since `begin` read it.
 */
export async function reserve(
  db: Queryable,
  request: {
    memberId: number;
    requestId: string;
    cacheKey: string;
    /** When the team's cached answer `begin` saw was fetched; null when it saw none. */
    seenFetchedAt: Date | null;
    credits: number;
    leases: Leases;
  },
): Promise<Reserved> {
  const { memberId, requestId, credits, leases } = request;
  const [row] = await db.query<{
    outcome: 'reserved' | 'over_budget' | 'removed' | 'follow' | 'in_flight' | 'journaled';
    day: string | null;
    // bigint: PostgreSQL's driver gives them as texts.
    left_daily: number | string;
    left_monthly: number | string | null;
    slot_at: number | null;
  }>(
    `SELECT outcome, day, left_daily, left_monthly, slot_at
     FROM hub_reserve_request($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      memberId,
      credits,
      WAITER_STALE_MS,
      requestId,
      request.cacheKey,
      request.seenFetchedAt,
      leases.waitingMs,
      leases.sentMs,
    ],
  );
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
  if (row.outcome !== 'reserved') return { outcome: row.outcome };
  return {
    outcome: 'reserved',
    reservation: { memberId, requestId, day: row.day ?? '', credits },
    slotAt: row.slot_at === null ? null : Number(row.slot_at),
  };
}

/** What a request came to, for its journal row: its status, and an error's body to answer again. */
export interface Outcome {
  /**
   * 'answered' (the service answered), 'released' (nothing was sent: a retry may go) or 'lost'
   * (sent, and the call broke: it may have been charged, and is not sent again under its id).
   */
  state: 'answered' | 'released' | 'lost';
  status: number | null;
  body: unknown;
}

/**
 * After the service answered (or could not be asked): the journal row settled and the reservation
 * replaced by what the request cost (`charged`, 0 for an error), the answer kept for the team
 * (`cacheRow`: cache.ts cacheRowValues; null keeps nothing) and the audit line (null writes none),
 * in one statement. The reservation is settled only if its row was still open (a row whose lease
 * passed was settled from the journal already); returns whether it was.
 */
export async function finish(
  db: Queryable,
  step: {
    reservation: Reservation;
    outcome: Outcome;
    charged: number;
    cacheRow: unknown[] | null;
    audit: AuditLine | null;
  },
): Promise<boolean> {
  const { reservation, outcome } = step;
  const [row] = await db.query<{ settled: boolean }>(
    `WITH journaled AS (
       UPDATE request_journal SET state = $19::text, charged = $4::bigint, status = $20::integer,
         body = $21::jsonb
       WHERE member_id = $1::integer AND request_id = $3::text AND state IN ('waiting', 'sent')
       RETURNING day, reserved),
     settled AS (
       UPDATE spend s SET reserved = greatest(0, s.reserved - j.reserved), spent = s.spent + $4::bigint
       FROM journaled j WHERE s.member_id = $1::integer AND s.day = j.day AND j.day = $2::date
       RETURNING 1),
     stored AS (
       INSERT INTO cache (key, endpoint, params, body, fetched_at, data_at)
       SELECT $5::text, $6::text, $7::jsonb, $8::jsonb, $9::timestamptz, $10::timestamptz
       WHERE $5::text IS NOT NULL
       ON CONFLICT (key) DO UPDATE SET params = excluded.params, body = excluded.body,
         fetched_at = excluded.fetched_at, data_at = excluded.data_at
       RETURNING 1),
     audited AS (
       INSERT INTO audit (member_id, endpoint, subject, params, status, charged, cache, cache_key)
       SELECT $11::integer, $12::text, $13::text, $14::jsonb, $15::integer, $16::integer, $17::text, $18::text
       WHERE $11::integer IS NOT NULL
       RETURNING 1)
     SELECT EXISTS (SELECT 1 FROM journaled) AS settled`,
    [
      reservation.memberId,
      reservation.day,
      reservation.requestId,
      step.charged,
      ...(step.cacheRow ?? [null, null, null, null, null, null]),
      ...(step.audit ? auditValues(step.audit) : [null, null, null, null, null, null, null, null]),
      outcome.state,
      outcome.status,
      outcome.body === null ? null : JSON.stringify(outcome.body),
    ],
  );
  return row?.settled === true;
}

/**
 * Answers are asked again with their id within hours (a list resumed, a browser restarted); a week
 * covers a list left paused over a long weekend, and keeps the journal from growing for a year.
 */
export const JOURNAL_KEPT_DAYS = 7;

/**
 * The sweep every hub process runs on a timer: the open journal rows whose lease has passed
 * settled from the journal (hub_settle_expired: not sent, released; sent, charged its reserved
 * maximum as an answer lost), and rows older than JOURNAL_KEPT_DAYS dropped. Processes sweeping at
 * once take turns (one sweeps, the others skip). Returns how many rows it settled.
 */
export async function settleExpired(db: Queryable): Promise<number> {
  const [row] = await db.query<{ settled: number | null }>(
    `WITH turn AS (SELECT pg_try_advisory_xact_lock(4040) AS mine),
     dropped AS (
       DELETE FROM request_journal
       WHERE (SELECT mine FROM turn) AND state NOT IN ('waiting', 'sent')
         AND created_at < now() - make_interval(days => $1)
       RETURNING 1)
     SELECT CASE WHEN (SELECT mine FROM turn) THEN hub_settle_expired(NULL, NULL, NULL) END AS settled`,
    [JOURNAL_KEPT_DAYS],
  );
  return Number(row?.settled ?? 0);
}
