/**
 * What the Changes page shows, read from the background: the watch lists (`watch.lists`) and the
 * changes recorded, newest first, of one list or all (`watch.changes`), read again after anything
 * the person changes.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { backgroundFailure, type Loadable } from '@/lib/ask-background';
import type { WatchChangeView, WatchListSummary } from '@/lib/protocol';
import type { ChangesBackend } from './backend';

export interface ChangesRead {
  changes: WatchChangeView[];
  /** Unseen changes in all lists (the toolbar badge). */
  unseen: number;
}

export function useChanges(backend: ChangesBackend) {
  const [lists, setLists] = useState<Loadable<WatchListSummary[]>>({ status: 'loading' });
  const [changes, setChanges] = useState<Loadable<ChangesRead>>({ status: 'loading' });
  /** The watch list whose changes are shown; null: all of them. */
  const [listId, setListId] = useState<string | null>(null);
  const reads = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++reads.current;
    const [listsRead, changesRead] = await Promise.allSettled([
      backend.ask('watch.lists', undefined),
      backend.ask('watch.changes', listId ? { listId } : {}),
    ]);
    if (mine !== reads.current) return;
    setLists(
      listsRead.status === 'fulfilled'
        ? { status: 'ready', value: listsRead.value }
        : { status: 'failed', message: backgroundFailure(listsRead.reason) },
    );
    setChanges(
      changesRead.status === 'fulfilled'
        ? { status: 'ready', value: changesRead.value }
        : { status: 'failed', message: backgroundFailure(changesRead.reason) },
    );
  }, [backend, listId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Marks these changes seen (all when none are given), then reads the page again. */
  const markSeen = useCallback(
    async (ids?: string[]) => {
      await backend.ask('watch.seen', ids ? { ids } : {});
      await reload();
    },
    [backend, reload],
  );

  return { lists, changes, listId, setListId, reload, markSeen };
}
