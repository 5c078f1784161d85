/** Settings and account: the settings as pages see them (never the key), the connection, the spending. */
import type { Settings } from '../../settings';
import type { PublicSettings } from '../messages';
import type { EnrichmentService } from '../service';
import { checkSettingsPatch } from '../settings-schema';
import type { Handle } from './router';

export function publicSettings(settings: Settings): PublicSettings {
  const { apiKey, hubToken, ...rest } = settings;
  const hint = (secret: string) => (secret.length > 4 ? secret.slice(-4) : '');
  return {
    ...rest,
    apiKeySet: apiKey !== '',
    apiKeyHint: hint(apiKey),
    hubTokenSet: hubToken !== '',
    hubTokenHint: hint(hubToken),
  };
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
