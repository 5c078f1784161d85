/** Batches: "Found on this page" peeked at without spending, then run in the background as one job. */
import type { ApiErrorJson } from '../api/errors';
import type { EndpointId } from '../api/ids';
import type { CrmIdentity, CrmMatchBy } from './crm';
import type { InterruptedCall, Quote, RawParamsMessage } from './views';

/** One request of a page's list, to quote and look for in the cache without spending. */
export interface PeekRequest {
  endpointId: EndpointId;
  params: RawParamsMessage;
  /**
   * Who the row is, as its page read it: in team mode the team's CRM reference is asked about it
   * with the quote (a page's own reference is asked with `crm.match`).
   */
  identity?: CrmIdentity;
}

/** What a row of "Found on this page" shows before anything is spent. */
export type PeekRow =
  | {
      ok: true;
      quote: Quote;
      /** A cached answer: served at 0 credits; with a line to show for it. */
      cached: { fetchedAt: number; ageMs: number; stale: boolean; answer: AnswerLine | null } | null;
      /** Team mode: the team's CRM reference holds it (how it matched); left out of "Select all". */
      teamCrm?: CrmMatchBy;
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
  /**
   * Chosen by the page once per click (newRequestId) and the new job's id: a start asked again
   * because the worker stopped before it answered finds the job it started, not a second one.
   */
  startId: string;
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

export interface BatchMessages {
  /** Quote and cache state of many requests at once ("Found on this page"). Never spends. */
  'batch.peek'(data: { requests: PeekRequest[] }): BatchPeek;
  /** Starts a batch in the background: it runs (and survives the worker stopping) without the page. */
  'batch.start'(data: BatchStartRequest): BatchStartResult;
  /** The latest batch started from this tab, or null. */
  'batch.get'(data: { tabId: number }): BatchView | null;
  /** No further item is asked; the one in flight finishes and is paid. */
  'batch.cancel'(data: { batchId: string }): BatchView | null;
}
