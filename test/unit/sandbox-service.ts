/**
 * The background's service over the sandbox app (no socket) and the fake IndexedDB, as the unit
 * tests of what it keeps use it: settings pointing at the sandbox, and a scheduler paced fast
 * (these tests are about what is sent and kept, not about the rate limit).
 */
import { createClient } from '../../lib/api/client';
import { openDb } from '../../lib/db';
import { createScheduler } from '../../lib/scheduler';
import { createService } from '../../lib/service';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings';
import type { createSandbox } from '../../sandbox/app';

export const SANDBOX_SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  apiKey: 'demo',
  baseUrlV2: 'https://sandbox.test',
  baseUrlV3: 'https://sandbox.test',
  onboarded: true,
};

export function sandboxService(sandbox: ReturnType<typeof createSandbox>, settings = SANDBOX_SETTINGS) {
  return createService({
    db: openDb,
    settings: async () => settings,
    client: (s, pace) =>
      createClient({
        ...s,
        pace,
        fetch: (request: Request) => Promise.resolve(sandbox.app.request(request)),
      }),
    scheduler: createScheduler({ ratePerMinute: 60_000 }),
  });
}
