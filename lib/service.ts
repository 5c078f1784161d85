/**
 * What the background does for the extension's pages: quote, run an endpoint under a cache
 * policy, account for credits, test a connection. It holds no state of its own that matters:
 * answers, charges and calls in flight are in IndexedDB (lib/db.ts), settings in storage, so a
 * worker killed at any moment loses nothing. Dependencies are passed in so tests run it against a
 * fake-indexeddb and a sandbox or fetch stub.
 */
import type { IDBPDatabase } from 'idb';
import type { EndpointId } from './api/endpoints';
import { endpoints } from './api/endpoints';
import { ApiError, isApiError } from './api/errors';
import type { RawParams } from './api/params';
import { cacheKey, readCache, sizeOf, writeCache } from './cache';
import { quoteCanonical, reconcileCredits } from './credits';
import type { EnrichmentDb, JobRecord } from './db';
import { checkBudget, ledgerTotals, recentLedger, summarizeParams } from './ledger';
import type { Account, ConnectionResult, Quote, RunResult } from './messages';
import { apiOrigins, isConfigured, type Settings } from './settings';

/** The part of the API client the service uses (lib/api/client.ts). */
export interface ServiceClient {
  call(
    id: EndpointId,
    params: RawParams,
    opts?: { signal?: AbortSignal },
  ): Promise<{ data: unknown; params: Record<string, unknown> }>;
  creditBalance(opts?: { signal?: AbortSignal }): Promise<number | null>;
}

export interface ServiceDeps {
  db: () => Promise<IDBPDatabase<EnrichmentDb>>;
  settings: () => Promise<Settings>;
  client: (settings: Pick<Settings, 'apiKey' | 'baseUrlV2' | 'baseUrlV3'>) => ServiceClient;
  /** Whether the API origins are granted (host permissions); the background asks the browser. */
  hasApiPermission?: (origins: string[]) => Promise<boolean>;
  now?: () => number;
}

export interface RunRequest {
  requestId: string;
  endpointId: EndpointId;
  params: RawParams;
  policy: 'cache-only' | 'cache-first' | 'refresh';
  confirmed?: boolean;
}

/** Finished jobs are kept this long so a late retry of the same request is still answered free. */
const JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

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

  function canonicalize(endpointId: EndpointId, params: RawParams): Record<string, unknown> {
    const parsed = endpoints[endpointId].params.safeParse(params);
    if (!parsed.success) throw ApiError.fromParamError(parsed.error, endpointId);
    return parsed.data as Record<string, unknown>;
  }

  async function quote(endpointId: EndpointId, params: RawParams): Promise<Quote> {
    const settings = await deps.settings();
    return quoteCanonical(endpointId, canonicalize(endpointId, params), { plan: settings.plan });
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
    canonical: Record<string, unknown>,
    key: string,
    settings: Settings,
  ): Promise<RunResult> {
    const db = await deps.db();
    const startedAt = now();
    const job: JobRecord = {
      id: req.requestId,
      endpointId: req.endpointId,
      params: canonical,
      status: 'pending',
      createdAt: startedAt,
      updatedAt: startedAt,
    };
    // Journal the call before it leaves: a worker killed now finds it pending on restart.
    await db.put('jobs', job);
    try {
      const { data } = await deps.client(settings).call(req.endpointId, canonical as RawParams);
      const credits = reconcileCredits(req.endpointId, canonical as RawParams, data, { plan: settings.plan });
      const fetchedAt = now();
      // The answer, its charge and the job's completion are written together or not at all.
      const tx = db.transaction(['cache', 'meta', 'ledger', 'jobs'], 'readwrite');
      await writeCache(
        tx,
        {
          key,
          endpointId: req.endpointId,
          params: canonical,
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
        summary: summarizeParams(canonical),
        credits,
        cached: false,
        requestId: req.requestId,
      });
      await tx
        .objectStore('jobs')
        .put({ ...job, status: 'done', cacheKey: key, credits, updatedAt: fetchedAt });
      await tx.done;
      return { status: 'answer', data, cached: false, fetchedAt, ageMs: 0, stale: false, credits };
    } catch (error) {
      const result = errorResult(error);
      await db.put('jobs', { ...job, status: 'failed', updatedAt: now(), error: result });
      return result;
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
            summary: summarizeParams(canonical),
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
        };
      }
    }

    if (req.policy === 'cache-only') return { status: 'not-cached' };

    await requireReady(settings);
    if (!req.confirmed) {
      const q = quoteCanonical(req.endpointId, canonical as RawParams, { plan: settings.plan });
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

  async function account(): Promise<Account> {
    const [db, settings] = await Promise.all([deps.db(), deps.settings()]);
    const totals = await ledgerTotals(db, now());
    const recent = await recentLedger(db, 20);
    const cache = {
      entries: await db.count('cache'),
      bytes: (await db.get('meta', 'cacheBytes')) ?? 0,
    };
    let balance: number | null = null;
    if (isConfigured(settings)) {
      try {
        balance = await deps.client(settings).creditBalance();
      } catch {
        balance = null; // unknown; the account view says so
      }
    }
    return {
      today: totals.today,
      month: totals.month,
      dailyBudget: settings.dailyBudget,
      remainingToday: settings.dailyBudget === null ? null : Math.max(0, settings.dailyBudget - totals.today),
      balance,
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

  return { quote, run, resumePendingJobs, account, testConnection };
}

export type EnrichmentService = ReturnType<typeof createService>;
