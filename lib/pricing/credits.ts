/**
 * Credits are money: quote a request before it is sent, reconcile its answer after. Both interpret
 * the cost rules of `lib/api/costs.ts` (the spec's Limits table as data); no amount lives here.
 *
 * Only 200 answers are charged; an error answer costs nothing, so it is never reconciled.
 */
import type {
  Charge,
  CostComponent,
  CostRule,
  CreditAmount,
  ParamCondition,
  PublishedCostRule,
} from '../api/costs';
import { type EndpointId, endpoints } from '../api/endpoints';

/** `growth` is a Growth or larger subscription; `standard` any other. */
export type Plan = 'growth' | 'standard';

export interface CreditQuote {
  /** Fewest credits the request can cost when it succeeds; null when the cost is not published. */
  min: number | null;
  /** Most it can cost; null when not published, or when nothing bounds it (per email returned...). */
  max: number | null;
  /** One line per component of the cost, for the UI. */
  lines: string[];
}

export interface CreditOptions {
  plan: Plan;
}

/** Canonical params, or any params about to be parsed into them. */
type Params = Readonly<Record<string, unknown>>;

/** Quotes a request whose params are already canonical (parsed by `endpoints[id].params`). */
export function quoteCanonical(id: EndpointId, params: Params, { plan }: CreditOptions): CreditQuote {
  const rule: CostRule = endpoints[id].cost;
  if (!rule.published) return { min: null, max: null, lines: [rule.note] };

  const maxResults = rule.results ? maxResultsOf(id, rule.results.maxFrom, params) : 0;
  const applied = appliedComponents(rule, params);
  let min = 0;
  let max = 0;
  for (const component of applied) {
    for (const charge of component.charges) {
      const bounds = chargeBounds(charge, plan, maxResults);
      min += bounds.min;
      max += bounds.max;
    }
  }
  if (rule.noMatch) {
    // A 200 without a match charges only what the rule says it still charges; it may be the cheapest
    // outcome (similarity_checks=skip) or, in principle, not.
    const noMatchCost = sumCharges(noMatchComponents(applied, params), plan, null, 0);
    min = Math.min(min, noMatchCost);
    max = Math.max(max, noMatchCost);
  }
  return {
    min,
    max: Number.isFinite(max) ? max : null,
    lines: applied.map((component) => describeComponent(component, rule, plan, maxResults, params)),
  };
}

/** The quote of canonical params, or "not known" when they can no longer be quoted (an old job). */
export function quoteOrUnknown(id: EndpointId, canonical: Params, plan: CreditOptions['plan']): CreditQuote {
  try {
    return quoteCanonical(id, canonical, { plan });
  } catch {
    return { min: null, max: null, lines: [] };
  }
}

/**
 * The credits a 200 answer cost: results counted, optional data that came back charged, a lookup
 * without a match charged as its rule says. null when the endpoint's cost is not published (v3).
 */
export function reconcileCanonical(
  id: EndpointId,
  canonical: Params,
  response: unknown,
  { plan }: CreditOptions,
): number | null {
  const rule: CostRule = endpoints[id].cost;
  if (!rule.published) return null;

  const applied = appliedComponents(rule, canonical);
  if (rule.noMatch && isNoMatch(response, rule.noMatch.nullFields)) {
    return sumCharges(noMatchComponents(applied, canonical), plan, response, 0);
  }
  return sumCharges(applied, plan, response, rule.results ? countResults(id, response) : 0);
}

function appliedComponents(rule: PublishedCostRule, params: Params): CostComponent[] {
  return rule.components.filter((component) => !component.when || holds(component.when, params));
}

function noMatchComponents(applied: readonly CostComponent[], params: Params): CostComponent[] {
  return applied.filter(
    ({ chargedOnNoMatch }) =>
      chargedOnNoMatch !== undefined && (chargedOnNoMatch === 'always' || holds(chargedOnNoMatch, params)),
  );
}

function holds(condition: ParamCondition, params: Params): boolean {
  if ('anyOf' in condition) return condition.anyOf.some((each) => holds(each, params));
  const value = params[condition.param];
  if ('is' in condition) return value === condition.is;
  if ('isNot' in condition) return value !== condition.isNot;
  return value !== undefined && value !== null && value !== '';
}

