/**
 * The request parameters of every endpoint, as zod schemas. Each schema takes what a person enters
 * (form fields, a query string), refuses locally what the spec says the service would refuse, so no
 * credit is spent on a typo, and returns the CANONICAL params: the ones the client sends, the quote
 * prices and the cache keys on, with every documented default filled in.
 *
 * Every schema stays a `ZodObject`: forms read `.shape` (or `paramFields`) for labels and choices.
 * Per-field work is done by preprocessing; cross-field rules by `.superRefine`; conditional defaults
 * by `.overwrite()`, which keeps the object type.
 */
import { z } from 'zod';
import { HASHED_PERSON_ID } from '../networks';
import {
  CAPPED_SEARCH_DEFAULT_PAGE_SIZE,
  JOB_SEARCH_CURSOR_PARAM,
  LISTING_CURSOR_PARAM,
  PERSON_LOOKUP_REQUIRED,
  SEARCH_CURSOR_PARAM,
  V3_PERSON_IDENTIFIER_PARAMS,
  V3_PERSON_INCLUDE_FLAGS,
} from './assumptions';
import type { ParamField, ParamMeta } from './field-types';
import { CAPPED_PAGE_SIZE_MAX, isCalendarDate, MAX_EXPRESSION_LENGTH, PERSON_URL_PARAMS } from './fields';
import type { EndpointId } from './ids';

/** Params as a person or a query string gives them, before validation. */
export type RawParams = Record<string, string | number | boolean | null | undefined>;

/** Params that say how fresh an answer must be, not which answer: a cache key leaves them out. */
export const FRESHNESS_PARAMS = ['use_cache', 'live_fetch', 'fallback_to_cache', 'maxAgeSeconds'] as const;

/** Page sizes of each paginated endpoint, as its table states them. */
const PAGE_SIZES = {
  employees: { min: 1, max: 9999, default: 10 },
  students: { min: 1, max: 200_000, default: 10 },
  search: { min: 1, max: 100, default: 100 },
} as const;

// ---------------------------------------------------------------------------------------------
// What forms read

export type { ParamField } from './field-types';

/** The fields of an endpoint's form, in the spec's order. */
export function paramFields(id: EndpointId): ParamField[] {
  return Object.entries(paramSchemas[id].shape).map(([name, schema]: [string, z.ZodType]) => {
    const meta = schema.meta() as ParamMeta | undefined;
    if (!meta) throw new Error(`params.ts: ${id} ${name} has no label`);
    return { name, ...meta };
  });
}

// ---------------------------------------------------------------------------------------------
// What is sent

/**
 * The query string of canonical params, without its `?` (the schemas below already decided what is
 * sent: defaults filled, guessed v3 flags only when on): absent values left out, lists
 * comma-separated as the spec writes its list parameters. The extension's client and the team hub
 * both send exactly this, so what was checked and priced is what the service reads.
 */
export function canonicalQuery(params: Readonly<Record<string, unknown>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    query.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  // URLSearchParams writes a space as '+'; '%20' reads as a space to every server. A literal '+'
  // was already written as '%2B', so every '+' left is a space.
  return query.toString().replace(/\+/g, '%20');
}

// ---------------------------------------------------------------------------------------------
// Errors

/** One sentence per issue, each starting with the parameter it is about. */
export function describeParamError(error: z.ZodError): string {
  return error.issues.map(describeIssue).join('\n');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const subject =
    issue.code === 'unrecognized_keys'
      ? issue.keys.join(', ')
      : issue.path.map(String).join('.') || 'parameters';
  return `${subject}: ${issue.message}`;
}

/** `(got "x")`, shortened, to show a person what was refused. */
function got(input: unknown): string {
  if (typeof input === 'number' || typeof input === 'boolean') return ` (got ${input})`;
  if (typeof input !== 'string') return '';
  return ` (got "${input.length > 60 ? `${input.slice(0, 59)}…` : input}")`;
}

/** Error map of a field's type check: a missing value is "required"; anything else names the type. */
function mustBe(what: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined ? 'required' : `must be ${what}${got(issue.input)}`;
}

function unknownParamsMessage(unknown: readonly string[], known: readonly string[]): string {
  const hints = unknown.flatMap((name) => {
    const near = nearestName(name, known);
    return near ? [unknown.length === 1 ? near : `${near} for ${name}`] : [];
  });
  const what = unknown.length === 1 ? 'not a parameter of this endpoint' : 'not parameters of this endpoint';
  return hints.length ? `${what} (did you mean ${hints.join(', ')}?)` : what;
}

