/**
 * The hub as a Hono app. Members call the service's own paths (`/api/v2/…`, `/v3/…`) with their
 * member token as the bearer key (proxy.ts), and the hub's own free routes under `/hub/v1/`:
 * `me` (their budget and spend), `peek/<service path>?…` (whether the team has an answer, and how
 * old), `forgotten?since=N` (subjects forgotten at the hub, for browsers to forget too).
 *
 * Nothing that matters is kept in the process: any number of hubs on one database are one hub.
 */
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import type { Plan } from '../lib/background/credits';
import { adminRoutes } from './admin-routes';
import { errorJson, jsonResponse, unauthorized } from './answers';
import { leftOf, usageOf } from './budget';
import { ageSeconds, cacheKey, freshEnough, readCached } from './cache';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from './config';
import { DatabaseUnavailable, type Db } from './db';
import { AccountLimiter, type Priority } from './limiter';
import { type Member, memberByToken } from './members';
import { migrate } from './migrations';
import { forgottenSince } from './privacy';
import { type ProxyConfig, proxyRequest, validate } from './proxy';
import { settleExpired } from './request-steps';

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
}

type HubEnv = { Variables: { member: Member } };

export interface Hub {
  app: Hono<HubEnv>;
  limiter: AccountLimiter;
  config: ProxyConfig;
  /**
   * Stops taking requests: new ones are refused with 503 (nothing sent), and those waiting for a
   * rate slot or for a colleague's identical request are answered so at once, their reservations
   * released. Requests already at the service go on.
   */
  stop(): void;
}

const PRIORITY_HEADER = 'X-Hub-Priority';
/** The member's id for a request (the extension sends each paid call's): answered again from the journal. */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const IDEMPOTENCY_KEY_MAX_CHARS = 200;

/** Migrates the database, sets up the limiter and builds the app. */
export async function createHub(options: HubOptions): Promise<Hub> {
  const { db } = options;
  await migrate(db);
  const limiter = new AccountLimiter(db, options.ratePerMinute ?? 300);
  await limiter.init();
  const config: ProxyConfig = {
    providerUrl: options.providerUrl,
    providerKey: options.providerKey,
    plan: options.plan ?? 'standard',
    unboundedReserve: options.unboundedReserve ?? 10,
    fetchTimeoutMs: options.fetchTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS,
  };
  const stopping = new AbortController();
  const deps = {
    db,
    limiter,
    config,
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
    stopping: stopping.signal,
  };
  const app = new Hono<HubEnv>();
  app.use('*', async (c, next) => {
    if (stopping.signal.aborted)
      return c.json(
        errorJson(503, 'The hub is stopping: nothing was sent to the service and nothing was charged', {
          error: 'hub_stopping',
        }),
        503,
      );
    await next();
  });

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

  const bearerToken = (c: Context<HubEnv>) =>
    /^Bearer\s+(.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1]?.trim() ?? '';
  const members = async (c: Context<HubEnv>, next: () => Promise<void>) => {
    const member = await memberByToken(db, bearerToken(c));
    if (!member) return unauthorized();
    c.set('member', member);
    await next();
  };
  // The admin's routes first: their own token, not a member's.
  adminRoutes(app, db, options.adminToken);
  // The service's paths read the token in their first statement (proxyRequest).
  for (const path of ['/hub/v1/me', '/hub/v1/peek/*', '/hub/v1/forgotten']) app.use(path, members);

  const serviceCall = (c: Context<HubEnv>) => {
    const url = new URL(c.req.url);
    const asked = c.req.header(PRIORITY_HEADER);
    const priority: Priority = asked === 'click' ? 'click' : 'batch';
    const requestId = c.req.header(IDEMPOTENCY_HEADER)?.trim() || undefined;
    if (requestId !== undefined && requestId.length > IDEMPOTENCY_KEY_MAX_CHARS)
      return jsonResponse(
        400,
        errorJson(400, `${IDEMPOTENCY_HEADER}: at most ${IDEMPOTENCY_KEY_MAX_CHARS} characters`),
      );
    return proxyRequest(deps, {
      path: url.pathname,
      search: url.search,
      query: c.req.query(),
      priority,
      token: bearerToken(c),
      requestId,
    });
  };
  app.get('/api/*', serviceCall);
  app.get('/v3/*', serviceCall);

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

  app.get('/hub/v1/peek/*', async (c) => {
    const path = new URL(c.req.url).pathname.slice('/hub/v1/peek'.length);
    const checked = validate(path, c.req.query());
    if ('refusal' in checked) return checked.refusal;
    const cached = await readCached(db, cacheKey(checked.id, checked.params));
    const now = deps.now();
    if (!cached) return c.json({ cached: false, free: false, age_seconds: null, fetched_at: null });
    const age = ageSeconds(cached, now);
    return c.json({
      cached: true,
      free: freshEnough(cached, checked.params, now),
      age_seconds: age === null ? null : Math.round(age),
      fetched_at: cached.fetchedAt.toISOString(),
    });
  });

  app.get('/hub/v1/forgotten', async (c) => {
    const since = Number(c.req.query('since') ?? '0');
    if (!Number.isSafeInteger(since) || since < 0)
      return jsonResponse(400, errorJson(400, 'since: must be a whole number, 0 or more'));
    const forgotten = await forgottenSince(db, since);
    return c.json({ forgotten, last: forgotten.at(-1)?.seq ?? since });
  });

  return { app, limiter, config, stop: () => stopping.abort() };
}

/** How often a hub process settles the journal rows whose lease has passed (request-steps.ts settleExpired). */
const SWEEP_EVERY_MS = 2_000;

export interface RunningHub {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The hub on a port, sweeping the journal on a timer. `close` is the honest stop (SIGTERM, main.ts):
 * no new request is taken, those waiting are answered 503 "nothing sent" at once, those at the
 * service are waited for (up to the service's timeout and the settle's retries), then the server
 * closes. The database stays open for the caller to close.
 */
export async function startHub(
  options: HubOptions & { port: number; hostname?: string },
): Promise<RunningHub> {
  const hub = await createHub(options);
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
            hub.stop();
            clearInterval(sweep);
            // Periodic work of the process (such as the balance checks behind budget alerts) stops here,
            // with the sweep: each exposes a stop() called in this place.
            const closed = new Promise<void>((done) => server.close(() => done()));
            const giveUpAt = Date.now() + 2 * hub.config.fetchTimeoutMs + 1_000;
            while (open > 0 && Date.now() < giveUpAt) await new Promise((wake) => setTimeout(wake, 20));
            if ('closeAllConnections' in server) server.closeAllConnections();
            await closed;
          },
        }),
    );
    server.on('request', (_request, response: { once(event: 'close', listener: () => void): void }) => {
      open++;
      response.once('close', () => open--);
    });
  });
}
