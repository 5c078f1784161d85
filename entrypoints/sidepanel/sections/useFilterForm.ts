/**
 * A section's filter form: the fields of its endpoint (lib/api/fields.ts PARAM_FIELDS) minus the
 * ones the section fills itself (the company's URL) and cursors, what the person entered, the
 * problems found as they type (formProblems), and the params to ask with once typing settles.
 *
 * While the person types, or while a value is refused, there are no params: the section shows no
 * control that spends, so nothing is ever asked for a question whose quote is not on screen.
 */
import { useEffect, useState } from 'preact/hooks';
import { SETTLE_MS } from '@/hooks/useParamForm';
import {
  type FormValues,
  formProblems,
  PARAM_FIELDS,
  PARAM_RULES,
  type ParamField,
  precedenceNote,
} from '@/lib/api/fields';
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

/** The shown fields' values as params: blank ones left out, whole numbers as numbers. */
function paramsOf(
  fields: readonly ParamField[],
  values: Readonly<Record<string, string>>,
  fixed: Readonly<Record<string, string>>,
): RawParamsMessage {
  const params: RawParamsMessage = { ...fixed };
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (value === '') continue;
    params[field.name] = field.kind === 'integer' ? Number(value) : value;
  }
  return params;
}

export function useFilterForm({ endpointId, fixed, initial }: FilterFormOptions): FilterForm {
  const fields = PARAM_FIELDS[endpointId].filter(
    (field) => field.kind !== 'cursor' && !(field.name in fixed),
  );
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((field) => [field.name, startingValue(field, initial)])),
  );
  const [settled, setSettled] = useState(values);
  useEffect(() => {
    if (settled === values) return;
    const timer = setTimeout(() => setSettled(values), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [values]);

  const allProblems = formProblems(endpointId, { ...values, ...fixed } as FormValues);
  const shown = new Set(fields.map((field) => field.name));
  const problems = Object.fromEntries(Object.entries(allProblems).filter(([name]) => shown.has(name)));
  const fixedProblem = Object.entries(allProblems).find(([name]) => !shown.has(name));
  const blocked = fixedProblem
    ? `The ${fixedProblem[0]} of this page is not accepted (${fixedProblem[1]}), so nothing can be asked.`
    : Object.keys(problems).length > 0
      ? 'Correct the highlighted filters to see the cost.'
      : null;
  const settledOk =
    settled === values &&
    Object.keys(formProblems(endpointId, { ...settled, ...fixed } as FormValues)).length === 0;

  const notes = PARAM_RULES[endpointId]
    .filter((rule) => rule.kind === 'precedence' && shown.has(rule.param))
    .map((rule) => precedenceNote(rule as Extract<typeof rule, { kind: 'precedence' }>));

  return {
    fields,
    values,
    problems,
    blocked,
    changed: fields.filter((field) => (values[field.name] ?? '').trim() !== startingValue(field, undefined))
      .length,
    notes,
    setValue: (name, value) => setValues((current) => ({ ...current, [name]: value })),
    params: settledOk ? paramsOf(fields, settled, fixed) : null,
  };
}
