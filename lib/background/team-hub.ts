/**
 * Team mode's own reads of the team hub (hub/app.ts `/hub/v1/…`), all free, with the member token:
 * the member's budget and spend (`me`, what the account shows in place of the service's balance),
 * whether the team has an answer fresh enough (`peek`, which makes a click's quote exact), and the
 * subjects forgotten at the hub, which this browser then forgets too (`forgotten?since=N`).
 * Everything else goes to the hub as to the service, by the service's own paths (./api/client.ts).
 */
import { z } from 'zod';
import { type EndpointId, endpoints } from '../api/endpoints';
import type { HubMember, Quote } from '../protocol';
import { hubForgottenItem } from '../settings';

/** The part of the client these reads use (lib/background/api/client.ts `hubRead`). */
export interface HubReader {
  hubRead<T>(
    path: string,
    query: Readonly<Record<string, unknown>>,
    response: z.ZodType<T>,
    opts?: { signal?: AbortSignal; deadlineMs?: number },
  ): Promise<T>;
}

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
export function hubMember(client: HubReader): Promise<HubMember> {
  return client.hubRead('/hub/v1/me', {}, memberSchema);
}

const peekSchema = z.looseObject({
  cached: z.boolean(),
  free: z.boolean(),
  age_seconds: z.number().nonnegative().nullable(),
});

/**
 * A quote waits this long for the hub's peek; past it (or when the peek fails) the price list's
 * quote stands, which is never less than what the call can cost.
 */
const PEEK_DEADLINE_MS = 2_000;

/**
 * A click's quote in team mode: 0 credits when the team's hub has the answer fresh enough for these
 * params (GET /hub/v1/peek/<service path>?<params>), with how old it is; else `quote` unchanged.
 */
export async function teamQuote(
  client: HubReader,
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
  if (!peek.free) return quote;
  return {
    min: 0,
    max: 0,
    lines: ["The team's hub has this answer: asking it costs nothing"],
    teamHas: { ageSeconds: peek.age_seconds === null ? null : Math.round(peek.age_seconds) },
  };
}

const forgottenSchema = z.looseObject({
  forgotten: z.array(z.looseObject({ seq: z.number().int(), text: z.string() })),
  last: z.number().int().nonnegative(),
});

/**
 * Forgets here, with `forget` (the extension's own forget, lib/background/forget/), every subject
 * forgotten at the hub since the last one this browser forgot; remembers how far it got after each
 * one, so a worker stopped halfway starts where it stopped. Returns how many it forgot.
 */
export async function syncForgotten(
  client: HubReader,
  hubUrl: string,
  forget: (subject: string) => Promise<unknown>,
): Promise<number> {
  const stored = await hubForgottenItem.getValue();
  // The numbers are the hub's: another hub's start again from its first.
  let since = stored?.hubUrl === hubUrl ? stored.last : 0;
  let count = 0;
  for (;;) {
    const page = await client.hubRead('/hub/v1/forgotten', { since }, forgottenSchema);
    if (page.forgotten.length === 0) return count;
    for (const subject of page.forgotten) {
      await forget(subject.text);
      since = subject.seq;
      count += 1;
      await hubForgottenItem.setValue({ hubUrl, last: since });
    }
  }
}
