/**
 * Do not enrich: the people and companies the person never wants looked up (someone who asked not
 * to be contacted, a customer's domain). The list holds email addresses, domains (an email domain
 * and a company domain are the same thing here: `@acme.com` and `acme.com` both mean every address
 * at acme.com and the company at acme.com, subdomains included) and profile URLs (by kind and id,
 * whatever form of the URL was pasted).
 *
 * The background checks every request against it before anything is spent or sent, from any way
 * in (lib/background/service.ts, lib/background/views.ts). Plain, no zod: the options page parses and shows the list.
 */
import type { IDBPDatabase } from 'idb';
import { ApiError } from '../api/errors';
import { domainOf, parseProfileUrl } from '../profile-urls';
import type { DoNotEnrichEntry } from '../protocol';
import type { EnrichmentDb } from './db';

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

/** The keys a request's parameters would look up: its addresses, domains and profiles. */
function keysOf(params: Readonly<Record<string, unknown>>): string[] {
  const keys: string[] = [];
  const domainKeys = (domain: string) => {
    // A subdomain is covered by its domain: mail.acme.com by acme.com.
    const labels = domain.split('.');
    for (let index = 0; index < labels.length - 1; index++)
      keys.push(`domain:${labels.slice(index).join('.')}`);
  };
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string' || value.trim() === '') continue;
    const email = value.includes('@') ? emailParts(value) : null;
    if (email) {
      keys.push(`email:${email.email}`);
      domainKeys(email.domain);
      continue;
    }
    const profile = parseProfileUrl(value);
    if (profile) keys.push(`profile:${profile.kind}:${profile.id}`);
    if (/domain/i.test(name)) {
      const domain = domainOf(value);
      if (domain) domainKeys(domain);
    }
  }
  return keys;
}

/** The entry of the list a request would look up, or null when it may be asked. */
export function listedIn(
  listed: ReadonlySet<string>,
  params: Readonly<Record<string, unknown>>,
): string | null {
  if (listed.size === 0) return null;
  return keysOf(params).find((key) => listed.has(key)) ?? null;
}

type Db = IDBPDatabase<EnrichmentDb>;

/** The keys of the list as kept (background only), for matching. */
export async function listedKeys(db: Db): Promise<Set<string>> {
  return new Set(await db.getAllKeys('doNotEnrich'));
}

export async function storedList(db: Db): Promise<DoNotEnrichEntry[]> {
  return db.getAll('doNotEnrich');
}

/** Replaces the whole list (the options page saves it as a whole). */
export async function replaceStoredList(db: Db, entries: readonly DoNotEnrichEntry[]): Promise<void> {
  const tx = db.transaction('doNotEnrich', 'readwrite');
  await tx.store.clear();
  for (const entry of entries) await tx.store.put(entry);
  await tx.done;
}

/** Refuses a request the list names, before anything is sent or spent (ApiError 'do-not-enrich'). */
export function refuseListed(listed: ReadonlySet<string>, params: Readonly<Record<string, unknown>>): void {
  const key = listedIn(listed, params);
  if (key === null) return;
  const shown = key.replace(/^(email|domain|profile):/, '').replace(/^(\w+):/, '$1 ');
  throw new ApiError('do-not-enrich', { description: `Listed: ${shown}` });
}
