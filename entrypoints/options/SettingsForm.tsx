/**
 * The settings form: how to reach the service (with a free connection test), and how to spend:
 * plan, daily budget, freshness, auto-enrich and the cache's size. Values are kept as the person
 * typed them; the page saves them through the background, which validates them and says what is
 * wrong per field.
 */

import { Field, TextInput, Toggle, useFocusInvalidOnSubmit } from '@/components/Field';
import { BYTES_PER_MB, formatBytes } from '@/components/format';
import { Busy, ErrorNotice, Notice } from '@/components/Notice';
import { freshnessOptionLabel } from '@/components/profile/option-costs';
import type { UserMessage } from '@/lib/api/errors';
import { FRESHNESS_CHOICES, type Freshness } from '@/lib/freshness';
import type { Settings } from '@/lib/settings';
import { ConnectionFields, type ConnectionValues, type SavedKey } from './ConnectionFields';
import { type ConnectionOutcome, type ConnectionPhase, ConnectionStatus } from './ConnectionStatus';

/** The form's values; numbers stay text until saved so a half-typed value is not lost. */
export interface SettingsDraft extends ConnectionValues {
  plan: Settings['plan'];
  /** Empty for no budget. */
  dailyBudget: string;
  staleAfterDays: string;
  retentionDays: string;
  autoEnrich: boolean;
  profileFreshness: Freshness;
  cacheMaxBytes: number;
}

export type SettingsField = keyof SettingsDraft;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export type SaveOutcome =
  | { kind: 'saved' }
  | { kind: 'denied' }
  /** The background refused the values: per-field messages, and any it did not tie to a field. */
  | { kind: 'invalid'; unplaced: string[] }
  /** Asking the background failed. */
  | { kind: 'failed'; message: UserMessage };

/** Cache size caps offered, in MB; a saved cap that is not one of them is offered too. */
export const CACHE_CAP_CHOICES_MB = [10, 25, 50, 100, 250, 500] as const;

export interface SettingsFormProps {
  draft: SettingsDraft;
  errors: SettingsErrors;
  onChange: (patch: Partial<SettingsDraft>) => void;
  /** Absent when no key is saved: the key field is then a plain input. */
  savedKey?: SavedKey;
  /** The same for the team hub's member token. */
  savedToken?: SavedKey;
  /** Called from a click, a user gesture: the permission request must start in it. */
  onTest: () => void;
  testPhase: ConnectionPhase;
  testOutcome: ConnectionOutcome | null;
  /** Called from the form's submit, a user gesture, for the same reason. */
  onSave: () => void;
  saving: boolean;
  saveOutcome: SaveOutcome | null;
}

export function SettingsForm(props: SettingsFormProps) {
  const { draft, errors, onChange, savedKey, saving, saveOutcome } = props;
  const busy = saving || props.testPhase !== 'idle';
  const focusInvalid = useFocusInvalidOnSubmit(errors);

  return (
    <form
      class="stack"
      noValidate
      aria-label="Settings"
      ref={focusInvalid.form}
      onSubmit={(event) => {
        event.preventDefault();
        focusInvalid.onSubmitted();
        props.onSave();
      }}
    >
      <section class="card" aria-labelledby="connection-heading">
        <header>
          <h2 id="connection-heading">Connection</h2>
          <p class="muted">
            Changing an address asks the browser for access to it: the extension may only talk to addresses
            you allow.
          </p>
        </header>
        <ConnectionFields
          values={draft}
          errors={errors}
          onChange={onChange}
          disabled={busy}
          savedKey={savedKey}
          savedToken={props.savedToken}
        />
        <div class="row">
          <button type="button" onClick={props.onTest} disabled={busy}>
            Test connection
          </button>
          <span class="field-hint">
            {draft.connection === 'team-hub'
              ? 'Free: it only asks the hub who you are.'
              : 'Free: it only asks the service for your balance.'}
          </span>
        </div>
        <ConnectionStatus phase={props.testPhase} outcome={props.testOutcome} actionLabel="Test connection" />
      </section>

      <SpendingSection draft={draft} errors={errors} onChange={onChange} busy={busy} />

      <div class="stack">
        <div class="row">
          <button type="submit" class="primary" disabled={busy}>
            Save settings
          </button>
        </div>
        {saving && <Busy>Saving…</Busy>}
        {saveOutcome && <SaveStatus outcome={saveOutcome} />}
      </div>
    </form>
  );
}

