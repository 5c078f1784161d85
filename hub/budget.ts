/**
 * Each member's budget: daily, and optionally monthly, in credits. A request reserves the most it
 * may cost before it leaves, in a transaction that locks the member's row, so concurrent requests
 * of one member (from any number of hub processes on one database) see each other's reservations
 * and never pass the budget between them. The answer settles the reservation to what it cost.
 * Days are UTC days.
 */
import type { Db, Queryable } from './db';
import type { Member } from './members';

export interface Reservation {
  memberId: number;
  day: string;
  credits: number;
}

export interface Usage {
  spentToday: number;
  reservedToday: number;
  spentThisMonth: number;
  reservedThisMonth: number;
}

/** A request that could pass the member's budget: what is left, and what it may cost. */
export class MemberBudgetExceeded extends Error {
  constructor(
    readonly needed: number,
    readonly dailyLeft: number,
    readonly monthlyLeft: number | null,
  ) {
    super(`This request may cost ${needed} credits; the member's budget has ${dailyLeft} left today`);
    this.name = 'MemberBudgetExceeded';
  }
}

const TODAY = "(now() AT TIME ZONE 'UTC')::date";

export async function usageOf(db: Queryable, memberId: number): Promise<Usage> {
  const [row] = await db.query<Record<keyof Usage, string | number | null>>(
    `SELECT
       coalesce(sum(spent) FILTER (WHERE day = ${TODAY}), 0) AS "spentToday",
       coalesce(sum(reserved) FILTER (WHERE day = ${TODAY}), 0) AS "reservedToday",
       coalesce(sum(spent), 0) AS "spentThisMonth",
       coalesce(sum(reserved), 0) AS "reservedThisMonth"
     FROM spend WHERE member_id = $1 AND day >= date_trunc('month', ${TODAY})::date`,
    [memberId],
  );
  return {
    spentToday: Number(row?.spentToday ?? 0),
    reservedToday: Number(row?.reservedToday ?? 0),
    spentThisMonth: Number(row?.spentThisMonth ?? 0),
    reservedThisMonth: Number(row?.reservedThisMonth ?? 0),
  };
}

/** What is left of each budget after what was spent and what is in flight. */
export function leftOf(member: Member, usage: Usage): { daily: number; monthly: number | null } {
  return {
    daily: Math.max(0, member.dailyBudget - usage.spentToday - usage.reservedToday),
    monthly:
      member.monthlyBudget === null
        ? null
        : Math.max(0, member.monthlyBudget - usage.spentThisMonth - usage.reservedThisMonth),
  };
}

/**
 * Reserves `credits` of the member's budget, or throws MemberBudgetExceeded (nothing reserved). The
 * member's row is re-read under lock: budgets changed or a member removed a moment ago count.
 */
export async function reserve(db: Db, memberId: number, credits: number): Promise<Reservation> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ daily_budget: number; monthly_budget: number | null; name: string }>(
      'SELECT name, daily_budget, monthly_budget FROM members WHERE id = $1 AND removed_at IS NULL FOR UPDATE',
      [memberId],
    );
    if (!row) throw new Error('The member was removed');
    const member: Member = {
      id: memberId,
      name: row.name,
      dailyBudget: row.daily_budget,
      monthlyBudget: row.monthly_budget,
    };
    const left = leftOf(member, await usageOf(tx, memberId));
    if (credits > left.daily || (left.monthly !== null && credits > left.monthly))
      throw new MemberBudgetExceeded(credits, left.daily, left.monthly);
    const [reserved] = await tx.query<{ day: string }>(
      `INSERT INTO spend (member_id, day, reserved) VALUES ($1, ${TODAY}, $2)
       ON CONFLICT (member_id, day) DO UPDATE SET reserved = spend.reserved + $2
       RETURNING to_char(day, 'YYYY-MM-DD') AS day`,
      [memberId, credits],
    );
    return { memberId, day: reserved?.day ?? '', credits };
  });
}

/** Replaces a reservation by what the request cost (0 for an error or a cache hit). */
export async function settle(db: Queryable, reservation: Reservation, charged: number): Promise<void> {
  await db.query(
    `UPDATE spend SET reserved = greatest(0, reserved - $3), spent = spent + $4
     WHERE member_id = $1 AND day = $2::date`,
    [reservation.memberId, reservation.day, reservation.credits, charged],
  );
}
