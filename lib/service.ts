/**
 * What the background does for the extension's pages: quote, run an endpoint under a cache
 * policy, account for credits, test a connection. It holds no state of its own that matters:
 * answers, charges and calls in flight are in IndexedDB (lib/db.ts), settings in storage, so a
 * worker killed at any moment loses nothing. Dependencies are passed in so tests run it against a
 * fake-indexeddb and a sandbox or fetch stub.
 *
 * The ledger matches the service, even for calls whose answer was lost:
 * - Before a call leaves, the free credit balance is read and journaled with it (one departure at a
 *   time, so calls are ordered: `seq`), noting whether any other call was in flight or unsettled
 *   then (a clean reading).
 * - A call whose answer is lost (the worker stopped with it in flight, or the connection broke) is
 *   `interrupted`. The balance read later, with none of our calls in flight, minus the charges of
 *   the calls answered since the reference reading, is what the lost calls cost together; each
 *   one's share is exact where only one split fits their quotes, otherwise a range
 *   (lib/ledger.ts attributeCharges). The ledger records it at once and corrects it on each later
 *   reading until `settleAfterMs` has passed since the call left (the service may charge a request
 *   whose client left when it finishes it, later).
 * - An interrupted call is never sent again on its own unless it was certainly not charged: the
 *   settled reading says exactly 0. Otherwise a retry of its request id is answered with what it
 *   cost, and asking again is a new, quoted action.
 * Assumed: no other client spends from the same key meanwhile (its charges would be read as ours;
 * where they do not fit our quotes the reading is refused and the range kept).
 */
import type { IDBPDatabase } from 'idb';
import { summarizeParams } from './api/endpoint-info';
import type { EndpointId } from './api/endpoints';
import { endpoints } from './api/endpoints';
import { paramError } from './api/error-reading';
import { ApiError, isApiError } from './api/errors';
import type { RawParams } from './api/params';
import { cacheKey, readCache, sizeOf, writeCache } from './cache';
import { quoteCanonical, reconcileCanonical } from './credits';
import { type EnrichmentDb, JOB_SEQ_KEY, type JobRecord, type LedgerEntry } from './db';
import {
  attributeCharges,
  checkBudget,
  type LostCall,
  ledgerTotals,
  recentLedger,
  sinceMonthStart,
  totalsOf,
} from './ledger';
import type {
  Account,
  CachedView,
  CachePolicy,
  ConnectionResult,
  InterruptedCall,
  PeekRequest,
  Quote,
  RunProgress,
  RunResult,
  SpendTotals,
  ViewState,
} from './protocol';
import { apiOrigins, isConfigured, type Settings } from './settings';

/** Canonical params: what an endpoint's params schema returned, sent and cached as they are. */
type Canonical = Readonly<Record<string, unknown>>;

/** The part of the API client the service uses (lib/api/client.ts). */
export interface ServiceClient {
  callCanonical(
    id: EndpointId,
    params: Canonical,
    opts?: {
      signal?: AbortSignal;
      onResult?: (result: unknown, index: number) => void;
      onProgress?: (progress: { bytes: number; results: number }) => void;
    },
  ): Promise<{ data: unknown; params: Record<string, unknown> }>;
  creditBalance(opts?: { signal?: AbortSignal }): Promise<number | null>;
}

export interface ServiceDeps {
  db: () => Promise<IDBPDatabase<EnrichmentDb>>;
  settings: () => Promise<Settings>;
  client: (settings: Pick<Settings, 'apiKey' | 'baseUrlV2' | 'baseUrlV3'>) => ServiceClient;
  /** Whether the API origins are granted (host permissions); the background asks the browser. */
  hasApiPermission?: (origins: string[]) => Promise<boolean>;
  /**
   * A streamed answer's results so far (enriched listings and searches), after each one; `null`
   * when the call ended. The background keeps it where the page that asked can watch it.
   */
  onProgress?: (requestId: string, progress: RunProgress | null) => void;
  now?: () => number;
  /**
   * How long after a call left the service may still charge it although its answer was lost
   * (SETTLE_AFTER_MS). Until then, what the balance says about it is provisional.
   */
  settleAfterMs?: number;
}

/**
 * The service finishes (and charges) a request by the time it would have answered; our client
 * gives up on an answer idle for a minute (lib/api/client.ts DEFAULT_TIMEOUT_MS). Twice that is
 * the assumed bound for a charge to land after its client left: past it, the balance is final.
 */
export const SETTLE_AFTER_MS = 2 * 60_000;

/** Errors after which the request may have been charged: its answer was lost on the way back. */
const LOST_ANSWER_KINDS: ReadonlySet<string> = new Set(['network', 'timeout', 'schema', 'aborted']);

