/**
 * Which URLs are profiles, and which texts are e-mail addresses: pure parsing, no DOM (the page
 * scan is ./page-scan). The host and path knowledge lives in `./networks`, the kinds in
 * `./profiles`. Bundled into the content script, which must stay small: no zod, no Preact, no
 * imports from lib/api; the sandbox reads URLs with the same parser.
 *
 * Identifiers are normalised so that one profile has one key however a page links to it: percent-
 * decoded, NFC, and lower case. Every one of these networks treats its ids and handles
 * case-insensitively, so handles are lower-cased too (a scan's `label` keeps how the page wrote the
 * name). The one exception is a hashed member id (`/in/ACoAA…`), which is case-sensitive.
 */
import {
  CURRENT_JOB_PARAM,
  canonicalCompanyUrl,
  canonicalHandleUrl,
  canonicalJobUrl,
  canonicalPersonUrl,
  canonicalSchoolUrl,
  canonicalShowcaseUrl,
  HANDLE_SYNTAX,
  HASHED_PERSON_ID,
  type HandleNetwork,
  JOB_EXTERNAL_APPLY_SEGMENT,
  JOB_VIEW_SEGMENT,
  NETWORK_PATH_WRAPPERS,
  NETWORK_RESERVED_IDS,
  NETWORK_SECTIONS,
  type NeutralNetwork,
  networkOfHost,
  PROFILE_TABS,
  RESERVED_ROOT_PATHS,
  SOCIAL_NUMERIC_PROFILE_PARAM,
  SOCIAL_NUMERIC_PROFILE_PATH,
  SOCIAL_PEOPLE_SECTION,
} from './networks';
import type { ProfileKind } from './profiles';

/**
 * `person`, `company` (showcase pages included), `school` and `job` live on the main network; the
 * other three are handles on the network of the same neutral name (./profiles is the table).
 */
export type { ProfileKind } from './profiles';

export interface ProfileRef {
  kind: ProfileKind;
  /**
   * Public identifier, company or school slug or numeric id, job id (digits), or handle: decoded
   * and lower case (see the file's comment).
   */
  id: string;
  /** The canonical profile URL, the one to send to the service. */
  url: string;
  /** How the page named the profile (its first link's text); scans only. */
  label?: string;
  /** A hashed member id: still this person, but the service does not accept such URLs. */
  hashedId?: true;
}

export interface ScanResult {
  /** The page's URL when it was scanned: findings belong to this URL only. */
  url: string | null;
  /** The profile the page itself shows, if it is one. */
  page: ProfileRef | null;
  /** Every profile the page links to (the page's own included), once each, in document order. */
  profiles: ProfileRef[];
  emails: string[];
}

// ---------------------------------------------------------------------------------------------
// URLs

interface UrlParts {
  host: string;
  path: string;
  query: string;
  fragment: string;
}

export const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const URL_PARTS = /^([^/?#\\]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/;
/** {@link URL_PARTS} without the host: how a URL's path, query and fragment are read. */
const PATH_PARTS = /^([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/;

/**
 * Splits an absolute, protocol-relative or scheme-less URL (`linkedin.com/in/x`) into host, path,
 * query and fragment. Null for other schemes (`javascript:`, `mailto:`) and for relative paths.
 * Cheaper than `new URL()`, and it accepts the scheme-less forms people paste.
 */
export function splitUrl(input: string): UrlParts | null {
  let rest = input.trim();
  const scheme = SCHEME.exec(rest);
  // `linkedin.com:443/in/x` has a dot before its colon: that is a host, not a scheme.
  if (scheme && !scheme[1]!.includes('.')) {
    const name = scheme[1]!.toLowerCase();
    if (name !== 'http' && name !== 'https') return null;
    rest = rest.slice(scheme[0].length).replace(/^[/\\]+/, '');
  } else if (rest.startsWith('//')) {
    rest = rest.slice(2);
  } else if (rest.startsWith('/')) {
    return null;
  }
  const parts = URL_PARTS.exec(rest);
  if (!parts) return null;
  let host = parts[1]!;
  host = host
    .slice(host.lastIndexOf('@') + 1)
    .replace(/:\d*$/, '')
    .toLowerCase();
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (!host) return null;
  return { host, path: parts[2]!, query: parts[3] ?? '', fragment: parts[4] ?? '' };
}

/** Splits a root-relative href (`/in/x?trk=y`) as {@link splitUrl} splits a URL after its host. */
export function splitPath(href: string): Omit<UrlParts, 'host'> | null {
  const parts = PATH_PARTS.exec(href);
  return parts && { path: parts[1]!, query: parts[2] ?? '', fragment: parts[3] ?? '' };
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment).normalize('NFC');
  } catch {
    return null;
  }
}

function queryParam(query: string, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).toLowerCase() === wanted) return decodeSegment(pair.slice(eq + 1));
  }
  return null;
}

