/**
 * The panel's states other than a profile: reading the page, not connected yet, nothing to enrich
 * here, the background not answering; and the footer with today's spending.
 */
import type { UserMessage } from '@/lib/api/errors';
import type { Account } from '@/lib/messages';
import { formatCredits } from '../format';
import { Busy, ErrorNotice } from '../Notice';
import { formatNumber } from './panel-format';

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

export interface NoProfileProps {
  /**
   * false: nothing was reported for this page at all (it is not on a profile site, or was open
   * before the extension was installed).
   */
  pageRead: boolean;
}

/** The page is not itself a profile; what it links to is listed below it. */
export function NoProfile({ pageRead }: NoProfileProps) {
  return (
    <section class="card panel-section" aria-labelledby="no-profile-heading">
      <h1 id="no-profile-heading">No profile on this page</h1>
      <p class="muted">
        {pageRead
          ? 'Open the page of a person, company, school or job to enrich it.'
          : 'Pages are read on the supported profile sites. If this page was open before the extension was installed, reload it.'}
      </p>
    </section>
  );
}

/** Asking the background failed: nothing can be shown until it answers. */
export function PanelUnreachable({ message, onRetry }: { message: UserMessage; onRetry: () => void }) {
  return (
    <section class="card panel-section">
      <ErrorNotice message={message}>
        <div class="row">
          <button type="button" class="small" onClick={onRetry}>
            Try again
          </button>
        </div>
      </ErrorNotice>
    </section>
  );
}

/** "Today: 12 of 200 credits", or without a budget "Today: 12 credits · no daily budget". */
export function todaySpending(account: Pick<Account, 'today' | 'dailyBudget'>): string {
  if (account.dailyBudget === null) return `Today: ${formatCredits(account.today)} · no daily budget`;
  return `Today: ${formatNumber(account.today)} of ${formatCredits(account.dailyBudget)}`;
}

export interface PanelFooterProps {
  /** null while loading or when the background could not say. */
  account: Pick<Account, 'today' | 'dailyBudget'> | null;
  onOpenOptions: () => void;
}

export function PanelFooter({ account, onOpenOptions }: PanelFooterProps) {
  return (
    <footer class="panel-footer">
      <p aria-live="polite">{account ? todaySpending(account) : ''}</p>
      <button type="button" class="link" onClick={onOpenOptions}>
        Settings
      </button>
    </footer>
  );
}
