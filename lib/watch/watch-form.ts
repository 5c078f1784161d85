/**
 * The state of a Watch form, as hooks/useWatchForm.ts produces it and components/watch/WatchForm.tsx
 * draws it (declared here because neither may import the other). Plain types.
 */
import type { UserMessage } from '../api/errors';
import type { Loadable } from '../ask-background';
import type {
  Quote,
  TeamWatchStarted,
  WatchFreshness,
  WatchListSummary,
  WatchPeriodDays,
  WatchQuote,
  WatchTarget,
} from '../protocol';

/** A new list is `NEW_LIST`; a kept one is its id. */
export const NEW_LIST = '';

export type WatchStart =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'confirming'; quote: Quote; remaining: number }
  | { status: 'started'; list: WatchListSummary }
  /** A team watch list the team's hub made and runs (team mode). */
  | { status: 'team-started'; made: TeamWatchStarted }
  | { status: 'failed'; message: UserMessage };

export interface WatchForm {
  targets: readonly WatchTarget[];
  lists: Loadable<WatchListSummary[]>;
  listId: string;
  setListId: (id: string) => void;
  /** The kept list chosen; null for a new one. */
  chosen: WatchListSummary | null;
  name: string;
  setName: (name: string) => void;
  periodDays: WatchPeriodDays;
  setPeriodDays: (days: WatchPeriodDays) => void;
  /** How many days data about others is kept (a period as long or longer records nothing); null while unknown. */
  retentionDays: number | null;
  freshness: WatchFreshness;
  setFreshness: (freshness: WatchFreshness) => void;
  /** The new list is the team's (team mode, when the quote says it can be: WatchQuote.team). */
  team: boolean;
  setTeam: (team: boolean) => void;
  capText: string;
  setCapText: (text: string) => void;
  cap: number | null;
  /** Why it cannot start as typed (an empty name, a cap that is not a number); null when it can. */
  problem: string | null;
  quote: Loadable<WatchQuote>;
  start: WatchStart;
  submit: () => void;
  confirm: () => void;
  cancel: () => void;
}
