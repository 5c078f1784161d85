/**
 * The state of "Found on this page": every row's quote and cached state in one message
 * (`batch.peek`), the selection and its total quote, each row's own quoted action (`run`), and the
 * batch, which runs in the background (`batch.start`) and is followed here by polling `batch.get`
 * while it runs: closing the panel or a stopped worker does not stop it, and reopening the panel
 * finds it again.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Ask } from '@/hooks/useQuotedAction';
import type { UserMessage } from '@/lib/api/errors';
import { ApiError, userMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import { answerLine, sumQuotes } from '@/lib/batch';
import type { Freshness } from '@/lib/freshness';
import type {
  BatchPeek,
  BatchView,
  Findings,
  InterruptedCall,
  PeekRow,
  Quote,
  RunResult,
} from '@/lib/protocol';
import type { BatchStartState } from './BatchBar';
import { isActiveBatch } from './BatchBar';
import type { FoundGroupView, FoundRowView, RowPhase } from './FoundRows';
import { companySiteDomain, type FoundItem, foundItems, GROUPS, siteItems } from './rows';

/** How often a running batch is read again. */
export const BATCH_POLL_MS = 600;

/** One person action on one row (not a batch). */
type SingleState =
  | { status: 'running' }
  | { status: 'answered'; result: Extract<RunResult, { status: 'answer' }> }
  | { status: 'failed'; message: UserMessage }
  | {
      status: 'confirming';
      quote: Quote;
      remaining: number;
      requestId: string;
      policy: 'cache-first' | 'refresh';
    }
  | { status: 'interrupted'; call: InterruptedCall };

type PeekState =
  | { status: 'loading' }
  | { status: 'ready'; peek: BatchPeek; byKey: Map<string, PeekRow> }
  | { status: 'failed'; message: UserMessage };

export interface FoundOnPageOptions {
  ask: Ask;
  newRequestId: () => string;
  findings: Findings;
  /** The person's default freshness (settings): every row is asked with it. */
  freshness?: Freshness;
  tabId: number;
  onSpent: () => void;
}

