/**
 * How far a list has got, in words (also in the kept lists' table) and figures: its status, a progress bar, rows done, rows a minute, time left,
 * credits spent against the quote, and how many rows failed, were refused or lost their answer.
 */
import { isWaitReason } from '@/lib/job-summary';
import type { ListSummary } from '@/lib/protocol';
import { formatQuote } from '@/lib/quote-format';
import { durationWords } from '../draft/dry-run';
import { isRunning } from './useList';

export function statusWords(summary: ListSummary): string {
  if (summary.cancelRequested && summary.status !== 'cancelled')
    return 'Cancelling: the calls in flight finish';
  if (summary.pauseRequested) return 'Pausing: the calls in flight finish';
  switch (summary.status) {
    case 'running':
      // A list waits, running, while nothing it sends can be answered for now (lib/background/jobs/runner.ts).
      return isWaitReason(summary.stopReason) ? summary.stopReason.message : 'Running';
    case 'settling':
      return 'Waiting for the balance to tell what a lost answer cost';
    case 'paused':
      return 'Paused';
    case 'stopped':
      return summary.stopReason?.message ?? 'Stopped';
    case 'cancelled':
      return 'Cancelled';
    case 'done':
      return 'Done';
  }
}

export function ListProgress({ summary }: { summary: ListSummary }) {
  // Waiting (the team budget spent, the hub unreachable), no row moves: no pace, no time left.
  const waiting = summary.status === 'running' && isWaitReason(summary.stopReason);
  const running = isRunning(summary) && !waiting;
  const answered =
    summary.counts.done + summary.counts.failed + summary.counts.refused + summary.counts.interrupted;
  const left = summary.counts.queued + summary.counts.running;
  const pace = summary.perMinute || summary.ratePerMinute;
  return (
    <>
      <p class="list-status" role="status">
        {isRunning(summary) && <span class="spinner" aria-hidden="true" />} {statusWords(summary)}
      </p>
      <div
        class="progress"
        role="progressbar"
        aria-label="Rows done"
        aria-valuemin={0}
        aria-valuemax={summary.requests}
        aria-valuenow={answered}
        aria-valuetext={`${summary.rowsDone} of ${summary.rows} rows`}
      >
        <div
          class="progress-bar"
          style={{ width: `${summary.requests ? (100 * answered) / summary.requests : 100}%` }}
        />
      </div>
      <dl class="figures">
        <div class="figure">
          <dt>Rows done</dt>
          <dd>
            {summary.rowsDone} of {summary.rows}
          </dd>
        </div>
        <div class="figure">
          <dt>Rows a minute</dt>
          <dd>{running ? summary.perMinute : '–'}</dd>
        </div>
        <div class="figure">
          <dt>Time left</dt>
          <dd>{left === 0 || waiting ? '–' : durationWords(left / Math.max(1, pace))}</dd>
        </div>
        <div class="figure">
          <dt>Credits spent</dt>
          <dd>
            {summary.spent}
            <span class="muted"> of {formatQuote(summary.quote)} quoted</span>
          </dd>
        </div>
      </dl>
      {summary.counts.failed + summary.counts.refused + summary.counts.interrupted > 0 && (
        <p class="muted">
          {summary.counts.failed} failed · {summary.counts.refused} refused · {summary.counts.interrupted}{' '}
          answers lost
        </p>
      )}
    </>
  );
}
