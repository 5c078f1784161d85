/**
 * Which URLs are profiles, and the page scan the content script runs.
 *
 * Pure URL parsing plus a DOM scan; the host and path knowledge lives in `./networks`. Bundled into
 * the content script, which must stay small: no zod, no Preact, no imports from lib/api.
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
  MAY_MENTION_PROFILE_HOST,
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

/**
 * `person`, `company` (showcase pages included), `school` and `job` live on the main network; the
 * other three are handles on the network of the same neutral name.
 */
export type ProfileKind = 'person' | 'company' | 'school' | 'job' | HandleNetwork;

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

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const URL_PARTS = /^([^/?#\\]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/;
/** {@link URL_PARTS} without the host: how a URL's path, query and fragment are read. */
const PATH_PARTS = /^([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/;

/**
 * Splits an absolute, protocol-relative or scheme-less URL (`linkedin.com/in/x`) into host, path,
 * query and fragment. Null for other schemes (`javascript:`, `mailto:`) and for relative paths.
 * Cheaper than `new URL()`, and it accepts the scheme-less forms people paste.
 */
function splitUrl(input: string): UrlParts | null {
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
function splitPath(href: string): Omit<UrlParts, 'host'> | null {
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
function profileAtPath(network: NeutralNetwork, parts: Omit<UrlParts, 'host'>): ProfileRef | null {
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

/** Whether the page at this URL is itself a profile, and of which kind. */
export function detectPage(url: string): ProfileRef | null {
  return parseProfileUrl(url);
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

function collectEmails(text: string, into: Set<string>): void {
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

const MAILTO = /^mailto:/i;

/** Every address of a `mailto:` link (`mailto:a@x.com,b@y.com?subject=…`); none for other links. */
export function mailtoAddresses(href: string): string[] {
  const trimmed = href.trim();
  if (!MAILTO.test(trimmed)) return [];
  const recipients = trimmed.slice('mailto:'.length).split('?')[0]!;
  return extractEmails(decodeSegment(recipients) ?? recipients);
}

/** The first address of a `mailto:` link, or null. */
export function emailFromMailto(href: string): string | null {
  return mailtoAddresses(href)[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Scanning a page

const LABEL_MAX_LENGTH = 120;

function isProfileHostAddress(text: string): boolean {
  // Every profile host has a dot; most names have none.
  if (!text.includes('.')) return false;
  const parts = splitUrl(text);
  return parts !== null && networkOfHost(parts.host) !== null;
}

/** The anchor's visible text (or its accessible name): how the page names whoever it links to. */
function labelOf(anchor: Element): string | undefined {
  let text = (anchor.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (!text) {
    text = (
      anchor.getAttribute('aria-label') ??
      anchor.getAttribute('title') ??
      anchor.querySelector('img[alt]')?.getAttribute('alt') ??
      ''
    ).trim();
  }
  // A link whose text is its own address adds nothing.
  if (!text || isProfileHostAddress(text)) return undefined;
  return text.length > LABEL_MAX_LENGTH ? `${text.slice(0, LABEL_MAX_LENGTH - 1)}…` : text;
}

/** What one link gives a scan: a profile (with its key among the scan's profiles), addresses, or nothing. */
type LinkTarget = { ref: ProfileRef; key: string } | { addresses: string[] } | null;

/**
 * What relative links are read against: the page, when it is on a profile host, where the site links
 * to its profiles that way. Elsewhere a relative link stays on that other site and leads to no profile.
 */
interface RelativeLinkBase {
  pageUrl: string;
  network: NeutralNetwork;
}

function relativeLinkBase(pageUrl: string | null): RelativeLinkBase | null {
  const parts = pageUrl ? splitUrl(pageUrl) : null;
  const network = parts && networkOfHost(parts.host);
  return pageUrl && network ? { pageUrl, network } : null;
}

/**
 * Link targets by href attribute. Pages repeat the same links many times over and are scanned again
 * after every change, so each distinct href is worked out once; after that a link costs a scan one
 * `getAttribute` and one lookup. A root-relative href (`/in/x`) means the same on every host of the
 * page's network, so the cache holds one network's targets and is emptied when the page's network
 * changes; a path-relative href (`in/x`) is resolved each time and its target kept under the absolute
 * URL. Bounded so a long-lived infinite feed cannot grow it for ever.
 */
const linkTargets = new Map<string, LinkTarget>();
let linkTargetsNetwork: NeutralNetwork | null = null;
const LINK_TARGETS_LIMIT = 20_000;

function linkTargetOf(rawHref: string, base: RelativeLinkBase | null): LinkTarget {
  const known = linkTargets.get(rawHref);
  if (known !== undefined) return known;
  const href = rawHref.trim();
  const absolute = href.startsWith('//') || SCHEME.test(href);
  if (!absolute && base && !href.startsWith('/') && !href.startsWith('#')) {
    let resolved: string;
    try {
      resolved = new URL(href, base.pageUrl).href;
    } catch {
      return null;
    }
    // An absolute URL needs no base.
    return linkTargetOf(resolved, null);
  }
  let target: LinkTarget = null;
  let ref: ProfileRef | null = null;
  if (MAILTO.test(href)) {
    const addresses = mailtoAddresses(href);
    if (addresses.length > 0) target = { addresses };
  } else if (absolute) {
    // Most links lead elsewhere: one regex each before any parsing.
    if (MAY_MENTION_PROFILE_HOST.test(href)) ref = parseProfileUrl(href);
  } else if (base && href.startsWith('/')) {
    const parts = splitPath(href);
    if (parts) ref = profileAtPath(base.network, parts);
  }
  if (ref) target = { ref, key: `${ref.kind}:${ref.id}` };
  if (linkTargets.size >= LINK_TARGETS_LIMIT) linkTargets.clear();
  linkTargets.set(rawHref, target);
  return target;
}

function documentOf(root: ParentNode): Document | null {
  return (root as Node).nodeType === 9 ? (root as Document) : (root as Node).ownerDocument;
}

const TEXT_NODES = 4; // NodeFilter.SHOW_TEXT
const NON_TEXT_PARENTS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT']);

/** Whether the '@' at `at` has what an address needs on each side: a local-part and a domain character. */
function mayBeAddressAt(text: string, at: number): boolean {
  return LOCAL_PART_CHAR.test(text.charAt(at - 1)) && DOMAIN_CHAR.test(text.charAt(at + 1));
}
const LOCAL_PART_CHAR = /^[a-z0-9._+-]$/i;
const DOMAIN_CHAR = /^[a-z0-9-]$/i;

/**
 * Average text node length below which reading the whole text at once is cheaper than reading each
 * node. In Chromium a node's `data` makes a string, which costs about what `textContent` spends
 * copying a hundred characters (0.15 µs against 1.6 ns a character, on the benchmark's machine).
 */
const WHOLE_TEXT_BELOW_AVERAGE_LENGTH = 100;

/**
 * Addresses in the text nodes under `root`, outside scripts and styles, each node read on its own
 * (`<b>jane</b>@x.com` holds no address). The nodes are first counted and measured, which makes no strings. Where
 * they are many and short, as on an app's pages, the whole text is read at once (`textContent`
 * concatenates the same nodes in the same order) and only the nodes under an '@' that may belong to
 * an address are read; where they are long, as in prose, each node is read.
 */
function collectTextEmails(root: ParentNode, doc: Document, into: Set<string>): void {
  const nodes: Text[] = [];
  let totalLength = 0;
  const walker = doc.createTreeWalker(root as Node, TEXT_NODES);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push(node as Text);
    totalLength += (node as Text).length;
  }
  const collect = (node: Text) => {
    if (!NON_TEXT_PARENTS.has(node.parentNode?.nodeName ?? '')) collectEmails(node.data, into);
  };
  if (totalLength < nodes.length * WHOLE_TEXT_BELOW_AVERAGE_LENGTH) {
    const container = (root as Node).nodeType === 9 ? (root as Document).documentElement : (root as Node);
    const text = container?.textContent ?? '';
    // Longer when the text holds nodes the walk does not show (CDATA sections): then read node by node.
    if (text.length === totalLength) {
      let node = 0;
      let nodeStart = 0;
      for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
        if (!mayBeAddressAt(text, at)) continue;
        while (nodeStart + nodes[node]!.length <= at) nodeStart += nodes[node++]!.length;
        collect(nodes[node]!);
        // The node's other '@'s were read with it.
        at = nodeStart + nodes[node]!.length - 1;
      }
      return;
    }
  }
  for (const node of nodes) {
    // Most text has no '@': one indexOf each, and only the rest is matched.
    if (node.data.indexOf('@') >= 0) collect(node);
  }
}

export interface ScanOptions {
  /** The page's URL: decides `page` and resolves relative links. Default: the root's document URL. */
  pageUrl?: string;
}

/**
 * What a page (or part of one) shows: the profile the page itself is, every profile it links to,
 * and the e-mail addresses in its links and text.
 */
export function scanDocument(root: ParentNode, options: ScanOptions = {}): ScanResult {
  const doc = documentOf(root);
  const pageUrl = options.pageUrl ?? doc?.location?.href ?? doc?.URL ?? null;
  const base = relativeLinkBase(pageUrl);
  const profiles = new Map<string, ProfileRef>();
  const emails = new Set<string>();

  if (linkTargetsNetwork !== (base?.network ?? null)) {
    linkTargets.clear();
    linkTargetsNetwork = base?.network ?? null;
  }
  const anchors = root.querySelectorAll('a[href], area[href]');
  for (let i = 0; i < anchors.length; i++) {
    const anchor = anchors[i]!;
    const target = linkTargetOf(anchor.getAttribute('href')!, base);
    if (!target) continue;
    if ('addresses' in target) {
      for (const address of target.addresses) emails.add(address);
      continue;
    }
    const known = profiles.get(target.key);
    if (!known) {
      const label = labelOf(anchor);
      profiles.set(target.key, label ? { ...target.ref, label } : { ...target.ref });
    } else if (!known.label) {
      // An avatar link often comes first, and the link with the name after it.
      const label = labelOf(anchor);
      if (label) known.label = label;
    }
  }
  if (doc) collectTextEmails(root, doc, emails);

  return {
    url: pageUrl,
    page: pageUrl ? parseProfileUrl(pageUrl) : null,
    profiles: [...profiles.values()],
    emails: [...emails],
  };
}

// ---------------------------------------------------------------------------------------------
// Watching a page

/** Quiet time after the last DOM change before a rescan: single-page sites render in bursts. */
export const DEFAULT_SCAN_DEBOUNCE_MS = 300;
/** A page that never stops changing (a live feed) is still rescanned this often. */
export const DEFAULT_SCAN_MAX_WAIT_MS = 2_000;
/** How often the URL is compared, for navigations that neither change the DOM nor fire an event. */
export const DEFAULT_URL_POLL_MS = 1_000;

export interface ScannerOptions {
  /** Called with the first result at once (synchronously), then whenever the result changes. */
  onChange: (result: ScanResult) => void;
  debounceMs?: number;
  maxWaitMs?: number;
  urlPollMs?: number;
  /** Default: the global `document`. */
  document?: Document;
}

export interface Scanner {
  /** The last result reported. */
  current(): ScanResult;
  /** Scan now, reporting if anything changed. */
  rescan(): void;
  stop(): void;
}

function resultKey(result: ScanResult): string {
  const ref = (r: ProfileRef) => `${r.kind}:${r.id}:${r.label ?? ''}`;
  return [
    result.url,
    result.page ? ref(result.page) : '',
    ...result.profiles.map(ref),
    ...result.emails,
  ].join('\n');
}

function currentHref(doc: Document): string {
  return doc.location?.href ?? doc.URL;
}

/**
 * Scans the page now and again after it changes, reporting each new result.
 *
 * Single-page navigation is noticed without patching `history.pushState` (a content script lives in
 * an isolated world and cannot see the page's own patches): the URL is compared on every DOM change,
 * on `popstate`, `hashchange` and the Navigation API's `currententrychange` where it exists, and on a
 * cheap interval. When the URL changes, a result for the new URL is reported at once, its `page`
 * read from the new URL and its lists emptied, so the previous page's findings never stand for the
 * new one; the DOM is scanned again once it has been quiet for the debounce time.
 */
export function createScanner(options: ScannerOptions): Scanner {
  const doc = options.document ?? document;
  const win = doc.defaultView;
  const debounceMs = options.debounceMs ?? DEFAULT_SCAN_DEBOUNCE_MS;
  const maxWaitMs = Math.max(debounceMs, options.maxWaitMs ?? DEFAULT_SCAN_MAX_WAIT_MS);

  let href = currentHref(doc);
  let latest: ScanResult = { url: href, page: null, profiles: [], emails: [] };
  let latestKey: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the oldest change not yet scanned happened; null when none is waiting. */
  let pendingSince: number | null = null;
  let stopped = false;

  function publish(result: ScanResult): void {
    latest = result;
    const key = resultKey(result);
    if (key === latestKey) return;
    latestKey = key;
    options.onChange(result);
  }

  function scanNow(): void {
    // A navigation not noticed yet: the DOM may still be the old page's, so give it time first.
    if (stopped || noticeNavigation()) return;
    clearTimeout(timer);
    timer = undefined;
    pendingSince = null;
    publish(scanDocument(doc, { pageUrl: href }));
  }

  function scheduleScan(): void {
    const now = Date.now();
    pendingSince ??= now;
    clearTimeout(timer);
    timer = setTimeout(scanNow, Math.max(0, Math.min(debounceMs, pendingSince + maxWaitMs - now)));
  }

  /** If the page has navigated, reports the new URL at once with nothing found yet, and rescans later. */
  function noticeNavigation(): boolean {
    const now = currentHref(doc);
    if (now === href) return false;
    href = now;
    pendingSince = null;
    publish({ url: now, page: parseProfileUrl(now), profiles: [], emails: [] });
    scheduleScan();
    return true;
  }

  const observer = new MutationObserver(() => {
    if (!noticeNavigation()) scheduleScan();
  });
  observer.observe(doc, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['href'],
  });
  const navigation = (win as (Window & { navigation?: EventTarget }) | null)?.navigation;
  const onNavigation = () => {
    noticeNavigation();
  };
  win?.addEventListener('popstate', onNavigation);
  win?.addEventListener('hashchange', onNavigation);
  navigation?.addEventListener('currententrychange', onNavigation);
  const poll = setInterval(onNavigation, options.urlPollMs ?? DEFAULT_URL_POLL_MS);

  scanNow();

  return {
    current: () => latest,
    rescan: scanNow,
    stop() {
      stopped = true;
      observer.disconnect();
      clearTimeout(timer);
      clearInterval(poll);
      win?.removeEventListener('popstate', onNavigation);
      win?.removeEventListener('hashchange', onNavigation);
      navigation?.removeEventListener('currententrychange', onNavigation);
    },
  };
}
