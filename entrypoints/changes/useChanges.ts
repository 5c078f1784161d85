/**
 * What the Changes page shows, read from the background: the watch lists (`watch.lists`) and the
 * changes recorded, newest first, of one list or all (`watch.changes`), read again after anything
 * the person changes, and followed as the lists page follows a running list (hooks/usePoll.ts):
 * each second while a list runs, and now and then otherwise, since a run also starts on its own (its
 * alarm). A reading that finds the lists as they were shown stops there; one that finds them moved
 * (a member checked, changes recorded or seen, a run begun or over) reads the changes too.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { usePoll } from '@/hooks/usePoll';
import { backgroundFailure, type Loadable } from '@/lib/ask-background';
import { TEAM_LIST_ID, type WatchChangeView, type WatchListSummary } from '@/lib/protocol';
import type { ChangesBackend } from './backend';

/** How often the lists are read again while one of them runs, and while none does (ms). */
const CHANGES_POLL_MS = { running: 1_000, idle: 10_000 };

export interface ChangesRead {
  changes: WatchChangeView[];
  /** Unseen changes in all lists (the toolbar badge). */
  unseen: number;
}

const ofTeam = (change: WatchChangeView) => change.listId === TEAM_LIST_ID;

function isRunning(list: WatchListSummary): boolean {
  return list.status === 'running' || list.status === 'settling';
}

export function useChanges(backend: ChangesBackend) {
  const [lists, setLists] = useState<Loadable<WatchListSummary[]>>({ status: 'loading' });
  const [changes, setChanges] = useState<Loadable<ChangesRead>>({ status: 'loading' });
  /** The watch list whose changes are shown; null: all of them. */
  const [listId, setListId] = useState<string | null>(null);
  /**
   * Whether the team's changes were read (team mode): their list, "Team", is then shown and chosen
   * like this browser's own, and the page shows them to a member with no list of their own.
   */
  const [team, setTeam] = useState(false);
  const reads = useRef(0);
  /** The lists as last shown, to tell whether a later reading moved. */
  const shown = useRef<string | null>(null);

  const reload = useCallback(async () => {
    const mine = ++reads.current;
    // The lists first: the changes read after them hold every change they count.
    const [listsRead] = await Promise.allSettled([backend.ask('watch.lists', undefined)]);
    const [changesRead] = await Promise.allSettled([backend.ask('watch.changes', listId ? { listId } : {})]);
    if (mine !== reads.current) return;
    shown.current = listsRead.status === 'fulfilled' ? JSON.stringify(listsRead.value) : null;
    setLists(
      listsRead.status === 'fulfilled'
        ? { status: 'ready', value: listsRead.value }
        : { status: 'failed', message: backgroundFailure(listsRead.reason) },
    );
    if (changesRead.status === 'fulfilled' && changesRead.value.changes.some(ofTeam)) setTeam(true);
    setChanges(
      changesRead.status === 'fulfilled'
        ? { status: 'ready', value: changesRead.value }
        : { status: 'failed', message: backgroundFailure(changesRead.reason) },
    );
  }, [backend, listId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** One reading of the poll: the lists, and everything again once they moved. */
  const follow = useCallback(async () => {
    const mine = reads.current;
    // A failed reading (the worker waking up) changes nothing shown; the next one will tell.
    const read = await backend.ask('watch.lists', undefined);
    if (mine === reads.current && JSON.stringify(read) !== shown.current) await reload();
  }, [backend, reload]);
  const pollMs = backend.pollMs ?? CHANGES_POLL_MS;
  usePoll(
    follow,
    lists.status !== 'ready' ? null : lists.value.some(isRunning) ? pollMs.running : pollMs.idle,
  );

  /** Marks these changes seen (all when none are given), then reads the page again. */
  const markSeen = useCallback(
    async (ids?: string[]) => {
      await backend.ask('watch.seen', ids ? { ids } : {});
      await reload();
    },
    [backend, reload],
  );

  return { lists, changes, team, listId, setListId, reload, markSeen };
}
