// @vitest-environment-options {"url": "https://www.linkedin.com/feed/"}
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractEmails, mailtoAddresses, type ProfileRef, parseProfileUrl } from '../../../lib/profile-urls';
import { codehost, company, job, microblog, person, school, social } from '../../support/profile-refs';

const JOSE = 'jos%C3%A9-garc%C3%ADa';

const profileUrls: [string, ProfileRef][] = [
  // People: hosts, schemes, case, trailing parts
  ['https://www.linkedin.com/in/williamhgates', person('williamhgates')],
  ['https://www.linkedin.com/in/williamhgates/', person('williamhgates')],
  ['http://linkedin.com/in/williamhgates', person('williamhgates')],
  ['linkedin.com/in/williamhgates', person('williamhgates')],
  ['www.linkedin.com/in/williamhgates/', person('williamhgates')],
  ['//www.linkedin.com/in/williamhgates', person('williamhgates')],
  ['  https://www.linkedin.com/in/williamhgates  ', person('williamhgates')],
  ['https://uk.linkedin.com/in/john-smith-82a505', person('john-smith-82a505')],
  ['https://de.linkedin.com/in/john-smith-82a505?originalSubdomain=de', person('john-smith-82a505')],
  ['https://m.linkedin.com/in/john-smith-82a505', person('john-smith-82a505')],
  ['HTTPS://WWW.LINKEDIN.COM/IN/WilliamHGates', person('williamhgates')],
  ['https://www.linkedin.com:443/in/johnrmarty', person('johnrmarty')],
  ['https://www.linkedin.com./in/johnrmarty', person('johnrmarty')],
  [
    'https://www.linkedin.com/in/john-marty-ba56b478?trk=people-guest#experience',
    person('john-marty-ba56b478'),
  ],
  // Subpages of a profile
  ['https://www.linkedin.com/in/johnrmarty/details/experience/', person('johnrmarty')],
  ['https://www.linkedin.com/in/johnrmarty/recent-activity/all/', person('johnrmarty')],
  ['https://www.linkedin.com/in/johnrmarty/overlay/contact-info/', person('johnrmarty')],
  ['https://www.linkedin.com/comm/in/johnrmarty?midToken=x', person('johnrmarty')],
  ['https://www.linkedin.com/mwlite/in/johnrmarty', person('johnrmarty')],
  // Percent-encoded and non-Latin identifiers
  [`https://www.linkedin.com/in/${JOSE}`, person('josé-garcía', JOSE)],
  ['https://www.linkedin.com/in/josé-garcía/', person('josé-garcía', JOSE)],
  ['https://www.linkedin.com/in/jos%c3%a9-garc%c3%ada', person('josé-garcía', JOSE)],
  ['https://www.linkedin.com/in/jose\u0301-garci\u0301a', person('josé-garcía', JOSE)],
  ['https://www.linkedin.com/in/JOS%C3%89-GARC%C3%8DA', person('josé-garcía', JOSE)],
  [
    'https://cn.linkedin.com/in/%E5%BC%A0%E4%BC%9F-a1b2c3',
    person('张伟-a1b2c3', '%E5%BC%A0%E4%BC%9F-a1b2c3'),
  ],
  ['https://www.linkedin.com/in/张伟-a1b2c3', person('张伟-a1b2c3', '%E5%BC%A0%E4%BC%9F-a1b2c3')],
  [
    'https://ru.linkedin.com/in/Иван-Петров-123',
    person('иван-петров-123', '%D0%B8%D0%B2%D0%B0%D0%BD-%D0%BF%D0%B5%D1%82%D1%80%D0%BE%D0%B2-123'),
  ],
  // The older public form
  [
    'https://sy.linkedin.com/pub/krzysztof-marzec/a7/576/b50?trk=biz_employee_pub',
    person('krzysztof-marzec-b50576a7'),
  ],
  ['https://uk.linkedin.com/pub/abdi-ahmed/100/384/6b0', person('abdi-ahmed-6b0384100')],
  ['http://www.linkedin.com/pub/jane-roe/8/1b/2/', person('jane-roe-00201b8')],
  // Hashed member ids are still persons, case kept
  [
    'https://www.linkedin.com/in/ACoAAA8BYqEBCGLg_vT_ca6mMEqkpp9nVffJ3hc/',
    { ...person('ACoAAA8BYqEBCGLg_vT_ca6mMEqkpp9nVffJ3hc'), hashedId: true },
  ],
  // Companies, showcase pages and schools
  ['https://www.linkedin.com/company/microsoft/', company('microsoft')],
  ['https://ca.linkedin.com/company/capitalg', company('capitalg')],
  ['https://www.linkedin.com/company/1035/', company('1035')],
  ['https://www.linkedin.com/company/Microsoft/jobs/', company('microsoft')],
  ['https://www.linkedin.com/company/microsoft/people/?keywords=design', company('microsoft')],
  ['https://www.linkedin.com/company/microsoft/about', company('microsoft')],
  [
    'https://www.linkedin.com/company/bill-&-melinda-gates-foundation/',
    company('bill-&-melinda-gates-foundation'),
  ],
  [
    'https://www.linkedin.com/company/bill-%26-melinda-gates-foundation',
    company('bill-&-melinda-gates-foundation'),
  ],
  ['https://ng.linkedin.com/showcase/gwgafrica', company('gwgafrica', 'showcase')],
  ['https://www.linkedin.com/showcase/microsoft-365/about/', company('microsoft-365', 'showcase')],
  [
    'https://www.linkedin.com/school/national-university-of-singapore/',
    school('national-university-of-singapore'),
  ],
  ['https://www.linkedin.com/school/galvanize-it/alumni/?keywords=data', school('galvanize-it')],
  ['https://www.linkedin.com/school/12345/', school('12345')],
  // Jobs
  ['https://www.linkedin.com/jobs/view/3257692764/', job('3257692764')],
  ['https://www.linkedin.com/jobs/view/content-strategist-at-microsoft-3257692764', job('3257692764')],
  ['https://www.linkedin.com/jobs/view/engineer-2024-at-acme-3301550928/?refId=x', job('3301550928')],
  [
    'https://sg.linkedin.com/jobs/view/externalApply/3257696537?url=https%3A%2F%2Fcareers%2Emicrosoft%2Ecom',
    job('3257696537'),
  ],
  ['https://www.linkedin.com/jobs/search/?currentJobId=3301550928&keywords=product', job('3301550928')],
  ['https://www.linkedin.com/jobs/collections/recommended/?currentJobId=3301550928', job('3301550928')],
  ['https://www.linkedin.com/comm/jobs/view/3257692764/?trackingId=abc', job('3257692764')],
  // Microblog handles
  ['https://twitter.com/jack', microblog('jack')],
  ['https://x.com/JackDorsey_', microblog('jackdorsey_')],
  ['https://mobile.twitter.com/jack/', microblog('jack')],
  ['https://www.twitter.com/jack?lang=en', microblog('jack')],
  ['https://twitter.com/#!/jack', microblog('jack')],
  ['http://twitter.com/#!/Jack/', microblog('jack')],
  ['https://x.com/@jack', microblog('jack')],
  ['@jack', microblog('jack')],
  ['https://twitter.com/jack/with_replies', microblog('jack')],
  ['https://x.com/jack/followers', microblog('jack')],
  // Social network
  ['https://www.facebook.com/zuck', social('zuck')],
  ['https://m.facebook.com/zuck/', social('zuck')],
  ['https://www.facebook.com/Mark.Zuckerberg.Fan5', social('mark.zuckerberg.fan5')],
  ['https://www.facebook.com/profile.php?id=100004567890123', social('100004567890123')],
  ['https://www.facebook.com/profile.php?id=100004567890123&sk=about', social('100004567890123')],
  ['https://www.facebook.com/#!/zuck', social('zuck')],
  ['https://www.facebook.com/#!/profile.php?id=100004567890123', social('100004567890123')],
  ['https://de-de.facebook.com/zuck/about', social('zuck')],
  ['https://www.facebook.com/people/John-Smith/100004567890123/', social('100004567890123')],
  // Code host
  ['https://github.com/torvalds', codehost('torvalds')],
  ['https://github.com/Torvalds/', codehost('torvalds')],
  ['https://github.com/torvalds?tab=repositories', codehost('torvalds')],
  ['https://www.github.com/octo-cat', codehost('octo-cat')],
];

