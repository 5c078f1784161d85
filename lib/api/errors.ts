/**
 * The one error type of every failure of a call to the service, whether the service refused it, the
 * network lost it, or we refused it before sending. Each kind maps to a message that says what
 * happened and what to do (`userMessage`), and an error crosses the extension's message boundary
 * intact (`toJSON` / `ApiError.fromJSON`).
 *
 * Charged? The service charges successful (2xx) answers only, so a request that ended in a status
 * error the service documents, or that we refused locally, charged nothing, and a retry is a new
 * request charged only if it succeeds. (A lookup that finds nothing answers 200 and may be charged;
 * that is not an error.) The one uncertainty is an answer lost on the way back (`answerLost`):
 * anything that failed after a 2xx status (a body cut short, not JSON, not the documented shape),
 * a 502/504 or 3xx from something between us and the service, a broken connection or a timeout
 * after the request left. The service may have finished (and charged) it without us seeing it; the
 * ledger settles that against the balance, and it is never sent again under the same request id.
 *
 * No zod here: every page shows these errors. Reading an error out of a service answer or a zod
 * issue list is ./error-reading, which only the background and the sandbox use.
 */

import { formatAge, formatQuote, creditCount as wholeCredits } from '../quote-format';

export const API_ERROR_KINDS = [
  'auth',
  'credits',
  'not-found',
  'stale',
  'rate-limited',
  'server',
  'unavailable',
  'invalid',
  'network',
  'timeout',
  'schema',
  'aborted',
  'budget',
  'storage',
  'do-not-enrich',
  'too-large',
  // Team mode (hub/): the member's own budget at the hub (402), the team's do-not-enrich list (451).
  'member-budget',
  'team-do-not-enrich',
  // Team mode: the hub refused the member token (a removed member, a token mistyped).
  'member-token',
  // A connection refused before anything was sent: nothing charged, sent again when it can be.
  'unreachable',
] as const;

export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

/** What an `ApiError` carries besides its kind; every field is optional and JSON-safe. */
export interface ApiErrorDetails {
  /** HTTP status, when the service answered. */
  status?: number;
  /** The service's own text (error body `description`), or our detail for local failures. */
  description?: string;
  /** For a locally refused request: the parameter at fault. */
  param?: string;
  /** For 'schema': the dotted path of the offending field, e.g. `experiences.0.starts_at.year`. */
  path?: string;
  /** For 409 (v3 'stale'): the age of the cached profile the service declined to return. */
  cachedProfileAgeSeconds?: number;
  /** For 429: how long we wait (the service's Retry-After, at most RETRY_AFTER_MAX_SECONDS). */
  retryAfterSeconds?: number;
  /** For 429: when (ms since epoch) the service asked us to wait until, when that is past the cap. */
  waitUntil?: number;
  /** Which endpoint of the registry the failed call was for. */
  endpointId?: string;
  /** The service may have finished and charged the request: its answer did not reach us. */
  answerLost?: boolean;
  /** For 'credits': the balance when it was refused, and what the action could cost (its quote). */
  balance?: number;
  needed?: number;
  neededMin?: number;
  /**
   * For 'do-not-enrich' found in an answer (who it is about cannot be known before it arrives): the
   * call was paid, this much (null: its price is not published), and its answer not kept.
   */
  charged?: number | null;
  /** For 'member-budget': what is left of the member's budget at the team hub today (null: no daily budget). */
  leftToday?: number | null;
}

/** An `ApiError` as it crosses the extension's message boundary. */
export interface ApiErrorJson extends ApiErrorDetails {
  name: 'ApiError';
  kind: ApiErrorKind;
  message: string;
}

/** Status names for the message of an error whose body did not name its status. */
export const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function kindForStatus(status: number): ApiErrorKind {
  switch (status) {
    case 400:
      return 'invalid';
    case 401:
      return 'auth';
    case 403:
      return 'credits';
    case 404:
      return 'not-found';
    case 409:
      return 'stale';
    case 429:
      return 'rate-limited';
    case 503:
      return 'unavailable';
  }
  // Other 4xx (405, 422, ...) are refusals of the request as sent, like a 400; anything else
  // (other 5xx, or a status fetch should never hand us) is the service's fault.
  return status >= 400 && status < 500 ? 'invalid' : 'server';
}

