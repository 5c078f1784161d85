/**
 * What watching these would cost a period (background only), before anything is kept or spent:
 * each target read as a profile address of its kind, left out with a reason when it cannot be
 * watched (not such an address, on the do-not-enrich list, already watched, named twice), and the
 * rest priced by the service's peek at the list's freshness, one answer each a period, or as a
 * period can cost them with the other lists that watch them (./shared-answers.ts).
 */
import { sumQuotes } from '../../job-summary';
import type { Quote, WatchFreshness, WatchQuote, WatchTarget } from '../../protocol';
import type { JobRunnerDeps } from '../jobs/runner';
import { periodQuoteOf, type WatchedElsewhere } from './shared-answers';
import { type ReadTarget, readTarget } from './watched-answer';

/** A target that can be watched, with its price a period. */
export type Accepted = Extract<ReadTarget, { ok: true }> & {
  quote: { min: number | null; max: number | null };
};

export interface QuotedTargets {
  accepted: Accepted[];
  refused: WatchQuote['refused'];
  perPeriod: Quote;
  remainingToday: number | null;
}

const DO_NOT_ENRICH = 'On your do-not-enrich list';

/** Reads and prices the targets; `watched`: the keys the list already has. */
export async function quoteTargets(
  service: Pick<JobRunnerDeps['service'], 'peekMany'>,
  targets: readonly WatchTarget[],
  freshness: WatchFreshness,
  watched: ReadonlySet<string> = new Set(),
): Promise<QuotedTargets> {
  const refused: WatchQuote['refused'] = [];
  const readable: Extract<ReadTarget, { ok: true }>[] = [];
  const seen = new Set<string>();
  for (const target of targets) {
    const read = readTarget(target, freshness);
    if (!read.ok) refused.push({ url: read.url, reason: read.reason });
    else if (watched.has(read.key)) refused.push({ url: target.url, reason: 'Already in this watch list' });
    else if (seen.has(read.key)) refused.push({ url: target.url, reason: 'Named twice' });
    else {
      seen.add(read.key);
      readable.push(read);
    }
  }
  const peeked = await service.peekMany(readable.map((read) => read.request));
  const accepted: Accepted[] = [];
  peeked.rows.forEach((row, index) => {
    const read = readable[index]!;
    if (row.ok) accepted.push({ ...read, quote: { min: row.quote.min, max: row.quote.max } });
    else
      refused.push({
        url: read.url,
        reason: row.error.kind === 'do-not-enrich' ? DO_NOT_ENRICH : row.error.message,
      });
  });
  return {
    accepted,
    refused,
    perPeriod: sumQuotes(accepted.map((each) => each.quote)),
    remainingToday: peeked.remainingToday,
  };
}

/**
 * The period's quote with whom other lists watch (their members by key): each target as a period
 * can cost it (asked at the strictest freshness, or served free). Its own price stays its own.
 */
export function withOthersWatching(
  quoted: QuotedTargets,
  elsewhere: ReadonlyMap<string, readonly WatchedElsewhere[]>,
): QuotedTargets {
  const prices = quoted.accepted.map((target) =>
    periodQuoteOf(
      { endpointId: target.request.endpointId, params: target.request.params, quote: target.quote },
      elsewhere.get(target.key) ?? [],
    ),
  );
  return { ...quoted, perPeriod: sumQuotes(prices) };
}

/** The quote as the page shows it. */
export function watchQuoteOf(quoted: QuotedTargets): WatchQuote {
  return {
    people: quoted.accepted.filter((each) => each.kind === 'person').length,
    companies: quoted.accepted.filter((each) => each.kind === 'company').length,
    perPeriod: quoted.perPeriod,
    refused: quoted.refused,
    remainingToday: quoted.remainingToday,
  };
}
