/**
 * "How often" a watch list is asked again: every 7, 30 or 90 days (the Watch form and a list's
 * settings), and, beneath it, what the retention period does to the period chosen. Every period
 * stays a choice: the warning says what it means, the person decides.
 */
import { useId } from 'preact/hooks';
import { WATCH_PERIOD_DAYS, type WatchPeriodDays } from '@/lib/protocol';
import { retentionWarning } from '@/lib/watch/watch-words';

export function PeriodField({
  value,
  onChange,
  retentionDays,
}: {
  value: WatchPeriodDays;
  onChange: (days: WatchPeriodDays) => void;
  /** How many days data about others is kept; null while unknown. */
  retentionDays: number | null;
}) {
  const id = useId();
  const warning = retentionWarning(value, retentionDays);
  return (
    <div class="field">
      <label class="field-label" for={id}>
        How often
      </label>
      <select
        id={id}
        value={String(value)}
        aria-describedby={warning ? `${id}-retention` : undefined}
        onChange={(event) => onChange(Number(event.currentTarget.value) as WatchPeriodDays)}
      >
        {WATCH_PERIOD_DAYS.map((days) => (
          <option key={days} value={String(days)}>
            Every {days} days
          </option>
        ))}
      </select>
      {warning && <RetentionWarning id={`${id}-retention`} words={warning} />}
    </div>
  );
}

/** The retention period's warning, where a watch's period is shown or chosen. */
export function RetentionWarning({ id, words }: { id?: string; words: string }) {
  return (
    <p id={id} class="field-warning">
      {words}
    </p>
  );
}
