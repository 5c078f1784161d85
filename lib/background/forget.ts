/**
 * Forget a person or company everywhere the extension keeps them (background only), by what is
 * known about them, not by how they were asked for. What the person gave (a profile URL, an email
 * address, a name) is the start; every stored record that names them then says more (the answer
 * about them gives their other profile URLs and public ids, their addresses, their name and where
 * they work; the journal gives the address a lookup of theirs was asked by), until nothing new is
 * learned. Then every record that names them loses them: answers leave the cache, the ledger keeps
 * each line's credits and date but loses what named them, the journal keeps what the engine needs
 * never to pay twice (id, status, credits, times) but loses its parameters, batches and lists keep
 * their rows and totals but lose the rows' cells and answers, a list named after them loses its
 * name, and the popup's recent entries about them go. Charges are never forgotten: what was spent
 * stays in the ledger, under "forgotten".
 *
 * How a record names someone: a profile URL in any form (with or without scheme and `www.`, a
 * trailing slash, percent-encoded), a public id or handle where ids are written (a whole value or a
 * `name=value`, never a part of a longer word, so `jli` does not match `jlin`), an email address,
 * or their full name together with a company they work at (a name alone is too common).
 */
import type { IDBPDatabase } from 'idb';
import { isWorking } from '../batch';
import { NETWORK_DOMAINS } from '../networks';
import { extractEmails, type ProfileKind, parseProfileUrl } from '../profile-urls';
import type { ListColumnRole } from '../protocol';
import type { EnrichmentDb, JobRecord } from './db';
import { isFinishedJob } from './jobs';
import { deleteList } from './lists/list-records';

type Db = IDBPDatabase<EnrichmentDb>;

/** What a forgotten subject's ledger lines, jobs and batch rows read as afterwards. */
export const FORGOTTEN = 'forgotten';

/** People and organisations: what is learned about one never names the other kind. */
type Family = 'person' | 'organisation' | 'job';

const FAMILY: { readonly [K in ProfileKind]: Family } = {
  person: 'person',
  social: 'person',
  microblog: 'person',
  codehost: 'person',
  company: 'organisation',
  school: 'organisation',
  job: 'job',
};

