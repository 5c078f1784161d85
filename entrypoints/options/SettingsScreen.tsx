/**
 * After onboarding: the settings form (with its connection test), scanning every site, and the
 * account. Saving checks the form here first, asks for access to the addresses inside the submit,
 * then lets the background check and save it.
 */
import { useState } from 'preact/hooks';
import { backgroundFailure } from '@/lib/ask-background';
import type { PublicSettings } from '@/lib/protocol';
import { apiOrigins } from '@/lib/settings';
import { AccountPanel } from './AccountPanel';
import { requestAccess } from './access';
import type { OptionsBackend } from './backend';
import type { ConnectionOutcome, ConnectionPhase } from './ConnectionStatus';
import { connectAndTest } from './connection';
import { DoNotEnrichSetting } from './DoNotEnrichSetting';
import {
  changedFields,
  checkConnection,
  checkSettingsPatch,
  draftFromSettings,
  patchFromDraft,
  readSaveError,
} from './form';
import { ScanEverySiteSetting } from './ScanEverySiteSetting';
import { type SaveOutcome, type SettingsDraft, type SettingsErrors, SettingsForm } from './SettingsForm';
import { useAccount } from './useAccount';
import { YourDataSetting } from './YourDataSetting';

export function SettingsScreen({
  backend,
  initial,
  connected,
}: {
  backend: OptionsBackend;
  initial: PublicSettings;
  connected: ConnectionOutcome | null;
}) {
  const [settings, setSettings] = useState(initial);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFromSettings(initial));
  const [replacingKey, setReplacingKey] = useState(false);
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [testPhase, setTestPhase] = useState<ConnectionPhase>('idle');
  const [testOutcome, setTestOutcome] = useState<ConnectionOutcome | null>(connected);
  const [saving, setSaving] = useState(false);
  const [saveOutcome, setSaveOutcome] = useState<SaveOutcome | null>(null);
  const account = useAccount(backend);

  function change(patch: Partial<SettingsDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setSaveOutcome(null);
    // A field's message is about what was in it; once edited, it no longer applies.
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch) as (keyof SettingsDraft)[]) delete next[field];
      return next;
    });
  }

  // With no key saved (cleared by hand), the key field is an input from the start.
  const keyEntered = (replacingKey || !settings.apiKeySet) && draft.apiKey.trim() !== '';

  function keepKey() {
    setReplacingKey(false);
    change({ apiKey: '' });
  }

  async function test() {
    const checked = checkConnection(draft, { keyRequired: replacingKey || !settings.apiKeySet });
    setErrors((current) => ({
      ...current,
      apiKey: undefined,
      baseUrlV2: undefined,
      baseUrlV3: undefined,
      ...(checked.ok ? {} : checked.errors),
    }));
    setTestOutcome(null);
    if (!checked.ok) return;
    // Without a new key the background tests the saved one.
    const { apiKey, ...addresses } = checked.values;
    const values = keyEntered ? { ...addresses, apiKey } : addresses;
    // Still synchronous up to here: connectAndTest asks for access inside this click.
    setTestOutcome(await connectAndTest(backend, checked.origins, values, setTestPhase));
  }

  async function save() {
    setSaveOutcome(null);
    if (replacingKey && draft.apiKey.trim() === '') {
      setErrors((current) => ({ ...current, apiKey: 'Enter the new key, or keep the current one.' }));
      return;
    }
    const checked = checkSettingsPatch(patchFromDraft(draft, keyEntered));
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) {
      setSaveOutcome({ kind: 'invalid', unplaced: checked.unplaced });
      return;
    }
    setSaving(true);
    try {
      // Asked on every save, inside the submit: an origin already granted answers at once, unasked.
      const access = await requestAccess(
        backend,
        apiOrigins({ baseUrlV2: checked.patch.baseUrlV2 ?? '', baseUrlV3: checked.patch.baseUrlV3 ?? '' }),
      );
      if (access.kind !== 'granted') {
        setSaveOutcome(access);
        return;
      }
      const result = await backend.ask('settings.save', changedFields(checked.patch, settings));
      if (!result.ok) {
        const { errors: fieldErrors, unplaced } = readSaveError(result.error);
        setErrors(fieldErrors);
        setSaveOutcome({ kind: 'invalid', unplaced });
        return;
      }
      setSettings(result.settings);
      setDraft(draftFromSettings(result.settings));
      setReplacingKey(false);
      setSaveOutcome({ kind: 'saved' });
      void account.reload(); // the budget left today follows the saved budget
    } catch (error) {
      setSaveOutcome({ kind: 'failed', message: backgroundFailure(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <main class="page">
      <header class="page-header">
        <h1>Profile Enrichment settings</h1>
        <p class="muted">Your API key stays in this browser; only the extension's background uses it.</p>
      </header>
      <div class="columns">
        <div class="stack">
          <SettingsForm
            draft={draft}
            errors={errors}
            onChange={change}
            savedKey={
              settings.apiKeySet
                ? {
                    hint: settings.apiKeyHint,
                    replacing: replacingKey,
                    onReplace: () => setReplacingKey(true),
                    onKeep: keepKey,
                  }
                : undefined
            }
            onTest={test}
            testPhase={testPhase}
            testOutcome={testOutcome}
            onSave={save}
            saving={saving}
            saveOutcome={saveOutcome}
          />
          <ScanEverySiteSetting backend={backend} />
          <DoNotEnrichSetting backend={backend} />
          <YourDataSetting backend={backend} onChanged={account.reload} />
        </div>
        <AccountPanel
          state={account.account}
          onRetry={account.reload}
          onClearCache={account.clearCache}
          clearingCache={account.clearingCache}
        />
      </div>
    </main>
  );
}
