/**
 * The one place that maps the spec's neutral network words to real hosts and path shapes.
 *
 * The spec writes `network` (the main professional network), `social`, `microblog` and `codehost`
 * in every field and parameter name; recognising profiles on real pages needs the real hosts. Field
 * names elsewhere keep the neutral words; only this file (and tests) names the brands.
 *
 * Bundled into the content script: no zod, no Preact, no imports from lib/api.
 */

/** The networks whose profile URLs we recognise (`bizdata` has no profiles a person browses). */
export type NeutralNetwork = 'network' | 'social' | 'microblog' | 'codehost';

/** Networks whose profiles are a bare handle at the site's root (`<host>/<handle>`). */
export type HandleNetwork = Exclude<NeutralNetwork, 'network'>;

/** Registrable domains of each network. Which subdomains count is decided by {@link networkOfHost}. */
export const NETWORK_DOMAINS: { readonly [N in NeutralNetwork]: readonly string[] } = {
  network: ['linkedin.com'],
  social: ['facebook.com'],
  microblog: ['twitter.com', 'x.com'],
  codehost: ['github.com'],
};

/**
 * Subdomains that serve profiles. The main network serves them on `www`, the mobile hosts and
 * two-letter country hosts (`uk.`, `de.`, `ng.`: the published answers carry such links); the
 * social network also on locale hosts (`de-de.`) and its light clients. The code host serves
 * profiles only on its bare domain: `gist.`, `docs.` and the rest are other products.
 */
const PROFILE_SUBDOMAINS: { readonly [N in NeutralNetwork]: RegExp } = {
  network: /^(?:www|m|mobile|touch|[a-z]{2})$/,
  social: /^(?:www|m|mbasic|mobile|touch|web|[a-z]{2}(?:-[a-z]{2})?)$/,
  microblog: /^(?:www|m|mobile)$/,
  codehost: /^www$/,
};

const NETWORKS = Object.keys(NETWORK_DOMAINS) as NeutralNetwork[];

/** Which network serves profiles on this host (lower case, no port), or null. */
export function networkOfHost(host: string): NeutralNetwork | null {
  for (const network of NETWORKS) {
    for (const domain of NETWORK_DOMAINS[network]) {
      if (host === domain) return network;
      const subdomain = host.endsWith(`.${domain}`) ? host.slice(0, -domain.length - 1) : null;
      if (subdomain && PROFILE_SUBDOMAINS[network].test(subdomain)) return network;
    }
  }
  return null;
}

/**
 * Match patterns for a manifest's `content_scripts` (and host permissions) covering every profile
 * host. `*.` also matches the bare domain. The code host is listed exactly, so the content script
 * does not run on its other products.
 */
export const NETWORK_MATCH_PATTERNS: readonly string[] = NETWORKS.flatMap((network) =>
  NETWORK_DOMAINS[network].flatMap((domain) =>
    network === 'codehost' ? [`https://${domain}/*`, `https://www.${domain}/*`] : [`https://*.${domain}/*`],
  ),
);

/**
 * A cheap test that a URL might be on a profile host (one of the domains, at the start or after
 * `/`, `.` or `@`), run before any real parsing so that the bulk of a page's links, which point
 * elsewhere, cost one regex each.
 */
export const MAY_MENTION_PROFILE_HOST = new RegExp(
  `(?:^|[/.@])(?:${NETWORKS.flatMap((network) =>
    NETWORK_DOMAINS[network].map((domain) => domain.replace(/\./g, '\\.')),
  ).join('|')})`,
  'i',
);

// ---------------------------------------------------------------------------------------------
// Path shapes of the main network

/** First path segment of each kind of page on the main network (compared in lower case). */
export const NETWORK_SECTIONS = {
  person: 'in',
  /** Older public profiles: `/pub/<name>/<a>/<b>/<c>`, which redirect to `/in/<name>-<c><b><a>`. */
  legacyPerson: 'pub',
  company: 'company',
  /** Showcase pages are company pages of a brand or product line. */
  showcase: 'showcase',
  school: 'school',
  jobs: 'jobs',
} as const;

