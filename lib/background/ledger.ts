/**
 * The ledger: every call the extension made for the person, with what it cost (reconciled from
 * the answer, read from the balance when the answer was lost or the price is not published) or
 * that it came from the cache. This module is the only writer of its lines: answered calls,
 * cached answers served to a person, interrupted calls and their settlement
 * (lib/background/calls/checkpoints.ts decides what the balance says; the lines are written here). Totals for today
 * and this month drive the daily budget (lib/background/budget.ts).
 */
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { summarizeAnswer, summarizeParams } from '../api/endpoint-info';
import type { CallRecord, EnrichmentDb, LedgerEntry } from './db';

type Db = IDBPDatabase<EnrichmentDb>;
/** A read-write transaction that spans the ledger (and whatever else must change with it). */
export type LedgerTx = IDBPTransaction<EnrichmentDb, ArrayLike<StoreNames<EnrichmentDb>>, 'readwrite'>;

/**
 * A paid call answered: what it cost, or (price not published) the estimate counted until settled.
 * `summary` replaces what the answer would say (an answer not kept names no one).
 */
export async function recordAnswer(
  tx: LedgerTx,
  job: Pick<CallRecord, 'id' | 'endpointId' | 'params'>,
  charge: { credits: number; reported?: number } | { estimate: number | null },
  at: number,
  data: unknown,
  summary = summarizeAnswer(job.endpointId, job.params, data),
): Promise<void> {
  await tx.objectStore('ledger').add({
    at,
    endpointId: job.endpointId,
    summary,
    cached: false,
    requestId: job.id,
    ...('credits' in charge
      ? {
          credits: charge.credits,
          ...(charge.reported !== undefined ? { reportedCredits: charge.reported } : {}),
        }
      : { credits: null, ...(charge.estimate !== null ? { estimatedCredits: charge.estimate } : {}) }),
  });
}

/** A person's action answered from the cache: recorded, at 0 credits. */
export async function recordServedFromCache(
  db: Db,
  job: Pick<CallRecord, 'id' | 'endpointId' | 'params'>,
  at: number,
): Promise<void> {
  await db.add('ledger', {
    at,
    endpointId: job.endpointId,
    summary: summarizeParams(job.endpointId, job.params),
    credits: 0,
    cached: true,
    requestId: job.id,
  });
}

function interruptionLine(job: CallRecord): LedgerEntry {
  const interruption = job.interruption!;
  const exact = interruption.range.min === interruption.range.max;
  return {
    at: job.leftAt ?? job.createdAt,
    endpointId: job.endpointId,
    summary: summarizeParams(job.endpointId, job.params),
    credits: interruption.credits,
    cached: false,
    requestId: job.id,
    interrupted: true,
    ...(exact && interruption.settled ? {} : { creditsRange: interruption.range }),
    settled: interruption.settled,
  };
}

/** An interrupted call's line (one per call, replaced on each reading of the balance). */
export async function recordInterruption(tx: LedgerTx, job: CallRecord): Promise<void> {
  const ledger = tx.objectStore('ledger');
  const lines = await ledger.index('byRequestId').getAll(job.id);
  const previous = lines.find((line) => line.interrupted);
  const line = interruptionLine(job);
  if (previous?.id !== undefined) await ledger.put({ ...line, id: previous.id });
  else await ledger.add(line);
}

/**
 * An answered call whose price is not published, as the balance tells it: its share of the drop,
 * and the range where the split between several such calls cannot be told.
 */
export async function recordUnpricedShare(
  tx: LedgerTx,
  requestId: string,
  share: { credits: number; min: number; max: number },
): Promise<void> {
  const ledger = tx.objectStore('ledger');
  for (const line of await ledger.index('byRequestId').getAll(requestId)) {
    if (line.cached || line.interrupted) continue;
    const { estimatedCredits: _estimate, creditsRange: _range, ...rest } = line;
    await ledger.put({
      ...rest,
      credits: share.credits,
      ...(share.min === share.max ? {} : { creditsRange: { min: share.min, max: share.max } }),
    });
  }
}

/** An interrupted call certainly not charged, sent again: its 0-credit line goes. */
export async function dropUnchargedInterruption(db: Db, requestId: string): Promise<void> {
  const tx = db.transaction('ledger', 'readwrite');
  for (const line of await tx.store.index('byRequestId').getAll(requestId)) {
    if (line.interrupted && line.id !== undefined && line.credits === 0) await tx.store.delete(line.id);
  }
  await tx.done;
}

