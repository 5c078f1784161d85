/**
 * Matching rows against the CRM reference: by canonical profile URL, then email (case aside), then
 * full name together with the company's domain (case, accents and spaces aside; a domain without
 * `www.`). A name alone never matches: two people share a name far more often than a name and an
 * employer. A row naming no person (a company's row) matches a company of the reference by its
 * profile URL or its domain. The reference is indexed once, in Maps, so a row costs a few lookups
 * whatever the reference's size.
 *
 * Two things are never an identity: a free email domain (./free-mail.ts) is nobody's employer, so
 * it keys neither a name nor a company (an address at it still keys its person by email); and a
 * name that is a placeholder (`-`, `n/a`, `unknown`) names nobody, so it keys no name, and the row
 * it is on is still a person's, never taken for a company's row. A blank name cell is no name cell,
 * as an empty one is (the lists page leaves empty cells out of what it sends).
 *
 * Pure (no storage, no zod): the background's reference (lib/background/crm/reference.ts) indexes
 * and asks with these rules, and the team hub may too.
 */
import { parseProfileUrl, websiteDomain } from '../profile-urls';
import type { CrmIdentity, CrmMatchBy } from '../protocol';
import { isFreeMailDomain } from './free-mail';

/** What identifies a row, canonical: what the index is keyed by. */
export interface CrmKeys {
  /** `kind:id` of its profile (a person's or a company's). */
  profile: string | null;
  email: string | null;
  /**
   * `fullname|domain`, only when both are there and the domain is an employer's: the name's words
   * run together, in each order its first and last name give (names written family name first,
   * `新田聡`, have no space to split at).
   */
  namesAtDomain: string[];
  /** A row naming no person (no name cell at all, no person's profile, no email): its company's domain. */
  companyDomain: string | null;
  /** Why nothing identifies it (only when every key above is null). */
  unusable: string | null;
}

/** One address, as CRMs hold them: what matters is that two writings of it compare equal. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A name as it is compared: accents folded, lower case, letters and digits only, spaces and
 * punctuation left out ("  José  Núñez-García" → "josenunezgarcia").
 */
export function compactName(text: string): string {
  // Most names are plain ASCII: folding accents is the slow part, done only where there are some.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, on purpose
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * What a name cell holds when the person's name was not known: a dash, `n/a`, `unknown`, `null`.
 * `na` is among them although Na is also a family name: a name cell holding only those two letters
 * is far more often "not available", and a full name cell ("Na Yeon") is read whole.
 */
const PLACEHOLDER_NAMES: ReadonlySet<string> = new Set([
  'na',
  'nn',
  'none',
  'unknown',
  'null',
  'nil',
  'undefined',
  'noname',
  'notavailable',
  'notknown',
  'tbd',
  'xxx',
]);

/** A name cell compacted, or '' when it names nobody: blank, punctuation only, or a placeholder. */
function nameCell(text: string | undefined): string {
  const name = compactName(text ?? '');
  return PLACEHOLDER_NAMES.has(name) ? '' : name;
}

/** Whether the row has a name cell with anything but spaces in it (a placeholder too): a person's row. */
function namesSomeone(row: CrmIdentity): boolean {
  return [row.fullName, row.firstName, row.lastName].some((text) => !!text?.trim());
}

/** A row's name in every order it can be written, words run together; none when it has no name. */
function namesOf(row: CrmIdentity): string[] {
  const names = new Set<string>();
  const first = nameCell(row.firstName);
  const last = nameCell(row.lastName);
  names.add(nameCell(row.fullName));
  if (first || last) {
    names.add(first + last);
    names.add(last + first);
  }
  names.delete('');
  return [...names];
}

const PERSON_KINDS: ReadonlySet<string> = new Set(['person', 'social', 'microblog', 'codehost']);

/** A company domain as read: the domain, and whether it is a free email provider's (no employer). */
interface DomainReading {
  domain: string | null;
  freeMail: boolean;
}

/** Company domains repeat (many people work at one company): each writing is read once. */
type DomainMemo = Map<string, DomainReading>;

function domainOf(text: string, memo: DomainMemo | undefined): DomainReading {
  let reading = memo?.get(text);
  if (reading === undefined) {
    const domain = websiteDomain(text);
    reading = { domain, freeMail: domain !== null && isFreeMailDomain(domain) };
    memo?.set(text, reading);
  }
  return reading;
}

export function crmKeys(row: CrmIdentity, memo?: DomainMemo): CrmKeys {
  const url = row.profileUrl?.trim() ?? '';
  const ref = url ? parseProfileUrl(url) : null;
  const emailText = row.email?.trim() ?? '';
  const email = emailText && EMAIL.test(emailText) ? emailText.toLowerCase() : null;
  const domainText = row.companyDomain?.trim() ?? '';
  const reading = domainText ? domainOf(domainText, memo) : null;
  // The company's domain, when it is an employer's (a free email domain is nobody's).
  const employer = reading && !reading.freeMail ? reading.domain : null;
  const names = namesOf(row);
  const person =
    (ref !== null && PERSON_KINDS.has(ref.kind)) || email !== null || names.length > 0 || namesSomeone(row);
  const keys: CrmKeys = {
    profile: ref ? `${ref.kind}:${ref.id}` : null,
    email,
    namesAtDomain: employer ? names.map((name) => `${name}|${employer}`) : [],
    companyDomain: !person && employer ? employer : null,
    unusable: null,
  };
  if (keys.profile || keys.email || keys.namesAtDomain.length > 0 || keys.companyDomain) return keys;
  keys.unusable =
    url && !ref
      ? 'a profile address we do not recognise'
      : emailText
        ? 'an email address that is not one'
        : reading?.freeMail
          ? 'a free email domain (such as gmail.com) as the company domain'
          : names.length === 0 && namesSomeone(row)
            ? 'a name that is a placeholder (such as “-” or “n/a”)'
            : names.length > 0 && domainText
              ? 'a company website that is not one'
              : names.length > 0
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
    for (const name of keys.namesAtDomain) put(index.namesAtDomains, name, at);
    put(index.companyDomains, keys.companyDomain, at);
  });
  return index;
}

