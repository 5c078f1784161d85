/** Settings and account: the settings as pages see them (never the key), the connection, the spending. */
import type { Settings } from '../../settings';
import type { PublicSettings } from '../messages';
import type { EnrichmentService } from '../service';
import { checkSettingsPatch } from '../settings-schema';
import type { Handle } from './router';

export function publicSettings(settings: Settings): PublicSettings {
  const { apiKey, ...rest } = settings;
  return { ...rest, apiKeySet: apiKey !== '', apiKeyHint: apiKey.length > 4 ? apiKey.slice(-4) : '' };
}

export interface SettingsRouteDeps {
  service: EnrichmentService;
  getSettings: () => Promise<Settings>;
  updateSettings: (patch: Partial<Settings>) => Promise<Settings>;
}

export function registerSettingsRoutes(
  handle: Handle,
  { service, getSettings, updateSettings }: SettingsRouteDeps,
): void {
  handle('settings.get', async () => publicSettings(await getSettings()));

  handle('settings.save', async (data) => {
    const checked = checkSettingsPatch(data);
    if (!checked.ok) return checked;
    return { ok: true, settings: publicSettings(await updateSettings(checked.patch)) };
  });

  handle('connection.test', (data) => service.testConnection(data));

  handle('account.get', () => service.account());
}
