/**
 * Team watch lists the hub runs on its own (issue 42): no browser needs to be open. A list (a name,
 * a period of 7, 30 or 90 days, made by a member or the admin) names people by their profile
 * address; each person is asked ONCE a period for the whole team, however many lists and members
 * watch them (the work is keyed by the person: `team_watch_people`, at the shortest period of the
 * lists holding them). What changed since the last answer kept for them is told as one event
 * (lib/watch/events.ts) and kept as the team's change, which members read from a cursor and mark
 * seen each for themselves.
 *
 * Every hub process checks on a timer for people who are due (`TeamWatch`, as alerts.ts does for
 * the balance). A process claims a few due people at a time with a lease (under an advisory lock,
 * the rows `FOR UPDATE SKIP LOCKED`), so that processes never ask the same person twice; a claim
 * whose process went away passes with its lease and the person is claimed again. Each person is
 * asked through the members' own paid path (proxy.ts proxyRequest, as the watch's payer:
 * members.ts teamWatchPayer): the team's cache, the journal, the one rate limit at batch priority,
 * the audit. The request's id is derived from the person and the period they are due in, so a hub
 * restarted mid-run asks again under the same id and is answered from the journal: nobody is paid
 * for twice.
 *
 * The watch budget (credits a month of the hub, HUB_TIME_ZONE, set by the admin) is kept here: a
 * claim holds the most each person may cost (proxy.ts maxCharge), a check spends what the journal
 * says its request cost. When the month's budget is spent, the people due wait for the next month
 * (or a higher budget), and the admin's view says so. The hub's clock is its `now` (tests move it).
 */
import { createHash, randomUUID } from 'node:crypto';
import { endpoints } from '../lib/api/endpoints';
import { canonicalQuery } from '../lib/api/params';
import type { PersonProfile } from '../lib/api/schemas';
import { WATCH_PERIOD_DAYS, type WatchPeriodDays } from '../lib/protocol/watch';
import { type ComparedPart, comparedPart } from '../lib/watch/compared-part';
import { type PersonEvent, personEvent } from '../lib/watch/events';
import type { TeamChange } from '../lib/watch/team-change';
import { Refusal } from './answers';
import type { Db, Queryable } from './db';
import { teamWatchPayer } from './members';
import { maxCharge, type ProxyConfig, type ProxyDeps, proxyRequest } from './proxy';
import { listedNow } from './request-steps';
import { dropPeople, listedPerson, watchedRequest } from './team-watch-people';

/** The most people one list may name. */
export const MAX_PEOPLE_PER_LIST = 5_000;
const MAX_NAME_LENGTH = 200;
/** How often each hub process looks for people who are due. */
const DUE_CHECK_MS = 60_000;
/** How many due people a process claims at once (and asks at once, each waiting for its rate slot). */
const CLAIM_BATCH = 10;
/** How long a claim holds its people: a process that went away lets them go after this. */
const CLAIM_LEASE_MS = 10 * 60_000;
/** A check that failed in passing (the service or the hub unreachable) is tried again after this. */
const RETRY_AFTER_MS = 15 * 60_000;
/** An advisory lock: claims take turns, so the budget each sees includes the others' holds. */
const CLAIM_LOCK = 4242;

// ---------------------------------------------------------------------------------------------
// Lists

/** A person as a list is given them: an address, or an address and what the page calls them. */
export type ListedPerson = string | { url: string; name?: string | null };

export interface NewTeamWatchList {
  name: string;
  periodDays: number;
  people: readonly ListedPerson[];
  /** The member who makes it; null: the admin. */
  createdBy: number | null;
  /** The creating click's id: a create asked again answers the list it made. */
  createId?: string | null;
}

export interface TeamWatchListState {
  id: number;
  name: string;
  period_days: WatchPeriodDays;
  /** The member who made it; null: the admin. */
  created_by: string | null;
  created_at: string;
  people: number;
  /** People of the list asked at least once. */
  checked: number;
  /** People of the list due now (waiting for a process, or for the watch budget). */
  due: number;
  /** When the next of its people is due; null when it has none. */
  next_due_at: string | null;
  last_checked_at: string | null;
}

export interface CreatedList {
  list: TeamWatchListState;
  /** Addresses left out, and why. */
  refused: Array<{ url: string; reason: string }>;
}

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/**
 * Makes a team watch list: its people read as profile addresses (a person's; each once), those on
 * the team's do-not-enrich list left out. A person new to the team watch is due at once (their
 * first answer is the one the next is compared with); one already watched keeps their answer and
 * is asked at the shorter of their periods. Bad input is refused and changes nothing.
 */
