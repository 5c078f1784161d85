/**
 * The state of "Found on this page": every row's quote and cached state in one message
 * (`batch.peek`), the selection and its total quote, which rows are busy with an action of their
 * own (each row runs it on useFoundRow), and the batch, which runs in the background
 * (`batch.start`) and is followed here by polling `batch.get` while it runs: closing the panel or a
 * stopped worker does not stop it, and reopening the panel finds it again.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useInCrm } from '@/hooks/useInCrm';
import type { Ask } from '@/hooks/useQuotedAction';
import type { UserMessage } from '@/lib/api/errors';
import { ApiError, userMessage } from '@/lib/api/errors';
import { backgroundFailure, newRequestId } from '@/lib/ask-background';
import type { Freshness } from '@/lib/freshness';
import { sumQuotes } from '@/lib/job-summary';
import type {
  BatchItemView,
  BatchPeek,
  BatchView,
  CrmIdentity,
  Findings,
  PeekRow,
  Quote,
  SpendTotals,
} from '@/lib/protocol';
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
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** Rows running or confirming their own action (useFoundRow): not selectable meanwhile. */
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const mounted = useMounted();
  // Rows a CRM reference holds are marked and left out of "Select all": the person's own (asked
  // with crm.match), and in team mode the team's (the peek asks its hub about each row's identity).
  const identities = useMemo(
    () => items.map((item) => (item.group === 'email' ? { email: item.label } : { profileUrl: item.href })),
    [items],
  );
  const peek = usePagePeek(ask, items, identities);
  const inCrm = useInCrm(ask, identities);

  // The page's rows: nothing selected, and peeked at once.
  useEffect(() => {
    setSelected(new Set());
    void peek.load();
  }, [items, tabId]);

  const tabBatch = useTabBatch({
    ask,
    tabId,
    items,
    pageUrl: findings.pageUrl,
    onSpent,
    onEnded: peek.load,
    onStarted: () => setSelected(new Set()),
  });

  const rows = rowModels(items, { peek: peek.state, busy, selected, batch: tabBatch, inCrm: inCrm?.matches });
  const groups: FoundGroupView[] = GROUPS.map((group) => ({
    id: group.id,
    title: group.title,
    rows: rows.filter((row) => row.group === group.id),
  })).filter((group) => group.rows.length > 0);
  const chosen = rows.filter((row) => row.selected);
  const selectableKeys = rows.filter((row) => row.selectable && !inAnyCrm(row)).map((row) => row.key);
  const leftOut = (inWhich: (row: FoundRowModel) => boolean) =>
    rows.filter((row) => row.selectable && inWhich(row) && !row.selected).length;

  function toggle(keys: readonly string[], on: boolean): void {
    setSelected((previous) => withKeys(previous, keys, on));
  }

  function startBatch(confirmed: boolean): void {
    const chosenKeys = new Set(chosen.map((row) => row.key));
    void tabBatch.start(
      items.filter((item) => chosenKeys.has(item.key)),
      confirmed,
    );
  }

  return {
    groups,
    siteRows: rows.filter((row) => row.group === 'site'),
    domain,
    peekFailed: peek.state.status === 'failed' ? peek.state.message : null,
    batch: tabBatch.shown,
    start: tabBatch.startState,
    selectable: selectableKeys.length,
    selected: chosen.length,
    inCrmLeftOut: leftOut((row) => row.inCrm),
    inTeamCrmLeftOut: leftOut((row) => row.inTeamCrm),
    teamHas: chosen.filter((row) => row.peek?.ok && !row.peek.cached && row.peek.quote.teamHas).length,
    total: selectedTotal(chosen),
    toggle: (key: string, on: boolean) => toggle([key], on),
    toggleGroup: (group: string, on: boolean) =>
      toggle(
        rows.filter((row) => row.group === group && row.selectable && !inAnyCrm(row)).map((row) => row.key),
        on,
      ),
    selectAll: (on: boolean) => toggle(selectableKeys, on),
    setRowBusy: (key: string, on: boolean) => {
      if (mounted.current) setBusy((previous) => withKeys(previous, [key], on));
    },
    startBatch: () => startBatch(false),
    confirmBatch: () => startBatch(true),
    cancelConfirmBatch: tabBatch.cancelConfirm,
    cancelBatch: () => void tabBatch.cancel(),
    dismissBatch: tabBatch.dismiss,
    retryPeek: () => void peek.load(),
  };
}

