/**
 * Where a list comes in: a CSV file (any delimiter, a BOM, Excel's UTF-16) or text pasted from a
 * spreadsheet. Reading it changes nothing and spends nothing: the next step maps and quotes it.
 */
import { useState } from 'preact/hooks';
import { Field } from '@/components/Field';
import { type ParsedTable, parseTable, readListFile } from './read-file';

export interface ImportedList {
  name: string;
  table: ParsedTable;
}

export function ImportStep({ onImported }: { onImported: (list: ImportedList) => void }) {
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  async function read(name: string, text: () => Promise<string>) {
    setReading(true);
    setError(null);
    try {
      onImported({ name, table: await parseTable(await text()) });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setReading(false);
    }
  }

  return (
    <section class="card import" aria-labelledby="import-title">
      <header>
        <h2 id="import-title">Enrich a list</h2>
      </header>
      <p class="muted">
        A file of people or companies: profile addresses, emails, names with their company, or company
        domains. Nothing is spent until you have seen the quote and started it.
      </p>
      <div class="import-ways">
        <Field label="CSV file" hint="Comma, semicolon or tab separated; Excel's CSV and Unicode text too.">
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
              disabled={reading}
              onChange={(event) => {
                const file = (event.currentTarget as HTMLInputElement).files?.[0];
                if (file) void read(file.name.replace(/\.[^.]+$/, ''), () => readListFile(file));
              }}
            />
          )}
        </Field>
        <form
          class="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void read('Pasted list', async () => pasted);
          }}
        >
          <Field label="Paste a list" hint="With its header row, as copied from a spreadsheet.">
            {(control) => (
              <textarea
                {...control}
                rows={6}
                value={pasted}
                spellcheck={false}
                onInput={(event) => setPasted((event.currentTarget as HTMLTextAreaElement).value)}
              />
            )}
          </Field>
          <div class="row">
            <button type="submit" disabled={reading || pasted.trim() === ''}>
              Read the pasted list
            </button>
          </div>
        </form>
      </div>
      {error && (
        <p class="notice error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
