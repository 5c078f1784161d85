/**
 * "Copy for CRM": the profile shown, on the clipboard as its CRM takes it: the chosen preset's
 * header line and this profile's row (lib/crm/presets.ts), or one vCard (a person; one card,
 * since Outlook reads only a file's first). Emails and numbers only when they were asked for with
 * this answer. A row the CRM would refuse (Salesforce: no company) is not copied: it says why.
 */
import { useId, useState } from 'preact/hooks';
import type { Answered } from '@/lib/action-state';
import {
  CRM_PRESETS,
  type CrmKind,
  type CrmPresetId,
  type CrmRecord,
  crmFile,
  crmPreset,
} from '@/lib/crm/presets';
import { answerCrmRecord } from '@/lib/crm/records';
import { vcardOf } from '@/lib/crm/vcard';

type Format = CrmPresetId | 'vcard';

export interface CopyForCrmProps {
  kind: CrmKind;
  answer: Answered<unknown>;
  /** The include options the answer was asked with (personal_email, personal_contact_number). */
  requested: readonly string[];
  /** The profile's address as the panel asked it. */
  url: string | undefined;
  copy: (text: string) => Promise<void>;
}

/** The answer as one record; emails only if asked for, numbers likewise. */
export function panelCrmRecord({
  kind,
  answer,
  requested,
  url,
}: Omit<CopyForCrmProps, 'copy'>): CrmRecord | null {
  const record = answerCrmRecord({
    kind,
    data: answer.data,
    // A person's canonical address comes from the answer; a company answer carries none.
    url: kind === 'company' ? url : undefined,
    contacts: true,
    asked: `${kind === 'person' ? 'Person' : 'Company'} profile · ${url ?? ''}`,
    fetchedAt: answer.fetchedAt,
    credits: answer.credits,
  });
  if (!record) return null;
  const { emails, phones, ...rest } = record.fields;
  const fields = {
    ...rest,
    ...(requested.includes('personal_email') && emails && { emails }),
    ...(requested.includes('personal_contact_number') && phones && { phones }),
  };
  if (!record.fields.profileUrl && url) fields.profileUrl = url;
  return { ...record, fields };
}

export function CopyForCrm(props: CopyForCrmProps) {
  const id = useId();
  const formats: Array<{ value: Format; label: string }> = [
    ...CRM_PRESETS.filter((preset) => preset.kind === props.kind).map((preset) => ({
      value: preset.id,
      label: `${preset.label} (CSV row)`,
    })),
    ...(props.kind === 'person' ? [{ value: 'vcard' as const, label: 'vCard' }] : []),
  ];
  const [format, setFormat] = useState<Format>(formats[0]!.value);
  const [outcome, setOutcome] = useState<{ words: string; failed: boolean } | null>(null);
  async function copy() {
    const record = panelCrmRecord(props);
    try {
      if (!record) throw new Error('the answer holds nothing to copy');
      if (format === 'vcard') {
        const card = vcardOf(record.fields, record.contacts);
        if (!card) throw new Error('a vCard needs a name, and this answer has none');
        await props.copy(card);
        setOutcome({ words: 'Copied one vCard', failed: false });
        return;
      }
      const preset = crmPreset(format);
      const file = await crmFile(preset, [record]);
      if (file.written === 0) {
        setOutcome({ words: `Not copied: ${preset.refusal?.(record) ?? 'nothing to write'}`, failed: true });
        return;
      }
      await props.copy(file.csv);
      setOutcome({ words: `Copied the header and this row for ${preset.label}`, failed: false });
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      setOutcome({ words: `Could not copy: ${message}`, failed: true });
    }
  }
  return (
    <div class="copy-for-crm">
      <div class="row">
        <label for={id} class="small">
          Copy for CRM as
        </label>
        <select
          id={id}
          class="small"
          value={format}
          onChange={(event) => {
            setFormat(event.currentTarget.value as Format);
            setOutcome(null);
          }}
        >
          {formats.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <button type="button" class="small" onClick={copy}>
          Copy for CRM
        </button>
      </div>
      <p role="status" class={outcome?.failed ? 'notice error small' : 'muted small'}>
        {outcome?.words ?? ''}
      </p>
    </div>
  );
}
