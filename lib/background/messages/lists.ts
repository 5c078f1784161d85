import { z } from 'zod';
import { FRESHNESS_CHOICES } from '../../freshness';
import { LIST_LIMITS } from '../../list-limits';
import {
  LIST_COLUMN_ROLES,
  type ListControl,
  type ListMessages,
  type ListRetryRequest,
  type ListStartRequest,
} from '../../protocol';
import { peekRequestSchema } from './batches';

const listIdSchema = z.string().min(1).max(100);

const listStartSchema = z.object({
  startId: listIdSchema,
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

const listControlSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('pause') }),
  z.object({
    action: z.literal('resume'),
    cap: z.number().int().min(0).nullable().optional(),
    confirmed: z.boolean().optional(),
  }),
  z.object({ action: z.literal('cancel') }),
]) satisfies z.ZodType<ListControl>;

const listRetrySchema = z.object({
  id: listIdSchema,
  which: z.enum(['failed', 'older']),
  olderThanMs: z.number().int().min(0).optional(),
  keys: z.array(z.string().max(20_000)).max(LIST_LIMITS.rows).optional(),
  dryRun: z.boolean(),
  confirmed: z.boolean().optional(),
}) satisfies z.ZodType<ListRetryRequest>;

export const listSchemas = {
  'list.quote': z.object({ requests: z.array(peekRequestSchema).max(LIST_LIMITS.rows) }),
  'list.start': listStartSchema,
  'list.state': z.object({ id: listIdSchema, since: z.number().min(0) }),
  'list.input': z.object({ id: listIdSchema }),
  'list.all': z.undefined(),
  'list.control': z.object({ id: listIdSchema, control: listControlSchema }),
  'list.retry': listRetrySchema,
  'list.delete': z.object({ id: listIdSchema }),
} as const satisfies { [T in keyof ListMessages]: z.ZodType };
