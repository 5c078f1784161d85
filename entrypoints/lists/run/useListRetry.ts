/**
 * Asking a list's rows again: the failed ones (all, or one), or the answers older than an age
 * (quoted first by a dry run). A retry past today's budget waits for a confirmation; its error is
 * held until the next one.
 */
import { useState } from 'preact/hooks';
import { ApiError, type UserMessage, userMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import type { ListRetryRequest, ListRetryResult, Quote } from '@/lib/protocol';
import type { ListsBackend } from '../backend';
import type { RefreshQuote } from './ListRefresh';

export function useListRetry(backend: ListsBackend, refresh: () => Promise<void>) {
  const [confirming, setConfirming] = useState<{
    quote: Quote;
    remaining: number;
    retry: ListRetryRequest;
  } | null>(null);
  const [olderDays, setOlderDays] = useState('30');
  const [refreshQuote, setRefreshQuote] = useState<RefreshQuote | null>(null);
  const [actionError, setActionError] = useState<UserMessage | null>(null);

  async function retry(request: ListRetryRequest) {
    setActionError(null);
    let result: ListRetryResult;
    try {
      result = await backend.ask('list.retry', request);
    } catch (failure) {
      setActionError(backgroundFailure(failure));
      return;
    }
    if (result.status === 'needs-confirmation')
      setConfirming({ quote: result.quote, remaining: result.remaining, retry: request });
    else if (result.status === 'error') setActionError(userMessage(ApiError.fromJSON(result.error)));
    else if (result.status === 'quoted') {
      const days = Number(olderDays);
      setRefreshQuote({ count: result.count, quote: result.quote, days });
    } else {
      setRefreshQuote(null);
      await refresh();
    }
  }

  return {
    retry,
    confirming,
    setConfirming,
    olderDays,
    /** The age was changed: the quote of the age before no longer holds. */
    changeOlderDays(text: string) {
      setOlderDays(text);
      setRefreshQuote(null);
    },
    refreshQuote,
    actionError,
  };
}
