/**
 * The hub as a Hono app. Members call the service's own paths (`/api/v2/…`, `/v3/…`) with their
 * member token as the bearer key (proxy.ts), and the hub's own free routes under `/hub/v1/`:
 * `me` (their budget and spend), `peek/<service path>?…` (whether the team has an answer, and how
 * old), `POST peek` (up to 1,000 at once, with the team's do-not-enrich list and CRM: peek.ts),
 * `forgotten?since=N` (subjects forgotten at the hub, for browsers to forget too).
 *
 * Nothing that matters is kept in the process: any number of hubs on one database are one hub.
 */
import { setMaxListeners } from 'node:events';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Plan } from '../lib/pricing/credits';
import { adminRoutes } from './admin-routes';
import { type AlertDeps, BudgetAlerts } from './alerts';
import { bearerOf, errorJson, jsonResponse } from './answers';
import { DEFAULT_TIME_ZONE, leftOf, usageOf, useTimeZone } from './budget';
import { DEFAULT_PROVIDER_TIMEOUT_MS, DEFAULT_UNBOUNDED_RESERVE } from './config';
import { DatabaseUnavailable, type Db } from './db';
import { healthRoutes } from './health';
import { AccountLimiter, type Priority } from './limiter';
import { type Member, memberByToken } from './members';
import { HubMetrics, metricsRoute } from './metrics';
import { migrate } from './migrations';
import { wholeNumberOf } from './numbers';
import { peekAnswers, readPeekBody } from './peek';
import { forgottenSince } from './privacy';
import { type ProxyConfig, proxyRequest, validate } from './proxy';
import { IDEMPOTENCY_HEADER, REQUEST_ID_RULE, sentRequestId } from './request-id';
import { observeRequests } from './request-log';
import { settleExpired } from './request-steps';
import { TeamWatch } from './team-watch';
import { TEAM_WATCH_PATHS, teamWatchRoutes } from './team-watch-routes';
import { TestClock, testClockRoutes } from './test-clock';

export interface HubOptions {
  db: Db;
  providerUrl: string;
  providerKey: string;
  /** HUB_ADMIN_TOKEN: the admin's routes (/hub/v1/admin/…); none without it. */
  adminToken?: string;
  plan?: Plan;
  ratePerMinute?: number;
  unboundedReserve?: number;
  /** HUB_PROVIDER_TIMEOUT_MS: how long the service may take to answer (60 s). */
  fetchTimeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
  /** HUB_TIME_ZONE: what "today" and "this month" mean for budgets and spend (default UTC). */
  timeZone?: string;
  /** HUB_METRICS_TOKEN: the bearer token of `GET /metrics`; no metrics without it. */
  metricsToken?: string;
  /** HUB_ALERT_WEBHOOK: where budget alerts are posted (alerts.ts); no alerts without it. */
  alertWebhook?: string;
  /** HUB_BALANCE_FLOOR: the account's balance under which an alert is posted (with alertWebhook). */
  balanceFloor?: number;
  /** How alerts are posted (the global fetch unless a test gives its own). */
  alertFetch?: typeof fetch;
  /** Where each member request's JSON log line goes (request-log.ts); none unless given. */
  log?: (line: string) => void;
  /** HUB_WATCH_CHECK_MS: how often a running hub looks for team watch people due (team-watch.ts). */
  watchCheckEveryMs?: number;
  /**
   * HUB_TEST_CLOCK=1, the end-to-end tests' hook (test-clock.ts): a clock they move forward and its
   * route. Never in production: without it there is no such route.
   */
  testClock?: boolean;
}

type HubEnv = { Variables: { member: Member } };

export interface Hub {
  app: Hono<HubEnv>;
  limiter: AccountLimiter;
  metrics: HubMetrics;
  alerts: BudgetAlerts | undefined;
  /** The team watch's schedule (team-watch.ts): started by a running hub (startHub), asked by tests. */
  watch: TeamWatch;
  config: ProxyConfig;
  /**
   * Stops taking requests: new ones are refused with 503 (nothing sent), and those waiting for a
   * rate slot or for a colleague's identical request are answered so at once, their reservations
   * released. Requests already at the service go on.
   */
  stopTaking(): void;
  /** Stops the hub's own periodic work (the balance checks, the team watch) and waits for what is under way. */
  stop(): Promise<void>;
}

const PRIORITY_HEADER = 'X-Hub-Priority';
/** Where members' requests arrive: the service's paths and the hub's own member routes. */
/** (`/hub/v1/peek/*` is the batch's `/hub/v1/peek` too, as Hono matches a wildcard.) */
const MEMBER_PATHS = [
  '/api/*',
  '/v3/*',
  '/hub/v1/me',
  '/hub/v1/peek/*',
  '/hub/v1/forgotten',
  ...TEAM_WATCH_PATHS,
];
/** A batch peek's body at most: 1,000 requests with their rows are well under it. */
const PEEK_BODY_BYTES = 4 * 1024 * 1024;

