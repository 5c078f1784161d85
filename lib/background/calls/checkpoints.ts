/**
 * Balance readings are checkpoints, not a toll on every call. An answered call's charge is known
 * from its answer (lib/pricing/credits.ts reconcile), so the free balance is read only:
 * - before a call leaves with nothing of ours in flight, when the last reading is old
 *   (READING_MAX_AGE_MS) or something waits to be settled: a clean reference for what follows;
 * - when the last call in flight ends and a call's answer was lost, or a price was not published;
 * - when a lost call's settle window passes (the service may charge a request whose client left
 *   until then).
 *
 * What a reading says: between the latest clean reading before the first open call and now (with
 * nothing in flight), the balance dropped by the known charges of the calls that left since and by
 * what the open calls cost together; each one's share is exact where only one split fits their
 * quotes, otherwise a range (lib/background/ledger.ts attributeCharges). Lost calls are settled once their
 * window passed; those found certainly not charged after a worker stopped may be sent again.
 * Assumed: no other client spends from the same key meanwhile (its charges would be read as ours;
 * where they do not fit our quotes the reading is refused and the range kept).
 */
import type { IDBPDatabase } from 'idb';
import type { Settings } from '../../settings';
import { connectionFor } from '../connection';
import { CALL_SEQ_KEY, type CallRecord, type EnrichmentDb } from '../db';
import { attributeCharges, type LostCall, recordInterruption, recordUnpricedShare } from '../ledger';
import {
  asInterrupted,
  certainlyNotCharged,
  pendingCalls,
  pruneFinishedCalls,
  unsettledCalls,
} from './journal';

type Db = IDBPDatabase<EnrichmentDb>;
type Bounds = { min: number | null; max: number | null };
type Attribution = NonNullable<ReturnType<typeof attributeCharges>>;

/** The balance as last read from the service, kept in IndexedDB's meta store. */
export const BALANCE_KEY = 'balance';
export const BALANCE_AT_KEY = 'balanceAt';
/** How many calls had left (meta CALL_SEQ_KEY) when the balance was last read. */
const BALANCE_SEQ_KEY = 'balanceSeq';

/** The longest a lost call waits between two attempts to read what it cost. */
const RETRY_READING_MAX_MS = 60_000;

/** A reference older than this is read again before the next call that leaves with none in flight. */
export const READING_MAX_AGE_MS = 10 * 60 * 1000;

export interface CheckpointDeps {
  db: () => Promise<Db>;
  settings: () => Promise<Settings>;
  /** The free balance: a number, null when the service does not tell it; throws when unreadable. */
  fetchBalance: (settings: Settings) => Promise<number | null>;
  /** How many of this worker's calls are in flight. */
  inFlight: () => number;
  /** Runs a step in turn with departures (a reading is ordered among calls). */
  inTurn: <T>(step: () => Promise<T>) => Promise<T>;
  quoteOf: (job: CallRecord, settings: Settings) => Bounds;
  /** Calls found certainly not charged after a worker stopped: the caller may send them again. */
  onResumable: (jobs: CallRecord[]) => void;
  now: () => number;
  settleAfterMs: number;
  isConfigured: (settings: Settings) => boolean;
}

/** Answered calls whose price is not published and that the balance has not told yet. */
async function unpricedOpen(db: Db): Promise<CallRecord[]> {
  const done = await db.getAllFromIndex('jobs', 'byStatus', 'done');
  return done.filter((job) => !job.sameAs && job.unpriced !== undefined && !job.unpriced.settled);
}

/** What settling reads of the checkpoints' dependencies. */
type SettleDeps = Pick<CheckpointDeps, 'quoteOf' | 'now' | 'settleAfterMs'>;

/**
 * The last reading, if no call left since it was taken: with nothing in flight since, the balance
 * is what it said (calls lost and unsettled aside), so the next call may take it as its reference.
 */
async function readingStillCurrent(db: Db): Promise<number | undefined> {
  const tx = db.transaction('meta');
  const [balance, readAfter, seq] = await Promise.all([
    tx.store.get(BALANCE_KEY),
    tx.store.get(BALANCE_SEQ_KEY),
    tx.store.get(CALL_SEQ_KEY),
  ]);
  await tx.done;
  return balance !== undefined && readAfter === (seq ?? 0) ? balance : undefined;
}