export async function createTeamWatchList(db: Db, list: NewTeamWatchList, now: Date): Promise<CreatedList> {
  const name = list.name.trim();
  if (name === '' || name.length > MAX_NAME_LENGTH)
    throw new Refusal(`name: give the list a name of 1 to ${MAX_NAME_LENGTH} characters`);
  if (!(WATCH_PERIOD_DAYS as readonly number[]).includes(list.periodDays))
    throw new Refusal(`period_days: must be ${WATCH_PERIOD_DAYS.join(', ')} (days)`);
  if (list.people.length === 0)
    throw new Refusal('people: give the profile addresses of the people to watch');
  if (list.people.length > MAX_PEOPLE_PER_LIST)
    throw new Refusal(`people: a list watches at most ${MAX_PEOPLE_PER_LIST.toLocaleString('en-US')} people`);
  if (list.createId) {
    const made = await listByCreateId(db, list.createId, now);
    if (made) return { list: made, refused: [] };
  }
  const listed = await listedNow(db);
  const refused: CreatedList['refused'] = [];
  const kept = new Map<string, string | null>();
  for (const given of list.people) {
    const url = typeof given === 'string' ? given : given?.url;
    const shownName = typeof given === 'string' ? null : given?.name?.trim() || null;
    if (typeof url !== 'string') {
      refused.push({ url: String(url), reason: 'Not a profile address' });
      continue;
    }
    const request = watchedRequest(url);
    if (!request)
      refused.push({ url, reason: "Not a person's profile address (the team watch follows people)" });
    else if (listedPerson(listed, request.person))
      refused.push({ url, reason: "On the team's do-not-enrich list" });
    else if (!kept.has(request.person)) kept.set(request.person, shownName);
  }
  if (kept.size === 0)
    throw new Refusal(`None of these can be watched: ${refused[0]?.reason ?? 'no people given'}`);
  const people = [...kept.keys()];
  const names = [...kept.values()];
  const id = await db.transaction(async (tx) => {
    const [made] = await tx.query<{ id: number }>(
      `INSERT INTO team_watch_lists (name, period_days, created_by, created_at, create_id)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (create_id) DO NOTHING RETURNING id`,
      [name, list.periodDays, list.createdBy, now, list.createId ?? null],
    );
    // A create asked again at the same moment: the other made it.
    if (!made) return null;
    await tx.query(
      `INSERT INTO team_watch_entries (list_id, person, name)
       SELECT $1, p, n FROM unnest($2::text[], $3::text[]) AS t(p, n)`,
      [made.id, people, names],
    );
    await tx.query(
      `INSERT INTO team_watch_people AS w (person, period_days, due_at, name)
       SELECT p, $3, $4, n FROM unnest($1::text[], $2::text[]) AS t(p, n)
       ON CONFLICT (person) DO UPDATE SET
         period_days = least(w.period_days, excluded.period_days),
         name = coalesce(w.name, excluded.name),
         due_at = CASE WHEN w.checked_at IS NULL THEN w.due_at
           ELSE least(w.due_at, w.checked_at + make_interval(days => excluded.period_days)) END`,
      [people, names, list.periodDays, now],
    );
    return made.id;
  });
  const state =
    id === null ? await listByCreateId(db, list.createId ?? '', now) : await listState(db, id, now);
  if (!state) throw new Error('The team watch list was not made');
  return { list: state, refused };
}

async function listByCreateId(
  db: Queryable,
  createId: string,
  now: Date,
): Promise<TeamWatchListState | null> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM team_watch_lists WHERE create_id = $1', [
    createId,
  ]);
  return row ? listState(db, row.id, now) : null;
}

async function listState(db: Queryable, id: number, now: Date): Promise<TeamWatchListState | null> {
  return (await listStates(db, now, id))[0] ?? null;
}

