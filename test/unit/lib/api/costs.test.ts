import { describe, expect, it } from 'vitest';
import { costRules, type ParamCondition } from '../../../../lib/api/costs';
import { endpoints } from '../../../../lib/api/endpoints';
import { ENDPOINT_IDS } from '../../../../lib/api/ids';

describe('cost rules', () => {
  const paramsNamedBy = (condition: ParamCondition | 'always' | undefined): string[] => {
    if (condition === undefined || condition === 'always') return [];
    return 'anyOf' in condition ? condition.anyOf.flatMap(paramsNamedBy) : [condition.param];
  };

  it.each(ENDPOINT_IDS)('%s names only parameters its endpoint has', (id) => {
    const rule = costRules[id];
    const named = rule.published
      ? [
          ...rule.components.flatMap((c) => [...paramsNamedBy(c.when), ...paramsNamedBy(c.chargedOnNoMatch)]),
          ...(rule.results ? [rule.results.maxFrom] : []),
        ]
      : [];
    expect(Object.keys(endpoints[id].params.shape)).toEqual(expect.arrayContaining(named));
  });
});
