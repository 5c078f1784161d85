/**
 * What the background does for the extension's pages: quote, run an endpoint under a cache
 * policy, and tell the account's state. It composes the engine and keeps the cache policy:
 * - lib/background/calls/paid-call.ts: the one path of a paid call (scheduler → budget + journal → request → record);
 * - lib/background/scheduler.ts: pacing to the rate limit, clicks before batch rows;
 * - lib/background/budget.ts: reservations, so the daily budget holds when several things spend at once;
 * - lib/background/calls/journal.ts: the journal of calls; lib/background/ledger.ts: the only writer of spending lines;
 * - lib/background/calls/checkpoints.ts: balance readings, and what they say about calls whose answers were lost.
 * - lib/background/calls/lane.ts: the turn and the count of calls in flight that calls and checkpoints share.
 * Each part is built from parts already built, in that order: lane, checkpoints, views, calls, runs.
 * Nothing that matters lives only in memory: a worker killed at any moment loses nothing.
 */
import type { IDBPDatabase } from 'idb';
import type { EndpointId } from '../api/endpoints';
import { canonicalParams } from '../api/endpoints';
import { ApiError } from '../api/errors';
import type { RawParams } from '../api/params';
import { acceptedAgeSeconds } from '../freshness';
import { cacheKey } from '../pricing/cache-key';
import { quoteOrUnknown } from '../pricing/credits';
import { refuseListed } from '../pricing/do-not-enrich';
import type { Quote, RunProgress, RunRequest, RunResult } from '../protocol';
import { isConfigured, type Settings } from '../settings';
import { createAccount } from './account';
import type { Pacer } from './api/client';
import { createCheckpoints } from './calls/checkpoints';
import { requestStateOf } from './calls/journal';
import { type CallLane, createCallLane } from './calls/lane';
import {
  type CallClient,
  createCalls,
  errorResult,
  requireReady,
  type SentResult,
  type ServiceRunRequest,
} from './calls/paid-call';
import { createReplays } from './calls/replays';
import { type ConnectionClient, connectionFor, type PeekAsked, type ServiceAddress } from './connection';
import type { CallRecord, EnrichmentDb } from './db';
import { listedKeys } from './do-not-enrich';
import { forgetSubject } from './forget';
import { recordServedFromCache } from './ledger';
import { createMerging } from './merging';
import { createScheduler, type Scheduler } from './scheduler';
import { createViews } from './views';

type Canonical = Readonly<Record<string, unknown>>;
type Db = IDBPDatabase<EnrichmentDb>;

/** The part of the API client the service uses (lib/background/api/client.ts). */
export interface ServiceClient extends CallClient, ConnectionClient {}

export interface ServiceDeps {
  db: () => Promise<Db>;
  settings: () => Promise<Settings>;
  /** The client for this address; `pace` paces its requests (lib/background/scheduler.ts). */
  client: (address: ServiceAddress, pace?: Pacer) => ServiceClient;
  /**
   * Forgets a subject everywhere the extension keeps it, as the person's own forget does (team
   * mode: what was forgotten at the hub); lib/background/forget/ forgetSubject by default.
   */
  forget?: (subject: string) => Promise<unknown>;
  /** Whether the API origins are granted (host permissions); the background asks the browser. */
  hasApiPermission?: (origins: string[]) => Promise<boolean>;
  /** A streamed answer's results so far, after each one; `null` when the call ended. */
  onProgress?: (requestId: string, progress: RunProgress | null) => void;
  now?: () => number;
  /** How long after a call left the service may still charge it although its answer was lost. */
  settleAfterMs?: number;
  scheduler?: Scheduler;
}

/**
 * The service finishes (and charges) a request by the time it would have answered; our client
 * gives up on a call whose answer has not begun within a minute, or that went a minute without a
 * byte (lib/background/api/client.ts CALL_DEADLINE_MS, IDLE_DEADLINE_MS). Twice that is the assumed
 * bound for a charge to land after its client left: past it, the balance is final.
 */
export const SETTLE_AFTER_MS = 2 * 60_000;

/** Set when a worker starts: nothing leaves until the previous worker's calls are accounted for. */
function createStartupGate() {
  let startup: Promise<unknown> | null = null;
  return {
    begin(step: Promise<unknown>): void {
      startup = step;
    },
    /** Resolves once the previous worker's calls are accounted for (at once when none were left). */
    passed: (): Promise<unknown> => Promise.resolve(startup).catch(() => undefined),
  };
}

