/**
 * One member request, the service's way: validated by the registry (400 before anything is sent or
 * reserved; a GET only, each parameter once), refused when it names a subject on the team's
 * do-not-enrich list (451), served from the team's cache when fresh enough (0 credits, screened by
 * the list as a fresh answer is), else reserved against the member's budget (402), paced by the
 * account's limiter, sent with the team's key as the canonical params the registry checked, and
 * answered as the service answered, with `X-Hub-Charged` (what the team paid) and `X-Hub-Cache`. An
 * answer about a listed subject is paid but neither kept nor shown; an answer past the extension's
 * size limit is refused as it arrives (502).
 */
import { MAX_ANSWER_BYTES, UNPUBLISHED_COST_ESTIMATE } from '../lib/api/assumptions';
import { summarizeAnswer, summarizeParams } from '../lib/api/endpoint-info';
import { type EndpointId, endpoints } from '../lib/api/endpoints';
import { retryAfterOf } from '../lib/api/errors';
import { canonicalQuery, describeParamError } from '../lib/api/params';
import { type Plan, quoteCanonical, reconcileCanonical } from '../lib/pricing/credits';
import { listedIn, screenAnswer } from '../lib/pricing/do-not-enrich';
import { reservationOf } from '../lib/pricing/reservation';
import { afterSettled, type BudgetAlerts } from './alerts';
import { errorJson, jsonResponse, unauthorized } from './answers';
import { type AuditLine, recordAudit } from './audit';
import type { Reservation } from './budget';
import { cacheKey, cacheRowValues, freshEnough } from './cache';
import type { Db } from './db';
import type { AccountLimiter, Priority } from './limiter';
import { memberByToken } from './members';
import { begin, finish, reserve } from './request-steps';

export interface ProxyConfig {
  providerUrl: string;
  providerKey: string;
  plan: Plan;
  /** What a request whose price has no upper bound (per email returned) reserves beyond its minimum. */
  unboundedReserve: number;
  fetchTimeoutMs: number;
}

export interface ProxyDeps {
  db: Db;
  limiter: AccountLimiter;
  config: ProxyConfig;
  fetch: typeof fetch;
  now: () => Date;
  /** HUB_ALERT_WEBHOOK's alerts (alerts.ts), checked after each charge; none when not configured. */
  alerts?: BudgetAlerts;
}

const ENDPOINT_BY_PATH = new Map<string, EndpointId>(
  (Object.keys(endpoints) as EndpointId[]).map((id) => [endpoints[id].path, id]),
);

/** The registry's endpoint at a path, with or without its trailing slash. */
export function endpointAt(path: string): EndpointId | undefined {
  return (
    ENDPOINT_BY_PATH.get(path) ?? ENDPOINT_BY_PATH.get(path.endsWith('/') ? path.slice(0, -1) : `${path}/`)
  );
}

export type Validated = { id: EndpointId; params: Record<string, unknown> } | { refusal: Response };

/**
 * The registry's reading of a request: its endpoint and canonical params, or the 404/405/400 to
 * answer. One request has one meaning: the service's paths answer GET only (a HEAD would be sent
 * and charged as a GET), and a parameter given twice is refused, since the registry would check
 * one value and a provider might read the other.
 */
export function validate(path: string, search: string, method = 'GET'): Validated {
  const id = endpointAt(path);
  if (!id) return { refusal: jsonResponse(404, errorJson(404, 'The requested resource could not be found')) };
  if (method !== 'GET')
    return {
      refusal: jsonResponse(
        405,
        errorJson(405, `The service's paths answer GET only, not ${method}`, { error: 'method_not_allowed' }),
        { Allow: 'GET' },
      ),
    };
  const query = new URLSearchParams(search);
  const names = [...query.keys()];
  const repeated = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
  if (repeated.length > 0)
    return {
      refusal: jsonResponse(
        400,
        errorJson(400, `${repeated.join(', ')}: give each parameter once (it was given more than once)`, {
          error: 'repeated_parameter',
        }),
      ),
    };
  const parsed = endpoints[id].params.safeParse(Object.fromEntries(query));
  if (!parsed.success)
    return { refusal: jsonResponse(400, errorJson(400, describeParamError(parsed.error))) };
  return { id, params: parsed.data as Record<string, unknown> };
}

/**
 * The team's cached answer as a member may be given it: screened by the do-not-enrich list as a
 * fresh answer is (screenAnswer). A one-subject answer about a listed subject is refused (`null`):
 * to the member the team has no copy of it (peek says so too); a page's listed rows are left out.
 */
