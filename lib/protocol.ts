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
import type { Freshness } from './freshness';
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
  /**
   * The page shows a request started elsewhere (the context menu's lookup): join it or read what
   * became of it; one that failed is reported, not sent again, until the person presses Retry.
   */
  replay?: boolean;
  /** Asked without a click (auto-enrich): refused unless a daily budget is set. */
  automatic?: boolean;
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
  /** Its answer was lost (worker stopped, connection broke): the cost was read from the balance. */
  interrupted?: boolean;
  /** Where that cost cannot be told exactly (yet): the range it lies in; max null: unbounded. */
  creditsRange?: { min: number; max: number | null };
  /** false while the service might still charge it. */
  settled?: boolean;
}

/** One request of a page's list, to quote and look for in the cache without spending. */
export interface PeekRequest {
  endpointId: EndpointId;
  params: RawParamsMessage;
}

/** What a row of "Found on this page" shows before anything is spent. */
export type PeekRow =
  | {
      ok: true;
      quote: Quote;
      /** A cached answer: served at 0 credits; with a line to show for it. */
      cached: { fetchedAt: number; ageMs: number; stale: boolean; answer: AnswerLine | null } | null;
    }
  | { ok: false; error: ApiErrorJson };

/** A one-line reading of an answer: who or what it is, and a detail (a headline, an industry). */
export interface AnswerLine {
  title: string;
  detail?: string;
}

/** Many requests peeked at once: one message, one IndexedDB transaction. Never spends. */
export interface BatchPeek {
  rows: PeekRow[];
  /** The quote of running every row that is not cached (cached ones cost 0). */
  total: Quote;
  /** Credits left of today's budget; null when none is set. */
  remainingToday: number | null;
}

/** One row of a batch the person starts. */
export interface BatchItemInput {
  /** The row's key in the page's list. */
  key: string;
  label: string;
  endpointId: EndpointId;
  params: RawParamsMessage;
}

export interface BatchStartRequest {
  tabId: number;
  pageUrl: string;
  items: BatchItemInput[];
  /** The person confirmed spending past the daily budget. */
  confirmed?: boolean;
}

export type BatchStartResult =
  | { status: 'started'; batch: BatchView }
  | { status: 'needs-confirmation'; quote: Quote; remaining: number }
  | { status: 'error'; error: ApiErrorJson };

export type BatchItemState = 'queued' | 'running' | 'done' | 'failed' | 'interrupted' | 'cancelled';

export interface BatchItemView {
  key: string;
  label: string;
  endpointId: EndpointId;
  status: BatchItemState;
  quote: Quote;
  /** What it cost: reconciled, 0 from the cache, null when not published. */
  credits: number | null;
  cached: boolean;
  answer: AnswerLine | null;
  error: ApiErrorJson | null;
  /** Its answer was lost: what the balance says it cost, and what asking again is quoted. */
  interrupted: InterruptedCall | null;
}

/** A batch as the panel shows it (polled with `batch.get` while it runs). */
export interface BatchView {
  id: string;
  tabId: number;
  pageUrl: string;
  status: 'running' | 'settling' | 'done' | 'cancelled' | 'stopped';
  /** Cancel was pressed; the item in flight finishes (and is paid), no other is asked. */
  cancelRequested: boolean;
  createdAt: number;
  items: BatchItemView[];
  /** Items asked so far (answered, failed or interrupted). */
  asked: number;
  /** Credits spent so far (interrupted items: their share as the balance tells it). */
  spent: number;
  /** The quote of the whole batch when it started (cached rows at 0). */
  quote: Quote;
  /** Why a stopped batch stopped. */
  stopReason: ApiErrorJson | null;
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
  /**
   * The service asked (a 429) to wait past what is obeyed (lib/api/errors.ts RETRY_AFTER_MAX_SECONDS):
   * until when (ms since epoch), while requests are paused for it.
   */
  askedToWaitUntil?: number;
}

/**
 * A search or lookup the person ran from the popup, kept to reopen it: the params as the form gave
 * them (blank fields left out, no cursor). Reopening asks `view.open` with them, which serves the
 * cached answer at 0 credits while the cache holds it. Kept in IndexedDB (lib/background/recent.ts).
 */
export interface RecentEntry {
  /** The same question has the same id: endpoint and params, sorted (lib/background/recent.ts recentId). */
  id: string;
  endpointId: EndpointId;
  params: RawParamsMessage;
  /** A short, key-free summary ("first_name=Ada country=GB"), from summarizeParams. */
  summary: string;
  /** Last time it was run or reopened (ms since epoch). */
  at: number;
}

export interface RecentInput {
  endpointId: EndpointId;
  params: RawParamsMessage;
}

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

