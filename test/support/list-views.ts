/** A list's request as the background shows it (lib/protocol/lists.ts ListRequestView): queued unless told. */
import type { ListRequestView } from '../../lib/protocol';

export function listRequestView(key: string, patch: Partial<ListRequestView> = {}): ListRequestView {
  return {
    key,
    endpointId: 'person.profile',
    asked: `Person profile · ${key}`,
    status: 'queued',
    quote: { min: 1, max: 1, lines: [] },
    credits: null,
    cached: false,
    fetchedAt: null,
    freshness: 'if-present',
    enriched: null,
    noMatch: false,
    error: null,
    interrupted: null,
    updatedAt: 1,
    ...patch,
  };
}
