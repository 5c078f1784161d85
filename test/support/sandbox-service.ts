/**
 * The background's service over the sandbox app (no socket) and the fake IndexedDB, as the unit
 * tests of what it keeps use it: settings pointing at the sandbox, and a scheduler paced fast
 * (these tests are about what is sent and kept, not about the rate limit).
 */
import { createClient } from '../../lib/background/api/client';
import { openDb } from '../../lib/background/db';
import { createScheduler } from '../../lib/background/scheduler';
import { createService } from '../../lib/background/service';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings';
import {
  createSandbox,
  DEFAULT_SEED,
  datasetForSeed,
  type Sandbox,
  type SandboxOptions,
} from '../../sandbox/app';
import { SMALL_COUNTS } from '../../sandbox/data/generate';

/** The unit tests' dataset (the sandbox's `SMALL_COUNTS`) of the day of `at` (default today). */
export const unitDataset = (at?: Date) => datasetForSeed(DEFAULT_SEED, at, SMALL_COUNTS).dataset;

/** A sandbox over the unit tests' dataset. */
export const unitSandbox = (options: Omit<SandboxOptions, 'counts' | 'dataset'> = {}) =>
  createSandbox({ ...options, counts: SMALL_COUNTS });

export const SANDBOX_SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  apiKey: 'demo',
  baseUrlV2: 'https://sandbox.test',
  baseUrlV3: 'https://sandbox.test',
  onboarded: true,
};

export function sandboxService(
  sandbox: Sandbox,
  settings = SANDBOX_SETTINGS,
  /** The service's clock (its ledger, its journal, its balance readings); the wall clock by default. */
  now?: () => number,
) {
  return createService({
    db: openDb,
    settings: async () => settings,
    now,
    client: (s, pace) =>
      createClient({
        ...s,
        pace,
        fetch: (request: Request) => Promise.resolve(sandbox.app.request(request)),
      }),
    scheduler: createScheduler({ ratePerMinute: 60_000 }),
  });
}

/**
 * A worker's service that can be stopped as MV3 stops a worker: its calls in flight are cut (their
 * answers never arrive) and nothing more leaves. Interrupted calls settle after `settleAfterMs`.
 */
export function stoppableService(
  sandbox: Sandbox,
  {
    settleAfterMs,
    ratePerMinute = 60_000,
    fault,
    refuse,
  }: {
    settleAfterMs: number;
    ratePerMinute?: number;
    /** A sandbox fault (X-Sandbox-Fault) for the requests to this path, if any. */
    fault?: (path: string) => string | undefined;
    /** Whether the connection for a request to this path is refused, as a service that is gone refuses it (nothing sent). */
    refuse?: (path: string) => boolean;
  },
  settings = SANDBOX_SETTINGS,
) {
  const cuts = new Set<AbortController>();
  let stopped = false;
  const fetch = (request: Request): Promise<Response> => {
    if (stopped) return new Promise<Response>(() => {});
    if (refuse?.(new URL(request.url).pathname))
      return Promise.reject(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        }),
      );
    const cut = new AbortController();
    cuts.add(cut);
    const headers = new Headers(request.headers);
    const injected = fault?.(new URL(request.url).pathname);
    if (injected) headers.set('X-Sandbox-Fault', injected);
    const forwarded = new Request(request, {
      headers,
      signal: AbortSignal.any([request.signal, cut.signal]),
    });
    return new Promise<Response>((resolve, reject) => {
      Promise.resolve(sandbox.app.request(forwarded)).then(
        (response) => {
          cuts.delete(cut);
          if (!stopped) resolve(response);
        },
        (error) => {
          cuts.delete(cut);
          if (!stopped) reject(error);
        },
      );
    });
  };
  const service = createService({
    db: openDb,
    settings: async () => settings,
    client: (s, pace) => createClient({ ...s, pace, fetch }),
    settleAfterMs,
    scheduler: createScheduler({ ratePerMinute }),
  });
  const stop = () => {
    stopped = true;
    service.dispose();
    for (const cut of cuts) cut.abort();
  };
  return { service, stop };
}

/** The person profile's route: the calls a job's tests count, hold and stop at. */
export const PROFILE_PATH = '/api/v2/profile';

/** How long a held call (holdCalls) waits at the sandbox before it is answered. */
export const HELD_MS = 1_000;

/**
 * A fault for stoppableService that holds the given calls to `path` (counted from 1) at the sandbox
 * for HELD_MS. With a job's rows asked one at a time, a test then sees such a call in flight, every
 * call before it answered and written and none after it, however loaded the machine: a window it
 * can act in (stop the worker, pause, cancel), where a short latency gave one it could miss. A
 * worker that stops lost calls settles them only HELD_MS after they left or later, since a sandbox
 * that charges a call whose client left does so when the call's wait ends.
 */
export function holdCalls(
  path: string,
  holding: readonly number[],
): (requestPath: string) => string | undefined {
  let sent = 0;
  return (requestPath) =>
    requestPath === path && holding.includes(++sent) ? `latency=${HELD_MS}` : undefined;
}

/**
 * A worker for the job runner's tests (batches, lists): its stoppable service over the sandbox, and
 * the runner's dependencies: new ids, a short settle poll and, when `holding` names profile calls
 * to hold (holdCalls), rows asked one at a time.
 */
export function jobWorker(
  sandbox: Sandbox,
  {
    settleAfterMs,
    ratePerMinute = 60_000,
    holding = [],
    refuse,
  }: {
    settleAfterMs: number;
    ratePerMinute?: number;
    holding?: readonly number[];
    refuse?: (path: string) => boolean;
  },
  settings = SANDBOX_SETTINGS,
) {
  const { service, stop } = stoppableService(
    sandbox,
    { settleAfterMs, ratePerMinute, fault: holdCalls(PROFILE_PATH, holding), refuse },
    settings,
  );
  let ids = 0;
  const runnerDeps = {
    db: openDb,
    service,
    newId: () => `id-${Math.random().toString(36).slice(2)}-${++ids}`,
    settlePollMs: 50,
    ...(holding.length > 0 ? { concurrency: 1 } : {}),
  };
  return { service, stop, runnerDeps };
}

/**
 * Reads until `ok` holds (every 10 ms), or fails with the last value read after `timeoutMs` worth of
 * those pauses (counted, not read on the clock: see waitFor in ./sections-harness.tsx).
 */
export async function until<T>(
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 5_000,
): Promise<T> {
  for (let pauses = 0; ; pauses++) {
    const value = await read();
    if (ok(value)) return value;
    if (pauses * 10 > timeoutMs) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
