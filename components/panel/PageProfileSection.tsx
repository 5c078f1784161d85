/**
 * A profile and what can be done about it: its age and what it cost, "Copy as JSON", its answer
 * (drawn by the view given as children), the freshness and options chosen for the next ask, the
 * action that would ask with its quote shown before anything is spent, an inline confirmation when
 * the daily budget would be passed, and errors with what to do about them.
 */
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import type { ActionState, AnswerMeta as AnswerProvenance, QuoteState } from '@/lib/action-state';
import type { Quote } from '@/lib/protocol';
import { formatQuote, spendLabel } from '@/lib/quote-format';
import { formatCredits } from '../format';
import { Busy, ErrorNotice } from '../Notice';
import { InterruptedNotice } from './batch/InterruptedNotice';
import { formatAgo } from './panel-format';

/** What the panel says about an answer it shows: where it came from, how old, what it cost (one type: lib/action-state.ts). */
export type ShownAnswer = AnswerProvenance;

export type { ActionState, QuoteState } from '@/lib/action-state';

export interface PageProfileSectionProps {
  /** The section's heading: "Person on this page", "v3 profile". */
  title: string;
  /** 1 for the page's own profile, 2 for a view under it. */
  titleLevel?: 1 | 2;
  /** What names the profile before an answer does (its id on the page). */
  idLabel?: string | null;
  answer: ShownAnswer | null;
  /** The answer, drawn by its view. */
  children?: ComponentChildren;
  /** Freshness and options for the next ask. */
  controls?: ComponentChildren;
  /** The answer shown was asked with other options than those chosen now. */
  answerForOtherOptions?: boolean;
  quote: QuoteState;
  action: ActionState;
  /** "Enrich" (nothing of these options shown yet) or "Refresh". */
  verb: 'Enrich' | 'Refresh';
  /** Days after which an answer is stale (the setting), to say what "stale" means. */
  staleAfterDays: number;
  /** Why nothing was spent without asking, e.g. auto-enrich stopped at the budget. */
  note?: string | null;
  /** What helps with the failure shown, besides trying again (e.g. accepting older data on a 409). */
  remedy?: ComponentChildren;
  onRun: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onRetry: () => void;
  onOpenOptions: () => void;
  /** Copies the answer as JSON; absent when there is nothing to copy. */
  onCopy?: () => Promise<void>;
  /** Forgets this profile everywhere the extension keeps it; absent when nothing is kept. */
  onForget?: () => Promise<void>;
}

export function PageProfileSection(props: PageProfileSectionProps) {
  const { title, titleLevel = 1, idLabel, answer, action } = props;
  const headingId = useId();
  const Title = `h${titleLevel}` as 'h1';
  return (
    <section class="card panel-section" aria-labelledby={headingId} aria-busy={action.status === 'running'}>
      <header class="section-head">
        <Title id={headingId} class="eyebrow">
          {title}
        </Title>
        {!answer && idLabel && <p class="profile-id">{idLabel}</p>}
      </header>
      {answer && (
        <>
          {/* Where the answer came from, how old it is and what it cost, before the (long) answer. */}
          <AnswerMeta answer={answer} staleAfterDays={props.staleAfterDays}>
            {props.onCopy && <CopyJson onCopy={props.onCopy} />}
            {props.onForget && <ForgetProfile onForget={props.onForget} />}
          </AnswerMeta>
          {props.children}
          {props.answerForOtherOptions && (
            <p class="muted small answer-note">Shown: the answer without the options chosen below.</p>
          )}
        </>
      )}
      {props.controls}
      <ActionArea {...props} />
      {props.note && <p class="muted small">{props.note}</p>}
    </section>
  );
}

function ActionArea({
  quote,
  action,
  verb,
  answer,
  remedy,
  onRun,
  onConfirm,
  onCancel,
  onRetry,
  onOpenOptions,
}: PageProfileSectionProps) {
  switch (action.status) {
    case 'checking':
      return <Busy>Looking for a saved answer…</Busy>;
    case 'confirming':
      return (
        <Confirmation
          quote={action.quote}
          remaining={action.remaining}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      );
    case 'failed':
      return (
        <ErrorNotice message={action.message}>
          {(action.remedy || remedy) && (
            <div class="row">
              {remedy}
              {action.remedy === 'retry' && (
                // Trying again asks the service again: it may spend, so it carries the quote.
                <button type="button" class="small" onClick={onRetry}>
                  {quote.status === 'ready' ? spendLabel('Try again', quote.quote) : 'Try again'}
                </button>
              )}
              {action.remedy === 'settings' && (
                <button type="button" class="small" onClick={onOpenOptions}>
                  Open settings
                </button>
              )}
            </div>
          )}
        </ErrorNotice>
      );
    case 'interrupted':
      return <InterruptedNotice call={action.interrupted} onAskAgain={onRun} />;
    case 'idle':
    case 'running':
      if (quote.status === 'failed') return <ErrorNotice message={quote.message} />;
      return (
        <QuoteAction
          verb={verb}
          quote={quote.status === 'ready' ? quote.quote : null}
          running={action.status === 'running'}
          // Enriching is the point of the panel; refreshing is secondary unless the answer is stale.
          primary={verb === 'Enrich' || (answer?.stale ?? false)}
          onRun={onRun}
        />
      );
  }
}