export interface ProtocolMap {
  'findings.report'(data: Findings): void;
  'findings.get'(data: { tabId: number }): Findings | null;
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
  /** The popup's recent searches and lookups, newest first. */
  'recent.list'(): RecentEntry[];
  /** Remember (or move to the top) a search or lookup the person ran or reopened. */
  'recent.add'(data: RecentInput): { ok: true };
  'recent.remove'(data: { id: string }): { ok: true };
  'recent.clear'(): { ok: true };
  /** Quote and cache state of many requests at once ("Found on this page"). Never spends. */
  'batch.peek'(data: { requests: PeekRequest[] }): BatchPeek;
  /** Starts a batch in the background: it runs (and survives the worker stopping) without the page. */
  'batch.start'(data: BatchStartRequest): BatchStartResult;
  /** The latest batch started from this tab, or null. */
  'batch.get'(data: { tabId: number }): BatchView | null;
  /** No further item is asked; the one in flight finishes and is paid. */
  'batch.cancel'(data: { batchId: string }): BatchView | null;
  /** A list's quote and cache state before anything is spent (lib/background/lists/runner.ts). Never spends. */
  'list.quote'(data: { requests: PeekRequest[] }): ListQuote;
  /** Keeps a list and starts it in the background: it runs without the page. */
  'list.start'(data: ListStartRequest): ListStartResult;
  /** A list's summary and its requests changed since `since` (0: all); null when it is gone. */
  'list.state'(data: { id: string; since: number }): ListState | null;
  /** A list's file as imported, with each row's request or reason. */
  'list.input'(data: { id: string }): ListInput | null;
  /** Every kept list, newest first. */
  'list.all'(): ListSummary[];
  /** Pause, resume (with a new cap) or cancel: the calls in flight finish and are paid. */
  'list.control'(data: { id: string; control: ListControl }): ListSummary | null;
  /** Asks again the failed rows, or the answers older than an age; quoted first with `dryRun`. */
  'list.retry'(data: ListRetryRequest): ListRetryResult;
  'list.delete'(data: { id: string }): { ok: true };
  /** Forgets a person or company (a profile URL or email address) everywhere (lib/background/forget.ts). */
  forget(data: { subject: string }): { removed: number };
  /** Forgets who was looked up; what was spent stays (lib/background/forget.ts clearHistory). */
  'history.clear'(): { ok: true };
  /** Everything stored about others, as one JSON document (the key left out). */
  'stored.export'(): Record<string, unknown>;
  /** The do-not-enrich list (lib/background/do-not-enrich.ts), as kept. */
  'doNotEnrich.get'(): DoNotEnrichList;
  /** Replaces the list with what this text reads as; lines it cannot read are returned, not kept. */
  'doNotEnrich.set'(data: { text: string }): DoNotEnrichList & { unreadable: string[] };
}

export type DoNotEnrichKind = 'email' | 'domain' | 'profile';

export interface DoNotEnrichEntry {
  /** What it is matched by: `email:ada@acme.com`, `domain:acme.com`, `profile:person:ada-lovelace`. */
  key: string;
  kind: DoNotEnrichKind;
  /** As the person reads it in the list: the address, the domain, the profile's canonical URL. */
  text: string;
}

/** The do-not-enrich list as a page shows it. */
export interface DoNotEnrichList {
  entries: DoNotEnrichEntry[];
}

export type MessageType = keyof ProtocolMap;

/** The only message a content script may send. */
export const CONTENT_SCRIPT_MESSAGES: readonly MessageType[] = ['findings.report'];

/*
 * Lists (entrypoints/lists): a file of people or companies enriched as one journaled job. What the
 * lists page and the background (lib/background/lists/runner.ts) exchange. A list is kept in IndexedDB as
 * three things (lib/background/db.ts): its header (`lists`), its input rows as imported (`listRows`, written
 * once), and one record per distinct request (`listRequests`): rows that ask the same thing share
 * it, so a duplicate is asked, and paid, once.
 */

/** What a column of an imported file holds, as far as identifying a row goes. */
export const LIST_COLUMN_ROLES = [
  'ignore',
  'profile_url',
  'company_url',
  'email',
  'full_name',
  'first_name',
  'last_name',
  'company_name',
  'company_domain',
] as const;

export type ListColumnRole = (typeof LIST_COLUMN_ROLES)[number];

/** The choices every request of a list is made with; each has its price in the dry run. */
export interface ListOptions {
  /** How fresh a profile must be (lib/freshness.ts): the same choice as the panel's. */
  freshness: Freshness;
  /** Lookups by email, name or company return the profile too (enrich_profile=enrich, +1 each). */
  withProfiles: boolean;
  /** Person profiles also ask for personal emails and numbers (+1 for each one returned). */
  contacts: boolean;
}

/** What an answer gives the output's enrichment columns; read by field names (lib/background/lists/enriched.ts). */
export interface EnrichedFields {
  fullName?: string;
  headline?: string;
  /** Current title and company (the first experience without an end). */
  title?: string;
  company?: string;
  location?: string;
  /** The profile's address: a person's, or a company's for a company row. */
  profileUrl?: string;
  companyDomain?: string;
  /** Company size as the service words it ("51-200"), or an employee count. */
  companySize?: string;
  emails?: string[];
  phones?: string[];
}

