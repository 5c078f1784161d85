/**
 * What a route handler is given and what it returns. Handlers are plain synchronous functions of the
 * canonical params: they find the answer and its exact charge; the app (app.ts) does the HTTP part:
 * refusing with 403 when the balance cannot cover the charge, charging, streaming, and faults. So
 * "errors charge nothing" and "never charge more than the balance" hold in one place for every route.
 */
import type { EndpointId } from '../../lib/api/endpoints';
import type { CanonicalParams } from '../../lib/api/params';
import type { SandboxQueries } from '../data/types';
import type { Account } from '../keys';
import type { ErrorStatus } from './errors';
import type { FreshnessLedger } from './freshness';

export interface RouteInput<Id extends EndpointId> {
  /** Validated by the registry, defaults filled in. */
  params: CanonicalParams<Id>;
  /** The query exactly as received: `next_page` URLs repeat it. */
  rawQuery: Readonly<Record<string, string>>;
  /** `http://127.0.0.1:<port>`: next-page URLs are absolute URLs of this server. */
  origin: string;
  path: string;
  account: Account;
  queries: SandboxQueries;
  freshness: FreshnessLedger;
  now: Date;
}

/** A streamed page: the envelope opening, each result as it is produced, then the rest of the envelope. */
export interface StreamedPage {
  kind: 'stream';
  resultsKey: string;
  count: number;
  /** Builds the i-th result (freshness side effects happen here, as it is produced). */
  produce: (index: number) => unknown;
  /** Top-level fields written after the results (`next_page`, `total_result_count`). */
  tail: Readonly<Record<string, unknown>>;
  /** The charge when `sent` results went out (sent ≤ count); the per-request part included. */
  costOf: (sent: number) => number;
}

export type RouteAnswer =
  | { kind: 'json'; body: unknown; cost: number }
  | StreamedPage
  | { kind: 'error'; status: ErrorStatus; description?: string; cachedProfileAgeSeconds?: number };

export type RouteHandler<Id extends EndpointId> = (input: RouteInput<Id>) => RouteAnswer;

export type RouteHandlers = { [Id in EndpointId]: RouteHandler<Id> };

export const NOT_FOUND: RouteAnswer = { kind: 'error', status: 404 };

export function badRequest(param: string, message: string): RouteAnswer {
  return { kind: 'error', status: 400, description: `${param}: ${message}` };
}