/** Sends again the calls certainly not charged; a job's rows are left to their job. */
function resumeUncharged(jobs: CallRecord[], run: (req: ServiceRunRequest) => Promise<RunResult>): void {
  for (const job of jobs) {
    if (job.ownerId) continue;
    // Confirmed (or within budget) when it was first asked.
    void run({
      requestId: job.id,
      endpointId: job.endpointId,
      params: job.params as RunRequest['params'],
      policy: 'refresh',
      confirmed: true,
    });
  }
}

/**
 * Lost calls a reading found certainly not charged. The checkpoints and the calls find them and the
 * service's runs send them again, while the runs are built from the calls and the checkpoints: the
 * finders report to this, built before all three, and the runs take it up once built (`sendWith`),
 * before the service is returned and anything can be found.
 */
function createResumptions() {
  let send: ((req: ServiceRunRequest) => Promise<RunResult>) | null = null;
  return {
    found(jobs: CallRecord[]): void {
      if (send === null) throw new Error('Resumable calls were found before the service could run them');
      resumeUncharged(jobs, send);
    },
    sendWith(run: (req: ServiceRunRequest) => Promise<RunResult>): void {
      send = run;
    },
  };
}

interface RunDeps {
  service: Pick<ServiceDeps, 'db' | 'settings' | 'hasApiPermission'>;
  now: () => number;
  startup: ReturnType<typeof createStartupGate>;
  lane: CallLane;
  calls: ReturnType<typeof createCalls>;
  views: ReturnType<typeof createViews>;
  checkpoints: ReturnType<typeof createCheckpoints>;
  canonicalize: (endpointId: EndpointId, params: RawParams) => Canonical;
  /** A journaled call's quote at the price list (what asking it again is quoted). */
  fullQuote: (job: CallRecord, settings: Settings) => Quote;
  hubForgotten: ReturnType<typeof createHubForgotten>;
}

/**
 * Learning what was forgotten where the connection leads (team mode: at the hub,
 * lib/background/connection/team-hub.ts syncForgotten), one sync at a time and, on calls, at most once
 * every HUB_FORGOTTEN_EVERY_MS (a list of 5,000 rows does not ask 5,000 times); an alarm asks too (`now`).
 */
export const HUB_FORGOTTEN_EVERY_MS = 60_000;

function createHubForgotten(
  client: (settings: Settings) => ConnectionClient,
  forget: (subject: string) => Promise<unknown>,
  now: () => number,
) {
  let running: Promise<number> | null = null;
  let lastAt = Number.NEGATIVE_INFINITY;
  function sync(settings: Settings): Promise<number> {
    if (running) return running;
    lastAt = now();
    running = connectionFor(settings)
      .syncForgotten(client(settings), forget)
      .finally(() => {
        running = null;
      });
    return running;
  }
  return {
    now: sync,
    soon(settings: Settings): void {
      if (running || now() - lastAt < HUB_FORGOTTEN_EVERY_MS) return;
      sync(settings).catch((error) => console.warn('Could not learn what the team hub forgot', error));
    },
  };
}

/**
 * The service's `run`: one answer per request id (a page asking again joins its own request),
 * read in turn from the do-not-enrich list, the journal, the cache, an identical call in flight it
 * joins, or else a call of its own.
 */
