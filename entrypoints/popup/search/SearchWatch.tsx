/**
 * Watch the search results the person chose (each row's checkbox): the Watch form the panel and the
 * lists page use (components/watch/WatchForm.tsx), with its one quote.
 */
import { WatchForm } from '@/components/watch/WatchForm';
import { useWatchForm } from '@/hooks/useWatchForm';
import type { WatchTarget } from '@/lib/protocol';
import type { PopupBackend } from '../backend';

export interface SearchWatchProps {
  backend: PopupBackend;
  targets: readonly WatchTarget[];
  defaultName: string;
}

export function SearchWatch({ backend, targets, defaultName }: SearchWatchProps) {
  const form = useWatchForm({ ask: backend.ask, newRequestId: backend.newRequestId, targets, defaultName });
  return (
    <section class="search-watch stack" aria-labelledby="search-watch-title">
      <h2 id="search-watch-title">Watch the {targets.length} chosen</h2>
      <WatchForm form={form} onOpenChanges={backend.openChanges} />
    </section>
  );
}