/** The known name a typo most likely meant: same letters ignoring case and separators, or 2 edits away. */
function nearestName(name: string, known: readonly string[]): string | undefined {
  const bare = (s: string) => s.toLowerCase().replace(/[_\-\s]/g, '');
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance =
      bare(candidate) === bare(name) ? 0 : editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Fields. A field is a core (how to read and check one value) given a presence: required,
// optional, or defaulted. Blank values (null, undefined, empty or whitespace-only text) are "not
// given", like an empty form field; text is trimmed before anything else looks at it.

interface ParamCore<T extends z.ZodType> {
  schema: T;
  /** Turns a given (non-blank, trimmed) value into what `schema` checks; never fails. */
  normalise: (value: unknown) => unknown;
  meta: Pick<ParamMeta, 'kind' | 'options' | 'min' | 'max'>;
}

function given(raw: unknown): unknown {
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw !== 'string') return raw;
  const trimmed = raw.trim();
  return trimmed === '' ? undefined : trimmed;
}

function field<T extends z.ZodType>(core: ParamCore<z.ZodType>, schema: T, meta: ParamMeta) {
  return z
    .preprocess((raw) => {
      const value = given(raw);
      return value === undefined ? undefined : core.normalise(value);
    }, schema)
    .meta(dropAbsent(meta));
}

function required<T extends z.ZodType>(core: ParamCore<T>, label: string, help?: string) {
  return field(core, core.schema, { label, help, ...core.meta, required: true });
}

function optional<T extends z.ZodType>(core: ParamCore<T>, label: string, help?: string) {
  return field(core, core.schema.optional(), { label, help, ...core.meta });
}

function withDefault<T extends z.ZodType<string | number>>(
  core: ParamCore<T>,
  fallback: z.output<T>,
  label: string,
  help?: string,
) {
  return field(core, core.schema.default(fallback as z.util.NoUndefined<z.output<T>>), {
    label,
    help,
    ...core.meta,
    default: fallback,
  });
}

const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

function textCore(kind: 'text' | 'cursor' = 'text'): ParamCore<z.ZodString> {
  return { schema: z.string({ error: mustBe('text') }), normalise: asText, meta: { kind } };
}

/** A boolean search expression of the searches and listings. */
function expressionCore(): ParamCore<z.ZodString> {
  const schema = z
    .string({ error: mustBe('text') })
    .refine((text) => [...text].length <= MAX_EXPRESSION_LENGTH, {
      error: (issue) =>
        `must be at most ${MAX_EXPRESSION_LENGTH} characters (got ${[...String(issue.input)].length})`,
    });
  return { schema, normalise: asText, meta: { kind: 'expression', max: MAX_EXPRESSION_LENGTH } };
}

/** One of `values`, matched case-insensitively; the output is spelled as the spec spells it. */
function choiceCore<const V extends readonly [string, ...string[]]>(values: V) {
  const schema = z.enum(values, {
    error: (issue) =>
      issue.input === undefined ? 'required' : `must be one of ${values.join(', ')}${got(issue.input)}`,
  });
  const normalise = (value: unknown) =>
    typeof value === 'string'
      ? (values.find((v) => v.toLowerCase() === value.toLowerCase()) ?? value)
      : value;
  return { schema, normalise, meta: { kind: 'choice', options: values } } satisfies ParamCore<z.ZodType>;
}

const WHOLE_NUMBER = /^[+-]?\d+$/;

/** A whole number, given as a number or as digits ("12abc" and "1.5" are refused, not rounded). */
function integerCore(min: number, max?: number): ParamCore<z.ZodType<number>> {
  const range = max === undefined ? `must be ${min} or more` : `must be between ${min} and ${max}`;
  let schema = z.int({ error: mustBe('a whole number') }).min(min, { error: range });
  if (max !== undefined) schema = schema.max(max, { error: range });
  const normalise = (value: unknown) =>
    typeof value === 'string' && WHOLE_NUMBER.test(value) ? Number(value) : value;
  return { schema, normalise, meta: { kind: 'integer', min, max } };
}

/** A count, an amount or a year: a whole number, never negative. */
const countCore = () => integerCore(0);

/** An ISO 8601 calendar date, YYYY-MM-DD, that exists (2023-02-30 does not). */
function dateCore(): ParamCore<z.ZodString> {
  const schema = z.string({ error: mustBe('a date written YYYY-MM-DD') }).refine(isCalendarDate, {
    error: (issue) => `must be a real date written YYYY-MM-DD${got(issue.input)}`,
  });
  return { schema, normalise: asText, meta: { kind: 'date' } };
}

