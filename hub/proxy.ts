/**
 * One member request, the service's way: validated by the registry (400 before anything is sent or
 * reserved; a GET only, each parameter once), refused when it names a subject on the team's
 * do-not-enrich list (451), served from the team's cache when fresh enough (0 credits, screened by
 * the list as a fresh answer is), else reserved against the member's budget (402), paced by the
 * account's limiter, sent with the team's key as the canonical params the registry checked, and
 * answered as the service answered, with `X-Hub-Charged` (what the team paid) and `X-Hub-Cache`. An
 * answer about a listed subject is paid but neither kept nor shown; an answer past the extension's
 * size limit is refused as it arrives (502).
 *
 * Every request sent has a journal row (request-steps.ts): one asked again with its id
 * (`Idempotency-Key`) is answered from it at 0, or told `502 answer_lost` with what the team was
 * charged when the service was asked and its answer lost; identical requests in flight make one
 * call, the others waiting for the team's cache. Once the service answered, a database that drops
 * is waited for (the settle retried) rather than answered "nothing charged".
 */

import { randomUUID } from 'node:crypto';
import { MAX_ANSWER_BYTES, UNPUBLISHED_COST_ESTIMATE } from '../lib/api/assumptions';
import { summarizeAnswer, summarizeParams } from '../lib/api/endpoint-info';
import { type EndpointId, endpoints } from '../lib/api/endpoints';
import { retryAfterOf } from '../lib/api/errors';
import { canonicalQuery, describeParamError } from '../lib/api/params';
import { refusedBeforeSending } from '../lib/api/sending';
import { type Plan, quoteCanonical, reconcileCanonical } from '../lib/pricing/credits';
import { listedIn, screenAnswer } from '../lib/pricing/do-not-enrich';
import { reservationOf } from '../lib/pricing/reservation';
import { sleep } from '../lib/sleep';
import { afterSettled, type BudgetAlerts } from './alerts';
import { errorJson, jsonResponse, unauthorized } from './answers';
import { type AuditLine, recordAudit } from './audit';
import type { Reservation } from './budget';
import { cacheKey, cacheRowValues, freshEnough } from './cache';
import { DatabaseUnavailable, type Db } from './db';
import { type AccountLimiter, LeasePassed, type Priority, WAITER_STALE_MS } from './limiter';
import { memberByToken } from './members';
import { type Begun, begin, finish, type Leases, type Outcome, reserve } from './request-steps';

export interface ProxyConfig {
  providerUrl: string;
  providerKey: string;
  plan: Plan;
  /** What a request whose price has no upper bound (per email returned) reserves beyond its minimum. */
  unboundedReserve: number;
  /** HUB_PROVIDER_TIMEOUT_MS: how long the service may take to answer. */
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
  /** Aborted when the hub stops: requests still waiting (for a slot, or for a colleague's answer) end at once. */
  stopping?: AbortSignal;
}

/**
 * A journal row's leases: while it waits for a slot, as long as a waiting ticket lives (its waiter
 * renews both at each wake); once sent, the service's timeout, then as long again for the settle's
 * retries (a database that dropped meanwhile), and a margin.
 */
function leasesOf(config: ProxyConfig): Leases {
  return {
    waitingMs: WAITER_STALE_MS,
    sentMs: 2 * config.fetchTimeoutMs + Math.min(5_000, config.fetchTimeoutMs),
  };
}

/** A request following an identical one in flight asks again after this long, doubling up to the most. */
const FOLLOW_FIRST_PAUSE_MS = 50;
const FOLLOW_MAX_PAUSE_MS = 500;

const ENDPOINT_BY_PATH = new Map<string, EndpointId>(
  (Object.keys(endpoints) as EndpointId[]).map((id) => [endpoints[id].path, id]),
);

/** The registry's endpoint at a path, with or without its trailing slash. */
export function endpointAt(path: string): EndpointId | undefined {
  return (
    ENDPOINT_BY_PATH.get(path) ?? ENDPOINT_BY_PATH.get(path.endsWith('/') ? path.slice(0, -1) : `${path}/`)
  );
}

