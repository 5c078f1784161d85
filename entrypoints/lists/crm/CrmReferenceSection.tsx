/**
 * "Your CRM": the person's own CRM export, given as a reference so that lists, "Found on this
 * page" and the popup's searches mark who it already holds (`In your CRM`) and leave them out of
 * the quote. The file is read here (its shape recognised by its headers, its columns shown and
 * changeable as a list's are); what identifies each row is kept by the background, in this browser
 * only. After the import it says how many rows were read, how many give something to match on,
 * and why the others do not.
 */
import { useEffect, useState } from 'preact/hooks';
import { Field } from '@/components/Field';
import { ErrorNotice } from '@/components/Notice';
import type { UserMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import { CRM_EXPORT, identityOf, recognise } from '@/lib/crm/shapes';
import { SHAPE_LABELS, summaryWords } from '@/lib/crm/summary';
import { CRM_REFERENCE_LIMITS } from '@/lib/list-limits';
import type { CrmReferenceSummary, CrmShape, ListColumnRole } from '@/lib/protocol';
import { decodeBytes, detectEncoding, type ParsedTable, parseTable, readListBytes } from '@/lib/table-file';
import type { ListsBackend } from '../backend';
import { MappingTable } from '../draft/MappingTable';
import { type ChosenFile, EncodingChoice } from '../import/ImportStep';
import { sendReference } from './send-reference';

const count = (value: number) => value.toLocaleString('en-US');
const rows = (value: number) => `${count(value)} ${value === 1 ? 'row' : 'rows'}`;

/** A file read and recognised, before it is kept. */
interface ReadExport {
  file: ChosenFile;
  table: ParsedTable;
  shape: CrmShape;
  roles: ListColumnRole[];
}

export function CrmReferenceSection({ backend }: { backend: ListsBackend }) {
  const [summary, setSummary] = useState<CrmReferenceSummary | null | undefined>(undefined);
  const [read, setRead] = useState<ReadExport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<UserMessage | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    backend.ask('crm.reference', undefined).then(setSummary, (error) => setFailure(backgroundFailure(error)));
  }, [backend]);

  async function readFile(file: ChosenFile) {
    setProblem(null);
    try {
      const table = await parseTable(decodeBytes(file.bytes, file.encoding), CRM_EXPORT);
      setRead({ file, table, ...recognise(table.columns, table.rows) });
    } catch (error) {
      setRead(null);
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  async function choose(picked: File) {
    setProblem(null);
    try {
      const bytes = await readListBytes(picked, CRM_EXPORT);
      const detected = detectEncoding(bytes);
      await readFile({ name: picked.name, bytes, detected, encoding: detected });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  async function act(work: () => Promise<CrmReferenceSummary | null>) {
    setBusy(true);
    setFailure(null);
    try {
      setSummary(await work());
      setRead(null);
    } catch (error) {
      setFailure(backgroundFailure(error));
    } finally {
      setBusy(false);
    }
  }

  const keep = (chosen: ReadExport) =>
    act(() =>
      sendReference(backend.ask, {
        name: chosen.file.name,
        shape: chosen.shape,
        rows: chosen.table.rows.map((cells) => identityOf(cells, chosen.roles)),
      }),
    );

  return (
    <section class="card" aria-labelledby="crm-title">
      <header>
        <h2 id="crm-title">Your CRM</h2>
      </header>
      <p class="muted">
        Give your CRM’s own export (HubSpot contacts or companies, a Salesforce leads or contacts report, a
        Pipedrive people export, or any CSV). Lists, “Found on this page” and searches then mark the people it
        holds <span class="in-crm">In your CRM</span> and leave them out of the quote unless you include them.
        It is kept in this browser only and never sent anywhere; only what identifies each row is kept.
      </p>
      {summary && <KeptReference summary={summary} busy={busy} onClear={() => act(clearReference)} />}
      <Field
        label={summary ? 'Replace it with another export' : 'CRM export (CSV)'}
        hint={`Up to ${count(CRM_REFERENCE_LIMITS.rows)} rows. Matched by profile address, then email, then full name with company domain.`}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            disabled={busy}
            onChange={(event) => {
              const picked = (event.currentTarget as HTMLInputElement).files?.[0];
              if (picked) void choose(picked);
            }}
          />
        )}
      </Field>
      {read && <EncodingChoice file={read.file} disabled={busy} onChoose={readFile} />}
      {problem && (
        <p class="notice error" role="alert">
          {problem}
        </p>
      )}
      {read && (
        <ReadExportReview
          read={read}
          busy={busy}
          onRoles={(roles) => setRead({ ...read, roles })}
          onKeep={() => keep(read)}
          onCancel={() => setRead(null)}
        />
      )}
      {failure && <ErrorNotice message={failure} />}
    </section>
  );

  async function clearReference() {
    await backend.ask('crm.clear', undefined);
    return null;
  }
}

/** The reference kept: what it is, what it read, and Clear. */
function KeptReference(props: { summary: CrmReferenceSummary; busy: boolean; onClear: () => void }) {
  const { summary } = props;
  return (
    <div class="stack">
      <p role="status">
        <strong>{summary.name}</strong>, {SHAPE_LABELS[summary.shape]}, imported{' '}
        {new Date(summary.importedAt).toLocaleString()}: {summaryWords(summary)}
      </p>
      <div class="row">
        <button type="button" class="small" disabled={props.busy} onClick={props.onClear}>
          Clear your CRM reference
        </button>
      </div>
    </div>
  );
}

/** An export read but not kept yet: its shape, how its columns are read (changeable), Keep or Cancel. */
function ReadExportReview(props: {
  read: ReadExport;
  busy: boolean;
  onRoles: (roles: ReadExport['roles']) => void;
  onKeep: () => void;
  onCancel: () => void;
}) {
  const { read, busy } = props;
  return (
    <div class="stack">
      <p>
        <strong>{read.file.name}</strong> reads as {SHAPE_LABELS[read.shape]}: {rows(read.table.rows.length)}.
        Check how its columns are read, then keep it.
      </p>
      <MappingTable
        columns={read.table.columns}
        rows={read.table.rows}
        roles={read.roles}
        onChange={props.onRoles}
      />
      <div class="row">
        <button type="button" class="primary" disabled={busy} onClick={props.onKeep}>
          Keep as your CRM reference
        </button>
        <button type="button" disabled={busy} onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
