/**
 * What a record about the subject says of them (lib/background/forget/): their other profiles and
 * addresses, their name and where they work, or an organisation's name. Learned only from what is
 * about them, never from the lists an answer holds of other people.
 */
import type { ProfileKind } from '../../profile-urls';
import { directFacts, emptyFacts, factsOf, readText } from './facts';
import { addDomainOfEmail, addWords, FAMILY, type KnownSubject, namedStrictly, ONE_SUBJECT } from './subject';

const COMPANY_FIELDS = ['company', 'company_name', 'current_company_name', 'company_domain', 'companyDomain'];

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Every address under a field that holds addresses (`personal_emails`, `work_email`, `emails`). */
function learnEmails(record: Record<string, unknown>, known: KnownSubject): void {
  for (const [name, value] of Object.entries(record)) {
    if (!/email/i.test(name)) continue;
    for (const email of factsOf(value).emails) {
      known.emails.add(email);
      // A personal address's domain is a mail provider, not where they work.
      if (!/personal/i.test(name)) addDomainOfEmail(email, known.companies);
    }
  }
}

/** A person's name and the companies they work at, from one object about them. */
function learnPerson(part: Record<string, unknown>, known: KnownSubject): void {
  learnEmails(part, known);
  addWords(
    text(part.full_name) ??
      text(part.fullName) ??
      ([text(part.first_name), text(part.last_name)].every(Boolean)
        ? `${part.first_name} ${part.last_name}`
        : null),
    known.names,
  );
  for (const field of COMPANY_FIELDS) addWords(text(part[field]), known.companies);
  if (Array.isArray(part.experiences))
    for (const experience of part.experiences as Record<string, unknown>[])
      addWords(text(experience?.company), known.companies);
}

/**
 * What an object about them says of them, from its own fields and its `profile` (never from the
 * lists it holds of other people: "people also viewed", a search's other rows).
 */
export function learnObject(object: Record<string, unknown>, known: KnownSubject): void {
  const parts = [object];
  if (object.profile && typeof object.profile === 'object' && !Array.isArray(object.profile))
    parts.push(object.profile as Record<string, unknown>);
  for (const part of parts) {
    for (const [name, value] of Object.entries(part)) {
      if (typeof value !== 'string') continue;
      const facts = emptyFacts();
      readText(value, name, facts, []);
      for (const profile of facts.profiles) {
        const kind = profile.slice(0, profile.indexOf(':')) as ProfileKind;
        if (FAMILY[kind] === known.family) known.profiles.add(profile);
      }
    }
    if (known.family === 'person') learnPerson(part, known);
    else if (known.family === 'organisation')
      addWords(text(part.name) ?? text(part.company_name), known.alone);
  }
}

/** The objects in an answer that are about them: those whose own fields name them by an identifier. */
export function learnFromAnswer(value: unknown, known: KnownSubject): void {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    if (namedStrictly(directFacts(object), known)) learnObject(object, known);
    for (const child of Object.values(object)) if (typeof child === 'object') visit(child);
  };
  visit(value);
}

/** A request of one subject: its params say who (an address, a name and a company, a profile). */
export function learnParams(endpointId: string, params: Record<string, unknown>, known: KnownSubject): void {
  if (ONE_SUBJECT[endpointId] === known.family) learnObject(params, known);
}

/** A company's or school's own id (`acme`) names it alone, as a file named after it does (`acme-prospects.csv`). */
export function addOrganisationIds(known: KnownSubject): void {
  if (known.family !== 'organisation') return;
  for (const profile of known.profiles) {
    const id = profile.slice(profile.indexOf(':') + 1);
    if (!/^\d+$/.test(id)) addWords(id, known.alone);
  }
}