/** `/jobs/view/<id>`; `/jobs/view/externalApply/<id>` is the same job's apply link. */
export const JOB_VIEW_SEGMENT = 'view';
export const JOB_EXTERNAL_APPLY_SEGMENT = 'externalapply';

/** On job search and collection pages, the job shown beside the list is this query parameter. */
export const CURRENT_JOB_PARAM = 'currentJobId';

/**
 * Path prefixes that wrap ordinary profile paths: `/comm/` in links from the network's e-mails and
 * `/mwlite/` on its light mobile site. They are dropped before the path is read.
 */
export const NETWORK_PATH_WRAPPERS: ReadonlySet<string> = new Set(['comm', 'mwlite']);

/**
 * Identifiers that occupy a profile's place in the path without being a profile: the network's
 * page for a deleted profile, and company-page creation.
 */
export const NETWORK_RESERVED_IDS: ReadonlySet<string> = new Set([
  'unavailable',
  'setup',
  // The network's own pages that sit where a person would: never somebody's public identifier.
  'me',
  'edit',
  'login',
  'signup',
  'join',
  'settings',
  'help',
  'public-profile',
]);

/**
 * Hashed member ids (`/in/ACoAAA…`): the form the network uses in its own app links. They are
 * still person profiles, but they are case-sensitive and the service does not accept them
 * ("URLs with a hashed ID are unsupported"), so callers may want to say so.
 */
export const HASHED_PERSON_ID = /^AC[ow]AA[A-Za-z0-9_-]{15,}$/;

// ---------------------------------------------------------------------------------------------
// Path shapes of the handle networks: `<host>/<handle>`

/** What a handle may look like on each network; anything else at the root is not a profile. */
export const HANDLE_SYNTAX: { readonly [N in HandleNetwork]: RegExp } = {
  // Letters, digits and dots (new names take five or more, old ones are shorter: `/zuck`); numeric
  // user ids fit too. `*.php` are the site's scripts (`sharer.php`, `photo.php`, `login.php`).
  social: /^(?!.*\.php$)[a-z0-9](?:[a-z0-9.]{0,48}[a-z0-9])?$/i,
  // Letters, digits and underscores, at most fifteen characters.
  microblog: /^[a-z0-9_]{1,15}$/i,
  // Letters, digits and single inner hyphens, at most 39 characters.
  codehost: /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,38}$/i,
};

function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.split(' '));
}

/**
 * Root paths that are the site's own pages, not somebody's handle (lower case). Handles cannot
 * take these names, so a link to them is never a profile.
 */
export const RESERVED_ROOT_PATHS: { readonly [N in HandleNetwork]: ReadonlySet<string> } = {
  social: wordSet(
    'about ads ajax apps bookmarks business careers checkpoint dialog directory donate events friends ' +
      'fundraisers games gaming groups hashtag help home jobs legal lite live login logout marketplace ' +
      'me reg register signup accounts confirmemail find-friends communitystandards safety sitemap ' +
      'media memories messages messenger mobile notes notifications offers page pages pg photo photos ' +
      'places plugins policies policy privacy public recover reel reels saved search settings share ' +
      'sharer stories terms tr video videos watch weather',
  ),
  microblog: wordSet(
    'about account bookmarks communities compose download explore hashtag help home i intent jobs ' +
      'lists login logout messages notifications oauth premium privacy rules search settings share ' +
      'signup statuses topics tos en ads business safety verified-choose search-advanced password_reset',
  ),
  codehost: wordSet(
    'about account apps blog codespaces collections contact copilot customer-stories dashboard ' +
      'discussions enterprise events explore features issues join login logout marketplace new ' +
      'notifications organizations orgs pricing pulls readme search security sessions settings signup ' +
      'site sponsors stars team topics trending users password_reset resources solutions partners ' +
      'education mobile home',
  ),
};

