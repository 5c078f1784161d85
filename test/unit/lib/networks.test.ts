import { describe, expect, it } from 'vitest';
import {
  canonicalCompanyUrl,
  canonicalHandleUrl,
  canonicalJobUrl,
  canonicalPersonUrl,
  canonicalSchoolUrl,
  canonicalShowcaseUrl,
  encodePathSegment,
  MAY_MENTION_PROFILE_HOST,
  NETWORK_MATCH_PATTERNS,
  networkOfHost,
} from '../../../lib/networks';
import { parseProfileUrl } from '../../../lib/profile-urls';

/** Chrome's match-pattern semantics for the `https://<host>/*` patterns we emit. */
function matchesPattern(pattern: string, url: string): boolean {
  const [, patternHost] = /^https:\/\/([^/]+)\/\*$/.exec(pattern) ?? [];
  if (!patternHost) throw new Error(`unexpected pattern ${pattern}`);
  const { protocol, hostname } = new URL(url);
  if (protocol !== 'https:') return false;
  if (!patternHost.startsWith('*.')) return hostname === patternHost;
  const domain = patternHost.slice(2);
  return hostname === domain || hostname.endsWith(`.${domain}`);
}

describe('networkOfHost', () => {
  it.each([
    ['linkedin.com', 'network'],
    ['www.linkedin.com', 'network'],
    ['uk.linkedin.com', 'network'],
    ['m.linkedin.com', 'network'],
    ['facebook.com', 'social'],
    ['m.facebook.com', 'social'],
    ['de-de.facebook.com', 'social'],
    ['mbasic.facebook.com', 'social'],
    ['twitter.com', 'microblog'],
    ['mobile.twitter.com', 'microblog'],
    ['x.com', 'microblog'],
    ['www.x.com', 'microblog'],
    ['github.com', 'codehost'],
    ['www.github.com', 'codehost'],
  ] as const)('%s serves %s profiles', (host, network) => {
    expect(networkOfHost(host)).toBe(network);
  });

  it.each([
    'business.linkedin.com',
    'developer.linkedin.com',
    'linkedin.com.evil.example',
    'evillinkedin.com',
    'gist.github.com',
    'docs.github.com',
    'developers.facebook.com',
    'box.com',
    'api.twitter.com',
    'example.com',
  ])('%s serves no profiles', (host) => {
    expect(networkOfHost(host)).toBeNull();
  });
});

