/**
 * After onboarding: the settings form (with its connection test), scanning every site, and the
 * account. Saving checks the form here first, asks for access to the addresses inside the submit,
 * then lets the background check and save it.
 */
import { useState } from 'preact/hooks';
import { backgroundFailure } from '@/lib/ask-background';
import type { PublicSettings } from '@/lib/protocol';
import { apiOrigins, type Settings } from '@/lib/settings';
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
  const key = useSavedSecret(settings.apiKeySet, settings.apiKeyHint, () => change({ apiKey: '' }));
  const token = useSavedSecret(settings.hubTokenSet, settings.hubTokenHint, () => change({ hubToken: '' }));
  const replacingKey = key.replacing;
  const replacingToken = token.replacing;
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

  const { keyEntered, tokenEntered } = typedSecrets(draft, settings, {
    key: replacingKey,
    token: replacingToken,
  });

  const { testPhase, testOutcome, test } = useConnectionTest(backend, connected, setErrors, {
    draft,
    keyRequired: replacingKey || !settings.apiKeySet,
    keyEntered,
    tokenRequired: replacingToken || !settings.hubTokenSet,
    tokenEntered,
    savedConnection: settings.connection,
  });

  async function save() {
    setSaveOutcome(null);
    const checked = checkForSave(draft, settings, { key: replacingKey, token: replacingToken });
    if (!checked.ok) {
      setErrors((current) => ({ ...(checked.keepOthers ? current : {}), ...checked.errors }));
      if (checked.outcome) setSaveOutcome(checked.outcome);
      return;
    }
    setErrors({});
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
      key.setReplacing(false);
      token.setReplacing(false);
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
            savedKey={key.saved}
            savedToken={token.saved}
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

/**
 * Whether a new key and a new member token were typed. With none saved (cleared by hand), the
 * field is an input from the start.
 */
function typedSecrets(
  draft: SettingsDraft,
  settings: PublicSettings,
  replacing: { key: boolean; token: boolean },
): { keyEntered: boolean; tokenEntered: boolean } {
  return {
    keyEntered: (replacing.key || !settings.apiKeySet) && draft.apiKey.trim() !== '',
    tokenEntered: (replacing.token || !settings.hubTokenSet) && draft.hubToken.trim() !== '',
  };
}

/**
 * What the form refuses before anything is asked for or saved, each on its field: a key being
 * replaced left empty, a team hub without its address or token, a value the settings refuse.
 */
function checkForSave(
  draft: SettingsDraft,
  settings: PublicSettings,
  replacing: { key: boolean; token: boolean },
):
  | { ok: true; patch: Partial<Settings> }
  | { ok: false; errors: SettingsErrors; outcome?: SaveOutcome; keepOthers: boolean } {
  if (replacing.key && draft.apiKey.trim() === '')
    return { ok: false, errors: { apiKey: 'Enter the new key, or keep the current one.' }, keepOthers: true };
  if (draft.connection === 'team-hub') {
    const hub = checkConnection(draft, {
      keyRequired: false,
      tokenRequired: !settings.hubTokenSet || replacing.token,
    });
    if (!hub.ok)
      return { ok: false, errors: hub.errors, outcome: { kind: 'invalid', unplaced: [] }, keepOthers: true };
  }
  const { keyEntered, tokenEntered } = typedSecrets(draft, settings, replacing);
  const checked = checkSettingsPatch(patchFromDraft(draft, keyEntered, tokenEntered));
  if (!checked.ok)
    return {
      ok: false,
      errors: checked.errors,
      outcome: { kind: 'invalid', unplaced: checked.unplaced },
      keepOthers: false,
    };
  return { ok: true, patch: checked.patch };
}

/** A saved key or member token as the form shows it (by its last characters), or none saved; and whether it is being replaced by what is typed. */
function useSavedSecret(set: boolean, hint: string, clearTyped: () => void) {
  const [replacing, setReplacing] = useState(false);
  const saved: SavedKey | undefined = set
    ? {
        hint,
        replacing,
        onReplace: () => setReplacing(true),
        onKeep: () => {
          setReplacing(false);
          clearTyped();
        },
      }
    : undefined;
  return { replacing, setReplacing, saved };
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