const notProfiles: string[] = [
  // Posts, articles, feeds
  'https://www.linkedin.com/posts/williamhgates_activity-7001234567890-abcd',
  'https://www.linkedin.com/feed/update/urn:li:activity:7001234567890/',
  'https://www.linkedin.com/pulse/some-article-john-doe',
  'https://www.linkedin.com/feed/',
  'https://www.linkedin.com/',
  // Share links
  'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fjohnrmarty',
  'https://www.linkedin.com/shareArticle?mini=true&url=https://www.linkedin.com/in/johnrmarty',
  // Sign-in walls
  'https://www.linkedin.com/login',
  'https://www.linkedin.com/authwall?trk=gf&sessionRedirect=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fjohnrmarty',
  'https://www.linkedin.com/checkpoint/lg/login-submit',
  'https://www.linkedin.com/uas/login?session_redirect=%2Fin%2Fjohnrmarty',
  'https://www.linkedin.com/signup/cold-join',
  // Profile sections with no profile
  'https://www.linkedin.com/in/',
  'https://www.linkedin.com/company/',
  'https://www.linkedin.com/company/setup/new/',
  'https://www.linkedin.com/in/unavailable/',
  'https://www.linkedin.com/pub/dir/John/Smith',
  'https://www.linkedin.com/pub/jane-roe/8/1b',
  'https://www.linkedin.com/jobs/',
  'https://www.linkedin.com/jobs/search/?keywords=engineer',
  'https://www.linkedin.com/jobs/view/senior-engineer',
  'https://www.linkedin.com/in/jos%E9',
  'https://www.linkedin.com/redir/redirect?url=https%3A%2F%2Ftwitter.com%2Fjack',
  'https://business.linkedin.com/talent-solutions',
  // Microblog: intents, shares, statuses, reserved pages
  'https://twitter.com/intent/tweet?text=hi&url=https://twitter.com/jack',
  'https://twitter.com/share?url=https%3A%2F%2Fexample.com',
  'https://twitter.com/jack/status/20',
  'https://x.com/jack/status/20/photo/1',
  'https://twitter.com/home',
  'https://x.com/explore',
  'https://twitter.com/search?q=linkedin',
  'https://twitter.com/i/flow/login',
  'https://x.com/messages',
  'https://twitter.com/notifications',
  'https://twitter.com/settings/profile',
  'https://twitter.com/tos',
  'https://twitter.com/privacy',
  'https://twitter.com/hashtag/linkedin',
  'https://twitter.com/this_handle_is_too_long',
  'https://twitter.com/',
  // Social network: shares, reserved pages, content
  'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.com',
  'https://www.facebook.com/sharer.php?u=https%3A%2F%2Fexample.com',
  'https://www.facebook.com/watch/?v=123456',
  'https://www.facebook.com/groups/123456789/',
  'https://www.facebook.com/events/123456789/',
  'https://www.facebook.com/pages/create/',
  'https://www.facebook.com/login.php',
  'https://www.facebook.com/help/1234567',
  'https://www.facebook.com/marketplace/',
  'https://www.facebook.com/zuck/posts/10112681480907401',
  'https://www.facebook.com/photo.php?fbid=123',
  'https://www.facebook.com/profile.php',
  'https://developers.facebook.com/docs',
  // Code host: repositories, settings, reserved pages, other products
  'https://github.com/torvalds/linux',
  'https://github.com/organizations/acme/settings/profile',
  'https://github.com/settings/profile',
  'https://github.com/about',
  'https://github.com/features/copilot',
  'https://github.com/pricing',
  'https://github.com/topics/typescript',
  'https://github.com/marketplace',
  'https://github.com/explore',
  'https://github.com/orgs/acme/people',
  'https://github.com/-bad-',
  'https://gist.github.com/torvalds',
  // Other schemes, look-alike hosts, relative and empty input
  "javascript:alert('https://www.linkedin.com/in/x')",
  'mailto:john@linkedin.com',
  'ftp://www.linkedin.com/in/x',
  'data:text/html,https://www.linkedin.com/in/x',
  'https://www.linkedin.com.evil.example/in/x',
  'https://evil-linkedin.com/in/x',
  'https://example.com/in/john',
  'https://lnkd.in/abc123',
  'https://t.co/abc123',
  '/in/john',
  '',
  '@',
];

