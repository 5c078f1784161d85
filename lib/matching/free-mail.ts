/**
 * Free email domains: addresses anyone can open (gmail.com, yahoo.co.uk, gmx.de, qq.com), so a
 * domain of theirs says nothing of where a person works. A person's address at one of them is still
 * theirs (matching by email holds it), but the domain is never an employer: two John Smiths whose
 * "company" is gmail.com are two people. Declared once, here; pure (no storage, no zod), so every
 * side reads the same list: the background's CRM matching (./crm.ts) and the team hub alike.
 *
 * `name.*` stands for the provider's domain under any country's or the generic top-level domain:
 * `name.tld` (yahoo.fr, gmx.net) or `name.<second level>.<country>` (yahoo.co.uk, yandex.com.tr).
 * A subdomain of a free email domain is one too (mail.yahoo.co.uk).
 */

export const FREE_MAIL_DOMAINS: readonly string[] = [
  // Google, Microsoft, Yahoo, AOL, Apple.
  'gmail.com',
  'googlemail.com',
  'outlook.*',
  'hotmail.*',
  // Microsoft's live.* are listed one by one: other companies own live.io, live.tv and the like.
  'live.com',
  'live.co.uk',
  'live.com.au',
  'live.com.mx',
  'live.ca',
  'live.fr',
  'live.de',
  'live.nl',
  'live.be',
  'live.it',
  'live.ie',
  'live.at',
  'live.se',
  'live.dk',
  'live.no',
  'live.jp',
  'msn.com',
  'passport.com',
  'windowslive.com',
  'yahoo.*',
  'ymail.com',
  'rocketmail.com',
  'aol.*',
  'aim.com',
  'icloud.com',
  'me.com',
  'mac.com',
  // Private mail services.
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'tutanota.com',
  'tutanota.de',
  'tutamail.com',
  'tuta.io',
  'tuta.com',
  'fastmail.com',
  'fastmail.fm',
  'hey.com',
  'zoho.com',
  'zohomail.com',
  'mailbox.org',
  'posteo.de',
  'posteo.net',
  'hushmail.com',
  'mail.com',
  'email.com',
  'usa.com',
  'inbox.com',
  'gmx.*',
  // Europe.
  'web.de',
  'freenet.de',
  't-online.de',
  'arcor.de',
  'libero.it',
  'virgilio.it',
  'tiscali.it',
  'laposte.net',
  'orange.fr',
  'wanadoo.fr',
  'free.fr',
  'sfr.fr',
  'btinternet.com',
  'ntlworld.com',
  'blueyonder.co.uk',
  'talktalk.net',
  'seznam.cz',
  'centrum.cz',
  'wp.pl',
  'o2.pl',
  'onet.pl',
  'interia.pl',
  'abv.bg',
  'inbox.lv',
  // Russia and its neighbours.
  'mail.ru',
  'inbox.ru',
  'list.ru',
  'bk.ru',
  'yandex.*',
  'ya.ru',
  'rambler.ru',
  'ukr.net',
  // Asia.
  'qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'yeah.net',
  'sina.com',
  'sina.cn',
  'sohu.com',
  'aliyun.com',
  '139.com',
  'naver.com',
  'daum.net',
  'hanmail.net',
  'nate.com',
  'rediffmail.com',
  // The Americas and Oceania.
  'comcast.net',
  'verizon.net',
  'att.net',
  'sbcglobal.net',
  'bellsouth.net',
  'cox.net',
  'charter.net',
  'earthlink.net',
  'juno.com',
  'sympatico.ca',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
  'bigpond.com',
  'optusnet.com.au',
  'xtra.co.nz',
];

/** Second-level labels under a country's domain that a `name.*` entry takes (yahoo.co.uk, yandex.com.tr). */
const SECOND_LEVELS: ReadonlySet<string> = new Set(['co', 'com', 'net', 'org', 'ne', 'or']);

const exact: ReadonlySet<string> = new Set(FREE_MAIL_DOMAINS.filter((entry) => !entry.endsWith('.*')));
const anyEnding: ReadonlySet<string> = new Set(
  FREE_MAIL_DOMAINS.filter((entry) => entry.endsWith('.*')).map((entry) => entry.slice(0, -2)),
);

/** `labels[at]` followed by a top-level domain, or by a second level and a country: `yahoo.co.uk`. */
function providerUnderAnyEnding(labels: readonly string[], at: number): boolean {
  if (!anyEnding.has(labels[at]!)) return false;
  const rest = labels.length - at - 1;
  if (rest === 1) return true;
  return rest === 2 && SECOND_LEVELS.has(labels[at + 1]!) && labels[at + 2]!.length === 2;
}

/**
 * Whether a domain (as `websiteDomain` in lib/profile-urls.ts gives it: lower case, no `www.`) is a
 * free email provider's, or a subdomain of one.
 */
export function isFreeMailDomain(domain: string): boolean {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  for (let at = 0; at < labels.length - 1; at++) {
    if (exact.has(labels.slice(at).join('.')) || providerUnderAnyEnding(labels, at)) return true;
  }
  return false;
}
