/**
 * The plain form data pages read (lib/api/fields.ts, no zod) against the registry's zod schemas
 * (lib/api/params.ts), which the background judges with: same fields, labels, choices and bounds;
 * every rule between fields enforced by both; and the as-you-type checks refusing what the schema
 * refuses, field by field, for every endpoint.
 */
import { describe, expect, it } from 'vitest';
import type { ParamField } from '../../../../lib/api/field-types';
import { fieldProblem, formProblems, PARAM_FIELDS, PARAM_RULES } from '../../../../lib/api/fields';
import { ENDPOINT_IDS, type EndpointId } from '../../../../lib/api/ids';
import { paramFields, paramSchemas, type RawParams } from '../../../../lib/api/params';

/** The least each endpoint needs to be valid. */
const VALID: { [Id in EndpointId]: RawParams } = {
  'person.profile': { profile_url: 'https://www.linkedin.com/in/ada' },
  'company.profile': { url: 'https://www.linkedin.com/company/acme' },
  'school.profile': { url: 'https://www.linkedin.com/school/mit' },
  'job.profile': { url: 'https://www.linkedin.com/jobs/view/123' },
  'job.search': {},
  'role.lookup': { role: 'CTO', company_name: 'Acme' },
  'person.lookup': { first_name: 'Ada', company_domain: 'acme.com' },
  'email.lookup': { email: 'ada@acme.com' },
  'company.lookup': { company_name: 'Acme' },
  'employee.count': { url: 'https://www.linkedin.com/company/acme' },
  'employee.list': { url: 'https://www.linkedin.com/company/acme' },
  'student.list': { school_url: 'https://www.linkedin.com/school/mit' },
  'person.search': {},
  'company.search': {},
  'person.v3': { profile: 'https://www.linkedin.com/in/ada' },
  'company.logo': { q: 'acme.com' },
};

/** The valid values without the other members of an exactly-one group `name` belongs to. */
function withoutRivals(id: EndpointId, name: string): RawParams {
  const rivals = PARAM_RULES[id].flatMap((rule) =>
    rule.kind === 'exactly-one' && rule.params.includes(name) ? rule.params.filter((n) => n !== name) : [],
  );
  return Object.fromEntries(Object.entries(VALID[id]).filter(([n]) => !rivals.includes(n)));
}

/** The first parameter zod refuses in these values, or undefined when it accepts them. */
function zodRefuses(id: EndpointId, values: RawParams): string | undefined {
  const result = paramSchemas[id].safeParse(values);
  return result.success ? undefined : String(result.error.issues[0]?.path[0] ?? 'parameters');
}

function plainRefuses(id: EndpointId, values: RawParams): string | undefined {
  const problems = formProblems(id, values as Record<string, string | number | undefined>);
  return Object.keys(problems)[0];
}

/** Values worth trying in one field: each valid or not, by its kind and bounds. */
function samples(field: ParamField): (string | number)[] {
  switch (field.kind) {
    case 'choice':
      return [...(field.options ?? []), String(field.options?.[0]).toUpperCase(), 'not-a-choice'];
    case 'integer': {
      const min = field.min ?? 0;
      const values: (string | number)[] = [min, min - 1, '1.5', '12abc', String(min)];
      if (field.max !== undefined) values.push(field.max, field.max + 1);
      return values;
    }
    case 'expression':
      return ['engineer', 'x'.repeat(field.max ?? 255), 'x'.repeat((field.max ?? 255) + 1)];
    case 'date':
      return ['2024-02-29', '2023-02-30', '2023-2-3', 'yesterday'];
    case 'country':
      return ['us', 'SG', 'USA', '1'];
    case 'country-list':
      return ['us, sg', 'US,', 'US;SG', 'USA'];
    case 'email':
      return ['ada@acme.com', 'ada@', 'acme.com'];
    case 'url':
      return [
        'https://www.linkedin.com/company/acme',
        'linkedin.com/company/acme',
        'javascript:alert(1)',
        'a b',
      ];
    default:
      return ['anything'];
  }
}

describe('the plain fields and the zod schemas', () => {
  it.each(ENDPOINT_IDS)('%s: same fields, labels, kinds, choices, bounds and defaults', (id) => {
    // When this fails after a parameter changed: `npm run gen:fields`.
    expect(PARAM_FIELDS[id]).toEqual(paramFields(id));
  });

  it.each(ENDPOINT_IDS)('%s: every value of every field, refused by both or by neither', (id) => {
    for (const field of PARAM_FIELDS[id]) {
      for (const sample of samples(field)) {
        const values = { ...withoutRivals(id, field.name), [field.name]: sample };
        const what = `${id} ${field.name}=${JSON.stringify(sample)}`;
        // The whole form's verdict, and the field at fault, are the schema's.
        expect(plainRefuses(id, values), what).toBe(zodRefuses(id, values));
        // A value refused on its own is refused by the schema on that field.
        if (fieldProblem(field, sample)) expect(zodRefuses(id, values), what).toBe(field.name);
      }
    }
  });
});

describe('the rules between fields', () => {
  it.each(ENDPOINT_IDS)('%s: the plain rules refuse what the schema refuses', (id) => {
    expect(plainRefuses(id, VALID[id])).toBeUndefined();
    expect(zodRefuses(id, VALID[id])).toBeUndefined();
    for (const rule of PARAM_RULES[id]) {
      const broken: RawParams[] = [];
      switch (rule.kind) {
        case 'exactly-one':
          broken.push(
            Object.fromEntries(Object.entries(VALID[id]).filter(([name]) => !rule.params.includes(name))),
            { ...VALID[id], [rule.params[0]!]: 'https://www.linkedin.com/in/ada', [rule.params[1]!]: 'ada' },
          );
          break;
        case 'at-least-one':
        case 'all-required':
          broken.push(
            Object.fromEntries(Object.entries(VALID[id]).filter(([name]) => name !== rule.params[0])),
          );
          if (rule.kind === 'at-least-one')
            broken.push(
              Object.fromEntries(Object.entries(VALID[id]).filter(([n]) => !rule.params.includes(n))),
            );
          break;
        case 'not-both':
          broken.push({ ...VALID[id], [rule.params[0]]: 'python', [rule.params[1]]: 'sql' });
          break;
        case 'requires':
          broken.push({ ...VALID[id], [rule.when.param]: rule.when.is });
          break;
        case 'cap':
          for (const condition of rule.when)
            broken.push({ ...VALID[id], [condition.param]: condition.is, [rule.param]: rule.max + 1 });
          break;
        case 'precedence':
          // Nothing is refused: the form says which wins.
          expect(zodRefuses(id, { ...VALID[id], [rule.param]: 'small', [rule.over[0]!]: 5 })).toBeUndefined();
          break;
      }
      for (const values of broken) {
        const byZod = zodRefuses(id, values);
        expect(byZod, `${id} ${rule.kind} ${JSON.stringify(values)}`).toBeDefined();
        expect(plainRefuses(id, values), `${id} ${rule.kind} ${JSON.stringify(values)}`).toBe(byZod);
      }
    }
  });
});