/** HUB_ALERT_WEBHOOK's alerts, their balance timer started; none without a webhook. */
function startAlerts(options: HubOptions, deps: AlertDeps): BudgetAlerts | undefined {
  if (!options.alertWebhook) return undefined;
  const alerts = new BudgetAlerts(deps, {
    webhookUrl: options.alertWebhook,
    balanceFloor: options.balanceFloor,
    post: options.alertFetch,
  });
  alerts.start();
  return alerts;
}

/** Once the hub is stopping, every request is answered 503 before anything is done (Hub.stopTaking). */
function refusedWhileStopping(stopping: AbortSignal) {
  return async (c: Context<HubEnv>, next: () => Promise<void>) => {
    if (stopping.aborted)
      return c.json(
        errorJson(503, 'The hub is stopping: nothing was sent to the service and nothing was charged', {
          error: 'hub_stopping',
        }),
        503,
      );
    await next();
  };
}

/** Migrates the database, sets up the limiter and builds the app. */
export async function createHub(options: HubOptions): Promise<Hub> {
  const { db } = options;
  await migrate(db);
  await useTimeZone(db, options.timeZone ?? DEFAULT_TIME_ZONE);
  const metrics = new HubMetrics(db, { processMetrics: options.metricsToken !== undefined });
  const limiter = new AccountLimiter(db, options.ratePerMinute ?? 300, (seconds) =>
    metrics.limiterWait(seconds),
  );
  await limiter.init();
  const config: ProxyConfig = {
    providerUrl: options.providerUrl,
    providerKey: options.providerKey,
    plan: options.plan ?? 'standard',
    unboundedReserve: options.unboundedReserve ?? DEFAULT_UNBOUNDED_RESERVE,
    fetchTimeoutMs: options.fetchTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
  };
  const serviceFetch = options.fetch ?? fetch;
  const alerts = startAlerts(options, {
    db,
    limiter,
    providerUrl: config.providerUrl,
    providerKey: config.providerKey,
    fetch: serviceFetch,
  });
  const stopping = new AbortController();
  // Every request waiting for a rate slot listens for the stop: hundreds at once is the normal case.
  setMaxListeners(0, stopping.signal);
  const testClock = options.testClock ? new TestClock(options.now ?? (() => new Date())) : null;
  const now = testClock?.now ?? options.now ?? (() => new Date());
  const deps = { db, limiter, config, fetch: serviceFetch, now, alerts, stopping: stopping.signal };
  const watch = new TeamWatch(deps, { checkEveryMs: options.watchCheckEveryMs });
  const app = new Hono<HubEnv>();
  app.use('*', refusedWhileStopping(stopping.signal));

  app.onError((error, c) => {
    // Only a request that was not sent gets here with the database gone: once the service answered,
    // the proxy keeps the answer and settles it (or answers answer_lost), never this.
    if (error instanceof DatabaseUnavailable)
      return c.json(
        errorJson(503, `${error.message}. Nothing was sent to the service and nothing was charged.`, {
          error: 'hub_database_unavailable',
        }),
        503,
      );
    console.error('hub: unexpected error', error);
    return c.json(errorJson(500, 'Internal server error'), 500);
  });
  app.notFound((c) => c.json(errorJson(404, 'The requested resource could not be found'), 404));

  const bearerToken = (c: Context<HubEnv>) => bearerOf(c.req.header('Authorization'));
  const members = async (c: Context<HubEnv>, next: () => Promise<void>) => {
    const checked = await memberByToken(db, bearerToken(c));
    if ('refusal' in checked) return checked.refusal;
    c.set('member', checked.member);
    await next();
  };
  // The operator's routes and the admin's first: their own tokens (or none), not a member's.
  healthRoutes(app, db);
  metricsRoute(app, metrics, options.metricsToken);
  adminRoutes(app, db, options.adminToken, { alerts, config, now });
  // Every member request is logged and counted, whatever its answer.
  for (const path of MEMBER_PATHS) app.use(path, observeRequests(metrics, options.log));
  // The service's paths read the token in their first statement (proxyRequest).
  for (const path of [
    '/hub/v1/me',
    '/hub/v1/peek',
    '/hub/v1/peek/*',
    '/hub/v1/forgotten',
    ...TEAM_WATCH_PATHS,
  ])
    app.use(path, members);
  teamWatchRoutes(app, { db, config, now });
  if (testClock) testClockRoutes(app, testClock, watch);

  const serviceCall = (c: Context<HubEnv>) => {
    const url = new URL(c.req.url);
    const asked = c.req.header(PRIORITY_HEADER);
    const priority: Priority = asked === 'click' ? 'click' : 'batch';
    const requestId = sentRequestId(c.req.header(IDEMPOTENCY_HEADER));
    if (requestId === null)
      return jsonResponse(400, errorJson(400, `${IDEMPOTENCY_HEADER}: must be ${REQUEST_ID_RULE}`));
    return proxyRequest(deps, {
      requestId,
      method: c.req.method,
      path: url.pathname,
      search: url.search,
      priority,
      token: bearerToken(c),
    });
  };
  // Every method, so that proxyRequest answers any but GET (a HEAD included) with 405.
  app.all('/api/*', serviceCall);
  app.all('/v3/*', serviceCall);

  app.get('/hub/v1/me', async (c) => {
    const member = c.get('member');
    const usage = await usageOf(db, member.id);
    const left = leftOf(member, usage);
    return c.json({
      name: member.name,
      daily_budget: member.dailyBudget,
      monthly_budget: member.monthlyBudget,
      spent_today: usage.spentToday,
      reserved_today: usage.reservedToday,
      left_today: left.daily,
      spent_this_month: usage.spentThisMonth,
      left_this_month: left.monthly,
    });
  });

  // What the same request would get from the team's copy, as proxyRequest decides it (peek.ts).
  app.get('/hub/v1/peek/*', async (c) => {
    const url = new URL(c.req.url);
    const checked = validate(url.pathname.slice('/hub/v1/peek'.length), url.search);
    if ('refusal' in checked) return checked.refusal;
    const [answer] = await peekAnswers(db, [{ ...checked, identity: null }], deps.now(), { crm: false });
    const { cached, free, age_seconds, fetched_at } = answer!;
    return c.json({ cached, free, age_seconds, fetched_at });
  });

  // Up to 1,000 peeks at once, each with whether its row is in the team's CRM (peek.ts).
  app.post(
    '/hub/v1/peek',
    bodyLimit({
      maxSize: PEEK_BODY_BYTES,
      onError: (c) =>
        c.json(
          errorJson(
            413,
            `The body is larger than ${PEEK_BODY_BYTES / 1024 / 1024} MB: peek at most 1,000 requests at once`,
          ),
          413,
        ),
    }),
    async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        body = undefined;
      }
      const asked = readPeekBody(body);
      if (typeof asked === 'string') return c.json(errorJson(400, asked), 400);
      return c.json({ answers: await peekAnswers(db, asked, deps.now(), { crm: true }) });
    },
  );

  app.get('/hub/v1/forgotten', async (c) => {
    const since = wholeNumberOf(c.req.query('since') ?? '0');
    if (since === null)
      return jsonResponse(400, errorJson(400, 'since: must be a whole number, 0 or more, in digits'));
    const forgotten = await forgottenSince(db, since);
    return c.json({ forgotten, last: forgotten.at(-1)?.seq ?? since });
  });

  return {
    app,
    limiter,
    metrics,
    alerts,
    watch,
    config,
    stopTaking: () => stopping.abort(),
    stop: async () => {
      await Promise.all([alerts?.stop(), watch.stop()]);
    },
  };
}

