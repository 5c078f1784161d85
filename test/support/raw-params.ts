/**
 * Tests speak in the params a person enters; the product parses them once (`canonicalParams`) and
 * everything after reads canonical params. These compose the two, so that a test reads like the
 * request it makes without the product keeping raw-param variants alive for tests alone.
 */

import { nextCursor } from '../../lib/api/cursor';
import { canonicalParams, type EndpointId, endpoints } from '../../lib/api/endpoints';
import type { CallOptions, Client } from '../../lib/background/api/client';
import { type CreditOptions, quoteCanonical, reconcileCanonical } from '../../lib/pricing/credits';

/** Parses, then calls: refused params throw `invalid` and send nothing, as in the background. */
export function callRaw<Id extends EndpointId>(
  client: Client,
  id: Id,
  params: Readonly<Record<string, unknown>>,
  opts?: CallOptions,
) {
  return Promise.resolve().then(() => client.callCanonical(id, canonicalParams(id, params), opts));
}

export function quoteRaw(id: EndpointId, params: Readonly<Record<string, unknown>>, options: CreditOptions) {
  return quoteCanonical(id, canonicalParams(id, params), options);
}

/** Raw or canonical params: parsing canonical params gives them back unchanged. */
export function reconcileRaw(
  id: EndpointId,
  params: Readonly<Record<string, unknown>>,
  response: unknown,
  options: CreditOptions,
) {
  return reconcileCanonical(id, canonicalParams(id, params), response, options);
}

/** Every page of an answer, each with the cursor of the one after it (null on the last). */
export async function* walkPages<Id extends EndpointId>(
  client: Client,
  id: Id,
  params: Readonly<Record<string, unknown>>,
) {
  const rule = endpoints[id].cursor;
  let cursor: string | null = null;
  do {
    const page = await callRaw(
      client,
      id,
      cursor === null || !rule ? params : { ...params, [rule.sendParam]: cursor },
    );
    cursor = nextCursor(id, page.data);
    yield { ...page, nextCursor: cursor };
  } while (cursor !== null);
}
