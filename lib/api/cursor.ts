/**
 * Paging, read the one way pages and tests read it: the cursor of the next page is a query
 * parameter of an address in the answer (`endpointInfo[id].cursor`), sent back in a request
 * parameter. Plain data only (no zod): pages import it.
 */
import { endpointInfo } from './endpoint-info';
import type { EndpointId } from './ids';

/**
 * The cursor of the next page in an answer: the `readParam` query parameter of the address in the
 * answer's `field` (e.g. `after` of `next_page`). Null on the last page or when it cannot be read.
 */
export function nextCursor(endpointId: EndpointId, data: unknown): string | null {
  const rule = endpointInfo[endpointId].cursor;
  if (!rule || typeof data !== 'object' || data === null) return null;
  const address = (data as Record<string, unknown>)[rule.field];
  if (typeof address !== 'string' || address.trim() === '') return null;
  try {
    // A relative address is read against a placeholder origin: only its query matters here.
    const value = new URL(address, 'http://placeholder.invalid').searchParams.get(rule.readParam);
    return value === null || value === '' ? null : value;
  } catch {
    return null;
  }
}
