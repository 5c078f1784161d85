/**
 * The toolbar button's badge: how many recorded changes the person has not looked at (empty at 0),
 * the team's too in team mode (./team-changes.ts).
 * Set again whenever that number can change (changes recorded, seen, forgotten, deleted, expired)
 * and when a worker starts.
 */
import type { IDBPDatabase } from 'idb';
import type { EnrichmentDb } from '../db';
import { unseenCount } from './watch-views';

export function createWatchBadge(deps: {
  db: () => Promise<IDBPDatabase<EnrichmentDb>>;
  /** browser.action.setBadgeText's text. */
  setText: (text: string) => Promise<unknown> | unknown;
  /** Team mode: the team's changes this member has not seen (./team-changes.ts); 0 without a team. */
  teamUnseen?: () => Promise<number>;
}) {
  /** Sets the badge to the unseen count now (this browser's and the team's); returns it. */
  async function refresh(): Promise<number> {
    const [own, ofTeam] = await Promise.all([unseenCount(await deps.db()), deps.teamUnseen?.() ?? 0]);
    const unseen = own + ofTeam;
    await deps.setText(unseen === 0 ? '' : String(unseen));
    return unseen;
  }

  return {
    refresh,
    /** The same, for a caller that does not wait (a failure is only logged). */
    update(): void {
      refresh().catch((error) => console.warn('Could not set the count of unseen changes', error));
    },
  };
}
