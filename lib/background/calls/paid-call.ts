/**
 * One paid call, start to finish, and the only path by which any call leaves: a rate slot from the
 * scheduler (lib/background/scheduler.ts, clicks before batch rows), then in one serialized step the budget's
 * check and reservation (lib/background/budget.ts) with the journal's entry (lib/background/calls/journal.ts), then the request,
 * then its answer, charge and completion written together (the ledger, lib/background/ledger.ts), or its loss:
 * - the service answered an error: nothing was charged; the call is `failed` and a retry of its
 *   request id may send it again (a 429 is queued again instead, see below);
 * - the answer was lost after it may have been charged (anything after a 2xx, a 502/504, a broken
 *   connection, a timeout): `interrupted`, settled from the balance (lib/background/calls/checkpoints.ts), never sent
 *   again under the same request id;
 * - the connection was refused before anything was sent (`unreachable`): nothing was charged, the
 *   call is `failed` like a refusal, and its request id is sent again (a list's row waits for it).
 * What differs between the person's own key and a team hub (the charge an answer reports, the
 * words of a refusal, the scheduler's lane) is the connection's (lib/background/connection/index.ts).
 * A 429 charged nothing and taught the scheduler to slow down: a batch row waits for its next
 * slot; a click waits only while the service's pause ends within CLICK_PATIENCE_MS of the click,
 * else the person is told (with the countdown) and may retry. A server that asked to wait past
 * RETRY_AFTER_MAX_SECONDS (lib/api/errors.ts) is told, not waited for, by a click and a batch row alike.
 */
import type { IDBPDatabase } from 'idb';
import type { EndpointId } from '../../api/endpoints';
import { ApiError, type ApiErrorJson, asksToWaitPastCap, isApiError, isLostAnswer } from '../../api/errors';
import { reconcileCanonical } from '../../pricing/credits';
import { keptRow, screenAnswer } from '../../pricing/do-not-enrich';
import { budgetBounds, reservationOf } from '../../pricing/reservation';
import type { NotKept, Quote, RunProgress, RunRequest, RunResult } from '../../protocol';
import { apiOrigins, baseUrlProblem, isConfigured, type Settings } from '../../settings';
import { CALL_DEADLINE_MS, type Pacer } from '../api/client';
import { checkBudget, committedToday } from '../budget';
import { sizeOf, writeCache } from '../cache';
import { connectionFor } from '../connection';
import { type CallRecord, type EnrichmentDb, StorageError } from '../db';
import { listedKeys, recordListedAnswer } from '../do-not-enrich';
import { recordAnswer, recordInterruption } from '../ledger';
import type { Priority, Scheduler } from '../scheduler';
import type { Checkpoints } from './checkpoints';
import {
  asInterrupted,
  interruptedCallOf,
  journalDeparture,
  markFailed,
  pendingCalls,
  unsettledCalls,
} from './journal';
import type { CallLane } from './lane';

type Db = IDBPDatabase<EnrichmentDb>;
type Canonical = Readonly<Record<string, unknown>>;

/** How long a click may wait for the rate limit before the person is told. */
export const CLICK_PATIENCE_MS = CALL_DEADLINE_MS;

/** The part of the API client a call uses (lib/background/api/client.ts). */
export interface CallClient {
  callCanonical(
    id: EndpointId,
    params: Canonical,
    opts?: {
      signal?: AbortSignal;
      onResult?: (result: unknown, index: number) => void;
      onProgress?: (progress: { bytes: number; results: number }) => void;
      priority?: Priority;
      requestId?: string;
    },
  ): Promise<{ data: unknown; params: Record<string, unknown>; hubCharged?: number | null }>;
}

export interface CallDeps {
  db: () => Promise<Db>;
  client: (settings: Settings, pace: Pacer) => CallClient;
  scheduler: Scheduler;
  /** Where calls take their turn and are counted in flight (shared with the checkpoints). */
  lane: CallLane;
  checkpoints: Checkpoints;
  quote: (endpointId: EndpointId, canonical: Canonical, settings: Settings) => Quote;
  /** A streamed answer's results so far; null when the call ended. */
  onProgress?: (requestId: string, progress: RunProgress | null) => void;
  /** Lost calls a reading found certainly not charged: the caller sends them again. */
  onResumable: (jobs: CallRecord[]) => void;
  now: () => number;
}

export interface ServiceRunRequest extends RunRequest {
  /** A row of this job (../jobs/runner.ts): only the job sends it again after a loss. */
  ownerId?: string;
  /** Gives up while it waits for its turn (a job paused or cancelled); never once the call left. */
  signal?: AbortSignal;
}

