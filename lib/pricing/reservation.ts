/**
 * What a call reserves of a budget while it is in flight, for the extension's daily budget
 * (lib/background/budget.ts) and a member's at the hub (hub/proxy.ts) alike: the most it may cost,
 * or, where no price is published (v3), an honest estimate (UNPUBLISHED_COST_ESTIMATE) until the
 * balance tells what it cost.
 */
import { UNPUBLISHED_COST_ESTIMATE } from '../api/assumptions';
import type { EndpointId } from '../api/ids';

export type Bounds = { min: number | null; max: number | null };

/** What a call's price is for the budget: its quote, or the estimate where none is published. */
export function budgetBounds(endpointId: EndpointId, quote: Bounds): Bounds & { estimated: boolean } {
  if (quote.min !== null || quote.max !== null) return { ...quote, estimated: false };
  const estimate = (UNPUBLISHED_COST_ESTIMATE as Partial<Record<EndpointId, number>>)[endpointId] ?? null;
  return { min: 0, max: estimate, estimated: true };
}

/** What a call reserves while it is in flight: the most it may cost (or its estimate). */
export function reservationOf(endpointId: EndpointId, quote: Bounds): number {
  const bounds = budgetBounds(endpointId, quote);
  return bounds.max ?? bounds.min ?? 0;
}
