/**
 * What a form needs about every endpoint, as plain data without zod, so the popup and the panel
 * can label fields, offer choices and check values as a person types: the fields (generated from
 * the registry's zod schemas, see scripts/gen-fields.ts) and the rules between them. The
 * background's zod schemas (./params) stay the judge; test/unit/lib/api/fields.test.ts proves the two agree.
 */
import { PERSON_LOOKUP_REQUIRED, V3_PERSON_IDENTIFIER_PARAMS } from './assumptions';
import type { ParamField, ParamRule } from './field-types';
import { PARAM_FIELDS } from './fields.generated';
import type { EndpointId } from './ids';

export type { ParamField, ParamRule } from './field-types';
export { PARAM_FIELDS };

/** Spec, "Other limits": a search expression has at most 255 characters per parameter. */
export const MAX_EXPRESSION_LENGTH = 255;

/** Spec: "with enrich 1 to 10" and "if-recent (then page_size at most 10)". */
export const CAPPED_PAGE_SIZE_MAX = 10;

/** Exactly one of the three profile URLs of the v2 person profile. */
export const PERSON_URL_PARAMS = ['profile_url', 'microblog_profile_url', 'social_profile_url'] as const;

const enriched = { param: 'enrich_profiles', is: 'enrich' } as const;
const ifRecent = { param: 'use_cache', is: 'if-recent' } as const;

/** Enriched or if-recent pages hold at most 10 (the student listing has no use_cache). */
const pageSizeCap = (...when: { param: string; is: string }[]): ParamRule => ({
  kind: 'cap',
  param: 'page_size',
  max: CAPPED_PAGE_SIZE_MAX,
  when,
});

const employeeCountCategory = (prefix: string): ParamRule => ({
  kind: 'precedence',
  param: `${prefix}employee_count_category`,
  unless: 'custom',
  over: [`${prefix}employee_count_min`, `${prefix}employee_count_max`],
});

/** The rules between fields, per endpoint (the zod schemas enforce the same; a test checks it). */
export const PARAM_RULES: { readonly [Id in EndpointId]: readonly ParamRule[] } = {
  'person.profile': [{ kind: 'exactly-one', params: PERSON_URL_PARAMS }],
  'company.profile': [],
  'school.profile': [],
  'job.profile': [],
  'job.search': [],
  'role.lookup': [],
  'person.lookup': [{ kind: 'all-required', params: PERSON_LOOKUP_REQUIRED }],
  'email.lookup': [],
  'company.lookup': [{ kind: 'at-least-one', params: ['company_name', 'company_domain'] }],
  'employee.count': [
    {
      kind: 'requires',
      when: { param: 'use_cache', is: 'if-recent' },
      needs: { param: 'estimated_employee_count', is: 'include' },
    },
  ],
  'employee.list': [pageSizeCap(enriched, ifRecent)],
  'student.list': [pageSizeCap(enriched)],
  'person.search': [
    { kind: 'not-both', params: ['skills', 'skills_all_in_list'] },
    pageSizeCap(enriched, ifRecent),
    employeeCountCategory('current_company_'),
  ],
  'company.search': [pageSizeCap(enriched, ifRecent), employeeCountCategory('')],
  'person.v3': [{ kind: 'exactly-one', params: V3_PERSON_IDENTIFIER_PARAMS }],
  'company.logo': [],
};

/** A form's values: what a person typed (blank is "not given"). */
export type FormValues = Readonly<Record<string, string | number | undefined>>;

const blank = (value: string | number | undefined) => value === undefined || String(value).trim() === '';

const WHOLE_NUMBER = /^[+-]?\d+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD, and a day that exists (2023-02-30 does not). */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
const ALPHA_2 = /^[A-Za-z]{2}$/;
const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

/**
 * What is wrong with one value as typed, or undefined: the checks a person can be told while
 * typing (kind, choices, bounds, length). The background's schema has the last word.
 */
