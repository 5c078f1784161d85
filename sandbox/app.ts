/**
 * The sandbox: the service of docs/service.md over a deterministic synthetic dataset, as a Hono
 * app. Every request to `/api/...` or `/v3/...` goes through the same steps:
 *
 *   log → key (401) → rate limit (429) → faults (latency, 500/503) → registry validation (400)
 *   → route handler (404, 409, 503, or the answer and its exact charge) → balance (403) → charge → send
 *
 * The endpoints are registered from the registry (lib/api/endpoints.ts): its paths, its parameter
 * schemas (so the sandbox refuses exactly what the client refuses locally) and its ids, which key the
 * handlers in routes/. Charges are billing.ts's own reading of the Limits table.
 */
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { stream } from 'hono/streaming';
import { DEFAULT_RATE_PER_MINUTE } from '../lib/api/assumptions';
import {
  type ApiVersion,
  creditBalanceEndpoint,
  type EndpointDef,
  type EndpointId,
  endpoints,
} from '../lib/api/endpoints';
import { type CanonicalParams, describeParamError } from '../lib/api/params';
import { SandboxClock } from './clock';
import { buildDataset, type DatasetCounts, DEFAULT_COUNTS } from './data/generate';
import { createQueries, SearchInputError } from './data/queries';
import type { Dataset, SandboxQueries } from './data/types';
import {
  breakSchema,
  delay,
  FAULT_HEADER,
  FaultCounters,
  type FaultPlan,
  NO_FAULTS,
  parseFaultPlan,
  truncateBody,
} from './faults';
import { type Account, Accounts, DEFAULT_KEYS_SPEC, type KeySpec, parseKeys } from './keys';
import { RateLimiter } from './ratelimit';
import { adminRoutes, RequestLog, type RequestLogEntry } from './routes/admin';
import type { RouteAnswer, RouteHandler, StreamedPage } from './routes/context';
import { type ErrorStatus, errorBody } from './routes/errors';
import { FreshnessLedger } from './routes/freshness';
import { handlers } from './routes/handlers';
import { expressionProblem } from './routes/validation';

/** The seed when none is given (`SANDBOX_SEED`). */
export const DEFAULT_SEED = 1;

export interface SandboxOptions {
  seed?: number;
  /** Default: `demo=10000:standard`. */
  keys?: readonly KeySpec[];
  ratePerMinute?: number;
  /** Faults per key (faults.ts); a request's `X-Sandbox-Fault` header replaces its key's. */
  keyFaults?: ReadonlyMap<string, FaultPlan>;
  /**
   * The time the sandbox starts from (freshness, ages); `POST /__sandbox/advance` moves the sandbox
   * forward from it. Default: the wall clock.
   */
  now?: () => Date;
  /** A dataset built elsewhere; by default the one of `seed`, built once per process. */
  dataset?: Dataset;
  /** The sizes of the seed's dataset, when not the default's (20,000 people: see data/README.md). */
  counts?: Partial<DatasetCounts>;
}

export interface SandboxState {
  accounts: Accounts;
  rateLimiter: RateLimiter;
  faultCounters: FaultCounters;
  freshness: FreshnessLedger;
  requests: RequestLog;
  /** The days advanced and the dataset as it stands after them. */
  clock: SandboxClock;
}

export interface Sandbox {
  app: Hono<SandboxEnv>;
  state: SandboxState;
  /** The queries over the dataset as it stands now (after the clock's advances). */
  readonly queries: SandboxQueries;
  /** The sandbox's time: the given clock moved forward by the days advanced. */
  now: () => Date;
  /** Balances, request log, rate windows, fault counters, refreshes and the clock back to the start. */
  reset(): void;
}

interface SandboxEnv {
  Variables: { account: Account; faults: FaultPlan; log: RequestLogEntry };
}

type SandboxContext = Context<SandboxEnv>;

const builtDatasets = new Map<string, { dataset: Dataset; queries: SandboxQueries }>();

const DAY_MS = 86_400_000;

