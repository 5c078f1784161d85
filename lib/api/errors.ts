/**
 * The one error type of every failure of a call to the service, whether the service refused it, the
 * network lost it, or we refused it before sending. Each kind maps to a message that says what
 * happened and what to do (`userMessage`), and an error crosses the extension's message boundary
 * intact (`toJSON` / `ApiError.fromJSON`).
 *
 * Charged? Errors never cost credits: the service charges successful (2xx) answers only, so a
 * request that ended in any status error, or that we refused locally, charged nothing, and a retry is
 * a new request charged only if it succeeds. (A lookup that finds nothing answers 200 and may be
 * charged; that is not an error.) The one uncertainty is an answer lost on the way back
 * ('network', 'timeout', or 'aborted' after sending): the service may have finished the request
 * without us seeing it; the ledger settles that against the balance.
 */
import { z } from 'zod';
import { describeParamError } from './params';
import { errorBodySchema } from './schemas';

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
  /** For 429: how long the service asked us to wait (Retry-After). */
  retryAfterSeconds?: number;
  /** Which endpoint of the registry the failed call was for. */
  endpointId?: string;
}

export const apiErrorJsonSchema = z.object({
  name: z.literal('ApiError'),
  kind: z.enum(API_ERROR_KINDS),
  message: z.string(),
  status: z.number().int().optional(),
  description: z.string().optional(),
  param: z.string().optional(),
  path: z.string().optional(),
  cachedProfileAgeSeconds: z.number().optional(),
  retryAfterSeconds: z.number().optional(),
  endpointId: z.string().optional(),
});

export type ApiErrorJson = z.infer<typeof apiErrorJsonSchema>;

/** Status names for the message of an error whose body did not name its status. */
const STATUS_NAMES: Record<number, string> = {
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

/** A non-JSON body this short that is not markup is taken as the service's own text. */
const PLAIN_TEXT_DESCRIPTION_MAX_CHARS = 300;

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
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
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
  readonly endpointId?: string;

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
    this.endpointId = details.endpointId;
  }

  /**
   * An error answer of the service. Reads v3 bodies and v2 bodies (same shape, see assumptions.ts)
   * `{code, name, description, cachedProfileAgeSeconds?}`, and survives anything else: an HTML error
   * page from a proxy, plain text, or an empty body.
   */
  static fromResponse(
    status: number,
    bodyText: string,
    headers: Headers,
    options: { endpointId?: string; now?: number } = {},
  ): ApiError {
    const kind = kindForStatus(status);
    const body = readErrorBody(bodyText);
    const retryAfterSeconds =
      kind === 'rate-limited'
        ? parseRetryAfter(headers.get('Retry-After'), options.now ?? Date.now())
        : undefined;
    const statusName = body.name ?? STATUS_NAMES[status] ?? 'Error';
    return new ApiError(
      kind,
      {
        status,
        description: body.description,
        cachedProfileAgeSeconds: body.cachedProfileAgeSeconds,
        retryAfterSeconds,
        endpointId: options.endpointId,
      },
      { message: `${status} ${statusName}${body.description ? `: ${body.description}` : ''}` },
    );
  }

  /** Parameters refused before anything was sent (nothing charged, nothing requested). */
  static fromParamError(error: z.ZodError, endpointId?: string): ApiError {
    const first = error.issues[0];
    const param = first?.path[0];
    return new ApiError('invalid', {
      description: describeParamError(error),
      param: param === undefined ? undefined : String(param),
      endpointId,
    });
  }

  /** A 2xx answer whose content does not match the response schema. */
  static fromSchemaError(error: z.ZodError, endpointId?: string): ApiError {
    const issue = deepestIssue(error.issues);
    const path = issue ? issue.path.map(String).join('.') : undefined;
    return new ApiError('schema', { path, description: issue?.message, endpointId });
  }

  static fromJSON(json: unknown): ApiError {
    const { name: _name, kind, message, ...details } = apiErrorJsonSchema.parse(json);
    return new ApiError(kind, details, { message });
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
      endpointId: this.endpointId,
    };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function defaultMessage(kind: ApiErrorKind, details: ApiErrorDetails): string {
  const where = details.path ?? details.param;
  return [kind, where, details.description].filter(Boolean).join(': ');
}

interface ErrorBodyFields {
  name?: string;
  description?: string;
  cachedProfileAgeSeconds?: number;
}

function readErrorBody(bodyText: string): ErrorBodyFields {
  const text = bodyText.trim();
  if (text === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const looksLikeMarkup = text.startsWith('<');
    return looksLikeMarkup || text.length > PLAIN_TEXT_DESCRIPTION_MAX_CHARS ? {} : { description: text };
  }
  const parsed = errorBodySchema.safeParse(json);
  if (!parsed.success) return {};
  const { name, description, cachedProfileAgeSeconds } = parsed.data;
  return {
    name: name ?? undefined,
    description: description ?? undefined,
    cachedProfileAgeSeconds: cachedProfileAgeSeconds ?? undefined,
  };
}

/**
 * The issue that best names the offending field: when a value matched no branch of a union, zod
 * reports the union's location; the branch issue that reaches deepest names the field itself.
 */
function deepestIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue | undefined {
  const first = issues[0];
  if (first?.code !== 'invalid_union' || first.errors.length === 0) return first;
  let best: z.core.$ZodIssue = first;
  for (const branch of first.errors) {
    const inner = deepestIssue(branch);
    if (inner && inner.path.length > 0) {
      const candidate: z.core.$ZodIssue = { ...inner, path: [...first.path, ...inner.path] };
      if (best === first || candidate.path.length > best.path.length) best = candidate;
    }
  }
  return best;
}

export interface UserMessage {
  /** What happened, in a person's words. */
  title: string;
  /** What to do about it. */
  action: string;
  /** The service's own text or the field at fault, when there is one worth showing. */
  detail?: string;
}

/** What to tell a person about an error. Nothing of it is HTML; render it as text. */
export function userMessage(error: ApiError): UserMessage {
  const detail = error.description;
  switch (error.kind) {
    case 'auth':
      return {
        title: 'The service refused the API key',
        action: 'Check the API key in Settings, then try again',
        detail,
      };
    case 'credits':
      return {
        title: 'Your account has no credits left',
        action: 'Top up your balance, then try again',
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
  }
}

/** A duration in the largest unit that keeps it readable: "45 seconds", "3 minutes", "12 days". */
function formatAge(seconds: number): string {
  const units: [number, string][] = [
    [86_400, 'day'],
    [3_600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    if (seconds >= size) {
      const count = Math.floor(seconds / size);
      return `${count} ${unit}${count === 1 ? '' : 's'}`;
    }
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
