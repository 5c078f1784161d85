/**
 * A section's filter form, on the one form hook (hooks/useParamForm.ts): the fields of its endpoint
 * (lib/api/fields.ts PARAM_FIELDS) minus the ones the section fills itself (the company's URL) and
 * cursors, each starting at its default, what is wrong said in words, and how the fields interact.
 *
 * While the person types, or while a value is refused, there are no params: the section shows no
 * control that spends, so nothing is ever asked for a question whose quote is not on screen.
 */
import { useParamForm } from '@/hooks/useParamForm';
import { PARAM_FIELDS, PARAM_RULES, type ParamField, precedenceNote } from '@/lib/api/fields';
import type { EndpointId } from '@/lib/api/ids';
import type { RawParamsMessage } from '@/lib/protocol';

export interface FilterFormOptions {
  endpointId: EndpointId;
  /** Params the section sets itself (e.g. the company's URL): not shown as fields. */
  fixed: Readonly<Record<string, string>>;
  /** Starting values of shown fields (a choice starts at its default otherwise, text blank). */
  initial?: Readonly<Record<string, string>>;
}

export interface FilterForm {
  fields: readonly ParamField[];
  values: Readonly<Record<string, string>>;
  /** What is wrong with a shown field, by name. */
  problems: Readonly<Record<string, string>>;
  /** Why nothing can be asked now, in words; null when the form is fine or still settling. */
  blocked: string | null;
  /** How many shown fields differ from their defaults. */
  changed: number;
  /** How fields interact (which wins), from the endpoint's rules. */
  notes: string[];
  setValue: (name: string, value: string) => void;
  /** The params to ask with; null while typing settles or while a value is refused. */
  params: RawParamsMessage | null;
}

function startingValue(field: ParamField, initial: Readonly<Record<string, string>> | undefined): string {
  const given = initial?.[field.name];
  if (given !== undefined) return given;
  if (field.kind === 'choice') return String(field.default ?? field.options?.[0] ?? '');
  return '';
}

export function useFilterForm({ endpointId, fixed, initial }: FilterFormOptions): FilterForm {
  const fields = PARAM_FIELDS[endpointId].filter(
    (field) => field.kind !== 'cursor' && !(field.name in fixed),
  );
  const form = useParamForm(endpointId, {
    initial: Object.fromEntries(fields.map((field) => [field.name, startingValue(field, initial)])),
    fixed,
  });
  const shown = new Set(fields.map((field) => field.name));
  const problems = Object.fromEntries(Object.entries(form.problems).filter(([name]) => shown.has(name)));
  const fixedProblem = Object.entries(form.problems).find(([name]) => !shown.has(name));
  const blocked = fixedProblem
    ? `The ${fixedProblem[0]} of this page is not accepted (${fixedProblem[1]}), so nothing can be asked.`
    : Object.keys(problems).length > 0
      ? 'Correct the highlighted filters to see the cost.'
      : null;

  const notes = PARAM_RULES[endpointId]
    .filter((rule) => rule.kind === 'precedence' && shown.has(rule.param))
    .map((rule) => precedenceNote(rule as Extract<typeof rule, { kind: 'precedence' }>));

  return {
    fields,
    values: form.values,
    problems,
    blocked,
    changed: fields.filter(
      (field) => (form.values[field.name] ?? '').trim() !== startingValue(field, undefined),
    ).length,
    notes,
    setValue: form.set,
    params: form.settling ? null : form.params,
  };
}
