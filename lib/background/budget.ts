/**
 * The daily budget, which holds when several things spend at once: each call reserves the most it
 * may cost in the same serialized step that journals it (lib/background/calls/journal.ts), and a reservation counts
 * as spent until the call's ledger line replaces it (answered, or interrupted at the most it may
 * have cost until the balance settles it). So two lookups started together, or two batches in two
 * tabs, see each other's reservations and cannot pass the budget between them unasked.
 *
 * What a call reserves (its most, or an honest estimate where no price is published) is
 * lib/pricing/reservation.ts, shared with the team hub.
 */
import type { IDBPDatabase } from 'idb';
import type { EndpointId } from '../api/ids';
import { type Bounds, budgetBounds } from '../pricing/reservation';
import { pendingCalls } from './calls/journal';
import type { EnrichmentDb } from './db';
import { startOfDay, totalsOf } from './ledger';

export interface BudgetCheck {
  /** Credits left today after what was spent and what calls in flight reserved; null: no budget. */
  remaining: number | null;
  /** The action may cost more than what is left: ask first. */
  needsConfirmation: boolean;
}

/**
 * An action whose maximum (or estimate) exceeds what remains of today's budget needs a
 * confirmation; so does an unbounded one whenever a budget is set.
 */
export function checkBudget(quote: Bounds, dailyBudget: number | null, committed: number): BudgetCheck {
  if (dailyBudget === null) return { remaining: null, needsConfirmation: false };
  const remaining = Math.max(0, dailyBudget - committed);
  const worst = quote.max ?? Number.POSITIVE_INFINITY;
  return { remaining, needsConfirmation: worst > remaining };
}

/** What calls in flight reserved of today's budget. */
export async function reservedNow(db: IDBPDatabase<EnrichmentDb>): Promise<number> {
  return (await pendingCalls(db)).reduce((sum, job) => sum + (job.reserved ?? 0), 0);
}

/** Spent today (the ledger, unsettled lines at their most) plus what calls in flight reserved. */
export async function committedToday(db: IDBPDatabase<EnrichmentDb>, now: number): Promise<number> {
  const [lines, reserved] = await Promise.all([
    db.getAllFromIndex('ledger', 'byAt', IDBKeyRange.lowerBound(startOfDay(now))),
    reservedNow(db),
  ]);
  return totalsOf(lines, now).today + reserved;
}

/**
 * Whether a run (a batch, a list) passes today's budget: only on the day the person confirmed it.
 * A confirmation is for today's budget; the next day's is asked again.
 */
export function confirmedForToday(run: { confirmed?: boolean; confirmedOn?: number }, now: number): boolean {
  return run.confirmed === true && run.confirmedOn === startOfDay(now);
}

/** A confirmation past today's budget, as a run keeps it (read by confirmedForToday). */
export function confirmationOf(now: number): { confirmed: true; confirmedOn: number } {
  return { confirmed: true, confirmedOn: startOfDay(now) };
}

/** The budget as a view shows it: what is left after spending and reservations. */
export async function budgetFor(
  db: IDBPDatabase<EnrichmentDb>,
  endpointId: EndpointId,
  quote: Bounds,
  dailyBudget: number | null,
  now: number,
): Promise<BudgetCheck> {
  if (dailyBudget === null) return { remaining: null, needsConfirmation: false };
  return checkBudget(budgetBounds(endpointId, quote), dailyBudget, await committedToday(db, now));
}
