import { z } from 'zod';
import { ENDPOINT_IDS } from '../../api/ids';
import {
  type BatchMessages,
  type BatchStartRequest,
  FINDINGS_LIMITS,
  type PeekRequest,
} from '../../protocol';
import { identitySchema } from './crm';
import { rawParamsSchema } from './views';

export const peekRequestSchema = z.object({
  endpointId: z.enum(ENDPOINT_IDS),
  params: rawParamsSchema,
  identity: identitySchema.optional(),
}) satisfies z.ZodType<PeekRequest>;

/** A page lists at most every profile and e-mail address of one findings report. */
const BATCH_ROWS_MAX = FINDINGS_LIMITS.profiles + FINDINGS_LIMITS.emails;

const batchStartSchema = z.object({
  startId: z.string().min(1).max(100),
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

export const batchSchemas = {
  'batch.peek': z.object({ requests: z.array(peekRequestSchema).max(BATCH_ROWS_MAX) }),
  'batch.start': batchStartSchema,
  'batch.get': z.object({ tabId: z.number().int().min(0) }),
  'batch.cancel': z.object({ batchId: z.string().min(1).max(100) }),
} as const satisfies { [T in keyof BatchMessages]: z.ZodType };
