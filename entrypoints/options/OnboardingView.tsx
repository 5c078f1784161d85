/**
 * First run: what the extension does, and the ways to connect it: your own key and addresses, the
 * local sandbox, or a team hub (its address and your member token).
 */

import { useFocusInvalidOnSubmit } from '@/components/Field';
import { Busy, ErrorNotice, Notice } from '@/components/Notice';
import type { UserMessage } from '@/lib/api/errors';
import { type ConnectionErrors, ConnectionFields, type ConnectionValues } from './ConnectionFields';
import { type ConnectionOutcome, type ConnectionPhase, ConnectionStatus } from './ConnectionStatus';

export interface OnboardingViewProps {
  values: ConnectionValues;
  errors: ConnectionErrors;
  onChange: (patch: Partial<ConnectionValues>) => void;
  /** "Try the sandbox" was pressed: the fields hold the sandbox's address and demo key. */
  sandboxChosen: boolean;
  onTrySandbox: () => void;
  /** "Join a team hub": the fields become the hub's address and member token. */
  onJoinHub: () => void;
  /** Back from the team hub to your own key. */
  onOwnKey: () => void;
  /** Called from the form's submit, a user gesture: the permission request must start in it. */
  onConnect: () => void;
  phase: ConnectionPhase;
  outcome: ConnectionOutcome | null;
  /** The check succeeded and the settings are being saved. */
  saving: boolean;
  /** Saving failed after a good check. */
  saveError?: UserMessage;
}

export function OnboardingView(props: OnboardingViewProps) {
  const { values, errors, onChange, sandboxChosen, onTrySandbox, onConnect, phase, outcome, saving } = props;
  const team = values.connection === 'team-hub';
  const busy = phase !== 'idle' || saving;
  const focusInvalid = useFocusInvalidOnSubmit(errors);
  return (
    <main class="page">
      <div class="narrow stack">
        <header class="page-header">
          <h1>Set up Profile Enrichment</h1>
          <p>
            Profile Enrichment looks up the person, company, school or job on the page you are reading in the
            Profile Data Enrichment Service, and shows what it finds beside the page.
          </p>
          <p>
            Lookups cost credits from your account with the service. Every lookup shows its price before
            anything is spent, and answers are kept so that looking again is free.
          </p>
        </header>

        <section class="card" aria-labelledby="connect-heading">
          <header>
            <h2 id="connect-heading">Connect to the service</h2>
            <p class="muted">
              Enter your API key and the service's addresses, try the sandbox first, or join your team's hub.
            </p>
          </header>

          <div class="stack">
            <div class="row">
              <button type="button" onClick={onTrySandbox} disabled={busy}>
                Try the sandbox
              </button>
              <button type="button" onClick={props.onJoinHub} disabled={busy} aria-pressed={team}>
                Join a team hub
              </button>
            </div>
            {team ? (
              <Notice tone="info" title="Joining a team hub">
                <p>
                  Your team's hub holds the team's account: enter its address and the member token its admin
                  gave you. What you spend counts against the budget the admin set for you, and what a
                  teammate already paid for costs you nothing.
                </p>
              </Notice>
            ) : sandboxChosen ? (
              <Notice tone="info" title="Sandbox details filled in">
                <p>
                  The sandbox is a local stand-in for the service, with synthetic data and a demo key: nothing
                  real is looked up and nothing real is charged. Start it with <code>npm run sandbox</code> in
                  the project folder, then press Connect.
                </p>
              </Notice>
            ) : (
              <p class="field-hint">
                No account yet? The sandbox is a local stand-in for the service with synthetic data, started
                with <code>npm run sandbox</code>.
              </p>
            )}
          </div>

          {team ? (
            <div class="row">
              <button type="button" class="link" onClick={props.onOwnKey} disabled={busy}>
                Use your own key instead
              </button>
            </div>
          ) : (
            <p class="divider">or enter your own</p>
          )}

          <form
            class="stack"
            noValidate
            ref={focusInvalid.form}
            onSubmit={(event) => {
              event.preventDefault();
              focusInvalid.onSubmitted();
              onConnect();
            }}
          >
            <ConnectionFields
              values={values}
              errors={errors}
              onChange={onChange}
              disabled={busy}
              choice={false}
            />
            <p class="field-hint">
              When you press Connect, the browser asks whether the extension may reach this address: it can
              only talk to the address you entered. The check that follows is free.
            </p>
            <div class="row">
              <button type="submit" class="primary" disabled={busy}>
                Connect
              </button>
            </div>
            <ConnectionStatus phase={phase} outcome={outcome} actionLabel="Connect" />
            {saving && <Busy>Saving your settings…</Busy>}
            {props.saveError && (
              <ErrorNotice
                message={{ ...props.saveError, title: `Connected, but not saved: ${props.saveError.title}` }}
              />
            )}
          </form>
        </section>
      </div>
    </main>
  );
}