export function useFoundOnPage({
  ask,
  newRequestId,
  findings,
  tabId,
  freshness,
  onSpent,
}: FoundOnPageOptions) {
  const domain = companySiteDomain(findings);
  const items = useMemo(
    () => [...foundItems(findings, freshness), ...(domain ? siteItems(domain) : [])],
    [findings.pageUrl, findings.scannedAt, findings.profiles.length, findings.emails.length, freshness],
  );
  const [peek, setPeek] = useState<PeekState>({ status: 'loading' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [single, setSingle] = useState<ReadonlyMap<string, SingleState>>(new Map());
  const [batch, setBatch] = useState<BatchView | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [start, setStart] = useState<BatchStartState>({ status: 'idle' });
  const mounted = useRef(true);
  const peekRequest = useRef(0);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function loadPeek(): Promise<void> {
    const request = ++peekRequest.current;
    const asked = items.filter((item) => item.request !== null);
    if (asked.length === 0) {
      setPeek({
        status: 'ready',
        peek: { rows: [], total: sumQuotes([]), remainingToday: null },
        byKey: new Map(),
      });
      return;
    }
    try {
      const answer = await ask('batch.peek', { requests: asked.map((item) => item.request!) });
      if (!mounted.current || request !== peekRequest.current) return;
      const byKey = new Map(asked.map((item, index) => [item.key, answer.rows[index]!]));
      setPeek({ status: 'ready', peek: answer, byKey });
    } catch (error) {
      if (mounted.current && request === peekRequest.current)
        setPeek({ status: 'failed', message: backgroundFailure(error) });
    }
  }

  function showBatch(view: BatchView | null): void {
    if (!mounted.current) return;
    setBatch(view && view.pageUrl === findings.pageUrl ? view : null);
  }

  // The page's rows: peeked at once, and the batch of this tab found again.
  useEffect(() => {
    setSelected(new Set());
    setSingle(new Map());
    setStart({ status: 'idle' });
    void loadPeek();
    void ask('batch.get', { tabId }).then(showBatch, () => undefined);
  }, [items, tabId]);

  // A running batch is read again until it ends; what it spent reaches the footer as it goes.
  const active = isActiveBatch(batch);
  const lastSpent = useRef<number | null>(null);
  useEffect(() => {
    if (!active || !batch) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const view = await ask('batch.get', { tabId });
        if (stopped) return;
        showBatch(view);
        if (view && view.spent !== lastSpent.current) {
          lastSpent.current = view.spent;
          onSpent();
        }
        if (!isActiveBatch(view)) {
          onSpent();
          void loadPeek();
        }
      } catch {
        // The worker is waking up; the next reading will find it.
      }
    }, BATCH_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active, batch?.id, tabId]);

  const batchItems = useMemo(
    () => new Map((batch && dismissed !== batch.id ? batch.items : []).map((item) => [item.key, item])),
    [batch, dismissed],
  );

  function peekOf(key: string): PeekRow | undefined {
    return peek.status === 'ready' ? peek.byKey.get(key) : undefined;
  }

  function quoteOf(key: string): Quote | null {
    const row = peekOf(key);
    return row?.ok ? row.quote : null;
  }

  function phaseOf(item: FoundItem): RowPhase {
    if (!item.request) return { status: 'unavailable', reason: item.refusal ?? 'It cannot be enriched' };
    const own = single.get(item.key);
    if (own) {
      switch (own.status) {
        case 'running':
          return { status: 'running' };
        case 'answered':
          return {
            status: 'answered',
            answer: answerLine(item.request.endpointId, own.result.data),
            credits: own.result.credits,
            cached: own.result.cached,
            ageMs: own.result.ageMs,
            quote: quoteOf(item.key),
          };
        case 'failed':
          return { status: 'failed', message: own.message, quote: quoteOf(item.key) };
        case 'confirming':
          return { status: 'confirming', quote: own.quote, remaining: own.remaining };
        case 'interrupted':
          return { status: 'interrupted', call: own.call };
      }
    }
    const inBatch = batchItems.get(item.key);
    if (inBatch) {
      switch (inBatch.status) {
        case 'queued':
          return { status: 'queued' };
        case 'running':
          return { status: 'running' };
        case 'done':
          return {
            status: 'answered',
            answer: inBatch.answer,
            credits: inBatch.credits,
            cached: inBatch.cached,
            ageMs: 0,
            quote: quoteOf(item.key),
          };
        case 'failed':
          return {
            status: 'failed',
            message: inBatch.error
              ? userMessage(ApiError.fromJSON(inBatch.error))
              : { title: 'It failed', action: 'Try again' },
            quote: quoteOf(item.key),
          };
        case 'interrupted':
          if (inBatch.interrupted)
            return { status: 'interrupted', call: inBatch.interrupted, waiting: active };
          return { status: 'running' };
        case 'cancelled':
          return { status: 'not-asked', quote: quoteOf(item.key) };
      }
    }
    if (peek.status === 'loading') return { status: 'peeking' };
    if (peek.status === 'failed') return { status: 'unavailable', reason: peek.message.title };
    const row = peekOf(item.key);
    if (!row) return { status: 'peeking' };
    if (!row.ok) return { status: 'unavailable', reason: userMessage(ApiError.fromJSON(row.error)).title };
    return {
      status: 'ready',
      quote: row.quote,
      cached: row.cached
        ? { ageMs: row.cached.ageMs, stale: row.cached.stale, answer: row.cached.answer }
        : null,
    };
  }

  /** Rows that can go in a batch now: peeked, asked for nothing at the moment, not in a running one. */
  function canSelect(item: FoundItem): boolean {
    if (!item.batchable || !peekOf(item.key)?.ok) return false;
    const own = single.get(item.key)?.status;
    if (own === 'running' || own === 'confirming') return false;
    const inBatch = batchItems.get(item.key);
    return !(active && inBatch);
  }

  const rows = items.map((item): FoundRowView & { group: string } => ({
    key: item.key,
    group: item.group,
    label: item.label,
    detail: item.detail,
    href: item.href,
    phase: phaseOf(item),
    selectable: canSelect(item),
    selected: selected.has(item.key) && canSelect(item),
  }));
  const groups: FoundGroupView[] = GROUPS.map((group) => ({
    id: group.id,
    title: group.title,
    rows: rows.filter((row) => row.group === group.id),
  })).filter((group) => group.rows.length > 0);
  const siteRows = rows.filter((row) => row.group === 'site');
  const chosen = rows.filter((row) => row.selected);
  const total = sumQuotes(
    chosen.map((row) => {
      const peeked = peekOf(row.key);
      return peeked?.ok && peeked.cached
        ? { min: 0, max: 0 }
        : (quoteOf(row.key) ?? { min: null, max: null });
    }),
  );

  function setSingleState(key: string, state: SingleState | null): void {
    if (!mounted.current) return;
    setSingle((previous) => {
      const next = new Map(previous);
      if (state) next.set(key, state);
      else next.delete(key);
      return next;
    });
  }

  /** A row's own action: cache first when nothing is shown, refresh when an answer is. */
  async function runRow(key: string, retry?: { requestId: string; policy: 'cache-first' | 'refresh' }) {
    const item = items.find((candidate) => candidate.key === key);
    if (!item?.request) return;
    const phase = phaseOf(item);
    const policy =
      retry?.policy ??
      ((phase.status === 'ready' && phase.cached) || phase.status === 'answered' ? 'refresh' : 'cache-first');
    const requestId = retry?.requestId ?? newRequestId();
    setSingleState(key, { status: 'running' });
    let result: RunResult;
    try {
      result = await ask('run', { ...item.request, requestId, policy, confirmed: retry !== undefined });
    } catch (error) {
      setSingleState(key, { status: 'failed', message: backgroundFailure(error) });
      return;
    }
    onSpent();
    switch (result.status) {
      case 'answer':
        setSingleState(key, { status: 'answered', result });
        return;
      case 'needs-confirmation':
        setSingleState(key, {
          status: 'confirming',
          quote: result.quote,
          remaining: result.remaining,
          requestId,
          policy,
        });
        return;
      case 'interrupted':
        setSingleState(key, { status: 'interrupted', call: result.interrupted });
        return;
      case 'error':
        setSingleState(key, { status: 'failed', message: userMessage(ApiError.fromJSON(result.error)) });
        return;
      case 'not-cached':
        setSingleState(key, null);
        return;
    }
  }

  async function startBatch(confirmed = false): Promise<void> {
    const chosenItems = items.filter((item) => chosen.some((row) => row.key === item.key));
    if (chosenItems.length === 0) return;
    setStart({ status: 'starting' });
    try {
      const result = await ask('batch.start', {
        tabId,
        pageUrl: findings.pageUrl,
        items: chosenItems.map((item) => ({
          key: item.key,
          label: item.label,
          endpointId: item.request!.endpointId,
          params: item.request!.params,
        })),
        confirmed,
      });
      if (!mounted.current) return;
      switch (result.status) {
        case 'started':
          setStart({ status: 'idle' });
          setSelected(new Set());
          setSingle((previous) => {
            const next = new Map(previous);
            for (const item of chosenItems) next.delete(item.key);
            return next;
          });
          lastSpent.current = 0;
          setDismissed(null);
          showBatch(result.batch);
          return;
        case 'needs-confirmation':
          setStart({ status: 'confirming', quote: result.quote, remaining: result.remaining });
          return;
        case 'error':
          setStart({ status: 'failed', message: userMessage(ApiError.fromJSON(result.error)) });
          return;
      }
    } catch (error) {
      if (mounted.current) setStart({ status: 'failed', message: backgroundFailure(error) });
    }
  }

  async function cancelBatch(): Promise<void> {
    if (!batch) return;
    try {
      showBatch(await ask('batch.cancel', { batchId: batch.id }));
    } catch {
      // The next reading shows where it stands.
    }
  }

  function toggle(keys: readonly string[], on: boolean): void {
    setSelected((previous) => {
      const next = new Set(previous);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });
  }

  const selectableKeys = rows.filter((row) => row.selectable).map((row) => row.key);

  return {
    groups,
    siteRows,
    domain,
    peekFailed: peek.status === 'failed' ? peek.message : null,
    batch: batch && dismissed !== batch.id ? batch : null,
    start,
    selectable: selectableKeys.length,
    selected: chosen.length,
    total,
    toggle: (key: string, on: boolean) => toggle([key], on),
    toggleGroup: (group: string, on: boolean) =>
      toggle(
        rows.filter((row) => row.group === group && row.selectable).map((row) => row.key),
        on,
      ),
    selectAll: (on: boolean) => toggle(selectableKeys, on),
    runRow: (key: string) => void runRow(key),
    confirmRow: (key: string) => {
      const own = single.get(key);
      if (own?.status === 'confirming') void runRow(key, { requestId: own.requestId, policy: own.policy });
    },
    cancelConfirmRow: (key: string) => setSingleState(key, null),
    startBatch: () => void startBatch(false),
    confirmBatch: () => void startBatch(true),
    cancelConfirmBatch: () => setStart({ status: 'idle' }),
    cancelBatch: () => void cancelBatch(),
    dismissBatch: () => batch && setDismissed(batch.id),
    retryPeek: () => void loadPeek(),
  };
}
