/**
 * A kept list: its progress while it runs (rows done, rows a minute, time left, credits spent),
 * Pause, Resume and Cancel (calls in flight finish and are paid), its rows as they are answered,
 * the failed rows asked again alone (each quoted), answers older than an age refreshed (quoted
 * first), and its results downloaded at any time, partial while it runs. It runs in the
 * background: closing this tab does not stop it, and reopening shows where it got to.
 */
import { useMemo, useState } from 'preact/hooks';
import { formatMoment } from '@/components/format';
import { ErrorNotice } from '@/components/Notice';
import { Confirmation } from '@/components/spend/SpendArea';
import { sumQuotes } from '@/lib/job-summary';
import type { ListRequestView, Quote } from '@/lib/protocol';
import { creditCount } from '@/lib/quote-format';
import type { ListsBackend } from '../backend';
import { ListControls } from './ListControls';
import { ListDownloads } from './ListDownloads';
import { ListProgress } from './ListProgress';
import { ListRefresh } from './ListRefresh';
import { ListRows } from './ListRows';
import { ListWatch } from './ListWatch';
import { isRunning, useList } from './useList';
import { useListRetry } from './useListRetry';

/** The quote of these requests, each at the quote it was queued with. */
function quoteOf(requests: Iterable<ListRequestView>): Quote {
  return sumQuotes([...requests].map((request) => request.quote));
}

export function ListView({
  backend,
  id,
  onClose,
}: {
  backend: ListsBackend;
  id: string;
  onClose: () => void;
}) {
  const list = useList(backend, id);
  const { summary, input, requests, version } = list;
  const { retry, confirming, setConfirming, olderDays, changeOlderDays, refreshQuote, actionError } =
    useListRetry(backend, list.refresh);
  const [capText, setCapText] = useState('');

  // `requests` changes in place; `version` says when it did.
  const groups = useMemo(() => {
    const waiting: ListRequestView[] = [];
    const failed: ListRequestView[] = [];
    for (const request of requests.values()) {
      if (request.status === 'queued' || request.status === 'running') waiting.push(request);
      if (request.status === 'failed') failed.push(request);
    }
    return { waiting, failed };
  }, [requests, version]);

  if (list.missing) {
    return (
      <section class="card">
        <p class="empty">This list is gone: it was deleted, or cleared with your history.</p>
        <button type="button" onClick={onClose}>
          Back to your lists
        </button>
      </section>
    );
  }
  if (!summary || !input) {
    return (
      <p class="status-line" role="status">
        <span class="spinner" aria-hidden="true" /> Opening the list…
      </p>
    );
  }

  const running = isRunning(summary);
  const remainingQuote = quoteOf(groups.waiting);
  const shownError = actionError ?? list.error;

  return (
    <div class="stack">
      <section class="card" aria-labelledby="list-title">
        <header class="split">
          <div>
            <h2 id="list-title">{summary.name}</h2>
            <p class="muted">
              {summary.rows} rows · started {formatMoment(summary.createdAt)}
              {summary.cap !== null ? ` · stops after ${creditCount(summary.cap)}` : ''}
            </p>
          </div>
          <button type="button" class="small" onClick={onClose}>
            Your lists
          </button>
        </header>
        <ListProgress summary={summary} />
        {confirming && (
          <Confirmation
            quote={confirming.quote}
            remaining={confirming.remaining}
            onConfirm={() => {
              const again = { ...confirming.retry, confirmed: true };
              setConfirming(null);
              void retry(again);
            }}
            onCancel={() => setConfirming(null)}
          />
        )}
        <ListControls
          summary={summary}
          remainingQuote={remainingQuote}
          capText={capText}
          onCapText={setCapText}
          control={list.control}
          failed={{ count: groups.failed.length, quote: quoteOf(groups.failed) }}
          onRetryFailed={() => void retry({ id, which: 'failed', dryRun: false })}
        />
        {shownError && <ErrorNotice message={shownError} />}
        <ListDownloads
          input={input}
          requests={requests}
          version={version}
          summary={summary}
          download={backend.download}
        />
      </section>

      {!running && summary.counts.done > 0 && (
        <ListRefresh
          id={id}
          olderDays={olderDays}
          onOlderDays={changeOlderDays}
          refreshQuote={refreshQuote}
          retry={retry}
        />
      )}

      <ListWatch backend={backend} summary={summary} input={input} requests={requests} version={version} />
      <section class="card" aria-label="Rows">
        <ListRows
          id={id}
          input={input}
          requests={requests}
          version={version}
          running={running}
          retry={retry}
        />
      </section>
    </div>
  );
}
