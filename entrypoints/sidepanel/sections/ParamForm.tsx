/**
 * A section's filters, drawn from the registry's plain form data (lib/api/fields.ts PARAM_FIELDS):
 * each field's label, help, choices, bounds and default, and the problems found as the person
 * types (formProblems). The form never sends anything; its container turns the values into params.
 */

import { ParamFieldInput } from '@/components/forms/ParamFieldInput';
import type { ParamField } from '@/lib/api/field-types';

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

/** Each field is drawn by the one field renderer the popup's forms use too. */
export function ParamForm({ fields, values, problems, onValue, notes = [] }: ParamFormProps) {
  return (
    <form class="param-form" onSubmit={(event) => event.preventDefault()} noValidate>
      {fields.map((field) => (
        <ParamFieldInput
          key={field.name}
          field={field}
          value={values[field.name] ?? ''}
          onValue={(value) => onValue(field.name, value)}
          error={problems[field.name]}
          showParamName={false}
        />
      ))}
      {notes.map((note) => (
        <p key={note} class="field-hint">
          {note}
        </p>
      ))}
    </form>
  );
}
