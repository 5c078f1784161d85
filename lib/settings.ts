/**
 * Every key the extension keeps in `browser.storage`, declared once with its shape and what
 * clears it (IndexedDB stores are declared in lib/background/db.ts). Settings live in `storage.local` and
 * survive restarts; per-tab findings live in `storage.session`, which the browser clears when it
 * closes, and the background clears a tab's entry when the tab closes or navigates.
 *
 * No zod: pages read these types and defaults. Saving goes through the background, which checks a
 * patch with ./settings-schema.
 */
import { storage } from 'wxt/utils/storage';
import { baseUrlProblem } from './api/base-url';
import { DEFAULT_FRESHNESS, FRESHNESS_CHOICES, type Freshness } from './freshness';
import { keptByEveryOperation, type Treatments } from './personal-data';

/** The sandbox that `npm run sandbox` starts; "Try the sandbox" fills these in. */
export const SANDBOX_PRESET = {
  apiKey: 'demo',
  baseUrlV2: 'http://127.0.0.1:8787',
  baseUrlV3: 'http://127.0.0.1:8787',
} as const;

export { baseUrlProblem } from './api/base-url';

/** An accepted base URL as saved: trimmed, without trailing slashes. */
export function normalizeBaseUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

export const PLANS = ['growth', 'standard'] as const;

/**
 * How the extension reaches the service: with the person's own key, or through their team's hub
 * (hub/), which speaks the service's own paths for both API versions and takes a member token as
 * the bearer key.
 */
export const CONNECTIONS = ['own-key', 'team-hub'] as const;
export type Connection = (typeof CONNECTIONS)[number];

/**
 * The inclusive bounds of the numeric settings (all whole numbers). The options page checks a form
 * against them (checkSettingsFields) and the background's schema (./settings-schema) is built from
 * them, so the two cannot disagree.
 */
export const SETTINGS_BOUNDS = {
  dailyBudget: { min: 0, max: 10_000_000 },
  staleAfterDays: { min: 1, max: 365 },
  retentionDays: { min: 1, max: 3650 },
  cacheMaxBytes: { min: 1_000_000, max: 1_000_000_000 },
} as const;

/**
 * How a refused value is put to a person. The background words its schema's issues with these too,
 * so a refusal reads the same whichever side found it (base URLs: baseUrlProblem).
 */
export const FIELD_PROBLEMS = {
  notAPlan: 'Choose a plan from the list',
  notAConnection: 'Choose your own key or a team hub',
  notAFreshness: 'Choose a freshness from the list',
  notANumber: 'Enter a number',
  notWhole: 'Enter a whole number',
  tooSmall: (min: number) => `Enter ${min.toLocaleString()} or more`,
  tooBig: (max: number) => `Enter ${max.toLocaleString()} or less`,
} as const;

/** What is wrong with each refused field, in a person's words; no entry for an accepted field. */
export type SettingsProblems = Partial<Record<keyof Settings, string>>;

/**
 * Checks a partial update without zod, for pages: the same rules, in the same order and words, as
 * the background's schema (./settings-schema), which a unit test holds to. The types already
 * guarantee strings and booleans; what they cannot say is which numbers and addresses are accepted.
 */
