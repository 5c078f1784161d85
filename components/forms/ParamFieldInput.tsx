/**
 * One parameter of the service as a labelled form control, drawn from the registry's plain form
 * data (lib/api/fields.ts): the label a person reads, the parameter's own name in small type, its
 * help, a choice as a list of its values (the default marked), numbers and dates as such, and what
 * is wrong with the value as it is typed. Label, hints and error are tied to the control
 * (`for`, `aria-describedby`, `aria-invalid`), so a screen reader reads all of them.
 */
import type { JSX } from 'preact';
import { useId } from 'preact/hooks';
import type { ParamField } from '@/lib/api/field-types';
import { MAX_EXPRESSION_LENGTH } from '@/lib/api/fields';

export interface ParamFieldInputProps {
  field: ParamField;
  /** What the person entered; '' is "not given" (a choice then shows its default). */
  value: string;
  onValue: (value: string) => void;
  /** What is wrong with the value, in a person's words. */
  error?: string;
  /** Said under the field: how it interacts with others, or what choosing it costs. */
  note?: string | null;
  /** The note is a warning (e.g. the value is ignored). */
  noteIsWarning?: boolean;
  /** Required by a rule between fields, not only on its own (`field.required`). */
  required?: boolean;
  /**
   * Show the service's parameter name beside the label: the searches do, for people who also use
   * the API; a lookup's few fields read better without it.
   */
  showParamName?: boolean;
}

/** A choice's value as a person reads it: `PRIVATELY_HELD` → "Privately held", `if-recent` → "If recent". */
export function choiceWords(option: string): string {
  const words = option.replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Past this share of its limit, an expression shows how many characters are left. */
const COUNTER_FROM = 0.8;

const PLACEHOLDERS: Partial<Record<ParamField['kind'], string>> = {
  country: 'e.g. US',
  'country-list': 'e.g. US,SG',
  email: 'name@example.com',
  url: 'https://…',
  list: 'comma-separated',
};

export function ParamFieldInput(props: ParamFieldInputProps) {
  const { field, value, onValue, error, note, noteIsWarning } = props;
  const required = props.required ?? field.required ?? false;
  const id = useId();
  const helpId = `${id}-help`;
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const limit = field.kind === 'expression' ? (field.max ?? MAX_EXPRESSION_LENGTH) : null;
  const length = [...value].length;
  const counter =
    limit !== null && length >= limit * COUNTER_FROM ? `${length} of ${limit} characters` : null;
  const describedBy = [helpId, note ? noteId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const control = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-required': required ? true : undefined,
  };

  let input: JSX.Element;
  if (field.kind === 'choice' && field.options) {
    input = (
      <select
        {...control}
        value={value === '' ? String(field.default ?? '') : value}
        onChange={(event) => onValue(event.currentTarget.value)}
      >
        {field.default === undefined && <option value="">Any</option>}
        {field.options.map((option) => (
          <option key={option} value={option}>
            {choiceWords(option)}
            {option === field.default ? ' (default)' : ''}
          </option>
        ))}
      </select>
    );
  } else {
    input = (
      <input
        {...control}
        // Preact types each input type's attributes apart; these take the same ones here.
        type={(field.kind === 'date' ? 'date' : field.kind === 'email' ? 'email' : 'text') as 'text'}
        inputMode={field.kind === 'integer' ? 'numeric' : undefined}
        value={value}
        placeholder={
          field.default !== undefined
            ? `${field.default} if left blank`
            : (PLACEHOLDERS[field.kind] ?? undefined)
        }
        spellcheck={false}
        autoComplete="off"
        onInput={(event) => onValue(event.currentTarget.value)}
      />
    );
  }

  return (
    <div class="field param-field">
      <div class="param-label">
        <label class="field-label" for={id}>
          {field.label}
          {required && <span class="required-mark"> (required)</span>}
        </label>
        {props.showParamName !== false && (
          <code class="param-name" aria-hidden="true">
            {field.name}
          </code>
        )}
      </div>
      {input}
      <p class="field-hint" id={helpId}>
        {/* The parameter's name, for a screen reader too (its visible copy is beside the label). */}
        {props.showParamName !== false && <span class="visually-hidden">Parameter {field.name}. </span>}
        {field.help}
        {counter && (
          <span class="char-count">
            {field.help ? ' · ' : ''}
            {counter}
          </span>
        )}
      </p>
      {note && (
        <p class={noteIsWarning ? 'field-note warning' : 'field-note'} id={noteId}>
          {note}
        </p>
      )}
      {error && (
        <p class="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
