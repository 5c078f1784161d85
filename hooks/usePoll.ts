/**
 * How a page follows what the background works on: it reads it again every `everyMs`, and not at
 * all while `everyMs` is null (nothing under way). The lists page follows its running list with it,
 * the Changes page its watch lists. One read at a time: the next is timed from the end of the last,
 * so a slow or waking background is never asked twice over.
 */
import { useEffect } from 'preact/hooks';

export function usePoll(read: () => Promise<unknown>, everyMs: number | null): void {
  useEffect(() => {
    if (everyMs === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      timer = setTimeout(async () => {
        // A read that fails says so itself (or not at all); the next one is still due.
        await read().catch(() => undefined);
        if (!stopped) next();
      }, everyMs);
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [read, everyMs]);
}
