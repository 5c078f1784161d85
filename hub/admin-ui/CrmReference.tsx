/**
 * The team's CRM reference (hub/crm.ts): what the last import read, and a new CRM export replacing
 * it. The page sends the file as it is and the hub reads it (its shape, columns and limits, as the
 * extension's lists page does), so the page carries no CSV reader of its own.
 */
import { useState } from 'preact/hooks';
import { Field } from '../../components/Field';
import { SHAPE_LABELS, summaryWords } from '../../lib/crm/summary';
import type { CrmReferenceAnswer } from './api';
import { Empty, Failure, type HubCall, Loading, Section, useLoad, utcTime } from './ui';

function Summary({ reference }: { reference: CrmReferenceAnswer }) {
  return (
    <p>
      <strong>{reference.name}</strong>, {SHAPE_LABELS[reference.shape]}, imported{' '}
      <span class="nowrap">{utcTime(reference.imported_at)} UTC</span>: {summaryWords(reference)}
    </p>
  );
}

export function CrmReference({
  hub,
  version,
  changed,
}: {
  hub: HubCall;
  version: number;
  changed: () => void;
}) {
  const loaded = useLoad(
    () => hub<{ reference: CrmReferenceAnswer | null }>('GET', 'crm-reference'),
    String(version),
  );
  const [file, setFile] = useState<File | null>(null);
  const [imported, setImported] = useState<CrmReferenceAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (event: Event) => {
    event.preventDefault();
    setImported(null);
    if (file === null) return setError('Choose the CRM export (a CSV file) first.');
    setBusy(true);
    const answer = await hub<{ reference: CrmReferenceAnswer }>(
      'POST',
      `crm-reference?${new URLSearchParams({ name: file.name })}`,
      file,
    );
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setError(null);
    setImported(answer.data.reference);
    changed();
  };
  return (
    <Section
      id="crm-reference"
      title="CRM reference"
      hint="The team's CRM export: members' quotes leave out the people it holds. Members never download it; a peek tells them only whether a row they ask about is in it."
    >
      <Loading loaded={loaded} what="the CRM reference">
        {({ reference }) =>
          reference === null ? (
            <Empty>No CRM reference: no member's quote leaves anyone out as in the team's CRM.</Empty>
          ) : (
            <Summary reference={reference} />
          )
        }
      </Loading>
      <form class="inline-form" aria-label="Import a CRM export" onSubmit={send}>
        <Field
          label="CRM export (CSV)"
          hint="HubSpot contacts or companies, a Salesforce report, a Pipedrive people export, or any CSV. Up to 200,000 rows; it replaces the reference whole."
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
              disabled={busy}
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          )}
        </Field>
        <div class="form-buttons">
          <button type="submit" class="primary" disabled={busy}>
            {busy ? 'Importing…' : 'Import'}
          </button>
        </div>
      </form>
      {imported && (
        <div class="notice success" role="status">
          <p class="notice-title">Imported {imported.name}.</p>
          <p>{summaryWords(imported)}</p>
        </div>
      )}
      {error && <Failure title="The CRM reference was not changed" message={error} />}
    </Section>
  );
}
