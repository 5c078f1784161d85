/**
 * The batch of "Found on this page": what is selected and its one total quote on the one button
 * that spends (`Enrich N selected · <total>`, and in team mode what the team has and what its CRM
 * left out), a confirmation past the daily budget, then the batch's progress (n of N, credits so
 * far) with Cancel, and how it ended.
 */

import { formatCredits } from '@/components/format';
import { Busy, ErrorNotice, Notice } from '@/components/Notice';
import { lostChargeShort } from '@/components/spend/charge-format';
import { Confirmation } from '@/components/spend/SpendArea';
import { ApiError, type UserMessage, userMessage } from '@/lib/api/errors';
import { isWorking } from '@/lib/job-summary';
import type { BatchView, Quote } from '@/lib/protocol';
import { rowsBesideWords, spendLabel } from '@/lib/quote-format';

export type BatchStartState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'confirming'; quote: Quote; remaining: number }
  | { status: 'failed'; message: UserMessage };

export interface BatchBarProps {
  /** Rows that can be selected now, and how many are. */
  selectable: number;
  selected: number;
  /** Rows the CRM reference holds that are not selected (left out of "Select all" and the quote). */
  inCrmLeftOut: number;
  /** Team mode: the same of the rows the team's CRM reference holds. */
  inTeamCrmLeftOut?: number;
  /** Team mode: selected rows the team's hub has fresh enough (asked of it at 0). */
  teamHas?: number;
  /** The quote of the selected rows together (cached rows at 0). */
  total: Quote;
  start: BatchStartState;
  /** The latest batch of this page, running or ended; null when none. */
  batch: BatchView | null;
  onSelectAll: (selected: boolean) => void;
  onStart: () => void;
  onConfirm: () => void;
  onCancelConfirm: () => void;
  onCancelBatch: () => void;
  onDismiss: () => void;
}

export function isActiveBatch(batch: BatchView | null): boolean {
  return batch !== null && isWorking(batch.status);
}

export function BatchBar(props: BatchBarProps) {
  const { batch, start } = props;
  const active = isActiveBatch(batch);
  return (
    <div class="batch-bar">
      {batch && active && <BatchProgress batch={batch} onCancel={props.onCancelBatch} />}
      {batch && !active && <BatchOutcome batch={batch} onDismiss={props.onDismiss} />}
      {!active && start.status === 'confirming' && (
        <Confirmation
          quote={start.quote}
          remaining={start.remaining}
          onConfirm={props.onConfirm}
          onCancel={props.onCancelConfirm}
        />
      )}
      {!active && start.status === 'failed' && <ErrorNotice message={start.message} />}
      {!active && start.status !== 'confirming' && <Selection {...props} />}
    </div>
  );
}

function Selection({
  selectable,
  selected,
  inCrmLeftOut,
  inTeamCrmLeftOut,
  teamHas,
  total,
  start,
  onSelectAll,
  onStart,
}: BatchBarProps) {
  if (selectable === 0 && selected === 0) return null;
  if (start.status === 'starting') return <Busy>Starting the batch…</Busy>;
  return (
    <div class="batch-select">
      <label class="found-select-all">
        <input
          type="checkbox"
          checked={selected === selectable}
          indeterminate={selected > 0 && selected < selectable}
          onChange={(event) => onSelectAll(event.currentTarget.checked)}
        />
        Select all {selectable}
      </label>
      <button type="button" class="primary" disabled={selected === 0} onClick={onStart}>
        {spendLabel(`Enrich ${selected} selected`, total)}
        {rowsBesideWords({ teamHas, inCrm: inCrmLeftOut, inTeamCrm: inTeamCrmLeftOut })}
      </button>
    </div>
  );
}

function BatchProgress({ batch, onCancel }: { batch: BatchView; onCancel: () => void }) {
  const count = batch.items.length;
  const spent = formatCredits(batch.spent);
  const line = batch.cancelRequested
    ? `Cancelling: the call in flight finishes and is paid · ${spent} so far`
    : batch.status === 'settling'
      ? `Asked ${batch.asked} of ${count} · ${spent} so far. Reading from your balance what the interrupted call cost…`
      : `Enriching ${Math.min(batch.asked + 1, count)} of ${count} · ${spent} so far`;
  return (
    <fieldset class="batch-progress">
      <legend class="visually-hidden">Batch in progress</legend>
      <p class="batch-progress-line" role="status">
        {line}
      </p>
      <progress max={count} value={batch.asked} aria-label={`${batch.asked} of ${count} asked`} />
      <div class="row">
        <button type="button" class="small" onClick={onCancel} disabled={batch.cancelRequested}>
          {batch.cancelRequested ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
    </fieldset>
  );
}

function BatchOutcome({ batch, onDismiss }: { batch: BatchView; onDismiss: () => void }) {
  const count = batch.items.length;
  const done = batch.items.filter((item) => item.status === 'done').length;
  const notAsked = batch.items.filter((item) => item.status === 'cancelled').length;
  const interrupted = batch.items.filter((item) => item.status === 'interrupted');
  const failed = batch.items.filter((item) => item.status === 'failed').length;
  const spent = formatCredits(batch.spent);
  const title =
    batch.status === 'cancelled'
      ? `Cancelled: ${batch.asked} of ${count} asked · ${spent}`
      : batch.status === 'stopped'
        ? `Stopped after ${batch.asked} of ${count} · ${spent}`
        : `Enriched ${done} of ${count} · ${spent}`;
  const tone =
    batch.status === 'stopped' ? 'error' : batch.status === 'done' && done === count ? 'success' : 'info';
  return (
    <Notice tone={tone} title={title}>
      <ul class="batch-outcome">
        {notAsked > 0 && <li>{notAsked} not asked, nothing spent on them</li>}
        {failed > 0 && <li>{failed} failed (an error costs nothing)</li>}
        {interrupted.map((item) => (
          <li key={item.key}>
            {item.label}: interrupted,{' '}
            {item.interrupted ? lostChargeShort(item.interrupted) : formatCredits(item.credits ?? 0)}
          </li>
        ))}
        {batch.stopReason && <li>{stopText(batch.stopReason)}</li>}
      </ul>
      <div class="row">
        <button type="button" class="small" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </Notice>
  );
}

function stopText(reason: NonNullable<BatchView['stopReason']>): string {
  const message = userMessage(ApiError.fromJSON(reason));
  return `${message.title}. ${message.action}.`;
}
