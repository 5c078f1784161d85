/**
 * Watch, under a person's or a company's profile in the panel: when it is watched already
 * (`watch.of`) it says where (`Watching · every 30 days in Watched people`) with the way to the
 * Changes page; otherwise the Watch form (components/watch/WatchForm.tsx), opened on request, so its
 * quote is only asked for when the person wants it.
 */
import { useEffect, useState } from 'preact/hooks';
import { lazyView } from '@/components/lazy-view';
import { Busy } from '@/components/Notice';
import type { WatchListSummary } from '@/lib/protocol';
import { watchingWords } from '@/lib/watch/watch-words';
import type { WatchSectionProps } from './WatchOneForm';

export function WatchSection({ ask, newRequestId, target, onOpenChanges }: WatchSectionProps) {
  /** The lists watching it; null while unknown (or when the background cannot say: Watch is offered). */
  const [watching, setWatching] = useState<WatchListSummary[] | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    ask('watch.of', { url: target.url }).then(setWatching, () => setWatching(null));
  }, [ask, target.url]);
  return (
    <section class="card panel-section watch-section" aria-labelledby="watch-heading">
      <h2 id="watch-heading" class="eyebrow">
        Watch
      </h2>
      {watching && watching.length > 0 ? (
        <div class="row">
          <p>{watchingWords(watching)}</p>
          <button type="button" class="link" onClick={onOpenChanges}>
            See changes
          </button>
        </div>
      ) : open ? (
        <LazyWatchForm ask={ask} newRequestId={newRequestId} target={target} onOpenChanges={onOpenChanges} />
      ) : (
        <>
          <p class="muted small">
            Asked again every 7, 30 or 90 days; a new job, title, place or size shows on the Changes page. The
            price of a period is shown before anything starts.
          </p>
          <div class="row">
            <button type="button" onClick={() => setOpen(true)}>
              Watch {target.kind === 'person' ? 'this person' : 'this company'}…
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** The form's code loads when the person opens it: most profiles are never watched. */
const LazyWatchForm = lazyView<WatchSectionProps>(
  'The Watch form',
  () => import('./WatchOneForm').then((module) => module.WatchOneForm),
  <Busy>Opening the Watch form…</Busy>,
);
