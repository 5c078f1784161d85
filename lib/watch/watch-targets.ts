/**
 * What a page may watch: a person's or a company's profile address (lib/profile-urls.ts reads it),
 * once each. A school, a job or anything else is not watched. Plain, no zod: the pages import it.
 */
import { parseProfileUrl } from '../profile-urls';
import type { WatchTarget } from '../protocol';

/** The watch target an address names, or null when it is not a person's or a company's profile. */
export function watchTargetOf(url: string | null | undefined, name?: string | null): WatchTarget | null {
  if (!url) return null;
  const profile = parseProfileUrl(url);
  if (!profile || (profile.kind !== 'person' && profile.kind !== 'company')) return null;
  return { kind: profile.kind, url: profile.url, ...(name ? { name } : {}) };
}

/** The targets these addresses name, each profile once, in their order. */
export function watchTargets(
  candidates: Iterable<{ url: string | null | undefined; name?: string | null }>,
): WatchTarget[] {
  const seen = new Map<string, WatchTarget>();
  for (const { url, name } of candidates) {
    const target = watchTargetOf(url, name);
    if (target && !seen.has(target.url)) seen.set(target.url, target);
  }
  return [...seen.values()];
}