export interface RunningHub {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** How often a hub process settles the journal rows whose lease has passed (request-steps.ts settleExpired). */
const SWEEP_EVERY_MS = 2_000;

/**
 * The hub on a port, sweeping the journal on a timer; each member request's JSON line on stdout
 * unless `log` says otherwise. `close` is the honest stop (SIGTERM, main.ts): no new request is
 * taken, those waiting are answered 503 "nothing sent" at once, those at the service are waited for
 * (up to the service's timeout and the settle's retries), then the server closes and the hub's
 * periodic work stops (Hub.stop). The database stays open for the caller to close.
 */
export async function startHub(
  options: HubOptions & { port: number; hostname?: string },
): Promise<RunningHub> {
  const hub = await createHub({ log: (line) => process.stdout.write(`${line}\n`), ...options });
  hub.watch.start();
  const sweep = setInterval(() => {
    settleExpired(options.db).catch(() => {});
  }, SWEEP_EVERY_MS);
  sweep.unref();
  // Requests whose answer is not written yet (once stopped: those at the service, and the last 503s).
  let open = 0;
  return new Promise((resolve) => {
    const server = serve(
      { fetch: hub.app.fetch, port: options.port, hostname: options.hostname ?? '127.0.0.1' },
      (info) =>
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          port: info.port,
          close: async () => {
            hub.stopTaking();
            clearInterval(sweep);
            const closed = new Promise<void>((done) => server.close(() => done()));
            const giveUpAt = Date.now() + 2 * hub.config.fetchTimeoutMs + 1_000;
            while (open > 0 && Date.now() < giveUpAt) await new Promise((wake) => setTimeout(wake, 20));
            if ('closeAllConnections' in server) server.closeAllConnections();
            await closed;
            await hub.stop();
          },
        }),
    );
    server.on('request', (_request, response: { once(event: 'close', listener: () => void): void }) => {
      open++;
      response.once('close', () => open--);
    });
  });
}
