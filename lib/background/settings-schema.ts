/**
 * The settings' validation, used where they are saved (the background's 'settings.save'). The
 * rules are ./settings's (the base URL rule, SETTINGS_BOUNDS, FIELD_PROBLEMS' words), so the
 * options page checking a form with checkSettingsFields and the background saving it agree.
 */
import { z } from 'zod';
import { FRESHNESS_CHOICES } from '../freshness';
import {
  baseUrlProblem,
  CONNECTIONS,
  DEFAULT_SETTINGS,
  FIELD_PROBLEMS,
  normalizeBaseUrl,
  PLANS,
  SETTINGS_BOUNDS,
  type SecretSetting,
  type Settings,
} from '../settings';

const baseUrl = z
  .string()
  .superRefine((value, ctx) => {
    const problem = baseUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeBaseUrl);

/** A whole number within its bounds; checked in this order, which checkSettingsFields follows. */
function wholeNumber({ min, max }: { min: number; max: number }) {
  return z.number().int().min(min).max(max);
}

export const settingsSchema = z.object({
  apiKey: z.string().trim(),
  baseUrlV2: baseUrl,
  baseUrlV3: baseUrl,
  connection: z.enum(CONNECTIONS, { error: FIELD_PROBLEMS.notAConnection }),
  hubUrl: baseUrl,
  hubToken: z.string().trim(),
  plan: z.enum(PLANS, { error: FIELD_PROBLEMS.notAPlan }),
  dailyBudget: wholeNumber(SETTINGS_BOUNDS.dailyBudget).nullable(),
  staleAfterDays: wholeNumber(SETTINGS_BOUNDS.staleAfterDays),
  retentionDays: wholeNumber(SETTINGS_BOUNDS.retentionDays),
  autoEnrich: z.boolean(),
  profileFreshness: z.enum(FRESHNESS_CHOICES, { error: FIELD_PROBLEMS.notAFreshness }),
  cacheMaxBytes: wholeNumber(SETTINGS_BOUNDS.cacheMaxBytes),
  onboarded: z.boolean(),
}) satisfies z.ZodType<Settings, unknown>;

export const settingsPatchSchema = settingsSchema.partial();

/**
 * Checks a partial update, in a person's words: `field: message; field: message`, each message
 * written for the field it appears under (the options page places them).
 */
export function checkSettingsPatch(
  patch: unknown,
): { ok: true; patch: Partial<Settings> } | { ok: false; error: string } {
  const parsed = settingsPatchSchema.safeParse(patch, { error: wordIssue });
  if (parsed.success) return { ok: true, patch: parsed.data };
  return {
    ok: false,
    error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
  };
}

/** A person's words for the schema's generic issues; its own messages (e.g. for URLs) stand. */
function wordIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'too_small':
      return FIELD_PROBLEMS.tooSmall(Number(issue.minimum));
    case 'too_big':
      return FIELD_PROBLEMS.tooBig(Number(issue.maximum));
    case 'invalid_type':
      if (issue.expected === 'int') return FIELD_PROBLEMS.notWhole;
      if (issue.expected === 'number') return FIELD_PROBLEMS.notANumber;
      return undefined;
    default:
      return undefined;
  }
}

/**
 * Stored settings as they are read back: each field checked on its own against the schema, a
 * field that fails (an older version's, or one written by hand) replaced by its default, so a
 * bad value never reaches the code that spends. Returns the fields it replaced, to say so.
 */
export function validStoredSettings(stored: unknown): {
  settings: Omit<Settings, SecretSetting>;
  replaced: string[];
} {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const { apiKey: _key, hubToken: _token, ...defaults } = DEFAULT_SETTINGS;
  const settings: Record<string, unknown> = { ...defaults };
  const replaced: string[] = [];
  for (const field of Object.keys(defaults) as (keyof typeof defaults)[]) {
    if (!(field in value)) continue;
    const parsed = settingsSchema.shape[field].safeParse(value[field]);
    if (parsed.success) settings[field] = parsed.data;
    else replaced.push(field);
  }
  return { settings: settings as Omit<Settings, SecretSetting>, replaced };
}
