/**
 * The team's changes (team mode): those the hub's team watch found (hub/team-watch.ts), read from
 * the hub whenever the Changes page or the badge asks, shown beside this browser's own as changes
 * of the list "Team", and marked seen at the hub for this member alone. The connection says whether
 * there is a team (lib/background/connection/: its `teamWatch`, null for the person's own key); a
 * hub that cannot be asked leaves this browser's own changes shown, and the failure logged.
 */
import type { ApiError } from '../../api/errors';
import { TEAM_LIST_ID, TEAM_LIST_NAME, type WatchChangeView } from '../../protocol';
import type { TeamChange } from '../../watch/team-change';
import type { ConnectionClient, TeamWatchAt } from '../connection';

const TEAM_ID_PREFIX = 'team:';

/**
 * Where the team's watch is reached, with the connection's words for its failures; null when there
 * is no team (the person's own key).
 */
export type TeamWatchReach = () => Promise<{
  at: TeamWatchAt;
  client: ConnectionClient;
  explain: (error: ApiError) => ApiError;
} | null>;

/** A change of the team's watch as the Changes page shows a change. */
export function teamChangeView(change: TeamChange): WatchChangeView {
  return {
    id: `${TEAM_ID_PREFIX}${change.seq}`,
    listId: TEAM_LIST_ID,
    watchList: change.lists.length > 0 ? `${TEAM_LIST_NAME} · ${change.lists.join(', ')}` : TEAM_LIST_NAME,
    kind: 'person',
    name: change.name ?? change.person,
    url: change.person,
    seenAt: Date.parse(change.at),
    // The connection checked that an event has a change at least (its own, first).
    change: change.event.changes[0]!,
    event: change.event,
    viewed: change.seen,
  };
}

/** Pages of the team's changes read at once: the hub answers 500 a page. */
const MAX_PAGES = 20;

export function createTeamChanges(reach: TeamWatchReach) {
  /** Every change of the team's watch, and how many this member has not seen; none without a team. */
  async function read(): Promise<{ changes: WatchChangeView[]; unseen: number }> {
    try {
      const team = await reach();
      if (!team) return { changes: [], unseen: 0 };
      const changes: WatchChangeView[] = [];
      let since = 0;
      let unseen = 0;
      for (let page = 0; page < MAX_PAGES; page++) {
        const read = await team.at.changesSince(team.client, since);
        unseen = read.unseen;
        changes.push(...read.changes.map(teamChangeView));
        if (read.changes.length === 0 || read.last <= since) break;
        since = read.last;
      }
      return { changes, unseen };
    } catch (error) {
      console.warn("Could not read the team's changes from the hub: this browser's own are shown", error);
      return { changes: [], unseen: 0 };
    }
  }

  /** How many of the team's changes this member has not seen (the badge); 0 without a team or a hub. */
  async function unseen(): Promise<number> {
    try {
      const team = await reach();
      // Read past the last change: the count without the changes.
      return team ? (await team.at.changesSince(team.client, Number.MAX_SAFE_INTEGER)).unseen : 0;
    } catch (error) {
      console.warn("Could not count the team's unseen changes at the hub", error);
      return 0;
    }
  }

  /**
   * Marks the team's changes seen at the hub: those among `ids` (the page's ids), or every one when
   * `ids` is absent. Returns how many of the team's are left unseen (as last known, when the hub
   * cannot be asked).
   */
  async function markSeen(ids?: readonly string[]): Promise<number> {
    const seqs = (ids ?? [])
      .filter((id) => id.startsWith(TEAM_ID_PREFIX))
      .map((id) => Number(id.slice(TEAM_ID_PREFIX.length)))
      .filter((seq) => Number.isSafeInteger(seq) && seq > 0);
    if (ids !== undefined && seqs.length === 0) return unseen();
    try {
      const team = await reach();
      if (!team) return 0;
      return await team.at.markSeen(
        team.client,
        ids === undefined ? { through: Number.MAX_SAFE_INTEGER } : { seqs },
      );
    } catch (error) {
      // This browser's own are marked all the same; the team's stay unseen until the hub is reached.
      console.warn("Could not mark the team's changes seen at the hub", error);
      return unseen();
    }
  }

  return { read, unseen, markSeen };
}
