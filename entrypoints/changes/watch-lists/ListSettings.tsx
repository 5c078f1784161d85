/**
 * A watch list's settings, folded away: its name, how often it is asked (every 7, 30 or 90 days, with
 * what the retention period does to the one chosen) and its cap a period (empty: none). Saving
 * changes nothing already spent.
 */
import { useId, useState } from 'preact/hooks';
import { CapField } from '@/components/CapField';
import { PeriodField } from '@/components/watch/PeriodField';
import { readCap } from '@/lib/credit-cap';
import type { WatchListSummary, WatchPeriodDays } from '@/lib/protocol';

export interface WatchSettings {
  name: string;
  periodDays: WatchPeriodDays;
  cap: number | null;
}

export function ListSettings({
  list,
  retentionDays,
  onSave,
}: {
  list: WatchListSummary;
  /** How many days data about others is kept; null while unknown. */
  retentionDays: number | null;
  onSave: (settings: WatchSettings) => Promise<void>;
}) {
  const ids = { name: useId() };
  const [name, setName] = useState(list.name);
  const [periodDays, setPeriodDays] = useState<WatchPeriodDays>(list.periodDays);
  const [capText, setCapText] = useState(list.cap === null ? '' : String(list.cap));
  const { cap, error } = readCap(capText);
  const problem = name.trim() === '' ? 'Name the watch list' : (error ?? null);
  return (
    <details class="watch-settings">
      <summary>
        Period, cap and name<span class="visually-hidden"> of {list.name}</span>
      </summary>
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (!problem) void onSave({ name: name.trim(), periodDays, cap });
        }}
      >
        <div class="watch-choices">
          <div class="field">
            <label class="field-label" for={ids.name}>
              Name
            </label>
            <input
              id={ids.name}
              type="text"
              value={name}
              maxLength={200}
              onInput={(event) => setName(event.currentTarget.value)}
            />
          </div>
          {/* The saved period's warning is on the list's card: here only another period's. */}
          <PeriodField
            value={periodDays}
            onChange={setPeriodDays}
            retentionDays={periodDays === list.periodDays ? null : retentionDays}
          />
        </div>
        <CapField label="Cap a period (credits, optional)" text={capText} onText={setCapText} />
        {problem && <p class="field-error">{problem}</p>}
        <div class="row">
          <button type="submit" disabled={problem !== null}>
            Save settings
          </button>
        </div>
      </form>
    </details>
  );
}
