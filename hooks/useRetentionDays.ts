/**
 * How many days data about others is kept (Settings, `retentionDays`), for the watch controls that
 * warn when a watch's period outlasts it (lib/watch/watch-words.ts retentionWarning). Null while
 * unknown or when the background cannot say: no warning rather than a wrong one.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Ask } from '@/lib/ask-background';

export function useRetentionDays(ask: Ask): number | null {
  const [days, setDays] = useState<number | null>(null);
  useEffect(() => {
    ask('settings.get', undefined).then(
      (settings) => setDays(settings.retentionDays),
      () => setDays(null),
    );
  }, [ask]);
  return days;
}