/**
 * Where a distinct request of a list stands. `skipped`: not asked because the list was cancelled;
 * `refused`: it cannot be asked (on the do-not-enrich list, or a parameter the service refuses).
 */
export type ListRequestStatus =
  | 'queued'
  | 'running'
  | 'done'
  | 'failed'
  | 'interrupted'
  | 'skipped'
  | 'refused';

export type ListStatus = 'running' | 'paused' | 'settling' | 'done' | 'cancelled' | 'stopped';

/** One distinct request of a list, as the page shows it and exports it. */
export interface ListRequestView {
  /** The request's cache key: rows asking the same thing share it. */
  key: string;
  endpointId: EndpointId;
  /** What was asked, in a person's words ("email ada@acme.com"). */
  asked: string;
  status: ListRequestStatus;
  /** The quote it was started with (0 when it was cached). */
  quote: Quote;
  /** What it cost: reconciled, 0 from the cache, null when not published or not yet known. */
  credits: number | null;
  cached: boolean;
  /** When its answer was fetched by the service (ms since epoch); null before it is answered. */
  fetchedAt: number | null;
  /** The freshness it was asked with. */
  freshness: Freshness;
  enriched: EnrichedFields | null;
  /** The answer was empty: nobody (or no company) matched. */
  noMatch: boolean;
  error: ApiErrorJson | null;
  interrupted: InterruptedCall | null;
  /** When it last changed (ms since epoch): the page asks for what changed since its last look. */
  updatedAt: number;
}

/** A row of the file: the request that enriches it (by key), or why there is none. */
export type ListRowTarget = { key: string } | { reason: string };

/** A kept list, as the page lists it and shows its progress. */
export interface ListSummary {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  status: ListStatus;
  /** Pause was pressed (the calls in flight finish) or Cancel was. */
  pauseRequested: boolean;
  cancelRequested: boolean;
  rows: number;
  /** Distinct requests, and how many are answered, failed, refused or still to ask. */
  requests: number;
  counts: { [S in ListRequestStatus]: number };
  /** Rows whose request was answered (a duplicate row counts once per row). */
  rowsDone: number;
  spent: number;
  /** The quote of what was still to ask when it started or was last resumed. */
  quote: Quote;
  /** Stop after this many credits (the person's spend cap); null: none. */
  cap: number | null;
  options: ListOptions;
  /** Requests answered in the last minute: the pace the page turns into a time left. */
  perMinute: number;
  /** The pace the scheduler allows (requests a minute). */
  ratePerMinute: number;
  stopReason: ApiErrorJson | null;
}

/** Quote of a list before anything is spent: one per distinct request the page sends. */
export type ListQuoteRow =
  | { ok: true; key: string; quote: Quote; cachedAt: number | null }
  | { ok: false; error: ApiErrorJson };

export interface ListQuote {
  rows: ListQuoteRow[];
  /** The quote of every distinct request not cached (each counted once). */
  total: Quote;
  remainingToday: number | null;
  ratePerMinute: number;
}

export interface ListStartRequest {
  name: string;
  columns: string[];
  rows: string[][];
  mapping: ListColumnRole[];
  options: ListOptions;
  /** The distinct requests the page made of the rows (the background merges any that are one). */
  requests: PeekRequest[];
  /** Per row: the index of its request in `requests`, or why it has none. */
  targets: Array<number | { reason: string }>;
  cap: number | null;
  /** The person confirmed spending past the daily budget. */
  confirmed?: boolean;
}

export type ListStartResult =
  | { status: 'started'; list: ListSummary }
  | { status: 'needs-confirmation'; quote: Quote; remaining: number }
  | { status: 'error'; error: ApiErrorJson };

/** A list's requests that changed since `since` (all of them with 0), and its summary. */
export interface ListState {
  summary: ListSummary;
  requests: ListRequestView[];
  /** Pass as `since` next time. */
  at: number;
}

/** A list's input, as imported: for reopening it and for the export. */
export interface ListInput {
  columns: string[];
  rows: string[][];
  mapping: ListColumnRole[];
  targets: ListRowTarget[];
}

export type ListControl =
  | { action: 'pause' }
  | { action: 'resume'; cap?: number | null; confirmed?: boolean }
  | { action: 'cancel' };

/** Asking some requests again: failed ones, or answers older than an age (quoted first: `dryRun`). */
export interface ListRetryRequest {
  id: string;
  /** `failed`: the failed (and refused by the service) requests; `older`: answers older than `olderThanMs`. */
  which: 'failed' | 'older';
  olderThanMs?: number;
  /** Only these keys (a row's own Retry); all that match otherwise. */
  keys?: string[];
  dryRun: boolean;
  confirmed?: boolean;
}

export type ListRetryResult =
  | { status: 'quoted'; count: number; quote: Quote; remaining: number | null }
  | { status: 'started'; list: ListSummary }
  | { status: 'needs-confirmation'; quote: Quote; remaining: number }
  | { status: 'error'; error: ApiErrorJson };
