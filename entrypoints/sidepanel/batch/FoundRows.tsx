/**
 * The rows of "Found on this page", grouped by kind: each with a checkbox for the batch (named for
 * a screen reader), what the cache holds about it, and its own quoted action. Views only: the state
 * and the asking are entrypoints/sidepanel/batch's.
 */
import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import { formatCredits } from '@/components/format';
import { Busy, ErrorNotice } from '@/components/Notice';
import { formatAgo } from '@/components/profile/profile-format';
import { safeHttpUrl } from '@/components/safe-url';
import { InterruptedNotice } from '@/components/spend/InterruptedNotice';
import { Confirmation } from '@/components/spend/SpendArea';
import type { UserMessage } from '@/lib/api/errors';
import type { AnswerLine, InterruptedCall, Quote } from '@/lib/protocol';
import { formatQuote } from '@/lib/quote-format';

/** What the cache holds about a row: shown at 0 credits. */
export interface CachedRow {
  ageMs: number;
  stale: boolean;
  answer: AnswerLine | null;
}

/** Where a row stands. */
export type RowPhase =
  /** Its quote and cache state are being asked for (free). */
  | { status: 'peeking' }
  /** It cannot be asked (the service refuses its address, or its params). */
  | { status: 'unavailable'; reason: string }
  | { status: 'ready'; quote: Quote; cached: CachedRow | null }
  /** In a running batch, not asked yet. */
  | { status: 'queued' }
  | { status: 'running' }
  | {
      status: 'answered';
      answer: AnswerLine | null;
      /** What it cost: 0 from the cache, null when not published. */
      credits: number | null;
      cached: boolean;
      ageMs: number;
      /** The quote of refreshing it. */
      quote: Quote | null;
    }
  | { status: 'failed'; message: UserMessage; quote: Quote | null }
  | { status: 'confirming'; quote: Quote; remaining: number }
  /** `waiting`: a running batch settles it and asks again by itself if it was not charged. */
  | { status: 'interrupted'; call: InterruptedCall; waiting?: boolean }
  /** Left out of a batch that was cancelled or stopped. */
  | { status: 'not-asked'; quote: Quote | null };

export interface FoundRowView {
  key: string;
  label: string;
  /** The id or address beside the label. */
  detail?: string;
  href?: string | null;
  phase: RowPhase;
  /** Can be put in the batch (it has a request, and nothing runs for it now). */
  selectable: boolean;
  selected: boolean;
}

export interface FoundGroupView {
  id: string;
  title: string;
  rows: FoundRowView[];
}

export interface RowEvents {
  onToggle: (key: string, selected: boolean) => void;
  /** Enrich (cache first), or refresh a shown answer; `again` for an interrupted or failed one. */
  onRun: (key: string) => void;
  onConfirm: (key: string) => void;
  onCancelConfirm: (key: string) => void;
  /** Days after which a cached answer is stale (the setting), to say what "stale" means. */
  staleAfterDays?: number;
}

/** Rows shown per group before "Show all": a feed page can link to thousands of profiles. */
export const ROWS_SHOWN = 25;

export function FoundGroup({
  group,
  onToggleGroup,
  ...events
}: { group: FoundGroupView; onToggleGroup?: (id: string, selected: boolean) => void } & RowEvents) {
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  const shown = showAll ? group.rows : group.rows.slice(0, ROWS_SHOWN);
  const selectable = group.rows.filter((row) => row.selectable);
  const selected = selectable.filter((row) => row.selected).length;
  return (
    <section class="found-group" aria-labelledby={headingId}>
      <div class="found-group-head">
        <h3 id={headingId}>
          {group.title} <span class="count">{group.rows.length}</span>
        </h3>
        {onToggleGroup && selectable.length > 1 && (
          <label class="found-select-all small">
            <input
              type="checkbox"
              checked={selected === selectable.length}
              indeterminate={selected > 0 && selected < selectable.length}
              onChange={(event) => onToggleGroup(group.id, event.currentTarget.checked)}
            />
            Select all {selectable.length}
            <span class="visually-hidden"> {group.title.toLowerCase()}</span>
          </label>
        )}
      </div>
      <ul class="found-rows found-batch-rows">
        {shown.map((row) => (
          <FoundRow key={row.key} row={row} {...events} />
        ))}
      </ul>
      {group.rows.length > shown.length && (
        <button type="button" class="link" onClick={() => setShowAll(true)}>
          Show all {group.rows.length}
        </button>
      )}
    </section>
  );
}

