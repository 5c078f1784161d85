/**
 * The panel's states other than a profile: reading the page, not connected yet, nothing to enrich
 * here, a page not read yet (with the offer to scan it), the background not answering; and the
 * footer with today's spending.
 */
import type { UserMessage } from '@/lib/api/errors';
import type { Account } from '@/lib/protocol';
import type { ScanRefusal } from '@/lib/scan-permission';
import { formatCredits, hubMemberWords } from './format';
import { Busy, ErrorNotice, Notice } from './Notice';
import { formatNumber } from './profile/profile-format';
import { ChangesLink } from './watch/ChangesLink';

export function ReadingPage() {
  return (
    <section class="card panel-section" aria-busy="true">
      <Busy>Reading this page…</Busy>
    </section>
  );
}

/** No key or base URL yet: the one thing to do is open the settings. */
export function NotConfigured({ onOpenOptions }: { onOpenOptions: () => void }) {
  return (
    <section class="card panel-section" aria-labelledby="setup-heading">
      <h1 id="setup-heading">Connect to the enrichment service</h1>
      <p>
        Add your API key and the service's address in the settings. Then this panel shows the person, company,
        school or job on the page you are reading, with every credit quoted before it is spent.
      </p>
      <div class="row">
        <button type="button" class="primary" onClick={onOpenOptions}>
          Open settings
        </button>
      </div>
    </section>
  );
}

/** The page was read and is not itself a profile; what it links to is listed below it. */
export function NoProfile() {
  return (
    <section class="card panel-section" aria-labelledby="no-profile-heading">
      <h1 id="no-profile-heading">No profile on this page</h1>
      <p class="muted">Open the page of a person, company, school or job to enrich it.</p>
    </section>
  );
}

/**
 * Where a scan the person asked for stands:
 * - scanning: the background is injecting the scanner; waiting: it ran, its report is on its way;
 * - refused: the browser would not let it read the page (lib/scan-permission.ts says why);
 * - silent: it ran but nothing came back (the page changed under it);
 * - failed: the background did not answer.
 */
export type ScanState =
  | { status: 'idle' }
  | { status: 'scanning' }
  | { status: 'waiting' }
  | { status: 'refused'; reason: ScanRefusal }
  | { status: 'silent' }
  | { status: 'failed'; message: UserMessage };

export interface ScanOfferProps {
  state: ScanState;
  /** Called from a click: the person asked for this page to be read. */
  onScan: () => void;
}

/**
 * Nothing was reported for this page: it is not on a supported profile site (or was open before
 * the extension was installed). The person may ask for it to be read, once.
 */
export function ScanOffer({ state, onScan }: ScanOfferProps) {
  const busy = state.status === 'scanning' || state.status === 'waiting';
  return (
    <section class="card panel-section" aria-labelledby="scan-heading">
      <h1 id="scan-heading">This page has not been read</h1>
      <p class="muted">
        Pages are read by themselves on the supported profile sites. This one can be searched for profile
        links and e-mail addresses when you ask.
      </p>
      <div class="scan-action">
        <button type="button" class="primary" onClick={onScan} disabled={busy}>
          Scan this page for profiles
        </button>
        <p class="field-hint">It reads this page once, because you asked, so it needs no other permission.</p>
      </div>
      {busy && <Busy>Reading this page…</Busy>}
      <ScanOutcome state={state} />
    </section>
  );
}

function ScanOutcome({ state }: { state: ScanState }) {
  switch (state.status) {
    case 'refused':
      return <ScanRefused reason={state.reason} />;
    case 'silent':
      return (
        <Notice tone="error" title="Nothing came back from this page">
          <p>Reload the page, then scan again.</p>
        </Notice>
      );
    case 'failed':
      return <ErrorNotice message={state.message} />;
    default:
      return null;
  }
}

function ScanRefused({ reason }: { reason: ScanRefusal }) {
  switch (reason) {
    case 'no-access':
      return (
        <Notice tone="error" title="The browser did not let the extension read this page">
          <p>Click the extension's toolbar button on this page, then scan again.</p>
        </Notice>
      );
    case 'browser-page':
      return (
        <Notice tone="error" title="The browser does not let extensions read this page">
          <p>Its own pages, error pages and the extension store are closed to every extension.</p>
        </Notice>
      );
    case 'tab-gone':
      return <Notice tone="error" title="This tab has been closed" />;
  }
}

/** Asking the background failed: nothing can be shown until it answers. */
export function PanelUnreachable({ message, onRetry }: { message: UserMessage; onRetry: () => void }) {
  return (
    <section class="card panel-section">
      <ErrorNotice message={message} onRetry={onRetry} />
    </section>
  );
}

/** "Today: 12 of 200 credits", or without a budget "Today: 12 credits · no daily budget". */
export function todaySpending(account: Pick<Account, 'today' | 'dailyBudget'>): string {
  if (account.dailyBudget === null) return `Today: ${formatCredits(account.today)} · no daily budget`;
  return `Today: ${formatNumber(account.today)} of ${formatCredits(account.dailyBudget)}`;
}

/**
 * "Balance: 1,234 credits" as last read from the service (minus what was recorded since); nothing
 * when the service does not say or was not asked yet: an unknown balance is not shown as zero.
 */
export function balanceWords(account: Partial<Pick<Account, 'balance'>>): string | null {
  return account.balance === null || account.balance === undefined
    ? null
    : `Balance: ${formatCredits(account.balance)}`;
}

export interface PanelFooterProps {
  /** null while loading or when the background could not say. */
  account: (Pick<Account, 'today' | 'dailyBudget'> & Partial<Pick<Account, 'balance' | 'hub'>>) | null;
  onOpenOptions: () => void;
  /** Opens the lists page (a whole file enriched at once) in a tab. */
  onOpenLists: () => void;
  /** Opens the Changes page (what changed about the people and companies watched) in a tab. */
  onOpenChanges?: () => void;
  /** Changes not seen yet, shown on the link; null when unknown. */
  unseen?: number | null;
}

export function PanelFooter({
  account,
  onOpenOptions,
  onOpenLists,
  onOpenChanges,
  unseen = null,
}: PanelFooterProps) {
  return (
    <footer class="panel-footer">
      <p aria-live="polite">
        {account
          ? account.hub
            ? hubMemberWords(account.hub)
            : [todaySpending(account), balanceWords(account)].filter(Boolean).join(' · ')
          : ''}
      </p>
      <div class="row">
        {onOpenChanges && <ChangesLink unseen={unseen} onOpen={onOpenChanges} />}
        <button type="button" class="link" onClick={onOpenLists}>
          Lists
        </button>
        <button type="button" class="link" onClick={onOpenOptions}>
          Settings
        </button>
      </div>
    </footer>
  );
}