/** Splits a comma-separated list, trims each entry and drops empty ones; blank if none is left. */
function commaList(value: unknown, normaliseEntry: (entry: string) => string = (entry) => entry): unknown {
  if (typeof value !== 'string') return value;
  const entries = value
    .split(',')
    .map((entry) => normaliseEntry(entry.trim()))
    .filter((entry) => entry !== '');
  return entries.length ? entries.join(',') : undefined;
}

function listCore(): ParamCore<z.ZodString> {
  return {
    schema: z.string({ error: mustBe('a comma-separated list') }),
    normalise: commaList,
    meta: { kind: 'list' },
  };
}

const ALPHA_2 = '[A-Z]{2}';
const upper = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/** An ISO 3166-1 alpha-2 code, case-insensitive; sent upper-cased. Shape only, not membership. */
function countryCore(): ParamCore<z.ZodString> {
  const message = mustBe('a two-letter country code (ISO 3166-1 alpha-2, e.g. US)');
  const schema = z.string({ error: message }).regex(new RegExp(`^${ALPHA_2}$`), { error: message });
  return { schema, normalise: upper, meta: { kind: 'country' } };
}

/** Comma-separated alpha-2 codes, sent upper-cased without spaces: " us, sg " becomes "US,SG". */
function countryListCore(): ParamCore<z.ZodString> {
  const message = mustBe('two-letter country codes (ISO 3166-1 alpha-2) separated by commas, e.g. US,SG');
  const schema = z
    .string({ error: message })
    .regex(new RegExp(`^${ALPHA_2}(,${ALPHA_2})*$`), { error: message });
  return {
    schema,
    normalise: (value) => commaList(value, (entry) => entry.toUpperCase()),
    meta: { kind: 'country-list' },
  };
}

const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]{2,}$/;

function emailCore(): ParamCore<z.ZodString> {
  const message = mustBe('an email address like name@example.com');
  return {
    schema: z.string({ error: message }).regex(EMAIL, { error: message }),
    normalise: asText,
    meta: { kind: 'email' },
  };
}

/** `scheme:` at the start; `host:8080` is a host and port, not a scheme. */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:(?!\d)/i;

/** A path segment after `/in/` that is one of the service's hashed ids, not a public identifier. */
function hasHashedPersonId(url: URL): boolean {
  const segments = url.pathname.split('/');
  const inIndex = segments.findIndex((segment) => segment.toLowerCase() === 'in');
  const id = inIndex >= 0 ? segments[inIndex + 1] : undefined;
  return id !== undefined && HASHED_PERSON_ID.test(id);
}

function urlProblem(text: string, isPersonProfile: boolean): string | undefined {
  const notHttp = `must be an http(s) URL${got(text)}`;
  if (/\s/.test(text)) return notHttp;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return notHttp;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return notHttp;
  if (isPersonProfile && hasHashedPersonId(url)) {
    return 'URLs with a hashed ID are unsupported: use the public profile URL (/in/<public-identifier>)';
  }
  return undefined;
}

/**
 * A profile URL. The scheme may be left out (https:// is put in front); otherwise the URL is sent
 * as entered, so raw UTF-8 and percent-encoded forms both pass through unchanged. Which host is which
 * network is lib/networks.ts's business, not checked here.
 */
function urlCore(options: { personProfile?: boolean } = {}): ParamCore<z.ZodString> {
  const schema = z.string({ error: mustBe('an http(s) URL') }).superRefine((text, ctx) => {
    const problem = urlProblem(text, options.personProfile ?? false);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: text });
  });
  const normalise = (value: unknown) =>
    typeof value === 'string' && !HAS_SCHEME.test(value) ? `https://${value}` : value;
  return { schema, normalise, meta: { kind: 'url' } };
}

// ---------------------------------------------------------------------------------------------
// Values and fields shared by several endpoints

const EXCLUDE_INCLUDE = ['exclude', 'include'] as const;
const USE_CACHE = ['if-present', 'if-recent'] as const;
const ENRICH = ['skip', 'enrich'] as const;
const EMPLOYMENT_STATUS = ['current', 'past', 'all'] as const;
const COMPANY_TYPES = [
  'EDUCATIONAL',
  'GOVERNMENT_AGENCY',
  'NON_PROFIT',
  'PARTNERSHIP',
  'PRIVATELY_HELD',
  'PUBLIC_COMPANY',
  'SELF_EMPLOYED',
  'SELF_OWNED',
] as const;
const EMPLOYEE_COUNT_CATEGORIES = ['custom', 'startup', 'small', 'medium', 'large', 'enterprise'] as const;
const EMPLOYEE_COUNT_CATEGORY_HELP =
  'startup 1-10, small 11-50, medium 51-250, large 251-1000, enterprise 1001+; takes precedence over the min/max';