/**
 * Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). Returns whole seconds from
 * `now`, never negative, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  const asked = readRetryAfter(value, now);
  if (asked === undefined) return undefined;
  return 'seconds' in asked ? asked.seconds : Math.max(0, Math.ceil((asked.at - now) / 1000));
}

/** A Retry-After as it was written: a delay, or a moment. */
function readRetryAfter(
  value: string | null | undefined,
  now: number,
): { seconds: number } | { at: number } | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return { seconds: Number(trimmed) };
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : { at: Math.max(at, now) };
}

/**
 * The longest a 429's Retry-After is obeyed: a server that asks for more (a date in the year 9999)
 * pauses the key this long, and its ask is said (`waitUntil`) so that runs stop and the account tells it.
 */
export const RETRY_AFTER_MAX_SECONDS = 60 * 60;

/** The latest time a JavaScript Date can hold (ms since epoch). */
const LATEST_DATE_MS = 8.64e15;

/** A 429's Retry-After as the client obeys it: the wait, capped, and what was asked past the cap. */
export function retryAfterOf(
  value: string | null | undefined,
  now: number,
): Pick<ApiErrorDetails, 'retryAfterSeconds' | 'waitUntil'> {
  const seconds = parseRetryAfter(value, now);
  const asked = readRetryAfter(value, now);
  if (seconds === undefined || asked === undefined) return {};
  if (seconds <= RETRY_AFTER_MAX_SECONDS) return { retryAfterSeconds: seconds };
  const until = 'at' in asked ? asked.at : now + asked.seconds * 1000;
  return { retryAfterSeconds: RETRY_AFTER_MAX_SECONDS, waitUntil: Math.min(LATEST_DATE_MS, until) };
}

