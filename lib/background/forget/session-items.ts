/**
 * Forgetting in the storage areas the background holds (lib/background/routes/privacy.ts applies it
 * to `storage.session`): a tab's findings, the context menu's pending lookup, a streamed answer's rows.
 */
import { factsOf } from './facts';
import { type KnownSubject, named, namesSubject } from './subject';

/**
 * The storage areas' items that name the subject (a tab's findings, the context menu's pending
 * lookup, a streamed answer's rows): which to remove, and which findings to keep without them.
 */
export function forgetInItems(
  items: Record<string, unknown>,
  known: KnownSubject,
): { remove: string[]; keep: Record<string, unknown> } {
  const remove: string[] = [];
  const keep: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(items)) {
    const facts = factsOf(value);
    const requestId = (value as { requestId?: unknown } | null)?.requestId;
    if (!named(facts, known) && !(typeof requestId === 'string' && known.requestIds.has(requestId))) continue;
    const findings = value as { page?: unknown; pageUrl?: unknown; profiles?: unknown; emails?: unknown };
    // A tab's findings lose the profiles and addresses that name them; the page itself, all of them.
    if (
      Array.isArray(findings.profiles) &&
      Array.isArray(findings.emails) &&
      !namesSubject(findings.page, known) &&
      !namesSubject(findings.pageUrl, known)
    ) {
      keep[key] = {
        ...findings,
        profiles: findings.profiles.filter((profile) => !namesSubject(profile, known)),
        emails: findings.emails.filter((email) => !namesSubject(email, known)),
      };
    } else {
      remove.push(key);
    }
  }
  return { remove, keep };
}
