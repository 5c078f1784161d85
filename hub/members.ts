/**
 * Members and their tokens. A token is 32 random bytes shown once (when the member is added or
 * their token rotated); the hub keeps only its SHA-256, and compares hashes in constant time. A
 * removed member's token is refused from the next request on: every request reads the member row.
 *
 * A token may expire (`expires_at`); rotating it gives a new one and keeps the old one working for a
 * grace period (`previous_token_hash` until `previous_token_until`), so the member can switch without
 * a request refused. An expired or replaced token is answered 401 with a description that says so
 * (`token_expired`), which the extension shows as it is: the member then knows to ask for a new one.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { errorJson, jsonResponse, Refusal, unauthorized } from './answers';
import type { Queryable } from './db';
import { noteMember } from './request-context';

export interface Member {
  id: number;
  name: string;
  dailyBudget: number;
  monthlyBudget: number | null;
}

export interface MemberRow {
  id: number;
  name: string;
  token_hash: string;
  /** bigint: PostgreSQL's driver gives it as a text. */
  daily_budget: number | string;
  monthly_budget: number | string | null;
}

/** A member row as the token check reads it (TOKEN_CHECK_COLUMNS). */
export interface TokenRow extends MemberRow {
  previous_token_hash: string | null;
  expires_at: Date | string | null;
  previous_token_until: Date | string | null;
  token_expired: boolean | null;
  previous_ended: boolean | null;
}

/** A token's member, or the 401 that refuses it (unknown, removed, expired or replaced). */
export type TokenCheck = { member: Member } | { refusal: Response };

const TOKEN_PREFIX = 'hub_';
/** How long a rotated token keeps working when the admin does not say (`--grace`, `grace_hours`). */
export const DEFAULT_GRACE_HOURS = 24;
/** The longest grace a rotation may give the old token (30 days). */
export const MAX_GRACE_HOURS = 30 * 24;
/** The longest lifetime a token may be given (10 years). */
export const MAX_TOKEN_HOURS = 10 * 365 * 24;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Equal texts, in a time that does not depend on where they differ (hashed first: equal lengths). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

export function memberOfRow(row: MemberRow): Member {
  return {
    id: row.id,
    name: row.name,
    dailyBudget: Number(row.daily_budget),
    monthlyBudget: row.monthly_budget === null ? null : Number(row.monthly_budget),
  };
}

const COLUMNS = 'id, name, token_hash, daily_budget, monthly_budget';

/**
 * What the token check reads of a member row `m` (with the database's clock, which every hub
 * process shares), found by TOKEN_MATCH: the token as `$1`'s hash, current or still in its grace.
 */
export const TOKEN_CHECK_COLUMNS = `m.id, m.name, m.token_hash, m.daily_budget, m.monthly_budget,
  m.previous_token_hash, m.expires_at, m.previous_token_until,
  m.expires_at <= now() AS token_expired, m.previous_token_until <= now() AS previous_ended`;
export const TOKEN_MATCH = '(m.token_hash = $1 OR m.previous_token_hash = $1) AND m.removed_at IS NULL';

/** The hash a member row is looked up by; null for a text that cannot be a member's token. */
export function tokenLookupHash(token: string): string | null {
  return token.startsWith(TOKEN_PREFIX) ? hashToken(token) : null;
}

const sameHash = (stored: string, hash: string) =>
  timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(hash, 'hex'));

const isoOf = (value: Date | string): string => new Date(value).toISOString();

/** A token that did work and no longer does: 401 saying since when, and what to do. */
function stoppedToken(description: string): Response {
  return jsonResponse(401, errorJson(401, description, { error: 'token_expired' }));
}

/** The member of a row found by a token's hash (hashes compared in constant time), or the 401 to answer. */
export function checkedToken(row: TokenRow | undefined, hash: string): TokenCheck {
  if (!row) return { refusal: unauthorized() };
  if (sameHash(row.token_hash, hash)) {
    if (row.token_expired && row.expires_at !== null)
      return {
        refusal: stoppedToken(
          `This member token expired at ${isoOf(row.expires_at)}: ask your hub's admin for a new one`,
        ),
      };
    return accepted(row);
  }
  if (row.previous_token_hash === null || !sameHash(row.previous_token_hash, hash))
    return { refusal: unauthorized() };
  if (row.previous_ended || row.previous_token_until === null)
    return {
      refusal: stoppedToken(
        `This member token was replaced by a new one and stopped working at ${isoOf(
          row.previous_token_until ?? new Date(0),
        )}: use the new token your hub's admin gave you`,
      ),
    };
  return accepted(row);
}