/** A decoded identifier a profile path may carry: not empty, no spaces or slashes. */
function pathId(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  const id = decodeSegment(segment);
  return id && !/[\s/\\]/.test(id) ? id : null;
}

const DIGITS = /^\d+$/;

function personRef(segment: string | undefined): ProfileRef | null {
  const raw = pathId(segment);
  if (!raw) return null;
  if (HASHED_PERSON_ID.test(raw))
    return { kind: 'person', id: raw, url: canonicalPersonUrl(raw), hashedId: true };
  const id = raw.toLowerCase();
  return NETWORK_RESERVED_IDS.has(id) ? null : { kind: 'person', id, url: canonicalPersonUrl(id) };
}

/** `/pub/<name>/<a>/<b>/<c>` redirects to `/in/<name>-<c><b><a>`, `b` and `c` padded to three. */
function legacyPersonRef([name, a, b, c]: string[]): ProfileRef | null {
  const hex = /^[0-9a-f]{1,3}$/i;
  // `/pub/dir/<first>/<last>` is the network's people directory, a search.
  if (
    !name ||
    name.toLowerCase() === 'dir' ||
    !a ||
    !b ||
    !c ||
    !hex.test(a) ||
    !hex.test(b) ||
    !hex.test(c)
  ) {
    return null;
  }
  return personRef(`${name}-${c.padStart(3, '0')}${b.padStart(3, '0')}${a}`);
}

function organisationRef(
  kind: 'company' | 'school',
  segment: string | undefined,
  canonical: (id: string) => string,
): ProfileRef | null {
  const id = pathId(segment)?.toLowerCase();
  return id && !NETWORK_RESERVED_IDS.has(id) ? { kind, id, url: canonical(id) } : null;
}

/** `/jobs/view/<id>`, `/jobs/view/<title-slug>-<id>`, or any `/jobs/…?currentJobId=<id>`. */
function jobRef(segments: string[], query: string): ProfileRef | null {
  let id: string | undefined;
  if (segments[0]?.toLowerCase() === JOB_VIEW_SEGMENT) {
    const shown = segments[1]?.toLowerCase() === JOB_EXTERNAL_APPLY_SEGMENT ? segments[2] : segments[1];
    id = shown && /(?:^|-)(\d+)$/.exec(shown)?.[1];
  }
  if (!id) {
    const current = queryParam(query, CURRENT_JOB_PARAM);
    if (current && DIGITS.test(current)) id = current;
  }
  return id ? { kind: 'job', id, url: canonicalJobUrl(id) } : null;
}

function networkRef(segments: string[], query: string): ProfileRef | null {
  const start = segments[0] && NETWORK_PATH_WRAPPERS.has(segments[0].toLowerCase()) ? 1 : 0;
  const section = segments[start]?.toLowerCase();
  const id = segments[start + 1];
  switch (section) {
    case NETWORK_SECTIONS.person:
      return personRef(id);
    case NETWORK_SECTIONS.legacyPerson:
      return legacyPersonRef(segments.slice(start + 1));
    case NETWORK_SECTIONS.company:
      return organisationRef('company', id, canonicalCompanyUrl);
    case NETWORK_SECTIONS.showcase:
      return organisationRef('company', id, canonicalShowcaseUrl);
    case NETWORK_SECTIONS.school:
      return organisationRef('school', id, canonicalSchoolUrl);
    case NETWORK_SECTIONS.jobs:
      return jobRef(segments.slice(start + 1), query);
    default:
      return null;
  }
}

function handleRef(network: HandleNetwork, raw: string | null): ProfileRef | null {
  if (!raw || !HANDLE_SYNTAX[network].test(raw)) return null;
  const id = raw.toLowerCase();
  if (RESERVED_ROOT_PATHS[network].has(id)) return null;
  return { kind: network, id, url: canonicalHandleUrl(network, id) };
}

function numericSocialRef(id: string | null | undefined): ProfileRef | null {
  return id && DIGITS.test(id) ? { kind: 'social', id, url: canonicalHandleUrl('social', id) } : null;
}

function handleNetworkRef(network: HandleNetwork, segments: string[], query: string): ProfileRef | null {
  const first = segments[0];
  if (!first) return null;
  if (network === 'social') {
    const section = first.toLowerCase();
    if (section === SOCIAL_NUMERIC_PROFILE_PATH) {
      return segments.length === 1 ? numericSocialRef(queryParam(query, SOCIAL_NUMERIC_PROFILE_PARAM)) : null;
    }
    if (section === SOCIAL_PEOPLE_SECTION)
      return segments.length === 3 ? numericSocialRef(segments[2]) : null;
  }
  if (segments.length > 2) return null;
  if (segments.length === 2 && !PROFILE_TABS[network]?.test(segments[1]!)) return null;
  const handle = decodeSegment(first);
  // `x.com/@jack` is the microblog's own way of writing a handle in a URL.
  return handleRef(network, network === 'microblog' && handle?.startsWith('@') ? handle.slice(1) : handle);
}

