/**
 * One request to the service, start to finish, without retries (lib/background/api/client.ts
 * retries and paces): its headers, its deadlines (idle, and the body's own when it does not stream),
 * its size limit, reading its answer (incrementally when it streams) and checking it against the
 * endpoint's schema, and turning every failure into one `ApiError` that says whether the answer was
 * lost (errors.ts `answerLost`).
 */
import type { z } from 'zod';
import type { EndpointId } from '../../api/endpoints';
import { HUB_CHARGED_HEADER, readHubCharged, responseError, schemaError } from '../../api/error-reading';
import { ApiError, isApiError } from '../../api/errors';
import { refusedBeforeSending } from '../../api/sending';
import { parseJsonBody, readBodyText, readJsonStream, type StreamProgress } from './stream';

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** What a caller may add to one call: cancelling it, following a streamed answer, and a hub's headers. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Streamed answers only: bytes received and results completed, after every chunk. */
  onProgress?: (progress: StreamProgress) => void;
  /** Streamed answers only: each result as soon as it is complete. */
  onResult?: (result: unknown, index: number) => void;
  /** A person's click goes before batch and list rows at a team hub (X-Hub-Priority: click). */
  priority?: 'click' | 'batch';
  /**
   * The paid call's request id, sent to a team hub as `Idempotency-Key`: a hub that journals by it
   * answers a call asked again from its journal, and tells what a lost answer cost.
   */
  requestId?: string;
}

/** A request ready to leave: its URL, and how its answer is checked and read. */
export interface PreparedRequest {
  url: string;
  response: z.ZodType;
  endpointId?: EndpointId;
  /** Set when the answer streams: the key of its results array. */
  streamResultsKey?: string;
  /**
   * A question too long for a query (the team hub's batch peek): sent as JSON in a POST. Still a
   * free read, so asking it again after a failure is harmless.
   */
  body?: unknown;
}

/** Statuses from something between us and the service: the request may have finished behind it. */
const LOST_BEHIND_GATEWAY: ReadonlySet<number> = new Set([502, 504]);

/** What one attempt needs of the client's configuration, defaults filled in. */
export interface Transport {
  apiKey: string;
  hub: boolean;
  fetchRequest: (request: Request) => Promise<Response>;
  timeoutMs: number;
  bodyDeadlineMs: number;
  sleep: Sleep;
  now: () => number;
  maxAnswerBytes: number;
}

/** The refusal of an answer past the size limit, by what it announced or what arrived. */
function tooLarge(maxAnswerBytes: number, bytes: number): ApiError {
  return new ApiError('too-large', {
    description: `The answer is over ${Math.round(maxAnswerBytes / 1_000_000)} MB (${Math.round(bytes / 1_000_000)} MB or more arrived or were announced)`,
  });
}

/** The hub reads a person's click from this header (hub/app.ts); batch and list rows carry none. */
const HUB_PRIORITY_HEADER = 'X-Hub-Priority';
/** A paid call's request id, for a team hub (CallOptions.requestId). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** An answer's value, and through a hub what the team paid for it. */
export interface Answered {
  value: unknown;
  hubCharged?: number | null;
}

/**
 * One request, start to finish: no retry here. Every failure once the request was handed to
 * fetch, other than a status the service documents, is a lost answer (errors.ts `answerLost`).
 */
