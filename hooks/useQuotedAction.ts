/**
 * One quoted action of a page, from opening to answer: the view's one question when it opens
 * (quote and cached answer together, `view.open`), then running it when the person asks, a
 * confirmation past the daily budget, and errors with what helps. Every view that can spend (the
 * panel's profile, sections, the context menu's email lookup and each row found on the page, the
 * popup's searches and lookups) uses this one hook; they differ only in the endpoint, the params and how they draw the answer.
 *
 * Hooks sit between pages and lib: they hold a view's state and ask the background through the
 * `ask` they are given, never importing an entrypoint or a component.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ActionState, Answered, QuoteState, Remedy } from '@/lib/action-state';
import type { ResponseOf } from '@/lib/api/endpoints';
import { ApiError, type ApiErrorKind, userMessage } from '@/lib/api/errors';
import type { EndpointId } from '@/lib/api/ids';
import { type Ask, backgroundFailure } from '@/lib/ask-background';
import type {
  CachedView,
  CachePolicy,
  RawParamsMessage,
  RunRequest,
  RunResult,
  SpendTotals,
  ViewState,
} from '@/lib/protocol';

export type { ActionState, Answered, QuoteState, Remedy } from '@/lib/action-state';
export type { Ask } from '@/lib/ask-background';

/**
 * Errors that trying again cannot change: the request itself is refused or has no answer. An
 * answer about someone on the do-not-enrich list would be paid for again and refused again.
 */
const FINAL_KINDS: ReadonlySet<ApiErrorKind> = new Set(['not-found', 'invalid', 'schema', 'do-not-enrich']);

export function remedyFor(error: ApiError): Remedy {
  if (error.kind === 'auth' || error.kind === 'member-token') return 'settings';
  return FINAL_KINDS.has(error.kind) ? null : 'retry';
}

/** One person action: a retry or a confirmation sends it again with the same request id. */
interface RunAttempt {
  requestId: string;
  policy: CachePolicy;
  confirmed?: boolean;
  /** Started automatically, not by the person: it is never confirmed past the budget. */
  auto?: boolean;
  /** Joins a run the background started (`join`): reads what became of it, never sends it again. */
  replay?: boolean;
}

export interface QuotedActionOptions<Id extends EndpointId> {
  ask: Ask;
  newRequestId: () => string;
  endpointId: Id;
  /** What a person entered; `null` while the view has nothing to ask yet (nothing is sent). */
  params: RawParamsMessage | null;
  /** Run (cache first, within budget) as soon as nothing is cached: auto-enrich. */
  autoRun?: boolean;
  /**
   * Called with today's totals (spending, balance) whenever a run answers them: after anything that
   * may have spent. What else a run answers spent nothing.
   */
  onSpent?: (totals: SpendTotals) => void;
  /**
   * The view's first answer when the page already holds it (the side panel's `panel.open`): asked
   * once, as the hook mounts, for its endpoint and params; what it returns is drawn in the first
   * render and not asked again. Null: ask as usual.
   */
  takeFirstView?: TakeFirstView;
  /**
   * The view shows an answer this hook did not fetch (a row's cached line from a peek, a batch's
   * answer): the person's click then refreshes it, as it would an answer of its own.
   */
  answerShown?: boolean;
  /**
   * The request id of a run the background already started in the person's click (the context
   * menu's email lookup): joined as soon as the view has opened, so that it is paid once.
   */
  join?: string | null;
}

export interface QuotedAction<Data> {
  quote: QuoteState;
  action: ActionState;
  /** The answer to the params asked now; null until there is one. */
  answer: Answered<Data> | null;
  /**
   * The last answer and the params it answers, which may be older than the params asked now (a
   * view that keeps an answer on screen while a new choice is quoted shows this); null before any.
   */
  lastAnswer: HeldAnswer<Data> | null;
  /** Why nothing was spent without asking (auto-run stopped at the budget). */
  note: string | null;
  /** The person's click: cache first when nothing is shown, refresh when an answer is. */
  run: () => void;
  confirm: () => void;
  cancel: () => void;
  retry: () => void;
}

