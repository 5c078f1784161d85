/**
 * How a lost call's cost reads, wherever it is shown (a row, a batch, the account's ledger): what
 * the service's balance says it cost, exactly or as a range, and whether that may still change.
 * Plain text only.
 */
import { creditCount } from '@/lib/quote-format';

export interface LostCharge {
  /** Its share as far as the balance tells; null when the balance could not be read. */
  credits: number | null;
  range: { min: number; max: number | null };
  /** false while the service might still charge it. */
  settled: boolean;
}

/** "0–2 credits", "2 credits", "2 or more credits". */
export function rangeText({ min, max }: LostCharge['range']): string {
  if (max === null) return `${min} or more credits`;
  if (min === max) return creditCount(min);
  return `${min}–${creditCount(max)}`;
}

/**
 * The cost of a lost call in a sentence's words: "cost 2 credits", "cost 0–2 credits (the balance
 * cannot tell it apart from the calls in flight with it)", "cost so far 0 credits; the service may
 * still charge up to 2 credits", "cost not known yet: up to 2 credits".
 */
export function lostChargeText(charge: LostCharge): string {
  const { range, settled, credits } = charge;
  if (settled) {
    if (range.min === range.max) return `cost ${creditCount(range.min)}`;
    if (credits === null) return `cost unknown: ${rangeText(range)} (the service does not tell its balance)`;
    return `cost ${rangeText(range)} (the balance cannot tell it apart from the calls in flight with it)`;
  }
  const most = range.max === null ? 'more' : `up to ${creditCount(range.max)}`;
  if (credits === null) return `cost not known yet: ${range.max === null ? 'any amount' : most}`;
  if (range.max !== null && credits >= range.max) return `cost ${creditCount(credits)}`;
  return `cost so far ${creditCount(credits)}; the service may still charge ${most}`;
}

/** The ledger's short form: "2 credits", "0–2 credits", "0 credits so far". */
export function lostChargeShort(charge: LostCharge): string {
  const { range, settled, credits } = charge;
  if (range.min === range.max && (settled || range.max === credits)) return creditCount(range.min);
  if (!settled && credits !== null) return `${creditCount(credits)} so far`;
  return rangeText(range);
}
