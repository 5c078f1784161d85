/**
 * What a base URL of the service may be, decided once for the options page, the background's
 * settings schema and the client (plain, no zod):
 * - http(s) only, with an optional path and no query or fragment;
 * - no user name or password: `https://user:secret@host` would be sent on every request (and a
 *   browser refuses to fetch it, which would look like a lost answer);
 * - plain http only to this computer (localhost, 127.0.0.0/8, [::1]), where the sandbox runs: the
 *   key travels in a header, and over http anyone on the way could read it.
 */
const BASE_URL = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i;

/** Loopback hosts, as the URL parser writes them. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
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
