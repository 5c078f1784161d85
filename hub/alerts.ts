/**
 * Budget alerts, posted as JSON to HUB_ALERT_WEBHOOK: a member at 80 % and at 100 % of their daily
 * budget (and of their monthly one, when they have one), checked after each charge is settled
 * (`afterSettled`, which proxy.ts calls without the member waiting for it); and the account's
 * balance under HUB_BALANCE_FLOOR, read from the service's free credit-balance endpoint every few
 * minutes and after charges.
 *
 * Each alert is sent once per threshold per period (the member's day or month; the day for the
 * balance), however many hub processes see it: it is recorded in `alerts_sent` first, under a
 * unique key, and only the process whose row went in posts it. The row then keeps how the post
 * went (sent, or failed with the webhook's status or the reason), which the admin page shows. A
 * failed post is not tried again: the admin sees it, and the next threshold or period posts anew.
 */
import { creditBalanceEndpoint } from '../lib/api/endpoints';
import type { Queryable } from './db';
import type { AccountLimiter } from './limiter';

export type AlertKind = 'member_daily' | 'member_monthly' | 'balance_floor';

/** The percentages of a budget that are announced. */
const BUDGET_THRESHOLDS = [80, 100] as const;
/** How often each hub process reads the balance when HUB_BALANCE_FLOOR is set. */
const BALANCE_CHECK_MS = 5 * 60_000;
/** After a charge, the balance is read again when it was last read this long ago. */
const BALANCE_AFTER_CHARGE_MS = 60_000;
/** How long the balance or the webhook is waited for. */
const CALL_TIMEOUT_MS = 10_000;

/** The hub's day (HUB_TIME_ZONE: migrations.ts hub_today). */
const TODAY = 'hub_today()';

/** What the webhook receives (JSON). `threshold`: a percentage for a budget, credits for the floor. */
export interface AlertPayload {
  kind: AlertKind;
  member?: string;
  threshold: number;
  /** The day (YYYY-MM-DD) or month (YYYY-MM) the threshold was crossed in. */
  period: string;
  spent?: number;
  budget?: number;
  balance?: number;
  at: string;
  /** The alert in a sentence, for a chat webhook that shows `text` (Slack, Mattermost). */
  text: string;
}

/** An alert as the admin reads it: what it said and how the post went. */
export interface AlertRow {
  at: string;
  kind: AlertKind;
  member: string | null;
  threshold: number;
  period: string;
  spent: number | null;
  budget: number | null;
  balance: number | null;
  /** sending (recorded, the post not answered yet, or the process stopped), sent or failed. */
  outcome: 'sending' | 'sent' | 'failed';
  http_status: number | null;
  detail: string | null;
}

export interface AlertSettings {
  /** HUB_ALERT_WEBHOOK: where alerts are posted. */
  webhookUrl: string;
  /** HUB_BALANCE_FLOOR: the balance (credits) under which the account's alert is sent; none: never. */
  balanceFloor?: number;
  balanceCheckMs?: number;
  /** How alerts are posted (the global fetch; a test's own). */
  post?: typeof fetch;
}

export interface AlertDeps {
  db: Queryable;
  limiter: AccountLimiter;
  providerUrl: string;
  providerKey: string;
  /** How the service is asked (the balance). */
  fetch: typeof fetch;
}

const budgetText = (payload: AlertPayload): string => {
  const period = payload.kind === 'member_daily' ? 'today' : 'this month';
  const budget = payload.kind === 'member_daily' ? 'daily' : 'monthly';
  return `${payload.member} has spent ${payload.spent} of their ${budget} budget of ${payload.budget} credits ${period} (${payload.threshold} % reached)`;
};

export class BudgetAlerts {
  readonly #inFlight = new Set<Promise<unknown>>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #balanceReadAt = Number.NEGATIVE_INFINITY;
  #stopped = false;

  constructor(
    private readonly deps: AlertDeps,
    readonly settings: AlertSettings,
  ) {}

  /** Starts reading the balance on a timer (when a floor is set): the first read at once. */
  start(): void {
    if (this.settings.balanceFloor === undefined || this.#timer || this.#stopped) return;
    this.#track(this.checkBalance());
    this.#timer = setInterval(
      () => this.#track(this.checkBalance()),
      this.settings.balanceCheckMs ?? BALANCE_CHECK_MS,
    );
    // The timer alone does not keep a process alive that is otherwise done.
    this.#timer.unref();
  }