/** A call's result before the caller adds today's totals. */
export type SentResult = {
  [S in RunResult['status']]: Omit<Extract<RunResult, { status: S }>, 'totals'>;
}[RunResult['status']];

export interface PaidCall {
  requestId: string;
  endpointId: EndpointId;
  canonical: Canonical;
  cacheKey: string;
  priority: Priority;
  /** The person accepted passing the daily budget. */
  confirmed: boolean;
  ownerId?: string;
}

/** The browser refused a write for lack of space (IndexedDB's QuotaExceededError, or a transaction aborted by it). */
function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name ?? '';
  const inner = (error as { error?: { name?: string } } | null)?.error?.name ?? '';
  return name === 'QuotaExceededError' || inner === 'QuotaExceededError';
}

/** What a failure is, as a page reads it: an ApiError (a storage failure says so). */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (error instanceof StorageError) return new ApiError('storage', { description: error.message });
  return new ApiError('network', { description: error instanceof Error ? error.message : String(error) });
}

/** A failed call's error as it was recorded (an ApiError's JSON). */
export function recordedError(error: unknown): ReturnType<ApiError['toJSON']> {
  try {
    return ApiError.fromJSON(error).toJSON();
  } catch {
    return toApiError(error).toJSON();
  }
}

export function errorResult(error: unknown): RunResult {
  return { status: 'error', error: toApiError(error).toJSON() };
}

/**
 * Whether anything may be sent for these settings: base URLs the client accepts, a key, and the
 * host permission. Refused before anything is journaled.
 */
export async function requireReady(
  settings: Settings,
  hasApiPermission?: (origins: string[]) => Promise<boolean>,
): Promise<void> {
  const connection = connectionFor(settings);
  // Refused before anything is journaled: a URL the client will not send to is no lost call.
  for (const [label, url] of connection.addresses) {
    const problem = url.trim() === '' ? undefined : baseUrlProblem(url);
    if (problem)
      throw new ApiError('invalid', {
        description: `${label} ${problem}. Fix it in the options.`,
      });
  }
  if (!isConfigured(settings)) {
    throw connection.explain(new ApiError('auth', { description: connection.notConfigured }));
  }
  if (hasApiPermission && !(await hasApiPermission(apiOrigins(settings)))) {
    throw new ApiError('network', {
      description: 'The extension may not reach the API address yet. Grant access in the options.',
    });
  }
}

/**
 * The answer, its charge and the call's completion, written together. When the browser's
 * storage is full, the charge and the call are written without the answer, which is still shown.
 */
async function recordAnswered(
  now: () => number,
  db: Db,
  job: CallRecord,
  call: PaidCall,
  answer: { data: unknown; hubCharged?: number | null },
  settings: Settings,
  listed: ReadonlySet<string>,
): Promise<
  | { listed: ApiErrorJson }
  | { listed?: undefined; credits: number | null; fetchedAt: number; shown: unknown; notKept?: NotKept }
> {
  const { data } = answer;
  const read = connectionFor(settings).chargeOf(
    answer,
    () => reconcileCanonical(call.endpointId, call.canonical, data, { plan: settings.plan }),
    job.quote?.max ?? null,
  );
  const { credits } = read;
  if (read.reported !== undefined)
    console.warn(
      `The team hub reported ${read.reported} credits for a call quoted at most ${credits}: ${credits} recorded`,
    );
  const fetchedAt = now();
  const estimate = budgetBounds(call.endpointId, { min: null, max: null }).max;
  const charge =
    credits === null
      ? { estimate }
      : { credits, ...(read.reported !== undefined ? { reported: read.reported } : {}) };
  // About someone on the do-not-enrich list: paid, but neither the answer nor who was asked is kept.
  const screened = screenAnswer(listed, call.endpointId, data);
  if (screened.listed !== null)
    return { listed: await recordListedAnswer(db, job, charge, credits, fetchedAt) };
  const shown = screened.data;
  const entry = {
    key: call.cacheKey,
    endpointId: call.endpointId,
    params: { ...call.canonical },
    data: shown,
    fetchedAt,
    credits,
    bytes: sizeOf(shown),
    lastAccess: fetchedAt,
  };
  const record = async (withAnswer: boolean): Promise<boolean> => {
    const tx = db.transaction(['cache', 'meta', 'ledger', 'jobs'], 'readwrite');
    const kept = withAnswer && (await writeCache(tx, entry, settings.cacheMaxBytes));
    await recordAnswer(tx, job, charge, fetchedAt, shown);
    await tx.objectStore('jobs').put({
      ...job,
      status: 'done',
      cacheKey: call.cacheKey,
      credits,
      reserved: 0,
      ...(credits === null ? { unpriced: { settled: false } } : {}),
      updatedAt: fetchedAt,
    });
    await tx.done;
    return kept;
  };
  let notKept: NotKept | undefined;
  try {
    if (!(await record(true))) notKept = 'too-large-for-cache';
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    await record(false);
    notKept = 'storage-full';
  }
  return { credits, fetchedAt, shown, notKept };
}