/** What the reading says of the open calls, from the journal's order of departures. */
async function attribute(
  deps: SettleDeps,
  db: Db,
  open: CallRecord[],
  balanceNow: number,
  settings: Settings,
) {
  if (!open.every((job) => job.seq !== undefined)) return null;
  const ids = new Set(open.map((job) => job.id));
  const ordered = (await db.getAll('jobs'))
    .filter((job) => job.seq !== undefined && !job.sameAs)
    .sort((a, b) => a.seq! - b.seq!);
  const firstOpen = Math.min(...open.map((job) => job.seq!));
  const candidates = ordered.filter((job) => job.seq! <= firstOpen && typeof job.balanceBefore === 'number');
  // The latest clean reading before the first open call; failing that, the latest reading.
  const reference = candidates.findLast((job) => job.cleanBefore) ?? candidates.at(-1);
  if (!reference) return null;
  const readAt = reference.leftAt ?? reference.createdAt;
  let known = 0;
  let unpriced = 0;
  let ambiguousMax = 0;
  const unknown: LostCall[] = [];
  for (const job of ordered) {
    if (job.seq! < reference.seq!) {
      if (reference.cleanBefore) continue;
      // In flight (or unsettled) when the reference was read: charged before it, or after.
      if (job.status === 'done' && job.updatedAt >= readAt) ambiguousMax += job.credits ?? 0;
      if (job.status === 'interrupted' && (job.leftAt ?? job.createdAt) + deps.settleAfterMs > readAt)
        ambiguousMax += job.interruption?.range.max ?? job.interruption?.credits ?? 0;
      continue;
    }
    if (ids.has(job.id)) {
      // A lost call cost 0 or what its quote allows; an unpriced answer anything.
      const quote = job.status === 'interrupted' ? deps.quoteOf(job, settings) : { min: null, max: null };
      unknown.push({ id: job.id, min: quote.min, max: quote.max });
    } else if (job.status === 'done') {
      if (job.credits === null || job.credits === undefined) unpriced += 1;
      else known += job.credits;
    } else if (job.status === 'interrupted') {
      const share = job.interruption?.credits;
      if (share === null || share === undefined) unpriced += 1;
      else known += share;
    } else if (job.status === 'pending') {
      unpriced += 1; // not expected: none of ours is in flight during a reading
    }
    // failed: the service answered an error, which charges nothing.
  }
  return attributeCharges({
    reference: reference.balanceBefore!,
    balanceNow,
    known,
    ambiguousMax,
    unknown,
    unpriced,
  });
}

/**
 * Records what a reading (taken with none of our calls in flight) says of the open calls.
 * Returns the lost calls found certainly not charged after a worker stopped.
 */
async function settleWith(
  deps: SettleDeps,
  db: Db,
  balanceNow: number | null | undefined,
  settings: Settings,
): Promise<CallRecord[]> {
  const lost = await unsettledCalls(db);
  const unpriced = await unpricedOpen(db);
  if (lost.length === 0 && unpriced.length === 0) return [];
  const at = deps.now();
  const attribution: Attribution | null =
    typeof balanceNow === 'number'
      ? await attribute(deps, db, [...lost, ...unpriced], balanceNow, settings)
      : null;
  const windowPassed = (job: CallRecord) => at >= (job.leftAt ?? job.createdAt) + deps.settleAfterMs;
  const allPassed = lost.every(windowPassed);
  // The balance could be read (or the service never tells it): a reading can be final.
  const readable = balanceNow !== undefined;
  const updated = lost.map((job): CallRecord => {
    const quoteMax = deps.quoteOf(job, settings).max;
    const share = attribution?.byId.get(job.id);
    const exact = share !== undefined && share.min === share.max;
    const settled = readable && windowPassed(job) && (exact || allPassed);
    const range = share
      ? {
          min: share.min,
          max: settled ? share.max : quoteMax === null ? null : Math.max(share.max, quoteMax),
        }
      : { min: 0, max: quoteMax };
    return {
      ...job,
      updatedAt: at,
      interruption: { ...job.interruption!, credits: share ? share.credits : null, range, settled, at },
    };
  });
  const final = readable && allPassed;
  const tx = db.transaction(['jobs', 'ledger'], 'readwrite');
  for (const job of updated) {
    await tx.objectStore('jobs').put(job);
    await recordInterruption(tx, job);
  }
  for (const job of unpriced) {
    const share = attribution?.byId.get(job.id);
    if (share) await recordUnpricedShare(tx, job.id, share);
    if (!share && !final) continue;
    await tx.objectStore('jobs').put({
      ...job,
      credits: share ? share.credits : null,
      unpriced: { settled: final, ...(share && share.min !== share.max ? { range: share } : {}) },
      updatedAt: at,
    });
  }
  await tx.done;
  return updated.filter(certainlyNotCharged);
}

