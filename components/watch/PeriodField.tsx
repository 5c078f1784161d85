/** "How often" a watch list is asked again: every 7, 30 or 90 days (the Watch form and a list's settings). */
import { useId } from 'preact/hooks';
import { WATCH_PERIOD_DAYS, type WatchPeriodDays } from '@/lib/protocol';

export function PeriodField({
  value,
  onChange,
}: {
  value: WatchPeriodDays;
  onChange: (days: WatchPeriodDays) => void;
}) {
  const id = useId();
  return (
    <div class="field">
      <label class="field-label" for={id}>
        How often
      </label>
      <select
        id={id}
        value={String(value)}
        onChange={(event) => onChange(Number(event.currentTarget.value) as WatchPeriodDays)}
      >
        {WATCH_PERIOD_DAYS.map((days) => (
          <option key={days} value={String(days)}>
            Every {days} days
          </option>
        ))}
      </select>
    </div>
  );
}
