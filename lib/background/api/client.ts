/**
 * The HTTP client of the service. Everything about an endpoint (version, path, parameters, answer
 * shape, pagination, streaming) comes from the registry in endpoints.ts; this file only knows HTTP:
 * building the request's URL, pacing it, giving the call its deadline and retrying as the provider
 * advises. Each attempt (authenticating, timing out, reading the answer, incrementally when it
 * streams, and turning every failure into one `ApiError`) is lib/background/api/transport.ts.
 *
 * No host is baked in: both base URLs come from the settings. The clock, the pacer and `fetch`
 * are injectable so tests run the retry and timeout rules on a fake clock against a fetch stub.
 */
import type { z } from 'zod';
import { MAX_ANSWER_BYTES } from '../../api/assumptions';
import { baseUrlProblem } from '../../api/base-url';
import {
  type ApiVersion,
  creditBalanceEndpoint,
  type EndpointId,
  endpoints,
  type ResponseOf,
} from '../../api/endpoints';
import { ApiError, type ApiErrorKind, isApiError } from '../../api/errors';
import { canonicalQuery } from '../../api/params';
import { sleep } from '../../sleep';
import {
  type Answered,
  attempt,
  type CallOptions,
  type PreparedRequest,
  type Sleep,
  type Transport,
} from './transport';

export type { CallOptions, Sleep } from './transport';

/**
 * When to try again, in one place: only what the provider advises, 500 and 503, whose requests
 * charged nothing. Anything that may have been charged (an answer lost: see errors.ts
 * `answerLost`) is never retried. A 429 is not retried here either: the pacer (lib/background/scheduler.ts)
 * learns the limit, and the caller queues the call again.
 */
export const RETRY_POLICY = {
  /** 503 "Enrichment failed; retry": at once, up to 3 more times. */
  unavailable: { retries: 3, delayMs: 0 },
  /** 500: up to 2 more times, after a pause. */
  server: { retries: 2, delayMs: 1_000 },
  /** A connection refused before anything was sent (nothing charged): up to 2 more times, after a pause. */
  refused: { retries: 2, delayMs: 1_000 },
} as const;

/**
 * The longest one call may wait for its answer to begin (its headers), all its attempts and pauses
 * together (the provider advises 60 s). Once a streamed answer arrives, only IDLE_DEADLINE_MS governs
 * it: a streamed page of enriched profiles may take minutes in all while never idle, and cutting it
 * loses an answer the service charges. Any other answer's body has BODY_DEADLINE_MS besides.
 */
export const CALL_DEADLINE_MS = 60_000;

/**
 * The longest the body of an answer that does not stream may take once its headers arrived (a
 * balance reading's or a hub read's no longer than its own deadline). Such a body is a page of at
 * most a few hundred KB, the service writes it whole, and it arrives in well under a second; only
 * a stalled or hostile peer drips it. Without this, a body dripped a byte at a time within the
 * idle deadline would hold its call, its journal entry and its job slot for ever.
 */
export const BODY_DEADLINE_MS = 60_000;

/** The longest a balance reading may take: it is a checkpoint, never worth waiting long for. */
export const BALANCE_DEADLINE_MS = 15_000;

/** Paces requests to the rate limit (lib/background/scheduler.ts); without one, requests leave at once. */
export interface Pacer {
  /** Resolves when a request may leave; rejects with the signal's reason if it aborts. */
  acquire(signal?: AbortSignal): Promise<void>;
  /**
   * The service answered 429: pause and learn (Retry-After in seconds when given, at most
   * RETRY_AFTER_MAX_SECONDS; `waitUntil` when it asked for longer).
   */
  rateLimited(retryAfterSeconds: number | undefined, waitUntil?: number): void;
}

/**
 * How long a request may go without any progress: until the answer's headers, then between two
 * chunks of its body. A streamed page of enriched profiles may take long in total while never idle.
 */
export const IDLE_DEADLINE_MS = 60_000;

