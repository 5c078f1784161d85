/**
 * What a row of a running or finished list says about itself, in the table and in the export's
 * Status and Credits columns alike: one place for the words. Rows asking what an earlier row asks
 * say so and show 0 credits, so the Credits column adds up to what the list spent.
 */
import { lostChargeShort } from '@/components/spend/charge-format';
import { ApiError, userMessage } from '@/lib/api/errors';
import type { ListRequestView, ListRowTarget } from '@/lib/protocol';

/** A failed row's error in the product's words (never the raw HTTP line of its message). */
function errorWords(error: ListRequestView['error']): string {
  if (!error) return 'unknown error';
  try {
    return userMessage(ApiError.fromJSON(error)).title;
  } catch {
    return error.message;
  }
}

export interface RowStatus {
  words: string;
  /** What this row cost; null while unknown (not yet asked, or a price not published). */
  credits: number | null;
  /** The row whose request this is (false for a duplicate or a row with no request). */
  owns: boolean;
}

/** Each request's first row, by key. */
export function firstRows(targets: readonly ListRowTarget[]): Map<string, number> {
  const first = new Map<string, number>();
  targets.forEach((target, index) => {
    if ('key' in target && !first.has(target.key)) first.set(target.key, index);
  });
  return first;
}

export function rowStatus(
  index: number,
  target: ListRowTarget,
  request: ListRequestView | undefined,
  first: ReadonlyMap<string, number>,
): RowStatus {
  if (!('key' in target)) return { words: `Not asked: ${target.reason}`, credits: 0, owns: false };
  const firstRow = first.get(target.key) ?? index;
  if (firstRow !== index) return { words: `Same as row ${firstRow + 1}`, credits: 0, owns: false };
  if (!request) return { words: 'Queued', credits: null, owns: true };
  const credits = request.credits;
  switch (request.status) {
    case 'queued':
      return { words: 'Queued', credits: null, owns: true };
    case 'running':
      return { words: 'Asking…', credits: null, owns: true };
    case 'done':
      if (request.noMatch) return { words: 'No match', credits, owns: true };
      return { words: request.cached ? 'Enriched (cached)' : 'Enriched', credits, owns: true };
    case 'failed':
      return { words: `Failed: ${errorWords(request.error)}`, credits: 0, owns: true };
    case 'interrupted':
      return {
        words: request.interrupted ? `Answer lost: ${lostChargeShort(request.interrupted)}` : 'Answer lost',
        credits,
        owns: true,
      };
    case 'skipped':
      return { words: 'Cancelled, not asked', credits: 0, owns: true };
    case 'refused':
      return {
        words:
          request.error?.kind === 'do-not-enrich'
            ? 'On your do-not-enrich list'
            : `Refused: ${request.error?.message ?? 'not accepted'}`,
        credits: 0,
        owns: true,
      };
  }
}
