/**
 * The team's hub (./index.ts `Connection`; hub/app.ts): the service's own paths at the hub's address
 * with the member token, and the hub's own free reads under `/hub/v1/…`: the member's budget and
 * spend (`me`, what the account shows in place of the service's balance and what a quote says is
 * left), whether the team has an answer fresh enough (`peek`, which makes a click's quote exact; its
 * batch form, which also tells the team's CRM and do-not-enrich marks, makes a quote of many rows
 * exact), the subjects forgotten at the hub, which this browser then forgets too
 * (`forgotten?since=N`), and the team's watch (`watch/…`: lists the hub runs with no browser open,
 * the team's changes read from a cursor and marked seen by this member: hub/team-watch-routes.ts).
 *
 * The hub is trusted as far as a quote goes: a charge it reports above what the call's quote allows
 * is recorded at that maximum, flagged; a list of forgotten subjects that does not move forward is
 * not asked again without end.
 */
import { z } from 'zod';
import { type EndpointId, endpoints } from '../../api/endpoints';
import { ApiError } from '../../api/errors';
import { MAX_PEEK_REQUESTS, type PeekRequestBody } from '../../pricing/team-peek';
import type { HubMember, Quote } from '../../protocol';
import { hubForgottenItem, type Settings } from '../../settings';
import { PERSON_EVENT_KINDS, type PersonEvent } from '../../watch/events';
import type { TeamChange } from '../../watch/team-change';
import type { Connection, ConnectionClient, PeekAsked, PeekMark, TeamWatchAt } from './types';

const credits = z.number().nonnegative();

const memberSchema = z
  .looseObject({
    name: z.string(),
    daily_budget: credits.nullable(),
    monthly_budget: credits.nullable().optional(),
    spent_today: credits,
    left_today: credits.nullable(),
    spent_this_month: credits.optional(),
    left_this_month: credits.nullable().optional(),
  })
  .transform(
    (me): HubMember => ({
      name: me.name,
      dailyBudget: me.daily_budget,
      monthlyBudget: me.monthly_budget ?? null,
      spentToday: me.spent_today,
      leftToday: me.left_today,
      spentThisMonth: me.spent_this_month ?? me.spent_today,
      leftThisMonth: me.left_this_month ?? null,
    }),
  );

/** The member's budget and spend at the hub (GET /hub/v1/me). */
function hubMember(client: ConnectionClient): Promise<HubMember> {
  return client.hubRead('/hub/v1/me', {}, memberSchema);
}

/** What the member may still spend at the hub today: the smaller of what is left today and this month. */
function leftOf(member: HubMember): number | null {
  const left = [member.leftToday, member.leftThisMonth].filter((value): value is number => value !== null);
  return left.length === 0 ? null : Math.min(...left);
}

const peekSchema = z.looseObject({
  cached: z.boolean(),
  free: z.boolean(),
  age_seconds: z.number().nonnegative().nullable(),
});

/**
 * A quote waits this long for the hub's peek; past it (or when the peek fails) the price list's
 * quote stands, which is never less than what the call can cost. The e2e build waits 10 s: its
 * tests run three browsers, hub processes and PostgreSQL at once on two cores, where a peek once
 * took over 2 s, and what they check is the team's quote (the unit tests check the fallback).
 * (`?.`: import.meta.env is the bundler's, absent where the benchmarks load this in plain Node.)
 */
const PEEK_DEADLINE_MS = import.meta.env?.MODE === 'e2e' ? 10_000 : 2_000;

/**
 * A click's quote in team mode: 0 credits when the team's hub has the answer fresh enough for these
 * params (GET /hub/v1/peek/<service path>?<params>), with how old it is; else `quote` unchanged.
 */
async function teamQuote(
  client: ConnectionClient,
  endpointId: EndpointId,
  canonical: Readonly<Record<string, unknown>>,
  quote: Quote,
): Promise<Quote> {
  let peek: z.infer<typeof peekSchema>;
  try {
    peek = await client.hubRead(`/hub/v1/peek${endpoints[endpointId].path}`, canonical, peekSchema, {
      deadlineMs: PEEK_DEADLINE_MS,
    });
  } catch {
    return quote;
  }
  return peek.free ? teamHasQuote(peek.age_seconds) : quote;
}

/** The quote of an answer the team's hub has fresh enough: nothing, with how old it is. */
function teamHasQuote(ageSeconds: number | null): Quote {
  return {
    min: 0,
    max: 0,
    lines: ["The team's hub has this answer: asking it costs nothing"],
    teamHas: { ageSeconds: ageSeconds === null ? null : Math.round(ageSeconds) },
  };
}