export async function attempt(
  { apiKey, hub, fetchRequest, timeoutMs, bodyDeadlineMs, sleep, now, maxAnswerBytes }: Transport,
  request: PreparedRequest,
  opts: CallOptions,
  deadline: AbortSignal,
  limitMs: number,
): Promise<Answered> {
  const controller = new AbortController();
  let timedOut = false;
  const timeOut = () => {
    timedOut = true;
    controller.abort(new DOMException('The service took too long to answer', 'TimeoutError'));
  };
  const idle = startIdleTimer(timeoutMs, sleep, timeOut);
  const bodyCountdown = new AbortController();
  const callerSignal = opts.signal;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  if (deadline.aborted) timeOut();
  deadline.addEventListener('abort', timeOut, { once: true });
  const { signal } = controller;
  const { endpointId } = request;
  let answered = false;
  let responded = false;
  try {
    const response = await fetchRequest(
      new Request(request.url, {
        method: request.body === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${apiKey}`,
          Accept: 'application/json',
          ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(hub && opts.priority === 'click' ? { [HUB_PRIORITY_HEADER]: 'click' } : {}),
          ...(hub && opts.requestId !== undefined ? { [IDEMPOTENCY_HEADER]: opts.requestId } : {}),
        },
        // Never followed: a browser before Chrome 119 forwards the key on a cross-origin redirect.
        redirect: 'error',
        signal,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      }),
    );
    // The answer began: the call's deadline is met. A streamed page's body is governed by the idle
    // deadline alone (it may take minutes while never idle); any other body has a deadline of its own.
    responded = true;
    deadline.removeEventListener('abort', timeOut);
    idle.restart();
    if (!(response.ok && request.streamResultsKey)) {
      sleep(Math.min(bodyDeadlineMs, limitMs), bodyCountdown.signal).then(timeOut, () => {});
    }
    if (response.status >= 300 && response.status < 400) {
      throw new ApiError('network', {
        status: response.status,
        description: 'The service redirected the request; redirects are not followed',
        answerLost: true,
      });
    }
    if (!response.ok) {
      let bodyText = '';
      try {
        bodyText = await readBodyText(response.body, { signal, onChunk: idle.restart });
      } catch (error) {
        // The status already says what happened; only a cancellation outranks it.
        if (signal.aborted) throw error;
      }
      const refused = responseError(response.status, bodyText, response.headers, {
        endpointId,
        now: now(),
      });
      if (!LOST_BEHIND_GATEWAY.has(response.status)) throw refused;
      throw new ApiError(refused.kind, { ...refused.toJSON(), answerLost: true });
    }
    answered = true;
    // Refused past the size limit, by what the answer says it weighs and by what arrives.
    const declared = Number(response.headers.get('Content-Length') ?? Number.NaN);
    if (declared > maxAnswerBytes) throw tooLarge(maxAnswerBytes, declared);
    const received = (bytes: number) => {
      if (bytes > maxAnswerBytes) throw tooLarge(maxAnswerBytes, bytes);
      idle.restart();
    };
    const value = request.streamResultsKey
      ? await readJsonStream(response.body, {
          resultsKey: request.streamResultsKey,
          signal,
          onResult: opts.onResult,
          onProgress: (progress) => {
            received(progress.bytes);
            opts.onProgress?.(progress);
          },
        })
      : parseJsonBody(await readBodyText(response.body, { signal, onChunk: received }));
    const parsed = request.response.safeParse(value);
    if (!parsed.success) throw schemaError(parsed.error, endpointId);
    const charged = response.headers.get(HUB_CHARGED_HEADER);
    return hub && charged !== null
      ? { value: parsed.data, hubCharged: readHubCharged(charged) }
      : { value: parsed.data };
  } catch (error) {
    if (!responded && !signal.aborted && refusedBeforeSending(error))
      // Nothing reached the server (the connection was refused): no lost answer; it may be sent again.
      throw new ApiError('unreachable', { endpointId, description: messageOf(error) }, { cause: error });
    // Handed to fetch: unless the service answered a documented error, it may have been charged.
    const lost = answered || !isApiError(error) || error.answerLost === true;
    const details = { endpointId, ...(lost ? { answerLost: true } : {}) };
    if (callerSignal?.aborted) throw new ApiError('aborted', details, { cause: error });
    if (timedOut) throw new ApiError('timeout', details, { cause: error });
    if (isApiError(error))
      throw withEndpoint(
        lost ? new ApiError(error.kind, { ...error.toJSON(), ...details }) : error,
        endpointId,
      );
    throw new ApiError('network', { description: messageOf(error), ...details }, { cause: error });
  } finally {
    idle.stop();
    bodyCountdown.abort();
    callerSignal?.removeEventListener('abort', onCallerAbort);
    deadline.removeEventListener('abort', timeOut);
  }
}

/** Restarts a countdown each time there is progress; `onExpire` runs when it runs out. */
function startIdleTimer(ms: number, sleep: Sleep, onExpire: () => void) {
  let current = new AbortController();
  const arm = () => {
    const countdown = current.signal;
    sleep(ms, countdown).then(
      () => {
        if (!countdown.aborted) onExpire();
      },
      () => {},
    );
  };
  arm();
  return {
    restart: () => {
      current.abort();
      current = new AbortController();
      arm();
    },
    stop: () => current.abort(),
  };
}

/** Errors raised below the client (stream, schema) learn which endpoint they belong to. */
function withEndpoint(error: ApiError, endpointId: EndpointId | undefined): ApiError {
  if (error.endpointId !== undefined || endpointId === undefined) return error;
  const { name: _name, kind, message, ...details } = error.toJSON();
  return new ApiError(kind, { ...details, endpointId }, { message, cause: error.cause });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
