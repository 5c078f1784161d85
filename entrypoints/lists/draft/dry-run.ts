/**
 * The dry run of a list, worked out from the page's plan (which request enriches each row) and the
 * background's free quote of those requests: what each row will cost, what is asked once for
 * several rows, what the cache already holds, and the whole price. Plain data, no Preact.
 */
import { IN_CRM } from '@/hooks/useInCrm';
import type { ApiErrorJson } from '@/lib/api/errors';
import type { EndpointId } from '@/lib/api/ids';
import { sumQuotes } from '@/lib/job-summary';
import type { ListQuote, PeekRequest, Quote } from '@/lib/protocol';
import { formatQuote, type QuoteBounds } from '@/lib/quote-format';

export type DryRunRow =
  /** The first row asking its request: asked, at its quote. */
  | { kind: 'ask'; key: string; quote: Quote }
  /** The first row asking a request the cache holds: 0 credits. */
  | { kind: 'cached'; key: string }
  /** Asks what an earlier row asks (`of`, 1-based): asked once for both. */
  | { kind: 'duplicate'; key: string; of: number }
  | { kind: 'refused'; error: ApiErrorJson }
  | { kind: 'unmapped'; reason: string }
  /** The CRM reference holds it: left out, not asked (entrypoints/lists/crm/in-crm.ts). */
  | { kind: 'in-crm' };

/** A row of the dry run, and whether the CRM reference holds it (it is marked, asked or not). */
export type MarkedRow = DryRunRow & { inCrm?: true };

export interface EndpointShare {
  endpointId: EndpointId;
  /** Distinct requests of this endpoint that will be asked (not cached). */
  count: number;
  quote: QuoteBounds;
}

export interface DryRun {
  rows: MarkedRow[];
  /** Rows that will be enriched: asked, cached or the same as another. */
  enrichRows: number;
  /** Distinct requests that will be asked of the service. */
  toAsk: number;
  cached: number;
  duplicates: number;
  unmapped: number;
  refused: number;
  /** Rows the CRM reference holds that are left out (not asked). */
  inCrm: number;
  byEndpoint: EndpointShare[];
  /** The price of every request asked, each once. */
  total: Quote;
  /** How long asking them takes at the account's rate limit. */
  minutes: number;
}

export function dryRun(
  plan: { requests: readonly PeekRequest[]; targets: ReadonlyArray<number | { reason: string }> },
  quote: ListQuote,
  /** Per row, whether the CRM reference holds it (hooks/useInCrm.ts). */
  matches?: ReadonlyArray<unknown>,
): DryRun {
  const firstRow = new Map<string, number>();
  const shares = new Map<EndpointId, { endpointId: EndpointId; quotes: Quote[] }>();
  const counts = { enrichRows: 0, toAsk: 0, cached: 0, duplicates: 0, unmapped: 0, refused: 0, inCrm: 0 };
  const rows = plan.targets.map((target, index): MarkedRow => {
    const row = rowOf(target, index);
    return matches?.[index] ? { ...row, inCrm: true } : row;
  });
  function rowOf(target: number | { reason: string }, index: number): DryRunRow {
    if (typeof target !== 'number' && target.reason === IN_CRM) {
      counts.inCrm += 1;
      return { kind: 'in-crm' };
    }
    if (typeof target !== 'number') {
      counts.unmapped += 1;
      return { kind: 'unmapped', reason: target.reason };
    }
    const quoted = quote.rows[target];
    if (!quoted) return { kind: 'unmapped', reason: 'Not quoted' };
    if (!quoted.ok) {
      counts.refused += 1;
      return { kind: 'refused', error: quoted.error };
    }
    counts.enrichRows += 1;
    const earlier = firstRow.get(quoted.key);
    if (earlier !== undefined) {
      counts.duplicates += 1;
      return { kind: 'duplicate', key: quoted.key, of: earlier + 1 };
    }
    firstRow.set(quoted.key, index);
    if (quoted.cachedAt !== null) {
      counts.cached += 1;
      return { kind: 'cached', key: quoted.key };
    }
    counts.toAsk += 1;
    const endpointId = plan.requests[target]!.endpointId;
    const share = shares.get(endpointId) ?? { endpointId, quotes: [] };
    share.quotes.push(quoted.quote);
    shares.set(endpointId, share);
    return { kind: 'ask', key: quoted.key, quote: quoted.quote };
  }
  return {
    rows,
    ...counts,
    byEndpoint: [...shares.values()].map(({ endpointId, quotes }) => ({
      endpointId,
      count: quotes.length,
      quote: sumQuotes(quotes),
    })),
    total: quote.total,
    minutes: counts.toAsk / Math.max(1, quote.ratePerMinute),
  };
}

/** What a row of the dry run says; a row the CRM reference holds says so first. */
export function dryRunWords(row: MarkedRow): string {
  const words = rowWords(row);
  return row.inCrm && row.kind !== 'in-crm' ? `${IN_CRM} · ${words}` : words;
}

function rowWords(row: DryRunRow): string {
  switch (row.kind) {
    case 'in-crm':
      return `${IN_CRM} · left out`;
    case 'ask':
      return formatQuote(row.quote);
    case 'cached':
      return 'Cached · 0 credits';
    case 'duplicate':
      return `Same as row ${row.of} · 0 credits`;
    case 'refused':
      return row.error.kind === 'do-not-enrich'
        ? 'On your do-not-enrich list'
        : `Refused: ${row.error.message}`;
    case 'unmapped':
      return `Not asked: ${row.reason}`;
  }
}

/** "about 40 s", "about 3 min", "about 1 h 20 min": a duration a person reads at a glance. */
export function durationWords(minutes: number): string {
  const seconds = Math.max(1, Math.round(minutes * 60));
  if (seconds < 90) return `about ${seconds} s`;
  const wholeMinutes = Math.round(seconds / 60);
  if (wholeMinutes < 90) return `about ${wholeMinutes} min`;
  return `about ${Math.floor(wholeMinutes / 60)} h ${wholeMinutes % 60} min`;
}

/** "1 row", "1,200 rows". */
export function rowsWord(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
}
