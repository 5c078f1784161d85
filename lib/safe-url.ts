/**
 * The one gate between a URL the service (or a page) sent and an `href` or `src` in a view. Only
 * http(s) passes: `javascript:`, `data:`, `blob:`, `file:` and anything unparsable are refused, so
 * nothing a profile contains can run script or open a local resource when it is clicked or shown.
 */

/** The URL, normalised, if it is an absolute http(s) URL; otherwise null. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let url: URL;
  try {
    // No base: a relative URL would resolve against the extension's own origin.
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url.href;
}

/** The host of an http(s) URL without `www.`, for a link's short text ("acme.com"); null if unsafe. */
export function displayHost(value: unknown): string | null {
  const href = safeHttpUrl(value);
  return href ? new URL(href).hostname.replace(/^www\./, '') : null;
}