describe('parseProfileUrl', () => {
  it.each(profileUrls)('%s', (url, expected) => {
    expect(parseProfileUrl(url)).toEqual(expected);
  });

  /**
   * Each network's own pages (sign-up, log-in, help, settings, its own sections) are never people,
   * wherever a handle or a public identifier would sit.
   */
  const networksOwnPages = [
    ...['me', 'edit', 'login', 'signup', 'join', 'settings', 'help', 'public-profile'].map(
      (page) => `https://www.linkedin.com/in/${page}`,
    ),
    ...[
      'login',
      'signup',
      'reg',
      'register',
      'help',
      'settings',
      'marketplace',
      'watch',
      'groups',
      'me',
      'privacy',
    ].map((page) => `https://www.facebook.com/${page}`),
    ...[
      'login',
      'signup',
      'i/flow/signup',
      'settings',
      'explore',
      'home',
      'help',
      'tos',
      'en/tos',
      'search',
    ].map((page) => `https://x.com/${page}`),
    ...[
      'login',
      'signup',
      'join',
      'settings',
      'features',
      'pricing',
      'explore',
      'marketplace',
      'password_reset',
    ].map((page) => `https://github.com/${page}`),
  ];
  it.each(networksOwnPages)("%s is the network's own page, never a person", (url) => {
    expect(parseProfileUrl(url)).toBeNull();
    expect(parseProfileUrl(url)).toBeNull();
  });

  it.each(notProfiles)('%s is not a profile', (url) => {
    expect(parseProfileUrl(url)).toBeNull();
  });

  it('reads every profile, company, school and job link in the published answers', () => {
    const dir = join(import.meta.dirname, '../../fixtures/real');
    const expectedKind: Record<string, ProfileRef['kind'] | undefined> = {
      profile_url: 'person',
      company_network_profile_url: 'company',
      company_url: 'company',
      school_network_profile_url: 'school',
      job_url: 'job',
      apply_url: 'job',
    };
    const links: [string, string][] = [];
    const collect = (value: unknown, key: string): void => {
      if (typeof value === 'string' && value.includes('linkedin.com')) links.push([key, value]);
      else if (Array.isArray(value)) for (const item of value) collect(item, key);
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, k);
    };
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      collect(JSON.parse(readFileSync(join(dir, file), 'utf8')), '');
    }
    expect(links.length).toBeGreaterThan(80);
    for (const [key, link] of links) {
      const ref = parseProfileUrl(link);
      // The only links there that are not profiles are a person's activities: posts.
      if (link.includes('/posts/')) {
        expect(ref, link).toBeNull();
        continue;
      }
      expect(ref, link).not.toBeNull();
      const kind = expectedKind[key];
      if (kind) expect(ref?.kind, link).toBe(kind);
    }
  });

  it('reads the page URL the same way', () => {
    expect(parseProfileUrl('https://www.linkedin.com/in/johnrmarty/details/skills/')).toEqual(
      person('johnrmarty'),
    );
    expect(parseProfileUrl('https://www.linkedin.com/feed/')).toBeNull();
  });
});

