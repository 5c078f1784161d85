/**
 * What a base URL of the service may be, decided once for the options page, the background's
 * settings schema and the client (plain, no zod):
 * - http(s) only, with an optional path and no query or fragment;
 * - no user name or password: `https://user:secret@host` would be sent on every request (and a
 *   browser refuses to fetch it, which would look like a lost answer);
 * - plain http only to this computer (LOOPBACK_HOSTS), where the sandbox runs: the key travels in
 *   a header, and over http anyone on the way could read it.
 */
const BASE_URL = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i;

/**
 * The hosts plain http may reach, as the URL parser writes them: exactly those the manifest may ask
 * access to over http (wxt.config.ts), so an accepted address is one the browser can grant.
 */
export const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost'] as const;

function isLoopback(hostname: string): boolean {
  return (LOOPBACK_HOSTS as readonly string[]).includes(hostname);
}

/** Why an entered base URL is refused, or undefined when it is accepted (blank is accepted: unset). */
export function baseUrlProblem(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (!BASE_URL.test(trimmed)) return 'must be an http(s) address such as https://api.example.com';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'must be an http(s) address such as https://api.example.com';
  }
  if (url.username !== '' || url.password !== '' || trimmed.slice(0, trimmed.indexOf(url.host)).includes('@'))
    return 'must not contain a user name or password';
  if (url.protocol === 'http:' && !isLoopback(url.hostname))
    return 'must use https (plain http only for this computer: localhost or 127.0.0.1)';
  return undefined;
}
