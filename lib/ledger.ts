/**
 * The ledger: every call the extension made for the person, with what it cost (reconciled from
 * the answer) or that it came from the cache. Totals for today and this month drive the daily
 * budget, which is never exceeded without the person's confirmation.
 */
import type { IDBPDatabase } from 'idb';
import type { EnrichmentDb, LedgerEntry } from './db';

export interface LedgerTotals {
  today: number;
  month: number;
  /** Calls whose cost is not published (v3): counted, not summed. */
  unpricedToday: number;
}

function startOfDay(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

function startOfMonth(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  d.setDate(1);
  return d.getTime();
}

export async function ledgerTotals(db: IDBPDatabase<EnrichmentDb>, now: number): Promise<LedgerTotals> {
  const dayStart = startOfDay(now);
  const totals: LedgerTotals = { today: 0, month: 0, unpricedToday: 0 };
  const range = IDBKeyRange.lowerBound(Math.min(startOfMonth(now), dayStart));
  for (const entry of await db.getAllFromIndex('ledger', 'byAt', range)) {
    const credits = entry.credits ?? 0;
    totals.month += credits;
    if (entry.at >= dayStart) {
      totals.today += credits;
      if (entry.credits === null) totals.unpricedToday += 1;
    }
  }
  return totals;
}

/** Most recent first. */
export async function recentLedger(db: IDBPDatabase<EnrichmentDb>, limit = 50): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let cursor = await db.transaction('ledger').store.index('byAt').openCursor(null, 'prev');
  while (cursor && entries.length < limit) {
    entries.push(cursor.value);
    cursor = await cursor.continue();
  }
  return entries;
}

export async function clearLedger(db: IDBPDatabase<EnrichmentDb>): Promise<void> {
  await db.clear('ledger');
}

export interface BudgetCheck {
  /** Credits left today; null when no budget is set. */
  remaining: number | null;
  /** The action may cost more than what is left: ask first. */
  needsConfirmation: boolean;
}

/**
 * An action whose quote's maximum exceeds what remains of today's budget needs a confirmation.
 * An unbounded maximum (null) needs one too, unless its minimum alone is known to fit and the
 * budget is unset.
 */
export function checkBudget(
  quote: { min: number | null; max: number | null },
  dailyBudget: number | null,
  spentToday: number,
): BudgetCheck {
  if (dailyBudget === null) return { remaining: null, needsConfirmation: false };
  const remaining = Math.max(0, dailyBudget - spentToday);
  const worst = quote.max ?? Number.POSITIVE_INFINITY;
  // v3 costs are not published at all (min and max null): ask only once nothing is left.
  if (quote.min === null && quote.max === null) return { remaining, needsConfirmation: remaining === 0 };
  return { remaining, needsConfirmation: worst > remaining };
}