describe('canonical URLs', () => {
  it('builds the forms the service expects', () => {
    expect(canonicalPersonUrl('williamhgates')).toBe('https://www.linkedin.com/in/williamhgates');
    expect(canonicalCompanyUrl('microsoft')).toBe('https://www.linkedin.com/company/microsoft');
    expect(canonicalCompanyUrl('1035')).toBe('https://www.linkedin.com/company/1035');
    expect(canonicalShowcaseUrl('gwgafrica')).toBe('https://www.linkedin.com/showcase/gwgafrica');
    expect(canonicalSchoolUrl('national-university-of-singapore')).toBe(
      'https://www.linkedin.com/school/national-university-of-singapore',
    );
    expect(canonicalJobUrl('3257692764')).toBe('https://www.linkedin.com/jobs/view/3257692764');
    expect(canonicalJobUrl(3257692764)).toBe('https://www.linkedin.com/jobs/view/3257692764');
    expect(canonicalHandleUrl('microblog', 'jack')).toBe('https://x.com/jack');
    expect(canonicalHandleUrl('codehost', 'torvalds')).toBe('https://github.com/torvalds');
    expect(canonicalHandleUrl('social', 'zuck')).toBe('https://www.facebook.com/zuck');
    expect(canonicalHandleUrl('social', '100004567890123')).toBe(
      'https://www.facebook.com/profile.php?id=100004567890123',
    );
  });

  it('percent-encodes identifiers as the network writes them', () => {
    expect(canonicalPersonUrl('josé-garcía')).toBe('https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa');
    // The same name typed with a combining accent is the same identifier.
    expect(canonicalPersonUrl('jose\u0301-garci\u0301a')).toBe(
      'https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa',
    );
    expect(canonicalPersonUrl('张伟-12345')).toBe('https://www.linkedin.com/in/%E5%BC%A0%E4%BC%9F-12345');
    // As published in the service's own answers: `&` stays literal in the path.
    expect(canonicalCompanyUrl('bill-&-melinda-gates-foundation')).toBe(
      'https://www.linkedin.com/company/bill-&-melinda-gates-foundation',
    );
    expect(encodePathSegment('50%/off?#')).toBe('50%25%2Foff%3F%23');
  });

  const awkwardIds = [
    'john-doe-12345',
    'josé-garcía',
    '张伟-a1b2c3',
    'иван-петров',
    'o’brien',
    'bill-&-melinda-gates-foundation',
    'save-50%',
    'a+b',
    'iss_nus',
    'mile-high-automation-inc-',
  ];

  it.each(awkwardIds)('person, company and school URLs of %s parse back to the same id and URL', (id) => {
    for (const [kind, build] of [
      ['person', canonicalPersonUrl],
      ['company', canonicalCompanyUrl],
      ['company', canonicalShowcaseUrl],
      ['school', canonicalSchoolUrl],
    ] as const) {
      const url = build(id);
      expect(parseProfileUrl(url)).toEqual({ kind, id, url });
    }
  });

  it('hashed member ids keep their case through the round trip', () => {
    const hashed = 'ACoAAA8BYqEBCGLg_vT_ca6mMEqkpp9nVffJ3hc';
    const url = canonicalPersonUrl(hashed);
    expect(parseProfileUrl(url)).toEqual({ kind: 'person', id: hashed, url, hashedId: true });
  });

  it('job and handle URLs parse back to the same id and URL', () => {
    const cases = [
      ['job', '3257692764', canonicalJobUrl('3257692764')],
      ['microblog', 'jack_dorsey', canonicalHandleUrl('microblog', 'jack_dorsey')],
      ['codehost', 'octo-cat', canonicalHandleUrl('codehost', 'octo-cat')],
      ['social', 'mark.zuckerberg.5', canonicalHandleUrl('social', 'mark.zuckerberg.5')],
      ['social', '100004567890123', canonicalHandleUrl('social', '100004567890123')],
    ] as const;
    for (const [kind, id, url] of cases) expect(parseProfileUrl(url)).toEqual({ kind, id, url });
  });
});

describe('NETWORK_MATCH_PATTERNS', () => {
  it('are valid https match patterns', () => {
    for (const pattern of NETWORK_MATCH_PATTERNS)
      expect(pattern).toMatch(/^https:\/\/(\*\.)?[a-z0-9.-]+\/\*$/);
  });

  it.each([
    'https://www.linkedin.com/in/x',
    'https://uk.linkedin.com/in/x',
    'https://linkedin.com/company/x',
    'https://m.facebook.com/zuck',
    'https://www.facebook.com/zuck',
    'https://twitter.com/jack',
    'https://mobile.twitter.com/jack',
    'https://x.com/jack',
    'https://github.com/torvalds',
  ])('let the content script run on %s', (url) => {
    expect(NETWORK_MATCH_PATTERNS.some((pattern) => matchesPattern(pattern, url))).toBe(true);
  });

  it.each(['https://gist.github.com/torvalds', 'https://example.com/in/x', 'http://www.linkedin.com/in/x'])(
    'do not cover %s',
    (url) => {
      expect(NETWORK_MATCH_PATTERNS.some((pattern) => matchesPattern(pattern, url))).toBe(false);
    },
  );
});

describe('MAY_MENTION_PROFILE_HOST', () => {
  it('lets every profile host through and stops unrelated links', () => {
    for (const href of [
      'https://www.linkedin.com/in/x',
      '//x.com/jack',
      'github.com/a',
      'https://M.FACEBOOK.COM/z',
    ]) {
      expect(MAY_MENTION_PROFILE_HOST.test(href)).toBe(true);
    }
    for (const href of [
      'https://dropbox.com/s/x',
      'https://example.com/',
      '/about',
      'https://fox.com/news',
    ]) {
      expect(MAY_MENTION_PROFILE_HOST.test(href)).toBe(false);
    }
  });
});