export function screenedCopy(
  listed: ReadonlySet<string>,
  id: EndpointId,
  body: unknown,
): { body: unknown } | null {
  const screened = screenAnswer(listed, id, body);
  return screened.listed === null ? { body: screened.data } : null;
}

/** The most a request may cost, for the member's budget. */
function maxCharge(id: EndpointId, params: Record<string, unknown>, config: ProxyConfig): number {
  const quote = quoteCanonical(id, params, { plan: config.plan });
  if (quote.max === null && quote.min !== null) return quote.min + config.unboundedReserve;
  return reservationOf(id, quote);
}

function hubHeaders(charged: number | null, cache: 'hit' | 'miss'): Record<string, string> {
  return { 'X-Hub-Charged': charged === null ? 'unknown' : String(charged), 'X-Hub-Cache': cache };
}

type Audit = (
  status: number,
  charged: number | null,
  cache: 'hit' | 'miss' | 'none',
  extra?: { subject?: string | null; cacheKey?: string | null },
) => AuditLine;

/**
 * A member request, from their bearer token: three database statements for a cache miss (begin,
 * reserve, finish: request-steps.ts), two for a hit.
 */
export async function proxyRequest(
  deps: ProxyDeps,
  request: { method: string; path: string; search: string; priority: Priority; token: string },
): Promise<Response> {
  const { db, config } = deps;
  const checked = validate(request.path, request.search, request.method);
  if ('refusal' in checked) {
    // The service answers a bad key 401 before it reads the request: so does the hub.
    const token = await memberByToken(db, request.token);
    return 'member' in token ? checked.refusal : token.refusal;
  }
  const { id, params } = checked;
  const key = cacheKey(id, params);
  const begun = await begin(db, request.token, key);
  if ('refusal' in begun) return begun.refusal;
  const { member, listed, cached } = begun;
  const auditLine: Audit = (status, charged, cache, extra = {}) => ({
    memberId: member.id,
    endpoint: id,
    subject: extra.subject === undefined ? summarizeParams(id, params) : extra.subject,
    params: extra.subject === null ? null : params,
    status,
    charged,
    cache,
    cacheKey: extra.cacheKey ?? null,
  });

  if (listedIn(listed, id, params) !== null) {
    await recordAudit(db, auditLine(451, 0, 'none', { subject: null }));
    return jsonResponse(
      451,
      errorJson(451, "This subject is on the team's do-not-enrich list", { error: 'do_not_enrich' }),
    );
  }

  if (cached && freshEnough(cached, params, deps.now())) {
    const copy = screenedCopy(listed, id, cached.body);
    if (copy === null) {
      // Listed since it was kept: refused as a fresh answer about them is, and nothing is charged.
      await recordAudit(db, auditLine(451, 0, 'hit', { subject: null }));
      return jsonResponse(
        451,
        errorJson(451, "The team's answer is about a subject on the team's do-not-enrich list: not shown", {
          error: 'do_not_enrich',
        }),
        hubHeaders(0, 'hit'),
      );
    }
    await recordAudit(
      db,
      auditLine(200, 0, 'hit', { subject: summarizeAnswer(id, params, copy.body), cacheKey: key }),
    );
    return jsonResponse(200, copy.body, hubHeaders(0, 'hit'));
  }

  const reserved = await reserve(db, member.id, maxCharge(id, params, config));
  if (reserved.outcome === 'removed') return unauthorized();
  if (reserved.outcome === 'over_budget') {
    const { refusal } = reserved;
    await recordAudit(db, auditLine(402, 0, 'none'));
    return jsonResponse(
      402,
      errorJson(402, refusal.message, {
        error: 'member_budget',
        needed: refusal.needed,
        left_today: refusal.dailyLeft,
        left_this_month: refusal.monthlyLeft,
        daily_budget: member.dailyBudget,
        monthly_budget: member.monthlyBudget,
      }),
    );
  }
  const { reservation } = reserved;

  let answer: ServiceAnswer;
  try {
    if (reserved.slotAt === null) await deps.limiter.waitForSlot(member.id, request.priority);
    answer = await send(deps, endpoints[id].path, canonicalQuery(params));
  } catch (error) {
    const unreachable = error instanceof ServiceUnreachable;
    await finish(db, {
      reservation,
      charged: 0,
      cacheRow: null,
      audit: unreachable ? auditLine(503, 0, 'none') : null,
    });
    if (!unreachable) throw error;
    return jsonResponse(
      503,
      errorJson(503, error.message, { error: 'service_unreachable' }),
      hubHeaders(0, 'miss'),
    );
  }
  return answered(deps, { id, params, key, listed, reservation, auditLine }, answer);
}

class ServiceUnreachable extends Error {}

