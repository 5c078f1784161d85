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
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  NoProfile,
  NotConfigured,
  PanelFooter,
  PanelUnreachable,
  ReadingPage,
  ScanOffer,
  type ScanState,
} from '@/components/PanelStates';
import type { WatchProgress } from '@/hooks/useRunProgress';
import { backgroundFailure, type Loadable } from '@/lib/ask-background';
import type { Account, Findings, PanelOpening, PublicSettings, ViewState } from '@/lib/protocol';
import type { ScanTabResult } from '@/lib/scan-permission';
import { isConfigured } from '@/lib/settings';
import { usePendingEmailLookup } from './email-lookup/email-lookup-request';
import { askFirstLook, type FirstLook, type StartedFirstLook } from './first-look';
import { lazyView } from './lazy-view';
import { type EnrichedOrganisation, PageProfile, type ProfileBackend } from './profile/PageProfile';
import { ForgottenProfile } from './profile/PageProfileSection';
import type { Ask } from './profile/useEnrichment';

/*
 * Loaded only where they show, so that the panel's first script draws the page's profile sooner:
 * a company's sections and a school's students under an enriched one, the batch of what a page
 * links to (below the profile), and the context menu's email lookup when one is pending.
 */
const CompanySections = lazyView('The company sections', () =>
  import('./sections/CompanySections').then((module) => module.CompanySections),
);
const StudentSection = lazyView('The students', () =>
  import('./sections/StudentSection').then((module) => module.StudentSection),
);
const FoundOnPageBatch = lazyView('What this page links to', () =>
  import('./batch/FoundOnPageBatch').then((module) => module.FoundOnPageBatch),
);
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

/** How long the page profile's view answered with `panel.open` stands for its first question. */
const FIRST_VIEW_FRESH_MS = 2_000;

/** The page profile's view that came with `panel.open`, to be taken once and only soon. */
function firstViewOf({ pageView }: PanelOpening): { key: string; view: ViewState; at: number } | null {
  return pageView
    ? { key: JSON.stringify([pageView.endpointId, pageView.params]), view: pageView.view, at: Date.now() }
    : null;
}

