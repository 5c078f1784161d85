/**
 * Do not enrich, matched: the people and companies a person (or a team, at the hub) never wants
 * looked up (someone who asked not to be contacted, a customer's domain). The list holds email
 * addresses, domains (an email domain and a company domain are the same thing here: `@acme.com` and
 * `acme.com` both mean every address at acme.com and the company at acme.com, subdomains included)
 * and profile URLs (by kind and id, whatever form of the URL was pasted).
 *
 * Two checks, made by the background and by the team hub (hub/proxy.ts) alike:
 * - a request naming a listed subject in any of its parameters is refused before anything is spent
 *   or sent, from any way in (lib/background/service.ts, lib/background/views.ts): `listedIn`;
 * - an answer that turns out to be about a listed subject (a lookup by name, a search row) was paid,
 *   as it could not be known before, but is never kept nor shown: `screenAnswer`
 *   (lib/background/calls/paid-call.ts, where answers are recorded, and the cache's readers).
 * Plain, no zod and no storage: the options page reads the same lines, and the hub runs on a server.
 * The list as the background keeps it is lib/background/do-not-enrich.ts.
 */
import { endpointInfo } from '../api/endpoint-info';
import { ApiError } from '../api/errors';
import type { EndpointId } from '../api/ids';
import type { ParamName } from '../api/params';
import {
  canonicalCompanyUrl,
  canonicalHandleUrl,
  canonicalPersonUrl,
  canonicalSchoolUrl,
  type HandleNetwork,
} from '../networks';
import { domainOf, extractEmails, type ProfileRef, parseProfileUrl, websiteDomain } from '../profile-urls';
import type { DoNotEnrichEntry } from '../protocol';

export type { DoNotEnrichEntry } from '../protocol';

function emailParts(input: string): { email: string; domain: string } | null {
  const email = input
    .trim()
    .toLowerCase()
    .replace(/^mailto:/, '');
  const at = email.lastIndexOf('@');
  if (at <= 0 || /\s/.test(email)) return null;
  const domain = domainOf(email.slice(at + 1));
  return domain ? { email, domain } : null;
}

/** One line of the list, read; null when it is none of the things a list can hold. */
export function readEntry(line: string): DoNotEnrichEntry | null {
  const text = line.trim();
  if (text.startsWith('@')) {
    const domain = domainOf(text.slice(1));
    return domain ? { key: `domain:${domain}`, kind: 'domain', text: domain } : null;
  }
  if (text.includes('@') && !/^https?:\/\//i.test(text)) {
    const parts = emailParts(text);
    return parts ? { key: `email:${parts.email}`, kind: 'email', text: parts.email } : null;
  }
  const profile = parseProfileUrl(text);
  if (profile) return { key: `profile:${profile.kind}:${profile.id}`, kind: 'profile', text: profile.url };
  const domain = domainOf(text);
  return domain ? { key: `domain:${domain}`, kind: 'domain', text: domain } : null;
}

/** A pasted or imported list: one entry a line (`#` starts a comment); what cannot be read is returned. */
export function readList(text: string): { entries: DoNotEnrichEntry[]; unreadable: string[] } {
  const entries = new Map<string, DoNotEnrichEntry>();
  const unreadable: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const entry = readEntry(line);
    if (entry) entries.set(entry.key, entry);
    else unreadable.push(line);
  }
  return { entries: [...entries.values()], unreadable };
}

// ---------------------------------------------------------------------------------------------
// Keys: what a request or an answer names, in the list's terms (`email:…`, `domain:…`, `profile:kind:id`)

/** A domain is matched by itself and by every domain it is under: mail.acme.com by acme.com. */
function addDomain(domain: string, keys: Set<string>): void {
  const labels = domain.split('.');
  for (let index = 0; index < labels.length - 1; index++) keys.add(`domain:${labels.slice(index).join('.')}`);
}

/** An address is matched by itself, by its mailbox without a `+tag` (ada+x@ is ada@), and by its domain. */
function addEmail({ email, domain }: { email: string; domain: string }, keys: Set<string>): void {
  keys.add(`email:${email}`);
  keys.add(mailboxKey(`email:${email}`));
  addDomain(domain, keys);
}