/**
 * The profile a URL points at, with its canonical URL, or null when it is not a profile: posts,
 * articles, feeds, share and intent links, statuses, repositories, sign-in walls, settings and the
 * sites' other reserved pages. A bare `@handle` is read as a microblog handle.
 */
export function parseProfileUrl(input: string): ProfileRef | null {
  const text = input.trim();
  if (text.startsWith('@')) return handleRef('microblog', text.slice(1));
  const parts = splitUrl(text);
  if (!parts) return null;
  const network = networkOfHost(parts.host);
  return network && profileAtPath(network, parts);
}

/** The profile at this path, query and fragment on one of the network's profile hosts, or null. */
export function profileAtPath(network: NeutralNetwork, parts: Omit<UrlParts, 'host'>): ProfileRef | null {
  let { path, query } = parts;
  // Hash-bang URLs (`/#!/jack`, `/#!/profile.php?id=4`) from the sites' single-page days.
  if (parts.fragment.startsWith('!/') && /^\/?$/.test(path)) {
    const routed = parts.fragment.slice(1);
    const q = routed.indexOf('?');
    path = q < 0 ? routed : routed.slice(0, q);
    query = q < 0 ? '' : routed.slice(q + 1);
  }
  const segments = path.split(/[/\\]/).filter((segment) => segment !== '');
  return network === 'network' ? networkRef(segments, query) : handleNetworkRef(network, segments, query);
}

// ---------------------------------------------------------------------------------------------
// E-mail addresses

const EMAIL_CANDIDATE = /[a-z0-9._+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const TOP_LEVEL_DOMAIN = /^(?:[a-z]{2,24}|xn--[a-z0-9-]{1,59})$/;
/** `logo@2x.png`, `bundle@1.2.js`: asset names that look like addresses end in a file extension. */
const FILE_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'svg',
  'bmp',
  'ico',
  'tif',
  'tiff',
  'heic',
  'css',
  'js',
  'mjs',
  'json',
  'map',
  'woff',
  'woff2',
  'ttf',
  'mp4',
  'webm',
  'mov',
  'mp3',
  'wav',
]);

function plausibleEmail(address: string): boolean {
  const at = address.indexOf('@');
  const local = address.slice(0, at);
  const labels = address.slice(at + 1).split('.');
  const topLevel = labels[labels.length - 1]!;
  return (
    address.length <= 254 &&
    local.length <= 64 &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..') &&
    labels.every((label) => label.length <= 63 && DOMAIN_LABEL.test(label)) &&
    TOP_LEVEL_DOMAIN.test(topLevel) &&
    !FILE_EXTENSIONS.has(topLevel)
  );
}

export function collectEmails(text: string, into: Set<string>): void {
  for (const match of text.matchAll(EMAIL_CANDIDATE)) {
    // Punctuation before a name (`…john@x.com`, `--john@x.com`) is the sentence's, not the address's.
    const address = match[0].replace(/^[._+-]+/, '').toLowerCase();
    if (plausibleEmail(address)) into.add(address);
  }
}

/** Plausible e-mail addresses in a text, lower case, each once, in order of appearance. */
export function extractEmails(text: string): string[] {
  const found = new Set<string>();
  if (text.includes('@')) collectEmails(text, found);
  return [...found];
}

/** A domain as people write them: letters, digits and hyphens in dot-separated labels. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** `acme.com` from `acme.com`, `www.acme.com`, `https://acme.com/about`; null when it is not one. */
export function domainOf(input: string): string | null {
  let host = input.trim().toLowerCase();
  try {
    if (/^https?:\/\//.test(host)) host = new URL(host).hostname;
  } catch {
    return null;
  }
  host = host.replace(/^www\./, '').replace(/\.$/, '');
  return DOMAIN.test(host) ? host : null;
}

/**
 * The domain of a website as people write it in a spreadsheet: `acme.com`, `WWW.Acme.com`,
 * `https://www.acme.com/about`, `acme.com/contact`; null when it is not one.
 */
export function websiteDomain(input: string): string | null {
  const text = input.trim();
  return domainOf(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
}

export const MAILTO = /^mailto:/i;

/** Every address of a `mailto:` link (`mailto:a@x.com,b@y.com?subject=…`); none for other links. */
export function mailtoAddresses(href: string): string[] {
  const trimmed = href.trim();
  if (!MAILTO.test(trimmed)) return [];
  const recipients = trimmed.slice('mailto:'.length).split('?')[0]!;
  return extractEmails(decodeSegment(recipients) ?? recipients);
}
