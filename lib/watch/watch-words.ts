/**
 * How a watch reads wherever it is shown (the panel's Watch, a list's and the popup's "Watch these",
 * the Changes page): its period, whom it watches, the one quote of a period, and where a profile is
 * watched. Plain text, no zod: the pages import it.
 */
import type { Quote, WatchListSummary, WatchPeriodDays } from '../protocol';
import { formatQuote, formatWholeNumber } from '../quote-format';

/** `every 30 days`. */
export function periodWords(days: WatchPeriodDays): string {
  return `every ${days} days`;
}

function counted(count: number, one: string, many: string): string {
  return `${formatWholeNumber(count)} ${count === 1 ? one : many}`;
}

/** `1 person`, `40 people`, `30 people and 5 companies`, `5 companies`. */
export function watchedWords(people: number, companies: number): string {
  const parts = [
    people > 0 ? counted(people, 'person', 'people') : '',
    companies > 0 ? counted(companies, 'company', 'companies') : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' and ') : 'nobody new';
}

/**
 * A period's quote under a cap: the runs never pass the cap, so the most a period costs is the
 * smaller of the two.
 */
export function cappedQuote(quote: Quote, cap: number | null): Quote {
  if (cap === null || (quote.max !== null && quote.max <= cap)) return quote;
  return { ...quote, min: quote.min === null ? null : Math.min(quote.min, cap), max: cap };
}

/** `up to 80 credits a period`. */
export function perPeriodWords(quote: Quote, cap: number | null): string {
  return `${formatQuote(cappedQuote(quote, cap))} a period`;
}

/**
 * The one quote before a watch starts, also the name of the control that starts it:
 * `Watch 40 people every 30 days · up to 80 credits a period`.
 */
export function watchQuoteWords(
  watched: { people: number; companies: number },
  periodDays: WatchPeriodDays,
  perPeriod: Quote,
  cap: number | null,
): string {
  return `Watch ${watchedWords(watched.people, watched.companies)} ${periodWords(periodDays)} · ${perPeriodWords(perPeriod, cap)}`;
}

/**
 * The control that makes the team's list (team mode): the people only (the team's hub watches
 * people), paid from the team's watch budget, not the member's:
 * `Watch 40 people for the team every 30 days · up to 80 credits a period from the team's watch budget`.
 */
export function teamWatchQuoteWords(people: number, periodDays: WatchPeriodDays, perPeriod: Quote): string {
  return `Watch ${watchedWords(people, 0)} for the team ${periodWords(periodDays)} · ${perPeriodWords(perPeriod, null)} from the team's watch budget`;
}

/** A team list the hub made: `Watching 40 people for the team in Accounts`. */
export function teamWatchingWords(made: { name: string; people: number }): string {
  return `Watching ${watchedWords(made.people, 0)} for the team in ${made.name}`;
}

/** Where a profile is watched: `Watching · every 30 days in Watched people`. */
export function watchingWords(lists: readonly Pick<WatchListSummary, 'name' | 'periodDays'>[]): string {
  return `Watching · ${lists.map((list) => `${periodWords(list.periodDays)} in ${list.name}`).join('; ')}`;
}

/**
 * What the retention period does to a watch asked every `periodDays`: each member's last answer is
 * deleted once older than the days data about others is kept (lib/background/retention.ts), and a
 * next answer with nothing to compare records nothing. Null when the answers outlast the period, or
 * while the retention is not known.
 */
export function retentionWarning(periodDays: WatchPeriodDays, retentionDays: number | null): string | null {
  if (retentionDays === null || retentionDays > periodDays) return null;
  const kept = `You keep data about others for ${counted(retentionDays, 'day', 'days')}`;
  const what =
    retentionDays < periodDays
      ? `${kept}, less than this period: each answer is deleted before the next one is asked, so nothing can be compared and no change will be recorded.`
      : `${kept}, as long as this period: an answer may be deleted just before the next one is asked, and a change missed.`;
  return `${what} Choose a shorter period, or keep data longer in Settings.`;
}
