import { z } from 'zod';
import type { PrivacyMessages } from '../../protocol';

export const privacySchemas = {
  'cache.clear': z.undefined(),
  forget: z.object({ subject: z.string().trim().min(3).max(2000) }),
  'history.clear': z.undefined(),
  'stored.export': z.undefined(),
  'doNotEnrich.get': z.undefined(),
  // Up to about 20,000 lines of addresses, domains and profile URLs.
  'doNotEnrich.set': z.object({ text: z.string().max(2_000_000) }),
} as const satisfies { [T in keyof PrivacyMessages]: z.ZodType };
