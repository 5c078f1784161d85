/**
 * The zod schemas of the message protocol (./protocol): the background validates every message
 * where it arrives with these. Each schema is tied to its protocol type (`satisfies`, and the type
 * test in test/unit/registry-types.test.ts both ways), so the two cannot drift apart.
 *
 * Only the background imports this module; pages and the content script import ./protocol.
 */
import { z } from 'zod';
import { ENDPOINT_IDS } from '../api/ids';
import { FRESHNESS_CHOICES } from '../freshness';
import { LIST_LIMITS } from '../list-limits';
import {
  type BatchStartRequest,
  type ConnectionTest,
  FINDINGS_LIMITS,
  LIST_COLUMN_ROLES,
  type ListControl,
  type ListRetryRequest,
  type ListStartRequest,
  type MessageType,
  type PeekRequest,
  type QuoteRequest,
  type RecentInput,
  type RunRequest,
} from '../protocol';

export * from '../protocol';

/**
 * A content script's report: only its envelope here; each entry is checked on its own, and the
 * whole capped in size, by lib/background/findings-check.ts (one bad entry drops that entry, not the report).
 */
export const findingsReportSchema = z.object({
  pageUrl: z.string(),
  page: z.unknown(),
  profiles: z.array(z.unknown()),
  emails: z.array(z.unknown()),
  scannedAt: z.number(),
});

const rawParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const quoteRequestSchema = z.object({
  endpointId: z.enum(ENDPOINT_IDS),
  params: rawParamsSchema,
}) satisfies z.ZodType<QuoteRequest>;

export const runRequestSchema = z.object({
  requestId: z.string().min(8).max(100),
  endpointId: z.enum(ENDPOINT_IDS),
  params: rawParamsSchema,
  policy: z.enum(['cache-only', 'cache-first', 'refresh']),
  confirmed: z.boolean().optional(),
  replay: z.boolean().optional(),
  automatic: z.boolean().optional(),
}) satisfies z.ZodType<RunRequest>;

export const recentInputSchema = z.object({
  endpointId: z.enum(ENDPOINT_IDS),
  params: rawParamsSchema,
}) satisfies z.ZodType<RecentInput>;

export const peekRequestSchema = z.object({
  endpointId: z.enum(ENDPOINT_IDS),
  params: rawParamsSchema,
}) satisfies z.ZodType<PeekRequest>;

/** A page lists at most every profile and e-mail address of one findings report. */
const BATCH_ROWS_MAX = FINDINGS_LIMITS.profiles + FINDINGS_LIMITS.emails;

export const batchStartSchema = z.object({
  tabId: z.number().int().min(0),
  pageUrl: z.string().max(8000),
  items: z
    .array(
      z.object({
        key: z.string().min(1).max(8000),
        label: z.string().max(8000),
        endpointId: z.enum(ENDPOINT_IDS),
        params: rawParamsSchema,
      }),
    )
    .min(1)
    .max(BATCH_ROWS_MAX),
  confirmed: z.boolean().optional(),
}) satisfies z.ZodType<BatchStartRequest>;

const listIdSchema = z.string().min(1).max(100);

export const listStartSchema = z.object({
  name: z.string().max(500),
  columns: z.array(z.string().max(LIST_LIMITS.cell)).min(1).max(LIST_LIMITS.columns),
  rows: z
    .array(z.array(z.string().max(LIST_LIMITS.cell)).max(LIST_LIMITS.columns))
    .min(1)
    .max(LIST_LIMITS.rows),
  mapping: z.array(z.enum(LIST_COLUMN_ROLES)).max(LIST_LIMITS.columns),
  options: z.object({
    freshness: z.enum(FRESHNESS_CHOICES),
    withProfiles: z.boolean(),
    contacts: z.boolean(),
  }),
  requests: z.array(peekRequestSchema).max(LIST_LIMITS.rows),
  targets: z.array(z.union([z.number().int().min(0), z.object({ reason: z.string().max(1000) })])),
  cap: z.number().int().min(0).nullable(),
  confirmed: z.boolean().optional(),
}) satisfies z.ZodType<ListStartRequest>;

