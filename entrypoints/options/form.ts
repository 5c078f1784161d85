/**
 * The options page's form logic, kept apart from rendering: turning saved settings into form
 * values and back, the checks a connection needs before the browser is asked for access, and
 * reading the background's validation errors back onto the fields.
 */

import type { PublicSettings } from '@/lib/protocol';
import {
  apiOrigins,
  baseUrlProblem,
  checkSettingsFields,
  normalizeBaseUrl,
  type Settings,
} from '@/lib/settings';
import type { ConnectionErrors, ConnectionValues } from './ConnectionFields';
import type { SettingsDraft, SettingsErrors, SettingsField } from './SettingsForm';

export function draftFromSettings(settings: PublicSettings): SettingsDraft {
  return {
    connection: settings.connection,
    apiKey: '',
    baseUrlV2: settings.baseUrlV2,
    baseUrlV3: settings.baseUrlV3,
    hubUrl: settings.hubUrl,
    hubToken: '',
    plan: settings.plan,
    dailyBudget: settings.dailyBudget === null ? '' : String(settings.dailyBudget),
    staleAfterDays: String(settings.staleAfterDays),
    retentionDays: String(settings.retentionDays),
    autoEnrich: settings.autoEnrich,
    profileFreshness: settings.profileFreshness,
    cacheMaxBytes: settings.cacheMaxBytes,
  };
}

/**
 * The settings to save. Numbers are passed as typed (an empty budget means none, an empty number
 * elsewhere is no number) and judged by checkSettingsPatch; the key and the member token are sent
 * only when the person entered a new one.
 */
export function patchFromDraft(
  draft: SettingsDraft,
  keyEntered: boolean,
  tokenEntered = false,
): Partial<Settings> {
  const budget = draft.dailyBudget.trim();
  return {
    connection: draft.connection,
    ...(keyEntered ? { apiKey: draft.apiKey.trim() } : {}),
    ...(tokenEntered ? { hubToken: draft.hubToken.trim() } : {}),
    baseUrlV2: draft.baseUrlV2.trim(),
    baseUrlV3: draft.baseUrlV3.trim(),
    hubUrl: draft.hubUrl.trim(),
    plan: draft.plan,
    dailyBudget: budget === '' ? null : Number(budget),
    staleAfterDays: draft.staleAfterDays.trim() === '' ? Number.NaN : Number(draft.staleAfterDays),
    retentionDays: draft.retentionDays.trim() === '' ? Number.NaN : Number(draft.retentionDays),
    autoEnrich: draft.autoEnrich,
    profileFreshness: draft.profileFreshness,
    cacheMaxBytes: draft.cacheMaxBytes,
  };
}

/**
 * Of a checked patch, only what the person changed in this form: the fields that differ from the
 * settings it loaded (or last saved). Another options tab may have saved since; sending this form's
 * untouched fields would put back the values it loaded over those (a budget lowered there, raised
 * again here).
 */
export function changedFields(patch: Partial<Settings>, loaded: PublicSettings): Partial<Settings> {
  const before = normalizedPatch(patchFromDraft(draftFromSettings(loaded), false));
  return Object.fromEntries(
    Object.entries(patch).filter(([field, value]) => !Object.is(value, before[field as keyof Settings])),
  ) as Partial<Settings>;
}

/** What a connection sends (to test, to save): your own key's three fields, or a team hub's. */
type CheckedValues =
  | Pick<ConnectionValues, 'apiKey' | 'baseUrlV2' | 'baseUrlV3'>
  | (Pick<ConnectionValues, 'hubUrl' | 'hubToken'> & { connection: 'team-hub' });

export type CheckedConnection =
  | { ok: true; values: CheckedValues; origins: string[] }
  | { ok: false; errors: ConnectionErrors };

const BASE_URL_FIELDS = [
  ['baseUrlV2', 'v2'],
  ['baseUrlV3', 'v3'],
] as const;

/**
 * What a connection needs before the browser can be asked for access: a key (unless the saved
 * one is used) and two base URLs the settings accept (baseUrlProblem), or in team mode the hub's
 * address and a member token, from which the origins follow. It runs synchronously, inside the
 * click, so the permission request still counts as the person's.
 */
