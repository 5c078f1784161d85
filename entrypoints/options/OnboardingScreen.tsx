/**
 * First run: the key and the two base URLs (or the sandbox, or a team hub's address and member
 * token), access to their address, a connection test (a hub's: who the member is), and only then a
 * save that marks onboarding done.
 */
import { useState } from 'preact/hooks';
import type { UserMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import type { PublicSettings } from '@/lib/protocol';
import { SANDBOX_PRESET } from '@/lib/settings';
import type { OptionsBackend } from './backend';
import { type ConnectionErrors, type ConnectionValues, NO_CONNECTION } from './ConnectionFields';
import type { ConnectionOutcome, ConnectionPhase } from './ConnectionStatus';
import { connectAndTest } from './connection';
import { checkConnection } from './form';
import { OnboardingView } from './OnboardingView';

export function OnboardingScreen({
  backend,
  onDone,
}: {
  backend: OptionsBackend;
  onDone: (settings: PublicSettings, connected: ConnectionOutcome) => void;
}) {
  const [values, setValues] = useState<ConnectionValues>(NO_CONNECTION);
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
    setValues({ ...NO_CONNECTION, ...SANDBOX_PRESET });
    setErrors({});
    setOutcome(null);
    setSandboxChosen(true);
  }

  /** "Join a team hub": the hub's address and member token in place of a key and addresses. */
  function joinHub() {
    setValues({ ...NO_CONNECTION, connection: 'team-hub' });
    setErrors({});
    setOutcome(null);
    setSandboxChosen(false);
  }

  function ownKey() {
    setValues(NO_CONNECTION);
    setErrors({});
    setOutcome(null);
  }

  async function connect() {
    const checked = checkConnection(values, { keyRequired: true });
    setErrors(checked.ok ? {} : checked.errors);
    setOutcome(null);
    setSaveError(undefined);
    if (!checked.ok) return;
    // Still synchronous up to here: connectAndTest asks for access inside this click.
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
      onJoinHub={joinHub}
      onOwnKey={ownKey}
      onConnect={connect}
      phase={phase}
      outcome={outcome}
      saving={saving}
      saveError={saveError}
    />
  );
}
