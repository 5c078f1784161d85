/**
 * What a content script reports is checked where it arrives (background only): a page may be
 * hostile, and so may a script in it that speaks for the content script.
 * - Each profile's URL is the one our own parser derives from the URL reported (lib/profile-urls.ts:
 *   kind and id read from a network's host and path, the canonical URL built from them); an entry
 *   whose URL does not name the kind and id it claims is dropped. The page's own profile is derived
 *   from the page's address, not taken from the report.
 * - One malformed or oversized entry is dropped, not the whole report.
 * - A report is capped: at most FINDINGS_LIMITS entries of each list (the first ones, in the page's
 *   order) and FINDINGS_MAX_BYTES in all (a larger report is refused whole, before it is read).
 * - What is kept of it is capped too, at FINDINGS_KEPT_MAX_BYTES: the URLs kept are the ones our
 *   parser builds, and a non-Latin id grows about nine-fold in bytes once percent-encoded, so a
 *   report within its cap may still derive a much larger one; its first entries that fit are kept.
 * Sizes are UTF-8 bytes of the JSON, as storage counts them, not characters.
 */
import { parseProfileUrl } from '../profile-urls';
import { isProfileKind } from '../profiles';
import { FINDINGS_LIMITS, type Findings, type ProfileRefMessage } from '../protocol';

/** The most a report may weigh, as JSON: 5,000 profile links and 1,000 addresses fit well within. */
export const FINDINGS_MAX_BYTES = 2_000_000;

/**
 * The most one tab's findings may weigh as kept (JSON): a page's thousands of plain links fit; a
 * tab cannot fill `storage.session` (10 MB, shared with the menu's lookup and answers' progress).
 */
export const FINDINGS_KEPT_MAX_BYTES = 1_000_000;

const utf8 = new TextEncoder();

/** The UTF-8 size of a value's JSON: what storage counts, where `.length` counts UTF-16 units. */
export function jsonBytes(value: unknown): number {
  return utf8.encode(JSON.stringify(value)).length;
}

/** The first entries whose JSON, one comma apart, fits in `budget` bytes; and what is left of it. */
function firstThatFit<T>(entries: T[], budget: number): { kept: T[]; left: number } {
  let left = budget;
  let count = 0;
  for (const entry of entries) {
    const size = jsonBytes(entry) + 1;
    if (size > left) break;
    left -= size;
    count++;
  }
  return { kept: entries.slice(0, count), left };
}

/** Per entry: an identifier, a URL, a label and an address longer than these is no real one. */
const ENTRY_LIMITS = { id: 200, url: 2000, label: 300, email: 254 } as const;

/** An address as the scan finds them; the service checks it again when it is looked up. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

/** A profile entry re-derived by our parser, or null when it is not what it claims to be. */
function checkedProfile(entry: unknown): ProfileRefMessage | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { kind, id, url, label } = entry as Record<string, unknown>;
  const claimedId = text(id, ENTRY_LIMITS.id);
  const claimedUrl = text(url, ENTRY_LIMITS.url);
  if (!isProfileKind(kind) || claimedId === undefined || claimedUrl === undefined) return null;
  if (label !== undefined && text(label, ENTRY_LIMITS.label) === undefined) return null;
  const derived = parseProfileUrl(claimedUrl);
  if (!derived || derived.kind !== kind || derived.id !== claimedId) return null;
  return { kind, id: derived.id, url: derived.url, ...(typeof label === 'string' ? { label } : {}) };
}

/**
 * The report as the background keeps it, or null when it is refused whole (not a report, or over
 * FINDINGS_MAX_BYTES).
 */
export function checkFindings(raw: unknown): Findings | null {
  if (typeof raw !== 'object' || raw === null) return null;
  let size: number;
  try {
    size = jsonBytes(raw);
  } catch {
    return null;
  }
  if (size > FINDINGS_MAX_BYTES) return null;
  const { pageUrl, profiles, emails, scannedAt } = raw as Record<string, unknown>;
  const page = text(pageUrl, ENTRY_LIMITS.url * 4);
  if (
    page === undefined ||
    typeof scannedAt !== 'number' ||
    !Array.isArray(profiles) ||
    !Array.isArray(emails)
  )
    return null;
  const derivedPage = parseProfileUrl(page);
  const checked: Findings = {
    pageUrl: page,
    page: derivedPage ? { kind: derivedPage.kind, id: derivedPage.id, url: derivedPage.url } : null,
    profiles: [],
    emails: [],
    scannedAt,
  };
  // The addresses first (small, and what the menu and panel look up), then the links that fit.
  const emailsFit = firstThatFit(
    emails
      .filter(
        (email): email is string =>
          typeof email === 'string' && email.length <= ENTRY_LIMITS.email && EMAIL.test(email),
      )
      .slice(0, FINDINGS_LIMITS.emails),
    FINDINGS_KEPT_MAX_BYTES - jsonBytes(checked),
  );
  checked.emails = emailsFit.kept;
  checked.profiles = firstThatFit(
    profiles
      .map(checkedProfile)
      .filter((entry): entry is ProfileRefMessage => entry !== null)
      .slice(0, FINDINGS_LIMITS.profiles),
    emailsFit.left,
  ).kept;
  return checked;
}