/** How a row matches the reference, by the first key that does; null when it does not. */
export function matchRow(index: CrmIndex, row: CrmIdentity, memo?: DomainMemo): CrmMatchBy | null {
  const keys = crmKeys(row, memo);
  if (keys.profile !== null && index.profiles.has(keys.profile)) return 'profile';
  if (keys.email !== null && index.emails.has(keys.email)) return 'email';
  if (keys.namesAtDomain.some((name) => index.namesAtDomains.has(name))) return 'name';
  if (keys.companyDomain !== null && index.companyDomains.has(keys.companyDomain)) return 'company';
  return null;
}

/** How each row matches the reference (null: it does not). */
export function matchRows(index: CrmIndex, rows: readonly CrmIdentity[]): Array<CrmMatchBy | null> {
  const memo: DomainMemo = new Map();
  return rows.map((row) => matchRow(index, row, memo));
}

/** A request's parameter, when it is a text. */
function textParam(params: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * What a request of the service names, as a row of the reference would: a profile's address, an
 * email, a person's name with their company's domain, a company's domain. The team hub matches a
 * peeked request by it when the member gave no row of theirs (its `identity`); an endpoint naming
 * nobody (a search, a listing) gives an empty identity, which matches nothing.
 */
export function identityOfParams(endpointId: string, params: Readonly<Record<string, unknown>>): CrmIdentity {
  const identity: CrmIdentity = {};
  const set = (name: keyof CrmIdentity, value: string | undefined) => {
    if (value !== undefined) identity[name] = value;
  };
  switch (endpointId) {
    case 'person.profile':
      set(
        'profileUrl',
        textParam(params, 'profile_url') ??
          textParam(params, 'social_profile_url') ??
          textParam(params, 'microblog_profile_url'),
      );
      break;
    case 'company.profile':
      set('profileUrl', textParam(params, 'url'));
      break;
    case 'email.lookup':
      set('email', textParam(params, 'email'));
      break;
    case 'person.lookup':
      set('firstName', textParam(params, 'first_name'));
      set('lastName', textParam(params, 'last_name'));
      set('companyDomain', textParam(params, 'company_domain'));
      break;
    case 'company.lookup':
      set('companyDomain', textParam(params, 'company_domain'));
      set('companyName', textParam(params, 'company_name'));
      break;
  }
  return identity;
}
