/**
 * The freshness choices, decided once: which each profile endpoint offers, the params each turns
 * into, and what each costs, held to the Limits table.
 */
import { describe, expect, it } from 'vitest';
import { freshnessAddition, freshnessOptionLabel } from '../../../components/profile/option-costs';
import { PARAM_FIELDS } from '../../../lib/api/fields';
import {
  FRESHNESS_CHOICES,
  freshnessChoices,
  freshnessParams,
  RECENT_MAX_AGE_SECONDS,
} from '../../../lib/freshness';
import { quoteRaw } from '../../support/raw-params';

const PROFILE_ENDPOINTS = ['person.profile', 'company.profile', 'school.profile'] as const;

describe('freshness, decided once', () => {
  it('writes every freshness param of the profile endpoints, for each choice', () => {
    for (const id of PROFILE_ENDPOINTS) {
      const fields = PARAM_FIELDS[id];
      expect(freshnessChoices(fields), id).toEqual(['if-present', 'if-recent', 'live']);
      expect(freshnessParams(fields, 'if-present'), id).toEqual({
        use_cache: 'if-present',
        live_fetch: 'default',
      });
      expect(freshnessParams(fields, 'if-recent'), id).toEqual({
        use_cache: 'if-recent',
        live_fetch: 'default',
      });
      expect(freshnessParams(fields, 'live'), id).toEqual({ use_cache: 'if-present', live_fetch: 'force' });
    }
  });

  it('prices each choice as the Limits table does: base, +1, +9', () => {
    const url = {
      'person.profile': 'profile_url',
      'company.profile': 'url',
      'school.profile': 'url',
    } as const;
    for (const id of PROFILE_ENDPOINTS) {
      const base = { [url[id]]: `https://www.linkedin.com/${id === 'person.profile' ? 'in' : 'company'}/x` };
      const price = (choice: (typeof FRESHNESS_CHOICES)[number]) =>
        quoteRaw(id, { ...base, ...freshnessParams(PARAM_FIELDS[id], choice) }, { plan: 'standard' });
      expect(price('if-present'), id).toMatchObject({ min: 1, max: 1 });
      expect(price('if-recent'), id).toMatchObject({ min: 2, max: 2 });
      expect(price('live'), id).toMatchObject({ min: 10, max: 10 });
      // And what each choice says it adds is what the quote adds.
      expect(freshnessAddition(id, 'if-present')).toBeNull();
      expect(freshnessAddition(id, 'if-recent')).toBe('+1 credit');
      expect(freshnessAddition(id, 'live')).toBe('+9 credits');
    }
  });

  it('offers nothing for a job, and a maximum age on v3', () => {
    expect(freshnessChoices(PARAM_FIELDS['job.profile'])).toEqual([]);
    expect(freshnessParams(PARAM_FIELDS['job.profile'], 'live')).toEqual({});
    const v3 = PARAM_FIELDS['person.v3'];
    expect(freshnessChoices(v3)).toEqual(['if-present', 'if-recent', 'live']);
    expect(freshnessParams(v3, 'if-present')).toEqual({});
    expect(freshnessParams(v3, 'if-recent')).toEqual({ maxAgeSeconds: RECENT_MAX_AGE_SECONDS });
    expect(RECENT_MAX_AGE_SECONDS).toBe(29 * 86_400);
    expect(freshnessParams(v3, 'live')).toEqual({ maxAgeSeconds: 0 });
  });

  it('labels each choice with what it adds, and claims nothing where prices are not published', () => {
    expect(FRESHNESS_CHOICES.map((choice) => freshnessOptionLabel('person.profile', choice))).toEqual([
      'Any age (cheapest)',
      '29 days or less (+1 credit)',
      'Live now (+9 credits)',
    ]);
    expect(FRESHNESS_CHOICES.map((choice) => freshnessOptionLabel('person.v3', choice))).toEqual([
      'Any age',
      '29 days or less',
      'Live now',
    ]);
  });
});