export interface LedgerTotals {
  today: number;
  month: number;
  /** Calls whose cost is not published (v3): counted, not summed. */
  unpricedToday: number;
}

export function startOfDay(now: number): number {
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

export async function ledgerTotals(db: Db, now: number): Promise<LedgerTotals> {
  return totalsOf(await db.getAllFromIndex('ledger', 'byAt', sinceMonthStart(now)), now);
}

/** The ledger lines `totalsOf` needs: those of this month (and today, when the month began later). */
export function sinceMonthStart(now: number): IDBKeyRange {
  return IDBKeyRange.lowerBound(Math.min(startOfMonth(now), startOfDay(now)));
}

/**
 * Today's and this month's spending from ledger lines. An interrupted call whose cost the balance
 * could not tell counts the most it may have cost, and a call whose price is not published its
 * estimate until the balance tells, so the budget is never passed unknowingly.
 */
export function totalsOf(entries: readonly LedgerEntry[], now: number): LedgerTotals {
  const dayStart = startOfDay(now);
  const totals: LedgerTotals = { today: 0, month: 0, unpricedToday: 0 };
  for (const entry of entries) {
    const credits =
      entry.credits ??
      (entry.interrupted
        ? (entry.creditsRange?.max ?? entry.creditsRange?.min ?? 0)
        : (entry.estimatedCredits ?? 0));
    totals.month += credits;
    if (entry.at >= dayStart) {
      totals.today += credits;
      if (entry.credits === null && !entry.interrupted) totals.unpricedToday += 1;
    }
  }
  return totals;
}

/** Most recent first. */
export async function recentLedger(db: Db, limit = 50): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let cursor = await db.transaction('ledger').store.index('byAt').openCursor(null, 'prev');
  while (cursor && entries.length < limit) {
    entries.push(cursor.value);
    cursor = await cursor.continue();
  }
  return entries;
}

/**
 * What the free credit balance tells about calls whose answers were lost (the worker stopped, the
 * connection broke): the charge of each, exactly where it can be told, otherwise the range it lies in.
 *
 * `reference` is a balance read before the first of these calls left; `balanceNow` one read later,
 * with no call of ours in flight. Between the two, the balance dropped by the charges of the calls
 * that left after the reference (`known`, reconciled from their answers), of the lost calls
 * (`unknown`), and possibly of calls that were already in flight when the reference was read
 * (`ambiguousMax`: each may have been charged before the read or after it). Each lost call cost
 * either nothing (it never reached the service, or the service did not charge a client that left)
 * or something its quote allows.
 *
 * The shares of the lost calls always add up to what the balance says they cost together (its
 * worst case when that itself is a range), so the ledger's total follows the service; where the
 * split between calls cannot be told, each share is one consistent with the balance and the range
 * says so.
 */
export interface LostCall {
  id: string;
  /** The call's quote: it cost 0 or something in [min, max]; null min: not published (any amount). */
  min: number | null;
  max: number | null;
}

export interface Attribution {
  /** What the lost calls cost together; `min === max` when the balance tells it exactly. */
  total: { min: number; max: number };
  byId: Map<string, { credits: number; min: number; max: number }>;
}

/** Past this many credits the exact split is not searched for; the bounds stay sound. */
const EXACT_SPLIT_LIMIT = 2_000;

