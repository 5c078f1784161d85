/**
 * A list's results as files, at any time (partial while it runs): CSV (every input row in order,
 * then the enrichment and provenance columns; UTF-8 with a byte order mark, formula-safe), JSON,
 * vCard 4.0 for the people found, and "Export for CRM": a file each CRM's importer takes as it is.
 */
import { useState } from 'preact/hooks';
import { CrmExport } from '@/components/crm/CrmExport';
import { ONLY_FIRST_CARD } from '@/lib/crm/vcard';
import { csvFileName } from '@/lib/csv';
import type { ListInput, ListRequestView, ListSummary } from '@/lib/protocol';
import type { ListsBackend } from '../backend';
import { listCrmRecords, listToCsv, listToJson, listToVcards } from '../export/list-export';

export interface ListDownloadsProps {
  input: ListInput;
  requests: ReadonlyMap<string, ListRequestView>;
  summary: ListSummary;
  /** Changes whenever `requests` did. */
  version: number;
  download: ListsBackend['download'];
}

/** A file name from the list's name: `event-leads-2026-11-25-0930.csv`. */
export function listFileName(name: string, extension: 'csv' | 'json' | 'vcf'): string {
  const slug =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'list';
  return csvFileName(slug).replace(/\.csv$/, `.${extension}`);
}

export function ListDownloads({ input, requests, summary, download }: ListDownloadsProps) {
  const [error, setError] = useState<string | null>(null);
  const save = (make: () => Promise<void> | void) => async () => {
    setError(null);
    try {
      await make();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  const people = [...requests.values()].some((request) => request.enriched?.fullName);
  return (
    <div class="stack">
      <div class="row downloads">
        <button
          type="button"
          onClick={save(async () =>
            download(
              listFileName(summary.name, 'csv'),
              ['\uFEFF', await listToCsv(input, requests, summary.options)],
              'text/csv;charset=utf-8',
            ),
          )}
        >
          Download results (CSV)
        </button>
        <button
          type="button"
          onClick={save(() =>
            download(
              listFileName(summary.name, 'json'),
              [JSON.stringify(listToJson(input, requests, summary.options), null, 2)],
              'application/json',
            ),
          )}
        >
          Download JSON
        </button>
        <button
          type="button"
          disabled={!people}
          onClick={save(() =>
            download(
              listFileName(summary.name, 'vcf'),
              [listToVcards(input, requests, summary.options)],
              'text/vcard',
            ),
          )}
        >
          Download vCards
        </button>
      </div>
      {people && <p class="muted small">{ONLY_FIRST_CARD}</p>}
      <CrmExport
        records={listCrmRecords(input, requests, summary.options)}
        onSave={(preset, csv) =>
          download(
            listFileName(`${summary.name} ${preset.label}`, 'csv'),
            ['\uFEFF', csv],
            'text/csv;charset=utf-8',
          )
        }
      />
      {error && (
        <p class="notice error" role="alert">
          The file could not be made: {error}
        </p>
      )}
    </div>
  );
}
