/**
 * The one renderer of a control that spends, for every page (the panel's profile and sections, its
 * email lookup, the popup's searches and lookups), in every state of its quoted action: the control
 * named `<what it does> · <quote>` (shown only once the quote is known), the confirmation past
 * today's budget, the errors with the action that helps (enter the key again, top up, wait for the
 * rate limit with a countdown, retry named with its price), an interrupted call, an answer no
 * longer kept (asked again as a new request, at its price), and after an answer, where it came from, how old it is and what it cost.
 *
 * Views only: the state comes in as props (the shapes of lib/action-state.ts, which
 * hooks/useQuotedAction.ts produces), events go out. A new spending view uses this; it does not
 * draw its own button.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ActionState, AnswerMeta, QuoteState } from '@/lib/action-state';
import type { Quote } from '@/lib/protocol';
import { formatQuote } from '@/lib/quote-format';
import { formatCredits } from '../format';
import { Busy, ErrorNotice } from '../Notice';
import { formatAgo } from '../profile/profile-format';
import { InterruptedNotice } from './InterruptedNotice';

export interface SpendHandlers {
  onRun: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onRetry: () => void;
  onOpenOptions: () => void;
}

export interface SpendAreaProps extends SpendHandlers {
  /** What pressing it does, e.g. "Count employees"; the accessible name adds the quote. */
  verb: string;
  /** What is shown while it runs, e.g. "Counting employees…". */
  runningText: string;
  quote: QuoteState;
  action: ActionState;
  /** Why nothing can be asked yet (a filter to correct); no control is shown then. */
  blocked?: string | null;
  /** The primary action of its section (the first ask), or a secondary one (refresh). */
  primary?: boolean;
  /** Said under the quote's lines, e.g. which plan it is quoted for. */
  quoteNote?: string | null;
  /** Another way out of a failure, beside the retry (e.g. "Accept the older copy"). */
  remedy?: ComponentChildren;
  /** What it is asked for, in an interrupted call's "Ask again" name ("… for ada@example.com"). */
  subject?: string;
  /**
   * One of many alike rows ("Found on this page"): small controls, the quote's lines left out, and
   * the subject in every control's name ("Enrich Ada Lovelace · 2 credits"), so a list of them
   * tells apart.
   */
  inList?: boolean;
  /** An interrupted call a running batch settles and asks again by itself: not offered here. */
  interruptedWaiting?: boolean;
  /** Asking again after the answer is no longer kept, e.g. "Look it up again" (default: verb + " again"). */
  againVerb?: string;
}

export function SpendArea(props: SpendAreaProps) {
  const { action, quote } = props;
  switch (action.status) {
    case 'checking':
      return <Busy>Looking for a saved answer…</Busy>;
    case 'confirming':
      return (
        <Confirmation
          quote={action.quote}
          remaining={action.remaining}
          onConfirm={props.onConfirm}
          onCancel={props.onCancel}
        />
      );
    case 'failed':
      return (
        <FailedAction
          action={action}
          quote={quote}
          remedy={props.remedy}
          listed={props.inList ? props.subject : undefined}
          onRetry={props.onRetry}
          onOpenOptions={props.onOpenOptions}
        />
      );
    case 'interrupted':
      return (
        <InterruptedNotice
          call={action.interrupted}
          subject={props.subject}
          onAskAgain={props.onRun}
          busy={props.interruptedWaiting}
        />
      );
    case 'answer-gone':
      return (
        <AnswerGone
          action={action}
          quote={quote}
          verb={props.againVerb ?? `${props.verb} again`}
          subject={props.inList ? props.subject : undefined}
          onRun={props.onRun}
        />
      );
    case 'running':
      return <Busy>{props.runningText}</Busy>;
    case 'idle':
      if (props.blocked) return <p class="section-blocked">{props.blocked}</p>;
      if (quote.status === 'failed')
        // The quote could not be worked out (the background did not answer, or refused the question).
        return <ErrorNotice message={quote.message} onRetry={props.onRetry} />;
      if (quote.status === 'loading') return <Busy>Working out the cost…</Busy>;
      if (props.inList)
        return (
          <button type="button" class="small" onClick={props.onRun}>
            <SpendName verb={props.verb} subject={props.subject} quote={quote.quote} />
          </button>
        );
      return (
        <div class="quote-action">
          <button type="button" class={props.primary === false ? undefined : 'primary'} onClick={props.onRun}>
            <SpendName verb={props.verb} quote={quote.quote} />
          </button>
          <QuoteLines quote={quote.quote} note={props.quoteNote} />
        </div>
      );
  }
}

/**
 * A listed control's name: what it does, for whom (read, not shown: the row says it), then its
 * price, e.g. "Enrich Ada Lovelace · 2 credits" or "Try again Ada Lovelace in 3 s · 2 credits".
 */
function SpendName({
  verb,
  subject,
  after = '',
  quote,
}: {
  verb: string;
  subject?: string;
  after?: string;
  quote: Quote;
}) {
  return (
    <>
      {verb}
      {subject && <span class="visually-hidden"> {subject}</span>}
      {after} · {formatQuote(quote)}
    </>
  );
}

