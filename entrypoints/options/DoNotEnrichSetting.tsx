/**
 * "Do not enrich": the people and companies never to look up, one a line (addresses, domains,
 * profile URLs), saved whole, imported from and exported to a text file. The background refuses
 * every request the list names, from any way in, before anything is sent (lib/pricing/do-not-enrich.ts).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { Busy, ErrorNotice, Notice } from '@/components/Notice';
import { backgroundFailure } from '@/lib/ask-background';
import { downloadFile } from '@/lib/download';
import type { DoNotEnrichEntry } from '@/lib/protocol';
import type { OptionsBackend } from './backend';

/** The list as text, one entry a line (what the background reads back with lib/background/do-not-enrich.ts readList). */
function writeList(entries: readonly DoNotEnrichEntry[]): string {
  return entries.map((entry) => entry.text).join('\n');
}

type State =
  | { status: 'loading' }
  | { status: 'unknown'; message: ReturnType<typeof backgroundFailure> }
  | { status: 'ready'; saved: string; text: string; saving: boolean };

type Outcome =
  | { kind: 'saved'; count: number; unreadable: string[] }
  | { kind: 'failed'; message: ReturnType<typeof backgroundFailure> };

export function DoNotEnrichSetting({ backend }: { backend: OptionsBackend }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  async function load() {
    setState({ status: 'loading' });
    try {
      const { entries } = await backend.ask('doNotEnrich.get', undefined);
      const text = writeList(entries);
      setState({ status: 'ready', saved: text, text, saving: false });
    } catch (error) {
      setState({ status: 'unknown', message: backgroundFailure(error) });
    }
  }

  // Once, when the view opens.
  useEffect(() => {
    void load();
  }, []);

  async function save(text: string) {
    setOutcome(null);
    setState((current) => (current.status === 'ready' ? { ...current, text, saving: true } : current));
    try {
      const { entries, unreadable } = await backend.ask('doNotEnrich.set', { text });
      const kept = writeList(entries);
      // What could not be read stays in the box, below what was kept, for the person to correct.
      const shown = [kept, ...unreadable].filter(Boolean).join('\n');
      setState({ status: 'ready', saved: kept, text: shown, saving: false });
      setOutcome({ kind: 'saved', count: entries.length, unreadable });
    } catch (error) {
      setState((current) => (current.status === 'ready' ? { ...current, saving: false } : current));
      setOutcome({ kind: 'failed', message: backgroundFailure(error) });
    }
  }

  async function importFile(file: File | undefined) {
    if (!file || state.status !== 'ready') return;
    const added = await file.text();
    await save([state.text, added].filter((part) => part.trim() !== '').join('\n'));
  }

  function exportFile() {
    if (state.status !== 'ready') return;
    downloadFile('do-not-enrich.txt', [`${state.saved}\n`], 'text/plain;charset=utf-8');
  }

  return (
    <section class="card" aria-labelledby="do-not-enrich-heading">
      <header>
        <h2 id="do-not-enrich-heading">Do not enrich</h2>
        <p class="muted">
          People and companies never to look up: an email address, a domain (every address and the company at
          it, such as a customer's), or a profile URL, one a line. Anything on the list is refused before it
          is sent, wherever it is asked from, and costs nothing. A lookup by name or a search that turns out
          to find someone on the list is still charged, as who it finds cannot be known before, but what it
          finds about them is neither shown nor kept.
        </p>
      </header>
      {state.status === 'loading' && <Busy>Reading the list…</Busy>}
      {state.status === 'unknown' && <ErrorNotice message={state.message} onRetry={load} />}
      {state.status === 'ready' && (
        <form
          class="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void save(state.text);
          }}
        >
          <label class="field">
            <span class="field-label">Do not enrich</span>
            <textarea
              rows={6}
              value={state.text}
              disabled={state.saving}
              placeholder={'ada@example.com\n@customer.com\nhttps://www.linkedin.com/in/someone'}
              onInput={(event) => setState({ ...state, text: (event.target as HTMLTextAreaElement).value })}
            />
          </label>
          <div class="row">
            <button type="submit" class="primary" disabled={state.saving || state.text === state.saved}>
              Save list
            </button>
            <button
              type="button"
              class="small"
              disabled={state.saving}
              onClick={() => fileInput.current?.click()}
            >
              Import from a text file
            </button>
            <input
              ref={fileInput}
              type="file"
              accept=".txt,.csv,text/plain,text/csv"
              aria-label="Text file to import"
              hidden
              onChange={(event) => void importFile((event.target as HTMLInputElement).files?.[0])}
            />
            <button type="button" class="small" onClick={exportFile} disabled={state.saved === ''}>
              Export as text
            </button>
          </div>
        </form>
      )}
      {state.status === 'ready' && state.saving && <Busy>Saving…</Busy>}
      {outcome?.kind === 'saved' && <SavedNotice outcome={outcome} />}
      {outcome?.kind === 'failed' && <ErrorNotice message={outcome.message} />}
    </section>
  );
}

/** How many entries the list kept, and the lines it could not read (five named, the rest counted). */
function SavedNotice({ outcome }: { outcome: Extract<Outcome, { kind: 'saved' }> }) {
  return (
    <Notice
      tone={outcome.unreadable.length > 0 ? 'error' : 'success'}
      title={`Saved: ${outcome.count} ${outcome.count === 1 ? 'entry' : 'entries'} on the list`}
    >
      {outcome.unreadable.length > 0 && (
        <p>
          Not kept, as neither an address, a domain nor a profile URL:{' '}
          {outcome.unreadable.slice(0, 5).join(', ')}
          {outcome.unreadable.length > 5 ? ` and ${outcome.unreadable.length - 5} more` : ''}.
        </p>
      )}
    </Notice>
  );
}
