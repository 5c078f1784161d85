/**
 * A kept list: its progress while it runs (rows done, rows a minute, time left, credits spent),
 * Pause, Resume and Cancel (calls in flight finish and are paid), its rows as they are answered,
 * the failed rows asked again alone (each quoted), answers older than an age refreshed (quoted
 * first), and its results downloaded at any time, partial while it runs. It runs in the
 * background: closing this tab does not stop it, and reopening shows where it got to.
 */
import { useMemo, useState } from 'preact/hooks';
import { Field } from '@/components/Field';
import { formatMoment } from '@/components/format';
import { ErrorNotice } from '@/components/Notice';
import { Confirmation } from '@/components/spend/SpendArea';
import { ApiError, type UserMessage, userMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import { sumQuotes } from '@/lib/batch';
import type { ListRequestView, ListRetryRequest, ListRetryResult, ListSummary, Quote } from '@/lib/protocol';
import { creditCount, formatQuote, spendLabel } from '@/lib/quote-format';
import type { ListsBackend } from '../backend';
import { CapField, readCap } from '../cap';
import { durationWords } from '../draft/dry-run';
import { RowsTable } from '../table/RowsTable';
import { ListDownloads } from './ListDownloads';
import { firstRows, rowStatus } from './row-status';
import { isRunning, useList } from './useList';

const DAY_MS = 24 * 60 * 60 * 1000;

export function statusWords(summary: ListSummary): string {
  if (summary.cancelRequested && summary.status !== 'cancelled')
    return 'Cancelling: the calls in flight finish';
  if (summary.pauseRequested) return 'Pausing: the calls in flight finish';
  switch (summary.status) {
    case 'running':
      return 'Running';
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
  const [confirming, setConfirming] = useState<{
    quote: Quote;
    remaining: number;
    retry: ListRetryRequest;
  } | null>(null);
  const [capText, setCapText] = useState('');
  const [olderDays, setOlderDays] = useState('30');
  const [refreshQuote, setRefreshQuote] = useState<{ count: number; quote: Quote; days: number } | null>(
    null,
  );
  const [actionError, setActionError] = useState<UserMessage | null>(null);

  const first = useMemo(() => (input ? firstRows(input.targets) : new Map<string, number>()), [input]);
  /** The row's own words: its first two columns that identify it (the export has them all). */
  const shownColumns = useMemo(
    () =>
      input
        ? input.columns
            .map((_, index) => index)
            .filter((index) => input.mapping[index] !== 'ignore')
            .slice(0, 2)
        : [],
    [input],
  );
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
  const answered =
    summary.counts.done + summary.counts.failed + summary.counts.refused + summary.counts.interrupted;
  const left = summary.counts.queued + summary.counts.running;
  const pace = summary.perMinute || summary.ratePerMinute;
  const remainingQuote = quoteOf(groups.waiting);
  const failedQuote = quoteOf(groups.failed);
  const { cap: newCap, error: capError } = readCap(capText);
  const shownError = actionError ?? list.error;

  async function retry(request: ListRetryRequest) {
    setActionError(null);
    let result: ListRetryResult;
    try {
      result = await backend.ask('list.retry', request);
    } catch (failure) {
      setActionError(backgroundFailure(failure));
      return;
    }
    if (result.status === 'needs-confirmation')
      setConfirming({ quote: result.quote, remaining: result.remaining, retry: request });
    else if (result.status === 'error') setActionError(userMessage(ApiError.fromJSON(result.error)));
    else if (result.status === 'quoted') {
      const days = Number(olderDays);
      setRefreshQuote({ count: result.count, quote: result.quote, days });
    } else {
      setRefreshQuote(null);
      await list.refresh();
    }
  }

  const stoppedAtCap =
    summary.status === 'stopped' && summary.stopReason?.message.startsWith('Stopped at your cap');
  const stoppedAtBudget =
    summary.status === 'stopped' && summary.stopReason?.kind === 'budget' && !stoppedAtCap;
  const canResume = (summary.status === 'paused' || summary.status === 'stopped') && left > 0;

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
        <p class="list-status" role="status">
          {running && <span class="spinner" aria-hidden="true" />} {statusWords(summary)}
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
            <dd>{left === 0 ? '–' : durationWords(left / Math.max(1, pace))}</dd>
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
        <div class="row">
          {running && !summary.pauseRequested && !summary.cancelRequested && (
            <button type="button" onClick={() => void list.control({ action: 'pause' })}>
              Pause
            </button>
          )}
          {canResume && !stoppedAtCap && (
            <button
              type="button"
              class="primary"
              onClick={() =>
                void list.control({ action: 'resume', ...(stoppedAtBudget ? { confirmed: true } : {}) })
              }
            >
              {spendLabel(stoppedAtBudget ? "Resume past today's budget" : 'Resume', remainingQuote)}
            </button>
          )}
          {(running || canResume) && !summary.cancelRequested && (
            <button type="button" onClick={() => void list.control({ action: 'cancel' })}>
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
              void list.control({ action: 'resume', cap: newCap });
            }}
          >
            <CapField label="New cap (credits)" text={capText} onText={setCapText} />
            <button type="submit" class="primary">
              {spendLabel('Resume', remainingQuote)}
            </button>
          </form>
        )}
        {!running && groups.failed.length > 0 && (
          <div class="row">
            <button type="button" onClick={() => void retry({ id, which: 'failed', dryRun: false })}>
              {spendLabel(
                `Retry ${groups.failed.length} failed ${groups.failed.length === 1 ? 'row' : 'rows'}`,
                failedQuote,
              )}
            </button>
          </div>
        )}
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
                    setOlderDays((event.currentTarget as HTMLInputElement).value);
                    setRefreshQuote(null);
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
      )}

      <section class="card" aria-label="Rows">
        <RowsTable
          caption="Rows and their answers"
          headers={[
            '#',
            ...shownColumns.map((column) => input.columns[column]!),
            'Status',
            'Answer',
            'Credits',
            'Actions',
          ]}
          widths={['3.5em', ...shownColumns.map(() => undefined), '11em', undefined, '4.5em', '8.5em']}
          count={input.rows.length}
          version={version}
          row={(index) => {
            const target = input.targets[index]!;
            const request = 'key' in target ? requests.get(target.key) : undefined;
            const status = rowStatus(index, target, request, first);
            const answer = status.owns && request?.enriched ? answerText(request) : '';
            return (
              <>
                <td class="num">{index + 1}</td>
                {shownColumns.map((column) => (
                  <td key={column} title={input.rows[index]![column]}>
                    {input.rows[index]![column]}
                  </td>
                ))}
                <td class="state" title={status.words}>
                  {status.words}
                </td>
                <td title={answer}>{answer}</td>
                <td class="num">{status.credits ?? ''}</td>
                <td>
                  {status.owns && request?.status === 'failed' && !running && (
                    <button
                      type="button"
                      class="small"
                      onClick={() => void retry({ id, which: 'failed', keys: [request.key], dryRun: false })}
                    >
                      {spendLabel('Retry', request.quote)}
                    </button>
                  )}
                </td>
              </>
            );
          }}
        />
      </section>
    </div>
  );
}

function answerText(request: ListRequestView): string {
  const fields = request.enriched;
  if (!fields) return '';
  const who = fields.fullName ?? fields.company ?? '';
  const what =
    fields.headline ?? (fields.title && fields.company ? `${fields.title} at ${fields.company}` : '');
  return [who, what].filter(Boolean).join(' · ');
}