/** A 429 whose server asked to wait past RETRY_AFTER_MAX_SECONDS: a run stops on it, not waits. */
export function asksToWaitPastCap(error: Pick<ApiErrorDetails, 'waitUntil'> & { kind: string }): boolean {
  return error.kind === 'rate-limited' && error.waitUntil !== undefined;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly description?: string;
  readonly param?: string;
  readonly path?: string;
  readonly cachedProfileAgeSeconds?: number;
  readonly retryAfterSeconds?: number;
  readonly waitUntil?: number;
  readonly endpointId?: string;
  readonly answerLost?: boolean;
  readonly balance?: number;
  readonly needed?: number;
  readonly neededMin?: number;
  readonly charged?: number | null;
  readonly leftToday?: number | null;

  constructor(
    kind: ApiErrorKind,
    details: ApiErrorDetails = {},
    options: { message?: string; cause?: unknown } = {},
  ) {
    super(options.message ?? defaultMessage(kind, details), { cause: options.cause });
    this.kind = kind;
    this.status = details.status;
    this.description = details.description;
    this.param = details.param;
    this.path = details.path;
    this.cachedProfileAgeSeconds = details.cachedProfileAgeSeconds;
    this.retryAfterSeconds = details.retryAfterSeconds;
    if (details.waitUntil !== undefined) this.waitUntil = details.waitUntil;
    this.endpointId = details.endpointId;
    if (details.answerLost) this.answerLost = true;
    if (details.balance !== undefined) this.balance = details.balance;
    if (details.needed !== undefined) this.needed = details.needed;
    if (details.neededMin !== undefined) this.neededMin = details.neededMin;
    if (details.charged !== undefined) this.charged = details.charged;
    if (details.leftToday !== undefined) this.leftToday = details.leftToday;
  }

  /** Reads an error back from its JSON (`toJSON`); throws on anything that is not one. */
  static fromJSON(json: unknown): ApiError {
    const value = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
    const kind = value.kind;
    if (value.name !== 'ApiError' || !(API_ERROR_KINDS as readonly unknown[]).includes(kind)) {
      throw new TypeError(`Not an ApiError: ${JSON.stringify(json)?.slice(0, 200)}`);
    }
    const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : undefined);
    const number = (key: string) => (typeof value[key] === 'number' ? (value[key] as number) : undefined);
    return new ApiError(
      kind as ApiErrorKind,
      {
        status: number('status'),
        description: text('description'),
        param: text('param'),
        path: text('path'),
        cachedProfileAgeSeconds: number('cachedProfileAgeSeconds'),
        retryAfterSeconds: number('retryAfterSeconds'),
        waitUntil: number('waitUntil'),
        endpointId: text('endpointId'),
        answerLost: value.answerLost === true ? true : undefined,
        balance: number('balance'),
        needed: number('needed'),
        neededMin: number('neededMin'),
        charged: value.charged === null ? null : number('charged'),
        leftToday: value.leftToday === null ? null : number('leftToday'),
      },
      { message: text('message') },
    );
  }

  toJSON(): ApiErrorJson {
    return {
      name: 'ApiError',
      kind: this.kind,
      message: this.message,
      status: this.status,
      description: this.description,
      param: this.param,
      path: this.path,
      cachedProfileAgeSeconds: this.cachedProfileAgeSeconds,
      retryAfterSeconds: this.retryAfterSeconds,
      ...(this.waitUntil !== undefined ? { waitUntil: this.waitUntil } : {}),
      endpointId: this.endpointId,
      ...(this.answerLost ? { answerLost: true } : {}),
      ...(this.balance !== undefined ? { balance: this.balance } : {}),
      ...(this.needed !== undefined ? { needed: this.needed } : {}),
      ...(this.neededMin !== undefined ? { neededMin: this.neededMin } : {}),
      ...(this.charged !== undefined ? { charged: this.charged } : {}),
      ...(this.leftToday !== undefined ? { leftToday: this.leftToday } : {}),
    };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Whether the service may have charged a call that failed (its answer was lost on the way back). */
export function isLostAnswer(error: Pick<ApiErrorDetails, 'answerLost'>): boolean {
  return error.answerLost === true;
}

function defaultMessage(kind: ApiErrorKind, details: ApiErrorDetails): string {
  const where = details.path ?? details.param;
  return [kind, where, details.description].filter(Boolean).join(': ');
}

export interface UserMessage {
  /** What happened, in a person's words. */
  title: string;
  /** What to do about it. */
  action: string;
  /** The service's own text or the field at fault, when there is one worth showing. */
  detail?: string;
}

/** What to tell a person about an error that is about spending: the balance, a budget, a refusal that spent nothing. */
function spendingMessage(error: ApiError, detail: string | undefined): UserMessage {
  switch (error.kind) {
    case 'credits':
      return {
        // What is left and what the action needs, when the balance was read: "no credits" is
        // only true at 0.
        title:
          error.balance !== undefined && error.balance > 0 && error.needed !== undefined
            ? `This needs ${formatQuote({ min: error.neededMin ?? 0, max: error.needed })}; your account has ${wholeCredits(error.balance)}`
            : 'Your account has no credits left',
        action: 'Top up your balance, then try again',
        detail,
      };
    case 'budget':
      return {
        title: error.message || "Stopped at today's budget",
        action: 'Raise the daily budget in the options, or start again and confirm',
        detail,
      };
    case 'too-large':
      return {
        title: 'The answer was too large to keep',
        action:
          'It was refused as it arrived; the service may have charged it, which your balance tells. Ask for fewer results per page',
        detail,
      };
    case 'do-not-enrich':
      return {
        title: 'On your do-not-enrich list',
        action:
          error.charged === undefined
            ? 'Nothing was sent and nothing spent. To look it up, remove it from the list in the options'
            : `The answer was about someone on your list, so it was not kept. Who an answer is about cannot be known before it arrives: it was charged${error.charged === null ? '' : ` ${wholeCredits(error.charged)}`}`,
        detail,
      };
    case 'member-budget':
      return {
        title:
          error.leftToday === undefined || error.leftToday === null
            ? 'This would pass your budget at the team hub'
            : error.leftToday === 0
              ? 'You have no credits left today at the team hub'
              : `You have ${wholeCredits(error.leftToday)} left today at the team hub${error.needed === undefined ? '' : `; this could cost up to ${wholeCredits(error.needed)}`}`,
        action:
          "Nothing was sent and nothing spent. Ask your team's admin to raise your budget, or try again tomorrow",
        detail,
      };
    case 'team-do-not-enrich':
      return {
        title: "Your team's admin has put this person on the do-not-enrich list",
        action:
          error.charged === undefined
            ? 'Nothing was sent and nothing spent. Only the admin can take them off the list'
            : `The answer was about someone on the team's list, so it was not kept. Who an answer is about cannot be known before it arrives: it was charged${error.charged === null ? '' : ` ${wholeCredits(error.charged)}`}`,
        detail,
      };
    default:
      throw new Error(`Not an error about spending: ${error.kind}`);
  }
}

/** What to tell a person about an error. Nothing of it is HTML; render it as text. */
export function userMessage(error: ApiError): UserMessage {
  const detail = error.description;
  switch (error.kind) {
    case 'credits':
    case 'budget':
    case 'too-large':
    case 'do-not-enrich':
    case 'member-budget':
    case 'team-do-not-enrich':
      return spendingMessage(error, detail);
    case 'member-token':
      return {
        title: 'The team hub refused your member token',
        action: "Ask your team hub's admin for a member token, then paste it in Settings",
        detail,
      };
    case 'auth':
      return {
        title: 'The service refused the API key',
        action: 'Check the API key in Settings, then try again',
        detail,
      };
    case 'not-found':
      return {
        title: 'Nothing was found for this request',
        action: 'Check the address or details you entered. Nothing was charged',
        detail,
      };
    case 'stale':
      return {
        title:
          error.cachedProfileAgeSeconds === undefined
            ? 'Only an older copy of this profile is available'
            : `Only a copy of this profile ${formatAge(error.cachedProfileAgeSeconds)} old is available`,
        action: 'Try again later, or accept older data by raising the maximum age',
        detail,
      };
    case 'rate-limited':
      if (error.waitUntil !== undefined)
        return {
          title: `The service asked to wait until ${waitUntilText(error.waitUntil)}`,
          action: `Nothing is sent to it for ${formatAge(error.retryAfterSeconds ?? RETRY_AFTER_MAX_SECONDS)}; try again later`,
          detail,
        };
      return {
        title: 'Too many requests in a short time',
        action:
          error.retryAfterSeconds === undefined
            ? 'Wait a minute, then try again'
            : `Wait ${formatAge(error.retryAfterSeconds)}, then try again`,
        detail,
      };
    case 'server':
      return { title: 'The service had an internal error', action: 'Try again in a moment', detail };
    case 'unavailable':
      return {
        title: 'The service could not retrieve this data right now',
        action: 'Try again in a moment',
        detail,
      };
    case 'invalid':
      return {
        title: error.param
          ? `The value of “${error.param}” is not accepted`
          : 'The service refused the request',
        action: 'Correct what you entered, then try again',
        detail,
      };
    case 'unreachable':
      return {
        title: 'Could not connect: nothing was sent',
        action:
          'Nothing was spent. Check your connection and the address in Settings; a list asks again by itself',
        detail,
      };
    case 'network':
      return {
        title: 'The service could not be reached',
        action: 'Check your connection and the service address in Settings, then try again',
        detail,
      };
    case 'timeout':
      return {
        title: 'The service took too long to answer',
        action: 'Try again; for long lists, ask for fewer results per page',
        detail,
      };
    case 'schema':
      return {
        title: 'The service answered in a shape this extension does not understand',
        action: 'Try again later; if it keeps happening, report it with the field named here',
        detail: error.path ? `Field ${error.path}${detail ? `: ${detail}` : ''}` : detail,
      };
    case 'aborted':
      return {
        title: 'Cancelled',
        action: 'Nothing more will be requested; start again when you want',
        detail,
      };
    case 'storage':
      return {
        title: "The extension's storage could not be used",
        action: 'Try again; if it keeps failing, free some disk space or restart the browser',
        detail,
      };
  }
}

/** When a server asked to be left alone until, in the person's own words ("31/12/9999, 23:59:59"). */
export function waitUntilText(at: number): string {
  return new Date(at).toLocaleString();
}
