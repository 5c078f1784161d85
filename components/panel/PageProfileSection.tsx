/**
 * The profile the page itself is, and what can be done about it: its cached answer with its age,
 * or the action that would enrich it with its quote shown before anything is spent, an inline
 * confirmation when the daily budget would be passed, and errors with what to do about them.
 */

import type { UserMessage } from '@/lib/api/errors';
import type { Quote } from '@/lib/messages';
import type { ProfileKind } from '@/lib/profile-urls';
import { formatQuote } from '@/lib/quote-format';
import { formatCredits } from '../format';
import { Busy, ErrorNotice } from '../Notice';
import { KIND_NAMES } from './kinds';
import { type ProfileAnswer, ProfileAnswerCard } from './ProfileCards';
import { formatAgo } from './panel-format';

/** An answer as the panel shows it. */
export interface ShownAnswer {
  profile: ProfileAnswer;
  /** Served from the extension's cache. */
  cached: boolean;
  /** How old the data is. */
  ageMs: number;
  /** Older than the freshness setting. */
  stale: boolean;
  /** What it cost this time: 0 from the cache, null when the price is not published. */
  credits: number | null;
}

export type QuoteState =
  | { status: 'loading' }
  | { status: 'ready'; quote: Quote }
  | { status: 'failed'; message: UserMessage };

export type ActionState =
  /** Looking in the cache, which is free. */
  | { status: 'checking' }
  | { status: 'idle' }
  /** Asking the service: this may spend. */
  | { status: 'running' }
  | { status: 'confirming'; quote: Quote; remaining: number }
  /** `remedy`: what the person can do about it here, if anything. */
  | { status: 'failed'; message: UserMessage; remedy: 'retry' | 'settings' | null };

export interface PageProfileSectionProps {
  profile: { kind: ProfileKind; id: string };
  answer: ShownAnswer | null;
  quote: QuoteState;
  action: ActionState;
  /** Days after which an answer is stale (the setting), to say what "stale" means. */
  staleAfterDays: number;
  /** Why nothing was spent without asking, e.g. auto-enrich stopped at the budget. */
  note?: string | null;
  /** Enrich when there is no answer, refresh when there is one. */
  onRun: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  onRetry: () => void;
  onOpenOptions: () => void;
}

export function PageProfileSection(props: PageProfileSectionProps) {
  const { profile, answer, action } = props;
  return (
    <section
      class="card panel-section"
      aria-labelledby="page-profile-heading"
      aria-busy={action.status === 'running'}
    >
      <header class="section-head">
        <h1 id="page-profile-heading" class="eyebrow">
          {KIND_NAMES[profile.kind].one} on this page
        </h1>
        {!answer && <p class="profile-id">{profile.id}</p>}
      </header>
      {answer && (
        <>
          <ProfileAnswerCard answer={answer.profile} />
          <AnswerMeta answer={answer} staleAfterDays={props.staleAfterDays} />
        </>
      )}
      <ActionArea {...props} />
      {props.note && <p class="muted small">{props.note}</p>}
    </section>
  );
}

function ActionArea({
  answer,
  quote,
  action,
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
          {action.remedy && (
            <div class="row">
              {action.remedy === 'retry' ? (
                <button type="button" class="small" onClick={onRetry}>
                  Try again
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
    case 'idle':
    case 'running':
      if (quote.status === 'failed') return <ErrorNotice message={quote.message} />;
      return (
        <QuoteAction
          verb={answer ? 'Refresh' : 'Enrich'}
          quote={quote.status === 'ready' ? quote.quote : null}
          running={action.status === 'running'}
          // Enriching is the point of the panel; refreshing is secondary unless the answer is stale.
          primary={!answer || answer.stale}
          onRun={onRun}
        />
      );
  }
}

export interface QuoteActionProps {
  verb: 'Enrich' | 'Refresh';
  /** null while the quote is being worked out: nothing can be spent before it is shown. */
  quote: Quote | null;
  running: boolean;
  primary: boolean;
  onRun: () => void;
}

/** "Enrich · 2 credits", and what the cost is made of. */
export function QuoteAction({ verb, quote, running, primary, onRun }: QuoteActionProps) {
  if (running) return <Busy>{verb === 'Enrich' ? 'Enriching…' : 'Refreshing…'}</Busy>;
  if (!quote) return <Busy>Working out the cost…</Busy>;
  return (
    <div class="quote-action">
      <button type="button" class={primary ? 'primary' : undefined} onClick={onRun}>
        {verb} · {formatQuote(quote)}
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
          Spend anyway
        </button>
        <button type="button" class="small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

/** "cached 3 days ago · 0 credits", and whether it is stale. */
export function AnswerMeta({ answer, staleAfterDays }: { answer: ShownAnswer; staleAfterDays: number }) {
  const cost = answer.credits === null ? 'cost not published' : formatCredits(answer.credits);
  return (
    <div class="answer-meta">
      <p>
        {answer.cached ? 'cached' : 'fetched'} {formatAgo(answer.ageMs)} · {cost}
        {answer.stale && <span class="badge badge-stale">stale</span>}
      </p>
      {answer.stale && (
        <p class="muted small">
          Older than {staleAfterDays} {staleAfterDays === 1 ? 'day' : 'days'}: refresh it for current data.
        </p>
      )}
    </div>
  );
}
