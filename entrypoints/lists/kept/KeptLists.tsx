/**
 * The lists kept on this computer, newest first: when each was made, its rows, what it spent and
 * where it stands. One opens (to follow, download, refresh or retry it) or is deleted.
 */
import { useEffect, useState } from 'preact/hooks';
import { formatMoment } from '@/components/format';
import { ErrorNotice } from '@/components/Notice';
import type { UserMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import type { ListSummary } from '@/lib/protocol';
import { creditCount } from '@/lib/quote-format';
import type { ListsBackend } from '../backend';
import { statusWords } from '../run/ListProgress';

export function KeptLists({ backend, onOpen }: { backend: ListsBackend; onOpen: (id: string) => void }) {
  const [lists, setLists] = useState<ListSummary[] | null>(null);
  const [error, setError] = useState<UserMessage | null>(null);
  /** The list whose Delete was pressed: asked once more, in place. */
  const [deleting, setDeleting] = useState<string | null>(null);

  const load = () =>
    backend.ask('list.all', undefined).then(setLists, (failure) => setError(backgroundFailure(failure)));
  useEffect(() => {
    void load();
  }, []);

  return (
    <section class="card" aria-labelledby="kept-title">
      <header>
        <h2 id="kept-title">Your lists</h2>
      </header>
      {error && <ErrorNotice message={error} />}
      {!lists && !error && <p class="muted">Reading your lists…</p>}
      {lists?.length === 0 && (
        <p class="empty">
          No list yet. A list you enrich is kept here, with its results, until you delete it.
        </p>
      )}
      {lists && lists.length > 0 && (
        <table class="kept">
          <caption class="visually-hidden">Your lists</caption>
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col">Made</th>
              <th scope="col">Rows</th>
              <th scope="col">Spent</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lists.map((list) => (
              <tr key={list.id}>
                <th scope="row">{list.name}</th>
                <td>{formatMoment(list.createdAt)}</td>
                <td>{list.rows}</td>
                <td>{creditCount(list.spent)}</td>
                <td>{statusWords(list)}</td>
                <td>
                  <div class="actions">
                    {deleting === list.id ? (
                      <>
                        <button
                          type="button"
                          class="small danger"
                          onClick={async () => {
                            await backend.ask('list.delete', { id: list.id });
                            setDeleting(null);
                            await load();
                          }}
                        >
                          Delete it and its results
                        </button>
                        <button type="button" class="small" onClick={() => setDeleting(null)}>
                          Keep it
                        </button>
                      </>
                    ) : (
                      <>
                        <button type="button" class="small" onClick={() => onOpen(list.id)}>
                          Open<span class="visually-hidden"> {list.name}</span>
                        </button>
                        <button type="button" class="small" onClick={() => setDeleting(list.id)}>
                          Delete<span class="visually-hidden"> {list.name}</span>
                        </button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