/**
 * The dataset of a seed and its queries, built once per process (tests start many sandboxes). Its
 * "now" is the start of the UTC day of `at`: answers are the same all day, and the records' ages
 * (last updated, current jobs) are relative to the real date, as the extension shows them.
 */
export function datasetForSeed(
  seed: number,
  at: Date = new Date(),
  counts?: Partial<DatasetCounts>,
): { dataset: Dataset; queries: SandboxQueries } {
  const now = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
  // Keyed by the sizes built, so the default asked for by name is the same build as no sizes at all.
  const sizes: DatasetCounts = { ...DEFAULT_COUNTS, ...counts };
  const memoKey = `${seed} ${now.toISOString()} ${sizes.people} ${sizes.companies} ${sizes.schools} ${sizes.jobs}`;
  let built = builtDatasets.get(memoKey);
  if (!built) {
    const dataset = buildDataset({ seed, now, counts: sizes });
    built = { dataset, queries: createQueries(dataset) };
    builtDatasets.set(memoKey, built);
  }
  return built;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const startClock = options.now ?? (() => new Date());
  const { queries: baseQueries } = options.dataset
    ? { queries: createQueries(options.dataset) }
    : datasetForSeed(options.seed ?? DEFAULT_SEED, startClock(), options.counts);
  const clock = new SandboxClock(baseQueries, startClock);
  const now = () => clock.now();
  const keyFaults = options.keyFaults ?? new Map<string, FaultPlan>();

  const state: SandboxState = {
    accounts: new Accounts(options.keys ?? parseKeys(DEFAULT_KEYS_SPEC)),
    rateLimiter: new RateLimiter(options.ratePerMinute ?? DEFAULT_RATE_PER_MINUTE),
    faultCounters: new FaultCounters(),
    freshness: new FreshnessLedger(),
    requests: new RequestLog(),
    clock,
  };
  const reset = () => {
    state.accounts.reset();
    state.rateLimiter.reset();
    state.faultCounters.reset();
    state.freshness.reset();
    state.requests.clear();
    state.clock.reset();
  };

  // No CORS: the extension reaches the sandbox through its host permission, and CORS headers would
  // hide a missing permission (docs/host-permissions.md).
  const app = new Hono<SandboxEnv>();

  app.route('/__sandbox', adminRoutes({ ...state, reset }));

  const guard = apiGuard(state, keyFaults);
  app.use('/api/*', guard);
  app.use('/v3/*', guard);

  app.get(creditBalanceEndpoint.path, (c) => c.json({ credit_balance: c.get('account').balance }));

  for (const endpoint of Object.values(endpoints) as EndpointDef[]) {
    const handler = handlers[endpoint.id] as RouteHandler<EndpointId>;
    const route = (c: SandboxContext) => dispatch(c, endpoint, handler, state.clock.queries, state, now);
    // The spec writes some paths with a trailing slash and some without; accept both for each.
    const bare = endpoint.path.replace(/\/$/, '');
    app.get(bare, route);
    app.get(`${bare}/`, route);
  }

  app.notFound((c) => c.json(errorBody(404, versionOf(c.req.path)), 404));
  app.onError((error, c) => {
    console.error('sandbox: unexpected error', error);
    return c.json(errorBody(500, versionOf(c.req.path)), 500);
  });

  return {
    app,
    state,
    get queries() {
      return clock.queries;
    },
    now,
    reset,
  };
}

function versionOf(path: string): ApiVersion {
  return path.startsWith('/v3/') ? 'v3' : 'v2';
}

function errorResponse(
  c: SandboxContext,
  status: ErrorStatus,
  description?: string,
  extra?: { cachedProfileAgeSeconds: number },
): Response {
  return c.json(errorBody(status, versionOf(c.req.path), description, extra), status);
}

