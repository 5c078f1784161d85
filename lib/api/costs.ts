/**
 * The Limits table of the spec ("Credits"), written as data: one rule per endpoint. `lib/pricing/credits.ts`
 * interprets these rules to quote a request before it is sent and to reconcile the answer after;
 * no other module knows a credit amount. Each rule reads the CANONICAL params (every default filled
 * in), so a parameter left at its default is charged as that default.
 *
 * Only successful (200) answers are charged ("Credits are charged per successful request unless
 * stated"): an error answer costs nothing, so no rule below describes one.
 */
import { PERSON_ENRICHMENT_FIELDS } from './assumptions';
import type { EndpointId } from './ids';
import type { ParamName } from './params';

/** An amount that depends on the subscription: `growth` is Growth or larger, `standard` the others. */
export interface PlanAmounts {
  growth: number;
  standard: number;
}

export type CreditAmount = number | PlanAmounts;

/**
 * A test on one canonical parameter (or several, with `anyOf`). `P` is the endpoint's parameter
 * names (`ParamName<Id>`), so a condition naming a parameter the endpoint does not have fails the
 * typecheck.
 */
export type ParamCondition<P extends string = string> =
  | { readonly param: P; readonly is: string | number | boolean }
  | { readonly param: P; readonly isNot: string | number | boolean }
  /** The parameter holds a value (not absent, null or an empty string). */
  | { readonly param: P; readonly given: true }
  | { readonly anyOf: readonly ParamCondition<P>[] };

/** One charge of a component, and what it is multiplied by. */
export type Charge =
  /** Once per request. With `onlyIfReturned`, only when that field of the answer carries data. */
  | { per: 'request'; amount: CreditAmount; onlyIfReturned?: string }
  /** Per result of a listing or search (the rule's `results`); at most `page_size` of them. */
  | { per: 'result'; amount: CreditAmount }
  /** Per entry of an array field of the answer; nothing bounds how many entries come back. */
  | { per: 'item'; amount: number; field: string; itemNoun: string };

/** One part of a Limits row: the base, or one addition. */
export interface CostComponent<P extends string = string> {
  /** Start of the line the UI shows for it, e.g. `use_cache=if-recent`. */
  label: string;
  /** When it applies; absent for the base, which always does. */
  when?: ParamCondition<P>;
  charges: readonly Charge[];
  /**
   * Lookups only: whether this component is still charged when a 200 answer holds no match.
   * Absent: not charged then.
   */
  chargedOnNoMatch?: ParamCondition<P> | 'always';
}

export interface PublishedCostRule<P extends string = string> {
  published: true;
  /** The base first, then the additions in the table's order. */
  components: readonly CostComponent<P>[];
  /** Endpoints charging per result: what one result is called, and the parameter capping how many. */
  results?: { noun: string; maxFrom: P & 'page_size' };
  /** Lookups that can answer 200 with no match: the answer then has all these fields null (or is null). */
  noMatch?: { nullFields: readonly string[] };
}

export interface UnpublishedCostRule {
  published: false;
  /** The one line a quote shows. */
  note: string;
}

export type CostRule<P extends string = string> = PublishedCostRule<P> | UnpublishedCostRule;

/** Parameter names of the profile endpoints' freshness: the same on person, company and school. */
type FreshnessParam = 'use_cache' | 'live_fetch';

/** The base: no condition, so it fits every endpoint's rule. */
const base = (amount: number): CostComponent<never> => ({
  label: 'Base',
  charges: [{ per: 'request', amount }],
});
const basePerResult = (amount: number): CostComponent<never> => ({
  label: 'Base',
  charges: [{ per: 'result', amount }],
});

const ifRecent = { param: 'use_cache', is: 'if-recent' } as const;
const liveFetchForce = { param: 'live_fetch', is: 'force' } as const;

/**
 * Freshness of the profile endpoints. Charged whenever chosen, found or not: the Person Profile
 * row says "all additions only if data is available, except freshness".
 */
const profileFreshness: readonly CostComponent<FreshnessParam>[] = [
  { label: 'use_cache=if-recent', when: ifRecent, charges: [{ per: 'request', amount: 1 }] },
  { label: 'live_fetch=force', when: liveFetchForce, charges: [{ per: 'request', amount: 9 }] },
];

/** "Growth or larger subscription" +1, "others" +2. */
const perResultByPlan: PlanAmounts = { growth: 1, standard: 2 };

