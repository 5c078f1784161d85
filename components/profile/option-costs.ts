/**
 * What one option adds to a request's price, in words, read from the Limits table as data
 * (lib/api/costs.ts: the one module that knows a credit amount): "+1 credit", "+9 credits",
 * "+1 credit per email returned, only if data is available", "no extra credit", or "cost not
 * published" (v3). The whole action's quote still comes from the background; these words tell a
 * person, next to each choice, what that choice adds. Plain data, no zod.
 */
import { type Charge, type CreditAmount, costRules, type ParamCondition } from '@/lib/api/costs';
import { PARAM_FIELDS } from '@/lib/api/fields';
import type { EndpointId } from '@/lib/api/ids';
import { FRESHNESS_LABELS, type Freshness, freshnessParams } from '@/lib/freshness';
import { creditCount } from '@/lib/quote-format';

type ParamValues = Readonly<Record<string, string | number | boolean | undefined>>;

function holds(condition: ParamCondition, params: ParamValues): boolean {
  if ('anyOf' in condition) return condition.anyOf.some((inner) => holds(inner, params));
  const value = params[condition.param];
  if ('is' in condition) return value === condition.is;
  if ('isNot' in condition) return value !== undefined && value !== condition.isNot;
  return value !== undefined && value !== null && value !== '';
}

function amountWords(amount: CreditAmount): string {
  if (typeof amount === 'number') return `+${creditCount(amount)}`;
  return amount.growth === amount.standard
    ? `+${creditCount(amount.growth)}`
    : `+${amount.growth} (Growth plans) or +${creditCount(amount.standard)}`;
}

function chargeWords(charge: Charge): string {
  switch (charge.per) {
    case 'request':
      if (charge.amount === 0) return 'no extra credit';
      return charge.onlyIfReturned
        ? `${amountWords(charge.amount)}, only if data is available`
        : amountWords(charge.amount);
    case 'item':
      return `${amountWords(charge.amount)} per ${charge.itemNoun} returned, only if data is available`;
    case 'result':
      return `${amountWords(charge.amount)} per result`;
  }
}

/**
 * What `added` (one option's params, e.g. `{skills: 'include'}`) adds to the endpoint's base price,
 * or null when it adds nothing at all (it matches no addition of the table).
 */
export function additionWords(endpointId: EndpointId, added: ParamValues): string | null {
  const rule = costRules[endpointId];
  if (!rule.published) return 'cost not published';
  const words = rule.components
    .filter((component) => component.when !== undefined && holds(component.when, added))
    .flatMap((component) => component.charges.map(chargeWords));
  return words.length > 0 ? words.join(' and ') : null;
}

/** What choosing `freshness` adds on this endpoint: "+1 credit", "+9 credits", or null (nothing). */
export function freshnessAddition(endpointId: EndpointId, freshness: Freshness): string | null {
  return additionWords(endpointId, freshnessParams(PARAM_FIELDS[endpointId], freshness));
}

/**
 * "Any age (cheapest)", "29 days or less (+1 credit)", "Live now (+9 credits)" on this endpoint;
 * the bare choices where its prices are not published.
 */
export function freshnessOptionLabel(endpointId: EndpointId, freshness: Freshness): string {
  // Where prices are not published (v3), no choice can be called cheaper than another.
  if (!costRules[endpointId].published) return FRESHNESS_LABELS[freshness];
  if (freshness === 'if-present') return `${FRESHNESS_LABELS[freshness]} (cheapest)`;
  const added = freshnessAddition(endpointId, freshness);
  return added ? `${FRESHNESS_LABELS[freshness]} (${added})` : FRESHNESS_LABELS[freshness];
}
