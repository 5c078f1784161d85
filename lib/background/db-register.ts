/**
 * The register of what names a person, beside the stores' declarations (./db.ts): for every store
 * of the extension's database, which of its keys, fields and indexes can name someone, and how
 * forget, retention, Clear history, Clear cache and Export everything treat it.
 */
import type { StoreNames } from 'idb';
import { keptByEveryOperation, type PrivacyOperation, type Treatments } from '../personal-data';
import type { EnrichmentDb } from './db';

/** Every index of a store, each saying whether its keys can name a person. */
type IndexNames<S extends StoreNames<EnrichmentDb>> = EnrichmentDb[S] extends { indexes: infer I }
  ? { readonly [K in keyof I]: boolean }
  : Readonly<Record<string, never>>;

type FieldOf<Value> = Value extends object ? Extract<keyof Value, string> : never;

/** One store's entry in the register: what in it can name a person, and how each operation treats it. */
export interface StoreRegistration<S extends StoreNames<EnrichmentDb>> extends Treatments {
  /** What can name a person: the record's key, its fields, and (true) each index whose keys can. */
  readonly names: {
    readonly key: boolean;
    readonly fields: readonly FieldOf<EnrichmentDb[S]['value']>[];
    readonly indexes: IndexNames<S>;
  };
}

/**
 * The register of what names a person, one entry a store: which of its keys, fields and index
 * keys can name someone, and how forget, retention, Clear history, Clear cache and Export
 * everything treat it. Those five take the stores they open from here (lib/background/forget/
 * operations.ts), and each has a part for every store it `does` something to, so a new store
 * cannot hold data about others without saying how it is forgotten; a test opens the database at
 * its latest version and fails for any store or index missing here. The storage keys have theirs
 * in lib/settings.ts (STORAGE_REGISTER).
 */
