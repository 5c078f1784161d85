/** The popup's recent searches and lookups: questions, not answers (those are cached). */
import type { EndpointId } from '../api/ids';
import type { RawParamsMessage } from './views';

/**
 * A search or lookup the person ran from the popup, kept to reopen it: the params as the form gave
 * them (blank fields left out, no cursor). Reopening asks `view.open` with them, which serves the
 * cached answer at 0 credits while the cache holds it. Kept in IndexedDB (lib/background/recent.ts).
 */
export interface RecentEntry {
  /** The same question has the same id: endpoint and params, sorted (lib/background/recent.ts recentId). */
  id: string;
  endpointId: EndpointId;
  params: RawParamsMessage;
  /** A short, key-free summary ("first_name=Ada country=GB"), from summarizeParams. */
  summary: string;
  /** Last time it was run or reopened (ms since epoch). */
  at: number;
}

export interface RecentInput {
  endpointId: EndpointId;
  params: RawParamsMessage;
}

export interface RecentMessages {
  /** The popup's recent searches and lookups, newest first. */
  'recent.list'(): RecentEntry[];
  /** Remember (or move to the top) a search or lookup the person ran or reopened. */
  'recent.add'(data: RecentInput): { ok: true };
  'recent.remove'(data: { id: string }): { ok: true };
  'recent.clear'(): { ok: true };
}