/**
 * What a view shows at once, when the page already holds it: its quote and a cached answer (a
 * `view.open` answer, or what a row's peek says of it), or why it has no quote.
 */
export type FirstView<Data = unknown> =
  | (Pick<Extract<ViewState, { ok: true }>, 'ok' | 'quote'> & { cached: CachedView<Data> | null })
  | Extract<ViewState, { ok: false }>;

/** Hands a view the first answer the page holds for its endpoint and params (`takeFirstView`). */
export type TakeFirstView = <Id extends EndpointId>(
  endpointId: Id,
  params: RawParamsMessage,
) => FirstView<ResponseOf<Id>> | null;

/** An answer with the params it answers. */
export interface HeldAnswer<Data> {
  answer: Answered<Data>;
  params: RawParamsMessage;
}

/** How often an interrupted call whose cost may still change is asked about again. */
export const INTERRUPTED_RECHECK_MS = 3_000;

export const AUTO_RUN_STOPPED_NOTE =
  "Not enriched automatically: it would go past today's budget. Enrich it yourself if you want it.";

interface ViewShown<Data> {
  quote: QuoteState;
  answer: Answered<Data> | null;
}

/**
 * What a view's answer shows at once: its quote (or why there is none) and a cached answer.
 * `joining` a run the background started in the person's click: the cache may already hold that
 * run's answer, but it is shown as the run's (fetched, at what it cost) once joining answers, never
 * first as a free cached copy.
 */
function viewShown<Data>(view: FirstView<Data>, joining: boolean): ViewShown<Data> {
  if (!view.ok)
    return { quote: { status: 'failed', message: userMessage(ApiError.fromJSON(view.error)) }, answer: null };
  return {
    quote: { status: 'ready', quote: view.quote },
    answer: view.cached && !joining ? { ...view.cached, cached: true, credits: 0 } : null,
  };
}

export function useQuotedAction<Id extends EndpointId>(
  options: QuotedActionOptions<Id>,
): QuotedAction<ResponseOf<Id>> {
  const { ask, newRequestId, endpointId, params, autoRun = false, onSpent, join = null } = options;
  const firstView = useTakenFirstView(options);
  const [quote, setQuote] = useState<QuoteState>(firstView.drawn?.quote ?? { status: 'loading' });
  const [action, setAction] = useState<ActionState>(
    firstView.drawn ? { status: 'idle' } : { status: 'checking' },
  );
  const paramsKey = params === null ? null : questionKey(endpointId, params);
  const held = useHeldAnswer(endpointId, paramsKey, firstView.drawn?.answer ?? null);
  const [note, setNote] = useState<string | null>(null);
  /** The attempt a confirmation or a retry repeats. */
  const lastAttempt = useRef<RunAttempt | null>(null);
  /** Bumped whenever the question changes: an answer to an older one is dropped. */
  const generation = useRef(0);

  async function openView(current: number): Promise<void> {
    if (params === null) return;
    setQuote({ status: 'loading' });
    setAction({ status: 'checking' });
    const opened = await openedView(ask, endpointId, params, join !== null);
    if (current !== generation.current) return;
    setQuote(opened.quote);
    setAction({ status: 'idle' });
    if (opened.answer) held.hold(opened.answer, params);
    if (opened.view) followView(opened.view, current);
  }

  function followView(view: FirstView<ResponseOf<Id>>, current: number): void {
    const next = attemptAfter(view, join, autoRun, newRequestId);
    if (next) void attempt(next, current);
  }

  /**
   * Runs (or re-asks) one attempt. `quiet`: a re-ask of an interrupted call while its cost
   * settles, which changes nothing on screen until the background says more.
   */
  async function attempt(run: RunAttempt, current = generation.current, quiet = false): Promise<void> {
    if (params === null) return;
    lastAttempt.current = run;
    if (!quiet) {
      setNote(null);
      setAction({ status: 'running' });
    }
    let result: RunResult<ResponseOf<Id>>;
    try {
      result = await ask('run', runRequest(run, endpointId, params));
    } catch (error) {
      if (current === generation.current)
        setAction({ status: 'failed', message: backgroundFailure(error), error: null, remedy: 'retry' });
      return;
    }
    if (current !== generation.current) return;
    if ('totals' in result) onSpent?.(result.totals);
    const outcome = runOutcome(result, run);
    if (outcome.answer) held.hold(outcome.answer, params);
    if (outcome.quote) setQuote(outcome.quote);
    if (outcome.note) setNote(outcome.note);
    setAction(outcome.action);
    if (outcome.over) lastAttempt.current = null;
    else if (outcome.recheck)
      setTimeout(() => {
        if (current === generation.current && lastAttempt.current === run) void attempt(run, current, true);
      }, INTERRUPTED_RECHECK_MS);
  }

  // A layout effect, not an effect: the question leaves as soon as the view is rendered, not a frame
  // later (a panel opening on a cached profile waits on this answer).
  useLayoutEffect(() => {
    const current = ++generation.current;
    lastAttempt.current = null;
    const taken = firstView.take();
    if (taken) {
      // Already drawn from the view the page held: only what follows from it is left.
      followView(taken, current);
    } else {
      held.release();
      setNote(null);
      if (paramsKey === null) {
        setQuote({ status: 'loading' });
        setAction({ status: 'idle' });
        return;
      }
      void openView(current);
    }
    return () => {
      // A late answer for this question is dropped once the view asks another (or unmounts).
      if (generation.current === current) generation.current++;
    };
  }, [paramsKey, join]);

  return {
    quote,
    action,
    answer: held.answer,
    lastAnswer: held.last,
    note,
    run() {
      const shown = held.answer !== null || options.answerShown === true;
      void attempt({ requestId: newRequestId(), policy: shown ? 'refresh' : 'cache-first' });
    },
    confirm() {
      const last = lastAttempt.current;
      if (last) void attempt({ ...last, confirmed: true, auto: false, replay: false });
    },
    cancel() {
      lastAttempt.current = null;
      setAction({ status: 'idle' });
    },
    retry() {
      const last = lastAttempt.current;
      // The same request id: a call the service answered is never paid for twice. Sent, not joined.
      if (last) void attempt({ ...last, replay: false });
      else void openView(generation.current);
    },
  };
}

