/**
 * The words of the register of what names a person (IndexedDB stores: lib/background/db-register.ts
 * PERSONAL_DATA; storage keys: lib/settings.ts STORAGE_REGISTER). Types only: pages read the
 * storage register's declarations without carrying any code.
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
