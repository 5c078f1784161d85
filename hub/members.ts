/**
 * Members and their tokens. A token is 32 random bytes shown once (when the member is added); the
 * hub keeps only its SHA-256, and compares hashes in constant time. A removed member's token is
 * refused from the next request on: every request reads the member row.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Refusal } from './answers';
import type { Queryable } from './db';

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

const TOKEN_PREFIX = 'hub_';

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Equal texts, in a time that does not depend on where they differ (hashed first: equal lengths). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    name: row.name,
    dailyBudget: Number(row.daily_budget),
    monthlyBudget: row.monthly_budget === null ? null : Number(row.monthly_budget),
  };
}

const COLUMNS = 'id, name, token_hash, daily_budget, monthly_budget';

/** The hash a member row is looked up by; null for a text that cannot be a member's token. */
export function tokenLookupHash(token: string): string | null {
  return token.startsWith(TOKEN_PREFIX) ? hashToken(token) : null;
}

/** The member of a row found by a token's hash, once the hashes are compared in constant time. */
export function verifiedMember(row: MemberRow | undefined, hash: string): Member | null {
  if (!row) return null;
  return timingSafeEqual(Buffer.from(row.token_hash, 'hex'), Buffer.from(hash, 'hex')) ? toMember(row) : null;
}

/** The active member a bearer token belongs to; null for an unknown or removed member's token. */
export async function memberByToken(db: Queryable, token: string): Promise<Member | null> {
  const hash = tokenLookupHash(token);
  if (hash === null) return null;
  const [row] = await db.query<MemberRow>(
    `SELECT ${COLUMNS} FROM members WHERE token_hash = $1 AND removed_at IS NULL`,
    [hash],
  );
  return verifiedMember(row, hash);
}

function checkBudgetValue(label: string, value: number | null): void {
  if (value !== null && (!Number.isSafeInteger(value) || value < 0))
    throw new Refusal(`${label} must be a whole number of credits, 0 or more (not ${value})`);
}

/** Adds a member; returns them and their token, which is shown only now. */
export async function addMember(
  db: Queryable,
  name: string,
  budgets: { daily: number; monthly?: number | null },
): Promise<{ member: Member; token: string }> {
  if (name.trim() === '') throw new Refusal('A member needs a name');
  checkBudgetValue('The daily budget', budgets.daily);
  checkBudgetValue('The monthly budget', budgets.monthly ?? null);
  const [taken] = await db.query('SELECT 1 FROM members WHERE name = $1 AND removed_at IS NULL', [
    name.trim(),
  ]);
  if (taken) throw new Refusal(`There is already a member named "${name.trim()}"`, 409);
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await db.query<MemberRow>(
    `INSERT INTO members (name, token_hash, daily_budget, monthly_budget) VALUES ($1, $2, $3, $4)
     RETURNING ${COLUMNS}`,
    [name.trim(), hashToken(token), budgets.daily, budgets.monthly ?? null],
  );
  if (!row) throw new Error('The member was not added');
  return { member: toMember(row), token };
}

export async function listMembers(db: Queryable): Promise<Member[]> {
  const rows = await db.query<MemberRow>(
    `SELECT ${COLUMNS} FROM members WHERE removed_at IS NULL ORDER BY name`,
  );
  return rows.map(toMember);
}

export interface ListedMember extends Member {
  /** When the member was removed (their token stopped working); null for an active member. */
  removedAt: string | null;
}

/** Every member, removed ones too (after the active ones), for the admin. */
export async function listMembersWithRemoved(db: Queryable): Promise<ListedMember[]> {
  const rows = await db.query<MemberRow & { removed_at: Date | string | null }>(
    `SELECT ${COLUMNS}, removed_at FROM members ORDER BY removed_at IS NOT NULL, name, removed_at DESC`,
  );
  return rows.map((row) => ({
    ...toMember(row),
    removedAt: row.removed_at === null ? null : new Date(row.removed_at).toISOString(),
  }));
}

export async function activeMemberNamed(db: Queryable, name: string): Promise<Member> {
  const [row] = await db.query<MemberRow>(
    `SELECT ${COLUMNS} FROM members WHERE name = $1 AND removed_at IS NULL`,
    [name],
  );
  if (!row) throw new Refusal(`No member is named "${name}"`, 404);
  return toMember(row);
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
