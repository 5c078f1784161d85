/**
 * The test harness's view of a sandbox, outside `/api` and `/v3` (no key needed, never charged, not
 * logged): the request log (the end-to-end suite proves "zero requests reached the service" with it),
 * balances, a reset, and where the documented behaviours can be found.
 */
import { Hono } from 'hono';
import { endpoints } from '../../lib/api/endpoints';
import type { SandboxClock } from '../clock';
import { MAX_ADVANCE_DAYS } from '../data/clock';
import { FIXTURE_BINDINGS } from '../fixtures';
import { type Account, type Accounts, isPlan } from '../keys';
import { canRefresh, type FreshnessLedger, type RecordKind } from './freshness';
import { timestamp } from './shape';

export interface RequestLogEntry {
  /** When the request arrived (ISO 8601, wall clock). */
  time: string;
  /** The bearer key sent, or null when none was. */
  key: string | null;
  path: string;
  query: Record<string, string>;
  /** The answer's status; 499 when the client left before the whole answer was sent. */
  status: number;
  /** Credits charged (a streamed answer's final figure once it has ended). */
  charged: number;
}

/** The most recent requests to `/api` and `/v3`, oldest first; the oldest are dropped past `capacity`. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];

  constructor(private readonly capacity = 10_000) {}

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  list(key?: string): RequestLogEntry[] {
    return key === undefined ? [...this.entries] : this.entries.filter((entry) => entry.key === key);
  }

  clear(): number {
    const count = this.entries.length;
    this.entries = [];
    return count;
  }
}

export interface AdminTarget {
  accounts: Accounts;
  requests: RequestLog;
  freshness: FreshnessLedger;
  clock: SandboxClock;
  reset(): void;
}

const UNREFRESHABLE_LIMIT = 20;

const ADVANCE_BODY = `the body must be JSON {"days": N}, N a whole number from 1 to ${MAX_ADVANCE_DAYS}`;

/** The days of an advance's body, or why it is refused. */
function advanceDays(body: unknown): { days: number } | { error: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { error: ADVANCE_BODY };
  const extra = Object.keys(body).filter((key) => key !== 'days');
  if (extra.length > 0) return { error: `unknown field ${extra.join(', ')}: ${ADVANCE_BODY}` };
  const { days } = body as { days?: unknown };
  if (days === undefined) return { error: `days is missing: ${ADVANCE_BODY}` };
  if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_ADVANCE_DAYS)
    return {
      error: `days must be a whole number from 1 to ${MAX_ADVANCE_DAYS}, not ${JSON.stringify(days)}`,
    };
  return { days };
}

/** A key as the admin routes show it (snake case, like the service's own answers). */
function describeAccount({ key, plan, balance, chargeOnClientGone }: Account) {
  return { key, plan, credit_balance: balance, charge_on_client_gone: chargeOnClientGone };
}

export function adminRoutes(target: AdminTarget): Hono {
  const admin = new Hono();

  admin.get('/requests', (c) => c.json({ requests: target.requests.list(c.req.query('key')) }));
  admin.delete('/requests', (c) => c.json({ cleared: target.requests.clear() }));

  admin.post('/reset', (c) => {
    target.reset();
    return c.json({ reset: true });
  });

  /**
   * `POST /__sandbox/advance` with `{"days": N}`: moves the sandbox's clock forward and changes a
   * share of people and companies (data/clock.ts); answers what changed.
   */
  admin.post('/advance', async (c) => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json({ error: ADVANCE_BODY }, 400);
    }
    const checked = advanceDays(body);
    if ('error' in checked) return c.json({ error: checked.error }, 400);
    return c.json(target.clock.advance(checked.days));
  });

  admin.get('/clock', (c) => c.json({ days: target.clock.days, now: timestamp(target.clock.now()) }));

  /** The last advance's report (as its answer was), or `null` when the clock has not moved. */
  admin.get('/changes', (c) => c.json(target.clock.lastAdvance));

  admin.get('/keys', (c) => c.json({ keys: target.accounts.all().map(describeAccount) }));

  /**
   * `PUT /__sandbox/keys/<key>?credits=<n>&plan=<growth|standard>&charge_on_client_gone=<true|false>`:
   * creates the key or changes what is given.
   */
  admin.put('/keys/:key', (c) => {
    const credits = c.req.query('credits');
    const plan = c.req.query('plan');
    const chargeOnClientGone = c.req.query('charge_on_client_gone');
    if (credits !== undefined && !/^\d+$/.test(credits))
      return c.json({ error: 'credits must be a whole number' }, 400);
    if (plan !== undefined && !isPlan(plan)) return c.json({ error: 'plan must be growth or standard' }, 400);
    if (chargeOnClientGone !== undefined && chargeOnClientGone !== 'true' && chargeOnClientGone !== 'false')
      return c.json({ error: 'charge_on_client_gone must be true or false' }, 400);
    const account = target.accounts.set(c.req.param('key'), {
      credits: credits === undefined ? undefined : Number(credits),
      plan,
      chargeOnClientGone: chargeOnClientGone === undefined ? undefined : chargeOnClientGone === 'true',
    });
    return c.json(describeAccount(account));
  });

  /** Records whose live fetch fails (freshness.ts), with their current last-updated time. */
  admin.get('/unrefreshable', (c) => {
    const { dataset } = target.clock.queries;
    const pick = <R extends { index: number; url: string; lastUpdated: Date }>(
      kind: RecordKind,
      records: R[],
    ) =>
      records
        .filter((record) => !canRefresh(record))
        .slice(0, UNREFRESHABLE_LIMIT)
        .map((record) => ({
          url: record.url,
          last_updated: timestamp(target.freshness.lastUpdated(kind, record)),
        }));
    return c.json({
      rule: 'records whose index in the dataset ends in 7 cannot be fetched live',
      people: pick('person', dataset.people),
      companies: pick('company', dataset.companies),
      schools: pick('school', dataset.schools),
    });
  });

  admin.get('/fixtures', (c) =>
    c.json({
      fixtures: FIXTURE_BINDINGS.map(({ file, endpoint, query, subject }) => ({
        file,
        endpoint,
        request: `${endpoints[endpoint].path}?${new URLSearchParams(query)}`,
        // Served for any request naming the same subject; its other parameters are options.
        subject,
      })),
    }),
  );

  return admin;
}
