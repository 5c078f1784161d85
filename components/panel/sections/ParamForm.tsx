/**
 * A section's filters, drawn from the registry's plain form data (lib/api/fields.ts PARAM_FIELDS):
 * each field's label, help, choices, bounds and default, and the problems found as the person
 * types (formProblems). The form never sends anything; its container turns the values into params.
 */
import type { ParamField } from '@/lib/api/field-types';
import { Field, TextInput } from '../../Field';

export interface ParamFormProps {
  fields: readonly ParamField[];
  /** What the person entered, by field name ('' = not given). */
  values: Readonly<Record<string, string>>;
  /** What is wrong with a value, by field name. */
  problems: Readonly<Record<string, string>>;
  onValue: (name: string, value: string) => void;
  /** Notes about how fields interact (which one wins), shown under the fields. */
  notes?: readonly string[];
}

const PLACEHOLDERS: Partial<Record<ParamField['kind'], string>> = {
  date: 'YYYY-MM-DD',
  country: 'US',
  'country-list': 'US,SG',
};

export function ParamForm({ fields, values, problems, onValue, notes = [] }: ParamFormProps) {
  return (
    <form class="param-form" onSubmit={(event) => event.preventDefault()} noValidate>
      {fields.map((field) => (
        <Field key={field.name} label={field.label} hint={field.help} error={problems[field.name]}>
          {(control) =>
            field.kind === 'choice' && field.options ? (
              <select
                {...control}
                value={values[field.name] ?? ''}
                onChange={(event) => onValue(field.name, event.currentTarget.value)}
              >
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option === field.default ? `${option} (default)` : option}
                  </option>
                ))}
              </select>
            ) : (
              <TextInput
                {...control}
                value={values[field.name] ?? ''}
                onValue={(value) => onValue(field.name, value)}
                inputMode={field.kind === 'integer' ? 'numeric' : undefined}
                placeholder={
                  field.default !== undefined
                    ? String(field.default)
                    : (PLACEHOLDERS[field.kind] ?? undefined)
                }
              />
            )
          }
        </Field>
      ))}
      {notes.map((note) => (
        <p key={note} class="field-hint">
          {note}
        </p>
      ))}
    </form>
  );
}