export function checkSettingsFields(patch: Partial<Settings>): SettingsProblems {
  const problems: SettingsProblems = {};
  for (const field of ['baseUrlV2', 'baseUrlV3', 'hubUrl'] as const) {
    const value = patch[field];
    const problem = value === undefined ? undefined : baseUrlProblem(value);
    if (problem) problems[field] = problem;
  }
  if (patch.connection !== undefined && !CONNECTIONS.includes(patch.connection)) {
    problems.connection = FIELD_PROBLEMS.notAConnection;
  }
  if (patch.plan !== undefined && !PLANS.includes(patch.plan)) {
    problems.plan = FIELD_PROBLEMS.notAPlan;
  }
  if (patch.profileFreshness !== undefined && !FRESHNESS_CHOICES.includes(patch.profileFreshness)) {
    problems.profileFreshness = FIELD_PROBLEMS.notAFreshness;
  }
  for (const field of Object.keys(SETTINGS_BOUNDS) as (keyof typeof SETTINGS_BOUNDS)[]) {
    const value = patch[field];
    // An absent field is left as saved; only the daily budget may be null (no budget).
    if (value === undefined || (value === null && field === 'dailyBudget')) continue;
    const problem = wholeNumberProblem(value, SETTINGS_BOUNDS[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The first rule a number breaks, checked in the schema's order: a number, whole, then bounds. */
function wholeNumberProblem(value: unknown, { min, max }: { min: number; max: number }): string | undefined {
  // NaN stands for a number field left empty or not a number at all (see the options form).
  if (typeof value !== 'number' || !Number.isFinite(value)) return FIELD_PROBLEMS.notANumber;
  if (!Number.isInteger(value)) return FIELD_PROBLEMS.notWhole;
  if (value < min) return FIELD_PROBLEMS.tooSmall(min);
  if (value > max) return FIELD_PROBLEMS.tooBig(max);
  return undefined;
}

/**
 * The extension's settings. Validated where they are saved (./settings-schema, in the background);
 * the numbers' bounds are SETTINGS_BOUNDS.
 */
export interface Settings {
  /** The bearer key. Only the background reads it; no page ever receives it. */
  apiKey: string;
  baseUrlV2: string;
  baseUrlV3: string;
  /** Own key (apiKey, base URLs) or the team's hub (hubUrl, hubToken): see CONNECTIONS. */
  connection: Connection;
  /** The team hub's address: both API versions are called there in team mode. */
  hubUrl: string;
  /** The member token the hub's admin gave; kept like the key (only the background reads it). */
  hubToken: string;
  /** 'growth' = Growth or larger subscription; some Limits rows depend on it. */
  plan: (typeof PLANS)[number];
  /** Credits per calendar day (local time); null = no budget. Exceeding it needs a confirmation. */
  dailyBudget: number | null;
  /** A cached answer older than this is marked stale (the service's "recent" is 29 days). */
  staleAfterDays: number;
  /**
   * How long what is kept about others stays: saved answers, and the names in the record of what
   * was spent (credits and dates stay), expired by an alarm (lib/background/retention.ts).
   */
  retentionDays: number;
  /** Enrich profile pages on arrival (within budget). Off by default: it spends credits unasked. */
  autoEnrich: boolean;
  /**
   * How fresh a profile must be unless the person chooses otherwise for one action: any age
   * (`if-present`, the cheapest), 29 days or less (+1), live now (+9). The params each sends are
   * ./freshness's.
   */
  profileFreshness: Freshness;
  /** Cache size cap in bytes; least recently used answers are evicted past it. */
  cacheMaxBytes: number;
  /** Onboarding finished (a key and base URLs were saved once). */
  onboarded: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  apiKey: '',
  baseUrlV2: '',
  baseUrlV3: '',
  connection: 'own-key',
  hubUrl: '',
  hubToken: '',
  plan: 'standard',
  dailyBudget: 200,
  staleAfterDays: 29,
  retentionDays: 90,
  autoEnrich: false,
  profileFreshness: DEFAULT_FRESHNESS,
  cacheMaxBytes: 50 * 1024 * 1024,
  onboarded: false,
};

/** The secrets among the settings: kept in IndexedDB (lib/background/settings-store.ts), never shown to a page. */
export type SecretSetting = 'apiKey' | 'hubToken';

/**
 * The settings as `storage.local` keeps them: everything but the key and the member token, which
 * content scripts could read there (they are in IndexedDB: lib/background/settings-store.ts). An
 * older version kept the key here too; the background moves it out when it first reads it.
 * Cleared by: uninstalling.
 */
export type StoredSettings = Omit<Settings, SecretSetting> & { apiKey?: string };

export const settingsItem = storage.defineItem<Partial<StoredSettings>>('local:settings', {
  fallback: {},
});

/** The connection's fields a page may see; a page sees `…Set` in place of each secret. */
type ConnectionView = Pick<Settings, 'baseUrlV2' | 'baseUrlV3'> &
  Partial<Pick<Settings, 'connection' | 'hubUrl'>> &
  ({ apiKey: string; hubToken?: string } | { apiKeySet: boolean; hubTokenSet?: boolean });

/**
 * Whether the service can be called: a key and both base URLs are set, or in team mode the hub's
 * address and a member token. Reads the background's settings, or what a page may see of them.
 */
export function isConfigured(settings: ConnectionView): boolean {
  if (settings.connection === 'team-hub') {
    const tokenSet = 'apiKey' in settings ? (settings.hubToken ?? '') !== '' : settings.hubTokenSet === true;
    return tokenSet && (settings.hubUrl ?? '') !== '';
  }
  const keySet = 'apiKey' in settings ? settings.apiKey !== '' : settings.apiKeySet;
  return keySet && settings.baseUrlV2 !== '' && settings.baseUrlV3 !== '';
}

/** The origins the API needs a host permission for, as match patterns (the hub's, in team mode). */
export function apiOrigins(
  settings: Pick<Settings, 'baseUrlV2' | 'baseUrlV3'> & Partial<Pick<Settings, 'connection' | 'hubUrl'>>,
): string[] {
  const origins = new Set<string>();
  const bases =
    settings.connection === 'team-hub' ? [settings.hubUrl ?? ''] : [settings.baseUrlV2, settings.baseUrlV3];
  for (const base of bases) {
    if (!base) continue;
    const url = new URL(base);
    // Match patterns carry no port; `http://127.0.0.1/*` matches every port.
    origins.add(`${url.protocol}//${url.hostname}/*`);
  }
  return [...origins];
}

/**
 * What the content script found on a tab. Cleared by: the tab closing, a navigation to another
 * page (replaced), or the browser closing (session storage).
 */
export function findingsItemKey(tabId: number) {
  return `session:findings:${tabId}` as const;
}

/**
 * A streamed answer's progress (lib/protocol/views.ts RunProgress). Cleared by: the background when the
 * answer is complete or failed, or the browser closing (session storage).
 */
export function progressItemKey(requestId: string) {
  return `session:progress:${requestId}` as const;
}

/**
 * The email lookup the context menu asked for, for the side panel to show (lib/protocol/views.ts
 * EmailLookupRequest). One at a time: the next right-click replaces it. Cleared by: the panel's
 * "Dismiss", the next lookup (replaced), or the browser closing (session storage).
 */
export const EMAIL_LOOKUP_ITEM_KEY = 'session:emailLookup' as const;

/**
 * End-to-end builds only: the scheduler's ceiling a test set (requests a minute), so a batch can be
 * watched row by row and a worker that restarts keeps it. Cleared by: the browser closing.
 */
export const E2E_RATE_ITEM_KEY = 'session:e2eRatePerMinute' as const;

/**
 * End-to-end builds only: how long a test's sandbox may still charge a call after its client left
 * (ms), so a worker that restarts settles lost calls as soon as that test allows. Cleared by: the
 * browser closing.
 */
export const E2E_SETTLE_ITEM_KEY = 'session:e2eSettleAfterMs' as const;

/**
 * End-to-end builds only: the days a test moved the watch's clock forward (as the sandbox's), so a
 * worker that restarts keeps it. Cleared by: the browser closing.
 */
export const E2E_WATCH_DAYS_ITEM_KEY = 'session:e2eWatchDaysAhead' as const;

/**
 * Team mode: the number of the last subject forgotten at the hub that this browser forgot too
 * (`GET /hub/v1/forgotten?since=N`, lib/background/connection/team-hub.ts). Cleared by: uninstalling; a
 * different hub address starts again from 0 (the numbers are the hub's).
 */
export const hubForgottenItem = storage.defineItem<{ hubUrl: string; last: number } | null>(
  'local:hubForgotten',
  { fallback: null },
);

/** One storage key's entry in the register of what names a person. */
export interface StorageRegistration extends Treatments {
  /** The key, or for keys made one per tab or per request (`each`), what they all start with. */
  readonly key: `${'local' | 'session'}:${string}`;
  readonly each?: true;
  /** Whether what it holds can name a person. */
  readonly names: boolean;
}

/**
 * The register of what names a person, for the storage keys above (the IndexedDB stores have
 * theirs in lib/background/db-register.ts PERSONAL_DATA): whether each can name someone, and how forget,
 * retention, Clear history, Clear cache and Export everything treat it. The background's privacy
 * routes (lib/background/routes/privacy.ts) act on the keys as this says; a test fails for any key
 * the code uses that is not here.
 */
export const STORAGE_REGISTER: readonly StorageRegistration[] = [
  {
    key: 'local:settings',
    names: false,
    ...keptByEveryOperation('the person’s own settings'),
    export: { does: 'without the API key and the member token' },
  },
  { key: 'local:hubForgotten', names: false, ...keptByEveryOperation('a number of the hub’s') },
  {
    key: 'session:findings:',
    each: true,
    names: true,
    forget: { does: 'the profiles and addresses that name them go; a page about them goes whole' },
    retention: { keeps: 'replaced when the tab navigates, gone when it closes or the browser does' },
    clearHistory: { keeps: 'what the open tabs show now, not what was looked up' },
    clearCache: { keeps: 'what the open tabs show now, not the cache' },
    export: { keeps: 'what the open tabs show now, found again on the next visit' },
  },
  {
    key: 'session:progress:',
    each: true,
    names: true,
    forget: { does: 'a streamed answer’s rows that name them go' },
    retention: { keeps: 'gone when the answer is complete or failed, or the browser closes' },
    clearHistory: { does: 'a streamed answer’s rows go' },
    clearCache: { keeps: 'an answer on its way, not the cache' },
    export: { keeps: 'an answer on its way: exported once it is kept' },
  },
  {
    key: EMAIL_LOOKUP_ITEM_KEY,
    names: true,
    forget: { does: 'the pending lookup of their address goes' },
    retention: { keeps: 'replaced by the next lookup, gone when the browser closes' },
    clearHistory: { does: 'the pending lookup goes' },
    clearCache: { keeps: 'a lookup asked for, not the cache' },
    export: { keeps: 'a lookup asked for: exported once answered' },
  },
  { key: E2E_RATE_ITEM_KEY, names: false, ...keptByEveryOperation('a test’s number') },
  { key: E2E_SETTLE_ITEM_KEY, names: false, ...keptByEveryOperation('a test’s number') },
  { key: E2E_WATCH_DAYS_ITEM_KEY, names: false, ...keptByEveryOperation('a test’s number') },
];

/** The register's entry for a storage key (`session:findings:12`), if it has one. */
export function storageRegistration(key: string): StorageRegistration | undefined {
  return STORAGE_REGISTER.find((entry) => (entry.each ? key.startsWith(entry.key) : key === entry.key));
}