/** Calls a stopped worker left in flight: their answers are lost; the balance will tell. */
async function markLost(
  deps: SettleDeps,
  db: Db,
  jobs: CallRecord[],
  settings: Settings,
): Promise<CallRecord[]> {
  const lost = jobs.map((job) => asInterrupted(job, 'worker', deps.quoteOf(job, settings), deps.now()));
  const tx = db.transaction(['jobs', 'ledger'], 'readwrite');
  for (const job of lost) {
    await tx.objectStore('jobs').put(job);
    await recordInterruption(tx, job);
  }
  await tx.done;
  return lost;
}

/** The journal's position (its last call's number): 0, older than every call, when it cannot be read. */
async function journalPosition(openDb: () => Promise<Db>): Promise<number> {
  try {
    return (await (await openDb()).get('meta', CALL_SEQ_KEY)) ?? 0;
  } catch {
    return 0;
  }
}

/** Keeps a reading of the balance with when it was taken and the journal's position when asked. */
async function keepReading(openDb: () => Promise<Db>, value: number | null, at: number, seqAsked: number) {
  try {
    const db = await openDb();
    const tx = db.transaction('meta', 'readwrite');
    if (value === null) await tx.store.delete(BALANCE_KEY);
    else await tx.store.put(value, BALANCE_KEY);
    await tx.store.put(at, BALANCE_AT_KEY);
    await tx.store.put(seqAsked, BALANCE_SEQ_KEY);
    await tx.done;
  } catch {
    // Only the display of the balance misses it.
  }
}

async function hasOpen(db: Db): Promise<boolean> {
  return (await unsettledCalls(db)).length > 0 || (await unpricedOpen(db)).length > 0;
}

/**
 * How long after it left a lost call may still be charged. The e2e build's hook only: a test whose
 * sandbox answers sooner settles its lost calls sooner.
 */
function setSettleAfter(deps: CheckpointDeps, ms: number): void {
  deps.settleAfterMs = ms;
}

/**
 * Readings of the balance, each kept as the last one, and whether one is due before a call. It
 * remembers the connection that does not tell the balance, so that it is not asked again.
 */
function createBalanceReadings(deps: Pick<CheckpointDeps, 'db' | 'fetchBalance' | 'now' | 'isConfigured'>) {
  /**
   * The connection (its scheduler's lane, lib/background/connection/index.ts) that does not tell
   * the balance: the service answered the balance route 404, or a team hub, which holds the account.
   */
  let untoldFor: string | null = null;
  const untold = (settings: Settings) => untoldFor === connectionFor(settings).paceKey;

  /** The balance, kept as the last reading: a number, null when not told, undefined when unreadable. */
  async function readBalance(settings: Settings): Promise<number | null | undefined> {
    if (untold(settings) || !deps.isConfigured(settings)) return null;
    // The journal's position when the reading is asked for, not when it is answered: a call that
    // leaves while the reading is under way may or may not be in it, so the reading is stamped as
    // older than that call and is never taken as a reference for a later one (readingStillCurrent).
    const seqAsked = await journalPosition(deps.db);
    let value: number | null;
    try {
      value = await deps.fetchBalance(settings);
    } catch {
      return undefined;
    }
    if (value === null) untoldFor = connectionFor(settings).paceKey;
    await keepReading(deps.db, value, deps.now(), seqAsked);
    return value;
  }

  /** Whether a call about to leave with nothing in flight should be preceded by a reading. */
  async function readingDue(db: Db, settings: Settings): Promise<boolean> {
    if (untold(settings)) return false;
    const at = (await db.get('meta', BALANCE_AT_KEY)) ?? null;
    return at === null || deps.now() - at > READING_MAX_AGE_MS || hasOpen(db);
  }

  return { readBalance, readingDue };
}