describe('extractEmails', () => {
  it.each([
    ['Write to John.Doe@Example.COM.', ['john.doe@example.com']],
    ['a@example.com, A@EXAMPLE.COM and a@example.com', ['a@example.com']],
    [
      '<jane@example.org> or (bob@example.net); carol@example.io!',
      ['jane@example.org', 'bob@example.net', 'carol@example.io'],
    ],
    ['jane+news@mail.example.co.uk', ['jane+news@mail.example.co.uk']],
    ['...john@example.com', ['john@example.com']],
    ['first_last-1@sub-domain.example.com', ['first_last-1@sub-domain.example.com']],
    ['logo@2x.png icon@3x.webp bundle@1.2.3.js', []],
    ['react@18.2.0 and @types/node', []],
    ['foo@bar', []],
    ['a@b.c', []],
    ['x..y@example.com', []],
    ['user@-bad.com', []],
    ['no address here', []],
  ] as const)('%s', (text, expected) => {
    expect(extractEmails(text)).toEqual(expected);
  });
});

describe('mailto links', () => {
  it('give their addresses', () => {
    expect(mailtoAddresses('mailto:John%40Example.com?subject=Hi')).toEqual(['john@example.com']);
    expect(mailtoAddresses('mailto:a@x.com,b@y.org?cc=c@z.net')).toEqual(['a@x.com', 'b@y.org']);
  });

  it('give nothing for other links or empty ones', () => {
    expect(mailtoAddresses('https://example.com/a@b.com')).toEqual([]);
    expect(mailtoAddresses('mailto:')).toEqual([]);
    expect(mailtoAddresses('mailto:?subject=hello')).toEqual([]);
  });
});
