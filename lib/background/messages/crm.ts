import { z } from 'zod';
import { CRM_REFERENCE_LIMITS } from '../../list-limits';
import type { CrmIdentity, CrmImportRequest, CrmMessages } from '../../protocol';

const cell = z.string().max(CRM_REFERENCE_LIMITS.cell).optional();

const identitySchema = z.object({
  profileUrl: cell,
  email: cell,
  fullName: cell,
  firstName: cell,
  lastName: cell,
  companyDomain: cell,
  companyName: cell,
}) satisfies z.ZodType<CrmIdentity>;

const importSchema = z.object({
  name: z.string().max(500),
  shape: z.enum(['hubspot-contacts', 'hubspot-companies', 'salesforce', 'pipedrive-people', 'mapped']),
  rows: z.array(identitySchema).min(1).max(CRM_REFERENCE_LIMITS.rows),
}) satisfies z.ZodType<CrmImportRequest>;

export const crmSchemas = {
  'crm.reference': z.undefined(),
  'crm.import': importSchema,
  'crm.clear': z.undefined(),
  // A list's rows at most (a page asks about what it quotes).
  'crm.match': z.object({ rows: z.array(identitySchema).max(CRM_REFERENCE_LIMITS.matchRows) }),
} as const satisfies { [T in keyof CrmMessages]: z.ZodType };