export interface ClientConfig {
  apiKey: string;
  /** `{base_url}` of the spec: v2 paths (`/api/v2/...`) are appended to it. */
  baseUrlV2: string;
  /** `{base_url_v3}` of the spec: v3 paths (`/v3/...`) are appended to it. */
  baseUrlV3: string;
  /**
   * The base URLs are a team hub's (hub/; the connection says so, lib/background/connection/index.ts):
   * a click is marked for it (X-Hub-Priority), a paid call carries its request id (Idempotency-Key),
   * and its answers say what the team paid (X-Hub-Charged), which the connection reads.
   */
  hub?: boolean;
  fetch?: (request: Request) => Promise<Response>;
  /** How long a request may go without a byte (IDLE_DEADLINE_MS). */
  timeoutMs?: number;
  sleep?: Sleep;
  /** Epoch milliseconds; reads Retry-After given as an HTTP date. */
  now?: () => number;
  /** Paces every request (first attempts, retries, balance readings). */
  pace?: Pacer;
  /** One call's deadline for its answer to begin (CALL_DEADLINE_MS). */
  deadlineMs?: number;
  /** How long the body of an answer that does not stream may take after its headers (BODY_DEADLINE_MS). */
  bodyDeadlineMs?: number;
  /** The largest answer accepted (MAX_ANSWER_BYTES). */
  maxAnswerBytes?: number;
}

export interface CallResult<Data = unknown> {
  /** The answer, validated by the endpoint's response schema (unknown fields kept). */
  data: Data;
  /** The canonical parameters that were sent (defaults filled in). */
  params: Record<string, unknown>;
  /** The URL requested (it carries no secret: the key travels in a header). */
  url: string;
  /**
   * Through a team hub: what the team paid for this answer (X-Hub-Charged; 0 when the team had it),
   * null when the hub says 'unknown' (a price not published). Absent from the service itself.
   */
  hubCharged?: number | null;
}

export type Client = ReturnType<typeof createClient>;

/** How long to wait before retrying after `error`, or undefined to give up. */
function retryDelayMs(error: ApiError, retriesSoFar: number): number | undefined {
  if (error.answerLost) return undefined;
  if (error.kind === 'unavailable' && error.status === 503)
    return retriesSoFar < RETRY_POLICY.unavailable.retries ? RETRY_POLICY.unavailable.delayMs : undefined;
  if (error.kind === 'server' && error.status === 500)
    return retriesSoFar < RETRY_POLICY.server.retries ? RETRY_POLICY.server.delayMs : undefined;
  if (error.kind === 'unreachable')
    return retriesSoFar < RETRY_POLICY.refused.retries ? RETRY_POLICY.refused.delayMs : undefined;
  return undefined;
}

/**
 * A request with the retries the provider advises, each paced, until an answer begins within
 * `limitMs` from when the first one leaves.
 */
async function sendPaced(
  transport: Transport,
  pace: ClientConfig['pace'],
  request: PreparedRequest,
  opts: CallOptions,
  limitMs: number,
): Promise<Answered> {
  const { sleep } = transport;
  const retriesSoFar: Partial<Record<ApiErrorKind, number>> = {};
  const deadline = new AbortController();
  let deadlineArmed = false;
  const expired = () =>
    new ApiError('timeout', { endpointId: request.endpointId, description: 'The call ran out of time' });
  try {
    for (;;) {
      if (opts.signal?.aborted) throw new ApiError('aborted', { endpointId: request.endpointId });
      try {
        await pace?.acquire(
          deadlineArmed
            ? AbortSignal.any([deadline.signal, ...(opts.signal ? [opts.signal] : [])])
            : opts.signal,
        );
      } catch (cause) {
        if (deadline.signal.aborted) throw expired();
        throw new ApiError('aborted', { endpointId: request.endpointId }, { cause });
      }
      if (!deadlineArmed) {
        deadlineArmed = true;
        sleep(limitMs, deadline.signal).then(
          () => deadline.abort(),
          () => {},
        );
      }
      try {
        return await attempt(transport, request, opts, deadline.signal, limitMs);
      } catch (error) {
        if (!isApiError(error)) throw error;
        if (error.kind === 'rate-limited') pace?.rateLimited(error.retryAfterSeconds, error.waitUntil);
        const used = retriesSoFar[error.kind] ?? 0;
        const delayMs = retryDelayMs(error, used);
        if (delayMs === undefined) throw error;
        retriesSoFar[error.kind] = used + 1;
        if (delayMs > 0) {
          try {
            await sleep(delayMs, AbortSignal.any([deadline.signal, ...(opts.signal ? [opts.signal] : [])]));
          } catch (cause) {
            if (deadline.signal.aborted) throw expired();
            throw new ApiError('aborted', { endpointId: request.endpointId }, { cause });
          }
        }
      }
    }
  } finally {
    // Stops the deadline's countdown (a no-op once it fired).
    if (!deadline.signal.aborted) deadline.abort('done');
  }
}

