/**
 * Each member's budget: daily, and optionally monthly, in credits. A request reserves the most it
 * may cost before it leaves, under the lock of the member's row (hub_reserve, request-steps.ts), so
 * concurrent requests of one member (from any number of hub processes on one database) see each
 * other's reservations and never pass the budget between them. The answer settles the reservation
 * to what it cost. Days are UTC days.
 */
import type { Queryable } from './db';
import type { Member } from './members';

export interface Reservation {
  memberId: number;
  /** The request's id: its journal row (request-steps.ts). */
  requestId: string;
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
