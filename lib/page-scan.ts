/**
 * The page scan the content script runs: the profile the page itself is, every profile it links
 * to, and the e-mail addresses in its links and text; and a scanner that reports again when the
 * page changes (DOM changes, single-page navigation). URL parsing is ./profile-urls.
 */
import { MAY_MENTION_PROFILE_HOST, type NeutralNetwork, networkOfHost } from './networks';
import {
  collectEmails,
  MAILTO,
  mailtoAddresses,
  type ProfileRef,
  parseProfileUrl,
  profileAtPath,
  SCHEME,
  type ScanResult,
  splitPath,
  splitUrl,
} from './profile-urls';

export type { ScanResult } from './profile-urls';

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
