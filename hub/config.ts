/**
 * The hub's settings, from the environment (the server and `hub:admin` read the same ones):
 * HUB_DATABASE_URL (a real PostgreSQL; else the embedded PGlite in HUB_DATA_DIR, default
 * `.hub-data`), HUB_PROVIDER_URL and HUB_PROVIDER_KEY (the service and the team's key),
 * HUB_ADMIN_TOKEN, HUB_PORT (8788), HUB_PLAN (`standard` or `growth`: the account's plan, which
 * some prices depend on), HUB_RATE_PER_MIN (300: the account's rate limit), HUB_TIME_ZONE (UTC: an
 * IANA name, what "today" and "this month" mean for budgets and spend; an unknown name stops the
 * start with a clear message: budget.ts useTimeZone), HUB_METRICS_TOKEN
 * (`GET /metrics`), HUB_ALERT_WEBHOOK (where budget alerts are posted), HUB_BALANCE_FLOOR (the
 * balance under which the account's alert is posted; it needs the webhook) and HUB_PROVIDER_TIMEOUT_MS
 * (60,000: how long the service may take to answer; a request's reservation is held about twice
 * that once sent, and a stopping hub waits that long for requests at the service) and HUB_WATCH_CHECK_MS
 * (60,000: how often the hub looks for team watch people due: team-watch.ts). HUB_TEST_CLOCK=1 is the
 * end-to-end tests' hook alone (test-clock.ts: a clock they move, and a route that moves it); any
 * other value stops the start.
 */
import { DEFAULT_RATE_PER_MINUTE } from '../lib/api/assumptions';
import type { Plan } from '../lib/pricing/credits';
import { DEFAULT_TIME_ZONE } from './budget';
import { type Db, openDb } from './db';
import { wholeNumberOf } from './numbers';

export const DEFAULT_HUB_PORT = 8788;
export const DEFAULT_DATA_DIR = '.hub-data';
const DEFAULT_WATCH_CHECK_MS = 60_000;

type Env = Readonly<Record<string, string | undefined>>;

function wholeNumber(env: Env, name: string, fallback: number, min: number): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = wholeNumberOf(text.trim());
  if (value === null || value < min)
    throw new Error(`${name} must be a whole number of at least ${min}, in digits, not "${text}"`);
  return value;
}

function required(env: Env, name: string, what: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`${name} is not set: ${what}`);
  return value;
}

export function openConfiguredDb(env: Env = process.env): Promise<Db> {
  const databaseUrl = env.HUB_DATABASE_URL?.trim() || undefined;
  return openDb(databaseUrl ? { databaseUrl } : { dataDir: env.HUB_DATA_DIR?.trim() || DEFAULT_DATA_DIR });
}

export interface ServerConfig {
  port: number;
  providerUrl: string;
  providerKey: string;
  plan: Plan;
  ratePerMinute: number;
  fetchTimeoutMs: number;
  /** HUB_WATCH_CHECK_MS: how often the hub looks for team watch people due. */
  watchCheckEveryMs: number;
  /** HUB_TEST_CLOCK=1: the end-to-end tests' clock hook (test-clock.ts); false in production. */
  testClock: boolean;
  adminToken: string | undefined;
  timeZone: string;
  metricsToken: string | undefined;
  alertWebhook: string | undefined;
  balanceFloor: number | undefined;
}

/** HUB_ALERT_WEBHOOK: an http(s) URL, or undefined when unset. */
function webhookUrl(env: Env): string | undefined {
  const text = env.HUB_ALERT_WEBHOOK?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('HUB_ALERT_WEBHOOK is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`HUB_ALERT_WEBHOOK must be an http or https URL, not ${url.protocol}`);
  return text;
}

export const DEFAULT_PROVIDER_TIMEOUT_MS = 60_000;
/** What a request whose price has no upper bound (per email returned) reserves beyond its minimum. */
export const DEFAULT_UNBOUNDED_RESERVE = 10;

/** HUB_TEST_CLOCK: `1` turns the tests' clock hook on (test-clock.ts); unset or empty, off; anything else is refused. */
function testClockOf(env: Env): boolean {
  const text = env.HUB_TEST_CLOCK?.trim() ?? '';
  if (text === '') return false;
  if (text !== '1')
    throw new Error(
      `HUB_TEST_CLOCK is for the end-to-end tests only: set it to 1 or leave it unset, not "${text}"`,
    );
  return true;
}

/** HUB_PLAN: the account's plan (`standard` unless set), which some prices depend on. */
export function planOf(env: Env = process.env): Plan {
  const plan = env.HUB_PLAN?.trim() || 'standard';
  if (plan !== 'standard' && plan !== 'growth')
    throw new Error(`HUB_PLAN must be standard or growth, not "${plan}"`);
  return plan;
}

export function serverConfig(env: Env = process.env): ServerConfig {
  const plan = planOf(env);
  const providerUrl = required(
    env,
    'HUB_PROVIDER_URL',
    "the service's base URL (e.g. http://127.0.0.1:8787)",
  );
  try {
    new URL(providerUrl);
  } catch {
    throw new Error(`HUB_PROVIDER_URL is not a URL: "${providerUrl}"`);
  }
  const alertWebhook = webhookUrl(env);
  const floorText = env.HUB_BALANCE_FLOOR?.trim();
  const balanceFloor = floorText ? wholeNumber(env, 'HUB_BALANCE_FLOOR', 0, 0) : undefined;
  if (balanceFloor !== undefined && alertWebhook === undefined)
    throw new Error(
      'HUB_BALANCE_FLOOR is set but HUB_ALERT_WEBHOOK is not: there is nowhere to send its alert',
    );
  return {
    port: wholeNumber(env, 'HUB_PORT', DEFAULT_HUB_PORT, 0),
    providerUrl,
    providerKey: required(
      env,
      'HUB_PROVIDER_KEY',
      "the team's key for the service, which only the hub holds",
    ),
    plan,
    ratePerMinute: wholeNumber(env, 'HUB_RATE_PER_MIN', DEFAULT_RATE_PER_MINUTE, 1),
    fetchTimeoutMs: wholeNumber(env, 'HUB_PROVIDER_TIMEOUT_MS', DEFAULT_PROVIDER_TIMEOUT_MS, 1),
    watchCheckEveryMs: wholeNumber(env, 'HUB_WATCH_CHECK_MS', DEFAULT_WATCH_CHECK_MS, 100),
    testClock: testClockOf(env),
    adminToken: env.HUB_ADMIN_TOKEN?.trim() || undefined,
    timeZone: env.HUB_TIME_ZONE?.trim() || DEFAULT_TIME_ZONE,
    metricsToken: env.HUB_METRICS_TOKEN?.trim() || undefined,
    alertWebhook,
    balanceFloor,
  };
}
