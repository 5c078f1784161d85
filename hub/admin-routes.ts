/**
 * The admin's hub over HTTP, behind HUB_ADMIN_TOKEN (compared in constant time), for the admin page
 * (admin-page.ts): members with today's spend (removed ones too), adding one (the token is in this
 * answer only), setting a budget, removing one; spend per member per day; the do-not-enrich list,
 * adding and removing; forgetting a subject; the audit; rotating a member's token (the new one is
 * in that answer only); the budget alerts sent; the team's CRM reference (import, summary); the team
 * watch (team-watch.ts: its lists, making and removing one, its monthly budget). Without an admin token configured these
 * routes answer 404: nobody is admin. Input is checked before anything changes (400, 404, 409).
 */
import type { Context, Env, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CRM_REFERENCE_LIMITS } from '../lib/list-limits';
import { adminPage } from './admin-page';
import { type AlertRow, type BudgetAlerts, listAlerts } from './alerts';
import { bearerOf, errorJson, Refusal } from './answers';
import { readAudit, spendByDay } from './audit';
import { hubTimeZone, leftOf, usageOf } from './budget';
import { crmReferenceSummary, importCrmReference } from './crm';
import type { Db } from './db';
import {
  addMember,
  DEFAULT_GRACE_HOURS,
  listMembersWithRemoved,
  MAX_GRACE_HOURS,
  MAX_TOKEN_HOURS,
  removeMember,
  rotateToken,
  sameSecret,
  setBudget,
} from './members';
import { parseJsonNumbersAsText, WHOLE_NUMBER_RULE, WrittenNumber, wholeNumberOf } from './numbers';
import { addListed, forget, listListed, removeListed } from './privacy';
import type { ProxyConfig } from './proxy';
import {
  createTeamWatchList,
  listStates,
  removeTeamWatchList,
  setWatchBudget,
  watchBudgetState,
} from './team-watch';
import { listFields } from './team-watch-routes';

/** A member as the admin routes answer it. */
export interface AdminMember {
  name: string;
  daily_budget: number;
  monthly_budget: number | null;
  spent_today: number;
  reserved_today: number;
  left_today: number;
  spent_this_month: number;
  /** When their token stopped working; null for an active member. */
  removed_at: string | null;
  /** When their token expires (or expired); null: never. */
  token_expires_at: string | null;
  /** Until when their previous token still works after a rotation; null when it does not. */
  previous_token_until: string | null;
}

/** A member just added: their token is in this answer only. */
export interface AddedMember {
  name: string;
  daily_budget: number;
  monthly_budget: number | null;
  token: string;
  token_expires_at: string | null;
}

/** A member's token just rotated: the new token is in this answer only. */
export interface RotatedMember {
  name: string;
  token: string;
  token_expires_at: string | null;
  /** Until when the old token still works; null: it stopped at once. */
  previous_token_until: string | null;
}

/** The alerts recorded, and what the hub sends them with. */
export interface AlertsAnswer {
  alerts: AlertRow[];
  /** Whether HUB_ALERT_WEBHOOK is set (no alerts are sent without it). */
  webhook: boolean;
  /** HUB_BALANCE_FLOOR; null: no balance alert. */
  balance_floor: number | null;
}

/** What forgetting a subject removed. */
export interface ForgetSummary {
  subject: string;
  /** The number browsers read the forgotten subjects from (`/hub/v1/forgotten?since=`). */
  seq: number;
  answers_removed: number;
  pages_trimmed: number;
  audit_lines_cleared: number;
  crm_rows_removed: number;
  /** People taken out of the team's watch lists (team-watch.ts). */
  watched_removed: number;
}

const ADMIN = '/hub/v1/admin';