function createRuns(deps: RunDeps) {
  /** Requests in flight by request id: a page asking again joins its own request. */
  const byRequest = new Map<string, Promise<RunResult>>();
  const merging = createMerging({ db: deps.service.db, now: deps.now });
  const { spendTotals, cachedView } = deps.views;

  async function withTotals(db: Db, settings: Settings, result: SentResult): Promise<RunResult> {
    if (result.status === 'answer' || result.status === 'interrupted')
      return { ...result, totals: await spendTotals(db, settings) } as RunResult;
    return result as RunResult;
  }

  // A journaled request is answered from the journal, joins its call in flight, or runs again.
  const replays = createReplays({
    isCalling: deps.lane.isCalling,
    inFlight: (id) => byRequest.get(id),
    rerun: run,
    checkpoints: deps.checkpoints,
    quote: deps.fullQuote,
    withTotals,
    cachedView,
    spendTotals,
  });

  async function runOnce(req: ServiceRunRequest): Promise<RunResult> {
    const settings = await deps.service.settings();
    const canonical = deps.canonicalize(req.endpointId, req.params);
    const key = cacheKey(req.endpointId, canonical);
    const db = await deps.service.db();
    // Someone the person never wants looked up: refused from any way in, before anything else.
    refuseListed(await listedKeys(db), req.endpointId, canonical);

    const journaled = await replays.fromJournal(req, db, settings);
    if (journaled) return journaled;

    if (req.policy !== 'refresh') {
      const cached = await cachedView(db, key, settings);
      if (cached) {
        // A person's action served free is recorded as such; a page peeking at the cache is not an action.
        if (req.policy === 'cache-first')
          await recordServedFromCache(
            db,
            { id: req.requestId, endpointId: req.endpointId, params: canonical },
            deps.now(),
          );
        return {
          status: 'answer',
          ...cached,
          cached: true,
          credits: 0,
          totals: await spendTotals(db, settings),
        };
      }
    }
    if (req.policy === 'cache-only') return { status: 'not-cached' };

    await requireReady(settings, deps.service.hasApiPermission);
    if (req.automatic && settings.dailyBudget === null) {
      throw new ApiError('invalid', {
        description: 'Auto-enrich spends only under a daily budget. Set one in the options.',
      });
    }

    // An identical call in flight that is at least as fresh answers this one too, at no cost to it.
    const joiner = {
      id: req.requestId,
      endpointId: req.endpointId,
      params: { ...canonical },
      cacheKey: key,
      maxAge: acceptedAgeSeconds(canonical),
    };
    const joinable = merging.joinable(joiner);
    if (joinable) return merging.join(joiner, joinable);
    // Team mode: what was forgotten at the hub is forgotten here too, learned on the next call.
    deps.hubForgotten.soon(settings);
    const call = deps.calls.send(
      {
        requestId: req.requestId,
        endpointId: req.endpointId,
        canonical,
        cacheKey: key,
        priority: req.ownerId ? 'batch' : 'click',
        confirmed: req.confirmed ?? false,
        ...(req.ownerId ? { ownerId: req.ownerId } : {}),
      },
      settings,
      req.signal,
    );
    return merging.track(
      joiner,
      call.then((result) => withTotals(db, settings, result)),
    );
  }

  function run(req: ServiceRunRequest): Promise<RunResult> {
    const same = byRequest.get(req.requestId);
    if (same) return same;
    // The previous worker's calls are accounted for before anything else leaves.
    const call = deps.startup
      .passed()
      .then(() => runOnce(req))
      .catch(errorResult)
      .finally(() => byRequest.delete(req.requestId));
    byRequest.set(req.requestId, call);
    return call;
  }

  return { run };
}

/** The one parse of an action's params: everything after reads the canonical params it returns. */
function canonicalize(endpointId: EndpointId, params: RawParams): Canonical {
  return canonicalParams(endpointId, params) as Canonical;
}

/** What a call may cost at the account's plan (its quote as journaled, when it was). */
const fullQuote = (endpointId: EndpointId, params: Canonical, settings: Settings) =>
  quoteOrUnknown(endpointId, params, settings.plan);
const quoteOf = (job: CallRecord, settings: Settings) =>
  job.quote ?? quoteOrUnknown(job.endpointId, job.params, settings.plan);

/**
 * What the service asks where the settings' connection leads (lib/background/connection/index.ts):
 * a client for its address, and the reads made with one. A balance reading waits for its turn in
 * the connection's lane: unlike a call's, its first request was not granted one beforehand.
 */
function createConnectionReads(client: ServiceDeps['client'], scheduler: Scheduler) {
  const clientFor = (settings: Settings, pace?: Pacer) => client(connectionFor(settings).address, pace);
  return {
    clientFor,
    balance(settings: Settings): Promise<number | null> {
      const connection = connectionFor(settings);
      return connection.balance(
        clientFor(settings, scheduler.pacerFor(connection.paceKey, { granted: false })),
      );
    },
    clickQuote: (settings: Settings, endpointId: EndpointId, canonical: Canonical, quote: Quote) =>
      connectionFor(settings).clickQuote(clientFor(settings), endpointId, canonical, quote),
    peekMarks: (settings: Settings, requests: readonly PeekAsked[]) =>
      connectionFor(settings).peekMany(clientFor(settings), requests),
    budgetLeft: (settings: Settings) => connectionFor(settings).budgetLeft(clientFor(settings)),
    member: (settings: Settings) => connectionFor(settings).member(clientFor(settings)),
    teamWatch: (settings: Settings) => {
      const connection = connectionFor(settings);
      const at = connection.teamWatch;
      return at
        ? { at, client: clientFor(settings), explain: (error: ApiError) => connection.explain(error) }
        : null;
    },
  };
}

/**
 * When a worker starts: what a previous worker left in flight is accounted for (lib/background/calls/checkpoints.ts)
 * before anything else leaves; those certainly not charged are sent again. Returns how many.
 */