export function createClient(config: ClientConfig) {
  const transport: Transport = {
    apiKey: config.apiKey,
    hub: config.hub ?? false,
    fetchRequest: config.fetch ?? ((request: Request) => globalThis.fetch(request)),
    timeoutMs: config.timeoutMs ?? IDLE_DEADLINE_MS,
    bodyDeadlineMs: config.bodyDeadlineMs ?? BODY_DEADLINE_MS,
    sleep: config.sleep ?? sleep,
    now: config.now ?? Date.now,
    maxAnswerBytes: config.maxAnswerBytes ?? MAX_ANSWER_BYTES,
  };
  const deadlineMs = config.deadlineMs ?? CALL_DEADLINE_MS;
  const baseUrls: Record<ApiVersion, string> = { v2: config.baseUrlV2, v3: config.baseUrlV3 };

  function urlFor(version: ApiVersion, path: string, search: string): string {
    // Refused before anything is sent: a key must not travel in the clear, nor credentials in a URL.
    const problem = baseUrlProblem(baseUrls[version]);
    if (problem) throw new ApiError('invalid', { description: `The base URL (${version}) ${problem}` });
    return `${baseUrls[version].replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
  }

  const send = (request: PreparedRequest, opts: CallOptions, limitMs = deadlineMs) =>
    sendPaced(transport, config.pace, request, opts, limitMs);

  /**
   * Calls an endpoint once (with retries) with canonical params (`endpoints[id].params` returned
   * them: the background parses a person's params once per action, before any credit is at stake).
   * With `enrich_profiles=enrich` on an endpoint that then streams, results are delivered to
   * `onResult` as they arrive.
   */
  async function callCanonical<Id extends EndpointId>(
    id: Id,
    params: Readonly<Record<string, unknown>>,
    opts: CallOptions = {},
  ): Promise<CallResult<ResponseOf<Id>>> {
    const endpoint = endpoints[id];
    const url = urlFor(endpoint.version, endpoint.path, canonicalQuery(params));
    const streams = endpoint.streamsWhenEnriched && params.enrich_profiles === 'enrich';
    const { value, hubCharged } = await send(
      {
        url,
        response: endpoint.response,
        endpointId: id,
        streamResultsKey: streams ? endpoint.resultsKey : undefined,
      },
      opts,
    );
    return {
      data: value as ResponseOf<Id>,
      params: { ...params },
      url,
      ...(hubCharged !== undefined ? { hubCharged } : {}),
    };
  }

  /** The account's balance (free). Null when the service does not say (404): unknown, not zero. */
  async function creditBalance(opts: { signal?: AbortSignal } = {}): Promise<number | null> {
    const url = urlFor(creditBalanceEndpoint.version, creditBalanceEndpoint.path, '');
    try {
      const { value } = await send(
        { url, response: creditBalanceEndpoint.response },
        opts,
        BALANCE_DEADLINE_MS,
      );
      return (value as z.infer<typeof creditBalanceEndpoint.response>).credit_balance;
    } catch (error) {
      if (isApiError(error) && error.kind === 'not-found') return null;
      throw error;
    }
  }

  /**
   * A free read of the team hub's own routes (`/hub/v1/…`, lib/background/connection/team-hub.ts), with the
   * member token, its answer checked by `response`. Only meaningful in team mode. With `body`, the
   * question goes as JSON in a POST (the batch peek's requests are too many for a query).
   */
  async function hubRead<T>(
    path: string,
    query: Readonly<Record<string, unknown>>,
    response: z.ZodType<T>,
    opts: { signal?: AbortSignal; deadlineMs?: number; body?: unknown } = {},
  ): Promise<T> {
    const url = urlFor('v2', path, canonicalQuery(query));
    const { value } = await send(
      { url, response, ...(opts.body === undefined ? {} : { body: opts.body }) },
      opts,
      opts.deadlineMs ?? BALANCE_DEADLINE_MS,
    );
    return value as T;
  }

  return { callCanonical, creditBalance, hubRead };
}
