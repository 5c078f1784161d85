/**
 * The key of a cached answer, for the extension's cache (lib/background/cache.ts) and the hub's
 * shared one (hub/cache.ts) alike: endpoint + canonical params (sorted, defaults filled in,
 * freshness parameters left out), so "the same question" asked with different freshness wishes
 * finds the same answer.
 */
import type { EndpointId } from '../api/ids';
import { FRESHNESS_PARAMS } from '../api/params';

export function cacheKey(endpointId: EndpointId, canonicalParams: Record<string, unknown>): string {
  const identity = Object.entries(canonicalParams)
    .filter(([name, value]) => value !== undefined && !(FRESHNESS_PARAMS as readonly string[]).includes(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${endpointId}?${new URLSearchParams(identity.map(([k, v]) => [k, String(v)])).toString()}`;
}
