/**
 * The members' routes of the team watch (team-watch.ts), free, behind the member's token:
 *
 *   POST /hub/v1/watch/lists     {name, period_days, people: [url | {url, name}], create_id?}
 *                                a team watch list made (201) with the addresses left out and why
 *   GET  /hub/v1/watch/lists     the team's lists with where their people stand, and the budget
 *   GET  /hub/v1/watch/changes?since=N   the team's changes after N, as this member has seen them
 *   POST /hub/v1/watch/seen      {seqs: [N…]} or {through: N}: marked seen for this member
 *
 * Bad input is answered 400 with what to change, and changes nothing.
 */
import type { Context, Hono } from 'hono';
import { errorJson, Refusal } from './answers';
import type { Db } from './db';
import type { Member } from './members';
import { wholeNumberOf } from './numbers';
import type { ProxyConfig } from './proxy';
import {
  changesSince,
  createTeamWatchList,
  type ListedPerson,
  listStates,
  markSeen,
  watchBudgetState,
} from './team-watch';

type MemberEnv = { Variables: { member: Member } };

export const TEAM_WATCH_PATHS = ['/hub/v1/watch/*'];

/** The JSON object a route was sent; a Refusal when the body is not one. */
async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new Refusal('The request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** A new list's fields as a body gives them (the admin's route reads its own numbers: admin-routes.ts). */
export function listFields(body: Record<string, unknown>): {
  name: string;
  people: ListedPerson[];
  createId: string | null;
} {
  if (typeof body.name !== 'string') throw new Refusal('name: give the list a name');
  if (!Array.isArray(body.people))
    throw new Refusal('people: give the profile addresses of the people to watch, as a list');
  const createId = body.create_id;
  if (createId !== undefined && (typeof createId !== 'string' || createId.length > 100))
    throw new Refusal('create_id: a text of at most 100 characters');
  return { name: body.name, people: body.people as ListedPerson[], createId: createId ?? null };
}

function refusing(handler: (c: Context<MemberEnv>) => Promise<Response>) {
  return async (c: Context<MemberEnv>): Promise<Response> => {
    try {
      return await handler(c);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return c.json(errorJson(error.status, error.message), error.status);
    }
  };
}

export function teamWatchRoutes(
  app: Hono<MemberEnv>,
  deps: { db: Db; config: ProxyConfig; now: () => Date },
): void {
  const { db, config, now } = deps;
  app.post(
    '/hub/v1/watch/lists',
    refusing(async (c) => {
      const body = await jsonBody(c);
      const periodDays = body.period_days;
      if (typeof periodDays !== 'number') throw new Refusal('period_days: must be 7, 30 or 90 (days)');
      const created = await createTeamWatchList(
        db,
        { ...listFields(body), periodDays, createdBy: c.get('member').id },
        now(),
      );
      return c.json(created, 201);
    }),
  );
  app.get('/hub/v1/watch/lists', async (c) =>
    c.json({ lists: await listStates(db, now()), budget: await watchBudgetState(db, config, now()) }),
  );
  app.get(
    '/hub/v1/watch/changes',
    refusing(async (c) => {
      const since = wholeNumberOf(c.req.query('since') ?? '0');
      if (since === null) throw new Refusal('since: must be a whole number, 0 or more, in digits');
      const { changes, unseen } = await changesSince(db, c.get('member').id, since);
      return c.json({ changes, last: changes.at(-1)?.seq ?? since, unseen });
    }),
  );
  app.post(
    '/hub/v1/watch/seen',
    refusing(async (c) => {
      const body = await jsonBody(c);
      const whole = (value: unknown) =>
        typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
      const seqs = body.seqs ?? [];
      if (!Array.isArray(seqs) || !seqs.every(whole) || seqs.length > 10_000)
        throw new Refusal('seqs: give the numbers of the changes seen (at most 10,000)');
      if (body.through !== undefined && !whole(body.through))
        throw new Refusal('through: must be a whole number, 0 or more');
      if (seqs.length === 0 && body.through === undefined)
        throw new Refusal('Give seqs (the changes seen) or through (every change up to it)');
      const unseen = await markSeen(db, c.get('member').id, {
        seqs: seqs as number[],
        through: body.through as number | undefined,
      });
      return c.json({ unseen });
    }),
  );
}