/** A token accepted: its member, noted for the request's log line. */
function accepted(row: MemberRow): TokenCheck {
  noteMember(row.name);
  return { member: memberOfRow(row) };
}

/**
 * The team watch's payer (team-watch.ts): a member row of its own, so that the watch's requests take
 * the members' one path (journal, budget accounting, limiter, audit). It has no token (its hash is no
 * SHA-256, so no token matches it) and no budget of its own: the watch budget is kept by the watch.
 */
export const TEAM_WATCH_PAYER = '(team watch)';
const PAYER_BUDGET = Number.MAX_SAFE_INTEGER;

/** The team watch payer's member id, made on first use. */
export async function teamWatchPayer(db: Queryable): Promise<number> {
  // Twice: a process adding it at the same moment as another sees the other's row the second time.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await db.query<{ id: number }>(
      `WITH added AS (
       INSERT INTO members (name, token_hash, daily_budget, monthly_budget, team_watch)
       VALUES ($1, 'team watch: no token', $2, NULL, true)
       ON CONFLICT (team_watch) WHERE team_watch DO NOTHING RETURNING id)
     SELECT id FROM added UNION ALL SELECT id FROM members WHERE team_watch LIMIT 1`,
      [TEAM_WATCH_PAYER, PAYER_BUDGET],
    );
    if (row) return row.id;
  }
  throw new Error("The team watch's payer could not be made");
}

/** The active member a bearer token belongs to, or the 401 for an unknown, removed, expired or replaced one. */
export async function memberByToken(db: Queryable, token: string): Promise<TokenCheck> {
  const hash = tokenLookupHash(token);
  if (hash === null) return { refusal: unauthorized() };
  const [row] = await db.query<TokenRow>(
    `SELECT ${TOKEN_CHECK_COLUMNS} FROM members m WHERE ${TOKEN_MATCH}`,
    [hash],
  );
  return checkedToken(row, hash);
}

function checkBudgetValue(label: string, value: number | null): void {
  if (value !== null && (!Number.isSafeInteger(value) || value < 0))
    throw new Refusal(`${label} must be a whole number of credits, 0 or more (not ${value})`);
}

function checkHours(label: string, value: number, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new Refusal(`${label} must be a whole number of hours from ${min} to ${max} (not ${value})`);
}

const newToken = () => TOKEN_PREFIX + randomBytes(32).toString('base64url');

const isoOrNull = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : isoOf(value);

/** A token just made: shown only now, with when it expires (null: never). */
export interface IssuedToken {
  member: Member;
  token: string;
  expiresAt: string | null;
}

/**
 * Adds a member; returns them and their token, which is shown only now. `expiresInHours`: the
 * token stops working that long from now (null or absent: it never expires).
 */
export async function addMember(
  db: Queryable,
  name: string,
  budgets: { daily: number; monthly?: number | null },
  { expiresInHours = null }: { expiresInHours?: number | null } = {},
): Promise<IssuedToken> {
  if (name.trim() === '') throw new Refusal('A member needs a name');
  checkBudgetValue('The daily budget', budgets.daily);
  checkBudgetValue('The monthly budget', budgets.monthly ?? null);
  if (expiresInHours !== null) checkHours("The token's lifetime", expiresInHours, 1, MAX_TOKEN_HOURS);
  const [taken] = await db.query('SELECT 1 FROM members WHERE name = $1 AND removed_at IS NULL', [
    name.trim(),
  ]);
  if (taken) throw new Refusal(`There is already a member named "${name.trim()}"`, 409);
  const token = newToken();
  const [row] = await db.query<MemberRow & { expires_at: Date | string | null }>(
    `INSERT INTO members (name, token_hash, daily_budget, monthly_budget, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5::integer))
     RETURNING ${COLUMNS}, expires_at`,
    [name.trim(), hashToken(token), budgets.daily, budgets.monthly ?? null, expiresInHours],
  );
  if (!row) throw new Error('The member was not added');
  return { member: memberOfRow(row), token, expiresAt: isoOrNull(row.expires_at) };
}

/** A rotation's new token, and until when the old one still works (null: it stopped at once). */
export interface RotatedToken extends IssuedToken {
  previousUntil: string | null;
}

/**
 * Gives a member a new token (shown only now). The old one keeps working for `graceHours` (0: it
 * stops at once; never past its own expiry); a token replaced before (still in its grace) stops at
 * once. The new token's lifetime: `expiresInHours` when given (null: it never expires), else the
 * one the old token was given (a 90-day token is replaced by a 90-day token).
 */