/** Everything known about the subject: each set only grows while records are read. */
interface KnownSubject {
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

// ---------------------------------------------------------------------------------------------
// Reading identifiers out of a record

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
function wordsOf(text: string): string {
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
interface Facts {
  profiles: Set<string>;
  emails: Set<string>;
  words: string;
}

function emptyFacts(): Facts {
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
function readText(text: string, field: string | undefined, facts: Facts, words: string[]): void {
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
function factsOf(value: unknown, field?: string): Facts {
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

function mergeFacts(...all: Facts[]): Facts {
  const merged = emptyFacts();
  for (const facts of all) {
    for (const profile of facts.profiles) merged.profiles.add(profile);
    for (const email of facts.emails) merged.emails.add(email);
  }
  merged.words = all.map((facts) => facts.words).join(' ');
  return merged;
}

function intersects(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const value of a) if (b.has(value)) return true;
  return false;
}

function someIn(words: string, phrases: ReadonlySet<string>): boolean {
  for (const phrase of phrases) if (words.includes(phrase)) return true;
  return false;
}

/** By an identifier only: a profile of theirs or an address. */
function namedStrictly(facts: Facts, known: KnownSubject): boolean {
  return intersects(facts.profiles, known.profiles) || intersects(facts.emails, known.emails);
}

/** By an identifier, by words that name them alone, or by their name with a company of theirs. */
function named(facts: Facts, known: KnownSubject): boolean {
  return (
    namedStrictly(facts, known) ||
    someIn(facts.words, known.alone) ||
    (someIn(facts.words, known.names) && someIn(facts.words, known.companies))
  );
}

// ---------------------------------------------------------------------------------------------
// Learning from what is about them

/** Endpoints whose request and answer are about one subject (searches and listings name many). */
const ONE_SUBJECT: Readonly<Record<string, Family>> = {
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

const COMPANY_FIELDS = ['company', 'company_name', 'current_company_name', 'company_domain', 'companyDomain'];

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function addWords(value: string | null, into: Set<string>): void {
  const words = value === null ? '' : wordsOf(value);
  if (words) into.add(words);
}

/** A domain as words (`douglas.ru` → ` douglas ru `): an address at it names the company too. */
function addDomainOfEmail(email: string, into: Set<string>): void {
  addWords(email.slice(email.indexOf('@') + 1), into);
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

/**
 * What an object about them says of them, from its own fields and its `profile` (never from the
 * lists it holds of other people: "people also viewed", a search's other rows).
 */
function learnObject(object: Record<string, unknown>, known: KnownSubject): void {
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
    if (known.family === 'person') {
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
    } else if (known.family === 'organisation') {
      addWords(text(part.name) ?? text(part.company_name), known.alone);
    }
  }
}

/** The objects in an answer that are about them: those whose own fields name them by an identifier. */
function learnFromAnswer(value: unknown, known: KnownSubject): void {
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

/** What an object's own fields (and its `profile`'s) name, without the lists it holds. */
function directFacts(object: Record<string, unknown>): Facts {
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

// ---------------------------------------------------------------------------------------------
// The stores' records, each read once

/**
 * One record of a store, as forget reads it: what all of it names (`facts`), what it names as a
 * whole about one subject (`about`: a lookup's request and answer, a list's row), the ids linking
 * it to other records, and what it says of the subject once it is known to be about them.
 */
interface Held {
  facts: Facts;
  about: Facts;
  requestIds: string[];
  cacheKeys: string[];
  /** Learns from the record, given whether it is about them as a whole. */
  learn: (whole: boolean) => void;
  matched: boolean;
}

function linked(held: Held, known: KnownSubject): boolean {
  return (
    held.requestIds.some((id) => known.requestIds.has(id)) ||
    held.cacheKeys.some((key) => known.cacheKeys.has(key))
  );
}

/** A request of one subject: its params say who (an address, a name and a company, a profile). */
function learnParams(endpointId: string, params: Record<string, unknown>, known: KnownSubject): void {
  if (ONE_SUBJECT[endpointId] === known.family) learnObject(params, known);
}

/** A company's or school's own id (`acme`) names it alone, as a file named after it does (`acme-prospects.csv`). */
function addOrganisationIds(known: KnownSubject): void {
  if (known.family !== 'organisation') return;
  for (const profile of known.profiles) {
    const id = profile.slice(profile.indexOf(':') + 1);
    if (!/^\d+$/.test(id)) addWords(id, known.alone);
  }
}

function sizeOf(known: KnownSubject): number {
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

/** Who the subject is, from what the person gave: a profile URL, an email address, or a name. */
function subjectOf(subject: string): KnownSubject {
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

/** Whether a stored value names the subject (for the storage areas the background holds). */
function namesSubject(value: unknown, known: KnownSubject): boolean {
  return named(factsOf(value), known);
}

// ---------------------------------------------------------------------------------------------
// Forgetting

/** A row's cells by the role the list gave their columns, so a row reads as the request it makes. */
function rowByRole(cells: readonly string[], mapping: readonly ListColumnRole[] | undefined) {
  const byRole: Record<string, string> = {};
  cells.forEach((cell, column) => {
    const role = mapping?.[column];
    if (role && role !== 'ignore') byRole[role] = cell;
  });
  return byRole;
}

function forgottenJob(job: JobRecord): JobRecord {
  const { error: _error, ...rest } = job;
  return { ...rest, params: {}, ...(job.cacheKey ? { cacheKey: FORGOTTEN } : {}) };
}

/** Removes every trace of a person or company (a profile URL, an email address or a name); says how much went. */
export async function forgetSubject(
  db: Db,
  subject: string,
): Promise<{ removed: number; known: KnownSubject }> {
  const known = subjectOf(subject);
  const tx = db.transaction(
    ['cache', 'ledger', 'jobs', 'recent', 'batches', 'meta', 'lists', 'listRows', 'listRequests'],
    'readwrite',
  );
  const [cache, ledger, jobs, recent, batches, lists, listRows, listRequests] = await Promise.all([
    tx.objectStore('cache').getAll(),
    tx.objectStore('ledger').getAll(),
    tx.objectStore('jobs').getAll(),
    tx.objectStore('recent').getAll(),
    tx.objectStore('batches').getAll(),
    tx.objectStore('lists').getAll(),
    tx.objectStore('listRows').getAll(),
    tx.objectStore('listRequests').getAll(),
  ]);
  const mappings = new Map(lists.map((list) => [list.id, list.mapping]));
  const learning = known.family !== null;
  const none = emptyFacts();

  const heldCache = cache.map((entry): Held => {
    const oneSubject = ONE_SUBJECT[entry.endpointId] !== undefined;
    const data = entry.data && typeof entry.data === 'object' ? (entry.data as Record<string, unknown>) : {};
    return {
      facts: factsOf([entry.params, entry.data]),
      about: oneSubject ? mergeFacts(factsOf(entry.params), directFacts(data)) : none,
      requestIds: [],
      cacheKeys: [entry.key],
      learn: (whole) => {
        if (whole) {
          learnParams(entry.endpointId, entry.params, known);
          learnObject(data, known);
        }
        learnFromAnswer(entry.data, known);
      },
      matched: false,
    };
  });
  const heldLedger = ledger.map((line): Held => {
    const facts = factsOf(line.summary);
    return {
      facts,
      about: facts,
      requestIds: [line.requestId],
      cacheKeys: [],
      learn: (whole) => {
        // "Kelsie Heaney · kheaney@douglas.ru": the answer's subject, then what was asked.
        const split = line.summary.indexOf(' · ');
        if (!whole || split <= 0) return;
        const subject = line.summary.slice(0, split);
        if (known.family === 'person') addWords(subject, known.names);
        // A company's name counts alone: learned only from a line that names it by its address.
        else if (known.family === 'organisation' && namedStrictly(facts, known))
          addWords(subject, known.alone);
      },
      matched: false,
    };
  });
  const heldJobs = jobs.map((job): Held => {
    const facts = factsOf(job.params);
    return {
      facts,
      about: ONE_SUBJECT[job.endpointId] ? facts : none,
      requestIds: [job.id, ...(job.sameAs ? [job.sameAs] : [])],
      cacheKeys: job.cacheKey ? [job.cacheKey] : [],
      learn: () => learnParams(job.endpointId, job.params, known),
      matched: false,
    };
  });
  const heldRecent = recent.map((entry): Held => {
    const facts = factsOf(entry.params);
    return {
      facts,
      about: ONE_SUBJECT[entry.endpointId] ? facts : none,
      requestIds: [],
      cacheKeys: [],
      learn: () => learnParams(entry.endpointId, entry.params, known),
      matched: false,
    };
  });
  const heldItems = batches.flatMap((batch) =>
    batch.items.map((item): Held => {
      const facts = factsOf(item);
      return {
        facts,
        about: ONE_SUBJECT[item.endpointId] ? facts : none,
        requestIds: [item.requestId],
        cacheKeys: [],
        learn: (whole) => {
          learnParams(item.endpointId, item.params, known);
          if (whole && item.answer && known.family === 'person') addWords(item.answer.title, known.names);
        },
        matched: false,
      };
    }),
  );
  const heldRequests = listRequests.map((request): Held => {
    const facts = factsOf([request.params, request.asked, request.enriched ?? null]);
    return {
      facts,
      about: ONE_SUBJECT[request.endpointId] ? facts : none,
      requestIds: [request.requestId],
      cacheKeys: [request.key],
      learn: (whole) => {
        learnParams(request.endpointId, request.params, known);
        if (whole && request.enriched) learnObject({ ...request.enriched }, known);
      },
      matched: false,
    };
  });
  const heldRows = listRows.map((row): Held => {
    const byRole = rowByRole(row.cells, mappings.get(row.listId));
    const facts = mergeFacts(factsOf(byRole), factsOf(row.cells));
    return {
      facts,
      about: facts,
      requestIds: [],
      cacheKeys: [],
      learn: (whole) => {
        if (whole) learnObject(byRole, known);
        if (whole && byRole.full_name && known.family === 'person') addWords(byRole.full_name, known.names);
      },
      matched: false,
    };
  });
  const all = [heldCache, heldLedger, heldJobs, heldRecent, heldItems, heldRequests, heldRows].flat();
  // Rows link to their list's request by its key.
  const rowKeys = listRows.map((row) => (row.key === undefined ? null : `${row.listId} ${row.key}`));
  const requestKeys = new Map(
    listRequests.map((request, index) => [`${request.listId} ${request.key}`, index]),
  );

  // Until nothing new is learned: each record about them may say more of who they are.
  for (let size = -1; size !== sizeOf(known); ) {
    addOrganisationIds(known);
    size = sizeOf(known);
    for (const held of all) {
      const whole = named(held.about, known) || linked(held, known);
      if (!held.matched && !whole && !named(held.facts, known)) continue;
      held.matched = true;
      for (const id of held.requestIds) if (whole) known.requestIds.add(id);
      for (const key of held.cacheKeys) if (whole) known.cacheKeys.add(key);
      if (learning) held.learn(whole);
    }
    heldRows.forEach((held, index) => {
      const key = rowKeys[index] ?? null;
      const request = key === null ? undefined : requestKeys.get(key);
      if (!held.matched && request !== undefined && heldRequests[request]!.matched) {
        held.matched = true;
        if (learning) held.learn(true);
      }
    });
  }

  let removed = 0;
  let bytes = (await tx.objectStore('meta').get('cacheBytes')) ?? 0;
  const writes: Promise<unknown>[] = [];
  cache.forEach((entry, index) => {
    if (!heldCache[index]!.matched) return;
    writes.push(tx.objectStore('cache').delete(entry.key));
    bytes -= entry.bytes;
    removed += 1;
  });
  writes.push(tx.objectStore('meta').put(Math.max(0, bytes), 'cacheBytes'));
  ledger.forEach((line, index) => {
    if (!heldLedger[index]!.matched || line.summary === FORGOTTEN) return;
    writes.push(tx.objectStore('ledger').put({ ...line, summary: FORGOTTEN }));
    removed += 1;
  });
  jobs.forEach((job, index) => {
    if (!heldJobs[index]!.matched) return;
    writes.push(tx.objectStore('jobs').put(forgottenJob(job)));
    removed += 1;
  });
  recent.forEach((entry, index) => {
    if (!heldRecent[index]!.matched) return;
    writes.push(tx.objectStore('recent').delete(entry.id));
    removed += 1;
  });
  let item = 0;
  for (const batch of batches) {
    let changed = false;
    const items = batch.items.map((one) => {
      if (!heldItems[item++]!.matched) return one;
      changed = true;
      removed += 1;
      return {
        ...one,
        key: `${FORGOTTEN}:${one.requestId}`,
        label: FORGOTTEN,
        params: {},
        // Not asked yet: it never will be, there is nothing left to ask it with.
        status: one.status === 'queued' ? ('cancelled' as const) : one.status,
        answer: undefined,
        error: undefined,
      };
    });
    const pageNamed = named(factsOf(batch.pageUrl), known);
    if (changed || pageNamed)
      writes.push(
        tx.objectStore('batches').put({ ...batch, items, ...(pageNamed ? { pageUrl: FORGOTTEN } : {}) }),
      );
  }
  // A list keeps its rows and totals; the cells and answers that name them go. A request's key is
  // its cache key (it names them too): the request is kept under a key of its id instead. One not
  // asked yet is skipped: there is nothing left to ask it with.
  const renamed = new Map<string, string>();
  const skipped = new Map<string, number>();
  listRequests.forEach((request, index) => {
    if (!heldRequests[index]!.matched) return;
    const { enriched: _enriched, error: _error, ...rest } = request;
    const key = `${FORGOTTEN}:${request.requestId}`;
    renamed.set(`${request.listId} ${request.key}`, key);
    const status = request.status === 'queued' ? 'skipped' : request.status;
    if (status !== request.status) skipped.set(request.listId, (skipped.get(request.listId) ?? 0) + 1);
    writes.push(tx.objectStore('listRequests').delete([request.listId, request.key]));
    writes.push(tx.objectStore('listRequests').put({ ...rest, key, params: {}, asked: FORGOTTEN, status }));
    removed += 1;
  });
  for (const list of lists) {
    // A list named after its file ("acme-prospects.csv") or a person names them by its name alone.
    const nameNamed = named(factsOf(list.name), known) || someIn(wordsOf(list.name), known.names);
    const unasked = skipped.get(list.id) ?? 0;
    if (!nameNamed && unasked === 0) continue;
    const counts = {
      ...list.counts,
      queued: list.counts.queued - unasked,
      skipped: list.counts.skipped + unasked,
    };
    writes.push(tx.objectStore('lists').put({ ...list, counts, ...(nameNamed ? { name: FORGOTTEN } : {}) }));
    if (nameNamed) removed += 1;
  }
  listRows.forEach((row, index) => {
    const key = rowKeys[index] === null ? undefined : renamed.get(rowKeys[index]!);
    if (!heldRows[index]!.matched && !key) return;
    const cells = row.cells.map((cell) => (cell === '' ? cell : FORGOTTEN));
    writes.push(tx.objectStore('listRows').put({ ...row, cells, ...(key ? { key } : {}) }));
    removed += 1;
  });
  await Promise.all(writes);
  await tx.done;
  return { removed, known };
}

/**
 * The storage areas' items that name the subject (a tab's findings, the context menu's pending
 * lookup, a streamed answer's rows): which to remove, and which findings to keep without them.
 */
export function forgetInItems(
  items: Record<string, unknown>,
  known: KnownSubject,
): { remove: string[]; keep: Record<string, unknown> } {
  const remove: string[] = [];
  const keep: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(items)) {
    const facts = factsOf(value);
    const requestId = (value as { requestId?: unknown } | null)?.requestId;
    if (!named(facts, known) && !(typeof requestId === 'string' && known.requestIds.has(requestId))) continue;
    const findings = value as { page?: unknown; pageUrl?: unknown; profiles?: unknown; emails?: unknown };
    // A tab's findings lose the profiles and addresses that name them; the page itself, all of them.
    if (
      Array.isArray(findings.profiles) &&
      Array.isArray(findings.emails) &&
      !namesSubject(findings.page, known) &&
      !namesSubject(findings.pageUrl, known)
    ) {
      keep[key] = {
        ...findings,
        profiles: findings.profiles.filter((profile) => !namesSubject(profile, known)),
        emails: findings.emails.filter((email) => !namesSubject(email, known)),
      };
    } else {
      remove.push(key);
    }
  }
  return { remove, keep };
}

/**
 * "Clear history": who was looked up is forgotten, what was spent is not (the daily budget and the
 * month's total still count it): the ledger's lines keep credits and dates but lose their names,
 * finished calls in the journal lose their parameters, the popup's recent entries go, and finished
 * batches and lists go.
 */
export async function clearHistory(db: Db): Promise<void> {
  const tx = db.transaction(
    ['ledger', 'jobs', 'recent', 'batches', 'lists', 'listRows', 'listRequests'],
    'readwrite',
  );
  for (const line of await tx.objectStore('ledger').getAll())
    if (line.summary !== FORGOTTEN) await tx.objectStore('ledger').put({ ...line, summary: FORGOTTEN });
  for (const job of await tx.objectStore('jobs').getAll())
    if (isFinishedJob(job) && !isForgottenJob(job)) await tx.objectStore('jobs').put(forgottenJob(job));
  await tx.objectStore('recent').clear();
  for (const batch of await tx.objectStore('batches').getAll())
    if (!isWorking(batch.status)) await tx.objectStore('batches').delete(batch.id);
  for (const list of await tx.objectStore('lists').getAll())
    if (!isWorking(list.status)) await deleteList(tx, list.id);
  await tx.done;
}

/** A journaled call that names no one any more (forgotten, cleared, or past retention). */
function isForgottenJob(job: JobRecord): boolean {
  return (
    Object.keys(job.params).length === 0 &&
    (job.cacheKey === undefined || job.cacheKey === FORGOTTEN) &&
    job.error === undefined
  );
}

/**
 * A finished call past the retention period keeps what the engine needs never to pay twice, and
 * loses what named anyone (lib/background/retention.ts).
 */
export function expiredJob(job: JobRecord, cutoff: number): JobRecord | null {
  return isFinishedJob(job) && job.updatedAt < cutoff && !isForgottenJob(job) ? forgottenJob(job) : null;
}

/**
 * Everything the extension holds about others, as one file a person can read or move: settings
 * (without the key), the cache, the ledger, the journal of calls, batches, lists, recent lookups
 * and the do-not-enrich list.
 */
export async function exportStored(db: Db, settings: Record<string, unknown>) {
  const { apiKey: _key, ...withoutKey } = settings;
  return {
    exportedAt: new Date().toISOString(),
    settings: withoutKey,
    cache: await db.getAll('cache'),
    ledger: await db.getAll('ledger'),
    jobs: await db.getAll('jobs'),
    batches: await db.getAll('batches'),
    lists: await db.getAll('lists'),
    listRows: await db.getAll('listRows'),
    listRequests: await db.getAll('listRequests'),
    recent: await db.getAll('recent'),
    doNotEnrich: await db.getAll('doNotEnrich'),
  };
}