/** `email:ada+news@acme.com` → `email:ada@acme.com`: one mailbox, whatever tag it is written with. */
export function mailboxKey(key: string): string {
  return key.startsWith('email:') ? key.replace(/^email:([^+@]+)\+[^@]*@/, 'email:$1@') : key;
}

const profileKey = (ref: ProfileRef) => `profile:${ref.kind}:${ref.id}`;

/**
 * The addresses, profile URLs and domains a text names: one value, a comma-separated list, or a
 * boolean expression of them (`acme.com OR beta.io`). A company name that is a domain (`Booking.com`)
 * names that domain; a domain may carry a path (`acme.com/about`).
 */
function addText(text: string, keys: Set<string>): void {
  const whole = parseProfileUrl(text);
  if (whole) keys.add(profileKey(whole));
  for (const token of text.split(/[\s,;()"'|]+/)) {
    if (token === '') continue;
    const email = token.includes('@') ? emailParts(token) : null;
    if (email) {
      addEmail(email, keys);
      continue;
    }
    const profile = parseProfileUrl(token);
    if (profile) keys.add(profileKey(profile));
    else {
      const domain = websiteDomain(token);
      if (domain) addDomain(domain, keys);
    }
  }
}

/** What a bare identifier (no host to recognise it by) identifies. */
type IdKind = 'person' | 'company' | 'school' | HandleNetwork;

const ID_URLS: Record<IdKind, (id: string) => string> = {
  person: canonicalPersonUrl,
  company: canonicalCompanyUrl,
  school: canonicalSchoolUrl,
  social: (id) => canonicalHandleUrl('social', id),
  microblog: (id) => canonicalHandleUrl('microblog', id.replace(/^@/, '')),
  codehost: (id) => canonicalHandleUrl('codehost', id),
};

/** A public identifier, slug or handle as its profile's key; its URL, when one was given instead, too. */
function addId(kind: IdKind, raw: string, keys: Set<string>): void {
  const text = raw.trim();
  if (text === '') return;
  addText(text, keys);
  let id = text;
  try {
    id = decodeURIComponent(text);
  } catch {
    // Not percent-encoded after all: read as written.
  }
  const ref = /[/\s]/.test(id) ? null : parseProfileUrl(ID_URLS[kind](id));
  if (ref) keys.add(profileKey(ref));
}

/**
 * The parameters of each endpoint whose values are bare identifiers, with what they identify. Every
 * other text parameter is read for what it shows on its face (`addText`: addresses, profile URLs,
 * domains, in any form). Every endpoint is listed, `{}` when none of its parameters is a bare id.
 */
const ID_PARAMS: { [Id in EndpointId]: Partial<Record<ParamName<Id>, IdKind>> } = {
  'person.profile': {},
  'company.profile': {},
  'school.profile': {},
  'job.profile': {},
  // `search_id` is a company's numeric search id: nothing in the list can be matched to it.
  'job.search': {},
  'role.lookup': {},
  'person.lookup': {},
  'email.lookup': {},
  'company.lookup': {},
  'employee.count': {},
  'employee.list': {},
  'student.list': {},
  'person.search': { public_identifier_in_list: 'person' },
  'company.search': { public_identifier_in_list: 'company' },
  'person.v3': { profile: 'person', codehost: 'codehost', social: 'social', microblog: 'microblog' },
  'company.logo': {},
};

/** Parameters that leave subjects OUT of a search: naming a listed one there asks nothing about them. */
const EXCLUDING_PARAMS: ReadonlySet<string> = new Set(['public_identifier_not_in_list']);

/** A parameter's texts: a list given as an array, or one value (numbers and choices read as text). */
function textsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (typeof value === 'string') return value.trim() === '' ? [] : [value];
  return [];
}

/** The keys a request's parameters name: its addresses, domains and profiles, in every form. */
function requestKeys(endpointId: EndpointId, params: Readonly<Record<string, unknown>>): Set<string> {
  const keys = new Set<string>();
  const ids = ID_PARAMS[endpointId] as Partial<Record<string, IdKind>>;
  for (const [name, value] of Object.entries(params)) {
    if (EXCLUDING_PARAMS.has(name)) continue;
    const kind = ids[name];
    for (const text of textsOf(value)) {
      if (kind) for (const entry of text.split(',')) addId(kind, entry, keys);
      else addText(text, keys);
    }
  }
  return keys;
}

/** The entry of the list a request would look up, or null when it may be asked. */
export function listedIn(
  listed: ReadonlySet<string>,
  endpointId: EndpointId,
  params: Readonly<Record<string, unknown>>,
): string | null {
  if (listed.size === 0) return null;
  return firstListed(listed, requestKeys(endpointId, params));
}

/** The entry of the list any of these texts names (an address, a domain, a profile URL), or null. */
export function listedAmong(listed: ReadonlySet<string>, texts: readonly string[]): string | null {
  if (listed.size === 0) return null;
  return firstListed(listed, subjectKeys(texts));
}

/**
 * Every key these texts name, in the list's terms: what a list entry (with its mailbox, the hub's
 * matchKeys) must share with them to name them. The hub keeps them beside its CRM reference's rows,
 * so that forgetting or listing a subject finds the rows naming it without the rows' texts.
 */
export function subjectKeys(texts: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const text of texts) addText(text, keys);
  return keys;
}