/** Log, key, rate limit and faults: everything before the endpoint itself. */
function apiGuard(state: SandboxState, keyFaults: ReadonlyMap<string, FaultPlan>) {
  return async (c: SandboxContext, next: () => Promise<void>): Promise<Response | undefined> => {
    const log: RequestLogEntry = {
      time: new Date().toISOString(),
      key: null,
      path: c.req.path,
      query: c.req.query(),
      status: 0,
      charged: 0,
    };
    state.requests.add(log);
    c.set('log', log);
    const response = await guarded(c, next, state, keyFaults, log);
    if (response) c.res = response;
    // Nobody is left to read the answer: it is dropped and the log says 499, with whatever the
    // request was charged (nothing, unless its key charges clients that leave: see guarded).
    if (clientGone(c)) c.res = clientClosed();
    log.status = c.res.status;
    return response;
  };
}

/**
 * "Client closed request", nginx's status for a request whose client left before the answer; only
 * ever logged, since nobody receives it.
 */
const CLIENT_CLOSED_REQUEST = 499;

function clientClosed(): Response {
  return new Response(null, { status: CLIENT_CLOSED_REQUEST });
}

/** Whether the client has left: the socket closed (Node aborts the request's signal then). */
function clientGone(c: SandboxContext): boolean {
  return c.req.raw.signal.aborted;
}

async function guarded(
  c: SandboxContext,
  next: () => Promise<void>,
  state: SandboxState,
  keyFaults: ReadonlyMap<string, FaultPlan>,
  log: RequestLogEntry,
): Promise<Response | undefined> {
  const key = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (key !== undefined) log.key = key;
  const account = key === undefined ? undefined : state.accounts.get(key);
  if (!key || !account) return errorResponse(c, 401);

  const rate = state.rateLimiter.admit(key);
  if (!rate.allowed) {
    c.header('Retry-After', String(rate.retryAfterSeconds));
    return errorResponse(c, 429);
  }

  const header = c.req.header(FAULT_HEADER);
  let faults = keyFaults.get(key) ?? NO_FAULTS;
  if (header !== undefined) {
    try {
      faults = parseFaultPlan(header);
    } catch (error) {
      return errorResponse(c, 400, `${FAULT_HEADER} header: ${(error as Error).message}`);
    }
  }
  await delay(faults.latencyMs);
  // A client that left while we waited (a closed tab, a stopped extension worker): by default it
  // pays nothing, as the work is never done. A key with chargeOnClientGone stands for the worst
  // case of the real service, whose behaviour here is not shown: the request reached it, so it goes
  // on, and is charged exactly what the answer it would have sent costs. Logged 499 either way.
  if (clientGone(c) && !account.chargeOnClientGone) return clientClosed();
  const injected = state.faultCounters.injectedStatus(key, faults);
  if (injected) return errorResponse(c, injected);

  c.set('account', account);
  c.set('faults', faults);
  await next();
  return undefined;
}

/** Balance check: an account with no credits left, or too few for this answer, gets 403. */
function canAfford(account: Account, cost: number): boolean {
  return account.balance > 0 && cost <= account.balance;
}

function dispatch(
  c: SandboxContext,
  endpoint: EndpointDef,
  handler: RouteHandler<EndpointId>,
  queries: SandboxQueries,
  state: SandboxState,
  now: () => Date,
): Response {
  const rawQuery = c.req.query();
  const parsed = endpoint.params.safeParse(rawQuery);
  if (!parsed.success) return errorResponse(c, 400, describeParamError(parsed.error));
  const params = parsed.data as CanonicalParams<EndpointId>;
  const problem = expressionProblem(endpoint.id, params);
  if (problem) return errorResponse(c, 400, problem);

  const account = c.get('account');
  let answer: RouteAnswer;
  try {
    answer = handler({
      params,
      rawQuery,
      origin: new URL(c.req.url).origin,
      path: endpoint.path,
      account,
      queries,
      freshness: state.freshness,
      now: now(),
    });
  } catch (error) {
    // A filter the dataset cannot use (e.g. a malformed date range) names its parameter.
    if (error instanceof SearchInputError) return errorResponse(c, 400, error.message);
    throw error;
  }

  if (answer.kind === 'error') {
    const extra =
      answer.cachedProfileAgeSeconds === undefined
        ? undefined
        : { cachedProfileAgeSeconds: answer.cachedProfileAgeSeconds };
    return errorResponse(c, answer.status, answer.description, extra);
  }
  if (answer.kind === 'stream') return streamPage(c, answer);

  if (!canAfford(account, answer.cost)) return errorResponse(c, 403);
  account.balance -= answer.cost;
  c.get('log').charged = answer.cost;
  const faults = c.get('faults');
  const text = JSON.stringify(faults.breakSchema ? breakSchema(answer.body) : answer.body);
  return c.body(faults.truncate ? truncateBody(text) : text, 200, { 'Content-Type': 'application/json' });
}