/** The JSON object a write route was sent, its numbers as written (numbers.ts); a Refusal when the body is not one. */
async function bodyOf(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  let body: unknown;
  try {
    body = parseJsonNumbersAsText(text);
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Refusal('The request body must be a JSON object');
  return body as Record<string, unknown>;
}

function text(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw new Refusal(`${field}: give a non-empty text`);
  return value.trim();
}

/** A budget field: undefined when absent; null (no budget) only where `nullable`. */
function credits(body: Record<string, unknown>, field: string, nullable: boolean): number | null | undefined {
  const value = body[field];
  if (value === undefined || (nullable && value === null)) return value;
  const number = value instanceof WrittenNumber ? wholeNumberOf(value.text) : null;
  if (number === null)
    throw new Refusal(
      `${field}: must be ${WHOLE_NUMBER_RULE} (credits)${nullable ? ', or null' : ''}, not ${value instanceof WrittenNumber ? value.text : JSON.stringify(value)}`,
    );
  return number;
}

/** A whole number field within bounds: undefined when absent; null only where `nullable`. */
function wholeIn(
  body: Record<string, unknown>,
  field: string,
  [min, max]: [number, number],
  nullable: boolean,
): number | null | undefined {
  const value = body[field];
  if (value === undefined || (nullable && value === null)) return value;
  // Read as written, strictly, like a budget (numbers.ts): `1e1` or `7.0` is refused, not rounded.
  const number = value instanceof WrittenNumber ? wholeNumberOf(value.text) : null;
  if (number === null || number < min || number > max)
    throw new Refusal(`${field}: must be a whole number from ${min} to ${max}${nullable ? ', or null' : ''}`);
  return number;
}

const MAX_TOKEN_DAYS = MAX_TOKEN_HOURS / 24;

/** A route whose refusals of the input are answered with their status and message (not a 500). */
function refusing<E extends Env>(handler: (c: Context<E>) => Promise<Response>) {
  return async (c: Context<E>): Promise<Response> => {
    try {
      return await handler(c);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return c.json(errorJson(error.status, error.message), error.status);
    }
  };
}

export function adminRoutes<E extends Env>(
  app: Hono<E>,
  db: Db,
  adminToken: string | undefined,
  {
    alerts,
    config,
    now = () => new Date(),
  }: { alerts?: BudgetAlerts; config?: ProxyConfig; now?: () => Date } = {},
): void {
  adminPage(app, adminToken);
  app.use(`${ADMIN}/*`, async (c, next) => {
    if (!adminToken) return c.json(errorJson(404, 'No admin token is configured (HUB_ADMIN_TOKEN)'), 404);
    if (!sameSecret(bearerOf(c.req.header('Authorization')), adminToken))
      return c.json(errorJson(401, 'Invalid admin token', { error: 'unauthorized' }), 401);
    await next();
  });

  app.get(`${ADMIN}/members`, async (c) => {
    const members: AdminMember[] = [];
    for (const member of await listMembersWithRemoved(db)) {
      const usage = await usageOf(db, member.id);
      const left = leftOf(member, usage);
      members.push({
        name: member.name,
        daily_budget: member.dailyBudget,
        monthly_budget: member.monthlyBudget,
        spent_today: usage.spentToday,
        reserved_today: usage.reservedToday,
        left_today: left.daily,
        spent_this_month: usage.spentThisMonth,
        removed_at: member.removedAt,
        token_expires_at: member.tokenExpiresAt,
        previous_token_until: member.previousTokenUntil,
      });
    }
    return c.json({ members });
  });
  app.post(
    `${ADMIN}/members`,
    refusing(async (c) => {
      const body = await bodyOf(c);
      const name = text(body, 'name');
      const daily = credits(body, 'daily_budget', false);
      if (daily === undefined || daily === null) throw new Refusal('daily_budget: give the daily budget');
      const monthly = credits(body, 'monthly_budget', true) ?? null;
      const days = wholeIn(body, 'expires_in_days', [1, MAX_TOKEN_DAYS], true) ?? null;
      const { member, token, expiresAt } = await addMember(
        db,
        name,
        { daily, monthly },
        { expiresInHours: days === null ? null : days * 24 },
      );
      const added: AddedMember = {
        name: member.name,
        daily_budget: member.dailyBudget,
        monthly_budget: member.monthlyBudget,
        token,
        token_expires_at: expiresAt,
      };
      return c.json(added, 201);
    }),
  );
  app.post(
    `${ADMIN}/members/:name/rotate`,
    refusing(async (c) => {
      // No body at all: the defaults (24 hours' grace, the token's lifetime kept).
      const body = (await c.req.text()).trim() === '' ? {} : await bodyOf(c);
      const grace = wholeIn(body, 'grace_hours', [0, MAX_GRACE_HOURS], false) ?? DEFAULT_GRACE_HOURS;
      const days = wholeIn(body, 'expires_in_days', [1, MAX_TOKEN_DAYS], true);
      const rotated = await rotateToken(db, c.req.param('name') ?? '', {
        graceHours: grace,
        expiresInHours: days === undefined ? undefined : days === null ? null : days * 24,
      });
      const answer: RotatedMember = {
        name: rotated.member.name,
        token: rotated.token,
        token_expires_at: rotated.expiresAt,
        previous_token_until: rotated.previousUntil,
      };
      return c.json(answer);
    }),
  );
  app.patch(
    `${ADMIN}/members/:name`,
    refusing(async (c) => {
      const body = await bodyOf(c);
      const daily = credits(body, 'daily_budget', false) ?? undefined;
      const monthly = credits(body, 'monthly_budget', true);
      if (daily === undefined && monthly === undefined)
        throw new Refusal('Give daily_budget, monthly_budget (null for none) or both');
      const member = await setBudget(db, c.req.param('name') ?? '', { daily, monthly });
      return c.json({
        name: member.name,
        daily_budget: member.dailyBudget,
        monthly_budget: member.monthlyBudget,
      });
    }),
  );
  app.delete(
    `${ADMIN}/members/:name`,
    refusing(async (c) => {
      const name = c.req.param('name') ?? '';
      await removeMember(db, name);
      return c.json({ removed: name });
    }),
  );

  // Days are the hub's (HUB_TIME_ZONE): the page says which.
  app.get(`${ADMIN}/spend`, async (c) =>
    c.json({ spend: await spendByDay(db), time_zone: await hubTimeZone(db) }),
  );
  app.get(`${ADMIN}/alerts`, async (c) => {
    const answer: AlertsAnswer = {
      alerts: await listAlerts(db),
      webhook: alerts !== undefined,
      balance_floor: alerts?.settings.balanceFloor ?? null,
    };
    return c.json(answer);
  });

  app.get(`${ADMIN}/do-not-enrich`, async (c) => c.json({ entries: await listListed(db) }));
  app.post(
    `${ADMIN}/do-not-enrich`,
    refusing(async (c) => {
      const entry = await addListed(db, text(await bodyOf(c), 'subject'));
      return c.json({ entry }, 201);
    }),
  );
  app.delete(
    `${ADMIN}/do-not-enrich`,
    refusing(async (c) => {
      const subject = c.req.query('subject')?.trim() ?? '';
      if (subject === '') throw new Refusal('subject: give the subject to remove from the list');
      if (!(await removeListed(db, subject))) throw new Refusal(`${subject} is not on the list`, 404);
      return c.json({ removed: subject });
    }),
  );

  app.post(
    `${ADMIN}/forget`,
    refusing(async (c) => {
      const result = await forget(db, text(await bodyOf(c), 'subject'));
      const summary: ForgetSummary = {
        subject: result.entry.text,
        seq: result.seq,
        answers_removed: result.answersRemoved,
        pages_trimmed: result.pagesTrimmed,
        audit_lines_cleared: result.auditLinesCleared,
        crm_rows_removed: result.crmRowsRemoved,
        watched_removed: result.watchedRemoved,
      };
      return c.json(summary);
    }),
  );

  // The team's CRM reference (crm.ts): what the last import read, and a new export replacing it,
  // sent as the file's own bytes (its name in `?name=`): the hub reads it, not the page.
  app.get(`${ADMIN}/crm-reference`, async (c) => c.json({ reference: await crmReferenceSummary(db) }));
  app.post(
    `${ADMIN}/crm-reference`,
    bodyLimit({
      maxSize: CRM_REFERENCE_LIMITS.fileBytes,
      onError: (c) =>
        c.json(
          errorJson(413, `A CRM export can be at most ${CRM_REFERENCE_LIMITS.fileBytes / 1024 / 1024} MB`),
          413,
        ),
    }),
    refusing(async (c) => {
      const name = c.req.query('name')?.trim() ?? '';
      if (name === '') throw new Refusal("name: give the file's name");
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength === 0) throw new Refusal('The file is empty: nothing to read.');
      return c.json({ reference: await importCrmReference(db, { name, bytes }) });
    }),
  );

  // The team watch (team-watch.ts): its lists and budget, as the members' view and more.
  if (config) {
    app.get(`${ADMIN}/watch`, async (c) =>
      c.json({ lists: await listStates(db, now()), budget: await watchBudgetState(db, config, now()) }),
    );
    app.patch(
      `${ADMIN}/watch/budget`,
      refusing(async (c) => {
        const monthly = credits(await bodyOf(c), 'monthly_budget', false);
        if (monthly === undefined || monthly === null)
          throw new Refusal('monthly_budget: give the credits the team watch may spend a month');
        await setWatchBudget(db, monthly);
        return c.json({ budget: await watchBudgetState(db, config, now()) });
      }),
    );
    app.post(
      `${ADMIN}/watch/lists`,
      refusing(async (c) => {
        const body = await bodyOf(c);
        const periodDays = wholeIn(body, 'period_days', [1, 366], false);
        if (periodDays === undefined || periodDays === null)
          throw new Refusal('period_days: must be 7, 30 or 90 (days)');
        const created = await createTeamWatchList(
          db,
          { ...listFields(body), periodDays, createdBy: null },
          now(),
        );
        return c.json(created, 201);
      }),
    );
    app.delete(
      `${ADMIN}/watch/lists/:id`,
      refusing(async (c) => {
        const id = wholeNumberOf(c.req.param('id') ?? '');
        if (id === null || id > 2_147_483_647 || !(await removeTeamWatchList(db, id)))
          throw new Refusal(`There is no team watch list ${c.req.param('id')}`, 404);
        return c.json({ removed: id });
      }),
    );
  }

  app.get(
    `${ADMIN}/audit`,
    refusing(async (c) => {
      const limit = wholeNumberOf(c.req.query('limit') ?? '200');
      if (limit === null || limit < 1 || limit > 10_000)
        throw new Refusal('limit: must be a whole number from 1 to 10000, in digits');
      const filter = (name: string) => c.req.query(name)?.trim() || undefined;
      return c.json({
        audit: await readAudit(db, { member: filter('member'), subject: filter('subject'), limit }),
      });
    }),
  );
}