export function checkConnection(
  values: ConnectionValues,
  { keyRequired, tokenRequired = true }: { keyRequired: boolean; tokenRequired?: boolean },
): CheckedConnection {
  if (values.connection === 'team-hub') return checkHubConnection(values, tokenRequired);
  const errors: ConnectionErrors = {};
  const apiKey = values.apiKey.trim();
  if (keyRequired && apiKey === '') errors.apiKey = 'Enter your API key, or press Try the sandbox.';
  const normalized = { apiKey, baseUrlV2: '', baseUrlV3: '' };
  for (const [field, version] of BASE_URL_FIELDS) {
    const entered = values[field].trim();
    if (entered === '') {
      errors[field] = `Enter the address of the service's ${version} API.`;
      continue;
    }
    const problem = baseUrlProblem(entered);
    if (problem) errors[field] = sentence(problem);
    else normalized[field] = normalizeBaseUrl(entered);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, values: normalized, origins: apiOrigins(normalized) };
}

/** A team hub: its address (refused as a base URL would be) and the member token. */
function checkHubConnection(values: ConnectionValues, tokenRequired: boolean): CheckedConnection {
  const errors: ConnectionErrors = {};
  const hubToken = values.hubToken.trim();
  if (tokenRequired && hubToken === '') errors.hubToken = "Enter the member token from your hub's admin.";
  const entered = values.hubUrl.trim();
  const problem = entered === '' ? undefined : baseUrlProblem(entered);
  if (entered === '') errors.hubUrl = "Enter your team hub's address.";
  else if (problem) errors.hubUrl = sentence(problem);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const normalized = { connection: 'team-hub' as const, hubUrl: normalizeBaseUrl(entered), hubToken };
  return {
    ok: true,
    values: normalized,
    origins: apiOrigins({ ...normalized, baseUrlV2: '', baseUrlV3: '' }),
  };
}

const SETTINGS_FIELDS: readonly SettingsField[] = [
  'connection',
  'apiKey',
  'baseUrlV2',
  'baseUrlV3',
  'hubUrl',
  'hubToken',
  'plan',
  'dailyBudget',
  'staleAfterDays',
  'retentionDays',
  'autoEnrich',
  'profileFreshness',
  'cacheMaxBytes',
];

function isSettingsField(name: string): name is SettingsField {
  return (SETTINGS_FIELDS as readonly string[]).includes(name);
}

export type CheckedPatch =
  | { ok: true; patch: Partial<Settings> }
  | { ok: false; errors: SettingsErrors; unplaced: string[] };

/**
 * Checks a patch with the rules the background saves with (lib/settings' checkSettingsFields, which
 * its schema shares), wording each refusal for the field it appears under. An accepted patch comes
 * back as the background would save it: base URLs normalized, the key trimmed.
 */
export function checkSettingsPatch(patch: Partial<Settings>): CheckedPatch {
  const problems = checkSettingsFields(patch);
  const refused = Object.entries(problems);
  if (refused.length === 0) return { ok: true, patch: normalizedPatch(patch) };
  const errors: SettingsErrors = {};
  const unplaced: string[] = [];
  for (const [field, problem] of refused) {
    if (isSettingsField(field)) errors[field] = sentence(problem);
    else unplaced.push(sentence(problem));
  }
  return { ok: false, errors, unplaced };
}

function normalizedPatch(patch: Partial<Settings>): Partial<Settings> {
  const normalized = { ...patch };
  if (patch.apiKey !== undefined) normalized.apiKey = patch.apiKey.trim();
  if (patch.hubToken !== undefined) normalized.hubToken = patch.hubToken.trim();
  for (const field of ['baseUrlV2', 'baseUrlV3', 'hubUrl'] as const) {
    const value = patch[field];
    if (value !== undefined) normalized[field] = normalizeBaseUrl(value);
  }
  return normalized;
}

/**
 * The background refuses a save with one text, `field: message; field: message` (its schema's
 * issues). Each goes under its field; what names no field is returned to show on its own.
 */
export function readSaveError(text: string): { errors: SettingsErrors; unplaced: string[] } {
  const errors: SettingsErrors = {};
  const unplaced: string[] = [];
  for (const part of text.split('; ')) {
    const match = /^(\w+): (.+)$/s.exec(part);
    const field = match?.[1];
    if (match?.[2] && field && isSettingsField(field)) errors[field] ??= sentence(match[2]);
    else unplaced.push(part);
  }
  return { errors, unplaced };
}

function sentence(text: string): string {
  const trimmed = text.trim();
  const capitalized = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}
