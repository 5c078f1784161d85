/**
 * Views and runs: a view opens (its quote and cached answer, never spending), a request runs
 * under the person's budget, and the side panel's first look at a tab in one answer.
 */
import type { ApiErrorJson } from '../api/errors';
import type { EndpointId } from '../api/ids';
import type { Findings } from './findings';
import type { PublicSettings, SpendTotals } from './settings';

/** Params as a person or a form gives them, before the background validates them. */
export type RawParamsMessage = Record<string, string | number | boolean | null>;

export interface QuoteRequest<Id extends EndpointId = EndpointId> {
  endpointId: Id;
  params: RawParamsMessage;
}

export interface Quote {
  /** Fewest credits it can cost; null when the cost is not published. */
  min: number | null;
  /** Most it can cost; null when not published, or when nothing bounds it. */
  max: number | null;
  /** One line per component of the cost. */
  lines: string[];
  /** Team mode: the team's hub has the answer fresh enough, so it costs 0 (lib/quote-format.ts). */
  teamHas?: { ageSeconds: number | null };
}

export type CachePolicy = 'cache-only' | 'cache-first' | 'refresh';

export interface RunRequest<Id extends EndpointId = EndpointId> {
  /** Chosen by the page; a retry of the same action reuses it, so it is never paid twice. */
  requestId: string;
  endpointId: Id;
  params: RawParamsMessage;
  /**
   * cache-only: answer from the cache or say it is not there (never spends);
   * cache-first: a cached answer is served at 0 credits, else the service is asked;
   * refresh: always ask the service (an explicit, quoted action).
   */
  policy: CachePolicy;
  /** The person confirmed spending past the daily budget. */
  confirmed?: boolean;
  /**
   * The page shows a request started elsewhere (the context menu's lookup): join it or read what
   * became of it; one that failed is reported, not sent again, until the person presses Retry.
   */
  replay?: boolean;
  /** Asked without a click (auto-enrich): refused unless a daily budget is set. */
  automatic?: boolean;
}

/**
 * What `run` answers. `Data` is the answer's type: a page asking for endpoint `Id` reads
 * `ResponseOf<Id>` (lib/ask-background.ts `Ask`); the background, which carries every endpoint's
 * answers alike (from the service or the cache), reads `unknown`.
 */
export type RunResult<Data = unknown> =
  | {
      status: 'answer';
      /** The answer, validated by the background against the endpoint's response schema. */
      data: Data;
      cached: boolean;
      fetchedAt: number;
      ageMs: number;
      stale: boolean;
      /** What this answer cost now: 0 when served from the cache, null when not published. */
      credits: number | null;
      totals: SpendTotals;
      /** Shown but not saved: larger than the cache keeps, or the browser's storage is full. */
      notKept?: NotKept;
    }
  | { status: 'needs-confirmation'; quote: Quote; remaining: number }
  /** cache-only found nothing: nothing was asked of the service. */
  | { status: 'not-cached' }
  | { status: 'error'; error: ApiErrorJson }
  /**
   * The call left, but its answer was lost when the worker stopped: it is not sent again unless
   * it was certainly not charged. What it cost is read from the balance; asking again is a new,
   * quoted action (a new request id).
   */
  | { status: 'interrupted'; interrupted: InterruptedCall; totals: SpendTotals }
  /**
   * The request was answered (and charged) before, but its answer is no longer kept (the cache
   * was cleared, evicted or expired, or it was never saved): it is never sent again under its id.
   * Asking again is a new, quoted action (a new request id). `at`: when it was answered.
   */
  | { status: 'answer-gone'; credits: number | null; at: number; quote: Quote; totals: SpendTotals };

/** Why an answer is shown but not saved on this computer. */
export type NotKept = 'too-large-for-cache' | 'storage-full';

/** A call whose answer was lost, with what the service's balance says it cost. */
export interface InterruptedCall {
  requestId: string;
  endpointId: EndpointId;
  /** The worker stopped with it in flight, or the connection broke. */
  reason: 'worker' | 'connection';
  /** What lost the answer, when the connection broke (a cut stream, a 504, an unreadable answer). */
  error?: ApiErrorJson;
  /** Its cost as far as the balance tells; null when the balance could not be read. */
  credits: number | null;
  /** The range its cost lies in: min === max when the balance told it exactly; max null: unbounded. */
  range: { min: number; max: number | null };
  /** false while the service might still charge it: the figure may still grow. */
  settled: boolean;
  /** What asking again (a new request) is quoted. */
  quote: Quote;
  /** When the call left (ms since epoch). */
  at: number;
}

/**
 * A streamed answer while it arrives (enriched listings and searches): the results so far, so a
 * view shows rows as they come. Kept in `storage.session` under `progressItemKey(requestId)` by
 * the background, and removed when the answer is complete.
 */
export interface RunProgress {
  requestId: string;
  /** Results completed so far, in order. */
  results: unknown[];
  /** Bytes of the answer received so far. */
  bytes: number;
}

/** A cached answer, shown at once at 0 credits with its age (`Data` as in RunResult). */
export interface CachedView<Data = unknown> {
  data: Data;
  fetchedAt: number;
  ageMs: number;
  stale: boolean;
}

/**
 * Everything a view needs when it opens, in one answer: the params as they will be sent, the
 * quote, the cached answer (or null) and whether running it now needs a confirmation.
 */
export type ViewState<Data = unknown> =
  | {
      ok: true;
      /** The canonical params: defaults filled in, as the background will send them. */
      params: Record<string, string | number | boolean>;
      quote: Quote;
      cached: CachedView<Data> | null;
      budget: { remaining: number | null; needsConfirmation: boolean };
    }
  | { ok: false; error: ApiErrorJson };

/**
 * The email lookup a right-click asked for (the context menu's "Look up email"), for the side panel
 * to show. The background writes it in the click, then runs the lookup with `requestId`; the panel
 * asks `run` with the same request id, which joins that call or reads its finished answer: it is
 * never paid twice. Kept in `storage.session` under EMAIL_LOOKUP_ITEM_KEY (lib/settings.ts).
 */
export interface EmailLookupRequest {
  requestId: string;
  /** The address found in the selection or link; null when there was none (nothing was asked). */
  email: string | null;
  /** The selection (or link) as clicked, shortened: what a refusal repeats. */
  selection: string;
  /** The lookup's params; null when there is no address. */
  params: RawParamsMessage | null;
  /** The addresses the click named when the menu could not tell which was meant (nothing was asked). */
  several?: string[];
  /** When the person clicked (ms since epoch). */
  at: number;
}

/** What the side panel first needs, in one answer (`panel.open`). */
export interface PanelOpening {
  settings: PublicSettings;
  findings: Findings | null;
  /** The page's own profile as the panel first asks it (default freshness, no options); null without one. */
  pageView: { endpointId: EndpointId; params: Record<string, string | number>; view: ViewState } | null;
}

export interface ViewMessages {
  /**
   * The side panel opens on a tab: its first three questions in one answer (the settings, the
   * tab's findings, and the view of the page's own profile as the panel will first ask it), so it
   * draws a cached profile one round trip sooner. Never spends.
   */
  'panel.open'(data: { tabId: number }): PanelOpening;
  quote(data: QuoteRequest): { ok: true; quote: Quote } | { ok: false; error: ApiErrorJson };
  /** A view opens: one question, one answer (see ViewState). Never spends. */
  'view.open'(data: QuoteRequest): ViewState;
  run(data: RunRequest): RunResult;
}
