/**
 * The context menu's pending "Look up email", as the background leaves it in `storage.session`
 * (EMAIL_LOOKUP_ITEM_KEY) in the person's click: the panel watches it to know whether to load and
 * show the email lookup at all, and the lookup's view watches it for what to show.
 */
import { useEffect, useState } from 'preact/hooks';
import { storage } from 'wxt/utils/storage';
import type { EmailLookupRequest } from '@/lib/protocol';
import { EMAIL_LOOKUP_ITEM_KEY } from '@/lib/settings';

/** Calls back with the pending lookup at once and on every change (null: none); returns the unsubscribe. */
export type WatchEmailLookup = (listener: (request: EmailLookupRequest | null) => void) => () => void;

/** The real one: `storage.session`, where the background puts the lookup of a right-click. */
export const watchEmailLookup: WatchEmailLookup = (listener) => {
  let live = true;
  void storage.getItem<EmailLookupRequest>(EMAIL_LOOKUP_ITEM_KEY).then((value) => {
    if (live) listener(value ?? null);
  });
  const stop = storage.watch<EmailLookupRequest>(EMAIL_LOOKUP_ITEM_KEY, (value) => listener(value ?? null));
  return () => {
    live = false;
    stop();
  };
};

/** Forgets the pending lookup (its answer stays in the cache). */
export const dismissEmailLookup = (): void => {
  void storage.removeItem(EMAIL_LOOKUP_ITEM_KEY);
};

/** Whether a lookup is pending (the email lookup's code is loaded only then). */
export function usePendingEmailLookup(watch: WatchEmailLookup = watchEmailLookup): boolean {
  const [pending, setPending] = useState(false);
  useEffect(() => watch((request) => setPending(request !== null)), [watch]);
  return pending;
}
