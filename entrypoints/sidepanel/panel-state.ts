/**
 * What the side panel holds besides the tab it shows: its settings (and how often they were
 * read), the footer's account, and the page profile's view that came with `panel.open`.
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import type { EndpointId, ResponseOf } from '@/lib/api/endpoints';
import { type Ask, backgroundFailure, type Loadable } from '@/lib/ask-background';
import type {
  Account,
  PanelOpening,
  PublicSettings,
  RawParamsMessage,
  SpendTotals,
  ViewState,
} from '@/lib/protocol';
import type { StartedFirstLook } from './first-look';
import type { ProfileBackend } from './profile/PageProfile';

/** How long the page profile's view answered with `panel.open` stands for its first question. */
const FIRST_VIEW_FRESH_MS = 2_000;

type EarlyLook = StartedFirstLook['answered'];

/** The page profile's view that came with `panel.open`, to be taken once and only soon. */
interface HeldView<Data = unknown> {
  /** The endpoint and params it answers. */
  key: string;
  view: ViewState<Data>;
  at: number;
}

function firstViewOf({ pageView }: PanelOpening): HeldView | null {
  return pageView
    ? { key: JSON.stringify([pageView.endpointId, pageView.params]), view: pageView.view, at: Date.now() }
    : null;
}

/**
 * Whether the held view answers this endpoint and params: then its answer is that endpoint's (the
 * background validated it against the endpoint's schema, as it does every answer).
 */
function answers<Id extends EndpointId>(
  held: HeldView,
  endpointId: Id,
  params: RawParamsMessage,
): held is HeldView<ResponseOf<Id>> {
  return JSON.stringify([endpointId, params]) === held.key;
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
        if (!answers(seeded, endpointId, params)) return null;
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

/**
 * The footer's spending and balance: read once as the panel opens (and when the settings change),
 * then taken from what each run answers (its totals), so a paid click costs no second question.
 * null when it could not be read.
 */
export function usePanelAccount(backend: { ask: Ask }) {
  const [account, setAccount] = useState<(SpendTotals & Pick<Account, 'hub'>) | null>(null);
  // The account as last set, for `spent`: a click that spends calls the `spent` of the render it was
  // drawn in, which may be from before the account was read (a hub slow to answer).
  const latest = useRef(account);
  const show = (next: typeof account) => {
    latest.current = next;
    setAccount(next);
  };
  async function loadAccount() {
    try {
      show(await backend.ask('account.get', undefined));
    } catch {
      show(null); // the footer then says nothing rather than something wrong
    }
  }
  /** After something that may have spent: its totals, or null when it had none to say (a batch's progress). */
  function spent(totals: SpendTotals | null) {
    // In team mode what the footer says is the hub's (the member's budget there): asked again.
    if (totals && !latest.current?.hub) show(totals);
    else void loadAccount();
  }
  return { account, loadAccount, spent };
}
