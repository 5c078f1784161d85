/** Calendar helpers of the dataset. All dates are UTC midnights; months are counted as `year * 12 + (month - 1)`. */
import type { SpecDate } from './types';

export const DAY_MS = 86_400_000;

/** Months since year 0 of a date: comparable, and easy to add to. */
export function monthNumber(date: Date): number {
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/**
 * Month boundaries are shared Date objects: the dataset holds ~90,000 stint and study dates over a
 * few hundred distinct months, and a Date costs ~100 bytes. Treat them as immutable.
 */
const MONTH_STARTS = new Map<number, Date>();
const MONTH_ENDS = new Map<number, Date>();

/** The first day of a month number. */
export function monthStart(month: number): Date {
  let date = MONTH_STARTS.get(month);
  if (!date) {
    date = new Date(Date.UTC(Math.floor(month / 12), month % 12, 1));
    MONTH_STARTS.set(month, date);
  }
  return date;
}

/** The last day of a month number. */
export function monthEnd(month: number): Date {
  let date = MONTH_ENDS.get(month);
  if (!date) {
    date = new Date(Date.UTC(Math.floor(month / 12), (month % 12) + 1, 0));
    MONTH_ENDS.set(month, date);
  }
  return date;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The UTC midnight starting the day of `date`. */
export function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The spec's `{day, month, year}`. */
export function specDate(date: Date): SpecDate;
export function specDate(date: Date | null): SpecDate | null;
export function specDate(date: Date | null): SpecDate | null {
  if (!date) return null;
  return { day: date.getUTCDate(), month: date.getUTCMonth() + 1, year: date.getUTCFullYear() };
}

/** `YYYY-MM-DD`. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whole and fractional years between two dates (for tenures). */
export function yearsBetween(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / (365.25 * DAY_MS);
}
