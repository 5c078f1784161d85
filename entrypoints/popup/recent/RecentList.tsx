/**
 * The searches and lookups run from the popup, newest first: each reopens its form with the same
 * question, and its answer comes back from the cache at 0 credits while the cache holds it (else
 * it is quoted again before anything is spent). Entries can be removed one by one or all at once.
 */

import { endpointTitle, formatMoment } from '@/components/format';
import { Busy, ErrorNotice } from '@/components/Notice';
import type { UserMessage } from '@/lib/api/errors';
import type { RecentEntry } from '@/lib/protocol';

export type RecentListState =
  | { status: 'loading' }
  | { status: 'ready'; entries: readonly RecentEntry[] }
  | { status: 'failed'; message: UserMessage };

export interface RecentListProps {
  state: RecentListState;
  onReopen: (entry: RecentEntry) => void;
  onRemove: (entry: RecentEntry) => void;
  onClear: () => void;
  onRetry: () => void;
  now?: number;
}

export function RecentList({ state, onReopen, onRemove, onClear, onRetry, now }: RecentListProps) {
  if (state.status === 'loading') return <Busy>Reading your recent searches…</Busy>;
  if (state.status === 'failed') return <ErrorNotice message={state.message} onRetry={onRetry} />;
  if (state.entries.length === 0)
    return (
      <p class="empty">
        Nothing yet. Searches and lookups you run appear here, to reopen from the cache at no cost.
      </p>
    );
  return (
    <div class="recent">
      <div class="recent-head">
        <p class="muted small">Reopening shows the saved answer at 0 credits while it is cached.</p>
        <button type="button" class="small" onClick={onClear}>
          Clear all
        </button>
      </div>
      <ul class="recent-list">
        {state.entries.map((entry) => {
          const title = endpointTitle(entry.endpointId);
          return (
            <li key={entry.id} class="recent-entry">
              <div class="recent-text">
                <span class="recent-title">{title}</span>
                <span class="recent-summary">{entry.summary}</span>
                <time class="muted small" dateTime={new Date(entry.at).toISOString()}>
                  {formatMoment(entry.at, now)}
                </time>
              </div>
              <div class="recent-actions">
                <button
                  type="button"
                  class="small"
                  aria-label={`Reopen ${title}: ${entry.summary}`}
                  onClick={() => onReopen(entry)}
                >
                  Reopen
                </button>
                <button
                  type="button"
                  class="small link"
                  aria-label={`Remove ${title}: ${entry.summary}`}
                  onClick={() => onRemove(entry)}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
