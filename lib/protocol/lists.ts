/**
 * Lists (entrypoints/lists): a file of people or companies enriched as one journaled job. What the
 * lists page and the background (lib/background/lists/lists.ts) exchange. A list is kept in IndexedDB as
 * three things (lib/background/db.ts): its header (`lists`), its input rows as imported (`listRows`, written
 * once), and one record per distinct request (`listRequests`): rows that ask the same thing share
 * it, so a duplicate is asked, and paid, once.
 */
import type { ApiErrorJson } from '../api/errors';
import type { EndpointId } from '../api/ids';
import type { Freshness } from '../freshness';
import type { PeekRequest } from './batches';
import type { CrmMatchBy } from './crm';
import type { InterruptedCall, Quote } from './views';

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

/** What an answer gives the output's enrichment columns; read by field names (lib/enriched-fields.ts). */
export interface EnrichedFields {
  fullName?: string;
  /** The name's parts as the answer gives them (a person's first_name and last_name). */
  firstName?: string;
  lastName?: string;
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
  /** A person's place, or a company's headquarters, in parts (the CRM exports' columns). */
  city?: string;
  state?: string;
  country?: string;
  /** A company's website as the answer gives it, and its industry. */
  website?: string;
  industry?: string;
  /**
   * A company's employees as one number: those on the network, else the low end of its size range
   * (a CRM's "Number of employees" takes a number, not "51-200").
   */
  employeeCount?: number;
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
  | {
      ok: true;
      key: string;
      /** Team mode: 0 credits (`teamHas`) when the team's hub has it fresh enough. */
      quote: Quote;
      cachedAt: number | null;
      /** Team mode: the team's CRM reference holds it (how it matched). */
      teamCrm?: CrmMatchBy;
    }
  | { ok: false; error: ApiErrorJson };

export interface ListQuote {
  rows: ListQuoteRow[];
  /** The quote of every distinct request not cached (each counted once). */
  total: Quote;
  remainingToday: number | null;
  /**
   * Team mode: what is left of the member's budget at the team hub today (null: no budget there);
   * left out in own-key mode, or when the hub could not be asked.
   */
  teamLeftToday?: number | null;
  ratePerMinute: number;
}

export interface ListStartRequest {
  /**
   * Chosen by the page once per click (newRequestId) and the new job's id: a start asked again
   * because the worker stopped before it answered finds the job it started, not a second one.
   */
  startId: string;
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

export interface ListMessages {
  /** A list's quote and cache state before anything is spent (lib/background/lists/lists.ts). Never spends. */
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
}
