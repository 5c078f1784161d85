/**
 * The params a person's choices make of a profile's request: the panel asks with them, and the
 * background answers the panel's first question with the view of the same params (`panel.open`),
 * so both must write them alike. Pure; no zod.
 */

import { PARAM_FIELDS } from './api/fields';
import type { EndpointId } from './api/ids';
import { type Freshness, freshnessParams } from './freshness';

export interface Choices {
  freshness: Freshness;
  /** Include options chosen, e.g. `skills`. */
  included: readonly string[];
  /** v3: a maximum age the person accepted after a 409, replacing the freshness choice's. */
  maxAgeSeconds?: number | null;
}

/**
 * The params of a request as the person chose: the profile's identifier, each include option
 * chosen (in a stable order, so the same choice is the same question), and the freshness params,
 * always written out (lib/freshness.ts).
 */
export function paramsFor(
  endpointId: EndpointId,
  base: Readonly<Record<string, string>>,
  choices: Choices,
): Record<string, string | number> {
  const params: Record<string, string | number> = { ...base };
  for (const name of [...choices.included].sort()) params[name] = 'include';
  Object.assign(params, freshnessParams(PARAM_FIELDS[endpointId], choices.freshness));
  if (choices.maxAgeSeconds != null) params.maxAgeSeconds = choices.maxAgeSeconds;
  return params;
}

/** The include options chosen in params `paramsFor` wrote. */
export function includedOf(params: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(params).filter((name) => params[name] === 'include');
}