/** Lets the event loop run between two results, so each leaves as its own chunk. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A streamed page (chunked transfer): the envelope's opening, each result as it is produced, then
 * the rest of the envelope. The whole page's charge is held before the first byte, so concurrent
 * requests cannot overdraw the balance; when the page ends (or a truncate fault cuts it) the charge
 * becomes that of the results produced and the rest is given back.
 *
 * A client that leaves mid-page is charged for what was computed. By default the sandbox notices
 * and stops, so that is the results produced before it noticed (each one written, or lost with the
 * connection). With the key's chargeOnClientGone (the worst case) the page it started is computed to
 * its end, as the answer it would have sent, and charged in full. Logged 499 either way.
 */
function streamPage(c: SandboxContext, page: StreamedPage): Response {
  const account = c.get('account');
  const log = c.get('log');
  const faults = c.get('faults');
  const held = page.costOf(page.count);
  if (!canAfford(account, held)) return errorResponse(c, 403);
  account.balance -= held;
  log.charged = held;

  const stopAt = faults.truncate ? Math.floor(page.count / 2) : page.count;
  const tail = JSON.stringify(page.tail);
  const signal = c.req.raw.signal;
  c.header('Content-Type', 'application/json');
  return stream(c, async (out) => {
    // A closed socket aborts the request's signal; stop writing then, as a write that nobody reads
    // would wait for ever (the app also drops this body for a 499 when the client left first).
    const leave = () => out.abort();
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
    let produced = 0;
    try {
      await out.write(`{${JSON.stringify(page.resultsKey)}:[`);
      while (produced < stopAt && !out.aborted) {
        const result = page.produce(produced);
        await out.write(
          (produced > 0 ? ',' : '') + JSON.stringify(faults.breakSchema ? breakSchema(result) : result),
        );
        produced += 1;
        await nextTurn();
      }
      if (!faults.truncate && !out.aborted) await out.write(tail === '{}' ? ']}' : `],${tail.slice(1)}`);
    } finally {
      signal.removeEventListener('abort', leave);
      if (out.aborted) {
        if (account.chargeOnClientGone) for (; produced < stopAt; produced++) page.produce(produced);
        log.status = CLIENT_CLOSED_REQUEST;
      }
      const charged = page.costOf(produced);
      account.balance += held - charged;
      log.charged = charged;
    }
  });
}

export interface RunningSandbox {
  /** `http://127.0.0.1:<port>`: both base URLs (v2 paths under /api/v2/, v3 under /v3/). */
  url: string;
  port: number;
  sandbox: Sandbox;
  close(): Promise<void>;
}

/** Starts a sandbox on 127.0.0.1; `port: 0` (the default) picks a free port. */
export function startSandbox(options: SandboxOptions & { port?: number } = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox(options);
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: sandbox.app.fetch, port: options.port ?? 0, hostname: '127.0.0.1' },
      (info) => {
        const url = `http://127.0.0.1:${info.port}`;
        resolve({
          url,
          port: info.port,
          sandbox,
          close: () =>
            new Promise<void>((done, fail) => {
              server.close((error) => (error ? fail(error) : done()));
              if ('closeAllConnections' in server) server.closeAllConnections();
            }),
        });
      },
    );
    server.once('error', reject);
  });
}
