/**
 * A list's records (lib/background/db.ts `lists`, `listRows`, `listRequests`): what they hold, and
 * where they are kept, for the modules that run or remove them: the runner, "Clear history" and
 * retention (background only).
 */
import type { EndpointId } from '../../api/endpoints';
import type {
  EnrichedFields,
  ListColumnRole,
  ListOptions,
  ListRequestStatus,
  ListStatus,
} from '../../protocol';

/** A list's header (lib/background/lists/lists.ts): what it is, how far it got, and its running totals. */
export interface ListRecord {
  id: string;
  name: string;
  createdAt: number;
  updatedAt: number;
  status: ListStatus;
  columns: string[];
  mapping: ListColumnRole[];
  options: ListOptions;
  rowCount: number;
  requestCount: number;
  /** Stop after this many credits; null: no cap. */
  cap: number | null;
  /** The person confirmed spending past the daily budget: its requests do not stop at it that day. */
  confirmed: boolean;
  /** The day (lib/background/ledger.ts startOfDay) it was confirmed past the budget (lib/background/budget.ts confirmedForToday). */
  confirmedOn?: number;
  pauseRequested: boolean;
  cancelRequested: boolean;
  /** The quote of what was still to ask when it was started, resumed or asked again. */
  quote: { min: number | null; max: number | null; lines: string[] };
  /**
   * Running totals, kept in the same transaction as every change of a request (so a summary never
   * reads thousands of records): requests by status, rows answered, credits spent.
   */
  counts: { [S in ListRequestStatus]: number };
  rowsDone: number;
  spent: number;
  /** Why a stopped list stopped (ApiErrorJson). */
  stopReason?: unknown;
}

/** One row of a list's file, as imported: written once, read for the export. */
export interface ListRowRecord {
  listId: string;
  index: number;
  cells: string[];
  /** The key of its request (ListRequestRecord.key), or why it has none. */
  key?: string;
  reason?: string;
}

/** One distinct request of a list: rows asking the same thing share it and pay for it once. */
export interface ListRequestRecord {
  listId: string;
  /** Its cache key (canonical params): what makes two rows the same request. */
  key: string;
  /** The first row that asks it: requests are asked in the file's order. */
  order: number;
  /** How many rows ask it. */
  rows: number;
  endpointId: EndpointId;
  params: Record<string, unknown>;
  /** What was asked, in a person's words. */
  asked: string;
  /** Chosen when it was queued: a resumed list asks with it again and is never paid twice. */
  requestId: string;
  /** `refresh`: asked again past the cache (a list refreshed, rows older than an age). */
  policy: 'cache-first' | 'refresh';
  quote: { min: number | null; max: number | null };
  status: ListRequestStatus;
  /** What it cost: reconciled, 0 from the cache, null when not published or not yet known. */
  credits?: number | null;
  /** What earlier asks of it cost (before it was asked again: refreshed, or retried after a loss). */
  earlier?: number;
  cached?: boolean;
  fetchedAt?: number;
  enriched?: EnrichedFields;
  noMatch?: boolean;
  /** ApiErrorJson */
  error?: unknown;
  updatedAt: number;
}

type ListStore = 'lists' | 'listRows' | 'listRequests';

/** Every record of a list in a store keyed [listId, …]: an array key sorts after any string or number. */
export function ofList(id: string): IDBKeyRange {
  return IDBKeyRange.bound([id], [id, []]);
}

/** Removes a list with its rows and requests, within a read-write transaction over the three stores. */
export async function deleteList(
  // Any transaction that holds the three stores (the callers' hold others too).
  tx: { objectStore(name: ListStore): { delete(key: string | IDBKeyRange): Promise<void> } },
  id: string,
): Promise<void> {
  await Promise.all([
    tx.objectStore('lists').delete(id),
    tx.objectStore('listRows').delete(ofList(id)),
    tx.objectStore('listRequests').delete(ofList(id)),
  ]);
}
