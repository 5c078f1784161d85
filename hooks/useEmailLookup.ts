/**
 * The side panel's half of the context menu's "Look up email": the background started the lookup
 * in the person's right-click under a request id (lib/protocol.ts EmailLookupRequest); this asks
 * `run` with the same id, which joins that call while it runs, or reads its finished answer (or,
 * after a worker restart, finishes it): one lookup, paid once. Past the daily budget the run waits
 * for the person's confirmation here; a selection without an address asks nothing at all.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ResponseOf } from '@/lib/api/endpoints';
import { ApiError, type UserMessage, userMessage } from '@/lib/api/errors';
import { backgroundFailure, newRequestId } from '@/lib/ask-background';
import type { EmailLookupRequest, InterruptedCall, Quote, RunResult } from '@/lib/protocol';
import {
  type Answered,
  type Ask,
  INTERRUPTED_RECHECK_MS,
  type QuoteState,
  type Remedy,
  remedyFor,
} from './useQuotedAction';

export type EmailLookupState =
  | { status: 'none' }
  /** The selection held no address: nothing was asked, nothing spent. */
  | { status: 'refused'; selection: string }
  | { status: 'running'; email: string }
  | { status: 'answer'; email: string; answer: Answered<ResponseOf<'email.lookup'>> }
  | { status: 'confirming'; email: string; quote: Quote; remaining: number }
  /** The person declined to spend past the budget. */
  | { status: 'cancelled'; email: string }
  | { status: 'failed'; email: string; message: UserMessage; error: ApiError | null; remedy: Remedy }
  /** The answer was lost: what the balance says it cost; asking again is a new, quoted lookup. */
  | { status: 'interrupted'; email: string; interrupted: InterruptedCall };

export interface EmailLookup {
  state: EmailLookupState;
  /** The lookup's price (free to ask), so that a retry or a second thought is named with it. */
  quote: QuoteState;
  confirm: () => void;
  cancel: () => void;
  retry: () => void;
  /** After an interruption: the same lookup as a new request (a new charge, quoted). */
  askAgain: () => void;
}

export interface EmailLookupOptions {
  ask: Ask;
  /** The lookup the context menu asked for; null when there is none. */
  request: EmailLookupRequest | null;
  /** After an answer that may have spent. */
  onSpent?: () => void;
}

export function useEmailLookup({ ask, request, onSpent }: EmailLookupOptions): EmailLookup {
  const [state, setState] = useState<EmailLookupState>({ status: 'none' });
  const [quote, setQuote] = useState<QuoteState>({ status: 'loading' });
  /** The request shown: an answer for an earlier one is dropped. */
  const current = useRef<string | null>(null);

  /** `quiet`: re-asking an interrupted lookup while its cost settles; the screen stays as it is. */
  /**
   * `replay`: the panel opened on a lookup the menu started: join it or read what became of it;
   * one that failed is shown failed, and sent again only on Retry.
   */
  async function attempt(
    shown: EmailLookupRequest,
    confirmed: boolean,
    quiet = false,
    replay = false,
  ): Promise<void> {
    const { email, params, requestId } = shown;
    if (email === null || params === null) return;
    if (!quiet) setState({ status: 'running', email });
    let result: RunResult;
    try {
      result = await ask('run', {
        requestId,
        endpointId: 'email.lookup',
        params,
        policy: 'cache-first',
        confirmed,
        ...(replay ? { replay } : {}),
      });
    } catch (error) {
      if (current.current === requestId)
        setState({
          status: 'failed',
          email,
          message: backgroundFailure(error),
          error: null,
          remedy: 'retry',
        });
      return;
    }
    if (current.current !== requestId) return;
    switch (result.status) {
      case 'answer': {
        const { data, cached, fetchedAt, ageMs, stale, credits } = result;
        setState({
          status: 'answer',
          email,
          answer: { data: data as ResponseOf<'email.lookup'>, cached, fetchedAt, ageMs, stale, credits },
        });
        onSpent?.();
        return;
      }
      case 'needs-confirmation':
        setState({ status: 'confirming', email, quote: result.quote, remaining: result.remaining });
        return;
      case 'not-cached':
        // Not asked with cache-only; read as "try again".
        setState({
          status: 'failed',
          email,
          message: backgroundFailure('No answer yet'),
          error: null,
          remedy: 'retry',
        });
        return;
      case 'error': {
        const error = ApiError.fromJSON(result.error);
        setState({ status: 'failed', email, message: userMessage(error), error, remedy: remedyFor(error) });
        return;
      }
      case 'interrupted':
        setState({ status: 'interrupted', email, interrupted: result.interrupted });
        if (!result.interrupted.settled)
          setTimeout(() => {
            if (current.current === requestId) void attempt(shown, confirmed, true);
          }, INTERRUPTED_RECHECK_MS);
        return;
    }
  }

  useEffect(() => {
    setQuote({ status: 'loading' });
    if (!request?.params) return;
    const asked = request.requestId;
    const params = request.params;
    void (async () => {
      let shown: QuoteState;
      try {
        const answer = await ask('quote', { endpointId: 'email.lookup', params });
        shown = answer.ok
          ? { status: 'ready', quote: answer.quote }
          : { status: 'failed', message: userMessage(ApiError.fromJSON(answer.error)) };
      } catch (error) {
        shown = { status: 'failed', message: backgroundFailure(error) };
      }
      if (current.current === asked) setQuote(shown);
    })();
  }, [request?.requestId]);

  useEffect(() => {
    current.current = request?.requestId ?? null;
    if (!request) setState({ status: 'none' });
    else if (request.email === null || request.params === null)
      setState({ status: 'refused', selection: request.selection });
    else void attempt(request, false, false, true);
  }, [request?.requestId]);

  return {
    state,
    quote,
    confirm() {
      if (request && state.status === 'confirming') void attempt(request, true);
    },
    cancel() {
      if (state.status === 'confirming') setState({ status: 'cancelled', email: state.email });
    },
    retry() {
      // The same request id: a lookup the service answered is never paid for twice.
      if (request && (state.status === 'failed' || state.status === 'cancelled'))
        void attempt(request, false);
    },
    askAgain() {
      if (!request || state.status !== 'interrupted') return;
      const again = { ...request, requestId: newRequestId() };
      current.current = again.requestId;
      void attempt(again, false);
    },
  };
}