const included = <P extends string>(param: P): ParamCondition<P> => ({ param, is: 'include' });

type PersonFlag = keyof typeof PERSON_ENRICHMENT_FIELDS & ParamName<'person.profile'>;

/** A Person Profile flag charged +1 once, only when its field came back with data. */
function personFlagIfReturned(param: PersonFlag): CostComponent<PersonFlag> {
  return {
    label: param,
    when: included(param),
    charges: [{ per: 'request', amount: 1, onlyIfReturned: PERSON_ENRICHMENT_FIELDS[param] }],
  };
}

/** A Person Profile flag charged +1 per entry of its field; no upper bound is published. */
function personFlagPerItem(
  param: 'personal_contact_number' | 'personal_email',
  itemNoun: string,
): CostComponent<PersonFlag> {
  return {
    label: param,
    when: included(param),
    charges: [{ per: 'item', amount: 1, field: PERSON_ENRICHMENT_FIELDS[param], itemNoun }],
  };
}

type CompanyBlock = 'categories' | 'funding_data' | 'exit_data' | 'acquisitions' | 'extra';

/** Company Profile optional blocks: +1 each when requested. */
function companyBlock(param: CompanyBlock): CostComponent<CompanyBlock> {
  return { label: param, when: included(param), charges: [{ per: 'request', amount: 1 }] };
}

/** Lookups with `enrich_profile=enrich`: +1, only when the answer carries the profile. */
const enrichIfProfileReturned: CostComponent<'enrich_profile'> = {
  label: 'enrich_profile=enrich',
  when: { param: 'enrich_profile', is: 'enrich' },
  charges: [{ per: 'request', amount: 1, onlyIfReturned: 'profile' }],
};

const lookupNoMatch = { nullFields: ['url', 'profile'] } as const;

const enrichPerResult: CostComponent<'enrich_profiles'> = {
  label: 'enrich_profiles=enrich',
  when: { param: 'enrich_profiles', is: 'enrich' },
  charges: [{ per: 'result', amount: 1 }],
};
const countryPerResult: CostComponent<'country'> = {
  label: 'country',
  when: { param: 'country', given: true },
  charges: [{ per: 'result', amount: 3 }],
};
const sortedListing: CostComponent<'sort_by'> = {
  label: 'sort_by other than none',
  when: { param: 'sort_by', isNot: 'none' },
  charges: [
    { per: 'request', amount: 50 },
    { per: 'result', amount: 10 },
  ],
};
const resolveNumericId: CostComponent<'resolve_numeric_id'> = {
  label: 'resolve_numeric_id=true',
  when: { param: 'resolve_numeric_id', is: 'true' },
  charges: [{ per: 'request', amount: 2 }],
};
const ifRecentPerResult: CostComponent<'use_cache'> = {
  label: 'use_cache=if-recent',
  when: ifRecent,
  charges: [{ per: 'result', amount: perResultByPlan }],
};

/**
 * Searches: "3 per profile URL" (or company URL). "enrich +1 per enriched result": every result of
 * an enriched search is an enriched result, so +1 per result returned.
 */
function searchRule(noun: string): PublishedCostRule<'page_size' | 'enrich_profiles' | 'use_cache'> {
  return {
    published: true,
    results: { noun, maxFrom: 'page_size' },
    components: [basePerResult(3), enrichPerResult, ifRecentPerResult],
  };
}

