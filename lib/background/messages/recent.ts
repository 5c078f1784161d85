import { z } from 'zod';
import { ENDPOINT_IDS } from '../../api/ids';
import type { RecentInput, RecentMessages } from '../../protocol';
import { rawParamsSchema } from './views';

const recentInputSchema = z.object({
  endpointId: z.enum(ENDPOINT_IDS),
  params: rawParamsSchema,
}) satisfies z.ZodType<RecentInput>;

export const recentSchemas = {
  'recent.list': z.undefined(),
  'recent.add': recentInputSchema,
  'recent.remove': z.object({ id: z.string().max(10_000) }),
  'recent.clear': z.undefined(),
} as const satisfies { [T in keyof RecentMessages]: z.ZodType };