const included = (label: string, help?: string) =>
  withDefault(choiceCore(EXCLUDE_INCLUDE), 'exclude', label, help);

const useCache = (fallback: (typeof USE_CACHE)[number], help: string) =>
  withDefault(choiceCore(USE_CACHE), fallback, 'Cache', help);

const fallbackToCache = () =>
  withDefault(
    choiceCore(['on-error', 'never']),
    'on-error',
    'Fall back to cache',
    'on an error of a live fetch',
  );

const liveFetch = () =>
  withDefault(
    choiceCore(['default', 'force']),
    'default',
    'Live fetch',
    'force: always fetch live (+9 credits)',
  );

const enrichProfile = (help: string) => withDefault(choiceCore(ENRICH), 'skip', 'Enrich profile', help);

const enrichProfiles = () =>
  withDefault(
    choiceCore(ENRICH),
    'skip',
    'Enrich profiles',
    'enrich: full profiles, streamed (+1 credit each)',
  );

/** `resolve_numeric_id` is also accepted as a boolean; it is always sent as the text true/false. */
function resolveNumericIdParam() {
  const core = choiceCore(['false', 'true']);
  const booleanAsText = {
    ...core,
    normalise: (v: unknown) => core.normalise(typeof v === 'boolean' ? String(v) : v),
  };
  return withDefault(
    booleanAsText,
    'false',
    'Resolve numeric ID',
    'true: accept URLs with numerical IDs (+2 credits)',
  );
}

const expression = (label: string, help?: string) => optional(expressionCore(), label, help);
const text = (label: string, help?: string) => optional(textCore(), label, help);
const count = (label: string, help?: string) => optional(countCore(), label, help);
const date = (label: string, help = 'YYYY-MM-DD') => optional(dateCore(), label, help);
const cursor = () => optional(textCore('cursor'), 'Cursor', 'from the previous page; opaque');

const pageSize = (sizes: { min: number; max: number; default: number }, help: string) =>
  withDefault(integerCore(sizes.min, sizes.max), sizes.default, 'Page size', help);

// ---------------------------------------------------------------------------------------------
// Objects and cross-field rules

/** Without the keys whose value is undefined: an optional param left blank is absent, not `undefined`. */
function dropAbsent<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/** A strict object: an unknown name is refused (a typo would otherwise be sent, and charged). */
function paramObject<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const known = Object.keys(shape);
  return z
    .strictObject(shape, {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? unknownParamsMessage(issue.keys, known) : undefined,
    })
    .overwrite(dropAbsent);
}

type Ctx = z.core.$RefinementCtx;

function addIssue(ctx: Ctx, param: string, message: string): void {
  ctx.addIssue({ code: 'custom', path: [param], message });
}

function isGiven(value: unknown): boolean {
  return value !== undefined;
}

/** Exactly one of `names` is given; the issue is on the first one when none is, else on the extras. */
function requireExactlyOne(params: Record<string, unknown>, names: readonly string[], ctx: Ctx): void {
  const present = names.filter((name) => isGiven(params[name]));
  const rule = `give exactly one of ${names.join(', ')}`;
  if (present.length === 0) addIssue(ctx, names[0] ?? 'parameters', `required: ${rule}`);
  for (const extra of present.slice(1)) {
    addIssue(ctx, extra, `cannot be combined with ${present[0]}: ${rule}`);
  }
}

interface PagedParams {
  page_size?: number;
  enrich_profiles?: string;
  use_cache?: string;
}

/** Enriched and if-recent pages hold at most 10; checked only within the plain range the field checks. */
function checkPageSizeCap(params: PagedParams, plainMax: number, ctx: Ctx): void {
  const size = params.page_size;
  if (size === undefined || size < 1 || size > plainMax || size <= CAPPED_PAGE_SIZE_MAX) return;
  if (params.enrich_profiles === 'enrich') {
    addIssue(ctx, 'page_size', `must be between 1 and ${CAPPED_PAGE_SIZE_MAX} when enrich_profiles=enrich`);
  } else if (params.use_cache === 'if-recent') {
    addIssue(ctx, 'page_size', `must be at most ${CAPPED_PAGE_SIZE_MAX} when use_cache=if-recent`);
  }
}

