/**
 * The Changes page: what changed about the people and companies watched, newest first, filterable by
 * watch list, the ones not yet seen marked, exported as CSV or JSON (in team mode the team's too, under
 * "Team", even for a member with no list of their own); and the watch lists themselves, each with
 * its controls (pause, resume, run now, period, cap, name, members, delete). Watch lists
 * run in the background on their own: this page only shows and steers them, and follows them as
 * they run (./useChanges.ts).
 */
import { useState } from 'preact/hooks';
import { Busy, ErrorNotice } from '@/components/Notice';
import { useRetentionDays } from '@/hooks/useRetentionDays';
import type { UserMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import type { ChangesBackend } from './backend';
import { ChangesSection } from './changes/ChangesSection';
import { useChanges } from './useChanges';
import { WatchLists } from './watch-lists/WatchLists';

export function ChangesApp({ backend }: { backend: ChangesBackend }) {
  const page = useChanges(backend);
  const retentionDays = useRetentionDays(backend.ask);
  const [actionError, setActionError] = useState<UserMessage | null>(null);
  /** Runs a person's action, then reads the page again; a failure is said, not thrown. */
  const act = async (action: () => Promise<unknown>) => {
    setActionError(null);
    try {
      await action();
    } catch (error) {
      setActionError(backgroundFailure(error));
    }
    await page.reload();
  };
  const { lists } = page;

  return (
    <main class="page changes-page">
      <header class="page-header">
        <h1>Changes</h1>
        <p class="muted">
          What changed about the people and companies you watch, newest first. Each watch list is asked again
          on its own schedule, within your daily budget
          {page.team ? "; the team's lists (Team) by the team hub, within the team's watch budget." : '.'}
        </p>
      </header>
      {actionError && <ErrorNotice message={actionError} />}
      {lists.status === 'loading' && <Busy>Reading your watch lists…</Busy>}
      {lists.status === 'failed' && (
        <ErrorNotice message={lists.message} onRetry={() => void page.reload()} />
      )}
      {lists.status === 'ready' && lists.value.length === 0 && !page.team && <NoWatchYet />}
      {lists.status === 'ready' && (lists.value.length > 0 || page.team) && (
        <>
          <ChangesSection
            backend={backend}
            lists={lists.value}
            team={page.team}
            changes={page.changes}
            listId={page.listId}
            onListId={page.setListId}
            onMarkSeen={(ids) => void act(() => page.markSeen(ids))}
            onRetry={() => void page.reload()}
          />
          {lists.value.length > 0 && (
            <WatchLists backend={backend} lists={lists.value} retentionDays={retentionDays} act={act} />
          )}
        </>
      )}
    </main>
  );
}

/** No watch list yet: how to watch someone. */
function NoWatchYet() {
  return (
    <section class="card" aria-labelledby="no-watch-title">
      <h2 id="no-watch-title">No watch list yet</h2>
      <p>Watch a person or a company to see here when they change jobs, titles, places or size:</p>
      <ul>
        <li>on their profile, open the side panel and choose Watch;</li>
        <li>on the Lists page, watch a finished list's people (all, or only the ones found);</li>
        <li>in the toolbar popup, choose people or companies among a search's results and watch them.</li>
      </ul>
      <p class="muted">Each watch shows what it costs a period before it starts.</p>
    </section>
  );
}
