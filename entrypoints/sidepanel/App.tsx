/**
 * The side panel: follows the active tab of its window (or the tab it is pinned to) and composes,
 * top to bottom: the context menu's email lookup (./email-lookup/), the profile that tab's page
 * is in full (./profile/PageProfile), under an enriched company its sections and under a school its
 * students (./sections), what else the page links to with enriching (./batch), and today's
 * spending. It holds the state and asks the background for everything; the views (its own folders'
 * and the shared ones in components/) only render. The backend is passed in so tests can stand in
 * for the browser.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { lazyView } from '@/components/lazy-view';
import {
  NotConfigured,
  PanelFooter,
  PanelUnreachable,
  ReadingPage,
  type ScanState,
} from '@/components/PanelStates';
import type { WatchProgress } from '@/hooks/useRunProgress';
import { useUnseenChanges } from '@/hooks/useUnseenChanges';
import type { Ask } from '@/lib/ask-background';
import { backgroundFailure, type Loadable } from '@/lib/ask-background';
import type { Findings } from '@/lib/protocol';
import type { ScanTabResult } from '@/lib/scan-permission';
import { isConfigured } from '@/lib/settings';
import { usePendingEmailLookup } from './email-lookup/email-lookup-request';
import { askFirstLook, type FirstLook, type StartedFirstLook } from './first-look';
import { type Forgotten, PanelBody } from './PanelBody';
import { useFirstView, usePanelAccount, usePanelSettings } from './panel-state';

/** Loaded only when a lookup is pending, so that the panel's first script draws the page's profile sooner. */
const EmailLookupSection = lazyView('The email lookup', () =>
  import('./email-lookup/EmailLookupSection').then((module) => module.EmailLookupSection),
);

export interface PanelBackend {
  ask: Ask;
  /** A request id for one person action (lib/ask-background.ts). */
  newRequestId: () => string;
  /** The tab to show now: the pinned one, or the active tab of the panel's window; null if none. */
  currentTab: () => Promise<number | null>;
  /** Calls back with the tab to show after the person switches tabs. Returns the unsubscribe. */
  onTabSwitch: (listener: (tabId: number) => void) => () => void;
  /** Calls back when the tab's findings are written or removed (a rescan, a navigation). */
  watchFindings: (tabId: number, listener: () => void) => () => void;
  /** Calls back when the settings were saved (in the options page). */
  onSettingsChange: (listener: () => void) => () => void;
  openOptions: () => void;
  /** Opens the lists page in a tab. */
  openLists: () => void;
  /** Opens the Changes page (watch lists and what changed) in a tab. */
  openChanges: () => void;
  /** Puts text on the clipboard ("Copy as JSON"); the page's own clipboard when absent. */
  copyText?: (text: string) => Promise<void>;
  /** Follows a streamed answer's rows so far (the listings under a company or school). */
  watchProgress?: WatchProgress;
}

/**
 * How long a scan the person asked for may take to report once the scanner ran. It reports at
 * once; past this the report was dropped (the page changed under it) and the panel says so.
 */
export const SCAN_REPORT_WAIT_MS = 5_000;

