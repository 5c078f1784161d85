/**
 * The changes recorded, newest first: of every watch list or of one, "Mark all seen" for what is
 * shown, and the changes shown exported as CSV (formula-safe, UTF-8 with a byte order mark) or JSON.
 */
import { useId, useState } from 'preact/hooks';
import { Busy, ErrorNotice } from '@/components/Notice';
import type { Loadable } from '@/lib/ask-background';
import { TEAM_LIST_ID, TEAM_LIST_NAME, type WatchChangeView, type WatchListSummary } from '@/lib/protocol';
import type { RecordedChange } from '@/lib/watch/change-export';
import type { ChangesBackend } from '../backend';
import type { ChangesRead } from '../useChanges';
import { ChangeItem } from './ChangeItem';

/** A change as the exports read it (lib/watch/change-export.ts). */
export function recordedChange(view: WatchChangeView): RecordedChange {
  return {
    name: view.name,
    url: view.url,
    watchList: view.watchList,
    seenAt: view.seenAt,
    change: view.change,
    event: view.event,
  };
}

export interface ChangesSectionProps {
  backend: ChangesBackend;
  lists: readonly WatchListSummary[];
  /** Team mode with the team's changes read: "Team" is a list to choose too. */
  team: boolean;
  changes: Loadable<ChangesRead>;
  /** The list shown; null: all. */
  listId: string | null;
  onListId: (id: string | null) => void;
  /** Marks these seen (all when absent). */
  onMarkSeen: (ids?: string[]) => void;
  onRetry: () => void;
}

export function ChangesSection({
  backend,
  lists,
  team,
  changes,
  listId,
  onListId,
  onMarkSeen,
  onRetry,
}: ChangesSectionProps) {
  const filterId = useId();
  const [exportError, setExportError] = useState<string | null>(null);
  const shown = changes.status === 'ready' ? changes.value.changes : [];
  const unseenShown = shown.filter((change) => !change.viewed);
  const save = (format: 'csv' | 'json') => async () => {
    setExportError(null);
    try {
      await backend.saveChanges(format, shown.map(recordedChange));
    } catch (error) {
      setExportError(error instanceof Error ? error.message : String(error));
    }
  };
  const listName = listId === TEAM_LIST_ID ? TEAM_LIST_NAME : lists.find((list) => list.id === listId)?.name;
  return (
    <section class="card" aria-labelledby="changes-title">
      <header class="split">
        <h2 id="changes-title">
          What changed
          {changes.status === 'ready' && changes.value.unseen > 0 && (
            <span class="unseen-count">
              {changes.value.unseen}
              <span class="visually-hidden"> not seen yet</span>
            </span>
          )}
        </h2>
        <div class="field">
          <label class="field-label" for={filterId}>
            Watch list
          </label>
          <select
            id={filterId}
            value={listId ?? ''}
            onChange={(event) => onListId(event.currentTarget.value || null)}
          >
            <option value="">All watch lists</option>
            {lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
            {team && <option value={TEAM_LIST_ID}>{TEAM_LIST_NAME}</option>}
          </select>
        </div>
      </header>
      <div class="row">
        <button
          type="button"
          disabled={unseenShown.length === 0}
          onClick={() => onMarkSeen(listId ? unseenShown.map((change) => change.id) : undefined)}
        >
          Mark all seen
        </button>
        <button type="button" disabled={shown.length === 0} onClick={save('csv')}>
          Export CSV
        </button>
        <button type="button" disabled={shown.length === 0} onClick={save('json')}>
          Export JSON
        </button>
      </div>
      {exportError && (
        <p class="notice error" role="alert">
          The file could not be made: {exportError}
        </p>
      )}
      {changes.status === 'loading' && <Busy>Reading the changes…</Busy>}
      {changes.status === 'failed' && <ErrorNotice message={changes.message} onRetry={onRetry} />}
      {changes.status === 'ready' && shown.length === 0 && (
        <p class="empty">
          No change recorded{listName ? ` in ${listName}` : ''} yet. Each watch list is asked again once a
          period; whatever changed then shows here.
        </p>
      )}
      {shown.length > 0 && (
        <ol class="changes" aria-label="Changes, newest first">
          {shown.map((change) => (
            <ChangeItem key={change.id} change={change} showList={listId === null} />
          ))}
        </ol>
      )}
    </section>
  );
}