/**
 * Second path segments that are still the profile (its tabs): `/<handle>/<tab>`. Anything deeper,
 * or any other second segment, is content (a post, a status, a repository).
 */
export const PROFILE_TABS: { readonly [N in HandleNetwork]: RegExp | null } = {
  social: /^(?:about\w*|friends\w*|followers|following|photos\w*|videos|reels|likes|reviews|map|music)$/i,
  microblog:
    /^(?:with_replies|media|likes|highlights|articles|followers|following|verified_followers|followers_you_follow|lists|photo|header_photo|affiliates|superfollows)$/i,
  // A code-host profile's tabs are query parameters (`?tab=repositories`); a second segment is a repository.
  codehost: null,
};

/** The social network's profile pages addressed by numeric id: `/profile.php?id=<digits>`. */
export const SOCIAL_NUMERIC_PROFILE_PATH = 'profile.php';
export const SOCIAL_NUMERIC_PROFILE_PARAM = 'id';
/** And its public directory form `/people/<Name>/<digits>`. */
export const SOCIAL_PEOPLE_SECTION = 'people';

// ---------------------------------------------------------------------------------------------
// Canonical URLs: what we send to the service and what the sandbox's synthetic data links to.

const NETWORK_ORIGIN = 'https://www.linkedin.com';

const HANDLE_ORIGINS: { readonly [N in HandleNetwork]: string } = {
  social: 'https://www.facebook.com',
  microblog: 'https://x.com',
  codehost: 'https://github.com',
};

/**
 * Percent-encodes an identifier as the network writes it in a path: non-ASCII as upper-case UTF-8
 * escapes (`josé` → `jos%C3%A9`), while characters a path segment may carry stay literal
 * (`bill-&-melinda-gates-foundation`).
 */
export function encodePathSegment(id: string): string {
  return encodeURIComponent(id.normalize('NFC')).replace(/%(?:24|26|2B|2C|3A|3B|3D|40)/g, decodeURIComponent);
}

/** `https://www.linkedin.com/in/<id>`, the form the service's `profile_url` expects. */
export function canonicalPersonUrl(publicIdentifier: string): string {
  return `${NETWORK_ORIGIN}/${NETWORK_SECTIONS.person}/${encodePathSegment(publicIdentifier)}`;
}

/** `https://www.linkedin.com/company/<slug or numeric id>`. */
export function canonicalCompanyUrl(id: string): string {
  return `${NETWORK_ORIGIN}/${NETWORK_SECTIONS.company}/${encodePathSegment(id)}`;
}

/** `https://www.linkedin.com/showcase/<slug>`: a company page under its own path. */
export function canonicalShowcaseUrl(id: string): string {
  return `${NETWORK_ORIGIN}/${NETWORK_SECTIONS.showcase}/${encodePathSegment(id)}`;
}

/** `https://www.linkedin.com/school/<slug or numeric id>`. */
export function canonicalSchoolUrl(id: string): string {
  return `${NETWORK_ORIGIN}/${NETWORK_SECTIONS.school}/${encodePathSegment(id)}`;
}

/** `https://www.linkedin.com/jobs/view/<digits>`: the title slug some links carry is not needed. */
export function canonicalJobUrl(jobId: string | number): string {
  return `${NETWORK_ORIGIN}/${NETWORK_SECTIONS.jobs}/${JOB_VIEW_SEGMENT}/${encodePathSegment(String(jobId))}`;
}

/**
 * `<host>/<handle>` on a handle network. A numeric social id has no handle path of its own
 * on the social network; it is addressed as `/profile.php?id=<digits>`.
 */
export function canonicalHandleUrl(network: HandleNetwork, handle: string): string {
  if (network === 'social' && /^\d+$/.test(handle)) {
    return `${HANDLE_ORIGINS.social}/${SOCIAL_NUMERIC_PROFILE_PATH}?${SOCIAL_NUMERIC_PROFILE_PARAM}=${handle}`;
  }
  return `${HANDLE_ORIGINS[network]}/${encodePathSegment(handle)}`;
}
