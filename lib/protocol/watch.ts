/**
 * Watch (lib/background/watch/): people and companies asked again once a period, through the one
 * job runner, and what changed between two answers recorded (lib/watch/changes.ts). What the pages
 * (the panel's Watch, a list's and the popup's "Watch these", the Changes page) and the background
 * exchange. Types only: the background checks each message with lib/background/messages/watch.ts.
 */
import type { ApiErrorJson } from '../api/errors';
import type { Change } from '../watch/changes';
import type { PersonEvent } from '../watch/events';
import type { EnrichedFields } from './lists';
import type { Quote } from './views';

/** How often a watch list is asked again, in days. */
export const WATCH_PERIOD_DAYS = [7, 30, 90] as const;
export type WatchPeriodDays = (typeof WATCH_PERIOD_DAYS)[number];

/**
 * How fresh each answer must be: only the choices that can show a change (lib/freshness.ts: at most
 * 29 days old, +1 credit; live now, +9). "Any age" would serve the copy the service already has.
 */
export const WATCH_FRESHNESS = ['if-recent', 'live'] as const;
export type WatchFreshness = (typeof WATCH_FRESHNESS)[number];

export type WatchedKind = 'person' | 'company';

/** One person or company to watch, as a page names it: by its profile address. */
export interface WatchTarget {
  kind: WatchedKind;
  url: string;
  /** What the page calls them, shown until their first answer. */
  name?: string;
}

/** What watching these would cost a period, before anything is kept or spent. Never spends. */
export interface WatchQuoteRequest {
  targets: WatchTarget[];
  periodDays: WatchPeriodDays;
  freshness: WatchFreshness;
  /** Adding to this list: members it already has are not counted again. */
  listId?: string;
}

export interface WatchQuote {
  /** The targets that would be watched (new to the list), by kind. */
  people: number;
  companies: number;
  /** What one period's run costs at most: one answer per member at the chosen freshness. */
  perPeriod: Quote;
  /** Targets left out, and why (on the do-not-enrich list, not a profile address, already watched). */
  refused: Array<{ url: string; reason: string }>;
  remainingToday: number | null;
  /**
   * A new list can be the team's here (team mode: the team's hub runs it on its own schedule, each
   * person asked once a period for the whole team, paid from the team's watch budget).
   */
  team?: boolean;
}

export interface WatchCreateRequest {
  /** Chosen once per click (newRequestId) and the new list's id: a start asked again finds its list. */
  startId: string;
  name: string;
  targets: WatchTarget[];
  periodDays: WatchPeriodDays;
  freshness: WatchFreshness;
  /** The most a period's run may spend; null: no cap. */
  cap: number | null;
  /** The team's list, made at the team's hub (WatchQuote.team): it runs there, not in this browser. */
  team?: boolean;
  /** The person confirmed spending past today's budget for the first run. */
  confirmed?: boolean;
}

/** Where a watch list's runs stand. */
export type WatchRunStatus =
  /** Nothing to do until `nextRunAt`. */
  | 'idle'
  | 'running'
  /** Every member was asked; answers lost when the worker stopped are being settled. */
  | 'settling'
  /** A run stopped at today's budget or the cap: it goes on the next day (or once confirmed / raised). */
  | 'waiting'
  | 'paused';

export interface WatchListSummary {
  id: string;
  name: string;
  createdAt: number;
  periodDays: WatchPeriodDays;
  freshness: WatchFreshness;
  cap: number | null;
  people: number;
  companies: number;
  /** What a period's run costs at most now. */
  perPeriod: Quote;
  /**
   * What Run now (or Resume) may spend if clicked now: a list whose period came round asks everyone
   * again, else only those not answered this period; nothing for whom another list's answer serves,
   * and no more than the cap leaves (lib/background/watch/shared-answers.ts).
   */
  runQuote: Quote;
  status: WatchRunStatus;
  /** When the last run began and when the next is due (ms since epoch); null: none yet. */
  lastRunAt: number | null;
  nextRunAt: number | null;
  /** Credits spent in the current period. */
  spentThisPeriod: number;
  /** Members asked in the current period, of all. */
  checkedThisPeriod: number;
  stopReason: ApiErrorJson | null;
  /** Changes this list recorded that the person has not looked at. */
  unseen: number;
}