function firstListed(listed: ReadonlySet<string>, keys: Iterable<string>): string | null {
  for (const key of keys) if (listed.has(key)) return key;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Answers

/** Fields of a profile about others (people also viewed, similar companies, employers, schools, posts). */
const ABOUT_OTHERS: ReadonlySet<string> = new Set([
  'people_also_viewed',
  'similarly_named_profiles',
  'similar_companies',
  'affiliated_companies',
  'experiences',
  'education',
  'experience',
  'updates',
  'relatedProfiles',
  'similarNames',
  'groups',
  'recommendations',
  'certifications',
]);

/** v3's `slug`: the subject's id on each network, by the network's neutral name. */
const SLUG_KINDS: Readonly<Record<string, IdKind>> = {
  network: 'person',
  codehost: 'codehost',
  social: 'social',
  microblog: 'microblog',
};

/** Fields whose texts are the subject's own website or domains. */
const DOMAIN_FIELDS: ReadonlySet<string> = new Set(['website', 'websiteUrl', 'domain']);

/**
 * The keys of who or what an answer (or one row of it) is about: its profile URLs, its public
 * identifier, slug or handles, the addresses it gives, its website and domains. What it says about
 * others (colleagues, similar profiles, employers) is not read.
 */
function answerKeys(endpointId: EndpointId, answer: unknown): Set<string> {
  const keys = new Set<string>();
  const organisation: IdKind = endpointId === 'school.profile' ? 'school' : 'company';
  const stack: { value: unknown; field: string | null; domains: boolean }[] = [
    { value: answer, field: null, domains: false },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, field, domains } = item;
    if (typeof value === 'string') {
      const text = value.trim();
      if (text === '') continue;
      if (domains) {
        const domain = websiteDomain(text);
        if (domain) addDomain(domain, keys);
      } else if (field === 'public_identifier') addId('person', text, keys);
      else if (field === 'universal_name_id') addId(organisation, text, keys);
      else {
        // A string that is an address is the subject's own (work, personal); words around one are not read.
        const [address] = text.includes('@') && text.length <= 320 ? extractEmails(text) : [];
        const email = address !== undefined && address === text.toLowerCase() ? emailParts(address) : null;
        const profile = email ? null : parseProfileUrl(text);
        if (email) addEmail(email, keys);
        else if (profile) keys.add(profileKey(profile));
      }
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const element of value) stack.push({ value: element, field, domains });
      continue;
    }
    for (const [name, inner] of Object.entries(value)) {
      if (ABOUT_OTHERS.has(name)) continue;
      const slugKind = field === 'slug' ? SLUG_KINDS[name] : undefined;
      if (slugKind && typeof inner === 'string') {
        addId(slugKind, inner, keys);
        continue;
      }
      stack.push({ value: inner, field: name, domains: domains || DOMAIN_FIELDS.has(name) });
    }
  }
  return keys;
}