export function PanelApp({ backend, firstLook }: { backend: PanelBackend; firstLook?: StartedFirstLook }) {
  /** The first look's answer when it came before the panel started: drawn in the first render. */
  const [early] = useState(() => firstLook?.answered ?? null);
  const { settings, settingsVersion, settingsRead, loadSettings } = usePanelSettings(backend, early);
  const panelTab = usePanelTab(backend, early);
  const { tabId, findings, scan, scanPage, loadFindings, showTab } = panelTab;
  const { account, loadAccount, spent } = usePanelAccount(backend);
  const emailLookupPending = usePendingEmailLookup();
  const unseen = useUnseenChanges(backend.ask);
  const [forgotten, setForgotten] = useState<Forgotten | null>(null);
  const firstView = useFirstView(backend, early);

  /**
   * The panel's first look at a tab: settings, findings and the page profile's view in one answer
   * (one round trip fewer before a cached profile is drawn). Asked apart if that fails.
   */
  async function openPanel({ tab, opening }: FirstLook) {
    if (tab === null || opening === null) {
      void loadSettings();
      showTab(null);
      return;
    }
    const shown = panelTab.open(tab);
    try {
      const opened = await opening;
      firstView.seed(opened);
      settingsRead(opened.settings);
      shown.found(opened.findings);
    } catch {
      void loadSettings();
      shown.askAgain();
    }
  }

  // A layout effect: the panel's first questions leave as it first renders, not a frame later.
  useLayoutEffect(() => {
    /** Whether the person switched tabs since the panel started: the tab switched to wins over the first look's. */
    let switched = false;
    const unsubscribe = [
      backend.onTabSwitch((tab) => {
        switched = true;
        showTab(tab);
      }),
      backend.onSettingsChange(() => {
        void loadSettings();
        void loadAccount();
      }),
    ];
    const lookedAt = early
      ? Promise.resolve(early.tab)
      : showFirstLook(firstLook?.look ?? askFirstLook(backend), () => switched, openPanel, loadSettings);
    // The footer's balance is asked after the page's own answer, which it would otherwise hold up.
    if (!early) void lookedAt.then(loadAccount);
    void heardEverySwitch(backend, lookedAt, () => switched, showTab);
    return () => {
      for (const stop of unsubscribe) stop();
    };
  }, []);

  // With the answer in the first render, the balance is asked once that render is on screen: the
  // background's work for it would otherwise share the machine with the profile's first frame.
  useEffect(() => {
    if (early) void loadAccount();
  }, []);

  const openOptions = () => backend.openOptions();

  if (settings.status !== 'ready' || !isConfigured(settings.value)) {
    return (
      <Panel>
        {settings.status === 'loading' ? (
          <ReadingPage />
        ) : settings.status === 'failed' ? (
          <PanelUnreachable message={settings.message} onRetry={loadSettings} />
        ) : (
          <NotConfigured onOpenOptions={openOptions} />
        )}
      </Panel>
    );
  }

  return (
    <Panel>
      {/* The context menu's "Look up email", from any page: first, above the page's own profile. */}
      {emailLookupPending && (
        <EmailLookupSection
          ask={backend.ask}
          staleAfterDays={settings.value.staleAfterDays}
          onSpent={spent}
          onOpenOptions={openOptions}
        />
      )}
      <PanelBody
        backend={backend}
        profileBackend={firstView.profileBackend}
        tabId={tabId}
        findings={findings}
        settings={settings.value}
        settingsVersion={settingsVersion}
        forgotten={forgotten}
        onForgotten={setForgotten}
        scan={scan}
        onScan={scanPage}
        onRetryFindings={loadFindings}
        onSpent={spent}
      />
      <PanelFooter
        account={account}
        onOpenOptions={openOptions}
        onOpenLists={backend.openLists}
        onOpenChanges={backend.openChanges}
        unseen={unseen}
      />
    </Panel>
  );
}

function Panel({ children }: { children: ComponentChildren }) {
  return <main class="panel">{children}</main>;
}

/** Shows the first look's tab, unless the person switched tabs while it was under way; its tab. */
async function showFirstLook(
  look: Promise<FirstLook>,
  switched: () => boolean,
  openPanel: (look: FirstLook) => Promise<void>,
  loadSettings: () => Promise<unknown>,
): Promise<number | null> {
  const first = await look;
  // A first look slower than a switch: its tab is no longer the one shown, its settings still are.
  if (switched()) void loadSettings();
  else await openPanel(first);
  return first.tab;
}

/**
 * Reads the tab to show once more after the first look: a switch between the first look's reading
 * of the tab and the panel's listener was not heard (a loaded machine, a panel opened from another
 * tab).
 */
