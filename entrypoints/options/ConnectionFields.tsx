/**
 * The three fields that say how to reach the service: the API key and the two base URLs. Shared by
 * onboarding and the settings view. Label texts are fixed ("API key", "Base URL (v2)",
 * "Base URL (v3)"): screen readers and tests find the fields by them.
 */
import { Field, SavedSecret, SecretInput, TextInput } from '@/components/Field';

export interface ConnectionValues {
  apiKey: string;
  baseUrlV2: string;
  baseUrlV3: string;
}

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
}

export function ConnectionFields({ values, errors, onChange, disabled, savedKey }: ConnectionFieldsProps) {
  return (
    <div class="stack">
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
    </div>
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
}: Omit<ConnectionFieldsProps, 'savedKey'> & {
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