const batchPeekSchema = z.looseObject({
  answers: z.array(
    peekSchema.extend({
      fetched_at: z.string().nullable(),
      do_not_enrich: z.boolean(),
      crm: z.enum(['profile', 'email', 'name', 'company']).nullable(),
      invalid: z.string().nullable(),
    }),
  ),
});

/**
 * What the team knows of many requests (POST /hub/v1/peek, MAX_PEEK_REQUESTS a post, the posts
 * together within PEEK_DEADLINE_MS), in order. A post that fails, is late or answers in another
 * shape fails the whole peek softly: null, and the price list's quote stands for every row (a
 * team's copy left unseen costs only what the quote already says). The failure is reported, not
 * shown: a quote of many rows still stands without it.
 */
async function teamPeekMany(
  client: ConnectionClient,
  requests: readonly PeekAsked[],
): Promise<PeekMark[] | null> {
  const chunks: PeekAsked[][] = [];
  for (let at = 0; at < requests.length; at += MAX_PEEK_REQUESTS)
    chunks.push(requests.slice(at, at + MAX_PEEK_REQUESTS));
  try {
    const answered = await Promise.all(
      chunks.map(async (chunk) => {
        const { answers } = await client.hubRead('/hub/v1/peek', {}, batchPeekSchema, {
          deadlineMs: PEEK_DEADLINE_MS,
          body: {
            requests: chunk.map(
              ({ endpointId, canonical, identity }): PeekRequestBody => ({
                path: endpoints[endpointId].path,
                params: canonical,
                ...(identity ? { identity } : {}),
              }),
            ),
          },
        });
        if (answers.length !== chunk.length)
          throw new ApiError('invalid', {
            description: `The team hub answered ${answers.length} of ${chunk.length} peeks`,
          });
        return answers;
      }),
    );
    return answered.flat().map(
      (answer): PeekMark => ({
        // A request the hub could not read is told nothing of: the price list's quote stands.
        free: answer.free && answer.invalid === null ? teamHasQuote(answer.age_seconds) : null,
        crm: answer.crm,
        doNotEnrich: answer.do_not_enrich,
      }),
    );
  } catch (error) {
    console.warn("Could not ask the team hub what the team has: the price list's quote stands", error);
    return null;
  }
}

const forgottenSchema = z.looseObject({
  forgotten: z.array(z.looseObject({ seq: z.number().int(), text: z.string() })),
  last: z.number().int().nonnegative(),
});

/**
 * Pages of forgotten subjects read in one sync. A hub with more forgotten since is read on by the
 * next sync (the next call's, or the alarm's), from where this one stopped.
 */
const FORGOTTEN_PAGES_PER_SYNC = 10;

/**
 * Forgets here, with `forget` (the extension's own forget, lib/background/forget/), every subject
 * forgotten at the hub since the last one this browser forgot; remembers how far it got after each
 * one, so a worker stopped halfway starts where it stopped. Bounded: only subjects numbered past
 * the last one are taken, a page that brings none stops the sync (a hub that ignores `since` is
 * not asked again and again), and at most FORGOTTEN_PAGES_PER_SYNC pages are read. Returns how many
 * it forgot.
 */
async function syncForgotten(
  client: ConnectionClient,
  hubUrl: string,
  forget: (subject: string) => Promise<unknown>,
): Promise<number> {
  const stored = await hubForgottenItem.getValue();
  // The numbers are the hub's: another hub's start again from its first.
  let since = stored?.hubUrl === hubUrl ? stored.last : 0;
  let count = 0;
  for (let page = 0; page < FORGOTTEN_PAGES_PER_SYNC; page += 1) {
    const { forgotten } = await client.hubRead('/hub/v1/forgotten', { since }, forgottenSchema);
    const after = since;
    for (const subject of forgotten) {
      // Only what comes after the last one forgotten, in order: the same subject is not forgotten twice.
      if (subject.seq <= since) continue;
      await forget(subject.text);
      since = subject.seq;
      count += 1;
      await hubForgottenItem.setValue({ hubUrl, last: since });
    }
    if (since === after) return count;
  }
  return count;
}

const teamListMadeSchema = z.looseObject({
  list: z.looseObject({ id: z.number().int(), name: z.string(), people: z.number().int().nonnegative() }),
  refused: z.array(z.looseObject({ url: z.string(), reason: z.string() })),
});

