import { z } from 'zod';
import type { FindingsMessages } from '../../protocol';

/**
 * A content script's report: only its envelope here; each entry is checked on its own, and the
 * whole capped in size, by lib/background/findings-check.ts (one bad entry drops that entry, not the report).
 */
const findingsReportSchema = z.object({
  pageUrl: z.string(),
  page: z.unknown(),
  profiles: z.array(z.unknown()),
  emails: z.array(z.unknown()),
  scannedAt: z.number(),
});

export const findingsSchemas = {
  'findings.report': findingsReportSchema,
  'findings.get': z.object({ tabId: z.number().int() }),
  'tab.scan': z.object({ tabId: z.number().int().min(0) }),
  'scanEverySite.get': z.undefined(),
  'scanEverySite.set': z.object({ enabled: z.boolean() }),
} as const satisfies { [T in keyof FindingsMessages]: z.ZodType };
