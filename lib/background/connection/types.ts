/**
 * The connection's interface (./index.ts chooses one from the settings): everything that differs
 * between the person's own key (./own-key.ts) and the team's hub (./team-hub.ts).
 */
import type { z } from 'zod';
import type { EndpointId } from '../../api/endpoints';
import type { ApiError } from '../../api/errors';
import type { CrmIdentity, CrmMatchBy, HubMember, Quote, WatchPeriodDays, WatchTarget } from '../../protocol';
import type { TeamChange } from '../../watch/team-change';

type Canonical = Readonly<Record<string, unknown>>;

/** Where the client calls, with which bearer key; `hub` says the answers carry the hub's headers. */
export interface ServiceAddress {
  apiKey: string;
  baseUrlV2: string;
  baseUrlV3: string;
  hub: boolean;
}

/** The part of the API client a connection reads with (lib/background/api/client.ts). */
export interface ConnectionClient {
  creditBalance(opts?: { signal?: AbortSignal }): Promise<number | null>;
  hubRead<T>(
    path: string,
    query: Readonly<Record<string, unknown>>,
    response: z.ZodType<T>,
    opts?: { signal?: AbortSignal; deadlineMs?: number; body?: unknown },
  ): Promise<T>;
}

/** One request of a quote of many rows, as the connection is asked about it. */
export interface PeekAsked {
  endpointId: EndpointId;
  canonical: Canonical;
  /** Who the row is (its page's columns), for the team's CRM reference to match. */
  identity?: CrmIdentity;
}

/** What the place the connection leads knows of one request beyond this browser (the team's hub). */
export interface PeekMark {
  /** The team has the answer fresh enough for these params: the quote of asking it (0 credits). */
  free: Quote | null;
  /** The team's CRM reference holds this row, and how it matched; null when it does not. */
  crm: CrmMatchBy | null;
  /** The team's do-not-enrich list forbids it: it is refused, nothing sent. */
  doNotEnrich: boolean;
}

/** An answer's charge as the ledger records it, and what was reported when it was not believed. */
export interface ReadCharge {
  /** Credits to record; null when the price is not published (the balance or an estimate tells). */
  credits: number | null;
  /**
   * The charge reported was more than the call's quote allows: `credits` is the quote's maximum,
   * and this is what was reported (the ledger keeps it, flagged).
   */
  reported?: number;
}

/** A team watch list the hub made (team mode): the hub runs it, with no browser open. */
export interface TeamWatchMade {
  id: number;
  name: string;
  /** The people it watches. */
  people: number;
  /** Addresses the hub left out, and why (not a person's profile, on the team's do-not-enrich list). */
  refused: Array<{ url: string; reason: string }>;
}

/** The team's watch at the hub (hub/team-watch.ts), as a member's browser reaches it. */
export interface TeamWatchAt {
  /** Makes a team watch list; `createId` asked again answers the list it made. */
  createList(
    client: ConnectionClient,
    list: { name: string; periodDays: WatchPeriodDays; people: readonly WatchTarget[]; createId: string },
  ): Promise<TeamWatchMade>;
  /** The team's changes after number `since`, oldest first, and how many this member has not seen. */
  changesSince(
    client: ConnectionClient,
    since: number,
  ): Promise<{ changes: TeamChange[]; last: number; unseen: number }>;
  /** Marks changes seen for this member (those numbered, or all up to `through`); returns how many are left unseen. */
  markSeen(client: ConnectionClient, which: { seqs?: readonly number[]; through?: number }): Promise<number>;
}

export interface Connection {
  /** Where calls go and with which bearer key. */
  readonly address: ServiceAddress;
  /** The scheduler's lane: requests to one place with one key are paced together. */
  readonly paceKey: string;
  /** The addresses the client must accept, with how each is named in an error. */
  readonly addresses: readonly (readonly [label: string, url: string])[];
  /** What is said when the connection is not set up yet. */
  readonly notConfigured: string;
  /**
   * A click's quote from the price list's: the same, or (team mode) 0 when the team's hub has the
   * answer fresh enough, learned by its free peek.
   */
  clickQuote(
    client: ConnectionClient,
    endpointId: EndpointId,
    canonical: Canonical,
    listed: Quote,
  ): Promise<Quote>;
  /**
   * What the team knows of many requests at once, in order (team mode: the hub's batch peek, free);
   * null where nothing beyond this browser is known (the person's own key: the cache, the CRM
   * reference and the do-not-enrich list here already said theirs) or the hub could not be asked,
   * which leaves every row at the price list's quote, never less than what it can cost.
   */
  peekMany(client: ConnectionClient, requests: readonly PeekAsked[]): Promise<PeekMark[] | null>;
  /**
   * What is left of the member's budget today where the connection keeps one (the team's hub);
   * undefined where it keeps none (the person's own key: their daily budget is the extension's).
   * Null: no daily budget there. Never throws: undefined when it cannot be asked.
   */
  budgetLeft(client: ConnectionClient): Promise<number | null | undefined>;
  /** The member at the hub, for the account; null for the person's own key. */
  member(client: ConnectionClient): Promise<HubMember> | null;
  /**
   * An answer's charge: what the hub reported paying (never more than the call's quote allows),
   * else what the answer tells by the price list.
   */
  chargeOf(
    answer: { hubCharged?: number | null },
    priced: () => number | null,
    quoteMax: number | null,
  ): ReadCharge;
  /**
   * The balance a lost answer is settled from: the service's free reading, or (team mode) none,
   * without asking: the hub holds the account, and a lost answer then costs 0 to its quote's
   * maximum, settled once the service can no longer charge it.
   */
  balance(client: ConnectionClient): Promise<number | null>;
  /** Whether the account shows the service's balance (read when due). */
  readonly readsBalance: boolean;
  /**
   * Forgets here what was forgotten where the connection leads (team mode: at the hub), bounded;
   * returns how many subjects it forgot.
   */
  syncForgotten(client: ConnectionClient, forget: (subject: string) => Promise<unknown>): Promise<number>;
  /**
   * The team's watch at the hub (team mode); null for the person's own key, whose watch lists run in
   * this browser (lib/background/watch/).
   */
  readonly teamWatch: TeamWatchAt | null;
  /** A failure in this connection's words (a member token and the hub's admin, not "the API key"). */
  explain(error: ApiError): ApiError;
}
