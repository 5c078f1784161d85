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
import type { SavedKey } from './ConnectionFields';
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
  const [replacingToken, setReplacingToken] = useState(false);
  const [errors, setErrors] = useState<SettingsErrors>({});
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
  const tokenEntered = (replacingToken || !settings.hubTokenSet) && draft.hubToken.trim() !== '';

  const { testPhase, testOutcome, test } = useConnectionTest(backend, connected, setErrors, {
    draft,
    keyRequired: replacingKey || !settings.apiKeySet,
    keyEntered,
    tokenRequired: replacingToken || !settings.hubTokenSet,
    tokenEntered,
    savedConnection: settings.connection,
  });

  function keepKey() {
    setReplacingKey(false);
    change({ apiKey: '' });
  }

  function keepToken() {
    setReplacingToken(false);
    change({ hubToken: '' });
  }

  async function save() {
    setSaveOutcome(null);
    if (replacingKey && draft.apiKey.trim() === '') {
      setErrors((current) => ({ ...current, apiKey: 'Enter the new key, or keep the current one.' }));
      return;
    }
    if (draft.connection === 'team-hub') {
      // A team hub needs its address and a token before anything is saved (refused on its field).
      const hub = checkConnection(draft, {
        keyRequired: false,
        tokenRequired: !settings.hubTokenSet || replacingToken,
      });
      if (!hub.ok) {
        setErrors((current) => ({ ...current, ...hub.errors }));
        setSaveOutcome({ kind: 'invalid', unplaced: [] });
        return;
      }
    }
    const checked = checkSettingsPatch(patchFromDraft(draft, keyEntered, tokenEntered));
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) {
      setSaveOutcome({ kind: 'invalid', unplaced: checked.unplaced });
      return;
    }
    setSaving(true);
    try {
      const result = await accessAndSave(backend, checked.patch, settings);
      if (!result.saved) {
        if (result.errors) setErrors(result.errors);
        setSaveOutcome(result.outcome);
        return;
      }
      setSettings(result.saved);
      setDraft(draftFromSettings(result.saved));
      setReplacingKey(false);
      setReplacingToken(false);
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
        <p class="muted">
          Your API key or member token stays in this browser; only the extension's background uses it.
        </p>
      </header>
      <div class="columns">
        <div class="stack">
          <SettingsForm
            draft={draft}
            errors={errors}
            onChange={change}
            savedKey={savedSecret(
              settings.apiKeySet,
              settings.apiKeyHint,
              replacingKey,
              setReplacingKey,
              keepKey,
            )}
            savedToken={savedSecret(
              settings.hubTokenSet,
              settings.hubTokenHint,
              replacingToken,
              setReplacingToken,
              keepToken,
            )}
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

/** A saved key or member token as the form shows it (by its last characters), or none saved. */
function savedSecret(
  set: boolean,
  hint: string,
  replacing: boolean,
  setReplacing: (replacing: boolean) => void,
  onKeep: () => void,
): SavedKey | undefined {
  return set ? { hint, replacing, onReplace: () => setReplacing(true), onKeep } : undefined;
}

/** The connection test: checks the form's connection fields, then asks for access and tests them. */
function useConnectionTest(
  backend: OptionsBackend,
  connected: ConnectionOutcome | null,
  setErrors: (update: (current: SettingsErrors) => SettingsErrors) => void,
  form: {
    draft: SettingsDraft;
    keyRequired: boolean;
    keyEntered: boolean;
    tokenRequired: boolean;
    tokenEntered: boolean;
    savedConnection: PublicSettings['connection'];
  },
) {
  const [testPhase, setTestPhase] = useState<ConnectionPhase>('idle');
  const [testOutcome, setTestOutcome] = useState<ConnectionOutcome | null>(connected);
  async function test() {
    const checked = checkConnection(form.draft, {
      keyRequired: form.keyRequired,
      tokenRequired: form.tokenRequired,
    });
    setErrors((current) => ({
      ...current,
      apiKey: undefined,
      baseUrlV2: undefined,
      baseUrlV3: undefined,
      hubUrl: undefined,
      hubToken: undefined,
      ...(checked.ok ? {} : checked.errors),
    }));
    setTestOutcome(null);
    if (!checked.ok) return;
    // Without a new key (or token) the background tests the saved one.
    const { apiKey, hubToken, ...addresses } = { apiKey: undefined, hubToken: undefined, ...checked.values };
    const values = {
      ...addresses,
      // Back from a saved team hub to your own key: tested as such.
      ...(form.draft.connection !== form.savedConnection ? { connection: form.draft.connection } : {}),
      ...(form.keyEntered && apiKey !== undefined ? { apiKey } : {}),
      ...(form.tokenEntered && hubToken !== undefined ? { hubToken } : {}),
    };
    // Still synchronous up to here: connectAndTest asks for access inside this click.
    setTestOutcome(await connectAndTest(backend, checked.origins, values, setTestPhase));
  }
  return { testPhase, testOutcome, test };
}

/**
 * Asks for access to the addresses (on every save, inside the submit: an origin already granted
 * answers at once, unasked), then has the background check and save what changed.
 */
async function accessAndSave(
  backend: OptionsBackend,
  patch: Parameters<typeof changedFields>[0],
  settings: PublicSettings,
): Promise<{ saved: PublicSettings } | { saved?: undefined; outcome: SaveOutcome; errors?: SettingsErrors }> {
  const access = await requestAccess(
    backend,
    apiOrigins({
      connection: patch.connection,
      baseUrlV2: patch.baseUrlV2 ?? '',
      baseUrlV3: patch.baseUrlV3 ?? '',
      hubUrl: patch.hubUrl ?? '',
    }),
  );
  if (access.kind !== 'granted') return { outcome: access };
  const result = await backend.ask('settings.save', changedFields(patch, settings));
  if (!result.ok) {
    const { errors, unplaced } = readSaveError(result.error);
    return { outcome: { kind: 'invalid', unplaced }, errors };
  }
  return { saved: result.settings };
}
