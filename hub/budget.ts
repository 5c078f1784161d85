/**
 * Each member's budget: daily, and optionally monthly, in credits. A request reserves the most it
 * may cost before it leaves, under the lock of the member's row (hub_reserve, request-steps.ts), so
 * concurrent requests of one member (from any number of hub processes on one database) see each
 * other's reservations and never pass the budget between them. The answer settles the reservation
 * to what it cost. Days and months are those of the hub's time zone (HUB_TIME_ZONE, default UTC):
 * the SQL function `hub_today()` (hub/migrations.ts, version 3) is "today" wherever SQL says it.
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

/** The time zone the hub's days are counted in when HUB_TIME_ZONE is not set. */
export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * Makes `zone` (an IANA name such as Pacific/Auckland) the hub's time zone for every process on
 * this database; refuses, changing nothing, a name the database does not know. Returns the name as
 * the database spells it.
 */
export async function useTimeZone(db: Queryable, zone: string): Promise<string> {
  const [known] = await db.query<{ name: string }>(
    'SELECT name FROM pg_timezone_names WHERE lower(name) = lower($1) ORDER BY name = $1 DESC LIMIT 1',
    [zone.trim()],
  );
  if (!known)
    throw new Error(
      `HUB_TIME_ZONE "${zone}" is not a time zone name (an IANA name such as UTC, Europe/Paris or Pacific/Auckland)`,
    );
  await db.query('UPDATE hub_settings SET time_zone = $1 WHERE id = 1', [known.name]);
  return known.name;
}

/** The hub's time zone (HUB_TIME_ZONE, as `useTimeZone` kept it): the days of budgets and spend. */
export async function hubTimeZone(db: Queryable): Promise<string> {
  const [row] = await db.query<{ time_zone: string }>('SELECT time_zone FROM hub_settings WHERE id = 1');
  return row?.time_zone ?? DEFAULT_TIME_ZONE;
}

export async function usageOf(db: Queryable, memberId: number): Promise<Usage> {
  const [row] = await db.query<Record<keyof Usage, string | number | null>>(
    `SELECT
       coalesce(sum(spent) FILTER (WHERE day = hub_today()), 0) AS "spentToday",
       coalesce(sum(reserved) FILTER (WHERE day = hub_today()), 0) AS "reservedToday",
       coalesce(sum(spent), 0) AS "spentThisMonth",
       coalesce(sum(reserved), 0) AS "reservedThisMonth"
     FROM spend WHERE member_id = $1 AND day >= date_trunc('month', hub_today())::date`,
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
