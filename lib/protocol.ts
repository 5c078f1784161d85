/**
 * The message protocol between the extension's contexts, as types: what each message carries and
 * what the background answers. The background is the only receiver. No zod here: the content
 * script and the pages import this; the background validates every message where it arrives with
 * the schemas of ./messages, which a type test keeps equal to these types.
 *
 * Who may send what (checked by the background from `sender`):
 * - a content script may only report what it found on its page (`findings.report`);
 * - every other message needs an extension page (popup, side panel, options): a person.
 */
import type { ApiErrorJson } from './api/errors';
import type { EndpointId } from './api/ids';
import type { ProfileKind } from './profiles';
import type { ScanEverySiteChange, ScanTabResult } from './scan-permission';
import type { Settings } from './settings';

/**
 * Bounds of one findings report (validated by the background; the content script trims to them so
 * that a page with endless links still reports its first ones instead of nothing).
 */
export const FINDINGS_LIMITS = { profiles: 5000, emails: 1000 } as const;

export interface ProfileRefMessage {
  kind: ProfileKind;
  id: string;
  url: string;
  label?: string;
}

export interface Findings {
  /** The page the findings are for; a report for a page the tab has left is dropped. */
  pageUrl: string;
  page: ProfileRefMessage | null;
  profiles: ProfileRefMessage[];
  emails: string[];
  scannedAt: number;
}

/** Params as a person or a form gives them, before the background validates them. */
export type RawParamsMessage = Record<string, string | number | boolean | null>;

export interface QuoteRequest {
  endpointId: EndpointId;
  params: RawParamsMessage;
}

export interface Quote {
  /** Fewest credits it can cost; null when the cost is not published. */
  min: number | null;
  /** Most it can cost; null when not published, or when nothing bounds it. */
  max: number | null;
  /** One line per component of the cost. */
  lines: string[];
}

export type CachePolicy = 'cache-only' | 'cache-first' | 'refresh';

export interface RunRequest {
  /** Chosen by the page; a retry of the same action reuses it, so it is never paid twice. */
  requestId: string;
  endpointId: EndpointId;
  params: RawParamsMessage;
  /**
   * cache-only: answer from the cache or say it is not there (never spends);
   * cache-first: a cached answer is served at 0 credits, else the service is asked;
   * refresh: always ask the service (an explicit, quoted action).
   */
  policy: CachePolicy;
  /** The person confirmed spending past the daily budget. */
  confirmed?: boolean;
}

/** Today's spending after an action, for the footer and the budget. */
export interface SpendTotals {
  today: number;
  month: number;
  dailyBudget: number | null;
  /** null when no budget is set. */
  remainingToday: number | null;
}

export type RunResult =
  | {
      status: 'answer';
      /** The answer, validated by the background against the endpoint's response schema. */
      data: unknown;
      cached: boolean;
      fetchedAt: number;
      ageMs: number;
      stale: boolean;
      /** What this answer cost now: 0 when served from the cache, null when not published. */
      credits: number | null;
      totals: SpendTotals;
    }
  | { status: 'needs-confirmation'; quote: Quote; remaining: number }
  /** cache-only found nothing: nothing was asked of the service. */
  | { status: 'not-cached' }
  | { status: 'error'; error: ApiErrorJson };

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

/** A cached answer, shown at once at 0 credits with its age. */
export interface CachedView {
  data: unknown;
  fetchedAt: number;
  ageMs: number;
  stale: boolean;
}

/**
 * Everything a view needs when it opens, in one answer: the params as they will be sent, the
 * quote, the cached answer (or null) and whether running it now needs a confirmation.
 */
export type ViewState =
  | {
      ok: true;
      /** The canonical params: defaults filled in, as the background will send them. */
      params: Record<string, string | number | boolean>;
      quote: Quote;
      cached: CachedView | null;
      budget: { remaining: number | null; needsConfirmation: boolean };
    }
  | { ok: false; error: ApiErrorJson };

/** Settings as pages see them: the key never leaves the background, only whether one is set. */
export interface PublicSettings extends Omit<Settings, 'apiKey'> {
  apiKeySet: boolean;
  /** Last four characters, for recognising which key is set. */
  apiKeyHint: string;
}

export interface ConnectionTest {
  /** Test these values before saving them; omitted fields use the saved settings. */
  apiKey?: string;
  baseUrlV2?: string;
  baseUrlV3?: string;
}

export type ConnectionResult = { ok: true; balance: number | null } | { ok: false; error: ApiErrorJson };

export interface LedgerLine {
  at: number;
  endpointId: string;
  summary: string;
  credits: number | null;
  cached: boolean;
}

export interface Account {
  today: number;
  month: number;
  dailyBudget: number | null;
  remainingToday: number | null;
  /** null: the service does not say (or not configured, or not asked yet). */
  balance: number | null;
  /** When the balance was read from the service (ms since epoch); null when never. */
  balanceAt: number | null;
  recent: LedgerLine[];
  cache: { entries: number; bytes: number };
}

export interface ProtocolMap {
  'findings.report'(data: Findings): void;
  'findings.get'(data: { tabId: number }): Findings | null;
  quote(data: QuoteRequest): { ok: true; quote: Quote } | { ok: false; error: ApiErrorJson };
  /** A view opens: one question, one answer (see ViewState). Never spends. */
  'view.open'(data: QuoteRequest): ViewState;
  run(data: RunRequest): RunResult;
  'settings.get'(): PublicSettings;
  'settings.save'(
    data: Partial<Settings>,
  ): { ok: true; settings: PublicSettings } | { ok: false; error: string };
  'connection.test'(data: ConnectionTest): ConnectionResult;
  'account.get'(): Account;
  'cache.clear'(): { ok: true };
  /** Read the tab's page once, as the person asked (lib/scan-permission.ts). */
  'tab.scan'(data: { tabId: number }): ScanTabResult;
  'scanEverySite.get'(): { enabled: boolean };
  /** The page asked the browser for the permission first, in the person's click. */
  'scanEverySite.set'(data: { enabled: boolean }): ScanEverySiteChange;
}

export type MessageType = keyof ProtocolMap;

/** The only message a content script may send. */
export const CONTENT_SCRIPT_MESSAGES: readonly MessageType[] = ['findings.report'];