export type Validated =
  | { id: EndpointId; params: Record<string, unknown> }
  /** `problem`: the refusal's description, for an answer that is not a response of its own (a batch peek's row). */
  | { refusal: Response; problem: string };

/** A refusal of `validate`: the response, and its description. */
function refused(
  status: number,
  description: string,
  extra: Parameters<typeof errorJson>[2] = {},
  headers = {},
) {
  return {
    refusal: jsonResponse(status, errorJson(status, description, extra), headers),
    problem: description,
  };
}

/**
 * The registry's reading of a request: its endpoint and canonical params, or the 404/405/400 to
 * answer. One request has one meaning: the service's paths answer GET only (a HEAD would be sent
 * and charged as a GET), and a parameter given twice is refused, since the registry would check
 * one value and a provider might read the other.
 */
export function validate(path: string, search: string, method = 'GET'): Validated {
  const id = endpointAt(path);
  if (!id)
    // The service's own words for a path it does not have; a batch peek's row names the path.
    return {
      ...refused(404, 'The requested resource could not be found'),
      problem: `${path || '(no path)'}: not a path of the service`,
    };
  if (method !== 'GET')
    return refused(
      405,
      `The service's paths answer GET only, not ${method}`,
      { error: 'method_not_allowed' },
      {
        Allow: 'GET',
      },
    );
  const query = new URLSearchParams(search);
  const names = [...query.keys()];
  const repeated = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
  if (repeated.length > 0)
    return refused(400, `${repeated.join(', ')}: give each parameter once (it was given more than once)`, {
      error: 'repeated_parameter',
    });
  const parsed = endpoints[id].params.safeParse(Object.fromEntries(query));
  if (!parsed.success) return refused(400, describeParamError(parsed.error));
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

/** The most a request may cost, for the member's budget (and the team watch's). */
export function maxCharge(
  id: EndpointId,
  params: Record<string, unknown>,
  config: Pick<ProxyConfig, 'plan' | 'unboundedReserve'>,
): number {
  const quote = quoteCanonical(id, params, { plan: config.plan });
  if (quote.max === null && quote.min !== null) return quote.min + config.unboundedReserve;
  return reservationOf(id, quote);
}

function hubHeaders(charged: number | null, cache: 'hit' | 'miss' | 'none'): Record<string, string> {
  return { 'X-Hub-Charged': charged === null ? 'unknown' : String(charged), 'X-Hub-Cache': cache };
}

type Audit = (
  status: number,
  charged: number | null,
  cache: 'hit' | 'miss' | 'none',
  extra?: { subject?: string | null; cacheKey?: string | null },
) => AuditLine;

export interface MemberRequest {
  method: string;
  path: string;
  search: string;
  priority: Priority;
  token: string;
  /** The team watch's own request (team-watch.ts): its payer's member id, in place of a token. */
  payerId?: number;
  /**
   * The team's copy serves only if it was kept after this moment (the team watch's last answer
   * about the person: its own copy would tell nothing new), besides being fresh enough.
   */
  keptAfter?: Date;
  /** The member's Idempotency-Key: the request is answered again from the journal when asked again. */
  requestId?: string;
}

/** A request the registry accepted, for the steps after `begin`. */
interface Asked {
  request: MemberRequest;
  id: EndpointId;
  params: Record<string, unknown>;
  key: string;
  requestId: string;
}

/**
 * A member request, from their bearer token: three database statements for a cache miss (begin,
 * reserve, finish: request-steps.ts), two for a hit. A request that follows an identical one in
 * flight (single flight), or whose id is in flight elsewhere, asks `begin` again after a pause.
 */
export async function proxyRequest(deps: ProxyDeps, request: MemberRequest): Promise<Response> {
  const checked = validate(request.path, request.search, request.method);
  if ('refusal' in checked) {
    if (request.payerId !== undefined) return checked.refusal;
    // The service answers a bad key 401 before it reads the request: so does the hub.
    const token = await memberByToken(deps.db, request.token);
    return 'member' in token ? checked.refusal : token.refusal;
  }
  const { id, params } = checked;
  const asked: Asked = {
    request,
    id,
    params,
    key: cacheKey(id, params),
    requestId: request.requestId ?? randomUUID(),
  };
  for (let pause = FOLLOW_FIRST_PAUSE_MS; ; pause = Math.min(FOLLOW_MAX_PAUSE_MS, pause * 2)) {
    const who = request.payerId === undefined ? request.token : { payerId: request.payerId };
    const begun = await begin(deps.db, who, asked.key, request.requestId ?? null);
    if ('refusal' in begun) return begun.refusal;
    const answer = await answerOrWait(deps, asked, begun);
    if (answer !== 'wait') return answer;
    try {
      await sleep(pause, deps.stopping);
    } catch {
      return stoppingAnswer();
    }
  }
}

/** The request answered from the journal, the list, the cache or the service; or 'wait' to ask again. */
async function answerOrWait(deps: ProxyDeps, asked: Asked, begun: Begun): Promise<Response | 'wait'> {
  const { db, config } = deps;
  const { id, params, key } = asked;
  const { member, listed, cached, journaled } = begun;
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
  // The team's copy, screened by the list as a fresh answer is (screenedCopy).
  const servedFromCache = async (body: unknown) => {
    const copy = screenedCopy(listed, id, body);
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
  };

  // Asked again with its id: what became of it, at 0 (a lost answer says what it was charged).
  if (journaled?.state === 'lost') return answerLost(journaled.charged);
  if (journaled?.state === 'answered' && journaled.status !== 200) return replayedError(journaled);
  if (listedIn(listed, id, params) !== null) {
    await recordAudit(db, auditLine(451, 0, 'none', { subject: null }));
    return jsonResponse(
      451,
      errorJson(451, "This subject is on the team's do-not-enrich list", { error: 'do_not_enrich' }),
    );
  }
  if (journaled?.state === 'answered')
    // Its answer was kept for the team: served again whatever its age (it is this request's own).
    return cached ? servedFromCache(cached.body) : answerLost(journaled.charged);
  if ((journaled?.state === 'waiting' || journaled?.state === 'sent') && !journaled.leasePassed)
    return 'wait';

  const { keptAfter } = asked.request;
  if (cached && freshEnough(cached, params, deps.now()) && (!keptAfter || cached.fetchedAt > keptAfter))
    return servedFromCache(cached.body);

  const reserved = await reserve(db, {
    memberId: member.id,
    requestId: asked.requestId,
    cacheKey: key,
    seenFetchedAt: cached?.fetchedAt ?? null,
    credits: maxCharge(id, params, config),
    leases: leasesOf(config),
  });
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
  if (reserved.outcome !== 'reserved') return 'wait';
  return sendReserved(deps, { asked, listed, reservation: reserved.reservation, auditLine }, reserved.slotAt);
}

/** The service may have charged the request and its answer is lost: what the team was charged for it. */
function answerLost(charged: number): Response {
  return jsonResponse(
    502,
    errorJson(
      502,
      `The service was asked and may have charged ${charged} credits, but its answer was lost at the hub; it is not asked again under this request id`,
      { error: 'answer_lost', charged },
    ),
    hubHeaders(charged, 'none'),
  );
}

/** A service error kept in the journal (journaled.body: `{text, type}`), answered again at 0. */
function replayedError(journaled: NonNullable<Begun['journaled']>): Response {
  const kept = (journaled.body ?? {}) as { text?: unknown; type?: unknown };
  return new Response(typeof kept.text === 'string' ? kept.text : '', {
    status: journaled.status ?? 502,
    headers: {
      'Content-Type': typeof kept.type === 'string' ? kept.type : 'application/json',
      ...hubHeaders(0, 'hit'),
    },
  });
}

function stoppingAnswer(): Response {
  return jsonResponse(
    503,
    errorJson(503, 'The hub is stopping: nothing was sent to the service and nothing was charged', {
      error: 'hub_stopping',
    }),
    hubHeaders(0, 'none'),
  );
}

/** The service could not be asked (`refused`: nothing reached it), or the call broke after it left. */
class ServiceUnreachable extends Error {
  constructor(
    readonly refused: boolean,
    cause: unknown,
  ) {
    super(
      `The hub could not reach the service (${cause instanceof Error ? cause.message : String(cause)})${refused ? '; nothing was charged' : ''}`,
    );
  }
}

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
    throw new ServiceUnreachable(refusedBeforeSending(error), error);
  }
}

