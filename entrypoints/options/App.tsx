/**
 * The options page: onboarding on first run, the settings and account afterwards. It holds the
 * page's state and asks the background for everything (the key never comes back to it); the views
 * in components/ only render. The backend is passed in so tests can stand in for the browser.
 */
import { useEffect, useState } from 'preact/hooks';
import { AccountPanel, type AccountPanelState } from '@/components/AccountPanel';
import type { ConnectionErrors, ConnectionValues } from '@/components/ConnectionFields';
import type { ConnectionOutcome, ConnectionPhase } from '@/components/ConnectionStatus';
import { OnboardingView } from '@/components/OnboardingView';
import { LoadingPage, UnreachablePage } from '@/components/PageStates';
import {
  ScanEverySite,
  type ScanEverySiteOutcome,
  type ScanEverySiteState,
} from '@/components/ScanEverySite';
import {
  type SaveOutcome,
  type SettingsDraft,
  type SettingsErrors,
  SettingsForm,
} from '@/components/SettingsForm';
import { ApiError, type UserMessage, userMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import type { ConnectionResult, ProtocolMap, PublicSettings } from '@/lib/messages';
import { SCAN_EVERY_SITE_ORIGINS } from '@/lib/scan-permission';
import { apiOrigins, SANDBOX_PRESET } from '@/lib/settings';
import {
  checkConnection,
  checkSettingsPatch,
  draftFromSettings,
  patchFromDraft,
  permissionFailure,
  readSaveError,
} from './form';

export interface OptionsBackend {
  ask<T extends keyof ProtocolMap>(
    type: T,
    data: Parameters<ProtocolMap[T]>[0],
  ): Promise<ReturnType<ProtocolMap[T]>>;
  /**
   * Asks the browser for host access to these origins (browser.permissions.request). Must be
   * called synchronously from a click or submit: the browser only prompts inside a user gesture.
   */
  requestOrigins(origins: string[]): Promise<boolean>;
}

type PageState =
  | { status: 'loading' }
  | { status: 'unreachable'; detail: string }
  | { status: 'ready'; settings: PublicSettings; connected: ConnectionOutcome | null };

export function OptionsApp({ backend }: { backend: OptionsBackend }) {
  const [page, setPage] = useState<PageState>({ status: 'loading' });

  async function load() {
    setPage({ status: 'loading' });
    try {
      const settings = await backend.ask('settings.get', undefined);
      setPage({ status: 'ready', settings, connected: null });
    } catch (error) {
      setPage({ status: 'unreachable', detail: error instanceof Error ? error.message : String(error) });
    }
  }

  // Once, when the page opens.
  useEffect(() => {
    void load();
  }, []);

  if (page.status === 'loading') return <LoadingPage what="settings" />;
  if (page.status === 'unreachable') return <UnreachablePage detail={page.detail} onRetry={load} />;
  if (!page.settings.onboarded) {
    return (
      <OnboardingScreen
        backend={backend}
        onDone={(settings, connected) => setPage({ status: 'ready', settings, connected })}
      />
    );
  }
  return <SettingsScreen backend={backend} initial={page.settings} connected={page.connected} />;
}

/** What a connection test answered, in the views' terms. */
function outcomeOf(result: ConnectionResult): ConnectionOutcome {
  return result.ok
    ? { kind: 'connected', balance: result.balance }
    : { kind: 'failed', message: userMessage(ApiError.fromJSON(result.error)) };
}

/**
 * Asks for access to the origins, then tests the connection with these values. The permission
 * request is the first thing it does, before any await, so it runs inside the caller's gesture.
 */
async function connectAndTest(
  backend: OptionsBackend,
  origins: string[],
  test: Parameters<ProtocolMap['connection.test']>[0],
  setPhase: (phase: ConnectionPhase) => void,
): Promise<ConnectionOutcome> {
  setPhase('permission');
  try {
    let granted: boolean;
    try {
      granted = await backend.requestOrigins(origins);
    } catch (error) {
      return { kind: 'failed', message: permissionFailure(error) };
    }
    if (!granted) return { kind: 'denied' };
    setPhase('testing');
    try {
      return outcomeOf(await backend.ask('connection.test', test));
    } catch (error) {
      return { kind: 'failed', message: backgroundFailure(error) };
    }
  } finally {
    setPhase('idle');
  }
}

function OnboardingScreen({
  backend,
  onDone,
}: {
  backend: OptionsBackend;
  onDone: (settings: PublicSettings, connected: ConnectionOutcome) => void;
}) {
  const [values, setValues] = useState<ConnectionValues>({ apiKey: '', baseUrlV2: '', baseUrlV3: '' });
  const [errors, setErrors] = useState<ConnectionErrors>({});
  const [sandboxChosen, setSandboxChosen] = useState(false);
  const [phase, setPhase] = useState<ConnectionPhase>('idle');
  const [outcome, setOutcome] = useState<ConnectionOutcome | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<UserMessage>();

  function change(patch: Partial<ConnectionValues>) {
    setValues((current) => ({ ...current, ...patch }));
    // A field's message is about what was in it; once edited, it no longer applies.
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch) as (keyof ConnectionValues)[]) delete next[field];
      return next;
    });
  }

  function trySandbox() {
    setValues({ ...SANDBOX_PRESET });
    setErrors({});
    setOutcome(null);
    setSandboxChosen(true);
  }

  async function connect() {
    const checked = checkConnection(values, { keyRequired: true });
    setErrors(checked.ok ? {} : checked.errors);
    setOutcome(null);
    setSaveError(undefined);
    if (!checked.ok) return;
    const result = await connectAndTest(backend, checked.origins, checked.values, setPhase);
    setOutcome(result);
    if (result.kind !== 'connected') return;
    setSaving(true);
    try {
      const saved = await backend.ask('settings.save', { ...checked.values, onboarded: true });
      if (saved.ok) onDone(saved.settings, result);
      else
        setSaveError({
          title: 'The settings were not accepted',
          action: 'Press Connect again',
          detail: saved.error,
        });
    } catch (error) {
      setSaveError(backgroundFailure(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <OnboardingView
      values={values}
      errors={errors}
      onChange={change}
      sandboxChosen={sandboxChosen}
      onTrySandbox={trySandbox}
      onConnect={connect}
      phase={phase}
      outcome={outcome}
      saving={saving}
      saveError={saveError}
    />
  );
}

function SettingsScreen({
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
  const [account, setAccount] = useState<AccountPanelState>({ status: 'loading' });
  const [clearingCache, setClearingCache] = useState(false);

  async function loadAccount() {
    setAccount({ status: 'loading' });
    try {
      setAccount({ status: 'ready', account: await backend.ask('account.get', undefined) });
    } catch (error) {
      setAccount({ status: 'error', message: backgroundFailure(error) });
    }
  }

  // Once, when the view opens.
  useEffect(() => {
    void loadAccount();
  }, []);

  function change(patch: Partial<SettingsDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setSaveOutcome(null);
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
      const origins = apiOrigins({
        baseUrlV2: checked.patch.baseUrlV2 ?? '',
        baseUrlV3: checked.patch.baseUrlV3 ?? '',
      });
      if (origins.length > 0) {
        let granted: boolean;
        try {
          granted = await backend.requestOrigins(origins);
        } catch (error) {
          setSaveOutcome({ kind: 'failed', message: permissionFailure(error) });
          return;
        }
        if (!granted) {
          setSaveOutcome({ kind: 'denied' });
          return;
        }
      }
      const result = await backend.ask('settings.save', checked.patch);
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
      void loadAccount(); // the budget left today follows the saved budget
    } catch (error) {
      setSaveOutcome({ kind: 'failed', message: backgroundFailure(error) });
    } finally {
      setSaving(false);
    }
  }

  async function clearCache() {
    setClearingCache(true);
    try {
      await backend.ask('cache.clear', undefined);
    } catch (error) {
      setAccount({ status: 'error', message: backgroundFailure(error) });
      return;
    } finally {
      setClearingCache(false);
    }
    await loadAccount();
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
        </div>
        <AccountPanel
          state={account}
          onRetry={loadAccount}
          onClearCache={clearCache}
          clearingCache={clearingCache}
        />
      </div>
    </main>
  );
}

/**
 * "Scan every site I visit": asks the browser for the permission inside the person's click, then
 * the background for the content script that goes with it; turning it off gives both back.
 */
function ScanEverySiteSetting({ backend }: { backend: OptionsBackend }) {
  const [state, setState] = useState<ScanEverySiteState>({ status: 'loading' });
  const [outcome, setOutcome] = useState<ScanEverySiteOutcome | null>(null);

  async function load() {
    setState({ status: 'loading' });
    try {
      const { enabled } = await backend.ask('scanEverySite.get', undefined);
      setState({ status: 'ready', enabled, changing: false });
    } catch (error) {
      setState({ status: 'unknown', message: backgroundFailure(error) });
    }
  }

  // Once, when the view opens.
  useEffect(() => {
    void load();
  }, []);

  async function toggle(enabled: boolean) {
    setOutcome(null);
    setState({ status: 'ready', enabled, changing: true });
    const settle = (now: boolean, result: ScanEverySiteOutcome) => {
      setState({ status: 'ready', enabled: now, changing: false });
      setOutcome(result);
    };
    if (enabled) {
      // First, before any await: the browser only prompts inside the click.
      let granted: boolean;
      try {
        granted = await backend.requestOrigins([...SCAN_EVERY_SITE_ORIGINS]);
      } catch (error) {
        settle(false, { kind: 'failed', message: permissionFailure(error) });
        return;
      }
      if (!granted) {
        settle(false, { kind: 'denied' });
        return;
      }
    }
    try {
      const result = await backend.ask('scanEverySite.set', { enabled });
      if (result.enabled === enabled) {
        settle(
          enabled,
          enabled ? { kind: 'turned-on' } : { kind: 'turned-off', apiAccessLost: result.apiAccessLost },
        );
      } else {
        settle(result.enabled, {
          kind: 'failed',
          message: {
            title: enabled ? 'The browser did not grant the permission' : 'The browser kept the permission',
            action: "Try again; the extension's site access can also be changed on the Extensions page",
          },
        });
      }
    } catch (error) {
      settle(!enabled, { kind: 'failed', message: backgroundFailure(error) });
    }
  }

  return <ScanEverySite state={state} outcome={outcome} onToggle={toggle} onRetry={load} />;
}
