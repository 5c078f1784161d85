/**
 * Reading an `ApiError` out of what the background sees: an error answer of the service, a zod
 * issue list of refused params, or an answer that does not match its schema. Apart from ./errors
 * because it needs zod, which the pages do not carry.
 */
import type { z } from 'zod';
import { ApiError, type ApiErrorDetails, kindForStatus, retryAfterOf, STATUS_NAMES } from './errors';
import { describeParamError } from './params';
import { errorBodySchema } from './schemas';

/** A non-JSON body this short that is not markup is taken as the service's own text. */
const PLAIN_TEXT_DESCRIPTION_MAX_CHARS = 300;

/**
 * An error answer of the service. Reads v3 bodies and v2 bodies (same shape, see assumptions.ts)
 * `{code, name, description, cachedProfileAgeSeconds?}`, and survives anything else: an HTML error
 * page from a proxy, plain text, or an empty body.
 */
export function responseError(
  status: number,
  bodyText: string,
  headers: Headers,
  options: { endpointId?: string; now?: number } = {},
): ApiError {
  const body = readErrorBody(bodyText);
  const kind = body.hub?.kind ?? kindForStatus(status);
  const retryAfter =
    kind === 'rate-limited' ? retryAfterOf(headers.get('Retry-After'), options.now ?? Date.now()) : {};
  const statusName = body.name ?? STATUS_NAMES[status] ?? 'Error';
  return new ApiError(
    kind,
    {
      status,
      description: body.description,
      cachedProfileAgeSeconds: body.cachedProfileAgeSeconds,
      ...retryAfter,
      endpointId: options.endpointId,
      ...body.hub?.details,
      // A 451 about an answer (paid, not kept) says what the team paid for it.
      ...(kind === 'team-do-not-enrich' && headers.has(HUB_CHARGED_HEADER)
        ? { charged: readHubCharged(headers.get(HUB_CHARGED_HEADER)) }
        : {}),
    },
    { message: `${status} ${statusName}${body.description ? `: ${body.description}` : ''}` },
  );
}

/** Parameters refused before anything was sent (nothing charged, nothing requested). */
export function paramError(error: z.ZodError, endpointId?: string): ApiError {
  const first = error.issues[0];
  const param = first?.path[0];
  return new ApiError('invalid', {
    description: describeParamError(error),
    param: param === undefined ? undefined : String(param),
    endpointId,
  });
}

/** A 2xx answer whose content does not match the response schema. */
export function schemaError(error: z.ZodError, endpointId?: string): ApiError {
  const issue = deepestIssue(error.issues);
  const path = issue ? issue.path.map(String).join('.') : undefined;
  return new ApiError('schema', { path, description: issue?.message, endpointId });
}

interface ErrorBodyFields {
  name?: string;
  description?: string;
  cachedProfileAgeSeconds?: number;
  /** A team hub's own refusal (its `error` word), read as its own kind. */
  hub?: {
    kind: 'member-budget' | 'team-do-not-enrich' | 'auth' | 'member-token' | 'server';
    details: ApiErrorDetails;
  };
}

/** What the team paid for an answer the hub passed on; 'unknown' (v3) reads as null, not published. */
export const HUB_CHARGED_HEADER = 'X-Hub-Charged';

/** X-Hub-Charged: a whole number of credits, or null for 'unknown' (or anything unreadable). */
export function readHubCharged(value: string | null): number | null {
  const trimmed = value?.trim() ?? '';
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The hub's refusals: 402 `{"error":"member_budget", needed, left_today}`, 451
 * `{"error":"do_not_enrich"}`, 401 `{"error":"unauthorized"}` (a member token, not a key), 401
 * `{"error":"token_expired"}` (a member token that expired or was replaced: the hub's description
 * says which and since when, and is kept), and 502 `{"error":"answer_lost", charged}`: the service
 * was asked and the hub lost its answer, having charged the team `charged` for it (a lost answer
 * whose charge is known).
 */
function hubRefusal(body: Record<string, unknown>): ErrorBodyFields['hub'] {
  const whole = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  if (body.error === 'member_budget') {
    const needed = whole(body.needed);
    const left = body.left_today === null ? null : whole(body.left_today);
    return {
      kind: 'member-budget',
      details: {
        ...(needed !== undefined ? { needed } : {}),
        ...(left !== undefined ? { leftToday: left } : {}),
      },
    };
  }
  if (body.error === 'do_not_enrich') return { kind: 'team-do-not-enrich', details: {} };
  if (body.error === 'token_expired') return { kind: 'member-token', details: {} };
  if (body.error === 'answer_lost') {
    const charged = whole(body.charged);
    return { kind: 'server', details: { answerLost: true, ...(charged !== undefined ? { charged } : {}) } };
  }
  if (body.error === 'unauthorized')
    return {
      kind: 'auth',
      details: {
        description:
          "The team hub does not know this member token (or its member was removed): ask your hub's admin for one",
      },
    };
  return undefined;
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
  const hub = hubRefusal(parsed.data);
  return {
    name: name ?? undefined,
    description: description ?? undefined,
    cachedProfileAgeSeconds: cachedProfileAgeSeconds ?? undefined,
    ...(hub ? { hub } : {}),
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
