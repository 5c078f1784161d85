/**
 * The state of "Found on this page": every row's quote and cached state in one message
 * (`batch.peek`), the selection and its total quote, which rows are busy with an action of their
 * own (each row runs it on useFoundRow), and the batch, which runs in the background
 * (`batch.start`) and is followed here by polling `batch.get` while it runs: closing the panel or a
 * stopped worker does not stop it, and reopening the panel finds it again.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Ask } from '@/hooks/useQuotedAction';
import type { UserMessage } from '@/lib/api/errors';
import { ApiError, userMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import type { Freshness } from '@/lib/freshness';
import { sumQuotes } from '@/lib/job-summary';
import type { BatchPeek, BatchView, Findings, PeekRow, SpendTotals } from '@/lib/protocol';
import type { BatchStartState } from './BatchBar';
import { isActiveBatch } from './BatchBar';
import type { FoundGroupView } from './FoundGroup';
import { companySiteDomain, type FoundItem, foundItems, GROUPS, siteItems } from './rows';
import type { FoundRowModel } from './useFoundRow';

/** How often a running batch is read again. */
export const BATCH_POLL_MS = 600;

type PeekState =
  | { status: 'loading' }
  | { status: 'ready'; peek: BatchPeek; byKey: Map<string, PeekRow> }
  | { status: 'failed'; message: UserMessage };

export interface FoundOnPageOptions {
  ask: Ask;
  findings: Findings;
  /** The person's default freshness (settings): every row is asked with it. */
  freshness?: Freshness;
  tabId: number;
  onSpent: (totals: SpendTotals | null) => void;
}

export function useFoundOnPage({ ask, findings, tabId, freshness, onSpent }: FoundOnPageOptions) {
  const domain = companySiteDomain(findings);
  const items = useMemo(
    () => [...foundItems(findings, freshness), ...(domain ? siteItems(domain) : [])],
    [findings.pageUrl, findings.scannedAt, findings.profiles.length, findings.emails.length, freshness],
  );
  const [peek, setPeek] = useState<PeekState>({ status: 'loading' });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** Rows running or confirming their own action (useFoundRow): not selectable meanwhile. */
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
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
          onSpent(null);
        }
        if (!isActiveBatch(view)) {
          onSpent(null);
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

  /** Why a row cannot be asked, or null when it can (or is still peeked at). */
  function unavailableOf(item: FoundItem): string | null {
    if (!item.request) return item.refusal ?? 'It cannot be enriched';
    if (peek.status === 'failed') return peek.message.title;
    const row = peekOf(item.key);
    return row && !row.ok ? userMessage(ApiError.fromJSON(row.error)).title : null;
  }

  /** Rows that can go in a batch now: peeked, asked for nothing at the moment, not in a running one. */
  function canSelect(item: FoundItem): boolean {
    if (!item.batchable || !peekOf(item.key)?.ok || busy.has(item.key)) return false;
    return !(active && batchItems.has(item.key));
  }

  const rows = items.map((item): FoundRowModel => {
    const inBatch = batchItems.get(item.key) ?? null;
    const selectable = canSelect(item);
    return {
      key: item.key,
      group: item.group,
      label: item.label,
      detail: item.detail,
      href: item.href,
      request: item.request,
      peek: peekOf(item.key) ?? null,
      unavailable: unavailableOf(item),
      batchItem: inBatch,
      batchActive: active,
      selectable,
      selected: selectable && selected.has(item.key),
      mountKey: inBatch && batch ? `${item.key}@${batch.id}` : item.key,
    };
  });
  const groups: FoundGroupView[] = GROUPS.map((group) => ({
    id: group.id,
    title: group.title,
    rows: rows.filter((row) => row.group === group.id),
  })).filter((group) => group.rows.length > 0);
  const siteRows = rows.filter((row) => row.group === 'site');
  const chosen = rows.filter((row) => row.selected);
  // A cached row adds nothing: the batch serves it from the cache.
  const total = sumQuotes(
    chosen.map(({ peek: peeked }) =>
      !peeked?.ok ? { min: null, max: null } : peeked.cached ? { min: 0, max: 0 } : peeked.quote,
    ),
  );

  function setRowBusy(key: string, on: boolean): void {
    if (mounted.current) setBusy((previous) => withKeys(previous, [key], on));
  }

  async function startBatch(confirmed = false): Promise<void> {
    const chosenKeys = new Set(chosen.map((row) => row.key));
    const chosenItems = items.filter((item) => chosenKeys.has(item.key));
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
    setSelected((previous) => withKeys(previous, keys, on));
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
    setRowBusy,
    startBatch: () => void startBatch(false),
    confirmBatch: () => void startBatch(true),
    cancelConfirmBatch: () => setStart({ status: 'idle' }),
    cancelBatch: () => void cancelBatch(),
    dismissBatch: () => batch && setDismissed(batch.id),
    retryPeek: () => void loadPeek(),
  };
}

/** The set with `keys` in it (`on`) or out of it; the same set when nothing changes. */
function withKeys(set: ReadonlySet<string>, keys: readonly string[], on: boolean): ReadonlySet<string> {
  if (keys.every((key) => set.has(key) === on)) return set;
  const next = new Set(set);
  for (const key of keys) {
    if (on) next.add(key);
    else next.delete(key);
  }
  return next;
}
