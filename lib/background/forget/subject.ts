/**
 * Who is being forgotten (lib/background/forget/): everything known about them, starting from what
 * the person gave, and whether a record's facts name them. A record names them by a profile of
 * theirs or an address, by words that name them alone (a company's name, a name typed in), or by
 * their full name together with a company they work at (a name alone is too common).
 */
import { extractEmails, type ProfileKind, parseProfileUrl } from '../../profile-urls';
import { type Facts, factsOf, wordsOf } from './facts';

/** People and organisations: what is learned about one never names the other kind. */
export type Family = 'person' | 'organisation' | 'job';

export const FAMILY: { readonly [K in ProfileKind]: Family } = {
  person: 'person',
  social: 'person',
  microblog: 'person',
  codehost: 'person',
  company: 'organisation',
  school: 'organisation',
  job: 'job',
};

/** Endpoints whose request and answer are about one subject (searches and listings name many). */
export const ONE_SUBJECT: Readonly<Record<string, Family>> = {
  'person.profile': 'person',
  'person.lookup': 'person',
  'email.lookup': 'person',
  'person.v3': 'person',
  'role.lookup': 'person',
  'company.profile': 'organisation',
  'company.lookup': 'organisation',
  'school.profile': 'organisation',
  'job.profile': 'job',
};

/** Everything known about the subject: each set only grows while records are read. */
export interface KnownSubject {
  /** null: a name typed in (its words are matched alone, nothing is learned from them). */
  family: Family | null;
  /** `kind:id` of every profile of theirs (`person:jli`, `codehost:jli`, `company:acme`). */
  profiles: Set<string>;
  emails: Set<string>;
  /** Their full names, as words (` kelsie heaney `). */
  names: Set<string>;
  /** Where they work (names and domains), as words: a name counts only with one of these. */
  companies: Set<string>;
  /** Words that name them on their own: a company's name, or a name typed in. */
  alone: Set<string>;
  /** Request ids and cache keys of records about them: the records sharing one are about them too. */
  requestIds: Set<string>;
  cacheKeys: Set<string>;
}

export function addWords(value: string | null, into: Set<string>): void {
  const words = value === null ? '' : wordsOf(value);
  if (words) into.add(words);
}

/** A domain as words (`douglas.ru` → ` douglas ru `): an address at it names the company too. */
export function addDomainOfEmail(email: string, into: Set<string>): void {
  addWords(email.slice(email.indexOf('@') + 1), into);
}

/** Who the subject is, from what the person gave: a profile URL, an email address, or a name. */
export function subjectOf(subject: string): KnownSubject {
  const known: KnownSubject = {
    family: null,
    profiles: new Set(),
    emails: new Set(),
    names: new Set(),
    companies: new Set(),
    alone: new Set(),
    requestIds: new Set(),
    cacheKeys: new Set(),
  };
  const profile = parseProfileUrl(subject);
  const emails = extractEmails(subject);
  if (profile) {
    known.family = FAMILY[profile.kind];
    known.profiles.add(`${profile.kind}:${profile.id}`);
  } else if (emails.length > 0 && emails[0] === subject.trim().toLowerCase()) {
    known.family = 'person';
    known.emails.add(emails[0]);
    addDomainOfEmail(emails[0], known.companies);
  } else {
    addWords(subject, known.alone);
  }
  return known;
}

/** How much is known: learning is done when this stops growing. */
export function sizeOf(known: KnownSubject): number {
  return (
    known.profiles.size +
    known.emails.size +
    known.names.size +
    known.companies.size +
    known.alone.size +
    known.requestIds.size +
    known.cacheKeys.size
  );
}

function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const value of a) if (b.has(value)) return true;
  return false;
}

export function someIn(words: string, phrases: ReadonlySet<string>): boolean {
  for (const phrase of phrases) if (words.includes(phrase)) return true;
  return false;
}

/** By an identifier only: a profile of theirs or an address. */
export function namedStrictly(facts: Facts, known: KnownSubject): boolean {
  return intersects(facts.profiles, known.profiles) || intersects(facts.emails, known.emails);
}

/** By an identifier, by words that name them alone, or by their name with a company of theirs. */
export function named(facts: Facts, known: KnownSubject): boolean {
  return (
    namedStrictly(facts, known) ||
    someIn(facts.words, known.alone) ||
    (someIn(facts.words, known.names) && someIn(facts.words, known.companies))
  );
}

/** Whether a stored value names the subject (for the storage areas the background holds). */
export function namesSubject(value: unknown, known: KnownSubject): boolean {
  return named(factsOf(value), known);
}
