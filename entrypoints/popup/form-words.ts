/**
 * What a form says before it can be sent, in a person's words: which fields still need filling in
 * (from the fields' own `required` and the endpoint's rules), and which values need correcting.
 * A field left blank is not marked as an error while it is blank: its label says "(required)" and
 * the form says what is missing, so a fresh form is not a wall of red.
 */

import { PARAM_FIELDS, PARAM_RULES } from '@/lib/api/fields';
import type { EndpointId } from '@/lib/api/ids';

const blank = (value: string | undefined) => (value ?? '').trim() === '';

/** The fields that must be given: required on their own, or by an "all required" rule. */
export function requiredNames(endpointId: EndpointId): ReadonlySet<string> {
  const names = new Set(
    PARAM_FIELDS[endpointId].filter((field) => field.required).map((field) => field.name),
  );
  for (const rule of PARAM_RULES[endpointId])
    if (rule.kind === 'all-required') for (const name of rule.params) names.add(name);
  return names;
}

/** The problems to show beside the fields: all but "required" on a field that is still blank. */
export function shownProblems(
  problems: Readonly<Record<string, string>>,
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(problems).filter(
      ([name, problem]) => !(blank(values[name]) && problem.startsWith('required')),
    ),
  );
}

/** Why nothing can be asked yet, or null: what is missing first, then what to correct. */
export function blockedWords(
  endpointId: EndpointId,
  problems: Readonly<Record<string, string>>,
  values: Readonly<Record<string, string>>,
): string | null {
  const fields = PARAM_FIELDS[endpointId];
  const label = (name: string) => fields.find((field) => field.name === name)?.label ?? name;
  const missing: string[] = fields
    .filter((field) => field.required && blank(values[field.name]))
    .map((field) => label(field.name));
  for (const rule of PARAM_RULES[endpointId]) {
    if (rule.kind === 'all-required')
      for (const name of rule.params)
        if (blank(values[name]) && !missing.includes(label(name))) missing.push(label(name));
    if (
      (rule.kind === 'at-least-one' || rule.kind === 'exactly-one') &&
      rule.params.every((name) => blank(values[name]))
    )
      missing.push(rule.params.map(label).join(' or '));
  }
  if (missing.length > 0) return `Fill in ${missing.join(' and ')} to see the cost.`;
  const wrong = Object.keys(shownProblems(problems, values)).length;
  if (wrong > 0)
    return `Correct the ${wrong === 1 ? 'field' : `${wrong} fields`} marked above to see the cost.`;
  return null;
}