/** The team's watch lists (or one), oldest first, with where their people stand at `now`. */
export async function listStates(db: Queryable, now: Date, id?: number): Promise<TeamWatchListState[]> {
  const rows = await db.query<{
    id: number;
    name: string;
    period_days: number;
    created_by: string | null;
    created_at: Date | string;
    people: string;
    checked: string;
    due: string;
    next_due_at: Date | string | null;
    last_checked_at: Date | string | null;
  }>(
    `SELECT l.id, l.name, l.period_days, m.name AS created_by, l.created_at,
       count(p.person) AS people,
       count(p.checked_at) AS checked,
       count(p.person) FILTER (WHERE p.due_at <= $1) AS due,
       min(p.due_at) AS next_due_at,
       max(p.checked_at) AS last_checked_at
     FROM team_watch_lists l LEFT JOIN members m ON m.id = l.created_by
       LEFT JOIN team_watch_entries e ON e.list_id = l.id
       LEFT JOIN team_watch_people p ON p.person = e.person
     WHERE $2::integer IS NULL OR l.id = $2::integer
     GROUP BY l.id, m.name ORDER BY l.created_at, l.id`,
    [now, id ?? null],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    period_days: row.period_days as WatchPeriodDays,
    created_by: row.created_by,
    created_at: iso(row.created_at) ?? '',
    people: Number(row.people),
    checked: Number(row.checked),
    due: Number(row.due),
    next_due_at: iso(row.next_due_at),
    last_checked_at: iso(row.last_checked_at),
  }));
}

/**
 * Removes a list (the admin's). Its people no other list holds leave the team watch with their
 * kept answer; the changes already told stay. False when there is no such list.
 */