async function resumeLeftInFlight(deps: {
  startup: ReturnType<typeof createStartupGate>;
  lane: CallLane;
  checkpoints: ReturnType<typeof createCheckpoints>;
  run: (req: ServiceRunRequest) => Promise<RunResult>;
}): Promise<number> {
  const { startup, lane, checkpoints } = deps;
  const begun = lane.inTurn(() => checkpoints.recoverLeftInFlight(lane.isCalling));
  startup.begin(begun);
  const { left, resumable } = await begun;
  resumeUncharged(resumable, deps.run);
  await checkpoints.scheduleSettle();
  return left;
}

export function createService(deps: ServiceDeps) {
  const now = deps.now ?? Date.now;
  const scheduler = deps.scheduler ?? createScheduler({ now });
  const startup = createStartupGate();
  const lane = createCallLane();
  const resumptions = createResumptions();

  const reads = createConnectionReads(deps.client, scheduler);
  const hubForgotten = createHubForgotten(
    (settings) => reads.clientFor(settings),
    deps.forget ?? (async (subject) => forgetSubject(await deps.db(), subject)),
    now,
  );

  const checkpoints = createCheckpoints({
    db: deps.db,
    settings: deps.settings,
    fetchBalance: reads.balance,
    inFlight: lane.inFlight,
    inTurn: lane.inTurn,
    quoteOf,
    onResumable: resumptions.found,
    now,
    settleAfterMs: deps.settleAfterMs ?? SETTLE_AFTER_MS,
    isConfigured,
  });
  const views = createViews({
    db: deps.db,
    settings: deps.settings,
    canonicalize,
    now,
    clickQuote: reads.clickQuote,
    peekMarks: reads.peekMarks,
    budgetLeft: reads.budgetLeft,
  });
  const calls = createCalls({
    db: deps.db,
    client: reads.clientFor,
    scheduler,
    lane,
    checkpoints,
    quote: fullQuote,
    onProgress: deps.onProgress,
    onResumable: resumptions.found,
    now,
  });
  const runs = createRuns({
    service: deps,
    now,
    startup,
    lane,
    calls,
    views,
    checkpoints,
    canonicalize,
    fullQuote: (job, settings) => fullQuote(job.endpointId, job.params, settings),
    hubForgotten,
  });
  resumptions.sendWith(runs.run);

  async function quote(endpointId: EndpointId, params: RawParams): Promise<Quote> {
    const settings = await deps.settings();
    return views.clickQuote(settings, endpointId, canonicalize(endpointId, params));
  }

  /**
   * Where a request stands, without sending anything: for a batch resuming or settling its items.
   * `resumable` means it was certainly not charged, and `run` with its id sends it again.
   */
  async function requestState(requestId: string) {
    // What the previous worker left in flight is accounted for first.
    await startup.passed();
    const [db, settings] = await Promise.all([deps.db(), deps.settings()]);
    return requestStateOf(db, requestId, lane.isCalling, (job) =>
      fullQuote(job.endpointId, job.params, settings),
    );
  }

  const { account, testConnection } = createAccount({
    db: deps.db,
    settings: deps.settings,
    checkpoints,
    inFlight: lane.inFlight,
    spendTotals: views.spendTotals,
    requireReady: (settings) => requireReady(settings, deps.hasApiPermission),
    fetchBalance: reads.balance,
    member: reads.member,
    askedToWaitUntil: (settings) => scheduler.state(connectionFor(settings).paceKey).askedToWaitUntil,
  });

  return {
    quote,
    openView: views.openView,
    peekMany: views.peekMany,
    run: runs.run,
    requestState,
    resumePendingJobs: () => resumeLeftInFlight({ startup, lane, checkpoints, run: runs.run }),
    settleNow: checkpoints.settleNow,
    account,
    testConnection,
    /**
     * What is left of the member's budget where the connection keeps one (team mode: the hub's
     * `me`, free); undefined where none is kept or it could not be asked. A waiting job asks it.
     */
    budgetLeft: async () => reads.budgetLeft(await deps.settings()),
    /** The team's watch at the hub and a client to reach it; null for the person's own key. */
    teamWatch: async () => reads.teamWatch(await deps.settings()),
    /** Team mode: forgets here what was forgotten at the hub since the last sync (an alarm asks). */
    syncHubForgotten: async () => hubForgotten.now(await deps.settings()),
    /** Stops timers and grants nothing more (a test's worker that is "stopped", or one shutting down). */
    dispose() {
      checkpoints.dispose();
      scheduler.dispose();
    },
    scheduler,
    setSettleAfterMs: checkpoints.setSettleAfterMs,
  };
}

export type EnrichmentService = ReturnType<typeof createService>;
