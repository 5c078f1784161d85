/**
 * Every key the extension keeps in `browser.storage`, declared once with its shape and what
 * clears it (IndexedDB stores are declared in lib/db.ts). Settings live in `storage.local` and
 * survive restarts; per-tab findings live in `storage.session`, which the browser clears when it
 * closes, and the background clears a tab's entry when the tab closes or navigates.
 */
import { storage } from 'wxt/utils/storage';
import { z } from 'zod';

/** The sandbox that `npm run sandbox` starts; "Try the sandbox" fills these in. */
export const SANDBOX_PRESET = {
  apiKey: 'demo',
  baseUrlV2: 'http://127.0.0.1:8787',
  baseUrlV3: 'http://127.0.0.1:8787',
} as const;

const baseUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i.test(value), {
    message: 'must be an http(s) address such as https://api.example.com',
  })
  .transform((value) => value.replace(/\/+$/, ''));

export const settingsSchema = z.object({
  /** The bearer key. Only the background reads it; no page ever receives it. */
  apiKey: z.string().trim(),
  baseUrlV2: baseUrl,
  baseUrlV3: baseUrl,
  /** 'growth' = Growth or larger subscription; some Limits rows depend on it. */
  plan: z.enum(['growth', 'standard']),
  /** Credits per calendar day (local time); null = no budget. Exceeding it needs a confirmation. */
  dailyBudget: z.number().int().min(0).max(10_000_000).nullable(),
  /** A cached answer older than this is marked stale (the service's "recent" is 29 days). */
  staleAfterDays: z.number().int().min(1).max(365),
  /** Enrich profile pages on arrival (within budget). Off by default: it spends credits unasked. */
  autoEnrich: z.boolean(),
  /** Cache size cap in bytes; least recently used answers are evicted past it. */
  cacheMaxBytes: z.number().int().min(1_000_000).max(1_000_000_000),
  /** Onboarding finished (a key and base URLs were saved once). */
  onboarded: z.boolean(),
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  apiKey: '',
  baseUrlV2: '',
  baseUrlV3: '',
  plan: 'standard',
  dailyBudget: 200,
  staleAfterDays: 29,
  autoEnrich: false,
  cacheMaxBytes: 50 * 1024 * 1024,
  onboarded: false,
};

/** Cleared by: "Reset settings" in options, or uninstalling. */
export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
});

export async function getSettings(): Promise<Settings> {
  // Tolerate a stored object from an older version missing newer fields.
  return { ...DEFAULT_SETTINGS, ...(await settingsItem.getValue()) };
}

/** Validates a partial update against the schema and saves it; returns the saved settings. */
export async function updateSettings(patch: Partial<Settings>): Promise<Settings> {
  const next = settingsSchema.parse({ ...(await getSettings()), ...patch });
  await settingsItem.setValue(next);
  return next;
}

export function isConfigured(settings: Settings): boolean {
  return settings.apiKey !== '' && settings.baseUrlV2 !== '' && settings.baseUrlV3 !== '';
}

/** The origins the API needs a host permission for, as match patterns. */
export function apiOrigins(settings: Pick<Settings, 'baseUrlV2' | 'baseUrlV3'>): string[] {
  const origins = new Set<string>();
  for (const base of [settings.baseUrlV2, settings.baseUrlV3]) {
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
