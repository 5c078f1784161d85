/**
 * How a quote reads, the one wording every control that spends uses in its accessible name
 * (`Enrich · 2 credits`): `N credits`, `up to N credits`, `N–M credits`, `at least N credits` (no
 * upper bound is published, e.g. "+1 per email returned") or `cost not published` (v3).
 * Plain text, no zod: pages import it.
 */
export interface QuoteBounds {
  min: number | null;
  max: number | null;
  /**
   * Team mode: the team's hub has this answer fresh enough, so it costs 0; how old it is (seconds;
   * null when the hub cannot tell).
   */
  teamHas?: { ageSeconds: number | null };
}

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const signedWholeNumber = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});

/** "1,250"; signed, a difference: "+14", "-3", "0". */
export function formatWholeNumber(value: number, { signed = false } = {}): string {
  return (signed ? signedWholeNumber : wholeNumber).format(value);
}

/** "1 credit", "1,250 credits". */
export function creditCount(count: number): string {
  return `${wholeNumber.format(count)} ${count === 1 ? 'credit' : 'credits'}`;
}

export function formatQuote({ min, max, teamHas }: QuoteBounds): string {
  if (teamHas)
    return `${creditCount(0)} (the team has it${teamHas.ageSeconds === null ? '' : `, ${formatAge(teamHas.ageSeconds)} old`})`;
  if (min === null) return 'cost not published';
  if (max === null) return `at least ${creditCount(min)}`;
  if (min === max) return creditCount(min);
  if (min === 0) return `up to ${creditCount(max)}`;
  return `${wholeNumber.format(min)}–${creditCount(max)}`;
}

/** The accessible name of a control that spends: `<what it does> · <quote>`. */
export function spendLabel(action: string, quote: QuoteBounds): string {
  return `${action} · ${formatQuote(quote)}`;
}

/** What a quote of many rows holds beside its price: each part counted only when there are some. */
export interface RowsBeside {
  /** Team mode: rows the team's hub has fresh enough, asked of it at 0. */
  teamHas?: number;
  /** Rows the person's CRM reference holds, left out. */
  inCrm?: number;
  /** Team mode: rows the team's CRM reference holds, left out. */
  inTeamCrm?: number;
}

/**
 * What follows the price on the control that spends on many rows, in its accessible name and its
 * text: `Enrich 500 rows · 310 credits · 140 the team has · 50 in your team's CRM left out`.
 */
export function rowsBesideWords({ teamHas = 0, inCrm = 0, inTeamCrm = 0 }: RowsBeside): string {
  const parts = [
    teamHas > 0 ? `${teamHas} the team has` : null,
    inCrm > 0 ? `${inCrm} in your CRM left out` : null,
    inTeamCrm > 0 ? `${inTeamCrm} in your team's CRM left out` : null,
  ];
  return parts.flatMap((part) => (part ? [` · ${part}`] : [])).join('');
}

/** A duration in the largest unit that keeps it readable: "45 seconds", "3 minutes", "12 days". */
export function formatAge(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    if (seconds >= size) {
      const count = Math.floor(seconds / size);
      return `${count} ${unit}${count === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