/** Which question an answer answers: the endpoint and its params. */
function questionKey(endpointId: EndpointId, params: RawParamsMessage): string {
  return JSON.stringify([endpointId, params]);
}

/**
 * The view the page already held for this question (`takeFirstView`), taken once as the hook
 * mounts: `drawn` is the first render's quote and answer (null: ask as usual), and `take` hands the
 * view once to the first effect, which follows it.
 */
function useTakenFirstView<Id extends EndpointId>({
  takeFirstView,
  endpointId,
  params,
  join = null,
}: QuotedActionOptions<Id>) {
  const [first] = useState(() => {
    const view = params === null ? null : (takeFirstView?.(endpointId, params) ?? null);
    if (!view || params === null) return null;
    const { quote, answer } = viewShown(view, join !== null);
    return { view, drawn: { quote, answer: answer && { answer, params } } };
  });
  const untaken = useRef(first?.view ?? null);
  return {
    drawn: first?.drawn ?? null,
    take(): FirstView<ResponseOf<Id>> | null {
      const view = untaken.current;
      untaken.current = null;
      return view;
    },
  };
}

/**
 * The one place the answer is held, with the question it answers (`key`). `current`: no other
 * question was asked since (a view joining another run asks anew with the same params).
 */
function useHeldAnswer<Data>(
  endpointId: EndpointId,
  paramsKey: string | null,
  first: HeldAnswer<Data> | null,
) {
  const [held, setHeld] = useState<(HeldAnswer<Data> & { key: string; current: boolean }) | null>(() =>
    first ? { ...first, key: questionKey(endpointId, first.params), current: true } : null,
  );
  return {
    // Checked against the params of this very render: an answer to other params is never drawn as theirs.
    answer: held?.current && held.key === paramsKey ? held.answer : null,
    last: held && { answer: held.answer, params: held.params },
    hold(answer: Answered<Data>, asked: RawParamsMessage): void {
      setHeld({ answer, params: asked, key: questionKey(endpointId, asked), current: true });
    },
    /** A new question: the answer held stays the last answer, but no longer answers the question asked now. */
    release(): void {
      setHeld((last) => (last?.current ? { ...last, current: false } : last));
    },
  };
}