interface Pending {
  asked: Asked;
  listed: ReadonlySet<string>;
  reservation: Reservation;
  auditLine: Audit;
}

const NOTHING_SENT: Outcome = { state: 'released', status: null, body: null };
const LOST: Outcome = { state: 'lost', status: null, body: null };

/**
 * A reserved request: its slot waited for (`slotAt` null), sent, and its answer settled. Until it
 * is sent, anything that ends it has sent nothing: the hub stopping releases the reservation and
 * says so; a database that dropped is the app's 503 (the reservation is settled from the journal
 * once its lease has passed).
 */
async function sendReserved(deps: ProxyDeps, pending: Pending, slotAt: number | null): Promise<Response> {
  const { asked, reservation, auditLine } = pending;
  const { request } = asked;
  if (slotAt === null) {
    try {
      await deps.limiter.waitForSlot(reservation.memberId, request.priority, {
        signal: deps.stopping,
        journal: {
          requestId: reservation.requestId,
          waitingLeaseMs: leasesOf(deps.config).waitingMs,
          sentLeaseMs: leasesOf(deps.config).sentMs,
        },
      });
    } catch (error) {
      if (error instanceof LeasePassed)
        return jsonResponse(
          503,
          errorJson(503, `${error.message} and nothing was charged`, { error: 'hub_database_unavailable' }),
          hubHeaders(0, 'none'),
        );
      if (!deps.stopping?.aborted) throw error;
      await finish(deps.db, {
        reservation,
        outcome: NOTHING_SENT,
        charged: 0,
        cacheRow: null,
        audit: null,
      }).catch(() => {});
      return stoppingAnswer();
    }
  }
  let answer: ServiceAnswer;
  try {
    answer = await send(deps, endpoints[asked.id].path, canonicalQuery(asked.params));
  } catch (error) {
    if (!(error instanceof ServiceUnreachable)) throw error;
    if (!error.refused) {
      // It left and broke (a reset, a timeout): the service may have charged it, at most its reservation.
      const lost = reservation.credits;
      const audit = auditLine(502, lost, 'miss');
      await settled(deps, { reservation, outcome: LOST, charged: lost, cacheRow: null, audit });
      return answerLost(lost);
    }
    const audit = auditLine(503, 0, 'none');
    if (!(await settled(deps, { reservation, outcome: NOTHING_SENT, charged: 0, cacheRow: null, audit })))
      return answerLost(reservation.credits);
    return jsonResponse(
      503,
      errorJson(503, error.message, { error: 'service_unreachable' }),
      hubHeaders(0, 'miss'),
    );
  }
  return answered(deps, pending, answer);
}