export async function removeTeamWatchList(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx.query('DELETE FROM team_watch_lists WHERE id = $1 RETURNING id', [id]);
    if (gone.length === 0) return false;
    await tx.query(
      `DELETE FROM team_watch_people p
       WHERE NOT EXISTS (SELECT 1 FROM team_watch_entries e WHERE e.person = p.person)`,
    );
    await tx.query(
      `UPDATE team_watch_people p SET period_days = (
         SELECT min(l.period_days) FROM team_watch_entries e JOIN team_watch_lists l ON l.id = e.list_id
         WHERE e.person = p.person)`,
    );
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// The watch budget

export interface WatchBudgetState {
  /** Credits a month of the hub (HUB_TIME_ZONE); 0: the team watch asks nobody. */
  monthly_budget: number;
  spent_this_month: number;
  /** What checks under way may still cost. */
  held: number;
  left: number;
  /** People due now and not being asked. */
  due: number;
  /** Whether people are due and the month's budget cannot pay for them: they wait. */
  waiting_for_budget: boolean;
  /** The day the budget is new again (the next month's first), when people wait for it. */
  resumes_on: string | null;
}

/** Sets the team watch's budget: credits a month of the hub. */
export async function setWatchBudget(db: Queryable, credits: number): Promise<void> {
  if (!Number.isSafeInteger(credits) || credits < 0)
    throw new Refusal(`The watch budget must be a whole number of credits, 0 or more (not ${credits})`);
  await db.query(
    `INSERT INTO team_watch_settings (id, monthly_budget) VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET monthly_budget = excluded.monthly_budget`,
    [credits],
  );
}

/**
 * The budget's numbers at `now` (the hub's month), in one statement for the claim and the views.
 * The month's spend reads the checks between the month's first moment and the next month's in the
 * hub's time zone, so that the index on their time finds them: a day worked out for every check
 * read them all at each claim (85 ms a claim at 5,000 checks on PGlite; test/bench/hub.ts (d)).
 */
const BUDGET_SQL = `WITH month AS (
    SELECT date_trunc('month', hub_day_at($1::timestamptz))::date AS first_day,
      (SELECT s.time_zone FROM hub_settings s WHERE s.id = 1) AS zone)
  SELECT
    coalesce((SELECT s.monthly_budget FROM team_watch_settings s WHERE s.id = 1), 0) AS budget,
    (SELECT coalesce(sum(c.charged), 0) FROM team_watch_checks c
     WHERE c.at >= (SELECT m.first_day::timestamp AT TIME ZONE m.zone FROM month m)
       AND c.at < (SELECT (m.first_day + interval '1 month') AT TIME ZONE m.zone FROM month m)) AS spent,
    (SELECT coalesce(sum(p.claimed_credits), 0) FROM team_watch_people p
     WHERE p.claimed_until > $1::timestamptz) AS held,
    (SELECT count(*) FROM team_watch_people p WHERE p.due_at <= $1::timestamptz
       AND (p.claimed_until IS NULL OR p.claimed_until <= $1::timestamptz)) AS due,
    (SELECT p.person FROM team_watch_people p WHERE p.due_at <= $1::timestamptz
     ORDER BY p.due_at, p.person LIMIT 1) AS next_person,
    to_char(date_trunc('month', hub_day_at($1::timestamptz)) + interval '1 month', 'YYYY-MM-DD') AS next_month`;

interface BudgetRow {
  budget: string | number;
  spent: string | number;
  held: string | number;
  due: string | number;
  next_person: string | null;
  next_month: string;
}

/** What the budget's checks need of the hub's settings: what a check may cost. */
export type WatchPricing = Pick<ProxyConfig, 'plan' | 'unboundedReserve'>;

export async function watchBudgetState(
  db: Queryable,
  config: WatchPricing,
  now: Date,
): Promise<WatchBudgetState> {
  const [row] = await db.query<BudgetRow>(BUDGET_SQL, [now]);
  const budget = Number(row?.budget ?? 0);
  const spent = Number(row?.spent ?? 0);
  const held = Number(row?.held ?? 0);
  const due = Number(row?.due ?? 0);
  const left = Math.max(0, budget - spent - held);
  const next = row?.next_person ? watchedRequest(row.next_person) : null;
  const waiting = next !== null && left < maxCharge(next.endpointId, next.params, config);
  return {
    monthly_budget: budget,
    spent_this_month: spent,
    held,
    left,
    due,
    waiting_for_budget: waiting,
    resumes_on: waiting && budget > 0 ? (row?.next_month ?? null) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The team's changes

/** The team's changes after `since` (oldest first, at most `limit`), as `memberId` has seen them. */
export async function changesSince(
  db: Queryable,
  memberId: number,
  since: number,
  limit = 500,
): Promise<{ changes: TeamChange[]; unseen: number }> {
  const rows = await db.query<{
    seq: string;
    person: string;
    name: string | null;
    at: Date | string;
    event: PersonEvent;
    lists: string[] | null;
    seen: boolean;
  }>(
    `SELECT e.seq, e.person, e.name, e.at, e.event, s.seq IS NOT NULL AS seen,
       (SELECT array_agg(DISTINCT l.name) FROM team_watch_entries w
        JOIN team_watch_lists l ON l.id = w.list_id WHERE w.person = e.person) AS lists
     FROM team_watch_events e LEFT JOIN team_watch_seen s ON s.seq = e.seq AND s.member_id = $1
     WHERE e.seq > $2 ORDER BY e.seq LIMIT $3`,
    [memberId, since, limit],
  );
  return {
    changes: rows.map((row) => ({
      seq: Number(row.seq),
      person: row.person,
      name: row.name,
      at: iso(row.at) ?? '',
      event: row.event,
      lists: row.lists ?? [],
      seen: row.seen,
    })),
    unseen: await unseenCount(db, memberId),
  };
}

export async function unseenCount(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db.query<{ unseen: string }>(
    `SELECT count(*) AS unseen FROM team_watch_events e
     WHERE NOT EXISTS (SELECT 1 FROM team_watch_seen s WHERE s.seq = e.seq AND s.member_id = $1)`,
    [memberId],
  );
  return Number(row?.unseen ?? 0);
}

/** Marks changes seen for one member: those numbered, or every one up to `through`. Returns what is left unseen. */
export async function markSeen(
  db: Queryable,
  memberId: number,
  which: { seqs?: readonly number[]; through?: number },
): Promise<number> {
  await db.query(
    `INSERT INTO team_watch_seen (member_id, seq)
     SELECT $1, e.seq FROM team_watch_events e
     WHERE e.seq = ANY($2::bigint[]) OR e.seq <= $3::bigint
     ON CONFLICT DO NOTHING`,
    [memberId, [...(which.seqs ?? [])], which.through ?? 0],
  );
  return unseenCount(db, memberId);
}

// ---------------------------------------------------------------------------------------------
// The schedule

interface Claimed {
  person: string;
  dueAt: Date;
  checkedAt: Date | null;
  answer: ComparedPart | null;
  name: string | null;
}

/**
 * Claims up to `batch` due people for `owner` until `now` + the lease, as many as the month's
 * watch budget can still pay for (each held at the most its check may cost).
 */
async function claimDue(
  db: Db,
  config: ProxyConfig,
  owner: string,
  now: Date,
  batch: number,
): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
    const [budget] = await tx.query<BudgetRow>(BUDGET_SQL, [now]);
    let left = Number(budget?.budget ?? 0) - Number(budget?.spent ?? 0) - Number(budget?.held ?? 0);
    if (left <= 0) return [];
    const rows = await tx.query<{
      person: string;
      due_at: Date | string;
      checked_at: Date | string | null;
      answer: ComparedPart | null;
      name: string | null;
    }>(
      `SELECT person, due_at, checked_at, answer, name FROM team_watch_people
       WHERE due_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
       ORDER BY due_at, person LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, batch],
    );
    const chosen: Claimed[] = [];
    const holds: number[] = [];
    for (const row of rows) {
      const request = watchedRequest(row.person);
      if (!request) continue;
      const most = maxCharge(request.endpointId, request.params, config);
      if (most > left) break;
      left -= most;
      holds.push(most);
      chosen.push({
        person: row.person,
        dueAt: new Date(row.due_at),
        checkedAt: row.checked_at === null ? null : new Date(row.checked_at),
        answer: row.answer,
        name: row.name,
      });
    }
    if (chosen.length > 0)
      await tx.query(
        `UPDATE team_watch_people p SET claimed_by = $1, claimed_until = $2, claimed_credits = t.credits
         FROM unnest($3::text[], $4::bigint[]) AS t(person, credits) WHERE p.person = t.person`,
        [owner, new Date(now.getTime() + CLAIM_LEASE_MS), chosen.map((each) => each.person), holds],
      );
    return chosen;
  });
}

/**
 * The request id of a person's check in the period they are due in: the same after a restart. A
 * hash, so that the journal and the watch's spend name nobody once the person is forgotten.
 */
export function checkRequestId(person: string, dueAt: Date): string {
  return `team-watch-${createHash('sha256').update(`${person}\n${dueAt.toISOString()}`).digest('hex').slice(0, 32)}`;
}

/** How a check ended, for the person's row and the check's. */
type CheckOutcome = 'first' | 'unchanged' | 'changed' | 'not_found' | 'lost' | 'failed';

export class TeamWatch {
  readonly #owner = randomUUID();
  readonly #inFlight = new Set<Promise<unknown>>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #round: Promise<number> | null = null;
  #stopped = false;

  constructor(
    private readonly deps: ProxyDeps & { db: Db },
    private readonly options: { checkEveryMs?: number; batch?: number } = {},
  ) {}

  /** Looks for due people on a timer (the first look at once). */
  start(): void {
    if (this.#timer || this.#stopped) return;
    this.#track(this.checkDue());
    this.#timer = setInterval(() => this.#track(this.checkDue()), this.options.checkEveryMs ?? DUE_CHECK_MS);
    this.#timer.unref();
  }

  /** Stops the timer and waits for the checks under way (those the hub's stop ended release their people). */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
    await Promise.allSettled([...this.#inFlight, this.#round]);
  }

  #track(work: Promise<unknown>): void {
    const tracked = work
      .catch((error: unknown) =>
        console.error(
          `hub: team watch check failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }

  /**
   * Asks every person due now whom the watch budget can pay for, a batch at a time, until none is
   * left; returns how many were asked. A round under way is joined, not doubled.
   */
  checkDue(): Promise<number> {
    this.#round ??= this.#runRound().finally(() => {
      this.#round = null;
    });
    return this.#round;
  }

  async #runRound(): Promise<number> {
    const { db } = this.deps;
    // Made at the first person due, not at every round: a hub with no team watch keeps no payer.
    let payerId: number | null = null;
    let asked = 0;
    while (!this.#stopped && !this.deps.stopping?.aborted) {
      const claimed = await claimDue(
        db,
        this.deps.config,
        this.#owner,
        this.deps.now(),
        this.options.batch ?? CLAIM_BATCH,
      );
      if (claimed.length === 0) break;
      payerId ??= await teamWatchPayer(db);
      const payer = payerId;
      // Every check of the batch ends before the round does, a failed one included: none is left
      // running past the round, where the watch's stop would not wait for it.
      const checks = await Promise.allSettled(claimed.map((each) => this.#check(payer, each)));
      const failed = checks.find((check): check is PromiseRejectedResult => check.status === 'rejected');
      if (failed) throw failed.reason;
      asked += claimed.length;
    }
    return asked;
  }

  /** One person asked and the answer kept, compared and told; a passing failure lets them go for a while. */
  async #check(payerId: number, claimed: Claimed): Promise<void> {
    const { db } = this.deps;
    const request = watchedRequest(claimed.person);
    if (!request) return this.#release(claimed, null);
    const requestId = checkRequestId(claimed.person, claimed.dueAt);
    let response: Response;
    try {
      response = await proxyRequest(this.deps, {
        method: 'GET',
        path: endpoints[request.endpointId].path,
        search: `?${canonicalQuery(request.params)}`,
        priority: 'batch',
        token: '',
        payerId,
        requestId,
        // A copy a member paid for since the last check is news, and free; the last check's is not.
        ...(claimed.checkedAt ? { keptAfter: claimed.checkedAt } : {}),
      });
    } catch (error) {
      console.error(`hub: team watch: ${error instanceof Error ? error.message : String(error)}`);
      return this.#release(claimed, RETRY_AFTER_MS);
    }
    const text = await response.text();
    if (response.status === 451) {
      // The person is on the team's do-not-enrich list: they leave every team watch list.
      await db.transaction((tx) => dropPeople(tx, [claimed.person]));
      return;
    }
    if (
      response.status === 503 ||
      response.status === 429 ||
      (response.status >= 500 && response.status !== 502)
    )
      // The hub stopping, the service unreachable or busy: nothing was kept; asked again later
      // (at once by another process when this one is stopping).
      return this.#release(claimed, this.deps.stopping?.aborted ? 0 : RETRY_AFTER_MS);
    let answer: ComparedPart | null = null;
    let outcome: CheckOutcome =
      response.status === 404 ? 'not_found' : response.status === 502 ? 'lost' : 'failed';
    let event: PersonEvent | null = null;
    const now = this.deps.now();
    if (response.status === 200) {
      try {
        answer = comparedPart('person', JSON.parse(text), now.getTime());
      } catch {
        answer = null;
      }
      if (answer) {
        event = personEvent(claimed.answer as PersonProfile | null, answer as PersonProfile, {
          previousAt: claimed.checkedAt?.getTime(),
        });
        outcome = claimed.answer === null ? 'first' : event ? 'changed' : 'unchanged';
      }
    }
    await this.#finish(claimed, { payerId, requestId, answer, outcome, event, now });
  }

  /** The check written in one transaction, if the claim is still this process's. */
  async #finish(
    claimed: Claimed,
    done: {
      payerId: number;
      requestId: string;
      answer: ComparedPart | null;
      outcome: CheckOutcome;
      event: PersonEvent | null;
      now: Date;
    },
  ): Promise<void> {
    const name = typeof done.answer?.full_name === 'string' ? done.answer.full_name : claimed.name;
    await this.deps.db.transaction(async (tx) => {
      const [mine] = await tx.query(
        `UPDATE team_watch_people SET claimed_by = NULL, claimed_until = NULL, claimed_credits = 0,
           checked_at = CASE WHEN $3::jsonb IS NULL THEN checked_at ELSE $4::timestamptz END,
           answer = coalesce($3::jsonb, answer), name = $5, outcome = $6,
           due_at = $4::timestamptz + make_interval(days => period_days)
         WHERE person = $1 AND claimed_by = $2 RETURNING person`,
        [
          claimed.person,
          this.#owner,
          done.answer === null ? null : JSON.stringify(done.answer),
          done.now,
          name,
          done.outcome,
        ],
      );
      // The lease passed and another process took the person over: theirs is the check.
      if (!mine) return;
      await tx.query(
        `INSERT INTO team_watch_checks (request_id, at, charged, outcome)
         SELECT $1, $2, coalesce((SELECT j.charged FROM request_journal j
           WHERE j.member_id = $3 AND j.request_id = $1), 0), $4
         ON CONFLICT (request_id) DO NOTHING`,
        [done.requestId, done.now, done.payerId, done.outcome],
      );
      if (done.event)
        await tx.query(
          'INSERT INTO team_watch_events (person, name, at, kind, event) VALUES ($1, $2, $3, $4, $5)',
          [claimed.person, name, done.now, done.event.kind, JSON.stringify(done.event)],
        );
    });
  }

  /** Lets a claimed person go, asked again after `retryMs` (null: when next due as it stood). */
  async #release(claimed: Claimed, retryMs: number | null): Promise<void> {
    const retryAt = retryMs === null ? null : new Date(this.deps.now().getTime() + retryMs);
    await this.deps.db.query(
      `UPDATE team_watch_people SET claimed_by = NULL, claimed_until = NULL, claimed_credits = 0,
         due_at = coalesce($3::timestamptz, due_at)
       WHERE person = $1 AND claimed_by = $2`,
      [claimed.person, this.#owner, retryAt],
    );
  }
}
