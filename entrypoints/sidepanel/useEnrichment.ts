/**
 * The life of one page profile in the panel: on arrival, look in the cache (free) and work out the
 * quote; show a cached answer at once, otherwise offer the quoted action; run it when the person
 * asks (or automatically, within budget, when auto-enrich is on); confirm past the budget; explain
 * failures. The panel mounts it once per profile (keyed), so a new page always starts afresh and a
 * late answer for a page the tab has left is dropped.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ActionState, QuoteState, ShownAnswer } from '@/components/panel/PageProfileSection';
import { ApiError, type ApiErrorKind, userMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import type { ProtocolMap, RunResult, ViewState } from '@/lib/protocol';
import { enrichRequestFor, type PageProfile, readAnswer, whyNotEnrichable } from './enrichment';

export type Ask = <T extends keyof ProtocolMap>(
  type: T,
  data: Parameters<ProtocolMap[T]>[0],
) => Promise<ReturnType<ProtocolMap[T]>>;

type Policy = 'cache-only' | 'cache-first' | 'refresh';

/** One person action (or the arrival check): a retry or a confirmation sends it again, same id. */
interface RunAttempt {
  requestId: string;
  policy: Policy;
  confirmed?: boolean;
  /** Started by auto-enrich, not by the person: it is never confirmed past the budget. */
  auto?: boolean;
}

export interface EnrichmentOptions {
  ask: Ask;
  newRequestId: () => string;
  /** The page's own profile. */
  profile: PageProfile;
  autoEnrich: boolean;
  /** Called after a request that may have spent credits, so the footer can follow. */
  onSpent: () => void;
}

export interface Enrichment {
  answer: ShownAnswer | null;
  quote: QuoteState;
  action: ActionState;
  note: string | null;
  /** Enrich (cache first) when nothing is shown, refresh when an answer is. */
  run: () => void;
  confirm: () => void;
  cancel: () => void;
  retry: () => void;
}

/** Errors that trying again cannot change: the request itself is refused or has no answer. */
const FINAL_KINDS: ReadonlySet<ApiErrorKind> = new Set(['not-found', 'invalid']);

function remedyFor(error: ApiError): 'retry' | 'settings' | null {
  if (error.kind === 'auth') return 'settings';
  return FINAL_KINDS.has(error.kind) ? null : 'retry';
}

export const AUTO_ENRICH_STOPPED_NOTE =
  "Not enriched automatically: it would go past today's budget. Enrich it yourself if you want it.";

export function useEnrichment({
  ask,
  newRequestId,
  profile,
  autoEnrich,
  onSpent,
}: EnrichmentOptions): Enrichment {
  // Checked by whyNotEnrichable before anything is asked: a profile with no request never asks.
  const request = enrichRequestFor(profile) ?? { endpointId: 'person.profile' as const, params: {} };
  const [answer, setAnswer] = useState<ShownAnswer | null>(null);
  const [quote, setQuote] = useState<QuoteState>({ status: 'loading' });
  const [action, setAction] = useState<ActionState>({ status: 'checking' });
  const [note, setNote] = useState<string | null>(null);
  /** The attempt a confirmation or a retry repeats. */
  const lastAttempt = useRef<RunAttempt | null>(null);
  const mounted = useRef(true);

  /**
   * The view's one question when it opens: the quote and the cached answer (if any) together.
   * A cached answer is shown at once, at 0 credits; with none, the quoted action is offered (or
   * run, within budget, when auto-enrich is on).
   */
  async function openView(): Promise<void> {
    setQuote({ status: 'loading' });
    setAction({ status: 'checking' });
    let view: ViewState;
    try {
      view = await ask('view.open', { endpointId: request.endpointId, params: request.params });
    } catch (error) {
      if (!mounted.current) return;
      setQuote({ status: 'failed', message: backgroundFailure(error) });
      setAction({ status: 'idle' });
      return;
    }
    if (!mounted.current) return;
    if (!view.ok) {
      setQuote({ status: 'failed', message: userMessage(ApiError.fromJSON(view.error)) });
      setAction({ status: 'idle' });
      return;
    }
    setQuote({ status: 'ready', quote: view.quote });
    if (view.cached) {
      const { data, ageMs, stale } = view.cached;
      setAnswer({ profile: readAnswer(request.endpointId, data), cached: true, ageMs, stale, credits: 0 });
      setAction({ status: 'idle' });
      return;
    }
    setAction({ status: 'idle' });
    if (autoEnrich) void attempt({ requestId: newRequestId(), policy: 'cache-first', auto: true });
  }

  async function attempt(run: RunAttempt): Promise<void> {
    lastAttempt.current = run;
    setAction({ status: run.policy === 'cache-only' ? 'checking' : 'running' });
    let result: RunResult;
    try {
      result = await ask('run', {
        requestId: run.requestId,
        endpointId: request.endpointId,
        params: request.params,
        policy: run.policy,
        confirmed: run.confirmed,
      });
    } catch (error) {
      if (mounted.current)
        setAction({ status: 'failed', message: backgroundFailure(error), remedy: 'retry' });
      return;
    }
    if (!mounted.current) return;
    if (run.policy !== 'cache-only') onSpent();
    settle(run, result);
  }

  function settle(run: RunAttempt, result: RunResult): void {
    switch (result.status) {
      case 'answer': {
        const card = readAnswer(request.endpointId, result.data);
        const { cached, ageMs, stale, credits } = result;
        setAnswer({ profile: card, cached, ageMs, stale, credits });
        setAction({ status: 'idle' });
        lastAttempt.current = null;
        return;
      }
      case 'not-cached':
        setAction({ status: 'idle' });
        if (autoEnrich) void attempt({ requestId: newRequestId(), policy: 'cache-first', auto: true });
        return;
      case 'needs-confirmation':
        if (run.auto) {
          setNote(AUTO_ENRICH_STOPPED_NOTE);
          setAction({ status: 'idle' });
          return;
        }
        setAction({ status: 'confirming', quote: result.quote, remaining: result.remaining });
        return;
      case 'error': {
        const error = ApiError.fromJSON(result.error);
        setAction({ status: 'failed', message: userMessage(error), remedy: remedyFor(error) });
        return;
      }
    }
  }

  useEffect(() => {
    mounted.current = true;
    const refusal = whyNotEnrichable(profile);
    if (refusal) {
      // Nothing to ask: the service would refuse this address.
      setQuote({ status: 'failed', message: refusal });
      setAction({ status: 'idle' });
      return;
    }
    void openView();
    return () => {
      mounted.current = false;
    };
  }, []);

  return {
    answer,
    quote,
    action,
    note,
    run() {
      setNote(null);
      void attempt({ requestId: newRequestId(), policy: answer ? 'refresh' : 'cache-first' });
    },
    confirm() {
      const last = lastAttempt.current;
      if (last) void attempt({ ...last, confirmed: true, auto: false });
    },
    cancel() {
      lastAttempt.current = null;
      setAction({ status: 'idle' });
    },
    retry() {
      const last = lastAttempt.current;
      if (last) void attempt(last);
      else if (quote.status === 'failed') void openView();
    },
  };
}