/** What the cost is made of, folded away. */
export function QuoteLines({ quote, note }: { quote: Quote; note?: string | null }) {
  if (quote.lines.length === 0 && !note) return null;
  return (
    <details class="quote-lines">
      <summary>What this costs</summary>
      <ul>
        {quote.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {note && <p>{note}</p>}
    </details>
  );
}

/** A failure with what helps; a retry spends again, so it is named with its price in every state. */
function FailedAction({
  action,
  quote,
  remedy,
  listed,
  onRetry,
  onOpenOptions,
}: {
  action: Extract<ActionState, { status: 'failed' }>;
  quote: QuoteState;
  remedy?: ComponentChildren;
  /** The subject of a listed control, named in the retry. */
  listed?: string;
  onRetry: () => void;
  onOpenOptions: () => void;
}) {
  const wait = action.error?.kind === 'rate-limited' ? (action.error.retryAfterSeconds ?? 0) : 0;
  const left = useCountdown(wait);
  const after = left > 0 ? ` in ${left} s` : '';
  return (
    <ErrorNotice message={action.message}>
      {(action.remedy || remedy) && (
        <div class="row">
          {remedy}
          {action.remedy === null ? null : action.remedy === 'retry' ? (
            <button type="button" class="small" onClick={onRetry} disabled={left > 0}>
              {quote.status === 'ready' ? (
                <SpendName verb="Try again" subject={listed} after={after} quote={quote.quote} />
              ) : (
                `Try again${after}`
              )}
            </button>
          ) : (
            <button type="button" class="small" onClick={onOpenOptions}>
              Open settings
            </button>
          )}
        </div>
      )}
    </ErrorNotice>
  );
}

/**
 * A request answered (and paid) before whose answer is no longer kept: said so, with what it cost,
 * and asking again offered as a new request at its price ("Look it up again · 3–4 credits").
 */
function AnswerGone({
  action,
  quote,
  verb,
  subject,
  onRun,
}: {
  action: Extract<ActionState, { status: 'answer-gone' }>;
  quote: QuoteState;
  verb: string;
  subject?: string;
  onRun: () => void;
}) {
  const cost =
    action.credits === null ? 'its cost was not published' : `it cost ${formatCredits(action.credits)}`;
  return (
    <div class="notice" role="status">
      <p class="notice-title">The answer is no longer kept</p>
      <p class="small">
        It was answered {formatAgo(Date.now() - action.at)} ({cost}), and has since left this computer's
        cache. It is not asked again unless you ask.
      </p>
      {quote.status === 'ready' && (
        <div class="row">
          <button type="button" class="small" onClick={onRun}>
            <SpendName verb={verb} subject={subject} quote={quote.quote} />
          </button>
        </div>
      )}
    </div>
  );
}

/** Seconds left of a wait that started when the view showed it. */
function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return;
    const endsAt = Date.now() + seconds * 1000;
    let timer: ReturnType<typeof setTimeout>;
    // Timed to each second's end rather than every 1000 ms: a tick a millisecond early would
    // otherwise show a whole second too many, and keep the retry disabled a second longer.
    const tick = () => {
      const msLeft = endsAt - Date.now();
      const remaining = Math.max(0, Math.ceil(msLeft / 1000));
      setLeft(remaining);
      if (remaining > 0) timer = setTimeout(tick, msLeft - (remaining - 1) * 1000);
    };
    timer = setTimeout(tick, 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return left;
}

/** "fetched just now · 24 credits", "cached 3 days ago · 0 credits", with a stale mark. */
export function AnswerLine({
  meta,
  label,
  staleAfterDays,
  children,
}: {
  meta: AnswerMeta;
  /** What the line is about, e.g. "Page 2". */
  label?: string;
  staleAfterDays: number;
  /** Actions on the answer (copy, forget), beside what it cost. */
  children?: ComponentChildren;
}) {
  const cost = meta.credits === null ? 'cost not published' : formatCredits(meta.credits);
  return (
    <div class="answer-meta">
      <div class="answer-meta-row">
        <p>
          {label && `${label} · `}
          {meta.cached ? 'cached' : 'fetched'} {formatAgo(meta.ageMs)} · {cost}
          {meta.stale && <span class="badge badge-stale">stale</span>}
        </p>
        {children}
      </div>
      {meta.stale && (
        <p class="muted small">
          Older than {staleAfterDays} {staleAfterDays === 1 ? 'day' : 'days'}: refresh it for current data.
        </p>
      )}
      {meta.notKept && <NotKept reason={meta.notKept} />}
    </div>
  );
}

/** An answer shown but not saved on this computer: asking again later spends again. */
function NotKept({ reason }: { reason: NonNullable<AnswerMeta['notKept']> }) {
  return (
    <p class="muted small" role="status">
      {reason === 'storage-full'
        ? "Not saved: the browser's storage for the extension is full (clear the cache in the options)."
        : 'Not saved: it is larger than a quarter of the cache size set in the options.'}{' '}
      Asking again later spends again.
    </p>
  );
}

/** The most a request may cost, as the confirmation words it. */
function mostItMayCost(quote: Quote): string {
  if (quote.max !== null) return `up to ${formatCredits(quote.max)}`;
  if (quote.min !== null) return `${formatCredits(quote.min)} or more`;
  return 'an unpublished number of credits';
}

export interface ConfirmationProps {
  quote: Quote;
  /** Credits left in today's budget. */
  remaining: number;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spending past the daily budget: said plainly, and only done when the person says so. */
export function Confirmation({ quote, remaining, onConfirm, onCancel }: ConfirmationProps) {
  return (
    <fieldset class="notice confirmation">
      <legend class="visually-hidden">Confirm spending past today's budget</legend>
      <p>
        This may cost {mostItMayCost(quote)}; {remaining} left in today's budget. Spend anyway?
      </p>
      <div class="row">
        <button type="button" class="primary small" onClick={onConfirm}>
          Spend anyway · {formatQuote(quote)}
        </button>
        <button type="button" class="small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