/**
 * Asks for a view (`view.open`): what it shows at once, and the view to follow from (null when the
 * background could not be asked; the quote says so).
 */
async function openedView<Id extends EndpointId>(
  ask: Ask,
  endpointId: Id,
  params: RawParamsMessage,
  joining: boolean,
): Promise<ViewShown<ResponseOf<Id>> & { view: ViewState<ResponseOf<Id>> | null }> {
  let view: ViewState<ResponseOf<Id>>;
  try {
    view = await ask('view.open', { endpointId, params });
  } catch (error) {
    return { quote: { status: 'failed', message: backgroundFailure(error) }, answer: null, view: null };
  }
  return { ...viewShown(view, joining), view };
}

/**
 * What a view's answer starts, whether asked or held from the start: joining the run the
 * background began (`join`), or auto-enrich when nothing is cached (never past the budget).
 */
function attemptAfter(
  view: FirstView<unknown>,
  join: string | null,
  autoRun: boolean,
  newRequestId: () => string,
): RunAttempt | null {
  if (!view.ok) return null;
  if (join !== null) return { requestId: join, policy: 'cache-first', replay: true };
  if (autoRun && !view.cached) return { requestId: newRequestId(), policy: 'cache-first', auto: true };
  return null;
}

/** The `run` message of one attempt. */
function runRequest<Id extends EndpointId>(
  run: RunAttempt,
  endpointId: Id,
  params: RawParamsMessage,
): RunRequest<Id> {
  return {
    requestId: run.requestId,
    endpointId,
    params,
    policy: run.policy,
    confirmed: run.confirmed,
    ...(run.auto ? { automatic: true } : {}),
    ...(run.replay ? { replay: true } : {}),
  };
}

/** What a run's answer changes on screen. */
interface RunOutcome<Data> {
  action: ActionState;
  /** The answer to hold, when the run answered one. */
  answer?: Answered<Data>;
  quote?: QuoteState;
  note?: string;
  /** The attempt is over: nothing is left that a confirmation or a retry would repeat. */
  over?: boolean;
  /** An interrupted call whose cost may still change: asked again, quietly, after INTERRUPTED_RECHECK_MS. */
  recheck?: boolean;
}

function runOutcome<Data>(result: RunResult<Data>, run: RunAttempt): RunOutcome<Data> {
  switch (result.status) {
    case 'answer': {
      const { data, cached, fetchedAt, ageMs, stale, credits, notKept } = result;
      const answer = { data, cached, fetchedAt, ageMs, stale, credits, ...(notKept ? { notKept } : {}) };
      return { action: { status: 'idle' }, answer, over: true };
    }
    case 'not-cached':
      return { action: { status: 'idle' } };
    case 'needs-confirmation':
      if (run.auto) return { action: { status: 'idle' }, note: AUTO_RUN_STOPPED_NOTE };
      return { action: { status: 'confirming', quote: result.quote, remaining: result.remaining } };
    case 'error': {
      const error = ApiError.fromJSON(result.error);
      return { action: { status: 'failed', message: userMessage(error), error, remedy: remedyFor(error) } };
    }
    case 'answer-gone':
      // Answered and paid before; its answer is no longer kept. Never sent again under its id:
      // the person's click (run) asks again as a new request, at its price.
      return {
        action: { status: 'answer-gone', credits: result.credits, at: result.at },
        quote: { status: 'ready', quote: result.quote },
        over: true,
      };
    case 'interrupted':
      // Lost on the way back: shown with what the balance says it cost. While that may still
      // change, the same request is asked again (never paid twice: the background answers it
      // from its record, or with the answer if it resumed a call that was certainly not charged).
      return {
        action: { status: 'interrupted', interrupted: result.interrupted },
        over: result.interrupted.settled,
        recheck: !result.interrupted.settled,
      };
  }
}
