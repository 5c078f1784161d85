/**
 * `GET /metrics`: the hub's series in Prometheus' text format (prom-client), behind its own bearer
 * token HUB_METRICS_TOKEN (compared in constant time; 404 when none is configured, 401 for a wrong
 * one, as the admin's routes). Each hub has a registry of its own, not prom-client's global one, so
 * several hubs in one process (the tests) count apart.
 *
 * Counters count what this process answered (Prometheus sums the processes); the reservations are
 * read from the database when scraped, so every process reports the whole hub's.
 */
import type { Env, Hono } from 'hono';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { bearerOf, errorJson } from './answers';
import type { Queryable } from './db';
import { sameSecret } from './members';

/** One member request as the metrics count it (request-log.ts observes it). */
export interface AnsweredRequest {
  /**
   * The registry's endpoint id (`person.profile`), `hub.me`, `hub.peek`, `hub.peek_batch`,
   * `hub.forgotten`, `hub.watch_lists`, `hub.watch_changes`, `hub.watch_seen`, or `unknown`.
   */
  endpoint: string;
  status: number;
  /** What the team paid (X-Hub-Charged); null when unknown (v3). */
  charged: number | null;
  cache: 'hit' | 'miss' | 'none';
}

/** The hub's refusals of a member's request that the metrics count, by status. */
const REFUSALS: Record<number, string> = { 402: 'member_budget', 451: 'do_not_enrich' };

export class HubMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'endpoint' | 'status'>;
  readonly #charged: Counter<'endpoint'>;
  readonly #cacheHits: Counter<'endpoint'>;
  readonly #refusals: Counter<'reason'>;
  readonly #limiterWait: Histogram;

  constructor(db: Queryable, { processMetrics = false }: { processMetrics?: boolean } = {}) {
    const registers = [this.registry];
    this.#requests = new Counter({
      name: 'hub_requests_total',
      help: "Members' requests answered, by endpoint and HTTP status",
      labelNames: ['endpoint', 'status'],
      registers,
    });
    this.#charged = new Counter({
      name: 'hub_credits_charged_total',
      help: "Credits the team paid for members' requests (X-Hub-Charged; v3's unknown charges are not counted)",
      labelNames: ['endpoint'],
      registers,
    });
    this.#cacheHits = new Counter({
      name: 'hub_cache_hits_total',
      help: "Members' requests answered from the team's cache at 0 credits",
      labelNames: ['endpoint'],
      registers,
    });
    this.#refusals = new Counter({
      name: 'hub_refusals_total',
      help: "Members' requests the hub refused: member_budget (402) or do_not_enrich (451)",
      labelNames: ['reason'],
      registers,
    });
    this.#limiterWait = new Histogram({
      name: 'hub_limiter_wait_seconds',
      help: "Seconds a request waited in line for a slot of the account's rate limit (those that found one free at once did not wait and are not counted)",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    });
    // A database that cannot be read leaves these series out of the scrape (HubMetrics.text).
    const fromDatabase = (sql: string) =>
      async function collect(this: Gauge) {
        const [row] = await db.query<{ value: number | string }>(sql);
        this.set(Number(row?.value ?? 0));
      };
    new Gauge({
      name: 'hub_open_reservations',
      help: "Members' days with credits reserved by requests not settled yet (any hub process)",
      registers,
      collect: fromDatabase('SELECT count(*) AS value FROM spend WHERE reserved > 0'),
    });
    new Gauge({
      name: 'hub_reserved_credits',
      help: 'Credits held by reservations not settled yet (any hub process)',
      registers,
      collect: fromDatabase('SELECT coalesce(sum(reserved), 0) AS value FROM spend'),
    });
    if (processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  request({ endpoint, status, charged, cache }: AnsweredRequest): void {
    this.#requests.inc({ endpoint, status: String(status) });
    if (charged !== null && charged > 0) this.#charged.inc({ endpoint }, charged);
    if (cache === 'hit') this.#cacheHits.inc({ endpoint });
    const reason = REFUSALS[status];
    if (reason) this.#refusals.inc({ reason });
  }

  limiterWait(seconds: number): void {
    this.#limiterWait.observe(seconds);
  }

  /** The scrape: every series, but one whose reading failed (the database gone) is left out. */
  async text(): Promise<string> {
    const { registry } = this;
    const series = await Promise.all(
      registry
        .getMetricsAsArray()
        .map((metric) => registry.getSingleMetricAsString(metric.name).catch(() => null)),
    );
    return `${series.filter((text) => text !== null).join('\n\n')}\n`;
  }
}

export function metricsRoute<E extends Env>(
  app: Hono<E>,
  metrics: HubMetrics,
  token: string | undefined,
): void {
  app.get('/metrics', async (c) => {
    if (!token) return c.json(errorJson(404, 'No metrics token is configured (HUB_METRICS_TOKEN)'), 404);
    if (!sameSecret(bearerOf(c.req.header('Authorization')), token))
      return c.json(errorJson(401, 'Invalid metrics token', { error: 'unauthorized' }), 401);
    return c.body(await metrics.text(), 200, { 'Content-Type': metrics.registry.contentType });
  });
}
