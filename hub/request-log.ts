/**
 * One JSON line per member request (stdout when the hub runs: startHub), and its count in the
 * metrics: `{time, request_id, member, endpoint, status, charged, cache, ms}`. The request id is the
 * member's `Idempotency-Key` when they sent one (the journal's key too), else a random uuid. Nothing
 * in a line names a subject: the endpoint is the registry's id, never the path or its parameters.
 *
 * The member is known only once their token is checked, deep inside the request: the check notes it
 * on the request's context (request-context.ts), which this middleware opens for the request.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Env, Next } from 'hono';
import type { AnsweredRequest, HubMetrics } from './metrics';
import { endpointAt } from './proxy';
import { type RequestFacts, withRequestFacts } from './request-context';
import { IDEMPOTENCY_HEADER, sentRequestId } from './request-id';

export interface RequestLine extends AnsweredRequest {
  time: string;
  request_id: string;
  /** The member's name; null when the token was refused. */
  member: string | null;
  ms: number;
}

/** The hub's own routes, as the log and the metrics name them. */
const HUB_ROUTES: Record<string, string> = {
  '/hub/v1/me': 'hub.me',
  '/hub/v1/peek': 'hub.peek_batch',
  '/hub/v1/forgotten': 'hub.forgotten',
  '/hub/v1/watch/lists': 'hub.watch_lists',
  '/hub/v1/watch/changes': 'hub.watch_changes',
  '/hub/v1/watch/seen': 'hub.watch_seen',
};

/** A bounded name for a path (the metrics' label, the log's endpoint): never the path itself. */
function endpointLabel(path: string): string {
  if (path.startsWith('/hub/v1/peek/')) return 'hub.peek';
  return HUB_ROUTES[path] ?? endpointAt(path) ?? 'unknown';
}

function chargedOf(header: string | null): number | null {
  if (header === null) return 0;
  return /^\d+$/.test(header) ? Number(header) : null;
}

/** The middleware that logs and counts each member request once it is answered. */
export function observeRequests(metrics: HubMetrics, log: ((line: string) => void) | undefined) {
  return async (c: Context<Env>, next: Next): Promise<void> => {
    const started = performance.now();
    const facts: RequestFacts = { member: null };
    // The member's Idempotency-Key when it is one, else a new uuid.
    const requestId = sentRequestId(c.req.header(IDEMPOTENCY_HEADER)) ?? randomUUID();
    await withRequestFacts(facts, next);
    const cache = c.res.headers.get('X-Hub-Cache');
    const line: RequestLine = {
      time: new Date().toISOString(),
      request_id: requestId,
      member: facts.member,
      endpoint: endpointLabel(new URL(c.req.url).pathname),
      status: c.res.status,
      charged: chargedOf(c.res.headers.get('X-Hub-Charged')),
      cache: cache === 'hit' || cache === 'miss' ? cache : 'none',
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    metrics.request(line);
    log?.(JSON.stringify(line));
  };
}