/** Searches: 100 a page, but 10 when the page is capped (see CAPPED_SEARCH_DEFAULT_PAGE_SIZE). */
function fillSearchPageSize<T extends PagedParams>(params: T): T {
  if (params.page_size !== undefined) return params;
  const capped = params.enrich_profiles === 'enrich' || params.use_cache === 'if-recent';
  return { ...params, page_size: capped ? CAPPED_SEARCH_DEFAULT_PAGE_SIZE : PAGE_SIZES.search.default };
}

// ---------------------------------------------------------------------------------------------
// The endpoints, in the spec's order

const ONE_PERSON_URL = 'exactly one of the three profile URLs';

const personProfile = paramObject({
  profile_url: optional(urlCore({ personProfile: true }), 'Profile URL', ONE_PERSON_URL),
  microblog_profile_url: optional(urlCore(), 'Microblog profile URL', ONE_PERSON_URL),
  social_profile_url: optional(urlCore(), 'Social profile URL', ONE_PERSON_URL),
  extra: included('Extra details', 'gender, birth date, industry, interests (+1 credit)'),
  codehost_profile_id: included('Codehost ID', '+1 credit'),
  social_profile_id: included('Social ID', '+1 credit'),
  microblog_profile_id: included('Microblog ID', '+1 credit'),
  personal_contact_number: included('Personal numbers', '+1 credit per number returned'),
  personal_email: included('Personal emails', '+1 credit per email returned'),
  inferred_salary: included('Inferred salary', '+1 credit'),
  skills: included('Skills', 'limited coverage'),
  use_cache: useCache('if-recent', 'if-recent: no older than 29 days (+1 credit)'),
  fallback_to_cache: fallbackToCache(),
  live_fetch: liveFetch(),
}).superRefine((params, ctx) => requireExactlyOne(params, PERSON_URL_PARAMS, ctx));

const companyProfile = paramObject({
  url: required(urlCore(), 'Company profile URL'),
  categories: included('Categories', '+1 credit'),
  funding_data: included('Funding rounds', '+1 credit'),
  exit_data: included('Investment exits', '+1 credit'),
  acquisitions: included('Acquisitions', '+1 credit'),
  extra: included('Extra details', 'ranking, contact details, IPO status, investors (+1 credit)'),
  use_cache: useCache('if-recent', 'if-recent: no older than 29 days (+1 credit)'),
  fallback_to_cache: fallbackToCache(),
  live_fetch: liveFetch(),
});

const schoolProfile = paramObject({
  url: required(urlCore(), 'School profile URL'),
  use_cache: useCache('if-present', 'if-recent: no older than 29 days (+1 credit)'),
  live_fetch: liveFetch(),
});

const jobProfile = paramObject({
  url: required(urlCore(), 'Job profile URL', 'from a job search'),
});

const jobSearch = paramObject({
  job_type: withDefault(
    choiceCore(['full-time', 'part-time', 'contract', 'internship', 'temporary', 'volunteer', 'anything']),
    'anything',
    'Job type',
  ),
  experience_level: withDefault(
    choiceCore(['internship', 'entry_level', 'associate', 'mid_senior_level', 'director', 'anything']),
    'anything',
    'Experience level',
  ),
  when: withDefault(choiceCore(['yesterday', 'past-week', 'past-month', 'anytime']), 'anytime', 'Posted'),
  flexibility: withDefault(
    choiceCore(['remote', 'on-site', 'hybrid', 'anything']),
    'anything',
    'Flexibility',
  ),
  geo_id: text('Location ID', 'location id of the search area'),
  keyword: text('Keyword'),
  search_id: text('Company search ID', "the company profile's search_id"),
  [JOB_SEARCH_CURSOR_PARAM]: cursor(),
});

const roleLookup = paramObject({
  role: required(textCore(), 'Role'),
  company_name: required(textCore(), 'Company name'),
  enrich_profile: enrichProfile('enrich: add the cached profile (+1 credit)'),
});

const personLookup = paramObject({
  company_domain: text('Company', 'company name or domain'),
  first_name: text('First name'),
  last_name: text('Last name'),
  location: text('Location', 'name of a country, city or state'),
  title: text('Title', 'title at the current job'),
  similarity_checks: withDefault(
    choiceCore(['include', 'skip']),
    'include',
    'Similarity checks',
    'include: discard poor matches (still charged); skip: no charge when nothing is returned',
  ),
  enrich_profile: enrichProfile('enrich: add the profile (+1 credit)'),
}).superRefine((params, ctx) => {
  for (const name of PERSON_LOOKUP_REQUIRED) if (!isGiven(params[name])) addIssue(ctx, name, 'required');
});

