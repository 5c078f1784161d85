import { z } from 'zod';
import { CRM_REFERENCE_LIMITS } from '../../list-limits';
import type { CrmIdentity, CrmImportPart, CrmImportRequest, CrmMessages } from '../../protocol';

const cell = z.string().max(CRM_REFERENCE_LIMITS.cell).optional();

export const identitySchema = z.object({
  profileUrl: cell,
  email: cell,
  fullName: cell,
  firstName: cell,
  lastName: cell,
  companyDomain: cell,
  companyName: cell,
}) satisfies z.ZodType<CrmIdentity>;

const shape = z.enum(['hubspot-contacts', 'hubspot-companies', 'salesforce', 'pipedrive-people', 'mapped']);

/** An import's id: the page's crypto.randomUUID(). */
const importId = z.string().min(1).max(100);

// A part is a run of an export's rows (lib/background/crm/import-parts.ts holds the export to its
// rows' limit as its parts add up); an export has at most one part per row.
const partSchema = z.object({
  importId,
  index: z
    .number()
    .int()
    .min(0)
    .max(CRM_REFERENCE_LIMITS.rows - 1),
  rows: z.array(identitySchema).min(1).max(CRM_REFERENCE_LIMITS.rows),
}) satisfies z.ZodType<CrmImportPart>;

const importSchema = z.object({
  importId,
  name: z.string().max(500),
  shape,
  parts: z.number().int().min(1).max(CRM_REFERENCE_LIMITS.rows),
  rows: z.number().int().min(1).max(CRM_REFERENCE_LIMITS.rows),
}) satisfies z.ZodType<CrmImportRequest>;

export const crmSchemas = {
  'crm.reference': z.undefined(),
  'crm.importPart': partSchema,
  'crm.import': importSchema,
  'crm.clear': z.undefined(),
  // A list's rows at most (a page asks about what it quotes).
  'crm.match': z.object({ rows: z.array(identitySchema).max(CRM_REFERENCE_LIMITS.matchRows) }),
} as const satisfies { [T in keyof CrmMessages]: z.ZodType };