export function attributeCharges(input: {
  reference: number;
  balanceNow: number;
  known: number;
  ambiguousMax?: number;
  unknown: readonly LostCall[];
  /** Other calls whose charge is not known either (a price not published): they may take any share. */
  unpriced?: number;
}): Attribution | null {
  const drop = input.reference - input.balanceNow - input.known;
  const high = drop;
  const low = drop - (input.ambiguousMax ?? 0);
  // The balance rose (a top-up?) or moved less than the known charges: it cannot tell anything.
  if (high < 0) return null;
  const totalMin = Math.max(0, low);
  const values = input.unknown.map((call) => valuesOf(call, high));
  // Unpriced calls that are not ours to attribute can take any amount up to the whole drop.
  for (let index = 0; index < (input.unpriced ?? 0); index++) values.push({ zero: true, lo: 0, hi: high });
  const ours = input.unknown.length;
  const byId = new Map<string, { credits: number; min: number; max: number }>();

  if (high > EXACT_SPLIT_LIMIT) {
    // Bounds only: each call between what the others cannot cover and what it can be charged.
    const sumHi = values.reduce((sum, v) => sum + v.hi, 0);
    let left = high;
    input.unknown.forEach((call, index) => {
      const v = values[index]!;
      const min = Math.max(0, totalMin - (sumHi - v.hi));
      const max = Math.min(v.hi, high);
      const credits = Math.min(max, left);
      left -= credits;
      byId.set(call.id, { credits, min, max });
    });
    return { total: { min: totalMin, max: high }, byId };
  }

  // Sums reachable by the calls before index i (prefix) and after it (suffix), as bitsets.
  const prefix: Uint8Array[] = [reach(null, null, high)];
  for (let i = 0; i < values.length; i++) prefix.push(reach(prefix[i]!, values[i]!, high));
  const suffix: Uint8Array[] = new Array(values.length + 1);
  suffix[values.length] = reach(null, null, high);
  for (let i = values.length - 1; i >= 0; i--) suffix[i] = reach(suffix[i + 1]!, values[i]!, high);

  const all = prefix[values.length]!;
  let feasibleMin = -1;
  let feasibleMax = -1;
  for (let sum = totalMin; sum <= high; sum++) {
    if (!all[sum]) continue;
    if (feasibleMin < 0) feasibleMin = sum;
    feasibleMax = sum;
  }
  // No combination of charges the quotes allow explains the balance (another client on the key?).
  if (feasibleMax < 0) return null;

  for (let i = 0; i < ours; i++) {
    const others = combine(prefix[i]!, suffix[i + 1]!, high);
    const v = values[i]!;
    let min = -1;
    let max = -1;
    for (const value of candidates(v)) {
      let fits = false;
      for (let sum = Math.max(0, totalMin - value); sum <= high - value; sum++) {
        if (others[sum]) {
          fits = true;
          break;
        }
      }
      if (!fits) continue;
      if (min < 0 || value < min) min = value;
      if (value > max) max = value;
    }
    byId.set(input.unknown[i]!.id, { credits: 0, min: Math.max(min, 0), max: Math.max(max, 0) });
  }

  // One split adding up to the most the balance allows: the earliest calls take the larger shares
  // (they were at the service longest).
  let target = feasibleMax;
  const shares: number[] = new Array(values.length).fill(0);
  for (let i = values.length - 1; i >= 0; i--) {
    const v = values[i]!;
    const before = prefix[i]!;
    let chosen = -1;
    for (const value of candidates(v)) {
      if (value <= target && before[target - value] && (chosen < 0 || value < chosen)) chosen = value;
    }
    shares[i] = Math.max(chosen, 0);
    target -= shares[i]!;
  }
  for (let i = 0; i < ours; i++) {
    const entry = byId.get(input.unknown[i]!.id)!;
    entry.credits = shares[i]!;
  }
  return { total: { min: feasibleMin, max: feasibleMax }, byId };
}

interface Values {
  /** Whether 0 is possible (not charged). */
  zero: boolean;
  lo: number;
  hi: number;
}

function valuesOf(call: LostCall, cap: number): Values {
  const lo = call.min ?? 0;
  const hi = Math.min(call.max ?? cap, cap);
  return { zero: true, lo, hi };
}

function* candidates(v: Values): Generator<number> {
  if (v.zero) yield 0;
  for (let value = Math.max(v.lo, v.zero ? 1 : 0); value <= v.hi; value++) yield value;
}

/** The sums reachable from `from` adding one value of `v` (or {0} when starting). */
function reach(from: Uint8Array | null, v: Values | null, cap: number): Uint8Array {
  const out = new Uint8Array(cap + 1);
  if (!from || !v) {
    out[0] = 1;
    return out;
  }
  for (let sum = 0; sum <= cap; sum++) {
    if (!from[sum]) continue;
    for (const value of candidates(v)) {
      if (sum + value > cap) break;
      out[sum + value] = 1;
    }
  }
  return out;
}

function combine(a: Uint8Array, b: Uint8Array, cap: number): Uint8Array {
  const out = new Uint8Array(cap + 1);
  for (let x = 0; x <= cap; x++) {
    if (!a[x]) continue;
    for (let y = 0; x + y <= cap; y++) if (b[y]) out[x + y] = 1;
  }
  return out;
}
