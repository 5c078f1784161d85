/**
 * A streamed answer while it arrives: the rows so far of the request a view is running, as the
 * background keeps them in `storage.session` under `progressItemKey(requestId)` (lib/protocol/views.ts
 * RunProgress). The hook watches through an injected watcher, so it never touches storage itself.
 */
import { useEffect, useState } from 'preact/hooks';
import type { RunProgress } from '@/lib/protocol';

/**
 * Calls back with the progress of one request each time the background writes it, and with null
 * when it is removed (the answer is complete or failed). Returns the unsubscribe.
 * The side panel's backend implements it over `storage.session` (entrypoints/sidepanel/main.tsx).
 */
export type WatchProgress = (
  requestId: string,
  listener: (progress: RunProgress | null) => void,
) => () => void;

/**
 * The progress of `requestId` while it runs; null when nothing runs, nothing arrived yet, or no
 * watcher is given (the view then shows only that it is waiting).
 */
export function useRunProgress(
  watch: WatchProgress | undefined,
  requestId: string | null,
): RunProgress | null {
  const [progress, setProgress] = useState<RunProgress | null>(null);
  useEffect(() => {
    setProgress(null);
    if (!watch || requestId === null) return;
    let live = true;
    const stop = watch(requestId, (next) => {
      // A write for another request (or after this one ended) is not this view's.
      if (live) setProgress(next && next.requestId === requestId ? next : null);
    });
    return () => {
      live = false;
      stop();
    };
  }, [watch, requestId]);
  return requestId === null ? null : progress;
}