/** A team watch list the hub made (WatchCreateRequest.team). */
export interface TeamWatchStarted {
  name: string;
  /** The people it watches. */
  people: number;
  /** Addresses the hub left out, and why. */
  refused: Array<{ url: string; reason: string }>;
}

export type WatchStartResult =
  | { status: 'started'; list: WatchListSummary }
  | { status: 'team-started'; made: TeamWatchStarted }
  | { status: 'needs-confirmation'; quote: Quote; remaining: number }
  | { status: 'error'; error: ApiErrorJson };

/** A watched person or company, as the page lists it and exports it. */
export interface WatchMemberView {
  /** Its key in the list (the canonical profile address). */
  key: string;
  kind: WatchedKind;
  url: string;
  name: string;
  /** When it was last answered (ms since epoch); null before its first answer. */
  checkedAt: number | null;
  /** What the last answer says, in the lists page's columns (for the export). */
  enriched: EnrichedFields | null;
  /** What its last ask cost (credits); null before its first. */
  credits: number | null;
  /** The last run's error for it (refused, failed), or null. */
  error: ApiErrorJson | null;
}

export interface WatchListDetail {
  summary: WatchListSummary;
  members: WatchMemberView[];
}

export type WatchControl =
  | { action: 'pause' }
  | { action: 'resume'; confirmed?: boolean }
  /** Runs the current period now: members already asked in it are not asked (or paid) again. */
  | { action: 'run'; confirmed?: boolean }
  | { action: 'settings'; periodDays?: WatchPeriodDays; cap?: number | null; name?: string };

/**
 * The list id the team's changes are shown under in team mode (the hub's team watch: no browser's
 * own list has it, theirs are uuids); the Changes page's filter names it "Team".
 */
export const TEAM_LIST_ID = 'team';
/** What pages call the team's list: the filter's choice, the first words of a team change's list. */
export const TEAM_LIST_NAME = 'Team';

/** A change as the Changes page shows it. */
export interface WatchChangeView {
  id: string;
  listId: string;
  /** The watch list's name. */
  watchList: string;
  kind: WatchedKind;
  /** The person's or company's name (the newer answer's). */
  name: string;
  url: string;
  /** When the run that saw it compared the answers (ms since epoch). */
  seenAt: number;
  /** The change: a company's, or a person's event's own. */
  change: Change;
  /** A person's changes of one answer as one event with its evidence (lib/watch/events.ts); null for a company. */
  event: PersonEvent | null;
  /** The person has looked at it (the Changes page marks them when it shows them, or on request). */
  viewed: boolean;
}

export interface WatchMessages {
  /** What watching these would cost a period; refuses what cannot be watched. Never spends. */
  'watch.quote'(data: WatchQuoteRequest): WatchQuote;
  /** Keeps a new watch list and starts its first run now. */
  'watch.create'(data: WatchCreateRequest): WatchStartResult;
  /** Adds people or companies to a list; they are asked on its next run (or `run` now). */
  'watch.add'(data: { listId: string; targets: WatchTarget[] }): WatchStartResult;
  /** Every watch list, newest first. */
  'watch.lists'(): WatchListSummary[];
  /** A list and its members; null when it is gone. */
  'watch.list'(data: { id: string }): WatchListDetail | null;
  /** The lists watching a profile (the panel's Watch control), by its address. */
  'watch.of'(data: { url: string }): WatchListSummary[];
  'watch.control'(data: { id: string; control: WatchControl }): WatchStartResult;
  /** Stops watching one member: it leaves the list, its changes stay until the list goes. */
  'watch.remove'(data: { id: string; key: string }): WatchListSummary | null;
  /** Deletes a list, its members and its changes. */
  'watch.delete'(data: { id: string }): { ok: true };
  /** Recorded changes, newest first (of one list, or all), and how many are unseen in all. */
  'watch.changes'(data: { listId?: string }): { changes: WatchChangeView[]; unseen: number };
  /** Marks changes seen (these ids, or all); answers how many are left unseen (the badge). */
  'watch.seen'(data: { ids?: string[] }): { unseen: number };
}
