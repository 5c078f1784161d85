/**
 * The person's control over what is kept about others: the cache, forgetting someone, the history,
 * the export, and who must never be looked up.
 */

export type DoNotEnrichKind = 'email' | 'domain' | 'profile';

export interface DoNotEnrichEntry {
  /** What it is matched by: `email:ada@acme.com`, `domain:acme.com`, `profile:person:ada-lovelace`. */
  key: string;
  kind: DoNotEnrichKind;
  /** As the person reads it in the list: the address, the domain, the profile's canonical URL. */
  text: string;
}

/** The do-not-enrich list as a page shows it. */
export interface DoNotEnrichList {
  entries: DoNotEnrichEntry[];
}

export interface PrivacyMessages {
  'cache.clear'(): { ok: true };
  /** Forgets a person or company (a profile URL or email address) everywhere (lib/background/forget/). */
  forget(data: { subject: string }): { removed: number };
  /** Forgets who was looked up; what was spent stays (lib/background/forget/history.ts clearHistory). */
  'history.clear'(): { ok: true };
  /** Everything stored about others, as one JSON document (the key left out). */
  'stored.export'(): Record<string, unknown>;
  /** The do-not-enrich list (lib/background/do-not-enrich.ts), as kept. */
  'doNotEnrich.get'(): DoNotEnrichList;
  /** Replaces the list with what this text reads as; lines it cannot read are returned, not kept. */
  'doNotEnrich.set'(data: { text: string }): DoNotEnrichList & { unreadable: string[] };
}
