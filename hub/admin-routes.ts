/**
 * The admin's read of the hub over HTTP, behind HUB_ADMIN_TOKEN (compared in constant time), for
 * the admin page: members with today's spend, spend per member per day, the do-not-enrich list and
 * the audit. Without an admin token configured these routes answer 404: nobody is admin.
 */
import type { Env, Hono } from 'hono';
import { errorJson } from './answers';
import { readAudit, spendByDay } from './audit';
import { leftOf, usageOf } from './budget';
import type { Db } from './db';
import { listMembers, sameSecret } from './members';
import { listListed } from './privacy';

export function adminRoutes<E extends Env>(app: Hono<E>, db: Db, adminToken: string | undefined): void {
  app.use('/hub/v1/admin/*', async (c, next) => {
    if (!adminToken) return c.json(errorJson(404, 'No admin token is configured (HUB_ADMIN_TOKEN)'), 404);
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1]?.trim() ?? '';
    if (!sameSecret(given, adminToken))
      return c.json(errorJson(401, 'Invalid admin token', { error: 'unauthorized' }), 401);
    await next();
  });
  app.get('/hub/v1/admin/members', async (c) => {
    const members = [];
    for (const member of await listMembers(db)) {
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
      });
    }
    return c.json({ members });
  });
  app.get('/hub/v1/admin/spend', async (c) => c.json({ spend: await spendByDay(db) }));
  app.get('/hub/v1/admin/do-not-enrich', async (c) => c.json({ entries: await listListed(db) }));
  app.get('/hub/v1/admin/audit', async (c) => {
    const limit = Number(c.req.query('limit') ?? '200');
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 10_000)
      return c.json(errorJson(400, 'limit: must be a whole number from 1 to 10000'), 400);
    return c.json({
      audit: await readAudit(db, { member: c.req.query('member'), subject: c.req.query('subject'), limit }),
    });
  });
}
