/**
 * Views and runs: a view opens (its quote and cached answer, never spending), a request runs under
 * the person's budget (lib/background/service.ts), and the side panel's first look at a tab.
 */
import { storage } from 'wxt/utils/storage';
import { ApiError } from '../../api/errors';
import { paramsFor } from '../../profile-params';
import { enrichRequestOf } from '../../profiles';
import { findingsItemKey, isConfigured, type Settings } from '../../settings';
import type { Findings } from '../messages';
import type { EnrichmentService } from '../service';
import type { Handle } from './router';
import { publicSettings } from './settings';

export interface ViewRouteDeps {
  service: EnrichmentService;
  getSettings: () => Promise<Settings>;
}

export function registerViewRoutes(handle: Handle, { service, getSettings }: ViewRouteDeps): void {
  handle('panel.open', async ({ tabId }) => {
    const [settings, findings] = await Promise.all([
      getSettings(),
      storage.getItem<Findings>(findingsItemKey(tabId)),
    ]);
    // The page's profile as the panel asks it first (lib/profile-params.ts, its default freshness).
    const request = findings?.page && isConfigured(settings) ? enrichRequestOf(findings.page) : null;
    const params =
      request &&
      paramsFor(request.endpointId, request.params, { freshness: settings.profileFreshness, included: [] });
    const pageView =
      request && params
        ? { endpointId: request.endpointId, params, view: await service.openView(request.endpointId, params) }
        : null;
    return { settings: publicSettings(settings), findings, pageView };
  });

  handle('quote', async (data) => {
    const { endpointId, params } = data;
    try {
      return { ok: true, quote: await service.quote(endpointId, params) };
    } catch (error) {
      return { ok: false, error: (error instanceof ApiError ? error : new ApiError('invalid')).toJSON() };
    }
  });

  handle('view.open', ({ endpointId, params }) => service.openView(endpointId, params));

  handle('run', (data) => service.run(data));
}
