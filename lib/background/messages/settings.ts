import { z } from 'zod';
import type { ConnectionTest, SettingsMessages } from '../../protocol';
import { CONNECTIONS } from '../../settings';

const connectionTestSchema = z.object({
  apiKey: z.string().optional(),
  baseUrlV2: z.string().optional(),
  baseUrlV3: z.string().optional(),
  connection: z.enum(CONNECTIONS).optional(),
  hubUrl: z.string().optional(),
  hubToken: z.string().optional(),
}) satisfies z.ZodType<ConnectionTest>;

export const settingsSchemas = {
  'settings.get': z.undefined(),
  // Checked field by field by the handler (settings-schema's checkSettingsPatch), which answers
  // which field is wrong in a person's words.
  'settings.save': z.record(z.string(), z.unknown()),
  'connection.test': connectionTestSchema,
  'account.get': z.undefined(),
} as const satisfies { [T in keyof SettingsMessages]: z.ZodType };