/** An event as lib/watch/events.ts tells it: its kind and doubts checked, its changes and evidence as given. */
const teamEventSchema = z.looseObject({
  kind: z.enum(PERSON_EVENT_KINDS as [PersonEvent['kind'], ...PersonEvent['kind'][]]),
  changes: z.array(z.looseObject({ kind: z.string() })).min(1),
  evidence: z.looseObject({}),
  uncertain: z.array(z.string()),
});

const teamChangesSchema = z.looseObject({
  changes: z.array(
    z.looseObject({
      seq: z.number().int().positive(),
      person: z.string(),
      name: z.string().nullable(),
      at: z.string(),
      event: teamEventSchema,
      lists: z.array(z.string()),
      seen: z.boolean(),
    }),
  ),
  last: z.number().int().nonnegative(),
  unseen: z.number().int().nonnegative(),
});

const unseenSchema = z.looseObject({ unseen: z.number().int().nonnegative() });

/** The team's watch at the hub (hub/team-watch-routes.ts): its lists made, its changes read and marked seen. */
const teamWatchAt: TeamWatchAt = {
  async createList(client, { name, periodDays, people, createId }) {
    const { list, refused } = await client.hubRead('/hub/v1/watch/lists', {}, teamListMadeSchema, {
      body: {
        name,
        period_days: periodDays,
        people: people.map((target) => (target.name ? { url: target.url, name: target.name } : target.url)),
        create_id: createId,
      },
    });
    return { id: list.id, name: list.name, people: list.people, refused };
  },
  async changesSince(client, since) {
    const read = await client.hubRead('/hub/v1/watch/changes', { since }, teamChangesSchema);
    // Checked above for what a page reads of it; the event's changes and evidence are the hub's as given.
    return { ...read, changes: read.changes as unknown as TeamChange[] };
  },
  async markSeen(client, which) {
    const body = {
      ...(which.seqs ? { seqs: [...which.seqs] } : {}),
      ...(which.through ? { through: which.through } : {}),
    };
    return (await client.hubRead('/hub/v1/watch/seen', {}, unseenSchema, { body })).unseen;
  },
};

/**
 * The hub's refusals in the product's words: a member token and the hub's admin, a member's budget,
 * the hub that cannot be reached.
 */
function explain(error: ApiError, hubUrl: string): ApiError {
  const { name: _name, kind, message: _message, ...details } = error.toJSON();
  if (kind === 'auth')
    return new ApiError('member-token', {
      ...details,
      // The hub's own text speaks of an API key (it answers as the service does): a member has none.
      description:
        error.status === undefined
          ? details.description
          : 'The team hub does not know this member token, or its member was removed',
    });
  if (kind === 'unreachable')
    return new ApiError('unreachable', {
      ...details,
      description: `The team hub at ${hubUrl} refused the connection`,
    });
  // A 402 the hub answered without its word is still the member's budget: the service answers none.
  if (kind === 'invalid' && error.status === 402) return new ApiError('member-budget', details);
  // Told again without the hub's HTTP line in its message: a page shows the product's words.
  if (kind === 'member-budget') return new ApiError('member-budget', details);
  return error;
}

export function teamHub(settings: Settings): Connection {
  const { hubUrl, hubToken } = settings;
  return {
    address: { apiKey: hubToken, baseUrlV2: hubUrl, baseUrlV3: hubUrl, hub: true },
    paceKey: hubToken,
    addresses: [['The team hub address', hubUrl]],
    notConfigured: 'No team hub address or member token is set. Open the options to set them.',
    clickQuote: teamQuote,
    peekMany: teamPeekMany,
    async budgetLeft(client) {
      try {
        return leftOf(await hubMember(client));
      } catch {
        return undefined;
      }
    },
    member: (client) => hubMember(client),
    chargeOf(answer, priced, quoteMax) {
      if (answer.hubCharged === undefined) return { credits: priced() };
      const reported = answer.hubCharged;
      // What the hub says the team paid, within what the call can cost: a hub is not believed past it.
      if (reported !== null && quoteMax !== null && reported > quoteMax)
        return { credits: quoteMax, reported };
      return { credits: reported };
    },
    // The hub holds the account and tells no balance: nothing to read, and nothing asked.
    balance: async () => null,
    readsBalance: false,
    syncForgotten: (client, forget) => syncForgotten(client, hubUrl, forget),
    teamWatch: teamWatchAt,
    explain: (error) => explain(error, hubUrl),
  };
}