function amountFor(amount: CreditAmount, plan: Plan): number {
  return typeof amount === 'number' ? amount : amount[plan];
}

/** Bounds of one charge before the answer is known. `max` is Infinity when nothing bounds it. */
function chargeBounds(charge: Charge, plan: Plan, maxResults: number): { min: number; max: number } {
  const amount = amountFor(charge.amount, plan);
  switch (charge.per) {
    case 'request':
      return { min: charge.onlyIfReturned ? 0 : amount, max: amount };
    case 'result':
      return { min: 0, max: amount * maxResults };
    case 'item':
      return { min: 0, max: amount > 0 ? Number.POSITIVE_INFINITY : 0 };
  }
}

/** What one charge cost, given the answer and how many results it held. */
function chargeActual(charge: Charge, plan: Plan, response: unknown, results: number): number {
  const amount = amountFor(charge.amount, plan);
  switch (charge.per) {
    case 'request':
      return !charge.onlyIfReturned || carriesData(field(response, charge.onlyIfReturned)) ? amount : 0;
    case 'result':
      return amount * results;
    case 'item': {
      const items = field(response, charge.field);
      return Array.isArray(items) ? amount * items.length : 0;
    }
  }
}

function sumCharges(
  components: readonly CostComponent[],
  plan: Plan,
  response: unknown,
  results: number,
): number {
  let total = 0;
  for (const component of components) {
    for (const charge of component.charges) total += chargeActual(charge, plan, response, results);
  }
  return total;
}

function field(response: unknown, key: string): unknown {
  return typeof response === 'object' && response !== null
    ? (response as Record<string, unknown>)[key]
    : undefined;
}

/** "Only if data is available": present, not null, not an empty string, array or object. */
function carriesData(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function isNoMatch(response: unknown, nullFields: readonly string[]): boolean {
  return response === null || nullFields.every((key) => field(response, key) == null);
}

function countResults(id: EndpointId, response: unknown): number {
  const key = endpoints[id].resultsKey;
  if (!key) throw new Error(`Cost rule of ${id} charges per result but the endpoint names no results key`);
  const results = field(response, key);
  return Array.isArray(results) ? results.length : 0;
}

/** Canonical params always fill in the page size; its absence means they were not parsed. */
function maxResultsOf(id: EndpointId, param: string, params: Params): number {
  const value = params[param];
  if (typeof value !== 'number')
    throw new Error(`Params of ${id} are not canonical: ${param} is not a number`);
  return value;
}

const PLAN_NOTES: Record<Plan, string> = { growth: 'Growth or larger plan', standard: 'plan below Growth' };

function describeComponent(
  component: CostComponent,
  rule: PublishedCostRule,
  plan: Plan,
  maxResults: number,
  params: Params,
): string {
  const isBase = component.when === undefined;
  const charges = component.charges.map((charge) => describeCharge(charge, isBase, rule, plan, maxResults));
  let line = `${component.label}: ${charges.join(' and ')}`;
  if (rule.noMatch && isBase) {
    const charged = noMatchComponents([component], params).length > 0;
    line += charged ? ', charged even when nothing matches' : ', not charged when nothing matches';
  }
  return line;
}

function describeCharge(
  charge: Charge,
  isBase: boolean,
  rule: PublishedCostRule,
  plan: Plan,
  maxResults: number,
): string {
  const amount = amountFor(charge.amount, plan);
  const signed = isBase ? `${amount}` : `+${amount}`;
  const planNote = typeof charge.amount === 'number' ? '' : ` (${PLAN_NOTES[plan]})`;
  switch (charge.per) {
    case 'request':
      return `${signed}${planNote}${charge.onlyIfReturned ? ', only if found' : ''}`;
    case 'result': {
      const noun = rule.results?.noun ?? 'result';
      return `${signed} per ${noun} returned × up to ${maxResults} = ${amount * maxResults}${planNote}`;
    }
    case 'item':
      return `${signed} per ${charge.itemNoun} returned, only if found (no upper bound)`;
  }
}
