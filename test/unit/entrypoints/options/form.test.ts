/**
 * The options form's checks without zod against the background's: the same settings rules, and a
 * refused save's message tied back to its fields.
 */
import { describe, expect, it } from 'vitest';
import { checkSettingsPatch as checkFormPatch, readSaveError } from '../../../../entrypoints/options/form';
import { checkSettingsPatch as checkSavedPatch } from '../../../../lib/background/settings-schema';
import {
  checkSettingsFields,
  DEFAULT_SETTINGS,
  SETTINGS_BOUNDS,
  type Settings,
} from '../../../../lib/settings';

describe('readSaveError', () => {
  it('ties each issue to its field and keeps the rest', () => {
    expect(
      readSaveError('dailyBudget: Invalid input: expected int, received number; something else'),
    ).toEqual({
      errors: { dailyBudget: 'Invalid input: expected int, received number.' },
      unplaced: ['something else'],
    });
  });
});

describe('checkSettingsFields: the settings rules without zod', () => {
  const BOUNDED = Object.entries(SETTINGS_BOUNDS) as [
    keyof typeof SETTINGS_BOUNDS,
    { min: number; max: number },
  ][];

  it.each(BOUNDED)(
    'accepts %s from its lowest to its highest bound and nothing past them',
    (field, bounds) => {
      const { min, max } = bounds;
      expect(checkSettingsFields({ [field]: min })).toEqual({});
      expect(checkSettingsFields({ [field]: max })).toEqual({});
      expect(checkSettingsFields({ [field]: min - 1 })).toEqual({
        [field]: `Enter ${min.toLocaleString()} or more`,
      });
      expect(checkSettingsFields({ [field]: max + 1 })).toEqual({
        [field]: `Enter ${max.toLocaleString()} or less`,
      });
      expect(checkSettingsFields({ [field]: min + 0.5 })).toEqual({ [field]: 'Enter a whole number' });
      // NaN is what the form sends for an empty or unreadable number.
      expect(checkSettingsFields({ [field]: Number.NaN })).toEqual({ [field]: 'Enter a number' });
    },
  );

  it('accepts the defaults, no daily budget, and an empty patch', () => {
    expect(checkSettingsFields(DEFAULT_SETTINGS)).toEqual({});
    expect(checkSettingsFields({ dailyBudget: null })).toEqual({});
    expect(checkSettingsFields({})).toEqual({});
  });

  it('refuses an address that is not http(s), and a plan that is not one', () => {
    expect(
      checkSettingsFields({
        baseUrlV2: 'ftp://files.example.com',
        baseUrlV3: 'https://api.example.com/v3/',
        plan: 'gold' as Settings['plan'],
      }),
    ).toEqual({
      baseUrlV2: 'must be an http(s) address such as https://api.example.com',
      plan: 'Choose a plan from the list',
    });
  });

  it('the options form places each refusal under its field, and sends what it accepts as it is saved', () => {
    expect(checkFormPatch({ staleAfterDays: 0, cacheMaxBytes: 1_000_000_001 })).toEqual({
      ok: false,
      errors: { staleAfterDays: 'Enter 1 or more.', cacheMaxBytes: 'Enter 1,000,000,000 or less.' },
      unplaced: [],
    });
    expect(
      checkFormPatch({ apiKey: ' key ', baseUrlV2: ' https://api.example.com// ', dailyBudget: 0 }),
    ).toEqual({ ok: true, patch: { apiKey: 'key', baseUrlV2: 'https://api.example.com', dailyBudget: 0 } });
  });

  /** What the background's schema refuses in a patch: each refused field with its first message. */
  function backgroundVerdict(patch: Partial<Settings>): Record<string, string> {
    const checked = checkSavedPatch(patch);
    if (checked.ok) return {};
    const verdict: Record<string, string> = {};
    for (const part of checked.error.split('; ')) {
      const [field = '', message = ''] = part.split(/: (.*)/s);
      verdict[field] ??= message;
    }
    return verdict;
  }

  it.each(BOUNDED)(
    'refuses %s exactly where the background schema does, in the same words',
    (field, bounds) => {
      const { min, max } = bounds;
      for (const value of [
        min - 1,
        min - 0.5,
        min,
        min + 0.5,
        max - 1,
        max,
        max + 0.5,
        max + 1,
        Number.NaN,
        Number.POSITIVE_INFINITY,
      ]) {
        expect(checkSettingsFields({ [field]: value }), `${field} = ${value}`).toEqual(
          backgroundVerdict({ [field]: value }),
        );
      }
      // Past the largest safe integer zod first reports that limit, so only the refusal is compared.
      for (const value of [1e300, -1e300]) {
        expect(Object.keys(checkSettingsFields({ [field]: value })), `${field} = ${value}`).toEqual(
          Object.keys(backgroundVerdict({ [field]: value })),
        );
      }
    },
  );

  it('refuses a freshness that is not one, as the background schema does, and keeps the default', () => {
    expect(DEFAULT_SETTINGS.profileFreshness).toBe('if-present');
    for (const profileFreshness of ['if-present', 'if-recent', 'live', 'force', '']) {
      const patch = { profileFreshness } as Partial<Settings>;
      expect(checkSettingsFields(patch), profileFreshness).toEqual(backgroundVerdict(patch));
    }
    expect(checkSettingsFields({ profileFreshness: 'force' as Settings['profileFreshness'] })).toEqual({
      profileFreshness: 'Choose a freshness from the list',
    });
    expect(checkFormPatch({ profileFreshness: 'sometimes' as Settings['profileFreshness'] })).toEqual({
      ok: false,
      errors: { profileFreshness: 'Choose a freshness from the list.' },
      unplaced: [],
    });
  });

  it('refuses addresses and plans exactly where the background schema does', () => {
    for (const patch of [
      { baseUrlV2: 'api.example.com' },
      { baseUrlV3: 'https://api.example.com/?q=1' },
      { baseUrlV3: '  ' },
      { baseUrlV2: 'http://127.0.0.1:8787/' },
      { plan: 'gold' as Settings['plan'] },
      { plan: 'growth' as const },
      { dailyBudget: null },
    ]) {
      expect(checkSettingsFields(patch), JSON.stringify(patch)).toEqual(backgroundVerdict(patch));
    }
  });
});