const emailLookup = paramObject({
  email: required(emailCore(), 'Email', 'personal or work address'),
  lookup_depth: withDefault(
    choiceCore(['deep', 'superficial']),
    'deep',
    'Lookup depth',
    'deep: charged even when nothing is found; superficial: database only, no charge when nothing is found',
  ),
  enrich_profile: enrichProfile('enrich: add the profile (+1 credit)'),
});

const companyLookup = paramObject({
  company_name: text('Company name', 'company name or domain is required'),
  company_domain: text('Company domain', 'company website or domain'),
  company_location: optional(countryCore(), 'Country', 'two-letter code, e.g. US'),
  enrich_profile: enrichProfile('enrich: add the profile (+1 credit)'),
}).superRefine((params, ctx) => {
  if (!isGiven(params.company_name) && !isGiven(params.company_domain)) {
    addIssue(ctx, 'company_name', 'required: give company_name or company_domain');
  }
});

const employeeCount = paramObject({
  url: required(urlCore(), 'Company profile URL'),
  coy_name_match: withDefault(
    choiceCore(['include', 'exclude']),
    'include',
    'Match company name',
    'include: also count profiles whose experience names the company exactly',
  ),
  at_date: date('As of date', 'YYYY-MM-DD (extra credits)'),
  use_cache: useCache('if-present', 'if-recent needs estimated_employee_count=include (+1 credit)'),
  estimated_employee_count: included('Estimated count', '+1 credit'),
  employment_status: withDefault(choiceCore(EMPLOYMENT_STATUS), 'current', 'Employment status'),
}).superRefine((params, ctx) => {
  if (params.use_cache === 'if-recent' && params.estimated_employee_count !== 'include') {
    addIssue(ctx, 'use_cache', 'if-recent requires estimated_employee_count=include');
  }
});

const employeeList = paramObject({
  url: required(urlCore(), 'Company profile URL'),
  coy_name_match: withDefault(choiceCore(['include', 'exclude']), 'include', 'Match company name'),
  use_cache: useCache('if-present', 'if-recent: page size at most 10 (+1 or +2 credits per result)'),
  country: optional(
    countryListCore(),
    'Countries',
    'two-letter codes separated by commas (+3 credits per result)',
  ),
  enrich_profiles: enrichProfiles(),
  boolean_role_search: expression('Role (boolean)', 'boolean expression on the title; wins over role_search'),
  role_search: text('Role (regex)', 'regular expression on the title, anchored at both ends'),
  page_size: pageSize(PAGE_SIZES.employees, '1 to 9999; 1 to 10 with enrich or if-recent'),
  employment_status: withDefault(choiceCore(EMPLOYMENT_STATUS), 'current', 'Employment status'),
  sort_by: withDefault(
    choiceCore(['recently-joined', 'recently-left', 'oldest', 'none']),
    'none',
    'Sort by',
    'anything but none: +50 credits, +10 per employee',
  ),
  resolve_numeric_id: resolveNumericIdParam(),
  [LISTING_CURSOR_PARAM]: cursor(),
}).superRefine((params, ctx) => checkPageSizeCap(params, PAGE_SIZES.employees.max, ctx));

const studentList = paramObject({
  school_url: required(urlCore(), 'School profile URL'),
  country: optional(countryCore(), 'Country', 'two-letter code (+3 credits per result)'),
  enrich_profiles: enrichProfiles(),
  boolean_search_keyword: expression('Major (boolean)', 'boolean expression on the major'),
  page_size: pageSize(PAGE_SIZES.students, '1 to 200000; 1 to 10 with enrich'),
  student_status: withDefault(choiceCore(EMPLOYMENT_STATUS), 'current', 'Student status'),
  sort_by: withDefault(
    choiceCore(['recently-matriculated', 'recently-graduated', 'none']),
    'none',
    'Sort by',
    'anything but none: +50 credits, +10 per student',
  ),
  resolve_numeric_id: resolveNumericIdParam(),
  [LISTING_CURSOR_PARAM]: cursor(),
}).superRefine((params, ctx) => checkPageSizeCap(params, PAGE_SIZES.students.max, ctx));

const SEARCH_PAGE_SIZE_HELP = '1 to 100, default 100; 1 to 10, default 10, with enrich or if-recent';

