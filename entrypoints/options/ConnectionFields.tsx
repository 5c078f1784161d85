/**
 * The fields that say how to reach the service: your own key (the API key and the two base URLs)
 * or a team hub (its address and your member token). Shared by onboarding and the settings view.
 * Label texts are fixed ("API key", "Base URL (v2)", "Base URL (v3)", "Team hub address", "Member
 * token"): screen readers and tests find the fields by them.
 */
import { Field, SavedSecret, SecretInput, TextInput } from '@/components/Field';
import type { Connection } from '@/lib/settings';

export interface ConnectionValues {
  connection: Connection;
  apiKey: string;
  baseUrlV2: string;
  baseUrlV3: string;
  hubUrl: string;
  hubToken: string;
}

/** Empty values, own key: what onboarding starts from. */
export const NO_CONNECTION: ConnectionValues = {
  connection: 'own-key',
  apiKey: '',
  baseUrlV2: '',
  baseUrlV3: '',
  hubUrl: '',
  hubToken: '',
};

export type ConnectionErrors = Partial<Record<keyof ConnectionValues, string>>;

/** A key that is already saved: the page knows only its last characters. */
export interface SavedKey {
  hint: string;
  /** The person chose to replace it: the key field is an empty input again. */
  replacing: boolean;
  onReplace: () => void;
  onKeep: () => void;
}

export interface ConnectionFieldsProps {
  values: ConnectionValues;
  errors: ConnectionErrors;
  onChange: (patch: Partial<ConnectionValues>) => void;
  disabled?: boolean;
  /** Absent in onboarding, where no key is saved yet. */
  savedKey?: SavedKey;
  /** The same for a saved member token. */
  savedToken?: SavedKey;
  /** Onboarding offers the team hub as a button of its own: no choice between the two here. */
  choice?: boolean;
}

const CONNECTION_LABELS: Record<Connection, string> = {
  'own-key': 'Your own key',
  'team-hub': 'A team hub',
};

export function ConnectionFields(props: ConnectionFieldsProps) {
  const { values, onChange, disabled, choice = true } = props;
  return (
    <div class="stack">
      {choice && (
        <fieldset class="choices">
          <legend>How you reach the service</legend>
          {(Object.keys(CONNECTION_LABELS) as Connection[]).map((connection) => (
            <label key={connection} class="choice">
              <input
                type="radio"
                name="connection"
                checked={values.connection === connection}
                disabled={disabled}
                onChange={() => onChange({ connection })}
              />
              {CONNECTION_LABELS[connection]}
            </label>
          ))}
        </fieldset>
      )}
      {values.connection === 'team-hub' ? <HubFields {...props} /> : <OwnKeyFields {...props} />}
    </div>
  );
}

/** A team hub: its address (both API versions are called there) and the member token its admin gave. */
function HubFields({ values, errors, onChange, disabled, savedToken }: ConnectionFieldsProps) {
  return (
    <>
      <Field
        label="Team hub address"
        error={errors.hubUrl}
        hint="Your team's hub, from its admin. It holds the team's key; you never see it."
      >
        {(control) => (
          <TextInput
            {...control}
            type="url"
            inputMode="url"
            placeholder="https://hub.example.com"
            value={values.hubUrl}
            disabled={disabled}
            onValue={(hubUrl) => onChange({ hubUrl })}
          />
        )}
      </Field>
      {savedToken && !savedToken.replacing ? (
        <div class="field">
          <p class="field-label">Member token</p>
          <SavedSecret hint={savedToken.hint} onChange={savedToken.onReplace} changeLabel="Change token" />
        </div>
      ) : (
        <Field
          label="Member token"
          error={errors.hubToken}
          hint={
            savedToken ? (
              <>
                The new token replaces the saved one when you save.{' '}
                <button type="button" class="link" onClick={savedToken.onKeep}>
                  Keep the current token
                </button>
              </>
            ) : (
              "Your own token from the hub's admin. It stays in this browser and is never shown again."
            )
          }
        >
          {(control) => (
            <SecretInput
              {...control}
              value={values.hubToken}
              disabled={disabled}
              onValue={(hubToken) => onChange({ hubToken })}
            />
          )}
        </Field>
      )}
    </>
  );
}

/** Your own key and the service's two base URLs. */
function OwnKeyFields({ values, errors, onChange, disabled, savedKey }: ConnectionFieldsProps) {
  return (
    <>
      {savedKey && !savedKey.replacing ? (
        <div class="field">
          <p class="field-label">API key</p>
          <SavedSecret hint={savedKey.hint} onChange={savedKey.onReplace} changeLabel="Change key" />
        </div>
      ) : (
        <Field
          label="API key"
          error={errors.apiKey}
          hint={
            savedKey ? (
              <>
                The new key replaces the saved one when you save.{' '}
                <button type="button" class="link" onClick={savedKey.onKeep}>
                  Keep the current key
                </button>
              </>
            ) : (
              'From your account with the service. It stays in this browser and is never shown again.'
            )
          }
        >
          {(control) => (
            <SecretInput
              {...control}
              value={values.apiKey}
              disabled={disabled}
              onValue={(apiKey) => onChange({ apiKey })}
            />
          )}
        </Field>
      )}
      <BaseUrlField
        name="baseUrlV2"
        label="Base URL (v2)"
        hint="The address of the service's v2 API (its paths begin /api/v2/)."
        values={values}
        errors={errors}
        onChange={onChange}
        disabled={disabled}
      />
      <BaseUrlField
        name="baseUrlV3"
        label="Base URL (v3)"
        hint="The address of the v3 API (its paths begin /v3/); often the same as v2."
        values={values}
        errors={errors}
        onChange={onChange}
        disabled={disabled}
      />
    </>
  );
}

/** One API version's base URL. */
function BaseUrlField({
  name,
  label,
  hint,
  values,
  errors,
  onChange,
  disabled,
}: Pick<ConnectionFieldsProps, 'values' | 'errors' | 'onChange' | 'disabled'> & {
  name: 'baseUrlV2' | 'baseUrlV3';
  label: string;
  hint: string;
}) {
  return (
    <Field label={label} error={errors[name]} hint={hint}>
      {(control) => (
        <TextInput
          {...control}
          type="url"
          inputMode="url"
          placeholder="https://api.example.com"
          value={values[name]}
          disabled={disabled}
          onValue={(value) => onChange({ [name]: value })}
        />
      )}
    </Field>
  );
}