/** Whether the component is still mounted: what answers after it is gone is dropped. */
function useMounted(): { readonly current: boolean } {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/** Whether a CRM reference holds a row: the person's own or (team mode) the team's. */
function inAnyCrm(row: FoundRowModel): boolean {
  return row.inCrm || row.inTeamCrm;
}

/**
 * Every row's quote and cached state, in one `batch.peek` (each request with who its row is, for
 * the team's CRM reference in team mode); only the latest peek is shown.
 */
function usePagePeek(ask: Ask, items: readonly FoundItem[], identities: readonly CrmIdentity[]) {
  const [state, setState] = useState<PeekState>({ status: 'loading' });
  const mounted = useMounted();
  const latest = useRef(0);

  async function load(): Promise<void> {
    const request = ++latest.current;
    const asked = items.flatMap((item, index) => {
      if (!item.request) return [];
      const identity = identities[index];
      const known = identity && Object.values(identity).some((value) => value !== undefined);
      return [{ ...item, request: known ? { ...item.request, identity } : item.request }];
    });
    if (asked.length === 0) {
      setState({
        status: 'ready',
        peek: { rows: [], total: sumQuotes([]), remainingToday: null },
        byKey: new Map(),
      });
      return;
    }
    try {
      const answer = await ask('batch.peek', { requests: asked.map((item) => item.request) });
      if (!mounted.current || request !== latest.current) return;
      const byKey = new Map(asked.map((item, index) => [item.key, answer.rows[index]!]));
      setState({ status: 'ready', peek: answer, byKey });
    } catch (error) {
      if (mounted.current && request === latest.current)
        setState({ status: 'failed', message: backgroundFailure(error) });
    }
  }

  return { state, load };
}

interface TabBatchOptions {
  ask: Ask;
  tabId: number;
  /** The page's rows: a new set of them (another page, a rescan) looks for the tab's batch again. */
  items: readonly FoundItem[];
  pageUrl: string;
  onSpent: (totals: SpendTotals | null) => void;
  /** The batch ended: the rows' cached states changed. */
  onEnded: () => void;
  /** The batch started: the rows chosen for it are no longer selected. */
  onStarted: () => void;
}

/**
 * The batch of this tab: found again when the page's rows change, started (`batch.start`, with a
 * confirmation past the budget), read again while it runs, cancelled, and put away once seen.
 */
function useTabBatch({ ask, tabId, items, pageUrl, onSpent, onEnded, onStarted }: TabBatchOptions) {
  const [batch, setBatch] = useState<BatchView | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [startState, setStartState] = useState<BatchStartState>({ status: 'idle' });
  const mounted = useMounted();
  const lastSpent = useRef<number | null>(null);

  function show(view: BatchView | null): void {
    if (!mounted.current) return;
    setBatch(view && view.pageUrl === pageUrl ? view : null);
  }

  useEffect(() => {
    setStartState({ status: 'idle' });
    void ask('batch.get', { tabId }).then(show, () => undefined);
  }, [items, tabId]);

  // A running batch is read again until it ends; what it spent reaches the footer as it goes.
  const active = isActiveBatch(batch);
  useEffect(() => {
    if (!active || !batch) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const view = await ask('batch.get', { tabId });
        if (stopped) return;
        show(view);
        if (view && view.spent !== lastSpent.current) {
          lastSpent.current = view.spent;
          onSpent(null);
        }
        if (!isActiveBatch(view)) {
          onSpent(null);
          onEnded();
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

  const itemsByKey = useMemo(
    () => new Map((batch && dismissed !== batch.id ? batch.items : []).map((item) => [item.key, item])),
    [batch, dismissed],
  );

  async function start(chosen: readonly FoundItem[], confirmed: boolean): Promise<void> {
    if (chosen.length === 0) return;
    setStartState({ status: 'starting' });
    try {
      const result = await ask('batch.start', {
        startId: newRequestId(),
        tabId,
        pageUrl,
        items: chosen.map((item) => ({
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
          setStartState({ status: 'idle' });
          onStarted();
          lastSpent.current = 0;
          setDismissed(null);
          show(result.batch);
          return;
        case 'needs-confirmation':
          setStartState({ status: 'confirming', quote: result.quote, remaining: result.remaining });
          return;
        case 'error':
          setStartState({ status: 'failed', message: userMessage(ApiError.fromJSON(result.error)) });
          return;
      }
    } catch (error) {
      if (mounted.current) setStartState({ status: 'failed', message: backgroundFailure(error) });
    }
  }

  async function cancel(): Promise<void> {
    if (!batch) return;
    try {
      show(await ask('batch.cancel', { batchId: batch.id }));
    } catch {
      // The next reading shows where it stands.
    }
  }

  return {
    /** The batch drawn: null when none, or once put away. */
    shown: batch && dismissed !== batch.id ? batch : null,
    active,
    /** The shown batch's items by row key. */
    itemsByKey,
    startState,
    start,
    cancelConfirm: () => setStartState({ status: 'idle' }),
    cancel,
    dismiss: () => batch && setDismissed(batch.id),
  };
}

interface RowsState {
  peek: PeekState;
  busy: ReadonlySet<string>;
  selected: ReadonlySet<string>;
  batch: { active: boolean; itemsByKey: ReadonlyMap<string, BatchItemView>; shown: BatchView | null };
  /** Per item, whether the CRM reference holds it (hooks/useInCrm.ts). */
  inCrm: ReadonlyArray<unknown> | undefined;
}

/** What each row shows and allows, from the peek, the rows busy on their own, the selection and the batch. */
function rowModels(
  items: readonly FoundItem[],
  { peek, busy, selected, batch, inCrm }: RowsState,
): FoundRowModel[] {
  const peekOf = (key: string): PeekRow | undefined =>
    peek.status === 'ready' ? peek.byKey.get(key) : undefined;

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
    return !(batch.active && batch.itemsByKey.has(item.key));
  }

  return items.map((item, index) => {
    const inBatch = batch.itemsByKey.get(item.key) ?? null;
    const selectable = canSelect(item);
    const peeked = peekOf(item.key);
    return {
      key: item.key,
      group: item.group,
      label: item.label,
      detail: item.detail,
      href: item.href,
      request: item.request,
      peek: peeked ?? null,
      unavailable: unavailableOf(item),
      batchItem: inBatch,
      batchActive: batch.active,
      selectable,
      selected: selectable && selected.has(item.key),
      inCrm: Boolean(inCrm?.[index]),
      inTeamCrm: !inCrm?.[index] && Boolean(peeked?.ok && peeked.teamCrm),
      mountKey: inBatch && batch.shown ? `${item.key}@${batch.shown.id}` : item.key,
    };
  });
}

/** The quote of the selected rows together. A cached row adds nothing: the batch serves it from the cache. */
function selectedTotal(chosen: readonly FoundRowModel[]): Quote {
  return sumQuotes(
    chosen.map(({ peek: peeked }) =>
      !peeked?.ok ? { min: null, max: null } : peeked.cached ? { min: 0, max: 0 } : peeked.quote,
    ),
  );
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
