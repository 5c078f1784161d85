import { z } from 'zod';
import { LIST_LIMITS } from '../../list-limits';
import {
  WATCH_FRESHNESS,
  WATCH_PERIOD_DAYS,
  type WatchControl,
  type WatchCreateRequest,
  type WatchMessages,
  type WatchQuoteRequest,
  type WatchTarget,
} from '../../protocol';

const watchIdSchema = z.string().min(1).max(100);

/** A profile address; whether it is one the service takes is checked where it is read (refused, not thrown). */
const watchTargetSchema = z.object({
  kind: z.enum(['person', 'company']),
  url: z.string().min(1).max(2000),
  name: z.string().max(500).optional(),
}) satisfies z.ZodType<WatchTarget>;

/** A watch list is at most as long as a list a file gives. */
const watchTargetsSchema = z.array(watchTargetSchema).min(1).max(LIST_LIMITS.rows);

const periodSchema = z.union(
  WATCH_PERIOD_DAYS.map((days) => z.literal(days)) as unknown as [
    z.ZodLiteral<7>,
    z.ZodLiteral<30>,
    z.ZodLiteral<90>,
  ],
);

const capSchema = z.number().int().min(0).nullable();

const watchQuoteSchema = z.object({
  targets: watchTargetsSchema,
  periodDays: periodSchema,
  freshness: z.enum(WATCH_FRESHNESS),
  listId: watchIdSchema.optional(),
}) satisfies z.ZodType<WatchQuoteRequest>;

const watchCreateSchema = z.object({
  startId: watchIdSchema,
  name: z.string().trim().min(1).max(200),
  targets: watchTargetsSchema,
  periodDays: periodSchema,
  freshness: z.enum(WATCH_FRESHNESS),
  cap: capSchema,
  confirmed: z.boolean().optional(),
  team: z.boolean().optional(),
}) satisfies z.ZodType<WatchCreateRequest>;

const watchControlSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('pause') }),
  z.object({ action: z.literal('resume'), confirmed: z.boolean().optional() }),
  z.object({ action: z.literal('run'), confirmed: z.boolean().optional() }),
  z.object({
    action: z.literal('settings'),
    periodDays: periodSchema.optional(),
    cap: capSchema.optional(),
    name: z.string().trim().min(1).max(200).optional(),
  }),
]) satisfies z.ZodType<WatchControl>;

export const watchSchemas = {
  'watch.quote': watchQuoteSchema,
  'watch.create': watchCreateSchema,
  'watch.add': z.object({ listId: watchIdSchema, targets: watchTargetsSchema }),
  'watch.lists': z.undefined(),
  'watch.list': z.object({ id: watchIdSchema }),
  'watch.of': z.object({ url: z.string().min(1).max(2000) }),
  'watch.control': z.object({ id: watchIdSchema, control: watchControlSchema }),
  'watch.remove': z.object({ id: watchIdSchema, key: z.string().min(1).max(2000) }),
  'watch.delete': z.object({ id: watchIdSchema }),
  'watch.changes': z.object({ listId: watchIdSchema.optional() }),
  'watch.seen': z.object({ ids: z.array(z.string().min(1).max(200)).max(100_000).optional() }),
} as const satisfies { [T in keyof WatchMessages]: z.ZodType };