/**
 * What became of a call that did not answer: lost after it may have been charged (interrupted,
 * settled from the balance), refused for credits (with what is left), or refused (failed).
 */
async function recordFailure(
  deps: CallDeps,
  db: Db,
  job: CallRecord,
  quote: Quote,
  settings: Settings,
  cause: unknown,
): Promise<SentResult> {
  const error = connectionFor(settings).explain(toApiError(cause));
  if (isLostAnswer(error)) {
    const interrupted = asInterrupted(
      { ...job, error: error.toJSON(), reserved: 0 },
      'connection',
      job.quote ?? { min: null, max: null },
      deps.now(),
    );
    // A team hub that lost the answer says what it charged for it (502 answer_lost): settled at that
    // (within the quote, as any charge it reports), where a balance could not tell.
    const told =
      typeof error.charged === 'number'
        ? connectionFor(settings).chargeOf({ hubCharged: error.charged }, () => null, job.quote?.max ?? null)
            .credits
        : null;
    const lost: CallRecord =
      told === null || interrupted.interruption === undefined
        ? interrupted
        : {
            ...interrupted,
            interruption: {
              ...interrupted.interruption,
              credits: told,
              range: { min: told, max: told },
              settled: true,
            },
          };
    const tx = db.transaction(['jobs', 'ledger'], 'readwrite');
    await tx.objectStore('jobs').put(lost);
    await recordInterruption(tx, lost);
    await tx.done;
    return { status: 'interrupted', interrupted: interruptedCallOf(lost, quote) };
  }
  if (error.kind === 'team-do-not-enrich' && error.charged !== undefined) {
    // The team hub was paid for an answer about someone on the team's list, and kept none of it.
    const estimate = budgetBounds(job.endpointId, { min: null, max: null }).max;
    const { credits } = connectionFor(settings).chargeOf(
      { hubCharged: error.charged },
      () => null,
      job.quote?.max ?? null,
    );
    const charge = credits === null ? { estimate } : { credits };
    const recorded = await recordListedAnswer(db, job, charge, credits, deps.now(), error.kind);
    return { status: 'error', error: recorded };
  }
  if (error.kind === 'credits') {
    // Refused for credits: say what is left (a free reading) and what this needed.
    const balance = await deps.checkpoints.readBalance(settings);
    const refused = new ApiError('credits', {
      ...error.toJSON(),
      ...(typeof balance === 'number' ? { balance } : {}),
      ...(quote.max !== null ? { needed: quote.max, neededMin: quote.min ?? 0 } : {}),
    });
    await markFailed(db, job, refused.toJSON(), deps.now());
    return { status: 'error', error: refused.toJSON() };
  }
  await markFailed(db, job, error.toJSON(), deps.now());
  return { status: 'error', error: error.toJSON() };
}

/**
 * With nothing in flight, a reference for what follows: the balance read now when due (settling
 * what it can), else the last reading if no call left since; clean when nothing is open.
 */
async function readReference(checkpoints: Checkpoints, db: Db, settings: Settings) {
  let resumable: CallRecord[] = [];
  let balance: number | null | undefined;
  if (await checkpoints.readingDue(db, settings)) {
    balance = await checkpoints.readBalance(settings);
    if (balance !== undefined) resumable = await checkpoints.settleWith(db, balance, settings);
  } else {
    balance = await checkpoints.readingStillCurrent(db);
  }
  const open = (await pendingCalls(db)).length + (await unsettledCalls(db)).length;
  return { reading: { balance, clean: open === 0 }, resumable };
}

