/**
 * One row of "Found on this page" as drawn: a checkbox for the batch (named for a screen reader),
 * what is known of it (the cache's answer, a batch's, or why it cannot be asked), and its control,
 * drawn by the one renderer of every spending control (components/spend/SpendArea.tsx) in its list
 * form. Views only: the state and the asking are useFoundRow's and useFoundOnPage's.
 */
import type { ComponentChildren } from 'preact';
import { formatCredits } from '@/components/format';
import { formatAgo } from '@/components/profile/profile-format';
import { safeHttpUrl } from '@/components/safe-url';
import { SpendArea, type SpendHandlers } from '@/components/spend/SpendArea';
import { IN_CRM, IN_TEAM_CRM } from '@/hooks/useInCrm';
import type { ActionState, QuoteState } from '@/lib/action-state';
import type { AnswerLine, PeekRow } from '@/lib/protocol';

/** What the cache holds about a row, as the peek says it: shown at 0 credits. */
type CachedRow = NonNullable<Extract<PeekRow, { ok: true }>['cached']>;

/** What is known of a row's subject, beside its control. */
export type RowLine =
  /** Its quote and cache state are being asked for (free). */
  | { status: 'peeking' }
  /** It cannot be asked (the service refuses its address, or its params). */
  | { status: 'unavailable'; reason: string }
  | { status: 'not-enriched' }
  | { status: 'cached'; cached: CachedRow }
  /** In a running batch, not asked yet. */
  | { status: 'queued' }
  | {
      status: 'answered';
      answer: AnswerLine | null;
      /** What it cost: 0 from the cache, null when not published. */
      credits: number | null;
      cached: boolean;
      ageMs: number;
    }
  /** Left out of a batch that was cancelled or stopped. */
  | { status: 'not-asked' }
  /** Nothing known yet; the control says what is happening. */
  | { status: 'none' };

/** A row's control: what pressing it does, its quote, and where its action stands. */
export interface RowSpend extends SpendHandlers {
  verb: 'Enrich' | 'Refresh';
  quote: QuoteState;
  action: ActionState;
  /** An interrupted call a running batch settles and asks again by itself. */
  waiting: boolean;
}

export interface FoundRowProps {
  row: {
    key: string;
    label: string;
    /** The id or address beside the label. */
    detail?: string;
    href?: string | null;
    selectable: boolean;
    selected: boolean;
    /** The person's CRM reference holds it. */
    inCrm?: boolean;
    /** Team mode: the team's CRM reference holds it (the person's own does not). */
    inTeamCrm?: boolean;
  };
  line: RowLine;
  spend: RowSpend | null;
  onToggle: (key: string, selected: boolean) => void;
  /** Days after which a cached answer is stale (the setting), to say what "stale" means. */
  staleAfterDays?: number;
}

export function FoundRow({ row, line, spend, onToggle, staleAfterDays }: FoundRowProps) {
  const href = safeHttpUrl(row.href);
  const running = spend?.action.status === 'running';
  return (
    <li class={`found-row found-row-${running ? 'running' : line.status}`} aria-busy={running}>
      <div class="found-row-check">
        {row.selectable && (
          <input
            type="checkbox"
            checked={row.selected}
            aria-label={`Select ${row.label}`}
            onChange={(event) => onToggle(row.key, event.currentTarget.checked)}
          />
        )}
      </div>
      <div class="found-row-main">
        <p class="found-row-name">
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer">
              {row.label}
            </a>
          ) : (
            <span>{row.label}</span>
          )}
          {row.detail && row.detail !== row.label && <span class="found-id"> {row.detail}</span>}
          {(row.inCrm || row.inTeamCrm) && (
            <>
              {' '}
              <span class="in-crm">{row.inCrm ? IN_CRM : IN_TEAM_CRM}</span>
            </>
          )}
        </p>
        <RowStatus line={line} label={row.label} staleAfterDays={staleAfterDays} />
      </div>
      {spend && (
        <div class={spend.action.status === 'idle' ? 'found-row-action' : 'found-row-wide'}>
          <SpendArea
            inList
            verb={spend.verb}
            runningText="Enriching…"
            subject={row.label}
            quote={spend.quote}
            action={spend.action}
            interruptedWaiting={spend.waiting}
            onRun={spend.onRun}
            onConfirm={spend.onConfirm}
            onCancel={spend.onCancel}
            onRetry={spend.onRetry}
            onOpenOptions={spend.onOpenOptions}
          />
        </div>
      )}
    </li>
  );
}

function Answer({
  answer,
  label,
  children,
}: {
  answer: AnswerLine | null;
  label: string;
  children?: ComponentChildren;
}) {
  const repeatsName = answer !== null && answer.title.trim().toLowerCase() === label.trim().toLowerCase();
  const link = (text: string) => {
    const href = safeHttpUrl(text);
    return href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {text.replace(/^https?:\/\/(www\.)?/, '')}
      </a>
    ) : (
      text
    );
  };
  return (
    <>
      {answer && (!repeatsName || answer.detail) && (
        <p class="found-answer">
          {!repeatsName && <span class="found-answer-title">{link(answer.title)}</span>}
          {answer.detail && <span class="found-answer-detail">{link(answer.detail)}</span>}
        </p>
      )}
      {children && <p class="found-meta">{children}</p>}
    </>
  );
}

function RowStatus({
  line,
  label,
  staleAfterDays,
}: {
  line: RowLine;
  /** The row's name: an answer's title that only repeats it is not shown again. */
  label: string;
  staleAfterDays?: number;
}) {
  switch (line.status) {
    case 'peeking':
      return <p class="found-meta">Looking in the cache…</p>;
    case 'unavailable':
      return <p class="found-meta">{line.reason}</p>;
    case 'not-enriched':
      return <p class="found-meta">Not enriched yet</p>;
    case 'cached':
      return (
        <Answer answer={line.cached.answer} label={label}>
          cached {formatAgo(line.cached.ageMs)} · 0 credits
          {line.cached.stale && (
            <span class="badge badge-stale">
              stale
              {staleAfterDays !== undefined && (
                <span class="visually-hidden">
                  : older than {staleAfterDays} {staleAfterDays === 1 ? 'day' : 'days'}
                </span>
              )}
            </span>
          )}
        </Answer>
      );
    case 'queued':
      return <p class="found-meta">Waiting in the batch</p>;
    case 'answered':
      return (
        <Answer answer={line.answer} label={label}>
          {line.cached ? `cached ${formatAgo(line.ageMs)}` : 'fetched just now'} ·{' '}
          {line.credits === null ? 'cost not published' : formatCredits(line.credits)}
        </Answer>
      );
    case 'not-asked':
      return <p class="found-meta">Not asked: the batch was cancelled</p>;
    case 'none':
      return null;
  }
}