/**
 * Settles a request the service answered, asking again while the database cannot be reached (with
 * backoff, for as long as the service may take to answer): the answer in hand is not given up for a
 * database that dropped a moment. False when it could not be written: the journal settles the row
 * at its reserved maximum once its lease has passed.
 */
async function settled(deps: ProxyDeps, step: Parameters<typeof finish>[1]): Promise<boolean> {
  const giveUpAt = Date.now() + deps.config.fetchTimeoutMs;
  for (let pause = 100; ; pause = Math.min(2_000, pause * 2)) {
    try {
      await finish(deps.db, step);
      afterSettled(deps, step.reservation.memberId, step.charged);
      return true;
    } catch (error) {
      if (!(error instanceof DatabaseUnavailable)) throw error;
      if (Date.now() + pause > giveUpAt) return false;
      await sleep(pause);
    }
  }
}

/** A status the service may answer otherwise if asked again: not kept as this request's outcome. */
const passing = (status: number) => status === 429 || status >= 500;

/** The service's answer, settled, screened, kept for the team, audited (one statement) and passed on. */
async function answered(
  deps: ProxyDeps,
  { asked, listed, reservation, auditLine }: Pending,
  answer: ServiceAnswer,
): Promise<Response> {
  const { id, params, key } = asked;
  const contentType = answer.headers.get('Content-Type') ?? 'application/json';
  const passOn = (charged: number | null, body = answer.text ?? '', status = answer.status) => {
    const headers: Record<string, string> = {
      'Content-Type': status === answer.status ? contentType : 'application/json',
      ...hubHeaders(charged, 'miss'),
    };
    const retryAfter = answer.headers.get('Retry-After');
    if (retryAfter !== null) headers['Retry-After'] = retryAfter;
    return new Response(body, { status, headers });
  };
  const done = async (
    charged: number,
    audit: AuditLine,
    outcome: Outcome,
    cacheRow: unknown[] | null = null,
  ): Promise<Response | null> =>
    (await settled(deps, { reservation, outcome, charged, cacheRow, audit }))
      ? null
      : answerLost(reservation.credits);
  if (answer.text === null) {
    // Past the size limit: a 200 is charged as a spoiled answer is (below), an error is not.
    const charged = answer.status === 200 ? reservation.credits : 0;
    const message = `The service's answer was over ${MAX_ANSWER_BYTES / 1_000_000} MB, the most the hub reads; it was not kept`;
    const refusal = JSON.stringify(
      errorJson(
        502,
        charged > 0 ? `${message}. The service charges an answer it sent: ${charged} credits` : message,
        { error: 'answer_too_large', charged },
      ),
    );
    const outcome: Outcome = {
      state: 'answered',
      status: 502,
      body: { text: refusal, type: 'application/json' },
    };
    return (await done(charged, auditLine(502, charged, 'miss'), outcome)) ?? passOn(charged, refusal, 502);
  }
  const text = answer.text;
  if (answer.status !== 200) {
    // Errors are not charged (the spec's Limits); a 429 teaches the account's limiter.
    if (answer.status === 429) {
      const { retryAfterSeconds } = retryAfterOf(answer.headers.get('Retry-After'), Date.now());
      await deps.limiter.learnFrom429(retryAfterSeconds).catch(() => {});
    }
    const outcome: Outcome = passing(answer.status)
      ? NOTHING_SENT
      : { state: 'answered', status: answer.status, body: { text, type: contentType } };
    return (await done(0, auditLine(answer.status, 0, 'miss'), outcome)) ?? passOn(0);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // A spoiled answer the service produced is charged: count the most it may have cost.
    const spoiled: Outcome = {
      state: 'answered',
      status: 502,
      body: { text, type: contentType },
    };
    return (
      (await done(reservation.credits, auditLine(200, reservation.credits, 'miss'), spoiled)) ??
      passOn(reservation.credits)
    );
  }
  const cost = reconcileCanonical(id, params, body, { plan: deps.config.plan });
  const estimate =
    (UNPUBLISHED_COST_ESTIMATE as Partial<Record<EndpointId, number>>)[id] ?? reservation.credits;
  const charged = cost ?? estimate;
  const screened = screenAnswer(listed, id, body);
  if (screened.listed !== null) {
    const refusal = JSON.stringify(
      errorJson(451, "The answer is about a subject on the team's do-not-enrich list: paid, not kept", {
        error: 'do_not_enrich',
      }),
    );
    const outcome: Outcome = {
      state: 'answered',
      status: 451,
      body: { text: refusal, type: 'application/json' },
    };
    return (
      (await done(charged, auditLine(451, cost, 'miss', { subject: null }), outcome)) ??
      passOn(cost, refusal, 451)
    );
  }
  const unsettled = await done(
    charged,
    auditLine(200, cost, 'miss', { subject: summarizeAnswer(id, params, screened.data), cacheKey: key }),
    { state: 'answered', status: 200, body: null },
    cacheRowValues(id, params, screened.data, deps.now()),
  );
  return unsettled ?? passOn(cost, screened.data === body ? text : JSON.stringify(screened.data));
}
