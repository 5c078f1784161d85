/**
 * Where a list comes in: a CSV file (any delimiter, a BOM, Excel's UTF-16) or text pasted from a
 * spreadsheet. Reading it changes nothing and spends nothing: the next step maps and quotes it. A
 * file is read in the encoding detected, which the person may change here and once it is read (a
 * file that is not valid in it says where, and waits for their choice).
 */
import { useState } from 'preact/hooks';
import { Field } from '@/components/Field';
import { LIST_LIMITS } from '@/lib/list-limits';
import {
  decodeBytes,
  detectEncoding,
  ENCODING_LABELS,
  type Encoding,
  type ParsedTable,
  parseTable,
  readListBytes,
} from '@/lib/table-file';

export interface ImportedList {
  name: string;
  table: ParsedTable;
  /** The file it was read from, and in which encoding (none for a pasted list). */
  file?: ChosenFile;
}

const ENCODINGS = Object.keys(ENCODING_LABELS) as Encoding[];

/** A file chosen: its bytes, kept so that another encoding can be chosen without choosing it again. */
export interface ChosenFile {
  name: string;
  bytes: Uint8Array;
  detected: Encoding;
  encoding: Encoding;
}

/** A chosen file read as a list in its encoding (what is wrong with it thrown, in words). */
export async function readChosenFile(file: ChosenFile): Promise<ImportedList> {
  return { name: file.name, table: await parseTable(decodeBytes(file.bytes, file.encoding)), file };
}

export function ImportStep({ onImported }: { onImported: (list: ImportedList) => void }) {
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [file, setFile] = useState<ChosenFile | null>(null);

  async function read(list: () => Promise<ImportedList>) {
    setReading(true);
    setError(null);
    try {
      onImported(await list());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setReading(false);
    }
  }

  function readFile(chosen: ChosenFile) {
    setFile(chosen);
    void read(() => readChosenFile(chosen));
  }

  async function choose(picked: File) {
    setError(null);
    setFile(null);
    try {
      const bytes = await readListBytes(picked);
      const detected = detectEncoding(bytes);
      readFile({ name: picked.name.replace(/\.[^.]+$/, ''), bytes, detected, encoding: detected });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
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
        <div class="stack">
          <Field
            label="CSV file"
            hint={`Comma, semicolon or tab separated; Excel's CSV and Unicode text too. Up to ${LIST_LIMITS.rows.toLocaleString('en-US')} rows of ${LIST_LIMITS.columns} columns, ${LIST_LIMITS.fileBytes / (1024 * 1024)} MB.`}
          >
            {(control) => (
              <input
                {...control}
                type="file"
                accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
                disabled={reading}
                onChange={(event) => {
                  const picked = (event.currentTarget as HTMLInputElement).files?.[0];
                  if (picked) void choose(picked);
                }}
              />
            )}
          </Field>
          {file && <EncodingChoice file={file} disabled={reading} onChoose={readFile} />}
        </div>
        <form
          class="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void read(async () => ({ name: 'Pasted list', table: await parseTable(pasted) }));
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

/** The encoding a chosen file is read in: the one detected first, another when its text reads wrong. */
export function EncodingChoice({
  file,
  disabled,
  onChoose,
}: {
  file: ChosenFile;
  disabled: boolean;
  onChoose: (file: ChosenFile) => void;
}) {
  return (
    <Field label="Encoding" hint="How the file's characters were saved.">
      {(control) => (
        <select
          {...control}
          value={file.encoding}
          disabled={disabled}
          onChange={(event) =>
            onChoose({
              ...file,
              encoding: (event.currentTarget as HTMLSelectElement).value as Encoding,
            })
          }
        >
          {ENCODINGS.map((encoding) => (
            <option key={encoding} value={encoding}>
              {ENCODING_LABELS[encoding]}
              {encoding === file.detected ? ' · detected' : ''}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
