/**
 * Matching rows against the CRM reference: by canonical profile URL, then email (case aside), then
 * full name together with the company's domain (case, accents and spaces aside; a domain without
 * `www.`). A name alone never matches: two people share a name far more often than a name and an
 * employer. A row naming no person (a company's row) matches a company of the reference by its
 * profile URL or its domain. The reference is indexed once, in Maps, so a row costs a few lookups
 * whatever the reference's size.
 */
import { parseProfileUrl, websiteDomain } from '../../profile-urls';
import type { CrmIdentity, CrmMatchBy } from '../../protocol';

/** What identifies a row, canonical: what the index is keyed by. */
export interface CrmKeys {
  /** `kind:id` of its profile (a person's or a company's). */
  profile: string | null;
  email: string | null;
  /** `full name|domain`, only when both are there. */
  nameAtDomain: string | null;
  /** A row naming no person: its company's domain. */
  companyDomain: string | null;
  /** Why nothing identifies it (only when every key above is null). */
  unusable: string | null;
}

/** One address, as CRMs hold them: what matters is that two writings of it compare equal. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Accents folded, lower case, one space between words: "  José  Núñez" → "jose nunez". */
export function normalName(text: string): string {
  // Most names are plain ASCII: folding accents is the slow part, done only where there are some.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, on purpose
  const folded = /^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFKD').replace(/\p{M}/gu, '');
  return folded
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
}

function fullNameOf(row: CrmIdentity): string {
  const full = row.fullName?.trim() ? row.fullName : [row.firstName ?? '', row.lastName ?? ''].join(' ');
  return normalName(full);
}

const PERSON_KINDS: ReadonlySet<string> = new Set(['person', 'social', 'microblog', 'codehost']);

/** Company domains repeat (many people work at one company): each writing is read once. */
type DomainMemo = Map<string, string | null>;

function domainOf(text: string, memo: DomainMemo | undefined): string | null {
  let domain = memo?.get(text);
  if (domain === undefined) {
    domain = websiteDomain(text);
    memo?.set(text, domain);
  }
  return domain;
}

export function crmKeys(row: CrmIdentity, memo?: DomainMemo): CrmKeys {
  const url = row.profileUrl?.trim() ?? '';
  const ref = url ? parseProfileUrl(url) : null;
  const emailText = row.email?.trim() ?? '';
  const email = emailText && EMAIL.test(emailText) ? emailText.toLowerCase() : null;
  const domainText = row.companyDomain?.trim() ?? '';
  const domain = domainText ? domainOf(domainText, memo) : null;
  const name = fullNameOf(row);
  const person = (ref !== null && PERSON_KINDS.has(ref.kind)) || email !== null || name !== '';
  const keys: CrmKeys = {
    profile: ref ? `${ref.kind}:${ref.id}` : null,
    email,
    nameAtDomain: name && domain ? `${name}|${domain}` : null,
    companyDomain: !person && domain ? domain : null,
    unusable: null,
  };
  if (keys.profile || keys.email || keys.nameAtDomain || keys.companyDomain) return keys;
  keys.unusable =
    url && !ref
      ? 'a profile address we do not recognise'
      : emailText
        ? 'an email address that is not one'
        : name && domainText
          ? 'a company website that is not one'
          : name
            ? 'a name without a company domain'
            : 'nothing to match on';
  return keys;
}

/** The reference, indexed: each key to the row that has it (the first, when several do). */
export interface CrmIndex {
  size: number;
  profiles: Map<string, number>;
  emails: Map<string, number>;
  namesAtDomains: Map<string, number>;
  companyDomains: Map<string, number>;
}

export function indexReference(rows: readonly CrmIdentity[]): CrmIndex {
  const index: CrmIndex = {
    size: rows.length,
    profiles: new Map(),
    emails: new Map(),
    namesAtDomains: new Map(),
    companyDomains: new Map(),
  };
  const put = (map: Map<string, number>, key: string | null, at: number) => {
    if (key !== null && !map.has(key)) map.set(key, at);
  };
  const memo: DomainMemo = new Map();
  rows.forEach((row, at) => {
    const keys = crmKeys(row, memo);
    put(index.profiles, keys.profile, at);
    put(index.emails, keys.email, at);
    put(index.namesAtDomains, keys.nameAtDomain, at);
    put(index.companyDomains, keys.companyDomain, at);
  });
  return index;
}

/** How a row matches the reference, by the first key that does; null when it does not. */
export function matchRow(index: CrmIndex, row: CrmIdentity, memo?: DomainMemo): CrmMatchBy | null {
  const keys = crmKeys(row, memo);
  if (keys.profile !== null && index.profiles.has(keys.profile)) return 'profile';
  if (keys.email !== null && index.emails.has(keys.email)) return 'email';
  if (keys.nameAtDomain !== null && index.namesAtDomains.has(keys.nameAtDomain)) return 'name';
  if (keys.companyDomain !== null && index.companyDomains.has(keys.companyDomain)) return 'company';
  return null;
}

/** How each row matches the reference (null: it does not). */
export function matchRows(index: CrmIndex, rows: readonly CrmIdentity[]): Array<CrmMatchBy | null> {
  const memo: DomainMemo = new Map();
  return rows.map((row) => matchRow(index, row, memo));
}