/** What `peekMany` says of one request: its quote and cached answer, or why it cannot be asked. */
export type PeekedRow =
  | { ok: true; quote: Quote; cached: (CachedView & { endpointId: EndpointId }) | null }
  | { ok: false; error: ReturnType<ApiError['toJSON']> };

export interface RunRequest {
  requestId: string;
  endpointId: EndpointId;
  params: RawParams;
  policy: CachePolicy;
  confirmed?: boolean;
  /**
   * Asked for an item of this batch (lib/batch.ts, never a page): if its answer is lost, the batch
   * alone decides whether to send it again.
   */
  batchId?: string;
}

/** The balance as last read from the service, kept in IndexedDB's meta store. */
const BALANCE_KEY = 'balance';
const BALANCE_AT_KEY = 'balanceAt';

/** Finished jobs are kept this long so a late retry of the same request is still answered free. */
const JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** A balance read longer ago than this is read again when the account is shown. */
const BALANCE_MAX_AGE_MS = 10 * 60 * 1000;

function errorResult(error: unknown): RunResult {
  const apiError = isApiError(error)
    ? error
    : new ApiError('network', { description: error instanceof Error ? error.message : String(error) });
  return { status: 'error', error: apiError.toJSON() };
}

export function createService(deps: ServiceDeps) {
  const now = deps.now ?? Date.now;
  /** Identical calls in flight are one call: by cache key, and by request id across retries. */
  const inFlight = new Map<string, Promise<RunResult>>();
  /** The request id whose call a cache key's call in flight is. */
  const callOwners = new Map<string, string>();

  /** Balance refreshes under way; a spend starts one and does not wait for it. */
  let balanceRefresh: Promise<void> = Promise.resolve();

  const settleAfterMs = deps.settleAfterMs ?? SETTLE_AFTER_MS;
  /** Calls of this worker that left and have not ended (by job id). */
  const calling = new Set<string>();
  /** Departures and settle readings, one at a time: a balance reading is ordered among calls. */
  let turn: Promise<unknown> = Promise.resolve();
  /** The service answered the balance route 404: it does not tell the balance. */
  let balanceUntold = false;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  /** Set by resumePendingJobs: calls wait until the previous worker's calls are accounted for. */
  let startup: Promise<unknown> | null = null;

  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = turn.then(task, task);
    turn = result.catch(() => undefined);
    return result;
  }

  /** The one parse of an action's params: everything after reads the canonical params it returns. */
  function canonicalize(endpointId: EndpointId, params: RawParams): Canonical {
    const parsed = endpoints[endpointId].params.safeParse(params);
    if (!parsed.success) throw paramError(parsed.error, endpointId);
    return parsed.data as Canonical;
  }

  async function quote(endpointId: EndpointId, params: RawParams): Promise<Quote> {
    const settings = await deps.settings();
    return quoteCanonical(endpointId, canonicalize(endpointId, params), { plan: settings.plan });
  }

  async function spendTotals(db: IDBPDatabase<EnrichmentDb>, settings: Settings): Promise<SpendTotals> {
    const totals = await ledgerTotals(db, now());
    return {
      today: totals.today,
      month: totals.month,
      dailyBudget: settings.dailyBudget,
      remainingToday: settings.dailyBudget === null ? null : Math.max(0, settings.dailyBudget - totals.today),
    };
  }

  /**
   * What a view needs when it opens, in one answer: canonical params, quote, the cached answer
   * (peeked at: nothing is recorded, nothing spent) and whether running it needs a confirmation.
   */
  async function openView(endpointId: EndpointId, params: RawParams): Promise<ViewState> {
    try {
      const [settings, db] = await Promise.all([deps.settings(), deps.db()]);
      const canonical = canonicalize(endpointId, params);
      const q = quoteCanonical(endpointId, canonical, { plan: settings.plan });
      const cached = await readCache(db, cacheKey(endpointId, canonical), {
        now: now(),
        staleAfterDays: settings.staleAfterDays,
      });
      const totals = await ledgerTotals(db, now());
      const budget = checkBudget(q, settings.dailyBudget, totals.today);
      return {
        ok: true,
        params: canonical as Record<string, string | number | boolean>,
        quote: q,
        cached: cached
          ? {
              data: cached.entry.data,
              fetchedAt: cached.entry.fetchedAt,
              ageMs: cached.ageMs,
              stale: cached.stale,
            }
          : null,
        budget: { remaining: budget.remaining, needsConfirmation: budget.needsConfirmation },
      };
    } catch (error) {
      const result = errorResult(error);
      return {
        ok: false,
        error: result.status === 'error' ? result.error : new ApiError('invalid').toJSON(),
      };
    }
  }

  /**
   * Many requests peeked at once, for a page's list: each one's canonical quote and cached answer
   * (nothing recorded, nothing spent, no cache entry marked used), and what is left of today's
   * budget, all from one IndexedDB transaction.
   */
  async function peekMany(
    requests: readonly PeekRequest[],
  ): Promise<{ rows: PeekedRow[]; remainingToday: number | null }> {
    const [settings, db] = await Promise.all([deps.settings(), deps.db()]);
    const at = now();
    const parsed = requests.map((request) => {
      try {
        const canonical = canonicalize(request.endpointId, request.params);
        return {
          ok: true as const,
          endpointId: request.endpointId,
          quote: quoteCanonical(request.endpointId, canonical, { plan: settings.plan }),
          key: cacheKey(request.endpointId, canonical),
        };
      } catch (error) {
        const result = errorResult(error);
        return {
          ok: false as const,
          error: result.status === 'error' ? result.error : new ApiError('invalid').toJSON(),
        };
      }
    });
    const tx = db.transaction(['cache', 'ledger']);
    const cache = tx.objectStore('cache');
    const [entries, lines] = await Promise.all([
      Promise.all(parsed.map((row) => (row.ok ? cache.get(row.key) : Promise.resolve(undefined)))),
      tx.objectStore('ledger').index('byAt').getAll(sinceMonthStart(at)),
    ]);
    await tx.done;
    const today = totalsOf(lines, at).today;
    const rows = parsed.map((row, index): PeekedRow => {
      if (!row.ok) return row;
      const entry = entries[index];
      if (!entry) return { ok: true, quote: row.quote, cached: null };
      const ageMs = Math.max(0, at - entry.fetchedAt);
      return {
        ok: true,
        quote: row.quote,
        cached: {
          endpointId: row.endpointId,
          data: entry.data,
          fetchedAt: entry.fetchedAt,
          ageMs,
          stale: ageMs > settings.staleAfterDays * 24 * 60 * 60 * 1000,
        },
      };
    });
    return {
      rows,
      remainingToday: settings.dailyBudget === null ? null : Math.max(0, settings.dailyBudget - today),
    };
  }

  /** Reads the balance (free, but a network call) and keeps it; failures leave the last one known. */
  async function refreshBalance(settings: Settings): Promise<void> {
    await readBalance(settings);
  }

  /** After a spend: the balance is read again in the background, never on the person's click. */
  function refreshBalanceSoon(settings: Settings): void {
    balanceRefresh = balanceRefresh.then(() => refreshBalance(settings));
  }

  /**
   * The balance, for the ledger: a number, null when the service does not tell it, undefined when
   * it could not be read now. Kept as the last reading too.
   */
  async function readBalance(settings: Settings): Promise<number | null | undefined> {
    if (balanceUntold || !isConfigured(settings)) return null;
    let value: number | null;
    try {
      value = await deps.client(settings).creditBalance();
    } catch {
      return undefined;
    }
    // A service that does not tell the balance is not asked again by this worker.
    if (value === null) balanceUntold = true;
    try {
      const db = await deps.db();
      const tx = db.transaction('meta', 'readwrite');
      if (value === null) await tx.store.delete(BALANCE_KEY);
      else await tx.store.put(value, BALANCE_KEY);
      await tx.store.put(now(), BALANCE_AT_KEY);
      await tx.done;
    } catch {
      // Only the display of the balance misses it.
    }
    return value;
  }

  /** Calls interrupted whose cost the balance has not settled yet (merged requests are no calls). */
  async function unsettledJobs(db: IDBPDatabase<EnrichmentDb>): Promise<JobRecord[]> {
    const interrupted = await db.getAllFromIndex('jobs', 'byStatus', 'interrupted');
    return interrupted.filter((job) => !job.sameAs && !job.interruption?.settled);
  }

  function quoteOf(job: JobRecord, settings: Settings): { min: number | null; max: number | null } {
    if (job.quote) return job.quote;
    try {
      const { min, max } = quoteCanonical(job.endpointId, job.params, { plan: settings.plan });
      return { min, max };
    } catch {
      return { min: null, max: null };
    }
  }

  function ledgerLineOf(job: JobRecord): LedgerEntry {
    const interruption = job.interruption!;
    const exact = interruption.range.min === interruption.range.max;
    return {
      at: job.leftAt ?? job.createdAt,
      endpointId: job.endpointId,
      summary: summarizeParams(job.endpointId, job.params),
      credits: interruption.credits,
      cached: false,
      requestId: job.id,
      interrupted: true,
      ...(exact && interruption.settled ? {} : { creditsRange: interruption.range }),
      settled: interruption.settled,
    };
  }

  /** Writes interrupted jobs and their ledger lines (one per job, replaced on each reading) together. */
  async function recordInterruptions(db: IDBPDatabase<EnrichmentDb>, jobs: JobRecord[]): Promise<void> {
    const tx = db.transaction(['jobs', 'ledger'], 'readwrite');
    const ledger = tx.objectStore('ledger');
    for (const job of jobs) {
      await tx.objectStore('jobs').put(job);
      const lines = await ledger.index('byRequestId').getAll(job.id);
      const previous = lines.find((line) => line.interrupted);
      const line = ledgerLineOf(job);
      if (previous?.id !== undefined) await ledger.put({ ...line, id: previous.id });
      else await ledger.add(line);
    }
    await tx.done;
  }

  /** Marks a call whose answer was lost; its cost is unknown until the balance is read. */
  function interruptedJob(job: JobRecord, reason: 'worker' | 'connection', settings: Settings): JobRecord {
    const quote = quoteOf(job, settings);
    return {
      ...job,
      status: 'interrupted',
      quote,
      updatedAt: now(),
      interruption: { reason, credits: null, range: { min: 0, max: quote.max }, settled: false, at: now() },
    };
  }

  /**
   * Reads what the balance says about the calls whose answers were lost, and records it. Run in
   * turn, with none of this worker's calls in flight, on a balance just read. Returns the calls
   * found certainly not charged after a worker stopped, to be sent again.
   */
  async function settleWith(
    db: IDBPDatabase<EnrichmentDb>,
    balanceNow: number | null | undefined,
    settings: Settings,
  ): Promise<JobRecord[]> {
    const unsettled = await unsettledJobs(db);
    if (unsettled.length === 0) return [];
    const at = now();
    const ids = new Set(unsettled.map((job) => job.id));
    let attribution: ReturnType<typeof attributeCharges> = null;
    if (typeof balanceNow === 'number' && unsettled.every((job) => job.seq !== undefined)) {
      const ordered = (await db.getAll('jobs'))
        .filter((job) => job.seq !== undefined && !job.sameAs)
        .sort((a, b) => a.seq! - b.seq!);
      const firstLost = Math.min(...unsettled.map((job) => job.seq!));
      const candidates = ordered.filter(
        (job) => job.seq! <= firstLost && typeof job.balanceBefore === 'number',
      );
      // The latest clean reading before the first lost call; failing that, the latest reading.
      const reference = candidates.findLast((job) => job.cleanBefore) ?? candidates.at(-1);
      if (reference) {
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
            if (job.status === 'interrupted' && (job.leftAt ?? job.createdAt) + settleAfterMs > readAt)
              ambiguousMax += job.interruption?.range.max ?? job.interruption?.credits ?? 0;
            continue;
          }
          if (ids.has(job.id)) {
            const quote = quoteOf(job, settings);
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
        attribution = attributeCharges({
          reference: reference.balanceBefore!,
          balanceNow,
          known,
          ambiguousMax,
          unknown,
          unpriced,
        });
      }
    }
    const windowPassed = (job: JobRecord) => at >= (job.leftAt ?? job.createdAt) + settleAfterMs;
    const allPassed = unsettled.every(windowPassed);
    // The balance could be read (or the service never tells it): a reading can be final.
    const readable = balanceNow !== undefined;
    const updated = unsettled.map((job): JobRecord => {
      const interruption = job.interruption!;
      const quoteMax = quoteOf(job, settings).max;
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
        interruption: { ...interruption, credits: share ? share.credits : null, range, settled, at },
      };
    });
    await recordInterruptions(db, updated);
    return updated.filter(certainlyNotCharged);
  }

  /** Settled at exactly 0 after the worker stopped: the person's call may be sent again. */
  function certainlyNotCharged(job: JobRecord): boolean {
    const interruption = job.interruption;
    return (
      job.status === 'interrupted' &&
      interruption !== undefined &&
      interruption.reason === 'worker' &&
      interruption.settled &&
      interruption.credits === 0 &&
      interruption.range.max === 0
    );
  }

  /**
   * Sends again the calls certainly not charged; a page retrying the same id joins them. A batch's
   * items are left to their batch, which does not once it was cancelled.
   */
  function resumeUncharged(jobs: JobRecord[]): void {
    for (const job of jobs) {
      if (job.batchId) continue;
      void run({
        requestId: job.id,
        endpointId: job.endpointId,
        params: job.params as RawParams,
        policy: 'refresh',
        confirmed: true, // confirmed (or within budget) when it was first asked
      });
    }
  }

  /**
   * Reads the balance now, if nothing of ours is in flight, to settle interrupted calls; schedules
   * the next reading while some are still provisional. Never throws.
   */
  async function settleNow(): Promise<void> {
    if (disposed) return;
    let resumable: JobRecord[] = [];
    try {
      resumable = await exclusive(async () => {
        if (calling.size > 0) return [];
        const db = await deps.db();
        if ((await unsettledJobs(db)).length === 0) return [];
        const settings = await deps.settings();
        return settleWith(db, await readBalance(settings), settings);
      });
      await scheduleSettle();
    } catch (error) {
      console.warn('Could not read what interrupted calls cost', error);
    }
    resumeUncharged(resumable);
  }

  /** While interrupted calls are provisional, read the balance again when the first one settles. */
  async function scheduleSettle(): Promise<void> {
    if (disposed || settleTimer !== undefined) return;
    const db = await deps.db();
    const unsettled = await unsettledJobs(db);
    if (unsettled.length === 0) return;
    const due = Math.min(...unsettled.map((job) => (job.leftAt ?? job.createdAt) + settleAfterMs));
    settleTimer = setTimeout(
      () => {
        settleTimer = undefined;
        void settleNow();
      },
      Math.max(50, due - now() + 10),
    );
    (settleTimer as { unref?: () => void }).unref?.();
  }

  /**
   * Journals a call just before it leaves, with the balance read in turn before it: the order of
   * departures (`seq`), the reading, and whether it is clean (no other call of ours in flight or
   * unsettled then). When nothing is in flight the reading also settles interrupted calls.
   */
  function depart(job: JobRecord, settings: Settings): Promise<{ job: JobRecord; resumable: JobRecord[] }> {
    return exclusive(async () => {
      const db = await deps.db();
      const idle = calling.size === 0;
      const balance = await readBalance(settings);
      const resumable = idle && balance !== undefined ? await settleWith(db, balance, settings) : [];
      const pending = await db.getAllFromIndex('jobs', 'byStatus', 'pending');
      const open = pending.filter((other) => !other.sameAs).length + (await unsettledJobs(db)).length;
      const tx = db.transaction(['jobs', 'meta'], 'readwrite');
      const seq = ((await tx.objectStore('meta').get(JOB_SEQ_KEY)) ?? 0) + 1;
      await tx.objectStore('meta').put(seq, JOB_SEQ_KEY);
      const journaled: JobRecord = {
        ...job,
        seq,
        balanceBefore: typeof balance === 'number' ? balance : null,
        cleanBefore: idle && open === 0 && typeof balance === 'number',
        leftAt: now(),
      };
      await tx.objectStore('jobs').put(journaled);
      await tx.done;
      calling.add(journaled.id);
      return { job: journaled, resumable };
    });
  }

  async function requireReady(settings: Settings): Promise<void> {
    if (!isConfigured(settings)) {
      throw new ApiError('auth', {
        description: 'No API key or base URL is set. Open the options to set them.',
      });
    }
    if (deps.hasApiPermission && !(await deps.hasApiPermission(apiOrigins(settings)))) {
      throw new ApiError('network', {
        description: 'The extension may not reach the API address yet. Grant access in the options.',
      });
    }
  }

  async function fetchAndRecord(
    req: RunRequest,
    canonical: Canonical,
    key: string,
    settings: Settings,
  ): Promise<RunResult> {
    const db = await deps.db();
    const startedAt = now();
    const { min, max } = quoteCanonical(req.endpointId, canonical, { plan: settings.plan });
    // Journal the call before it leaves: a worker killed now finds it pending on restart.
    const departed = await depart(
      {
        id: req.requestId,
        endpointId: req.endpointId,
        params: { ...canonical },
        status: 'pending',
        createdAt: startedAt,
        updatedAt: startedAt,
        quote: { min, max },
        ...(req.batchId ? { batchId: req.batchId } : {}),
      },
      settings,
    );
    const job = departed.job;
    resumeUncharged(departed.resumable);
    try {
      const streamed: unknown[] = [];
      let bytes = 0;
      const report = () =>
        deps.onProgress?.(req.requestId, { requestId: req.requestId, results: [...streamed], bytes });
      const { data } = await deps.client(settings).callCanonical(req.endpointId, canonical, {
        onResult: (result) => {
          streamed.push(result);
          report();
        },
        onProgress: (progress) => {
          bytes = progress.bytes;
        },
      });
      const credits = reconcileCanonical(req.endpointId, canonical, data, { plan: settings.plan });
      const fetchedAt = now();
      // The answer, its charge and the job's completion are written together or not at all.
      const tx = db.transaction(['cache', 'meta', 'ledger', 'jobs'], 'readwrite');
      await writeCache(
        tx,
        {
          key,
          endpointId: req.endpointId,
          params: { ...canonical },
          data,
          fetchedAt,
          credits,
          bytes: sizeOf(data),
          lastAccess: fetchedAt,
        },
        settings.cacheMaxBytes,
      );
      await tx.objectStore('ledger').add({
        at: fetchedAt,
        endpointId: req.endpointId,
        summary: summarizeParams(req.endpointId, canonical),
        credits,
        cached: false,
        requestId: req.requestId,
      });
      await tx
        .objectStore('jobs')
        .put({ ...job, status: 'done', cacheKey: key, credits, updatedAt: fetchedAt });
      await tx.done;
      if (credits !== 0) refreshBalanceSoon(settings);
      return {
        status: 'answer',
        data,
        cached: false,
        fetchedAt,
        ageMs: 0,
        stale: false,
        credits,
        totals: await spendTotals(db, settings),
      };
    } catch (error) {
      const result = errorResult(error);
      if (result.status === 'error' && LOST_ANSWER_KINDS.has(result.error.kind)) {
        // The answer was lost on the way back: the service may have charged it. The attempt is
        // kept under an id of its own, to be read from the balance; a retry of the request id is
        // a new attempt, as before.
        const attempt = interruptedJob(
          { ...job, id: `${job.id}~${job.seq}`, error: result },
          'connection',
          settings,
        );
        const tx = db.transaction(['jobs', 'ledger'], 'readwrite');
        await tx.objectStore('jobs').delete(job.id);
        await tx.objectStore('jobs').put(attempt);
        await tx.objectStore('ledger').add(ledgerLineOf(attempt));
        await tx.done;
      } else {
        await db.put('jobs', { ...job, status: 'failed', updatedAt: now(), error: result });
      }
      return result;
    } finally {
      calling.delete(job.id);
      deps.onProgress?.(req.requestId, null);
      if (calling.size === 0) void settleNow();
    }
  }

  async function runOnce(req: RunRequest): Promise<RunResult> {
    const settings = await deps.settings();
    const canonical = canonicalize(req.endpointId, req.params);
    const key = cacheKey(req.endpointId, canonical);
    const db = await deps.db();

    // A retry of a request that already finished (the page lost the reply when the worker died)
    // is answered from its record, never paid again. One merged into an identical call follows it.
    let previous = await db.get('jobs', req.requestId);
    if (previous?.sameAs) {
      const target = await db.get('jobs', previous.sameAs);
      if (!target || target.status === 'failed') {
        // The call it was merged into never left (or failed): nothing was sent for it. Forgotten,
        // and asked afresh below.
        await db.delete('jobs', previous.id);
        previous = undefined;
      }
      if (target?.status === 'pending' && calling.has(target.id)) {
        const joined = inFlight.get(`request:${target.id}`);
        if (joined) return joined;
      }
      if (previous && target) {
        if (certainlyNotCharged(target) || target.status === 'done') {
          return run({
            ...req,
            requestId: target.id,
            policy: target.status === 'done' ? req.policy : 'refresh',
          });
        }
        previous = target;
      }
    }
    if (previous && (previous.status === 'interrupted' || previous.status === 'pending')) {
      if (previous.status === 'pending' && !calling.has(previous.id)) {
        // Left by a worker that stopped, and not read yet: its answer is lost all the same.
        previous = interruptedJob(previous, 'worker', settings);
        await recordInterruptions(db, [previous]);
        void settleNow();
      }
      if (previous.status === 'interrupted') {
        if (!certainlyNotCharged(previous)) return interruptedResult(db, previous, settings);
        // Certainly not charged: sent again under the same id; its line (0 credits) goes.
        await deleteInterruptedLine(db, previous.id);
      }
    }
    if (previous?.status === 'done' && previous.cacheKey) {
      const cached = await readCache(db, previous.cacheKey, {
        now: now(),
        staleAfterDays: settings.staleAfterDays,
      });
      if (cached) {
        return {
          status: 'answer',
          data: cached.entry.data,
          cached: false,
          fetchedAt: cached.entry.fetchedAt,
          ageMs: cached.ageMs,
          stale: cached.stale,
          credits: previous.credits ?? null,
          totals: await spendTotals(db, settings),
        };
      }
    }

    if (req.policy !== 'refresh') {
      const cached = await readCache(db, key, { now: now(), staleAfterDays: settings.staleAfterDays });
      if (cached) {
        // A person's action served free is recorded as such; a page peeking at the cache is not an action.
        if (req.policy === 'cache-first')
          await db.add('ledger', {
            at: now(),
            endpointId: req.endpointId,
            summary: summarizeParams(req.endpointId, canonical),
            credits: 0,
            cached: true,
            requestId: req.requestId,
          });
        return {
          status: 'answer',
          data: cached.entry.data,
          cached: true,
          fetchedAt: cached.entry.fetchedAt,
          ageMs: cached.ageMs,
          stale: cached.stale,
          credits: 0,
          totals: await spendTotals(db, settings),
        };
      }
    }

    if (req.policy === 'cache-only') return { status: 'not-cached' };

    await requireReady(settings);
    if (!req.confirmed) {
      const q = quoteCanonical(req.endpointId, canonical, { plan: settings.plan });
      const totals = await ledgerTotals(db, now());
      const budget = checkBudget(q, settings.dailyBudget, totals.today);
      if (budget.needsConfirmation) {
        return { status: 'needs-confirmation', quote: q, remaining: budget.remaining ?? 0 };
      }
    }

    const sameCall = inFlight.get(key);
    const owner = callOwners.get(key);
    if (sameCall && owner !== undefined) {
      await journalMerged(req, canonical, owner);
      const result = await sameCall;
      // Its own record follows the call's: a retry after the worker stopped reads the same answer;
      // after an error it is forgotten, so that a retry is a new attempt.
      if (result.status === 'error' && owner !== req.requestId) await db.delete('jobs', req.requestId);
      if (result.status === 'answer' && owner !== req.requestId) {
        await db.put('jobs', {
          id: req.requestId,
          endpointId: req.endpointId,
          params: { ...canonical },
          status: 'done',
          cacheKey: key,
          credits: 0,
          createdAt: now(),
          updatedAt: now(),
          sameAs: owner,
        });
      }
      return result;
    }
    const call = fetchAndRecord(req, canonical, key, settings).finally(() => {
      inFlight.delete(key);
      callOwners.delete(key);
    });
    inFlight.set(key, call);
    callOwners.set(key, req.requestId);
    return call;
  }

  async function run(req: RunRequest): Promise<RunResult> {
    const same = inFlight.get(`request:${req.requestId}`);
    if (same) return same;
    // The previous worker's calls are accounted for before anything else leaves.
    const call = Promise.resolve(startup)
      .catch(() => undefined)
      .then(() => runOnce(req))
      .catch(errorResult)
      .finally(() => inFlight.delete(`request:${req.requestId}`));
    inFlight.set(`request:${req.requestId}`, call);
    return call;
  }

  /** Journals a request merged into the identical call in flight, so a retry of it follows that call. */
  async function journalMerged(req: RunRequest, canonical: Canonical, into: string): Promise<void> {
    if (into === req.requestId) return;
    const db = await deps.db();
    const at = now();
    await db.put('jobs', {
      id: req.requestId,
      endpointId: req.endpointId,
      params: { ...canonical },
      status: 'pending',
      createdAt: at,
      updatedAt: at,
      sameAs: into,
    });
  }

  async function deleteInterruptedLine(db: IDBPDatabase<EnrichmentDb>, requestId: string): Promise<void> {
    const tx = db.transaction('ledger', 'readwrite');
    for (const line of await tx.store.index('byRequestId').getAll(requestId)) {
      if (line.interrupted && line.id !== undefined && line.credits === 0) await tx.store.delete(line.id);
    }
    await tx.done;
  }

  function interruptedCallOf(job: JobRecord, settings: Settings): InterruptedCall {
    const interruption = job.interruption!;
    let quote: Quote;
    try {
      quote = quoteCanonical(job.endpointId, job.params, { plan: settings.plan });
    } catch {
      quote = { min: null, max: null, lines: [] };
    }
    return {
      requestId: job.id,
      endpointId: job.endpointId,
      reason: interruption.reason,
      credits: interruption.credits,
      range: interruption.range,
      settled: interruption.settled,
      quote,
      at: job.leftAt ?? job.createdAt,
    };
  }

  async function interruptedResult(
    db: IDBPDatabase<EnrichmentDb>,
    job: JobRecord,
    settings: Settings,
  ): Promise<RunResult> {
    return {
      status: 'interrupted',
      interrupted: interruptedCallOf(job, settings),
      totals: await spendTotals(db, settings),
    };
  }

  /**
   * Where a request stands, without sending anything: for a batch resuming or settling its items.
   * `interrupted` carries what the balance says it cost; `resumable` means it was certainly not
   * charged, and `run` with its id sends it again.
   */
  async function requestState(
    requestId: string,
  ): Promise<
    | { state: 'none' | 'in-flight' | 'failed' }
    | { state: 'done'; credits: number | null }
    | { state: 'interrupted'; interrupted: InterruptedCall; resumable: boolean }
  > {
    const db = await deps.db();
    let job = await db.get('jobs', requestId);
    if (job?.sameAs) job = (await db.get('jobs', job.sameAs)) ?? job;
    if (!job) return { state: 'none' };
    if (job.status === 'pending') return { state: calling.has(job.id) ? 'in-flight' : 'none' };
    if (job.status === 'done') return { state: 'done', credits: job.credits ?? null };
    if (job.status === 'failed') return { state: 'failed' };
    return {
      state: 'interrupted',
      interrupted: interruptedCallOf(job, await deps.settings()),
      resumable: certainlyNotCharged(job),
    };
  }

  /**
   * When a worker starts: the calls a previous worker left in flight lost their answers. They are
   * marked interrupted and the balance is read to tell what they cost; those certainly not charged
   * are sent again (a page retrying the same id joins them), the others are not: a retry of their id
   * is answered with what they cost. Old finished jobs are dropped. Returns how many were left.
   */
  async function resumePendingJobs(): Promise<number> {
    const begun = exclusive(async () => {
      const db = await deps.db();
      const settings = await deps.settings();
      for (const job of await db.getAll('jobs')) {
        const finished =
          job.sameAs !== undefined ||
          job.status === 'done' ||
          job.status === 'failed' ||
          (job.status === 'interrupted' && job.interruption?.settled);
        if (finished && now() - job.updatedAt > JOB_RETENTION_MS) await db.delete('jobs', job.id);
      }
      const left = (await db.getAllFromIndex('jobs', 'byStatus', 'pending')).filter(
        (job) => !job.sameAs && !calling.has(job.id),
      );
      if (left.length > 0) {
        await recordInterruptions(
          db,
          left.map((job) => interruptedJob(job, 'worker', settings)),
        );
      }
      if ((await unsettledJobs(db)).length === 0) return { left: left.length, resumable: [] };
      return { left: left.length, resumable: await settleWith(db, await readBalance(settings), settings) };
    });
    startup = begun;
    const { left, resumable } = await begun;
    resumeUncharged(resumable);
    await scheduleSettle();
    return left;
  }

  /**
   * Spending, recent calls, the cache and the balance as last read. The balance is read from the
   * service only when it never was (or the last reading is older than BALANCE_MAX_AGE_MS); after a
   * spend the background reads it again on its own.
   */
  async function account(): Promise<Account> {
    const [db, settings] = await Promise.all([deps.db(), deps.settings()]);
    // Interrupted calls still provisional are read again now (only when nothing is in flight).
    await settleNow();
    await balanceRefresh;
    let balanceAt = (await db.get('meta', BALANCE_AT_KEY)) ?? null;
    if (isConfigured(settings) && (balanceAt === null || now() - balanceAt > BALANCE_MAX_AGE_MS)) {
      await refreshBalance(settings);
      balanceAt = (await db.get('meta', BALANCE_AT_KEY)) ?? null;
    }
    const totals = await spendTotals(db, settings);
    const recent = await recentLedger(db, 20);
    const cache = {
      entries: await db.count('cache'),
      bytes: (await db.get('meta', 'cacheBytes')) ?? 0,
    };
    return {
      ...totals,
      balance: isConfigured(settings) ? ((await db.get('meta', BALANCE_KEY)) ?? null) : null,
      balanceAt,
      recent: recent.map(
        ({ at, endpointId, summary, credits, cached, interrupted, creditsRange, settled }) => ({
          at,
          endpointId,
          summary,
          credits,
          cached,
          ...(interrupted ? { interrupted, settled: settled ?? false } : {}),
          ...(creditsRange ? { creditsRange } : {}),
        }),
      ),
      cache,
    };
  }

  /** Checks a key and base URLs without spending: the free credit-balance call. */
  async function testConnection(
    overrides: Partial<Pick<Settings, 'apiKey' | 'baseUrlV2' | 'baseUrlV3'>>,
  ): Promise<ConnectionResult> {
    const settings = { ...(await deps.settings()), ...overrides };
    try {
      await requireReady(settings);
      const balance = await deps.client(settings).creditBalance();
      return { ok: true, balance };
    } catch (error) {
      const result = errorResult(error);
      return result.status === 'error' ? { ok: false, error: result.error } : { ok: true, balance: null };
    }
  }

  /** For tests: resolves once the balance refreshes started so far have finished. */
  const balanceSettled = () => balanceRefresh;

  /** Stops the settle timer (a test's worker that is "stopped", or a worker shutting down). */
  function dispose(): void {
    disposed = true;
    if (settleTimer !== undefined) clearTimeout(settleTimer);
    settleTimer = undefined;
  }

  return {
    quote,
    openView,
    peekMany,
    run,
    requestState,
    resumePendingJobs,
    settleNow,
    account,
    testConnection,
    balanceSettled,
    dispose,
  };
}

export type EnrichmentService = ReturnType<typeof createService>;
