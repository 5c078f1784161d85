/**
 * Refreshing a list's answers older than an age: the price is asked first (a dry run), then the
 * refresh is offered at that price.
 */
import { Field } from '@/components/Field';
import type { ListRetryRequest, Quote } from '@/lib/protocol';
import { spendLabel } from '@/lib/quote-format';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the dry run answered: how many rows are older than `days`, and what refreshing them costs. */
export interface RefreshQuote {
  count: number;
  quote: Quote;
  days: number;
}

export function ListRefresh({
  id,
  olderDays,
  onOlderDays,
  refreshQuote,
  retry,
}: {
  id: string;
  olderDays: string;
  /** The age was changed: the quote of the age before no longer holds. */
  onOlderDays: (text: string) => void;
  refreshQuote: RefreshQuote | null;
  retry: (request: ListRetryRequest) => Promise<void>;
}) {
  return (
    <section class="card" aria-labelledby="refresh-title">
      <header>
        <h3 id="refresh-title">Refresh</h3>
      </header>
      <form
        class="row refresh"
        onSubmit={(event) => {
          event.preventDefault();
          const days = Number(olderDays);
          if (!Number.isFinite(days) || days < 0) return;
          void retry({ id, which: 'older', olderThanMs: Math.round(days * DAY_MS), dryRun: true });
        }}
      >
        <Field label="Answers older than (days)">
          {(control) => (
            <input
              {...control}
              class="cap"
              type="number"
              min={0}
              value={olderDays}
              onInput={(event) => {
                onOlderDays((event.currentTarget as HTMLInputElement).value);
              }}
            />
          )}
        </Field>
        <button type="submit">Check the price</button>
      </form>
      {refreshQuote &&
        (refreshQuote.count === 0 ? (
          <p class="muted">No answer in this list is older than {refreshQuote.days} days.</p>
        ) : (
          <div class="row">
            <button
              type="button"
              class="primary"
              onClick={() =>
                void retry({
                  id,
                  which: 'older',
                  olderThanMs: Math.round(refreshQuote.days * DAY_MS),
                  dryRun: false,
                })
              }
            >
              {spendLabel(
                `Refresh ${refreshQuote.count} ${refreshQuote.count === 1 ? 'row' : 'rows'}`,
                refreshQuote.quote,
              )}
            </button>
          </div>
        ))}
    </section>
  );
}
