/**
 * One watch list: whom it watches, how often, at what freshness and what a period costs at most;
 * where its runs stand; whether the retention period leaves it anything to compare; Pause, Resume
 * and Run now (each that spends named with what it may cost, confirmed past today's budget), its
 * settings, its members, and Delete (asked first).
 */
import { useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/Notice';
import { Confirmation } from '@/components/spend/SpendArea';
import { RetentionWarning } from '@/components/watch/PeriodField';
import { ApiError, type UserMessage, userMessage } from '@/lib/api/errors';
import { FRESHNESS_LABELS } from '@/lib/freshness';
import type { Quote, WatchControl, WatchListSummary } from '@/lib/protocol';
import { spendLabel } from '@/lib/quote-format';
import { periodWords, perPeriodWords, retentionWarning, watchedWords } from '@/lib/watch/watch-words';
import type { Act, ChangesBackend } from '../backend';
import { ListMembers } from './ListMembers';
import { ListSettings } from './ListSettings';

import { periodSpendWords, watchStatusWords } from './watch-status';

interface CardProps {
  backend: ChangesBackend;
  list: WatchListSummary;
  /** How many days data about others is kept; null while unknown. */
  retentionDays: number | null;
  act: Act;
}

type Confirming = {
  control: Extract<WatchControl, { action: 'run' | 'resume' }>;
  quote: Quote;
  remaining: number;
};

export function WatchListCard({ backend, list, retentionDays, act }: CardProps) {
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [failed, setFailed] = useState<UserMessage | null>(null);
  const [deleting, setDeleting] = useState(false);

  const control = (change: WatchControl) =>
    act(async () => {
      setConfirming(null);
      setFailed(null);
      const result = await backend.ask('watch.control', { id: list.id, control: change });
      if (result.status === 'needs-confirmation' && (change.action === 'run' || change.action === 'resume'))
        setConfirming({ control: change, quote: result.quote, remaining: result.remaining });
      if (result.status === 'error') setFailed(userMessage(ApiError.fromJSON(result.error)));
    });
  const retention = retentionWarning(list.periodDays, retentionDays);
  const stopped =
    list.status === 'waiting' && list.stopReason ? userMessage(ApiError.fromJSON(list.stopReason)) : null;

  return (
    <li class="watch-list" aria-labelledby={`watch-${list.id}`}>
      <header class="split">
        <h3 id={`watch-${list.id}`}>
          {list.name}
          {list.unseen > 0 && (
            <span class="unseen-count">
              {list.unseen}
              <span class="visually-hidden"> changes not seen yet</span>
            </span>
          )}
        </h3>
        <p class="muted small">
          {watchedWords(list.people, list.companies)} · {periodWords(list.periodDays)} ·{' '}
          {FRESHNESS_LABELS[list.freshness]} · {perPeriodWords(list.perPeriod, list.cap)}
        </p>
      </header>
      <p role="status">
        {watchStatusWords(list)} · {periodSpendWords(list)}
      </p>
      {retention && <RetentionWarning words={retention} />}
      {stopped && <ErrorNotice message={stopped} />}
      {failed && <ErrorNotice message={failed} />}
      {confirming && (
        <Confirmation
          quote={confirming.quote}
          remaining={confirming.remaining}
          onConfirm={() => void control({ ...confirming.control, confirmed: true })}
          onCancel={() => setConfirming(null)}
        />
      )}
      <div class="row">
        {list.status === 'paused' ? (
          <button type="button" class="primary" onClick={() => void control({ action: 'resume' })}>
            {spendLabel('Resume', list.runQuote)}
          </button>
        ) : (
          <button type="button" onClick={() => void control({ action: 'pause' })}>
            Pause<span class="visually-hidden"> {list.name}</span>
          </button>
        )}
        {list.status !== 'paused' && list.status !== 'running' && list.status !== 'settling' && (
          <button type="button" onClick={() => void control({ action: 'run' })}>
            {spendLabel('Run now', list.runQuote)}
          </button>
        )}
        {deleting ? (
          <>
            <button
              type="button"
              class="danger"
              onClick={() => void act(() => backend.ask('watch.delete', { id: list.id }))}
            >
              Delete {list.name} and its changes
            </button>
            <button type="button" onClick={() => setDeleting(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setDeleting(true)}>
            Delete<span class="visually-hidden"> {list.name}</span>
          </button>
        )}
      </div>
      <ListSettings
        list={list}
        retentionDays={retentionDays}
        onSave={(settings) => control({ action: 'settings', ...settings })}
      />
      <ListMembers backend={backend} list={list} act={act} />
    </li>
  );
}
