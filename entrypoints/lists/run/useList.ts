/**
 * A kept list as the page follows it: its file (read once), its summary, and its requests, polled
 * while it runs. Each poll asks only for the requests that changed since the last one, so a list
 * of thousands costs a few records a second, not the whole list.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { usePoll } from '@/hooks/usePoll';
import type { UserMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import { isWorking } from '@/lib/job-summary';
import type { ListControl, ListInput, ListRequestView, ListSummary } from '@/lib/protocol';
import type { ListsBackend } from '../backend';

/** How often a running list is read again. */
const POLL_MS = 1_000;

export function isRunning(summary: ListSummary | null): boolean {
  return (
    summary !== null &&
    (isWorking(summary.status) ||
      summary.pauseRequested ||
      (summary.cancelRequested && summary.status !== 'cancelled'))
  );
}

export interface ListFollow {
  summary: ListSummary | null;
  input: ListInput | null;
  /** By request key; changes in place (see `version`). */
  requests: ReadonlyMap<string, ListRequestView>;
  /** Bumped whenever `requests` changed. */
  version: number;
  /** The list was deleted (or never was). */
  missing: boolean;
  /** The background did not answer (the last time it was asked). */
  error: UserMessage | null;
  refresh: () => Promise<void>;
  control: (control: ListControl) => Promise<void>;
}

export function useList(backend: ListsBackend, id: string): ListFollow {
  const [summary, setSummary] = useState<ListSummary | null>(null);
  const [input, setInput] = useState<ListInput | null>(null);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<UserMessage | null>(null);
  const [version, setVersion] = useState(0);
  const requests = useRef(new Map<string, ListRequestView>());
  const since = useRef(0);

  const refresh = useCallback(async () => {
    try {
      const state = await backend.ask('list.state', { id, since: since.current });
      if (!state) {
        setMissing(true);
        return;
      }
      for (const request of state.requests) requests.current.set(request.key, request);
      since.current = state.at;
      setSummary(state.summary);
      if (state.requests.length > 0) setVersion((value) => value + 1);
      setError(null);
    } catch (failure) {
      setError(backgroundFailure(failure));
    }
  }, [backend, id]);

  useEffect(() => {
    requests.current = new Map();
    since.current = 0;
    setSummary(null);
    setInput(null);
    setMissing(false);
    void backend.ask('list.input', { id }).then((read) => {
      if (read) setInput(read);
      else setMissing(true);
    });
    void refresh();
  }, [backend, id, refresh]);

  usePoll(refresh, isRunning(summary) ? (backend.pollMs ?? POLL_MS) : null);

  const control = useCallback(
    async (change: ListControl) => {
      try {
        const next = await backend.ask('list.control', { id, control: change });
        if (next) setSummary(next);
      } catch (failure) {
        setError(backgroundFailure(failure));
      }
      await refresh();
    },
    [backend, id, refresh],
  );

  return { summary, input, requests: requests.current, version, missing, error, refresh, control };
}