/** Sends a departed call and records what became of it; it leaves the lane when it ended. */
async function fetchAndRecord(
  deps: CallDeps,
  job: CallRecord,
  call: PaidCall,
  settings: Settings,
  quote: Quote,
): Promise<SentResult> {
  const db = await deps.db();
  const listed = await listedKeys(db);
  const streamed: unknown[] = [];
  let bytes = 0;
  const report = () =>
    deps.onProgress?.(call.requestId, { requestId: call.requestId, results: [...streamed], bytes });
  try {
    const pace = deps.scheduler.pacerFor(connectionFor(settings).paceKey, { granted: true });
    const answer = await deps.client(settings, pace).callCanonical(call.endpointId, call.canonical, {
      // A person's click goes first at a team hub, which may journal by request id (the client tells only a hub).
      priority: call.priority,
      requestId: call.requestId,
      onResult: (result) => {
        const row = keptRow(listed, call.endpointId, result);
        if (row === null) return;
        streamed.push(row);
        report();
      },
      onProgress: (progress) => {
        bytes = progress.bytes;
      },
    });
    const recorded = await recordAnswered(deps.now, db, job, call, answer, settings, listed);
    if (recorded.listed) return { status: 'error', error: recorded.listed };
    const { credits, fetchedAt, notKept } = recorded;
    return {
      status: 'answer',
      data: recorded.shown,
      cached: false,
      fetchedAt,
      ageMs: 0,
      stale: false,
      credits,
      ...(notKept ? { notKept } : {}),
    };
  } catch (cause) {
    return await recordFailure(deps, db, job, quote, settings, cause);
  } finally {
    deps.lane.ended(job.id);
    deps.onProgress?.(call.requestId, null);
    if (deps.lane.inFlight() === 0) void deps.checkpoints.settleNow();
  }
}

export function createCalls(deps: CallDeps) {
  const { lane, checkpoints } = deps;

  /**
   * In turn: a checkpoint reading when nothing is in flight and one is due, the budget's check and
   * reservation, and the journal's entry. Returns null when the budget asks for a confirmation.
   */
  function depart(job: CallRecord, settings: Settings, confirmed: boolean) {
    return lane.inTurn(async () => {
      const db = await deps.db();
      const { reading, resumable } =
        lane.inFlight() === 0
          ? await readReference(checkpoints, db, settings)
          : { reading: { balance: undefined, clean: false }, resumable: [] };
      const bounds = budgetBounds(job.endpointId, job.quote ?? { min: null, max: null });
      if (!confirmed && settings.dailyBudget !== null) {
        const check = checkBudget(bounds, settings.dailyBudget, await committedToday(db, deps.now()));
        if (check.needsConfirmation) return { refused: check.remaining ?? 0, resumable };
      }
      const reserved = reservationOf(job.endpointId, job.quote ?? { min: null, max: null });
      const journaled = await journalDeparture(db, { ...job, reserved }, reading, deps.now());
      lane.left(journaled.id);
      return { job: journaled, resumable };
    });
  }

  /**
   * Sends one paid call through the scheduler: queued again after a 429 (a batch row always, a
   * click while the pause ends within its patience). `signal` gives up while it waits for its turn,
   * never once it left. Results carry no totals: the caller adds them.
   */
  async function send(call: PaidCall, settings: Settings, signal?: AbortSignal): Promise<SentResult> {
    const askedAt = deps.now();
    const quote = deps.quote(call.endpointId, call.canonical, settings);
    const job: CallRecord = {
      id: call.requestId,
      endpointId: call.endpointId,
      params: { ...call.canonical },
      status: 'pending',
      createdAt: askedAt,
      updatedAt: askedAt,
      quote: { min: quote.min, max: quote.max },
      ...(call.ownerId ? { ownerId: call.ownerId } : {}),
    };
    const lane = connectionFor(settings).paceKey;
    for (;;) {
      const { pausedForMs: paused, askedToWaitUntil } = deps.scheduler.state(lane);
      // A server that asked to wait past the cap stops batch rows too: they do not wait an hour unsaid.
      if (
        askedToWaitUntil !== undefined ||
        (call.priority !== 'batch' && deps.now() + paused > askedAt + CLICK_PATIENCE_MS)
      ) {
        const error = new ApiError('rate-limited', {
          retryAfterSeconds: Math.ceil(paused / 1000),
          ...(askedToWaitUntil !== undefined ? { waitUntil: askedToWaitUntil } : {}),
        });
        return { status: 'error', error: error.toJSON() };
      }
      try {
        await deps.scheduler.acquire(lane, call.priority, signal);
      } catch {
        // Told while it waited that the service asked to wait past the cap: said at the loop's top.
        if (!signal?.aborted && deps.scheduler.state(lane).askedToWaitUntil !== undefined) continue;
        // Given up before it left: nothing was sent, nothing journaled.
        return { status: 'error', error: new ApiError('aborted').toJSON() };
      }
      const departed = await depart(job, settings, call.confirmed);
      if (departed.resumable.length > 0) deps.onResumable(departed.resumable);
      if (departed.job === undefined)
        return { status: 'needs-confirmation', quote, remaining: departed.refused };
      const result = await fetchAndRecord(deps, departed.job, call, settings, quote);
      if (
        result.status === 'error' &&
        result.error.kind === 'rate-limited' &&
        !asksToWaitPastCap(result.error)
      )
        continue;
      return result;
    }
  }

  return { send };
}
