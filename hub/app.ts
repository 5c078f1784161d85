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
import type { Plan } from '../lib/pricing/credits';
import { listedIn } from '../lib/pricing/do-not-enrich';
import { adminRoutes } from './admin-routes';
import { errorJson, jsonResponse, unauthorized } from './answers';
import { DEFAULT_TIME_ZONE, leftOf, usageOf, useTimeZone } from './budget';
import { ageSeconds, cacheKey, freshEnough } from './cache';
import { DatabaseUnavailable, type Db } from './db';
import { AccountLimiter, type Priority } from './limiter';
import { type Member, memberByToken } from './members';
import { migrate } from './migrations';
import { wholeNumberOf } from './numbers';
import { forgottenSince } from './privacy';
import { type ProxyConfig, proxyRequest, screenedCopy, validate } from './proxy';
import { begin } from './request-steps';

export interface HubOptions {
  db: Db;
  providerUrl: string;
  providerKey: string;
  /** HUB_ADMIN_TOKEN: the admin's routes (/hub/v1/admin/…); none without it. */
  adminToken?: string;
  plan?: Plan;
  ratePerMinute?: number;
  unboundedReserve?: number;
  fetchTimeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
  /** HUB_TIME_ZONE: what "today" and "this month" mean for budgets and spend (default UTC). */
  timeZone?: string;
}

type HubEnv = { Variables: { member: Member } };

export interface Hub {
  app: Hono<HubEnv>;
  limiter: AccountLimiter;
}

const PRIORITY_HEADER = 'X-Hub-Priority';

/** Migrates the database, sets up the limiter and builds the app. */
export async function createHub(options: HubOptions): Promise<Hub> {
  const { db } = options;
  await migrate(db);
  await useTimeZone(db, options.timeZone ?? DEFAULT_TIME_ZONE);
  const limiter = new AccountLimiter(db, options.ratePerMinute ?? 300);
  await limiter.init();
  const config: ProxyConfig = {
    providerUrl: options.providerUrl,
    providerKey: options.providerKey,
    plan: options.plan ?? 'standard',
    unboundedReserve: options.unboundedReserve ?? 10,
    fetchTimeoutMs: options.fetchTimeoutMs ?? 60_000,
  };
  const deps = { db, limiter, config, fetch: options.fetch ?? fetch, now: options.now ?? (() => new Date()) };
  const app = new Hono<HubEnv>();

  app.onError((error, c) => {
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
    return proxyRequest(deps, {
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

  // What the same request would get from the team's copy, as proxyRequest decides it (screenedCopy):
  // a subject on the do-not-enrich list, asked about or the one the copy is about, has no copy as
  // far as a member can tell, so `cached` and `free` are false (a copy fresh enough for the request
  // is refused with 451 at 0 credits; a page's listed rows are left out, and the page still counts).
  app.get('/hub/v1/peek/*', async (c) => {
    const url = new URL(c.req.url);
    const checked = validate(url.pathname.slice('/hub/v1/peek'.length), url.search);
    if ('refusal' in checked) return checked.refusal;
    const begun = await begin(db, bearerToken(c), cacheKey(checked.id, checked.params));
    if (!begun) return unauthorized();
    const { listed, cached } = begun;
    const shown =
      cached !== null &&
      listedIn(listed, checked.id, checked.params) === null &&
      screenedCopy(listed, checked.id, cached.body) !== null;
    if (!cached || !shown) return c.json({ cached: false, free: false, age_seconds: null, fetched_at: null });
    const now = deps.now();
    const age = ageSeconds(cached, now);
    return c.json({
      cached: true,
      free: freshEnough(cached, checked.params, now),
      age_seconds: age === null ? null : Math.round(age),
      fetched_at: cached.fetchedAt.toISOString(),
    });
  });

  app.get('/hub/v1/forgotten', async (c) => {
    const since = wholeNumberOf(c.req.query('since') ?? '0');
    if (since === null)
      return jsonResponse(400, errorJson(400, 'since: must be a whole number, 0 or more, in digits'));
    const forgotten = await forgottenSince(db, since);
    return c.json({ forgotten, last: forgotten.at(-1)?.seq ?? since });
  });

  return { app, limiter };
}

export interface RunningHub {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startHub(
  options: HubOptions & { port: number; hostname?: string },
): Promise<RunningHub> {
  const { app } = await createHub(options);
  return new Promise((resolve) => {
    const server = serve(
      { fetch: app.fetch, port: options.port, hostname: options.hostname ?? '127.0.0.1' },
      (info) =>
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done, fail) => server.close((error) => (error ? fail(error) : done()))),
        }),
    );
  });
}
