/**
 * The options page: onboarding on first run, the settings and account afterwards. This chooses the
 * screen; each screen holds its own state and asks the background for everything (the key never
 * comes back to the page), and the views in components/ only render. The backend is passed in so
 * tests can stand in for the browser.
 */
import { useEffect, useState } from 'preact/hooks';
import type { PublicSettings } from '@/lib/protocol';
import type { OptionsBackend } from './backend';
import type { ConnectionOutcome } from './ConnectionStatus';
import { OnboardingScreen } from './OnboardingScreen';
import { LoadingPage, UnreachablePage } from './PageStates';
import { SettingsScreen } from './SettingsScreen';

export type { OptionsBackend } from './backend';

type PageState =
  | { status: 'loading' }
  | { status: 'unreachable'; detail: string }
  | { status: 'ready'; settings: PublicSettings; connected: ConnectionOutcome | null };

export function OptionsApp({ backend }: { backend: OptionsBackend }) {
  const [page, setPage] = useState<PageState>({ status: 'loading' });

  async function load() {
    setPage({ status: 'loading' });
    try {
      const settings = await backend.ask('settings.get', undefined);
      setPage({ status: 'ready', settings, connected: null });
    } catch (error) {
      setPage({ status: 'unreachable', detail: error instanceof Error ? error.message : String(error) });
    }
  }

  // Once, when the page opens.
  useEffect(() => {
    void load();
  }, []);

  if (page.status === 'loading') return <LoadingPage what="settings" />;
  if (page.status === 'unreachable') return <UnreachablePage detail={page.detail} onRetry={load} />;
  if (!page.settings.onboarded) {
    return (
      <OnboardingScreen
        backend={backend}
        onDone={(settings, connected) => setPage({ status: 'ready', settings, connected })}
      />
    );
  }
  return <SettingsScreen backend={backend} initial={page.settings} connected={page.connected} />;
}
