/**
 * What the side panel holds besides the tab it shows: its settings (and how often they were
 * read), the footer's account, and the page profile's view that came with `panel.open`.
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import { backgroundFailure, type Loadable } from '@/lib/ask-background';
import type { Account, PanelOpening, PublicSettings, ViewState } from '@/lib/protocol';
import type { StartedFirstLook } from './first-look';
import type { ProfileBackend } from './profile/PageProfile';
import type { Ask } from './profile/useEnrichment';

/** How long the page profile's view answered with `panel.open` stands for its first question. */
const FIRST_VIEW_FRESH_MS = 2_000;

type EarlyLook = StartedFirstLook['answered'];

/** The page profile's view that came with `panel.open`, to be taken once and only soon. */
function firstViewOf({ pageView }: PanelOpening): { key: string; view: ViewState; at: number } | null {
  return pageView
    ? { key: JSON.stringify([pageView.endpointId, pageView.params]), view: pageView.view, at: Date.now() }
    : null;
}

/**
 * The view of the page's profile that came with `panel.open`: the profile's first question
 * (`view.open` with the same params), answered before it is asked. Used once, and only soon.
 * `seed` holds the one of a later `panel.open`.
 */
export function useFirstView(backend: ProfileBackend, early: EarlyLook) {
  const firstView = useRef(early && firstViewOf(early.opened));
  const profileBackend = useMemo<ProfileBackend>(
    () => ({
      ...backend,
      takeFirstView(endpointId, params) {
        const seeded = firstView.current;
        if (!seeded || Date.now() - seeded.at >= FIRST_VIEW_FRESH_MS) return null;
        if (JSON.stringify([endpointId, params]) !== seeded.key) return null;
        firstView.current = null;
        return seeded.view;
      },
    }),
    [backend],
  );
  return {
    profileBackend,
    seed(opened: PanelOpening) {
      firstView.current = firstViewOf(opened);
    },
  };
}

/** The settings as the panel has them; `settingsVersion` is bumped on every settings read. */
export function usePanelSettings(backend: { ask: Ask }, early: EarlyLook) {
  const [settings, setSettings] = useState<Loadable<PublicSettings>>(
    early ? { status: 'ready', value: early.opened.settings } : { status: 'loading' },
  );
  /** Bumped on every settings load, so the page profile starts afresh with the new settings. */
  const [settingsVersion, setSettingsVersion] = useState(early ? 1 : 0);

  function settingsRead(value: PublicSettings) {
    setSettings({ status: 'ready', value });
    setSettingsVersion((version) => version + 1);
  }

  async function loadSettings() {
    try {
      settingsRead(await backend.ask('settings.get', undefined));
    } catch (error) {
      setSettings({ status: 'failed', message: backgroundFailure(error) });
    }
  }

  return { settings, settingsVersion, settingsRead, loadSettings };
}

/** The account the footer shows (today's spending, the balance); null when it could not be read. */
export function usePanelAccount(backend: { ask: Ask }) {
  const [account, setAccount] = useState<Account | null>(null);
  async function loadAccount() {
    try {
      setAccount(await backend.ask('account.get', undefined));
    } catch {
      setAccount(null); // the footer then says nothing rather than something wrong
    }
  }
  return { account, loadAccount };
}