/** The rows of a search's or a listing's answer, each about one subject; null for a one-subject answer. */
function rowsOf(endpointId: EndpointId, data: unknown): unknown[] | null {
  if (Array.isArray(data)) return data;
  const key = endpointInfo[endpointId].resultsKey;
  if (key === undefined || typeof data !== 'object' || data === null) return null;
  const rows = (data as Record<string, unknown>)[key];
  return Array.isArray(rows) ? rows : null;
}

/** Lists in a profile that mention other people and companies, each entry with its link. */
const MENTIONS: ReadonlySet<string> = new Set([
  'people_also_viewed',
  'similarly_named_profiles',
  'similar_companies',
  'affiliated_companies',
  'relatedProfiles',
  'similarNames',
]);

/** An answer without its mentions of listed subjects (people also viewed…); the same object when it has none. */
function withoutListedMentions(listed: ReadonlySet<string>, endpointId: EndpointId, value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = value.map((element) => withoutListedMentions(listed, endpointId, element));
    return out.some((element, index) => element !== value[index]) ? out : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  let out: Record<string, unknown> | null = null;
  for (const [name, inner] of Object.entries(value)) {
    const next =
      MENTIONS.has(name) && Array.isArray(inner)
        ? inner.filter((mention) => firstListed(listed, answerKeys(endpointId, mention)) === null)
        : withoutListedMentions(listed, endpointId, inner);
    if (Array.isArray(next) && Array.isArray(inner) && next.length === inner.length && MENTIONS.has(name))
      continue;
    if (next === inner) continue;
    out ??= { ...(value as Record<string, unknown>) };
    out[name] = next;
  }
  return out ?? value;
}

/**
 * One row of a search or listing as it may be kept and shown: null when it is about a listed
 * subject; else without its mentions of listed ones.
 */
export function keptRow(listed: ReadonlySet<string>, endpointId: EndpointId, row: unknown): unknown {
  if (listed.size === 0) return row;
  if (firstListed(listed, answerKeys(endpointId, row)) !== null) return null;
  return withoutListedMentions(listed, endpointId, row);
}

/**
 * What of an answer may be kept and shown. A one-subject answer (a profile, a lookup) about a listed
 * subject: `listed` says which entry, and nothing of it is kept. A search or listing: its rows about
 * listed subjects are left out (`left` counts them), the rest of the page stays. What is kept no
 * longer mentions listed subjects either (people also viewed, similar companies).
 */
export function screenAnswer(
  listed: ReadonlySet<string>,
  endpointId: EndpointId,
  data: unknown,
): { listed: string } | { listed: null; data: unknown; left: number } {
  if (listed.size === 0) return { listed: null, data, left: 0 };
  const rows = rowsOf(endpointId, data);
  if (rows === null) {
    const key = firstListed(listed, answerKeys(endpointId, data));
    if (key !== null) return { listed: key };
    return { listed: null, data: withoutListedMentions(listed, endpointId, data), left: 0 };
  }
  const kept = rows.map((row) => keptRow(listed, endpointId, row)).filter((row) => row !== null);
  const resultsKey = endpointInfo[endpointId].resultsKey;
  if (kept.length === rows.length && kept.every((row, index) => row === rows[index]))
    return { listed: null, data, left: 0 };
  const screened =
    Array.isArray(data) || resultsKey === undefined ? kept : { ...(data as object), [resultsKey]: kept };
  return { listed: null, data: screened, left: rows.length - kept.length };
}

/** Refuses a request the list names, before anything is sent or spent (ApiError 'do-not-enrich'). */
export function refuseListed(
  listed: ReadonlySet<string>,
  endpointId: EndpointId,
  params: Readonly<Record<string, unknown>>,
): void {
  const key = listedIn(listed, endpointId, params);
  if (key === null) return;
  const shown = key.replace(/^(email|domain|profile):/, '').replace(/^(\w+):/, '$1 ');
  throw new ApiError('do-not-enrich', { description: `Listed: ${shown}` });
}
