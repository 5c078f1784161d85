/**
 * How many recorded changes the person has not looked at, for the links to the Changes page: the
 * sum of every watch list's unseen changes (`watch.lists`). Null while unknown or when the
 * background cannot say: the link then shows no count rather than a wrong one.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Ask } from '@/lib/ask-background';

export function useUnseenChanges(ask: Ask): number | null {
  const [unseen, setUnseen] = useState<number | null>(null);
  useEffect(() => {
    ask('watch.lists', undefined).then(
      (lists) => setUnseen(lists.reduce((sum, list) => sum + list.unseen, 0)),
      () => setUnseen(null),
    );
  }, [ask]);
  return unseen;
}