export function fieldProblem(field: ParamField, raw: string | number | undefined): string | undefined {
  if (blank(raw)) return field.required ? 'required' : undefined;
  const text = String(raw).trim();
  switch (field.kind) {
    case 'expression':
      return [...text].length > (field.max ?? MAX_EXPRESSION_LENGTH)
        ? `must be at most ${field.max ?? MAX_EXPRESSION_LENGTH} characters (got ${[...text].length})`
        : undefined;
    case 'choice':
      return field.options?.some((option) => option.toLowerCase() === text.toLowerCase())
        ? undefined
        : `must be one of ${field.options?.join(', ')}`;
    case 'integer': {
      if (!WHOLE_NUMBER.test(text)) return 'must be a whole number';
      const value = Number(text);
      if (field.min !== undefined && value < field.min)
        return field.max === undefined
          ? `must be ${field.min} or more`
          : `must be between ${field.min} and ${field.max}`;
      if (field.max !== undefined && value > field.max)
        return `must be between ${field.min ?? 0} and ${field.max}`;
      return undefined;
    }
    case 'date':
      return isCalendarDate(text) ? undefined : 'must be a real date written YYYY-MM-DD';
    case 'country':
      return ALPHA_2.test(text) ? undefined : 'must be a two-letter country code, e.g. US';
    case 'country-list':
      return text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .every((entry) => ALPHA_2.test(entry))
        ? undefined
        : 'must be two-letter country codes separated by commas, e.g. US,SG';
    case 'email':
      return EMAIL.test(text) ? undefined : 'must be an email address like name@example.com';
    case 'url': {
      const withScheme = /^[a-z][a-z\d+.-]*:(?!\d)/i.test(text) ? text : `https://${text}`;
      try {
        const url = new URL(withScheme);
        return /^https?:$/.test(url.protocol) && url.hostname && !/\s/.test(text)
          ? undefined
          : 'must be an http(s) URL';
      } catch {
        return 'must be an http(s) URL';
      }
    }
    default:
      return undefined;
  }
}

/** The canonical value a choice will be sent as, or the value itself. */
function chosen(field: ParamField | undefined, value: string | number | undefined): string | undefined {
  if (blank(value)) return field?.default === undefined ? undefined : String(field.default);
  const text = String(value).trim();
  return field?.options?.find((option) => option.toLowerCase() === text.toLowerCase()) ?? text;
}

/**
 * Every problem of a form, by field: each value's own, then the rules between fields. Empty when
 * the form may be sent (the background still validates it).
 */
export function formProblems(id: EndpointId, values: FormValues): Record<string, string> {
  const fields = PARAM_FIELDS[id];
  const byName = new Map(fields.map((field) => [field.name, field]));
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const problem = fieldProblem(field, values[field.name]);
    if (problem) problems[field.name] = problem;
  }
  const given = (name: string) => !blank(values[name]);
  const value = (name: string) => chosen(byName.get(name), values[name]);
  const add = (name: string, problem: string) => {
    problems[name] ??= problem;
  };
  for (const rule of PARAM_RULES[id]) {
    switch (rule.kind) {
      case 'exactly-one': {
        const present = rule.params.filter(given);
        const say = `give exactly one of ${rule.params.join(', ')}`;
        if (present.length === 0) add(rule.params[0]!, `required: ${say}`);
        for (const extra of present.slice(1)) add(extra, `cannot be combined with ${present[0]}: ${say}`);
        break;
      }
      case 'at-least-one':
        if (!rule.params.some(given)) add(rule.params[0]!, `required: give ${rule.params.join(' or ')}`);
        break;
      case 'all-required':
        for (const name of rule.params) if (!given(name)) add(name, 'required');
        break;
      case 'not-both':
        if (given(rule.params[0]) && given(rule.params[1]))
          add(rule.params[1], `cannot be combined with ${rule.params[0]}`);
        break;
      case 'requires':
        if (value(rule.when.param) === rule.when.is && value(rule.needs.param) !== rule.needs.is)
          add(rule.when.param, `${rule.when.is} requires ${rule.needs.param}=${rule.needs.is}`);
        break;
      case 'cap': {
        const size = Number(values[rule.param]);
        const because = rule.when.find((condition) => value(condition.param) === condition.is);
        if (given(rule.param) && because && size > rule.max)
          add(rule.param, `must be at most ${rule.max} when ${because.param}=${because.is}`);
        break;
      }
      case 'precedence':
        break;
    }
  }
  return problems;
}

/** A person's words for a precedence rule, for the form to show beside the fields it concerns. */
export function precedenceNote(rule: Extract<ParamRule, { kind: 'precedence' }>): string {
  return `${rule.param} other than ${rule.unless} takes precedence over ${rule.over.join(' and ')}`;
}
