/**
 * The message protocol between the extension's contexts. The background is the only receiver.
 * Every message's data has a zod schema here and is validated where it arrives; the protocol map
 * type is derived from the same schemas so senders are type-checked against them.
 *
 * Who may send what (checked by the background from `sender`):
 * - a content script may only report what it found on its page (`findings.report`);
 * - every other message needs an extension page (popup, side panel, options): a person.
 *
 * The content script imports only the types of this module (see lib/messenger.ts), so zod stays
 * out of its bundle.
 */
import { z } from 'zod';
import { ENDPOINT_IDS } from './api/endpoints';
import { apiErrorJsonSchema } from './api/errors';
import { FINDINGS_LIMITS } from './messenger';
import type { ScanEverySiteChange, ScanTabResult } from './scan-permission';
import { settingsSchema } from './settings';

const profileRefSchema = z.object({
  kind: z.enum(['person', 'company', 'school', 'job', 'microblog', 'social', 'codehost']),
  id: z.string().max(2000),
  url: z.string().max(4000),
  label: z.string().max(500).optional(),
});

export const findingsSchema = z.object({
  /** The page the findings are for; a report for a page the tab has left is dropped. */
  pageUrl: z.string().max(8000),
  page: profileRefSchema.nullable(),
  profiles: z.array(profileRefSchema).max(FINDINGS_LIMITS.profiles),
  emails: z.array(z.string().max(320)).max(FINDINGS_LIMITS.emails),
  scannedAt: z.number(),
});

const rawParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const quoteRequestSchema = z.object({
  endpointId: z.enum(ENDPOINT_IDS),
  params: rawParamsSchema,
});

export const runRequestSchema = z.object({
  /** Chosen by the page; a retry of the same action reuses it, so it is never paid twice. */
  requestId: z.string().min(8).max(100),
  endpointId: z.enum(ENDPOINT_IDS),
  params: rawParamsSchema,
  /**
   * cache-only: answer from the cache or say it is not there (never spends);
   * cache-first: a cached answer is served at 0 credits, else the service is asked;
   * refresh: always ask the service (an explicit, quoted action).
   */
  policy: z.enum(['cache-only', 'cache-first', 'refresh']),
  /** The person confirmed spending past the daily budget. */
  confirmed: z.boolean().optional(),
});

export const quoteSchema = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  lines: z.array(z.string()),
});

export type Quote = z.infer<typeof quoteSchema>;

export const runResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('answer'),
    data: z.unknown(),
    cached: z.boolean(),
    fetchedAt: z.number(),
    ageMs: z.number(),
    stale: z.boolean(),
    /** What this answer cost now: 0 when served from the cache, null when not published. */
    credits: z.number().nullable(),
  }),
  z.object({ status: z.literal('needs-confirmation'), quote: quoteSchema, remaining: z.number() }),
  /** cache-only found nothing: nothing was asked of the service. */
  z.object({ status: z.literal('not-cached') }),
  z.object({ status: z.literal('error'), error: apiErrorJsonSchema }),
]);

export type RunResult = z.infer<typeof runResultSchema>;

/** Settings as pages see them: the key never leaves the background, only whether one is set. */
export const publicSettingsSchema = settingsSchema.omit({ apiKey: true }).extend({
  apiKeySet: z.boolean(),
  /** Last four characters, for recognising which key is set. */
  apiKeyHint: z.string(),
});

export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const settingsPatchSchema = settingsSchema.partial();

export const connectionTestSchema = z.object({
  /** Test these values before saving them; omitted fields use the saved settings. */
  apiKey: z.string().optional(),
  baseUrlV2: z.string().optional(),
  baseUrlV3: z.string().optional(),
});

export const connectionResultSchema = z.union([
  z.object({ ok: z.literal(true), balance: z.number().nullable() }),
  z.object({ ok: z.literal(false), error: apiErrorJsonSchema }),
]);

export const accountSchema = z.object({
  today: z.number(),
  month: z.number(),
  dailyBudget: z.number().nullable(),
  remainingToday: z.number().nullable(),
  /** null: the service does not say (or not configured). */
  balance: z.number().nullable(),
  recent: z.array(
    z.object({
      at: z.number(),
      endpointId: z.string(),
      summary: z.string(),
      credits: z.number().nullable(),
      cached: z.boolean(),
    }),
  ),
  cache: z.object({ entries: z.number(), bytes: z.number() }),
});

/** Data schema per message type; the background validates each message with it. */
export const messageSchemas = {
  'findings.report': findingsSchema,
  'findings.get': z.object({ tabId: z.number().int() }),
  quote: quoteRequestSchema,
  run: runRequestSchema,
  'settings.get': z.undefined(),
  // Checked field by field by the handler (settingsPatchSchema), which answers which field is wrong.
  'settings.save': z.record(z.string(), z.unknown()),
  'connection.test': connectionTestSchema,
  'account.get': z.undefined(),
  'cache.clear': z.undefined(),
  /** Read the tab's page once, as the person asked (lib/scan-permission.ts). */
  'tab.scan': z.object({ tabId: z.number().int().min(0) }),
  'scanEverySite.get': z.undefined(),
  /** The page asked the browser for the permission first, in the person's click. */
  'scanEverySite.set': z.object({ enabled: z.boolean() }),
} as const;

export type MessageType = keyof typeof messageSchemas;

/** The only message a content script may send. */
export const CONTENT_SCRIPT_MESSAGES: readonly MessageType[] = ['findings.report'];

type Data<T extends MessageType> = z.input<(typeof messageSchemas)[T]>;

export type Findings = z.infer<typeof findingsSchema>;
export type ConnectionResult = z.infer<typeof connectionResultSchema>;
export type Account = z.infer<typeof accountSchema>;

export interface ProtocolMap {
  'findings.report'(data: Data<'findings.report'>): void;
  'findings.get'(data: Data<'findings.get'>): Findings | null;
  quote(
    data: Data<'quote'>,
  ): { ok: true; quote: Quote } | { ok: false; error: z.infer<typeof apiErrorJsonSchema> };
  run(data: Data<'run'>): RunResult;
  'settings.get'(): PublicSettings;
  'settings.save'(
    data: z.input<typeof settingsPatchSchema>,
  ): { ok: true; settings: PublicSettings } | { ok: false; error: string };
  'connection.test'(data: Data<'connection.test'>): ConnectionResult;
  'account.get'(): Account;
  'cache.clear'(): { ok: true };
  'tab.scan'(data: Data<'tab.scan'>): ScanTabResult;
  'scanEverySite.get'(): { enabled: boolean };
  'scanEverySite.set'(data: Data<'scanEverySite.set'>): ScanEverySiteChange;
}
