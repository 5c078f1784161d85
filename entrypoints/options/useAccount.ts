/**
 * The account panel's state on the settings screen: spending, balance and cache, read from the
 * background when the screen opens and again after anything that changes them.
 */
import { useEffect, useState } from 'preact/hooks';
import { backgroundFailure } from '@/lib/ask-background';
import type { AccountPanelState } from './AccountPanel';
import type { OptionsBackend } from './backend';

export function useAccount(backend: OptionsBackend) {
  const [account, setAccount] = useState<AccountPanelState>({ status: 'loading' });
  const [clearingCache, setClearingCache] = useState(false);

  async function reload() {
    setAccount({ status: 'loading' });
    try {
      setAccount({ status: 'ready', account: await backend.ask('account.get', undefined) });
    } catch (error) {
      setAccount({ status: 'error', message: backgroundFailure(error) });
    }
  }

  // Once, when the view opens.
  useEffect(() => {
    void reload();
  }, []);

  async function clearCache() {
    setClearingCache(true);
    try {
      await backend.ask('cache.clear', undefined);
    } catch (error) {
      setAccount({ status: 'error', message: backgroundFailure(error) });
      return;
    } finally {
      setClearingCache(false);
    }
    await reload();
  }

  return { account, reload, clearCache, clearingCache };
}
