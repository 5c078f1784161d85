/**
 * The dry run of a list, worked out from the page's plan (which request enriches each row) and the
 * background's free quote of those requests: what each row will cost, what is asked once for
 * several rows, what the cache already holds, in team mode what the team has, and the whole price.
 * Plain data, no Preact.
 */
import { IN_CRM, IN_TEAM_CRM } from '@/hooks/useInCrm';
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
  /** Team mode: the first row asking a request the team's hub has fresh enough: asked of it at 0. */
  | { kind: 'team-has'; key: string; quote: Quote }
  /** Asks what an earlier row asks (`of`, 1-based): asked once for both. */
  | { kind: 'duplicate'; key: string; of: number }
  | { kind: 'refused'; error: ApiErrorJson }
  | { kind: 'unmapped'; reason: string }
  /** The CRM reference holds it: left out, not asked (entrypoints/lists/crm/in-crm.ts). */
  | { kind: 'in-crm' }
  /** Team mode: the team's CRM reference holds it: left out, not asked. */
  | { kind: 'in-team-crm' };

/**
 * A row of the dry run, and whether the CRM reference holds it, or (team mode) the team's: it is
 * marked, asked or not.
 */
export type MarkedRow = DryRunRow & { inCrm?: true; inTeamCrm?: true };

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
  /** Team mode: distinct requests the team's hub has fresh enough (asked of it at 0). */
  teamHas: number;
  duplicates: number;
  unmapped: number;
  refused: number;
  /** Rows the CRM reference holds that are left out (not asked). */
  inCrm: number;
  /** Team mode: rows the team's CRM reference holds that are left out (not asked). */
  inTeamCrm: number;
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
  /** Team mode: per row, whether the team's CRM reference holds it (entrypoints/lists/crm/in-crm.ts). */
  teamMatches?: ReadonlyArray<unknown>,
): DryRun {
  const firstRow = new Map<string, number>();
  const shares = new Map<EndpointId, { endpointId: EndpointId; quotes: Quote[] }>();
  const counts = {
    enrichRows: 0,
    toAsk: 0,
    cached: 0,
    teamHas: 0,
    duplicates: 0,
    unmapped: 0,
    refused: 0,
    inCrm: 0,
    inTeamCrm: 0,
  };
  const rows = plan.targets.map((target, index): MarkedRow => {
    const row = rowOf(target, index);
    if (matches?.[index]) return { ...row, inCrm: true };
    return teamMatches?.[index] ? { ...row, inTeamCrm: true } : row;
  });
  function rowOf(target: number | { reason: string }, index: number): DryRunRow {
    if (typeof target !== 'number' && target.reason === IN_CRM) {
      counts.inCrm += 1;
      return { kind: 'in-crm' };
    }
    if (typeof target !== 'number' && target.reason === IN_TEAM_CRM) {
      counts.inTeamCrm += 1;
      return { kind: 'in-team-crm' };
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
    if (quoted.quote.teamHas) {
      counts.teamHas += 1;
      return { kind: 'team-has', key: quoted.key, quote: quoted.quote };
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
    // What the team has is asked of its hub too, at the same pace.
    minutes: (counts.toAsk + counts.teamHas) / Math.max(1, quote.ratePerMinute),
  };
}

/** The mark of a row a CRM reference holds, the person's own or (team mode) the team's; null: none. */
export function crmMark(row: MarkedRow): string | null {
  return row.inCrm ? IN_CRM : row.inTeamCrm ? IN_TEAM_CRM : null;
}

/** What a row of the dry run says; a row a CRM reference holds says so first. */
export function dryRunWords(row: MarkedRow): string {
  const words = rowWords(row);
  const mark = crmMark(row);
  return mark && row.kind !== 'in-crm' && row.kind !== 'in-team-crm' ? `${mark} · ${words}` : words;
}

function rowWords(row: DryRunRow): string {
  switch (row.kind) {
    case 'in-crm':
      return `${IN_CRM} · left out`;
    case 'in-team-crm':
      return `${IN_TEAM_CRM} · left out`;
    case 'ask':
      return formatQuote(row.quote);
    // Who has it first, as a cached row says it: the column shows about 30 characters, and the
    // quote's own words ("0 credits (the team has it, 2 hours old)") lost the why to the cut. The
    // age is within the freshness the person chose, or the team's copy would not be free.
    case 'team-has':
      return 'The team has it · 0 credits';
    case 'cached':
      return 'Cached · 0 credits';
    case 'duplicate':
      return `Same as row ${row.of} · 0 credits`;
    case 'refused':
      if (row.error.kind === 'do-not-enrich') return 'On your do-not-enrich list';
      if (row.error.kind === 'team-do-not-enrich') return "On your team's do-not-enrich list";
      return `Refused: ${row.error.message}`;
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