/** The service's answer; `text` null when it was past MAX_ANSWER_BYTES (and was not read further). */
interface ServiceAnswer {
  status: number;
  text: string | null;
  headers: Headers;
}

/**
 * An answer's body, read up to `maxBytes` (the extension's limit, MAX_ANSWER_BYTES): null as soon
 * as it announces or delivers more, the rest left unread (the connection is cancelled).
 */
async function boundedText(response: Response, maxBytes: number): Promise<string | null> {
  if (Number(response.headers.get('Content-Length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel();
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}

async function send(deps: ProxyDeps, path: string, query: string): Promise<ServiceAnswer> {
  try {
    const url = new URL(query === '' ? path : `${path}?${query}`, deps.config.providerUrl);
    const response = await deps.fetch(url, {
      headers: { Authorization: `Bearer ${deps.config.providerKey}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(deps.config.fetchTimeoutMs),
    });
    const text = await boundedText(response, MAX_ANSWER_BYTES);
    return { status: response.status, text, headers: response.headers };
  } catch (error) {
    throw new ServiceUnreachable(
      `The hub could not reach the service (${error instanceof Error ? error.message : String(error)}); nothing was charged`,
    );
  }
}

interface Pending {
  id: EndpointId;
  params: Record<string, unknown>;
  key: string;
  listed: ReadonlySet<string>;
  reservation: Reservation;
  auditLine: Audit;
}

/** The service's answer, settled, screened, kept for the team, audited (one statement) and passed on. */
async function answered(
  deps: ProxyDeps,
  { id, params, key, listed, reservation, auditLine }: Pending,
  answer: ServiceAnswer,
): Promise<Response> {
  const passOn = (charged: number | null, body = answer.text ?? '', status = answer.status) => {
    const headers: Record<string, string> = {
      'Content-Type':
        status === answer.status
          ? (answer.headers.get('Content-Type') ?? 'application/json')
          : 'application/json',
      ...hubHeaders(charged, 'miss'),
    };
    const retryAfter = answer.headers.get('Retry-After');
    if (retryAfter !== null) headers['Retry-After'] = retryAfter;
    return new Response(body, { status, headers });
  };
  const done = async (charged: number, audit: AuditLine, cacheRow: unknown[] | null = null) => {
    await finish(deps.db, { reservation, charged, cacheRow, audit });
    afterSettled(deps, reservation.memberId, charged);
  };
  if (answer.text === null) {
    // Past the size limit: a 200 is charged as a spoiled answer is (below), an error is not.
    const charged = answer.status === 200 ? reservation.credits : 0;
    await done(charged, auditLine(502, charged, 'miss'));
    const message = `The service's answer was over ${MAX_ANSWER_BYTES / 1_000_000} MB, the most the hub reads; it was not kept`;
    return passOn(
      charged,
      JSON.stringify(
        errorJson(
          502,
          charged > 0 ? `${message}. The service charges an answer it sent: ${charged} credits` : message,
          {
            error: 'answer_too_large',
            charged,
          },
        ),
      ),
      502,
    );
  }
  if (answer.status !== 200) {
    // Errors are not charged (the spec's Limits); a 429 teaches the account's limiter.
    if (answer.status === 429) {
      const { retryAfterSeconds } = retryAfterOf(answer.headers.get('Retry-After'), Date.now());
      await deps.limiter.learnFrom429(retryAfterSeconds);
    }
    await done(0, auditLine(answer.status, 0, 'miss'));
    return passOn(0);
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    // A spoiled answer the service produced is charged: count the most it may have cost.
    await done(reservation.credits, auditLine(200, reservation.credits, 'miss'));
    return passOn(reservation.credits);
  }
  const cost = reconcileCanonical(id, params, body, { plan: deps.config.plan });
  const estimate =
    (UNPUBLISHED_COST_ESTIMATE as Partial<Record<EndpointId, number>>)[id] ?? reservation.credits;
  const charged = cost ?? estimate;
  const screened = screenAnswer(listed, id, body);
  if (screened.listed !== null) {
    await done(charged, auditLine(451, cost, 'miss', { subject: null }));
    return passOn(
      cost,
      JSON.stringify(
        errorJson(451, "The answer is about a subject on the team's do-not-enrich list: paid, not kept", {
          error: 'do_not_enrich',
        }),
      ),
      451,
    );
  }
  await done(
    charged,
    auditLine(200, cost, 'miss', { subject: summarizeAnswer(id, params, screened.data), cacheKey: key }),
    cacheRowValues(id, params, screened.data, deps.now()),
  );
  return passOn(cost, screened.data === body ? answer.text : JSON.stringify(screened.data));
}