export const listControlSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('pause') }),
  z.object({
    action: z.literal('resume'),
    cap: z.number().int().min(0).nullable().optional(),
    confirmed: z.boolean().optional(),
  }),
  z.object({ action: z.literal('cancel') }),
]) satisfies z.ZodType<ListControl>;

export const listRetrySchema = z.object({
  id: listIdSchema,
  which: z.enum(['failed', 'older']),
  olderThanMs: z.number().int().min(0).optional(),
  keys: z.array(z.string().max(20_000)).max(LIST_LIMITS.rows).optional(),
  dryRun: z.boolean(),
  confirmed: z.boolean().optional(),
}) satisfies z.ZodType<ListRetryRequest>;

export const connectionTestSchema = z.object({
  apiKey: z.string().optional(),
  baseUrlV2: z.string().optional(),
  baseUrlV3: z.string().optional(),
}) satisfies z.ZodType<ConnectionTest>;

/** Data schema per message type; the background validates each message with it. */
const messageSchemas = {
  'findings.report': findingsReportSchema,
  'findings.get': z.object({ tabId: z.number().int() }),
  'panel.open': z.object({ tabId: z.number().int().min(0) }),
  quote: quoteRequestSchema,
  'view.open': quoteRequestSchema,
  run: runRequestSchema,
  'settings.get': z.undefined(),
  // Checked field by field by the handler (settings-schema's checkSettingsPatch), which answers
  // which field is wrong in a person's words.
  'settings.save': z.record(z.string(), z.unknown()),
  'connection.test': connectionTestSchema,
  'account.get': z.undefined(),
  'cache.clear': z.undefined(),
  'tab.scan': z.object({ tabId: z.number().int().min(0) }),
  'scanEverySite.get': z.undefined(),
  'scanEverySite.set': z.object({ enabled: z.boolean() }),
  'recent.list': z.undefined(),
  'recent.add': recentInputSchema,
  'recent.remove': z.object({ id: z.string().max(10_000) }),
  'recent.clear': z.undefined(),
  forget: z.object({ subject: z.string().trim().min(3).max(2000) }),
  'history.clear': z.undefined(),
  'stored.export': z.undefined(),
  'doNotEnrich.get': z.undefined(),
  // Up to about 20,000 lines of addresses, domains and profile URLs.
  'doNotEnrich.set': z.object({ text: z.string().max(2_000_000) }),
  'batch.peek': z.object({ requests: z.array(peekRequestSchema).max(BATCH_ROWS_MAX) }),
  'batch.start': batchStartSchema,
  'batch.get': z.object({ tabId: z.number().int().min(0) }),
  'batch.cancel': z.object({ batchId: z.string().min(1).max(100) }),
  'list.quote': z.object({ requests: z.array(peekRequestSchema).max(LIST_LIMITS.rows) }),
  'list.start': listStartSchema,
  'list.state': z.object({ id: listIdSchema, since: z.number().min(0) }),
  'list.input': z.object({ id: listIdSchema }),
  'list.all': z.undefined(),
  'list.control': z.object({ id: listIdSchema, control: listControlSchema }),
  'list.retry': listRetrySchema,
  'list.delete': z.object({ id: listIdSchema }),
} as const satisfies { [T in MessageType]: z.ZodType };

/** A message's data as the background reads it, once its schema has checked it. */
export type MessageData<T extends MessageType> = z.output<(typeof messageSchemas)[T]>;

/**
 * The same schemas, typed per message type: indexed with a type the background handles generically,
 * it gives that message's own schema (and so its own data type, with no cast).
 */
export const messageCheckers: { [T in MessageType]: z.ZodType<MessageData<T>> } = messageSchemas;
