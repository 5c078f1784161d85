/**
 * The person's own key (./index.ts `Connection`): the service itself at the base URLs from the
 * settings. Its quote is the price list's, its budget is the extension's own daily budget, a charge
 * is what the answer tells, and a lost answer is settled from the service's free balance.
 */
import type { Settings } from '../../settings';
import type { Connection } from './types';

export function ownKey(settings: Settings): Connection {
  const { apiKey, baseUrlV2, baseUrlV3 } = settings;
  return {
    address: { apiKey, baseUrlV2, baseUrlV3, hub: false },
    paceKey: apiKey,
    addresses: [
      ['The base URL (v2)', baseUrlV2],
      ['The base URL (v3)', baseUrlV3],
    ],
    notConfigured: 'No API key or base URL is set. Open the options to set them.',
    clickQuote: async (_client, _endpointId, _canonical, listed) => listed,
    // Nothing beyond this browser: its cache, CRM reference and do-not-enrich list said theirs.
    peekMany: async () => null,
    budgetLeft: async () => undefined,
    member: () => null,
    chargeOf: (_answer, priced) => ({ credits: priced() }),
    balance: (client) => client.creditBalance(),
    readsBalance: true,
    syncForgotten: async () => 0,
    teamWatch: null,
    explain: (error) => error,
  };
}
