/**
 * What can be done with a list while it runs or after it stopped: Pause, Resume (past today's
 * budget when that stopped it, each with what the rest costs), Cancel, and a higher cap to resume
 * past the one it stopped at; and once it stopped, its failed rows asked again.
 */

import { CapField } from '@/components/CapField';
import { readCap } from '@/lib/credit-cap';
import type { ListControl, ListSummary, Quote } from '@/lib/protocol';
import { spendLabel } from '@/lib/quote-format';
import { isRunning } from './useList';

export function ListControls({
  summary,
  remainingQuote,
  capText,
  onCapText,
  control,
  failed,
  onRetryFailed,
}: {
  summary: ListSummary;
  /** What the rows still waiting cost, each at the quote it was queued with. */
  remainingQuote: Quote;
  capText: string;
  onCapText: (text: string) => void;
  control: (change: ListControl) => Promise<void>;
  /** The failed rows: how many, and what asking them again costs. */
  failed: { count: number; quote: Quote };
  onRetryFailed: () => void;
}) {
  const running = isRunning(summary);
  const left = summary.counts.queued + summary.counts.running;
  const { cap: newCap, error: capError } = readCap(capText);
  const stoppedAtCap =
    summary.status === 'stopped' && summary.stopReason?.message.startsWith('Stopped at your cap');
  const stoppedAtBudget =
    summary.status === 'stopped' && summary.stopReason?.kind === 'budget' && !stoppedAtCap;
  const canResume = (summary.status === 'paused' || summary.status === 'stopped') && left > 0;
  return (
    <>
      <div class="row">
        {running && !summary.pauseRequested && !summary.cancelRequested && (
          <button type="button" onClick={() => void control({ action: 'pause' })}>
            Pause
          </button>
        )}
        {canResume && !stoppedAtCap && (
          <button
            type="button"
            class="primary"
            onClick={() =>
              void control({ action: 'resume', ...(stoppedAtBudget ? { confirmed: true } : {}) })
            }
          >
            {spendLabel(stoppedAtBudget ? "Resume past today's budget" : 'Resume', remainingQuote)}
          </button>
        )}
        {(running || canResume) && !summary.cancelRequested && (
          <button type="button" onClick={() => void control({ action: 'cancel' })}>
            Cancel
          </button>
        )}
      </div>
      {stoppedAtCap && canResume && (
        <form
          class="row cap-raise"
          onSubmit={(event) => {
            event.preventDefault();
            if (newCap === null || capError) return;
            void control({ action: 'resume', cap: newCap });
          }}
        >
          <CapField label="New cap (credits)" text={capText} onText={onCapText} />
          <button type="submit" class="primary">
            {spendLabel('Resume', remainingQuote)}
          </button>
        </form>
      )}
      {!running && failed.count > 0 && (
        <div class="row">
          <button type="button" onClick={onRetryFailed}>
            {spendLabel(`Retry ${failed.count} failed ${failed.count === 1 ? 'row' : 'rows'}`, failed.quote)}
          </button>
        </div>
      )}
    </>
  );
}
