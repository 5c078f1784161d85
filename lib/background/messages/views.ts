import { z } from 'zod';
import { ENDPOINT_IDS } from '../../api/ids';
import type { QuoteRequest, RunRequest, ViewMessages } from '../../protocol';

/** Params as a page sends them (RawParamsMessage); the service reads them against the endpoint's own. */
export const rawParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

const quoteRequestSchema = z.object({
  endpointId: z.enum(ENDPOINT_IDS),
  params: rawParamsSchema,
}) satisfies z.ZodType<QuoteRequest>;

const runRequestSchema = z.object({
  requestId: z.string().min(8).max(100),
  endpointId: z.enum(ENDPOINT_IDS),
  params: rawParamsSchema,
  policy: z.enum(['cache-only', 'cache-first', 'refresh']),
  confirmed: z.boolean().optional(),
  replay: z.boolean().optional(),
  automatic: z.boolean().optional(),
}) satisfies z.ZodType<RunRequest>;

export const viewSchemas = {
  'panel.open': z.object({ tabId: z.number().int().min(0) }),
  quote: quoteRequestSchema,
  'view.open': quoteRequestSchema,
  run: runRequestSchema,
} as const satisfies { [T in keyof ViewMessages]: z.ZodType };