export const costRules: { [Id in EndpointId]: CostRule<ParamName<Id>> } = {
  /**
   * "all additions only if data is available, except freshness": each include flag is charged only
   * when its field comes back non-null and non-empty. personal_contact_number and personal_email
   * are "+1 per number/email returned", so they are counted per entry, with no upper bound.
   * skills is +0 and listed so the quote says so.
   */
  'person.profile': {
    published: true,
    components: [
      base(1),
      personFlagIfReturned('extra'),
      personFlagIfReturned('codehost_profile_id'),
      personFlagIfReturned('social_profile_id'),
      personFlagIfReturned('microblog_profile_id'),
      personFlagPerItem('personal_contact_number', 'number'),
      personFlagPerItem('personal_email', 'email'),
      personFlagIfReturned('inferred_salary'),
      { label: 'skills', when: included('skills'), charges: [{ per: 'request', amount: 0 }] },
      ...profileFreshness,
    ],
  },
  /**
   * The "only if data is available" qualifier is written on the person row only, so each company
   * block is +1 whenever it is requested, whether or not it comes back filled.
   */
  'company.profile': {
    published: true,
    components: [
      base(1),
      ...(['categories', 'funding_data', 'exit_data', 'acquisitions', 'extra'] as const).map(companyBlock),
      ...profileFreshness,
    ],
  },
  /** School's default use_cache is if-present, so by default it costs the base alone. */
  'school.profile': { published: true, components: [base(1), ...profileFreshness] },
  'job.profile': { published: true, components: [base(2)] },
  /** "2 credits per successful request": per request, however many jobs a page lists. */
  'job.search': { published: true, components: [base(2)] },
  /**
   * No match answers 404 (ROLE_LOOKUP_NO_MATCH_STATUS), which costs nothing; so every 200 is a
   * match and enrich is +1 whenever requested.
   */
  'role.lookup': {
    published: true,
    components: [
      base(3),
      {
        label: 'enrich_profile=enrich',
        when: { param: 'enrich_profile', is: 'enrich' },
        charges: [{ per: 'request', amount: 1 }],
      },
    ],
  },
  /** "charged on null result when similarity_checks=include"; with skip a null result is free. */
  'person.lookup': {
    published: true,
    noMatch: lookupNoMatch,
    components: [
      { ...base(2), chargedOnNoMatch: { param: 'similarity_checks', is: 'include' } },
      enrichIfProfileReturned,
    ],
  },
  /** "no charge on null only with superficial depth": deep (the default) charges a null result. */
  'email.lookup': {
    published: true,
    noMatch: lookupNoMatch,
    components: [
      { ...base(3), chargedOnNoMatch: { param: 'lookup_depth', is: 'deep' } },
      enrichIfProfileReturned,
    ],
  },
  /** "charged on every 200": the base, including a null result. */
  'company.lookup': {
    published: true,
    noMatch: lookupNoMatch,
    components: [{ ...base(2), chargedOnNoMatch: 'always' }, enrichIfProfileReturned],
  },
  /** Every addition here is a request parameter, so the cost is known exactly before sending. */
  'employee.count': {
    published: true,
    components: [
      base(1),
      {
        label: 'at_date',
        when: { param: 'at_date', given: true },
        charges: [{ per: 'request', amount: { growth: 1, standard: 5 } }],
      },
      {
        label: 'estimated_employee_count=include',
        when: included('estimated_employee_count'),
        charges: [{ per: 'request', amount: 1 }],
      },
      { label: 'use_cache=if-recent', when: ifRecent, charges: [{ per: 'request', amount: 1 }] },
    ],
  },
  /**
   * "boolean_role_search or role_search: base becomes 10 and +3 per matched employee": +10 per
   * request, and +3 per employee on top of the 3 (6 per employee), as the student row spells out
   * ("base 10 and 6 per student matched"). "+50 base" of sort_by is +50 per request. Per-request
   * parts are charged even when no employee comes back.
   */
  'employee.list': {
    published: true,
    results: { noun: 'employee', maxFrom: 'page_size' },
    components: [
      basePerResult(3),
      enrichPerResult,
      countryPerResult,
      {
        label: 'boolean_role_search or role_search',
        when: {
          anyOf: [
            { param: 'boolean_role_search', given: true },
            { param: 'role_search', given: true },
          ],
        },
        charges: [
          { per: 'request', amount: 10 },
          { per: 'result', amount: 3 },
        ],
      },
      sortedListing,
      resolveNumericId,
      ifRecentPerResult,
    ],
  },
  /** Same reading as employees; the row has no use_cache addition (the endpoint has no use_cache). */
  'student.list': {
    published: true,
    results: { noun: 'student', maxFrom: 'page_size' },
    components: [
      basePerResult(3),
      enrichPerResult,
      countryPerResult,
      {
        label: 'boolean_search_keyword',
        when: { param: 'boolean_search_keyword', given: true },
        charges: [
          { per: 'request', amount: 10 },
          { per: 'result', amount: 3 },
        ],
      },
      sortedListing,
      resolveNumericId,
    ],
  },
  'person.search': searchRule('profile URL'),
  'company.search': searchRule('company URL'),
  /** "Credit cost of the version 3 endpoints: not shown." */
  'person.v3': { published: false, note: 'Credit cost of v3 endpoints is not published' },
  'company.logo': { published: false, note: 'Credit cost of v3 endpoints is not published' },
};