export const PERSONAL_DATA = {
  cache: {
    names: { key: true, fields: ['params', 'data'], indexes: { byLastAccess: false } },
    forget: { does: 'the answers about them are deleted' },
    retention: { does: 'answers older than the period are deleted' },
    clearHistory: { keeps: 'answers are the cache, which Clear cache empties' },
    clearCache: { does: 'emptied' },
    export: { does: 'every answer' },
  },
  ledger: {
    names: { key: false, fields: ['summary'], indexes: { byAt: false, byRequestId: false } },
    forget: { does: 'their lines lose what named them; credits and dates stay' },
    retention: { does: 'lines older than the period lose what named them' },
    clearHistory: { does: 'every line loses what named anyone' },
    clearCache: { keeps: 'what was spent is not the cache' },
    export: { does: 'every line' },
  },
  jobs: {
    names: { key: false, fields: ['params', 'cacheKey', 'error'], indexes: { byStatus: false } },
    forget: { does: 'their calls lose their parameters; what never pays twice stays' },
    retention: { does: 'finished calls older than the period lose their parameters' },
    clearHistory: { does: 'finished calls lose their parameters' },
    clearCache: { keeps: 'the journal is what never pays a call twice' },
    export: { does: 'every call' },
  },
  meta: {
    names: { key: false, fields: [], indexes: {} },
    forget: { keeps: 'counters of no one (the cache’s bytes, the calls’ order, the balance read)' },
    retention: { keeps: 'counters of no one' },
    clearHistory: { keeps: 'counters of no one' },
    clearCache: { keeps: 'counters of no one (the cache’s part sets its bytes to 0)' },
    export: { keeps: 'counters of no one' },
  },
  recent: {
    names: { key: true, fields: ['params', 'summary'], indexes: { byAt: false } },
    forget: { does: 'the searches and lookups that name them go' },
    retention: { does: 'entries older than the period go' },
    clearHistory: { does: 'emptied' },
    clearCache: { keeps: 'an entry whose answer left the cache is quoted again when reopened' },
    export: { does: 'every entry' },
  },
  batches: {
    names: {
      key: false,
      fields: ['items', 'pageUrl', 'stopReason'],
      indexes: { byTab: false, byStatus: false },
    },
    forget: { does: 'their rows lose cells, params and answers; a page that names them loses its address' },
    retention: { does: 'finished batches older than the period go' },
    clearHistory: { does: 'finished batches go' },
    clearCache: { keeps: 'a batch’s rows are its record, not the cache' },
    export: { does: 'every batch' },
  },
  secrets: {
    names: { key: false, fields: [], indexes: {} },
    ...keptByEveryOperation('the API key and the member token, of no one'),
    export: { keeps: 'the key never leaves the background' },
  },
  doNotEnrich: {
    names: { key: true, fields: ['key', 'text'], indexes: {} },
    forget: { keeps: 'the person’s own instruction: forgetting it would let them be looked up again' },
    retention: { keeps: 'the person’s own instruction, kept until they edit it' },
    clearHistory: { keeps: 'the person’s own instruction, kept until they edit it' },
    clearCache: { keeps: 'the person’s own instruction, kept until they edit it' },
    export: { does: 'every entry' },
  },
  lists: {
    names: { key: false, fields: ['name', 'stopReason'], indexes: { byStatus: false } },
    forget: { does: 'a list named after them loses its name; their requests not asked yet are skipped' },
    retention: { does: 'finished lists not touched for the period go, with their rows and requests' },
    clearHistory: { does: 'finished lists go, with their rows and requests' },
    clearCache: { keeps: 'a list’s answers are its record, not the cache' },
    export: { does: 'every list' },
  },
  listRows: {
    names: { key: false, fields: ['cells', 'key'], indexes: {} },
    forget: { does: 'their rows’ cells are replaced' },
    retention: { does: 'with their list' },
    clearHistory: { does: 'with their list' },
    clearCache: { keeps: 'a list’s rows are its record, not the cache' },
    export: { does: 'every row' },
  },
  listRequests: {
    names: {
      key: true,
      fields: ['params', 'asked', 'enriched', 'error'],
      indexes: { byStatus: false, byUpdated: false },
    },
    forget: { does: 'their requests lose params and answers, and are kept under their request id' },
    retention: { does: 'with their list' },
    clearHistory: { does: 'with their list' },
    clearCache: { keeps: 'a list’s answers are its record, not the cache' },
    export: { does: 'every request' },
  },
  watchLists: {
    names: { key: false, fields: ['name', 'stopReason'], indexes: { byStatus: false } },
    forget: { does: 'a list named after them loses its name' },
    retention: { keeps: 'a list’s header names no one but by its name, which forget handles' },
    clearHistory: { does: 'emptied' },
    clearCache: { keeps: 'a watch list is the person’s, not the cache' },
    export: { does: 'every watch list' },
  },
  watchMembers: {
    names: {
      key: true,
      fields: ['key', 'url', 'name', 'params', 'kept', 'enriched', 'error'],
      indexes: { byKey: true, byStatus: false },
    },
    forget: { does: 'they leave every watch list' },
    retention: { does: 'last answers kept longer than the period go' },
    clearHistory: { does: 'emptied' },
    clearCache: { keeps: 'a watch list is the person’s, not the cache' },
    export: { does: 'every member' },
  },
  watchChanges: {
    names: {
      key: false,
      fields: ['memberKey', 'url', 'name', 'change', 'event'],
      indexes: { bySeen: false, byList: false, byViewed: false, byListViewed: false },
    },
    forget: { does: 'their changes, and changes that mention them, go' },
    retention: { does: 'changes recorded before the period go' },
    clearHistory: { does: 'emptied' },
    clearCache: { keeps: 'changes are the watch’s record, not the cache' },
    export: { does: 'every change' },
  },
  crmReference: {
    names: { key: false, fields: ['rows'], indexes: {} },
    forget: { does: 'their rows go' },
    retention: {
      keeps:
        'a copy of the person’s own CRM as old as their last import: expiring it would quote people their CRM holds',
    },
    clearHistory: { does: 'emptied' },
    clearCache: { keeps: 'a copy of the person’s own CRM, not the cache' },
    export: { does: 'the reference' },
  },
} as const satisfies { readonly [S in StoreNames<EnrichmentDb>]: StoreRegistration<S> };

export type StoreName = StoreNames<EnrichmentDb>;

/** The stores an operation has a part for (its register entry `does` something), at the type level. */
export type StoresThat<Op extends PrivacyOperation> = {
  [S in StoreName]: (typeof PERSONAL_DATA)[S][Op] extends { does: string } ? S : never;
}[StoreName];

/** The stores an operation has a part for, in the register's order. */
export function storesThat<Op extends PrivacyOperation>(operation: Op): StoresThat<Op>[] {
  return (Object.keys(PERSONAL_DATA) as StoreName[]).filter(
    (store): store is StoresThat<Op> => 'does' in PERSONAL_DATA[store][operation],
  );
}
