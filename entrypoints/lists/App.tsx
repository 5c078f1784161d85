/**
 * The lists page: a file comes in (ImportStep), is mapped and quoted for free (DraftView), and once
 * started is kept and run by the background (ListView follows it). Kept lists are listed below the
 * import. The open list is in the address (`#list=<id>`), so a reload, or the tab reopened from the
 * browser's history, shows it again.
 */
import { useEffect, useState } from 'preact/hooks';
import { ChangesLink } from '@/components/watch/ChangesLink';
import { useUnseenChanges } from '@/hooks/useUnseenChanges';
import type { ListsBackend } from './backend';
import { CrmReferenceSection } from './crm/CrmReferenceSection';
import { DraftView } from './draft/DraftView';
import { type ImportedList, ImportStep } from './import/ImportStep';
import { KeptLists } from './kept/KeptLists';
import { ListView } from './run/ListView';

function listInAddress(): string | null {
  return new URLSearchParams(location.hash.slice(1)).get('list');
}

export function ListsApp({ backend }: { backend: ListsBackend }) {
  const [openId, setOpenId] = useState<string | null>(listInAddress);
  const [imported, setImported] = useState<ImportedList | null>(null);
  const unseen = useUnseenChanges(backend.ask);

  useEffect(() => {
    const follow = () => setOpenId(listInAddress());
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);

  const open = (id: string | null) => {
    setImported(null);
    location.hash = id ? `list=${encodeURIComponent(id)}` : '';
    setOpenId(id);
  };

  return (
    <main class="page lists-page">
      <header class="page-header">
        <h1>Lists</h1>
        <p class="muted">
          Enrich a whole file with one quote. Lists run in the background and are kept here.
        </p>
        <div class="row">
          <ChangesLink unseen={unseen} onOpen={backend.openChanges} class="small" />
        </div>
      </header>
      {openId ? (
        <ListView backend={backend} id={openId} onClose={() => open(null)} />
      ) : imported ? (
        <DraftView
          // A file read again in another encoding is another table: its columns are guessed anew.
          key={imported.file?.encoding ?? 'pasted'}
          backend={backend}
          imported={imported}
          onReread={setImported}
          onStarted={(id) => open(id)}
          onDiscard={() => setImported(null)}
        />
      ) : (
        <div class="stack">
          <ImportStep onImported={setImported} />
          <KeptLists backend={backend} onOpen={(id) => open(id)} />
          <CrmReferenceSection backend={backend} />
        </div>
      )}
    </main>
  );
}
