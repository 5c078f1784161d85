/**
 * Whether a fetch that failed before an answer began sent anything: the browser's transport
 * (lib/background/api/transport.ts) and the team hub (hub/proxy.ts) both tell "refused, nothing
 * charged" from "broken after it left, its answer lost" by it.
 */

/**
 * Node's codes (undici's `cause.code`) of a connection that broke after the request may have left:
 * its answer is lost. Any other failure of fetch before an answer began (ECONNREFUSED, a name that
 * does not resolve, and a browser's bare "Failed to fetch", which tells no more) sent nothing.
 */
const BROKEN_AFTER_SENDING: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
]);

/** Whether fetch failed before anything reached the server: a refused connection, charged nothing. */
export function refusedBeforeSending(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code !== 'string' || !BROKEN_AFTER_SENDING.has(code);
}