export function createCheckpoints(given: CheckpointDeps) {
  // A copy of its own: the e2e hook changes the settle window here, not in the caller's object.
  const deps = { ...given };
  const { readBalance, readingDue } = createBalanceReadings(deps);
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  /** Readings in a row that could not be taken or could not be read. */
  let postponed = 0;

  /**
   * Reads the balance now, if nothing of ours is in flight and something waits to be settled;
   * schedules the next reading while a lost call is still provisional. Never throws.
   */
  async function settleNow(): Promise<void> {
    if (disposed) return;
    let resumable: CallRecord[] = [];
    try {
      resumable = await deps.inTurn(async () => {
        if (deps.inFlight() > 0) {
          postponed += 1;
          return [];
        }
        const db = await deps.db();
        if (!(await hasOpen(db))) return [];
        const settings = await deps.settings();
        const balance = await readBalance(settings);
        postponed = balance === undefined ? postponed + 1 : 0;
        return settleWith(deps, db, balance, settings);
      });
      await scheduleSettle();
    } catch (error) {
      console.warn('Could not read what interrupted calls cost', error);
    }
    if (resumable.length > 0) deps.onResumable(resumable);
  }

  /** While lost calls are provisional, read again when the first one's window passes. */
  async function scheduleSettle(): Promise<void> {
    if (disposed || settleTimer !== undefined) return;
    const unsettled = await unsettledCalls(await deps.db());
    if (unsettled.length === 0) return;
    const due = Math.min(...unsettled.map((job) => (job.leftAt ?? job.createdAt) + deps.settleAfterMs));
    // A reading that could not be taken (calls in flight, the balance unreadable) waits longer each time.
    const backoff = postponed > 0 ? Math.min(RETRY_READING_MAX_MS, 1_000 * 2 ** (postponed - 1)) : 0;
    settleTimer = setTimeout(
      () => {
        settleTimer = undefined;
        void settleNow();
      },
      Math.max(50, due - deps.now() + 10, backoff),
    );
    (settleTimer as { unref?: () => void }).unref?.();
  }

  /**
   * When a worker starts (in turn, before anything leaves): the calls a previous worker left in
   * flight lost their answers. They are marked interrupted and, when anything is open, the balance
   * is read to tell what they cost. Old finished jobs are dropped.
   */
  async function recoverLeftInFlight(isCalling: (id: string) => boolean) {
    const db = await deps.db();
    const settings = await deps.settings();
    await pruneFinishedCalls(db, deps.now());
    const left = (await pendingCalls(db)).filter((job) => !isCalling(job.id));
    await markLost(deps, db, left, settings);
    if (!(await hasOpen(db))) return { left: left.length, resumable: [] };
    return {
      left: left.length,
      resumable: await settleWith(deps, db, await readBalance(settings), settings),
    };
  }

  function dispose(): void {
    disposed = true;
    if (settleTimer !== undefined) clearTimeout(settleTimer);
    settleTimer = undefined;
  }

  return {
    readBalance,
    readingStillCurrent,
    readingDue,
    hasOpen,
    settleWith: (db: Db, balanceNow: number | null | undefined, settings: Settings) =>
      settleWith(deps, db, balanceNow, settings),
    markLost: (db: Db, jobs: CallRecord[], settings: Settings) => markLost(deps, db, jobs, settings),
    recoverLeftInFlight,
    settleNow,
    scheduleSettle,
    dispose,
    setSettleAfterMs: (ms: number) => setSettleAfter(deps, ms),
  };
}

export type Checkpoints = ReturnType<typeof createCheckpoints>;