/** Page size, enrichment, cache and cursor: the part of a search still honoured with `next_token`. */
const searchPaging = () => ({
  page_size: optional(
    integerCore(PAGE_SIZES.search.min, PAGE_SIZES.search.max),
    'Page size',
    SEARCH_PAGE_SIZE_HELP,
  ),
  enrich_profiles: enrichProfiles(),
  use_cache: useCache('if-present', 'if-recent: page size at most 10 (+1 or +2 credits per result)'),
  [SEARCH_CURSOR_PARAM]: cursor(),
});

const personSearch = paramObject({
  country: optional(countryCore(), 'Country', 'two-letter code'),
  region: expression('Region'),
  city: expression('City'),
  first_name: expression('First name'),
  last_name: expression('Last name'),
  headline: expression('Headline'),
  summary: expression('Summary'),
  languages: expression('Languages'),
  groups: expression('Groups'),
  interests: expression('Interests'),
  skills: expression('Skills', 'cannot be combined with skills_all_in_list'),
  skills_all_in_list: optional(
    listCore(),
    'All of these skills',
    'comma-separated; cannot be combined with skills',
  ),
  industries: expression('Industries', 'inferred industry of the person'),
  education_field_of_study: expression('Field of study'),
  education_degree_name: expression('Degree'),
  education_school_name: expression('School name'),
  education_school_profile_url: optional(urlCore(), 'School profile URL'),
  current_role_title: expression('Current title'),
  past_role_title: expression('Past title'),
  current_job_description: expression('Current job description'),
  past_job_description: expression('Past job description'),
  current_role_before: date('Current role started before'),
  current_role_after: date('Current role started after'),
  current_company_profile_url: optional(urlCore(), 'Current company profile URL'),
  past_company_profile_url: optional(urlCore(), 'Past company profile URL'),
  current_company_name: expression('Current company name'),
  past_company_name: expression('Past company name'),
  current_company_country: optional(countryCore(), 'Current company country', 'two-letter code'),
  current_company_region: expression('Current company region'),
  current_company_city: expression('Current company city'),
  current_company_type: optional(choiceCore(COMPANY_TYPES), 'Current company type'),
  current_company_follower_count_min: count('Current company followers, more than'),
  current_company_follower_count_max: count('Current company followers, less than'),
  current_company_industry: expression('Current company industry', 'includes inferred industries'),
  current_company_primary_industry: expression('Current company primary industry'),
  current_company_specialities: expression('Current company specialities'),
  current_company_description: expression('Current company description'),
  current_company_domain_name: expression('Current company domain'),
  current_company_employee_count_category: withDefault(
    choiceCore(EMPLOYEE_COUNT_CATEGORIES),
    'custom',
    'Current company size',
    EMPLOYEE_COUNT_CATEGORY_HELP,
  ),
  current_company_employee_count_min: count('Current company employees, at least'),
  current_company_employee_count_max: count('Current company employees, at most'),
  current_company_founded_after_year: count('Current company founded after (year)'),
  current_company_founded_before_year: count('Current company founded before (year)'),
  current_company_funding_amount_min: count('Current company funding, at least (USD)'),
  current_company_funding_amount_max: count('Current company funding, at most (USD)'),
  current_company_funding_raised_after: date('Current company funding raised after'),
  current_company_funding_raised_before: date('Current company funding raised before'),
  public_identifier_in_list: optional(listCore(), 'Only these public identifiers', 'comma-separated'),
  public_identifier_not_in_list: optional(listCore(), 'Not these public identifiers', 'comma-separated'),
  follower_count_min: count('Followers, more than'),
  follower_count_max: count('Followers, less than'),
  ...searchPaging(),
})
  .overwrite(fillSearchPageSize)
  .superRefine((params, ctx) => {
    if (isGiven(params.skills) && isGiven(params.skills_all_in_list)) {
      addIssue(ctx, 'skills_all_in_list', 'cannot be combined with skills');
    }
    checkPageSizeCap(params, PAGE_SIZES.search.max, ctx);
  });

