/**
 * Each tab's findings, kept in `storage.session` (findingsItemKey) under one budget for all tabs
 * together. The area holds 10 MB for everything the session keeps: the context menu's pending
 * lookup and streamed answers' progress must always find room, so findings may take at most
 * FINDINGS_TOTAL_MAX_BYTES of it (each tab's at most FINDINGS_KEPT_MAX_BYTES, ./findings-check.ts),
 * and a tab reporting past that pushes out the findings of the tabs that reported longest ago.
 *
 * The sizes are counted here, in memory, and read again from the area when the worker starts:
 * writes go one at a time, so two tabs reporting together cannot both count on the same room.
 */
import { storage } from 'wxt/utils/storage';
import type { Findings } from '../protocol';
import { findingsItemKey } from '../settings';
import { jsonBytes } from './findings-check';

/** All tabs' findings together, as JSON (UTF-8): less than a third of the session area. */
export const FINDINGS_TOTAL_MAX_BYTES = 3_000_000;

/** The key of a tab's findings in a snapshot of the area (without its `session:` prefix). */
const SNAPSHOT_KEY = /^findings:(\d+)$/;

interface Kept {
  bytes: number;
  /** When it was written (ms since epoch): the oldest go first. */
  at: number;
}

export interface FindingsStore {
  save(tabId: number, findings: Findings): Promise<void>;
  remove(tabId: number): Promise<void>;
  /** Drops every tab's findings: room for what must be written (the menu's pending lookup). */
  clear(): Promise<void>;
  /**
   * Runs a change to the session area made elsewhere (forget rewrites the tabs' findings that name
   * someone) in turn with the store's writes, and counts the sizes again from the area afterwards.
   */
  changeOutside(change: () => Promise<void>): Promise<void>;
}

export function createFindingsStore(totalMaxBytes = FINDINGS_TOTAL_MAX_BYTES): FindingsStore {
  let kept: Map<number, Kept> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs after every write asked before it. */
  function inTurn(task: () => Promise<void>): Promise<void> {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run;
  }

  async function sizes(): Promise<Map<number, Kept>> {
    if (kept) return kept;
    const read = new Map<number, Kept>();
    const now = Date.now();
    for (const [key, value] of Object.entries(await storage.snapshot('session'))) {
      const tabId = SNAPSHOT_KEY.exec(key)?.[1];
      if (tabId === undefined || value === null || typeof value !== 'object') continue;
      const scannedAt = (value as Partial<Findings>).scannedAt;
      const at = typeof scannedAt === 'number' ? Math.min(scannedAt, now) : 0;
      read.set(Number(tabId), { bytes: jsonBytes(value), at });
    }
    kept = read;
    return read;
  }

  async function write(tabId: number, findings: Findings): Promise<void> {
    const known = await sizes();
    known.delete(tabId);
    const bytes = jsonBytes(findings);
    let total = bytes;
    for (const { bytes: other } of known.values()) total += other;
    const oldestFirst = [...known].sort(([, a], [, b]) => a.at - b.at);
    const pushedOut: number[] = [];
    for (const [other, { bytes: otherBytes }] of oldestFirst) {
      if (total <= totalMaxBytes) break;
      pushedOut.push(other);
      total -= otherBytes;
    }
    if (pushedOut.length > 0) {
      await storage.removeItems(pushedOut.map(findingsItemKey));
      for (const other of pushedOut) known.delete(other);
    }
    await storage.setItem(findingsItemKey(tabId), findings);
    known.set(tabId, { bytes, at: Date.now() });
  }

  return {
    save: (tabId, findings) =>
      inTurn(async () => {
        try {
          await write(tabId, findings);
        } catch (error) {
          // What was written is unknown now: count again from the area next time.
          kept = null;
          throw error;
        }
      }),
    remove: (tabId) =>
      inTurn(async () => {
        await storage.removeItem(findingsItemKey(tabId));
        kept?.delete(tabId);
      }),
    clear: () =>
      inTurn(async () => {
        kept = null;
        const known = await sizes();
        await storage.removeItems([...known.keys()].map(findingsItemKey));
        known.clear();
      }),
    changeOutside: (change) =>
      inTurn(async () => {
        kept = null;
        await change();
      }),
  };
}
