/**
 * What the background does for the extension's pages: quote, run an endpoint under a cache
 * policy, account for credits, test a connection. It holds no state of its own that matters:
 * answers, charges and calls in flight are in IndexedDB (lib/db.ts), settings in storage, so a
 * worker killed at any moment loses nothing. Dependencies are passed in so tests run it against a
 * fake-indexeddb and a sandbox or fetch stub.
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
import type { EnrichmentDb, JobRecord } from './db';
import { checkBudget, ledgerTotals, recentLedger } from './ledger';
import type {
  Account,
  CachePolicy,
  ConnectionResult,
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
}

export interface RunRequest {
  requestId: string;
  endpointId: EndpointId;
  params: RawParams;
  policy: CachePolicy;
  confirmed?: boolean;
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

  /** Balance refreshes under way; a spend starts one and does not wait for it. */
  let balanceRefresh: Promise<void> = Promise.resolve();

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

  /** Reads the balance (free, but a network call) and keeps it; failures leave the last one known. */
  async function refreshBalance(settings: Settings): Promise<void> {
    if (!isConfigured(settings)) return;
    try {
      const value = await deps.client(settings).creditBalance();
      const db = await deps.db();
      const tx = db.transaction('meta', 'readwrite');
      if (value === null) await tx.store.delete(BALANCE_KEY);
      else await tx.store.put(value, BALANCE_KEY);
      await tx.store.put(now(), BALANCE_AT_KEY);
      await tx.done;
    } catch {
      // Unknown for now; the account view says when it was last read.
    }
  }

  /** After a spend: the balance is read again in the background, never on the person's click. */
  function refreshBalanceSoon(settings: Settings): void {
    balanceRefresh = balanceRefresh.then(() => refreshBalance(settings));
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
    const job: JobRecord = {
      id: req.requestId,
      endpointId: req.endpointId,
      params: { ...canonical },
      status: 'pending',
      createdAt: startedAt,
      updatedAt: startedAt,
    };
    // Journal the call before it leaves: a worker killed now finds it pending on restart.
    await db.put('jobs', job);
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
      await db.put('jobs', { ...job, status: 'failed', updatedAt: now(), error: result });
      return result;
    } finally {
      deps.onProgress?.(req.requestId, null);
    }
  }

  async function runOnce(req: RunRequest): Promise<RunResult> {
    const settings = await deps.settings();
    const canonical = canonicalize(req.endpointId, req.params);
    const key = cacheKey(req.endpointId, canonical);
    const db = await deps.db();

    // A retry of a request that already finished (the page lost the reply when the worker died)
    // is answered from its record, never paid again.
    const previous = await db.get('jobs', req.requestId);
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
    if (sameCall) return sameCall;
    const call = fetchAndRecord(req, canonical, key, settings).finally(() => inFlight.delete(key));
    inFlight.set(key, call);
    return call;
  }

  async function run(req: RunRequest): Promise<RunResult> {
    const same = inFlight.get(`request:${req.requestId}`);
    if (same) return same;
    const call = runOnce(req)
      .catch(errorResult)
      .finally(() => inFlight.delete(`request:${req.requestId}`));
    inFlight.set(`request:${req.requestId}`, call);
    return call;
  }

  /**
   * Calls that were in flight when a previous worker died: a person asked for them, so finish
   * them (the page that asked may retry with the same request id; both meet in `run`). Old
   * finished jobs are dropped.
   */
  async function resumePendingJobs(): Promise<number> {
    const db = await deps.db();
    const pending = await db.getAllFromIndex('jobs', 'byStatus', 'pending');
    for (const job of await db.getAll('jobs')) {
      if (job.status !== 'pending' && now() - job.updatedAt > JOB_RETENTION_MS)
        await db.delete('jobs', job.id);
    }
    await Promise.all(
      pending.map((job) =>
        run({
          requestId: job.id,
          endpointId: job.endpointId,
          params: job.params as RawParams,
          policy: 'refresh',
          confirmed: true, // confirmed (or within budget) when it was first asked
        }),
      ),
    );
    return pending.length;
  }

  /**
   * Spending, recent calls, the cache and the balance as last read. The balance is read from the
   * service only when it never was (or the last reading is older than BALANCE_MAX_AGE_MS); after a
   * spend the background reads it again on its own.
   */
  async function account(): Promise<Account> {
    const [db, settings] = await Promise.all([deps.db(), deps.settings()]);
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
      recent: recent.map(({ at, endpointId, summary, credits, cached }) => ({
        at,
        endpointId,
        summary,
        credits,
        cached,
      })),
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

  return { quote, openView, run, resumePendingJobs, account, testConnection, balanceSettled };
}

export type EnrichmentService = ReturnType<typeof createService>;