function SaveStatus({ outcome }: { outcome: SaveOutcome }) {
  switch (outcome.kind) {
    case 'saved':
      return <Notice tone="success" title="Settings saved" />;
    case 'denied':
      return (
        <Notice tone="error" title="Not saved: access to the new address was not granted">
          <p>
            The extension may only talk to an address you allow. Press Save settings again and choose Allow.
          </p>
        </Notice>
      );
    case 'invalid':
      return (
        <Notice tone="error" title="Not saved: some values are not accepted">
          <p>Correct the fields marked above, then save again.</p>
          {outcome.unplaced.map((text) => (
            <p key={text} class="notice-detail">
              {text}
            </p>
          ))}
        </Notice>
      );
    case 'failed':
      return <ErrorNotice message={{ ...outcome.message, title: `Not saved: ${outcome.message.title}` }} />;
  }
}

/** What a part of the form is given: the draft, its errors, where changes go, and whether it is busy. */
interface SectionProps {
  draft: SettingsDraft;
  errors: SettingsErrors;
  onChange: (patch: Partial<SettingsDraft>) => void;
  busy: boolean;
}

/** Plan, budget, staleness, retention and auto-enrich, then freshness and the cache's cap. */
function SpendingSection({ draft, errors, onChange, busy }: SectionProps) {
  return (
    <section class="card" aria-labelledby="spending-heading">
      <header>
        <h2 id="spending-heading">Spending and freshness</h2>
      </header>
      <Field
        label="Plan"
        error={errors.plan}
        hint="Some prices depend on your subscription; choosing yours makes quotes exact."
      >
        {(control) => (
          <select
            {...control}
            value={draft.plan}
            disabled={busy}
            onChange={(event) => onChange({ plan: event.currentTarget.value as Settings['plan'] })}
          >
            <option value="growth">Growth or larger</option>
            <option value="standard">Other plans</option>
          </select>
        )}
      </Field>
      <Field
        label="Daily budget (credits)"
        error={errors.dailyBudget}
        hint="Spending past this in one day needs your confirmation. Leave empty for no budget."
      >
        {(control) => (
          <TextInput
            {...control}
            type="number"
            inputMode="numeric"
            placeholder="No budget"
            value={draft.dailyBudget}
            disabled={busy}
            onValue={(dailyBudget) => onChange({ dailyBudget })}
          />
        )}
      </Field>
      <Field
        label="Stale after (days)"
        error={errors.staleAfterDays}
        hint="A saved answer older than this is marked stale; the service counts 29 days as recent."
      >
        {(control) => (
          <TextInput
            {...control}
            type="number"
            inputMode="numeric"
            value={draft.staleAfterDays}
            disabled={busy}
            onValue={(staleAfterDays) => onChange({ staleAfterDays })}
          />
        )}
      </Field>
      <Field
        label="Keep data about others (days)"
        error={errors.retentionDays}
        hint="Saved answers, and the names in the record of what was spent, are removed after this many days, even with no page open. Credits and dates stay."
      >
        {(control) => (
          <TextInput
            {...control}
            type="number"
            inputMode="numeric"
            value={draft.retentionDays}
            disabled={busy}
            onValue={(retentionDays) => onChange({ retentionDays })}
          />
        )}
      </Field>
      <Toggle
        label="Auto-enrich profile pages"
        hint="Looks up a profile page when you open it, without asking each time, within your daily budget (only when one is set). Off by default: it spends credits unasked."
        checked={draft.autoEnrich}
        disabled={busy}
        onToggle={(autoEnrich) => onChange({ autoEnrich })}
      />
      {errors.autoEnrich && <p class="field-error">{errors.autoEnrich}</p>}
      <FreshnessAndCache draft={draft} errors={errors} onChange={onChange} busy={busy} />
    </section>
  );
}

/** The default freshness of a profile, and the cache's cap (the draft's own value among the choices). */
function FreshnessAndCache({ draft, errors, onChange, busy }: SectionProps) {
  const capChoices = CACHE_CAP_CHOICES_MB.map((mb) => mb * BYTES_PER_MB);
  if (!capChoices.includes(draft.cacheMaxBytes)) capChoices.push(draft.cacheMaxBytes);
  capChoices.sort((a, b) => a - b);
  return (
    <>
      <Field
        label="Profile freshness"
        error={errors.profileFreshness}
        hint="How recent a person, company or school profile must be, unless you choose otherwise for one lookup. The price follows the choice."
      >
        {(control) => (
          <select
            {...control}
            value={draft.profileFreshness}
            disabled={busy}
            onChange={(event) => onChange({ profileFreshness: event.currentTarget.value as Freshness })}
          >
            {FRESHNESS_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {freshnessOptionLabel('person.profile', choice)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="Cache size cap"
        error={errors.cacheMaxBytes}
        hint="Saved answers are shown again for free; past this size the least recently used are removed."
      >
        {(control) => (
          <select
            {...control}
            value={String(draft.cacheMaxBytes)}
            disabled={busy}
            onChange={(event) => onChange({ cacheMaxBytes: Number(event.currentTarget.value) })}
          >
            {capChoices.map((bytes) => (
              <option key={bytes} value={String(bytes)}>
                {formatBytes(bytes)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