export function PanelApp({ backend, firstLook }: { backend: PanelBackend; firstLook?: StartedFirstLook }) {
  /** The first look's answer when it came before the panel started: drawn in the first render. */
  const [early] = useState(() => firstLook?.answered ?? null);
  const [settings, setSettings] = useState<Loadable<PublicSettings>>(
    early ? { status: 'ready', value: early.opened.settings } : { status: 'loading' },
  );
  /** Bumped on every settings load, so the page profile starts afresh with the new settings. */
  const [settingsVersion, setSettingsVersion] = useState(early ? 1 : 0);
  const [tabId, setTabId] = useState<number | null | undefined>(early?.tab);
  const [findings, setFindings] = useState<Loadable<Findings | null>>(
    early ? { status: 'ready', value: early.opened.findings } : { status: 'loading' },
  );
  const [account, setAccount] = useState<Account | null>(null);
  const emailLookupPending = usePendingEmailLookup();
  /**
   * The page whose profile the person forgot in this panel: shown forgotten while the tab is on it
   * (its findings went with it; a new report of the same page changes nothing). `shownAgain`: the
   * person asked to see it; it is then never enriched automatically.
   */
  const [forgotten, setForgotten] = useState<{ tabId: number; pageUrl: string; shownAgain: boolean } | null>(
    null,
  );
  /** A scan the person asked for, for the tab shown; it starts afresh with every tab. */
  const [scan, setScan] = useState<ScanState>({ status: 'idle' });
  const shownTab = useRef<number | null | undefined>(early?.tab);
  /** Only the latest findings request may set what is shown: an older answer may arrive later. */
  const findingsRequest = useRef(0);
  /**
   * The view of the page's profile that came with `panel.open`: the profile's first question
   * (`view.open` with the same params), answered before it is asked. Used once, and only soon.
   */
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

  async function loadSettings() {
    try {
      const value = await backend.ask('settings.get', undefined);
      setSettings({ status: 'ready', value });
      setSettingsVersion((version) => version + 1);
    } catch (error) {
      setSettings({ status: 'failed', message: backgroundFailure(error) });
    }
  }

  async function loadAccount() {
    try {
      setAccount(await backend.ask('account.get', undefined));
    } catch {
      setAccount(null); // the footer then says nothing rather than something wrong
    }
  }

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
    shownTab.current = tab;
    setTabId(tab);
    const request = ++findingsRequest.current;
    try {
      const opened = await opening;
      firstView.current = firstViewOf(opened);
      setSettings({ status: 'ready', value: opened.settings });
      setSettingsVersion((version) => version + 1);
      if (request === findingsRequest.current) setFindings({ status: 'ready', value: opened.findings });
    } catch {
      void loadSettings();
      if (request === findingsRequest.current) void loadFindings(tab);
    }
  }

  // A layout effect: the panel's first questions leave as it first renders, not a frame later.
  useLayoutEffect(() => {
    // The footer's balance is asked after the page's own answer, which it would otherwise hold up.
    if (early) void loadAccount();
    else void (firstLook?.look ?? askFirstLook(backend)).then(openPanel).then(loadAccount);
    const unsubscribe = [
      backend.onTabSwitch(showTab),
      backend.onSettingsChange(() => {
        void loadSettings();
        void loadAccount();
      }),
    ];
    return () => {
      for (const stop of unsubscribe) stop();
    };
  }, []);

  useEffect(() => {
    if (tabId === undefined || tabId === null) return;
    return backend.watchFindings(tabId, () => void loadFindings(tabId));
  }, [tabId]);

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
    void loadFindings(tab);
  }

  const openOptions = () => backend.openOptions();

  if (settings.status === 'loading') {
    return (
      <Panel>
        <ReadingPage />
      </Panel>
    );
  }
  if (settings.status === 'failed') {
    return (
      <Panel>
        <PanelUnreachable message={settings.message} onRetry={loadSettings} />
      </Panel>
    );
  }
  if (!isConfigured(settings.value)) {
    return (
      <Panel>
        <NotConfigured onOpenOptions={openOptions} />
      </Panel>
    );
  }

  const forgottenHere =
    forgotten !== null &&
    forgotten.tabId === tabId &&
    findings.status === 'ready' &&
    (findings.value === null || findings.value.pageUrl === forgotten.pageUrl);
  let body: ComponentChildren;
  if (tabId === undefined || findings.status === 'loading') {
    body = <ReadingPage />;
  } else if (forgottenHere && !forgotten.shownAgain) {
    body = (
      <ForgottenProfile
        title="Profile on this page"
        onShowAgain={() => setForgotten({ ...forgotten, shownAgain: true })}
      />
    );
  } else if (findings.status === 'failed') {
    body = (
      <PanelUnreachable message={findings.message} onRetry={() => tabId !== null && loadFindings(tabId)} />
    );
  } else if (findings.value === null || tabId === null) {
    body = tabId === null ? <NoProfile /> : <ScanOffer state={scan} onScan={() => scanPage(tabId)} />;
  } else {
    const { page, pageUrl } = findings.value;
    body = (
      <>
        {page ? (
          <PageProfile
            key={`${tabId}|${page.kind}:${page.id}|${settingsVersion}`}
            backend={profileBackend}
            profile={page}
            settings={forgottenHere ? { ...settings.value, autoEnrich: false } : settings.value}
            onSpent={loadAccount}
            onForgotten={() => setForgotten({ tabId, pageUrl, shownAgain: false })}
            under={(organisation) => (
              <OrganisationSections
                backend={backend}
                organisation={organisation}
                settings={settings.value}
                onSpent={loadAccount}
              />
            )}
          />
        ) : (
          <NoProfile />
        )}
        <FoundOnPageBatch
          key={tabId}
          backend={backend}
          findings={findings.value}
          tabId={tabId}
          settings={settings.value}
          onSpent={loadAccount}
        />
      </>
    );
  }
  return (
    <Panel>
      {/* The context menu's "Look up email", from any page: first, above the page's own profile. */}
      {emailLookupPending && (
        <EmailLookupSection
          ask={backend.ask}
          staleAfterDays={settings.value.staleAfterDays}
          onSpent={loadAccount}
          onOpenOptions={openOptions}
        />
      )}
      {body}
      <PanelFooter account={account} onOpenOptions={openOptions} onOpenLists={backend.openLists} />
    </Panel>
  );
}

function Panel({ children }: { children: ComponentChildren }) {
  return <main class="panel">{children}</main>;
}

/** What the panel mounts under an enriched company (its sections) or school (its students). */
function OrganisationSections({
  backend,
  organisation,
  settings,
  onSpent,
}: {
  backend: PanelBackend;
  organisation: EnrichedOrganisation;
  settings: PublicSettings;
  onSpent: () => void;
}) {
  switch (organisation.kind) {
    case 'company':
      return (
        <CompanySections
          backend={backend}
          company={organisation.company}
          settings={settings}
          onSpent={onSpent}
        />
      );
    case 'school':
      return (
        <StudentSection
          backend={backend}
          schoolUrl={organisation.schoolUrl}
          settings={settings}
          onSpent={onSpent}
        />
      );
  }
}
