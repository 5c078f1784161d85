/**
 * How the side panel words ages, sizes and excerpts. Plain text only; the shared number and credit
 * wording is in ../format.ts.
 */
import type { CompanySize, SpecDate } from '@/lib/api/schemas';

const wholeNumber = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/** Relative times are worded in English, like every sentence around them. */
const relativeTime = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const AGE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60 * 1000],
  ['month', 30 * 24 * 60 * 60 * 1000],
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** "just now", "5 minutes ago", "3 days ago", "1 year ago": the largest whole unit. */
export function formatAgo(ageMs: number): string {
  for (const [unit, size] of AGE_UNITS) {
    if (ageMs >= size) return relativeTime.format(-Math.floor(ageMs / size), unit);
  }
  return 'just now';
}

export function formatNumber(value: number): string {
  return wholeNumber.format(value);
}

/** "51–200 employees", "10,001+ employees" (an open-ended band), "1 employee". */
export function formatCompanySize([lower, upper]: CompanySize): string {
  if (upper === null) return `${formatNumber(lower)}+ employees`;
  if (lower === upper) return `${formatNumber(lower)} ${lower === 1 ? 'employee' : 'employees'}`;
  return `${formatNumber(lower)}–${formatNumber(upper)} employees`;
}

/** The text cut at a word boundary before `max` characters, with an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:–-]+$/, '')}…`;
}

/** The non-empty parts joined: "Berlin, Germany". Null when there are none. */
export function joinParts(parts: readonly (string | null | undefined)[], separator = ', '): string | null {
  const present = parts.map((part) => part?.trim()).filter((part): part is string => Boolean(part));
  return present.length > 0 ? present.join(separator) : null;
}

const monthYear = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const fullDate = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A v2 `Date` as far as it is known: "Mar 3, 2019", "Mar 2019", "2019"; null when it has no year. */
export function formatSpecDate(date: SpecDate | null | undefined): string | null {
  const year = date?.year;
  if (year == null) return null;
  const month = date?.month;
  if (month == null || month < 1 || month > 12) return String(year);
  const at = new Date(Date.UTC(year, month - 1, 1));
  const day = date?.day;
  if (day == null || day < 1 || day > 31) return monthYear.format(at);
  return fullDate.format(new Date(Date.UTC(year, month - 1, day)));
}

/** A v2 `Date` to the month: "Mar 2019", "2019". */
export function formatSpecMonth(date: SpecDate | null | undefined): string | null {
  return date?.year == null ? null : formatSpecDate({ year: date.year, month: date.month, day: null });
}

/**
 * A v3 ISO 8601 date ("2019-04-01", "2019-04", "2019", "2019-04-01T10:00:00Z") to the precision it
 * has: "Apr 1, 2019", "Apr 2019", "2019"; anything else is shown as it came.
 */
export function formatIsoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(value.trim());
  if (!match) return value;
  return formatSpecDate({
    year: Number(match[1]),
    month: match[2] ? Number(match[2]) : null,
    day: match[3] ? Number(match[3]) : null,
  });
}

/**
 * A span of time: "Mar 2019 – Jun 2021", "Mar 2019 – present" (an open end that means "still"),
 * "from Mar 2019" (an open end that means "not known"); null when neither end is known.
 */
export function formatPeriod(
  start: string | null,
  end: string | null,
  openEnd: 'present' | 'unknown',
): string | null {
  if (!start && !end) return null;
  if (!start) return `until ${end}`;
  if (!end) return openEnd === 'present' ? `${start} – present` : `from ${start}`;
  return start === end ? start : `${start} – ${end}`;
}

/** A service constant as words: "NATIVE_OR_BILINGUAL" → "Native or bilingual". */
export function humanize(value: string): string {
  if (!/^[A-Z0-9_]+$/.test(value)) return value;
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "40,000–65,000", "from 40,000", "up to 65,000"; null when neither is known. */
export function formatRange(min: number | null | undefined, max: number | null | undefined): string | null {
  if (min == null && max == null) return null;
  if (min == null) return `up to ${formatNumber(max!)}`;
  if (max == null) return `from ${formatNumber(min)}`;
  return min === max ? formatNumber(min) : `${formatNumber(min)}–${formatNumber(max)}`;
}
