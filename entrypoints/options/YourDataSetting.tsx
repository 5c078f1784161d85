/**
 * What the extension keeps about others, under the person's control: forget one person or company
 * everywhere, clear the history of who was looked up (what was spent stays), and export everything
 * kept as one file. The cache is cleared from the account view beside it.
 */
import { useState } from 'preact/hooks';
import { Busy, ErrorNotice, Notice } from '@/components/Notice';
import { backgroundFailure } from '@/lib/ask-background';
import { downloadFile } from '@/lib/download';
import type { OptionsBackend } from './backend';

type Outcome =
  | { kind: 'forgotten'; subject: string; removed: number }
  | { kind: 'history-cleared' }
  | { kind: 'exported' }
  | { kind: 'failed'; message: ReturnType<typeof backgroundFailure> };

export function YourDataSetting({ backend, onChanged }: { backend: OptionsBackend; onChanged: () => void }) {
  const [subject, setSubject] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function act(what: string, task: () => Promise<Outcome>) {
    setBusy(what);
    setOutcome(null);
    try {
      setOutcome(await task());
      onChanged();
    } catch (error) {
      setOutcome({ kind: 'failed', message: backgroundFailure(error) });
    } finally {
      setBusy(null);
    }
  }

  const forget = () =>
    act('Forgetting…', async () => {
      const { removed } = await backend.ask('forget', { subject: subject.trim() });
      return { kind: 'forgotten', subject: subject.trim(), removed };
    });

  const clearHistory = () =>
    act('Clearing the history…', async () => {
      await backend.ask('history.clear', undefined);
      return { kind: 'history-cleared' };
    });

  const exportAll = () =>
    act('Gathering everything kept…', async () => {
      const stored = await backend.ask('stored.export', undefined);
      downloadFile('profile-enrichment-data.json', [JSON.stringify(stored, null, 2)], 'application/json');
      return { kind: 'exported' };
    });

  return (
    <section class="card" aria-labelledby="your-data-heading">
      <header>
        <h2 id="your-data-heading">Data about others</h2>
        <p class="muted">
          What the extension keeps stays in this browser: answers (to show them again for free), a record of
          what was spent and on whom, recent lookups and batches. Nothing leaves it but the requests you make
          to the service.
        </p>
      </header>
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (subject.trim().length >= 3) void forget();
        }}
      >
        <label class="field">
          <span class="field-label">Forget a person or company</span>
          <input
            type="text"
            value={subject}
            placeholder="A profile URL or an email address"
            disabled={busy !== null}
            onInput={(event) => setSubject((event.target as HTMLInputElement).value)}
          />
        </label>
        <p class="muted small">
          Removes them from saved answers (and any search that lists them), recent lookups, batches and watch
          lists; the record of what was spent keeps its credits and dates, without their name.
        </p>
        <div class="row">
          <button type="submit" class="small" disabled={busy !== null || subject.trim().length < 3}>
            Forget
          </button>
        </div>
      </form>
      <div class="stack">
        <p class="muted small">
          Clear history forgets who you looked up: the names in the record of what was spent (credits and
          dates stay, so today's budget still counts them), what each finished call asked, recent lookups,
          finished batches and lists, and every watch list with its changes.
        </p>
        <div class="row">
          <button type="button" class="small" disabled={busy !== null} onClick={clearHistory}>
            Clear history
          </button>
          <button type="button" class="small" disabled={busy !== null} onClick={exportAll}>
            Export everything kept (JSON)
          </button>
        </div>
      </div>
      {busy && <Busy>{busy}</Busy>}
      {outcome?.kind === 'forgotten' && (
        <Notice tone="success" title={`Forgotten: ${outcome.subject}`}>
          <p>
            {outcome.removed === 0
              ? 'Nothing kept named them.'
              : `${outcome.removed} ${outcome.removed === 1 ? 'record' : 'records'} no longer name them.`}
          </p>
        </Notice>
      )}
      {outcome?.kind === 'history-cleared' && (
        <Notice
          tone="success"
          title="History cleared: who you looked up is forgotten; what you spent is not"
        />
      )}
      {outcome?.kind === 'exported' && (
        <Notice tone="success" title="Exported: profile-enrichment-data.json" />
      )}
      {outcome?.kind === 'failed' && <ErrorNotice message={outcome.message} />}
    </section>
  );
}
