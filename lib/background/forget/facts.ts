/**
 * Reading what a stored record names (lib/background/forget/): the profiles and addresses it holds,
 * and its words. A profile URL counts in any form (with or without scheme and `www.`, a trailing
 * slash, percent-encoded); a public id or handle where ids are written (a whole value or a
 * `name=value`, never a part of a longer word, so `jli` does not match `jlin`); an email address.
 */
import { NETWORK_DOMAINS } from '../../networks';
import { extractEmails, type ProfileKind, parseProfileUrl } from '../../profile-urls';

/** Profile URLs as records write them: with or without scheme and `www.`, up to a space or quote. */
const PROFILE_URL_IN_TEXT = new RegExp(
  `(?:https?:\\/\\/)?(?:[a-z0-9-]+\\.)*(?:${Object.values(NETWORK_DOMAINS)
    .flat()
    .map((domain) => domain.replace(/\./g, '\\.'))
    .join('|')})(?::\\d+)?\\/[^\\s"'<>,;|]*`,
  'gi',
);

/** Where ids are written alone, and of what kind (v3 parameters, answer fields, list roles). */
const ID_FIELDS: Readonly<Record<string, ProfileKind>> = {
  public_identifier: 'person',
  publicIdentifier: 'person',
  public_identifier_in_list: 'person',
  profile: 'person',
  profile_url: 'person',
  username: 'person',
  codehost: 'codehost',
  codehost_profile_id: 'codehost',
  social: 'social',
  social_profile_id: 'social',
  microblog: 'microblog',
  microblog_profile_id: 'microblog',
  company_url: 'company',
};

/** The values of a request's `*_profile_id` params (lib/api/params.ts `included`): choices, not ids. */
const INCLUDE_CHOICES: ReadonlySet<string> = new Set(['include', 'exclude']);

/** `name=value` in a summary ("profile=jli"): the value is written where the name says. */
const NAMED_VALUE = /(?:^|\s)([a-z_]+)=([^\s]+)/gi;

/** Accents folded, lower case, letters and digits only, padded: whole words compare as substrings. */
export function wordsOf(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\b[a-z_]+=/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length ? ` ${words.join(' ')} ` : '';
}

/** What one record (or one part of it) names: the identifiers it holds, and its words. */
export interface Facts {
  profiles: Set<string>;
  emails: Set<string>;
  words: string;
}

export function emptyFacts(): Facts {
  return { profiles: new Set(), emails: new Set(), words: '' };
}

function addProfilesOfText(text: string, into: Set<string>): void {
  for (const match of text.matchAll(PROFILE_URL_IN_TEXT)) {
    const ref = parseProfileUrl(match[0]);
    if (ref) into.add(`${ref.kind}:${ref.id}`);
  }
}

function addId(kind: ProfileKind, value: string, into: Set<string>): void {
  for (const part of value.split(',')) {
    const id = part.trim();
    if (!id || /[\s/]/.test(id)) continue;
    into.add(`${kind}:${id.toLowerCase()}`);
  }
}

/** Reads one string of a record: under `field` (an id field says what its bare value is). */
export function readText(text: string, field: string | undefined, facts: Facts, words: string[]): void {
  if (text.includes('.')) addProfilesOfText(text, facts.profiles);
  const kind = field === undefined ? undefined : ID_FIELDS[field];
  // In an answer `codehost_profile_id` is a handle; in a request, whether to include it.
  if (kind && !(field!.endsWith('_profile_id') && INCLUDE_CHOICES.has(text)))
    addId(kind, text.replace(/^@/, ''), facts.profiles);
  if (text.includes('=')) {
    for (const [, name, value] of text.matchAll(NAMED_VALUE)) {
      const named = ID_FIELDS[name!];
      if (named) addId(named, value!, facts.profiles);
    }
  }
  if (text.includes('@')) for (const email of extractEmails(text)) facts.emails.add(email);
  words.push(text);
}

/** Every identifier anywhere in a value, and all its words (a first and last name read together). */
export function factsOf(value: unknown, field?: string): Facts {
  const facts = emptyFacts();
  const words: string[] = [];
  const visit = (node: unknown, key: string | undefined): void => {
    if (typeof node === 'string') readText(node, key, facts, words);
    else if (Array.isArray(node)) for (const item of node) visit(item, key);
    else if (node !== null && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      const first = record.first_name ?? record.firstName;
      const last = record.last_name ?? record.lastName;
      if (typeof first === 'string' && typeof last === 'string') words.push(`${first} ${last}`);
      for (const [name, child] of Object.entries(record)) visit(child, name);
    }
  };
  visit(value, field);
  facts.words = wordsOf(words.join(' | '));
  return facts;
}

export function mergeFacts(...all: Facts[]): Facts {
  const merged = emptyFacts();
  for (const facts of all) {
    for (const profile of facts.profiles) merged.profiles.add(profile);
    for (const email of facts.emails) merged.emails.add(email);
  }
  merged.words = all.map((facts) => facts.words).join(' ');
  return merged;
}

/** What an object's own fields (and its `profile`'s) name, without the lists it holds. */
export function directFacts(object: Record<string, unknown>): Facts {
  const own: Record<string, unknown> = {};
  const take = (from: Record<string, unknown>) => {
    for (const [name, value] of Object.entries(from))
      if (
        typeof value === 'string' ||
        (Array.isArray(value) && value.every((item) => typeof item === 'string'))
      )
        own[name] = value;
  };
  take(object);
  if (object.profile && typeof object.profile === 'object') take(object.profile as Record<string, unknown>);
  return factsOf(own);
}