export function FoundRow({
  row,
  onToggle,
  onRun,
  onConfirm,
  onCancelConfirm,
  staleAfterDays,
}: { row: FoundRowView } & RowEvents) {
  const { phase } = row;
  const href = safeHttpUrl(row.href);
  return (
    <li class={`found-row found-row-${phase.status}`} aria-busy={phase.status === 'running'}>
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
        </p>
        <RowStatus phase={phase} label={row.label} staleAfterDays={staleAfterDays} />
      </div>
      <div class="found-row-action">
        <RowAction row={row} onRun={() => onRun(row.key)} />
      </div>
      {phase.status === 'confirming' && (
        <div class="found-row-wide">
          <Confirmation
            quote={phase.quote}
            remaining={phase.remaining}
            onConfirm={() => onConfirm(row.key)}
            onCancel={() => onCancelConfirm(row.key)}
          />
        </div>
      )}
      {phase.status === 'failed' && (
        <div class="found-row-wide">
          <ErrorNotice message={phase.message} />
        </div>
      )}
      {phase.status === 'interrupted' && (
        <div class="found-row-wide">
          <InterruptedNotice
            call={phase.call}
            subject={row.label}
            onAskAgain={() => onRun(row.key)}
            busy={phase.waiting}
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
  phase,
  label,
  staleAfterDays,
}: {
  phase: RowPhase;
  /** The row's name: an answer's title that only repeats it is not shown again. */
  label: string;
  staleAfterDays?: number;
}) {
  switch (phase.status) {
    case 'peeking':
      return <p class="found-meta">Looking in the cache…</p>;
    case 'unavailable':
      return <p class="found-meta">{phase.reason}</p>;
    case 'ready':
      if (!phase.cached) return <p class="found-meta">Not enriched yet</p>;
      return (
        <Answer answer={phase.cached.answer} label={label}>
          cached {formatAgo(phase.cached.ageMs)} · 0 credits
          {phase.cached.stale && (
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
    case 'running':
      return <Busy>Enriching…</Busy>;
    case 'answered':
      return (
        <Answer answer={phase.answer} label={label}>
          {phase.cached ? `cached ${formatAgo(phase.ageMs)}` : 'fetched just now'} ·{' '}
          {phase.credits === null ? 'cost not published' : formatCredits(phase.credits)}
        </Answer>
      );
    case 'not-asked':
      return <p class="found-meta">Not asked: the batch was cancelled</p>;
    default:
      return null;
  }
}

/** The row's own quoted action: "Enrich · 2 credits", "Refresh · 2 credits", "Try again · …". */
function RowAction({ row, onRun }: { row: FoundRowView; onRun: () => void }) {
  const { phase } = row;
  // Named `<what it does> · <quote>` with the row's name in it, so a list of buttons tells apart.
  const button = (verb: string, quote: Quote) => (
    <button type="button" class="small" onClick={onRun}>
      {verb}
      <span class="visually-hidden"> {row.label}</span> · {formatQuote(quote)}
    </button>
  );
  switch (phase.status) {
    case 'ready':
      return button(phase.cached ? 'Refresh' : 'Enrich', phase.quote);
    case 'answered':
    case 'not-asked':
      return phase.quote ? button(phase.status === 'answered' ? 'Refresh' : 'Enrich', phase.quote) : null;
    case 'failed':
      return phase.quote ? button('Try again', phase.quote) : null;
    default:
      return null;
  }
}
