import { lazyView } from '@/components/lazy-view';
import {
  NoProfile,
  PanelUnreachable,
  ReadingPage,
  ScanOffer,
  type ScanState,
} from '@/components/PanelStates';
import type { Loadable } from '@/lib/ask-background';
import type { Findings, PublicSettings, SpendTotals } from '@/lib/protocol';
import type { FoundOnPageBackend } from './batch/FoundOnPageBatch';
import { type EnrichedOrganisation, PageProfile, type ProfileBackend } from './profile/PageProfile';
import { ForgottenProfile } from './profile/PageProfileSection';
import type { SectionsBackend } from './sections/backend';

/** The panel's backend (App.tsx PanelBackend fits), as the sections and the batch need it. */
type BodyBackend = SectionsBackend & FoundOnPageBackend;

/*
 * Loaded only where they show, so that the panel's first script draws the page's profile sooner:
 * a company's sections and a school's students under an enriched one, and the batch of what a page
 * links to (below the profile).
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

/**
 * The page whose profile the person forgot in this panel: shown forgotten while the tab is on it
 * (its findings went with it; a new report of the same page changes nothing). `shownAgain`: the
 * person asked to see it; it is then never enriched automatically.
 */
export interface Forgotten {
  tabId: number;
  pageUrl: string;
  shownAgain: boolean;
}

export function PanelBody({
  backend,
  profileBackend,
  tabId,
  findings,
  settings,
  settingsVersion,
  forgotten,
  onForgotten,
  scan,
  onScan,
  onRetryFindings,
  onSpent,
}: {
  backend: BodyBackend;
  profileBackend: ProfileBackend;
  /** The tab shown: `undefined` while not known yet, null when there is none. */
  tabId: number | null | undefined;
  findings: Loadable<Findings | null>;
  settings: PublicSettings;
  /** Bumped on every settings read: the page profile starts afresh. */
  settingsVersion: number;
  forgotten: Forgotten | null;
  onForgotten: (forgotten: Forgotten) => void;
  scan: ScanState;
  onScan: (tabId: number) => void;
  onRetryFindings: (tabId: number) => void;
  onSpent: (totals: SpendTotals | null) => void;
}) {
  const forgottenHere =
    forgotten !== null &&
    forgotten.tabId === tabId &&
    findings.status === 'ready' &&
    (findings.value === null || findings.value.pageUrl === forgotten.pageUrl);
  if (tabId === undefined || findings.status === 'loading') return <ReadingPage />;
  if (forgottenHere && !forgotten.shownAgain) {
    return (
      <ForgottenProfile
        title="Profile on this page"
        onShowAgain={() => onForgotten({ ...forgotten, shownAgain: true })}
      />
    );
  }
  if (findings.status === 'failed') {
    return (
      <PanelUnreachable message={findings.message} onRetry={() => tabId !== null && onRetryFindings(tabId)} />
    );
  }
  if (findings.value === null || tabId === null) {
    return tabId === null ? <NoProfile /> : <ScanOffer state={scan} onScan={() => onScan(tabId)} />;
  }
  const { page, pageUrl } = findings.value;
  return (
    <>
      {page ? (
        <PageProfile
          key={`${tabId}|${page.kind}:${page.id}|${settingsVersion}`}
          backend={profileBackend}
          profile={page}
          settings={forgottenHere ? { ...settings, autoEnrich: false } : settings}
          onSpent={onSpent}
          onForgotten={() => onForgotten({ tabId, pageUrl, shownAgain: false })}
          under={(organisation) => (
            <OrganisationSections
              backend={backend}
              organisation={organisation}
              settings={settings}
              onSpent={onSpent}
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
        settings={settings}
        onSpent={onSpent}
      />
    </>
  );
}

/** What the panel mounts under an enriched company (its sections) or school (its students). */
function OrganisationSections({
  backend,
  organisation,
  settings,
  onSpent,
}: {
  backend: BodyBackend;
  organisation: EnrichedOrganisation;
  settings: PublicSettings;
  onSpent: (totals: SpendTotals | null) => void;
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
