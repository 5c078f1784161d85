/**
 * The popup's recent searches and lookups (kept by the background in IndexedDB, lib/background/recent.ts):
 * the list, newest first, and remembering, removing and clearing entries. Failing to read or
 * write them never stops a search: the list then says it could not be read.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Ask } from '@/hooks/useQuotedAction';
import type { UserMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import type { RecentEntry, RecentInput } from '@/lib/protocol';

export type RecentState =
  | { status: 'loading' }
  | { status: 'ready'; entries: RecentEntry[] }
  | { status: 'failed'; message: UserMessage };

export interface Recent {
  state: RecentState;
  /** Remembers a question the person ran (or reopened), then reads the list again. */
  remember: (input: RecentInput) => void;
  remove: (id: string) => void;
  clear: () => void;
  reload: () => void;
}

export function useRecent(ask: Ask): Recent {
  const [state, setState] = useState<RecentState>({ status: 'loading' });

  async function reload(): Promise<void> {
    try {
      setState({ status: 'ready', entries: await ask('recent.list', undefined) });
    } catch (error) {
      setState({ status: 'failed', message: backgroundFailure(error) });
    }
  }

  async function change(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
    } catch (error) {
      setState({ status: 'failed', message: backgroundFailure(error) });
      return;
    }
    await reload();
  }

  useEffect(() => {
    void reload();
  }, []);

  return {
    state,
    remember: (input) => void change(() => ask('recent.add', input)),
    remove: (id) => void change(() => ask('recent.remove', { id })),
    clear: () => void change(() => ask('recent.clear', undefined)),
    reload: () => void reload(),
  };
}
