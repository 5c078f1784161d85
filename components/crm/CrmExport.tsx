/**
 * "Export for CRM": the person picks their CRM's importer (only the presets with rows to write:
 * people, companies or both), downloads the file, and reads beside it how many rows it holds and
 * who was left out and why (Salesforce: no company). Props in, events out: the page saves the file.
 */
import { useId, useState } from 'preact/hooks';
import { type CrmPreset, type CrmPresetId, type CrmRecord, crmFile, presetsFor } from '@/lib/crm/presets';

export interface CrmExportProps {
  records: readonly CrmRecord[];
  /** Saves the preset's CSV (the page adds the byte order mark and the file name). */
  onSave: (preset: CrmPreset, csv: string) => void | Promise<void>;
}

export function CrmExport({ records, onSave }: CrmExportProps) {
  const id = useId();
  const presets = presetsFor(records);
  const [chosen, setChosen] = useState<CrmPresetId | null>(null);
  const [outcome, setOutcome] = useState<{ note: string; failed: boolean } | null>(null);
  const preset = presets.find((candidate) => candidate.id === chosen) ?? presets[0];
  async function save() {
    if (!preset) return;
    try {
      const file = await crmFile(preset, records);
      await onSave(preset, file.csv);
      setOutcome({ note: `Saved: ${file.note}`, failed: false });
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      setOutcome({ note: `The file could not be made: ${message}`, failed: true });
    }
  }
  return (
    <div class="crm-export">
      <div class="row">
        <label for={id}>Export for CRM</label>
        <select
          id={id}
          value={preset?.id ?? ''}
          disabled={!preset}
          onChange={(event) => {
            setChosen(event.currentTarget.value as CrmPresetId);
            setOutcome(null);
          }}
        >
          {presets.length === 0 && <option value="">Nobody found yet</option>}
          {presets.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.label}
            </option>
          ))}
        </select>
        <button type="button" class="small" disabled={!preset} onClick={save}>
          {preset ? `Download for ${preset.label}` : 'Download for CRM'}
        </button>
      </div>
      <p role="status" class={outcome?.failed ? 'notice error small' : 'muted small'}>
        {outcome?.note ?? ''}
      </p>
    </div>
  );
}
