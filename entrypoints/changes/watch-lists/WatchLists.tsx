/**
 * The watch lists, newest first, each with where its runs stand and its controls.
 */
import type { WatchListSummary } from '@/lib/protocol';
import type { Act, ChangesBackend } from '../backend';
import { WatchListCard } from './WatchListCard';

export interface WatchListsProps {
  backend: ChangesBackend;
  lists: readonly WatchListSummary[];
  /** How many days data about others is kept; null while unknown. */
  retentionDays: number | null;
  /** Runs a person's action and reads the page again (App.tsx). */
  act: Act;
}

export function WatchLists({ backend, lists, retentionDays, act }: WatchListsProps) {
  return (
    <section class="card" aria-labelledby="watch-lists-title">
      <header>
        <h2 id="watch-lists-title">Watch lists</h2>
        <p class="muted">Each is asked again once a period, at the freshness it was made with.</p>
      </header>
      <ul class="watch-lists">
        {lists.map((list) => (
          <WatchListCard
            key={list.id}
            backend={backend}
            list={list}
            retentionDays={retentionDays}
            act={act}
          />
        ))}
      </ul>
    </section>
  );
}
