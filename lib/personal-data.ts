/**
 * The words of the register of what names a person (IndexedDB stores: lib/background/db-register.ts
 * PERSONAL_DATA; storage keys: lib/settings.ts STORAGE_REGISTER). Types only: pages read the
 * storage register's declarations without carrying any code but keptByEveryOperation's.
 */

/** The five operations that handle what is kept about others. */
export type PrivacyOperation = 'forget' | 'retention' | 'clearHistory' | 'clearCache' | 'export';

/**
 * What one operation does to a store or a key (`does`: the operation has a part for it, which
 * runs), or why it leaves it as it is (`keeps`).
 */
export type Treatment = { readonly does: string } | { readonly keeps: string };

/** How the five operations treat one store or key. */
export type Treatments = { readonly [Op in PrivacyOperation]: Treatment };

/** A store or key that names no one: every operation leaves it as it is, for the reason given. */
export function keptByEveryOperation(why: string): {
  readonly [Op in PrivacyOperation]: { readonly keeps: string };
} {
  const keeps = { keeps: why };
  return { forget: keeps, retention: keeps, clearHistory: keeps, clearCache: keeps, export: keeps };
}