export async function rotateToken(
  db: Queryable,
  name: string,
  {
    graceHours = DEFAULT_GRACE_HOURS,
    expiresInHours,
  }: { graceHours?: number; expiresInHours?: number | null } = {},
): Promise<RotatedToken> {
  checkHours('The grace period', graceHours, 0, MAX_GRACE_HOURS);
  if (expiresInHours !== undefined && expiresInHours !== null)
    checkHours("The token's lifetime", expiresInHours, 1, MAX_TOKEN_HOURS);
  const member = await activeMemberNamed(db, name);
  const token = newToken();
  const lifetime = expiresInHours === undefined ? 'keep' : expiresInHours === null ? 'never' : 'set';
  const [row] = await db.query<{
    expires_at: Date | string | null;
    previous_token_until: Date | string | null;
  }>(
    `UPDATE members SET
       previous_token_hash = CASE WHEN $3::integer > 0 THEN token_hash END,
       previous_token_until = CASE WHEN $3::integer > 0 THEN
         least(now() + make_interval(hours => $3::integer), coalesce(expires_at, 'infinity')) END,
       expires_at = CASE $4::text WHEN 'never' THEN NULL
         WHEN 'set' THEN now() + make_interval(hours => $5::integer)
         ELSE now() + (expires_at - token_issued_at) END,
       token_hash = $2, token_issued_at = now()
     WHERE id = $1 AND removed_at IS NULL
     RETURNING expires_at, previous_token_until`,
    [member.id, hashToken(token), graceHours, lifetime, expiresInHours ?? null],
  );
  if (!row) throw new Refusal(`No member is named "${name}"`, 404);
  return {
    member,
    token,
    expiresAt: isoOrNull(row.expires_at),
    previousUntil: isoOrNull(row.previous_token_until),
  };
}

export async function listMembers(db: Queryable): Promise<ListedMember[]> {
  return (await listMembersWithRemoved(db)).filter((member) => member.removedAt === null);
}

export interface ListedMember extends Member {
  /** When the member was removed (their token stopped working); null for an active member. */
  removedAt: string | null;
  /** When their token expires (or expired); null: it never expires. */
  tokenExpiresAt: string | null;
  /** Until when their previous (rotated) token still works; null when it no longer does. */
  previousTokenUntil: string | null;
}

/**
 * Every member, removed ones too (after the active ones), for the admin; not the team watch's own
 * payer (team-watch.ts), which no admin adds, names or removes.
 */
export async function listMembersWithRemoved(db: Queryable): Promise<ListedMember[]> {
  const rows = await db.query<
    MemberRow & {
      removed_at: Date | string | null;
      expires_at: Date | string | null;
      previous_token_until: Date | string | null;
    }
  >(
    `SELECT ${COLUMNS}, removed_at, expires_at,
       CASE WHEN previous_token_until > now() THEN previous_token_until END AS previous_token_until
     FROM members WHERE NOT team_watch ORDER BY removed_at IS NOT NULL, name, removed_at DESC`,
  );
  return rows.map((row) => ({
    ...memberOfRow(row),
    removedAt: isoOrNull(row.removed_at),
    tokenExpiresAt: isoOrNull(row.expires_at),
    previousTokenUntil: isoOrNull(row.previous_token_until),
  }));
}

export async function activeMemberNamed(db: Queryable, name: string): Promise<Member> {
  const [row] = await db.query<MemberRow>(
    `SELECT ${COLUMNS} FROM members WHERE name = $1 AND removed_at IS NULL AND NOT team_watch`,
    [name],
  );
  if (!row) throw new Refusal(`No member is named "${name}"`, 404);
  return memberOfRow(row);
}

/** Sets what is given; `monthly: null` removes the monthly budget. */
export async function setBudget(
  db: Queryable,
  name: string,
  budgets: { daily?: number; monthly?: number | null },
): Promise<Member> {
  const member = await activeMemberNamed(db, name);
  if (budgets.daily !== undefined) checkBudgetValue('The daily budget', budgets.daily);
  if (budgets.monthly !== undefined) checkBudgetValue('The monthly budget', budgets.monthly);
  const daily = budgets.daily ?? member.dailyBudget;
  const monthly = budgets.monthly === undefined ? member.monthlyBudget : budgets.monthly;
  await db.query('UPDATE members SET daily_budget = $2, monthly_budget = $3 WHERE id = $1', [
    member.id,
    daily,
    monthly,
  ]);
  return { ...member, dailyBudget: daily, monthlyBudget: monthly };
}

/** Removes a member: their token is refused from now on; their audit lines stay. */
export async function removeMember(db: Queryable, name: string): Promise<void> {
  const member = await activeMemberNamed(db, name);
  await db.query('UPDATE members SET removed_at = now() WHERE id = $1', [member.id]);
}
