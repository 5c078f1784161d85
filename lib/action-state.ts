/**
 * The states of a quoted action as views draw them: its quote, what it is doing, and an answer's
 * provenance. Declared once here (plain types) because both sides read them: hooks/useQuotedAction
 * produces them, the views in components/ draw them, and neither may import the other.
 */
import type { ApiErrorKind, UserMessage } from './api/errors';
import type { InterruptedCall, NotKept, Quote } from './protocol';

export type QuoteState =
  | { status: 'loading' }
  | { status: 'ready'; quote: Quote }
  | { status: 'failed'; message: UserMessage };

/** What helps after an error: try again, fix the settings (key), or nothing here. */
export type Remedy = 'retry' | 'settings' | null;

export type ActionState =
  /** Looking in the cache, which is free. */
  | { status: 'checking' }
  | { status: 'idle' }
  /** Asking the service: this may spend. */
  | { status: 'running' }
  | { status: 'confirming'; quote: Quote; remaining: number }
  /**
   * The answer was lost (the worker stopped, the connection broke): what the balance says it
   * cost, and asking again as a new, quoted action. While not settled, the view keeps asking.
   */
  | { status: 'interrupted'; interrupted: InterruptedCall }
  /** Answered before, its answer no longer kept: asking again is a new, quoted action. */
  | { status: 'answer-gone'; credits: number | null; at: number }
  /** `error`: the service's (or the background's) error when there is one; `remedy`: what helps here. */
  | {
      status: 'failed';
      message: UserMessage;
      error: { kind: ApiErrorKind; retryAfterSeconds?: number; cachedProfileAgeSeconds?: number } | null;
      remedy: Remedy;
    };

/**
 * An answer's provenance, as shown beside it: the one type of it (a view's answer is its data with
 * this, `Answered`; the background's cached copy on the wire is lib/protocol/views.ts CachedView).
 */
export interface AnswerMeta {
  /** Served from the extension's cache. */
  cached: boolean;
  /** How old the data is. */
  ageMs: number;
  /** Older than the freshness setting. */
  stale: boolean;
  /** What it cost this time: 0 from the cache, null when the price is not published. */
  credits: number | null;
  /** Shown, but not saved on this computer (lib/protocol/views.ts RunResult). */
  notKept?: NotKept;
}

/** An answer as a view shows it: its data, when it was fetched, and its provenance. */
export interface Answered<Data> extends AnswerMeta {
  data: Data;
  fetchedAt: number;
}