  /** Stops the timer and waits for the checks and posts under way (for the hub's shutdown). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    await Promise.allSettled([...this.#inFlight]);
  }

  /** A charge was settled for a member: their budgets are checked, and the balance if due. */
  memberCharged(memberId: number): void {
    if (this.#stopped) return;
    this.#track(this.checkMember(memberId));
    const due = performance.now() - this.#balanceReadAt >= BALANCE_AFTER_CHARGE_MS;
    if (this.settings.balanceFloor !== undefined && due) this.#track(this.checkBalance());
  }

  /** Work that runs beside the requests: its failure is logged, never thrown at a member's request. */
  #track(work: Promise<unknown>): void {
    const tracked = work
      .catch((error: unknown) =>
        console.error(`hub: alert check failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }

  /** Sends the member's budget alerts not sent yet this day and month; returns those it sent. */
  async checkMember(memberId: number): Promise<AlertPayload[]> {
    const [row] = await this.deps.db.query<{
      name: string;
      daily_budget: number | string;
      monthly_budget: number | string | null;
      spent_today: number | string;
      spent_month: number | string;
      day: string;
      month: string;
    }>(
      `SELECT m.name, m.daily_budget, m.monthly_budget,
         coalesce(sum(s.spent) FILTER (WHERE s.day = ${TODAY}), 0) AS spent_today,
         coalesce(sum(s.spent), 0) AS spent_month,
         to_char(${TODAY}, 'YYYY-MM-DD') AS day, to_char(${TODAY}, 'YYYY-MM') AS month
       FROM members m
       LEFT JOIN spend s ON s.member_id = m.id AND s.day >= date_trunc('month', ${TODAY})::date
       WHERE m.id = $1 AND m.removed_at IS NULL
       GROUP BY m.id`,
      [memberId],
    );
    if (!row) return [];
    const budgets: [AlertKind, number | null, number, string][] = [
      ['member_daily', Number(row.daily_budget), Number(row.spent_today), row.day],
      [
        'member_monthly',
        row.monthly_budget === null ? null : Number(row.monthly_budget),
        Number(row.spent_month),
        row.month,
      ],
    ];
    const sent: AlertPayload[] = [];
    for (const [kind, budget, spent, period] of budgets) {
      // A budget of 0 lets nothing be spent: there is nothing to warn about.
      if (budget === null || budget <= 0) continue;
      for (const threshold of BUDGET_THRESHOLDS) {
        if (spent * 100 < threshold * budget) continue;
        const alert = { kind, member: row.name, threshold, period, spent, budget };
        const payload = await this.#once(memberId, alert, budgetText);
        if (payload) sent.push(payload);
      }
    }
    return sent;
  }

  /** Reads the account's balance; sends today's floor alert when it is under the floor. */
  async checkBalance(): Promise<AlertPayload | null> {
    const floor = this.settings.balanceFloor;
    if (floor === undefined) return null;
    this.#balanceReadAt = performance.now();
    const balance = await this.#balance();
    if (balance >= floor) return null;
    const [today] = await this.deps.db.query<{ day: string }>(
      `SELECT to_char(${TODAY}, 'YYYY-MM-DD') AS day`,
    );
    return this.#once(
      null,
      { kind: 'balance_floor', threshold: floor, period: today?.day ?? '', balance },
      (payload) =>
        `The account's balance is ${payload.balance} credits, under the floor of ${payload.threshold} credits`,
    );
  }

  /** The account's balance, from the service (one slot of the account's rate limit). */
  async #balance(): Promise<number> {
    const { deps } = this;
    // Member 0 stands for the hub itself in the limiter's round robin.
    await deps.limiter.acquire(0, 'click');
    const response = await deps.fetch(new URL(creditBalanceEndpoint.path, deps.providerUrl), {
      headers: { Authorization: `Bearer ${deps.providerKey}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the service answered the balance with HTTP ${response.status}`);
    const parsed = creditBalanceEndpoint.response.safeParse(await response.json());
    if (!parsed.success) throw new Error('the service answered the balance with an unreadable body');
    return parsed.data.credit_balance;
  }

  /**
   * Records the alert under its unique key, and posts it only when this call's row went in: the
   * first process to see a threshold crossed sends it, the others find it recorded.
   */
  async #once(
    memberId: number | null,
    alert: Omit<AlertPayload, 'at' | 'text'>,
    text: (payload: AlertPayload) => string,
  ): Promise<AlertPayload | null> {
    const { db } = this.deps;
    const [row] = await db.query<{ id: string; at: Date | string }>(
      `INSERT INTO alerts_sent (kind, member_id, threshold, period, spent, budget, balance)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id, at`,
      [
        alert.kind,
        memberId,
        alert.threshold,
        alert.period,
        alert.spent ?? null,
        alert.budget ?? null,
        alert.balance ?? null,
      ],
    );
    if (!row) return null;
    const payload: AlertPayload = { ...alert, at: new Date(row.at).toISOString(), text: '' };
    payload.text = text(payload);
    const outcome = await this.#post(payload);
    await db.query('UPDATE alerts_sent SET outcome = $2, http_status = $3, detail = $4 WHERE id = $1', [
      row.id,
      outcome.ok ? 'sent' : 'failed',
      outcome.status,
      outcome.detail,
    ]);
    return payload;
  }

  async #post(payload: AlertPayload): Promise<{ ok: boolean; status: number | null; detail: string | null }> {
    const post = this.settings.post ?? fetch;
    try {
      const response = await post(this.settings.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return {
        ok: response.ok,
        status: response.status,
        detail: response.ok ? null : `the webhook answered HTTP ${response.status}`,
      };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, status: null, detail: `the webhook could not be reached (${reason})` };
    }
  }
}

/**
 * After a member's charge is settled (proxy.ts, right after `finish`): their budget alerts, and the
 * balance's when due, checked beside the request, which does not wait for them.
 */
export function afterSettled(deps: { alerts?: BudgetAlerts }, memberId: number, charged: number): void {
  if (charged > 0) deps.alerts?.memberCharged(memberId);
}

/** The alerts recorded, the most recent first, for the admin. */
export async function listAlerts(db: Queryable, limit = 200): Promise<AlertRow[]> {
  const rows = await db.query<
    Omit<AlertRow, 'at' | 'threshold' | 'spent' | 'budget' | 'balance'> & {
      at: Date | string;
      threshold: number | string;
      spent: number | string | null;
      budget: number | string | null;
      balance: number | string | null;
    }
  >(
    `SELECT a.at, a.kind, m.name AS member, a.threshold, a.period, a.spent, a.budget, a.balance,
       a.outcome, a.http_status, a.detail
     FROM alerts_sent a LEFT JOIN members m ON m.id = a.member_id
     ORDER BY a.at DESC, a.id DESC LIMIT $1`,
    [limit],
  );
  const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    ...row,
    at: new Date(row.at).toISOString(),
    threshold: Number(row.threshold),
    spent: numberOrNull(row.spent),
    budget: numberOrNull(row.budget),
    balance: numberOrNull(row.balance),
  }));
}