async function heardEverySwitch(
  backend: PanelBackend,
  lookedAt: Promise<number | null>,
  switched: () => boolean,
  showTab: (tab: number | null) => void,
): Promise<void> {
  const looked = await lookedAt;
  const now = await backend.currentTab().catch(() => null);
  if (!switched() && now !== null && now !== looked) showTab(now);
}

/**
 * The tab the panel shows (`undefined` until known, null when there is none), its page's findings,
 * and a scan the person asked for there.
 */
function usePanelTab(backend: PanelBackend, early: StartedFirstLook['answered']) {
  const [tabId, setTabId] = useState<number | null | undefined>(early?.tab);
  const [findings, setFindings] = useState<Loadable<Findings | null>>(
    early ? { status: 'ready', value: early.opened.findings } : { status: 'loading' },
  );
  const shownTab = useRef<number | null | undefined>(early?.tab);
  /** Only the latest findings request may set what is shown: an older answer may arrive later. */
  const findingsRequest = useRef(0);
  const { scan, setScan, scanPage } = useScan(backend, shownTab, (tab) => void loadFindings(tab));

  async function loadFindings(tab: number) {
    const request = ++findingsRequest.current;
    try {
      const value = await backend.ask('findings.get', { tabId: tab });
      if (request !== findingsRequest.current) return;
      setFindings({ status: 'ready', value });
      // The page was read (by itself, or by the scan asked for): a later "not read" starts afresh.
      if (value !== null) setScan({ status: 'idle' });
    } catch (error) {
      if (request === findingsRequest.current)
        setFindings({ status: 'failed', message: backgroundFailure(error) });
    }
  }

  function showTab(tab: number | null) {
    if (tab === shownTab.current) return;
    shownTab.current = tab;
    setTabId(tab);
    setScan({ status: 'idle' });
    findingsRequest.current++;
    if (tab === null) {
      setFindings({ status: 'ready', value: null });
    } else {
      setFindings({ status: 'loading' });
      void loadFindings(tab);
    }
  }

  /** Shows `tab` while its findings come another way (the first look); they are taken if still its latest. */
  function open(tab: number) {
    shownTab.current = tab;
    setTabId(tab);
    const request = ++findingsRequest.current;
    return {
      found(value: Findings | null) {
        if (request === findingsRequest.current) setFindings({ status: 'ready', value });
      },
      askAgain() {
        if (request === findingsRequest.current) void loadFindings(tab);
      },
    };
  }

  useEffect(() => {
    if (tabId === undefined || tabId === null) return;
    return backend.watchFindings(tabId, () => void loadFindings(tabId));
  }, [tabId]);

  return { tabId, findings, scan, scanPage, loadFindings, showTab, open };
}

/** A scan the person asked for, for the tab shown; it starts afresh with every tab. */
function useScan(
  backend: PanelBackend,
  shownTab: { readonly current: number | null | undefined },
  loadFindings: (tab: number) => void,
) {
  const [scan, setScan] = useState<ScanState>({ status: 'idle' });

  useEffect(() => {
    if (scan.status !== 'waiting') return;
    const timer = setTimeout(() => setScan({ status: 'silent' }), SCAN_REPORT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [scan.status]);

  /** Asks the background to read the tab's page once; its report then arrives like any other. */
  async function scanPage(tab: number) {
    setScan({ status: 'scanning' });
    let result: ScanTabResult;
    try {
      result = await backend.ask('tab.scan', { tabId: tab });
    } catch (error) {
      if (shownTab.current === tab) setScan({ status: 'failed', message: backgroundFailure(error) });
      return;
    }
    if (shownTab.current !== tab) return;
    if (!result.ok) {
      setScan({ status: 'refused', reason: result.reason });
      return;
    }
    setScan({ status: 'waiting' });
    loadFindings(tab);
  }

  return { scan, setScan, scanPage };
}