export interface QuoteActionProps {
  /** What it does: "Enrich", "Refresh", "Count employees". */
  verb: string;
  /** null while the quote is being worked out: nothing can be spent before it is shown. */
  quote: Quote | null;
  running: boolean;
  primary: boolean;
  onRun: () => void;
  /** Said while it runs; "Enriching…" / "Refreshing…" by default. */
  runningText?: string;
}

/** "Enrich · 2 credits", and what the cost is made of. */
export function QuoteAction({ verb, quote, running, primary, onRun, runningText }: QuoteActionProps) {
  if (running)
    return (
      <Busy>
        {runningText ?? (verb === 'Refresh' ? 'Refreshing…' : verb === 'Enrich' ? 'Enriching…' : `${verb}…`)}
      </Busy>
    );
  if (!quote) return <Busy>Working out the cost…</Busy>;
  return (
    <div class="quote-action">
      <button type="button" class={primary ? 'primary' : undefined} onClick={onRun}>
        {spendLabel(verb, quote)}
      </button>
      {quote.lines.length > 0 && (
        <details class="quote-lines">
          <summary>What this costs</summary>
          <ul>
            {quote.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
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

/** "cached 3 days ago · 0 credits", and whether it is stale. */
export function AnswerMeta({
  answer,
  staleAfterDays,
  children,
}: {
  answer: ShownAnswer;
  staleAfterDays: number;
  /** Actions on the answer (copy), beside what it cost. */
  children?: ComponentChildren;
}) {
  const cost = answer.credits === null ? 'cost not published' : formatCredits(answer.credits);
  return (
    <div class="answer-meta">
      <div class="answer-meta-row">
        <p>
          {answer.cached ? 'cached' : 'fetched'} {formatAgo(answer.ageMs)} · {cost}
          {answer.stale && <span class="badge badge-stale">stale</span>}
        </p>
        {children}
      </div>
      {answer.stale && (
        <p class="muted small">
          Older than {staleAfterDays} {staleAfterDays === 1 ? 'day' : 'days'}: refresh it for current data.
        </p>
      )}
      {answer.notKept && <NotKept reason={answer.notKept} />}
    </div>
  );
}

/** An answer shown but not saved on this computer: asking again later spends again. */
export function NotKept({ reason }: { reason: NonNullable<ShownAnswer['notKept']> }) {
  return (
    <p class="muted small" role="status">
      {reason === 'storage-full'
        ? "Not saved: the browser's storage for the extension is full (clear the cache in the options)."
        : 'Not saved: it is larger than a quarter of the cache size set in the options.'}{' '}
      Asking again later spends again.
    </p>
  );
}

/** Forgets the profile shown: its saved answer, and its name in the record of what was spent. */
function ForgetProfile({ onForget }: { onForget: () => Promise<void> }) {
  const [outcome, setOutcome] = useState<'forgetting' | 'failed' | null>(null);
  async function forget() {
    setOutcome('forgetting');
    try {
      await onForget();
      setOutcome(null);
    } catch {
      setOutcome('failed');
    }
  }
  return (
    <span class="copy-json">
      <button type="button" class="small" onClick={forget} disabled={outcome === 'forgetting'}>
        Forget this profile
      </button>
      <span role="status" class="small">
        {outcome === 'forgetting' ? 'Forgetting…' : outcome === 'failed' ? 'Could not forget' : ''}
      </span>
    </span>
  );
}

/** "Copy as JSON", then whether it worked, said politely to a screen reader. */
export function CopyJson({ onCopy }: { onCopy: () => Promise<void> }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  async function copy() {
    try {
      await onCopy();
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }
  return (
    <span class="copy-json">
      <button type="button" class="small" onClick={copy}>
        Copy as JSON
      </button>
      <span role="status" class="small">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Could not copy' : ''}
      </span>
    </span>
  );
}
