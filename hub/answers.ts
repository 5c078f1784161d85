/**
 * The hub's own answers, in the service's error shape (`{code, name, description}`, which the
 * extension's client already reads) with an `error` word for the hub's refusals, so a member's
 * browser can tell "your budget" (402) and "do not enrich" (451) from the service's own errors.
 */
import { STATUS_NAMES } from '../lib/api/errors';

export type HubError =
  | 'unauthorized'
  | 'token_expired'
  | 'member_budget'
  | 'do_not_enrich'
  | 'hub_database_unavailable'
  | 'service_unreachable'
  | 'method_not_allowed'
  | 'repeated_parameter'
  | 'answer_too_large'
  /** The service was asked (and may have charged `charged`), and its answer was lost at the hub. */
  | 'answer_lost'
  /** The hub is stopping: the request was not sent. */
  | 'hub_stopping';

/** The statuses only the hub answers, beside the service's (STATUS_NAMES). */
const HUB_STATUS_NAMES: Record<number, string> = {
  402: 'Payment Required',
  405: 'Method Not Allowed',
  451: 'Unavailable For Legal Reasons',
};

export function errorJson(
  status: number,
  description: string,
  extra: { error?: HubError } & Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    code: status,
    name: STATUS_NAMES[status] ?? HUB_STATUS_NAMES[status] ?? 'Error',
    description,
    ...extra,
  };
}

/**
 * Input the hub refuses as given (a name, a budget, a subject): the message says why, for the admin
 * command to print and the admin routes to answer with `status`.
 */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 400,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A missing, unknown or removed member's token, as the service answers a bad key. */
export function unauthorized(): Response {
  return jsonResponse(401, errorJson(401, 'Invalid API key', { error: 'unauthorized' }));
}

/** The token of an `Authorization: Bearer <token>` header; '' when there is none. */
export function bearerOf(authorization: string | undefined): string {
  return /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
}