const companySearch = paramObject({
  country: optional(countryCore(), 'Country', 'two-letter code'),
  region: expression('Region'),
  city: expression('City'),
  type: optional(choiceCore(COMPANY_TYPES), 'Company type'),
  follower_count_min: count('Followers, more than'),
  follower_count_max: count('Followers, less than'),
  name: expression('Name'),
  industry: expression('Industry', 'includes inferred industries'),
  primary_industry: expression('Primary industry'),
  specialities: expression('Specialities'),
  description: expression('Description'),
  domain_name: expression('Domain'),
  employee_count_category: withDefault(
    choiceCore(EMPLOYEE_COUNT_CATEGORIES),
    'custom',
    'Company size',
    EMPLOYEE_COUNT_CATEGORY_HELP,
  ),
  employee_count_min: count('Employees, at least'),
  employee_count_max: count('Employees, at most'),
  founded_after_year: count('Founded after (year)'),
  founded_before_year: count('Founded before (year)'),
  funding_amount_min: count('Funding, at least (USD)'),
  funding_amount_max: count('Funding, at most (USD)'),
  funding_raised_after: date('Funding raised after'),
  funding_raised_before: date('Funding raised before'),
  public_identifier_in_list: optional(listCore(), 'Only these public identifiers', 'comma-separated'),
  public_identifier_not_in_list: optional(listCore(), 'Not these public identifiers', 'comma-separated'),
  ...searchPaging(),
})
  .overwrite(fillSearchPageSize)
  .superRefine((params, ctx) => checkPageSizeCap(params, PAGE_SIZES.search.max, ctx));

type V3IncludeFlag = (typeof V3_PERSON_INCLUDE_FLAGS)[number];

const V3_INCLUDE_FLAG_LABELS: Record<V3IncludeFlag, string> = {
  socialLink: 'Social links',
  phoneNumber: 'Phone numbers',
  personalEmail: 'Personal emails',
  workEmail: 'Work emails',
  careerInsight: 'Career insight',
  developerProfile: 'Developer profile',
};

/**
 * A v3 include flag: sent only when turned on, never as its default (`exclude` is what the service
 * assumes when a flag is absent), so a request carries only what was asked for; a given `exclude`
 * is dropped.
 */
function v3IncludeFlag(label: string) {
  const core = choiceCore(EXCLUDE_INCLUDE);
  const schema = core.schema.optional().transform((value) => (value === 'include' ? value : undefined));
  return field(core, schema, { label, ...core.meta, default: 'exclude' });
}

const v3IncludeFlags = Object.fromEntries(
  V3_PERSON_INCLUDE_FLAGS.map((flag) => [flag, v3IncludeFlag(V3_INCLUDE_FLAG_LABELS[flag])]),
) as Record<V3IncludeFlag, ReturnType<typeof v3IncludeFlag>>;

const ONE_V3_IDENTIFIER = `exactly one of ${V3_PERSON_IDENTIFIER_PARAMS.join(', ')}`;

const v3Identifiers = {
  profile: text('Profile', `the main network's profile URL or username; ${ONE_V3_IDENTIFIER}`),
  email: optional(emailCore(), 'Email', ONE_V3_IDENTIFIER),
  codehost: text('Code host profile', `code host profile URL or username; ${ONE_V3_IDENTIFIER}`),
  social: text('Social profile', `social network profile URL or username; ${ONE_V3_IDENTIFIER}`),
  microblog: text('Microblog profile', `microblog profile URL or handle; ${ONE_V3_IDENTIFIER}`),
} satisfies Record<(typeof V3_PERSON_IDENTIFIER_PARAMS)[number], z.ZodType>;

const personV3 = paramObject({
  ...v3Identifiers,
  ...v3IncludeFlags,
  maxAgeSeconds: count('Maximum age (seconds)', 'of cached data; older gives 409 when a live fetch fails'),
}).superRefine((params, ctx) => requireExactlyOne(params, V3_PERSON_IDENTIFIER_PARAMS, ctx));

const companyLogo = paramObject({
  q: required(textCore(), 'Company name or domain'),
});

export const paramSchemas = {
  'person.profile': personProfile,
  'company.profile': companyProfile,
  'school.profile': schoolProfile,
  'job.profile': jobProfile,
  'job.search': jobSearch,
  'role.lookup': roleLookup,
  'person.lookup': personLookup,
  'email.lookup': emailLookup,
  'company.lookup': companyLookup,
  'employee.count': employeeCount,
  'employee.list': employeeList,
  'student.list': studentList,
  'person.search': personSearch,
  'company.search': companySearch,
  'person.v3': personV3,
  'company.logo': companyLogo,
} satisfies Record<EndpointId, z.ZodObject>;

/** The canonical params of an endpoint: what its schema returns. */
export type CanonicalParams<Id extends EndpointId> = z.output<(typeof paramSchemas)[Id]>;

/**
 * The names of an endpoint's parameters. Cost rules, the ledger's summaries, cursor rules and the
 * sandbox's filters name parameters through this type, so a renamed parameter fails the typecheck.
 */
export type ParamName<Id extends EndpointId> = keyof CanonicalParams<Id> & string;
