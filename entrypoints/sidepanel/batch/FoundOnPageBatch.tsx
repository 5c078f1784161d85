/**
 * "Found on this page", with enriching: every row's cached state and its own quoted action, a
 * selection with one batch action and one total quote, the batch's progress with Cancel (it runs in
 * the background and survives the panel closing and the worker stopping), and, on a company's own
 * website with no profile links, the company looked up by its domain.
 */
import './batch.css';
import { ErrorNotice } from '@/components/Notice';
import type { Ask } from '@/hooks/useQuotedAction';
import type { Findings, PublicSettings, SpendTotals } from '@/lib/protocol';
import { BatchBar } from './BatchBar';
import { FoundGroup, FoundRowList, type FoundRowsContext } from './FoundGroup';
import { useFoundOnPage } from './useFoundOnPage';

/**
 * What it needs of the panel's backend (entrypoints/sidepanel/App.tsx `PanelBackend`, which the
 * panel passes as it is): asking the background, a request id per person action, and the options
 * page (a row's "Open settings"). Named here rather than imported, as App.tsx imports this view.
 */
export interface FoundOnPageBackend {
  ask: Ask;
  newRequestId: () => string;
  openOptions: () => void;
}

export interface FoundOnPageBatchProps {
  backend: FoundOnPageBackend;
  findings: Findings;
  tabId: number;
  settings: PublicSettings;
  /** After anything that may have spent credits, so the footer can follow. */
  onSpent: (totals: SpendTotals | null) => void;
}

export function FoundOnPageBatch({ backend, findings, tabId, settings, onSpent }: FoundOnPageBatchProps) {
  const found = useFoundOnPage({
    ask: backend.ask,
    findings,
    tabId,
    freshness: settings.profileFreshness,
    onSpent,
  });
  const rows: FoundRowsContext = {
    ask: backend.ask,
    newRequestId: backend.newRequestId,
    openOptions: backend.openOptions,
    onSpent,
    onBusy: found.setRowBusy,
    onToggle: found.toggle,
    staleAfterDays: settings.staleAfterDays,
  };
  const total = found.groups.reduce((sum, group) => sum + group.rows.length, 0);
  return (
    <section class="card panel-section found-on-page" aria-labelledby="found-heading">
      <header class="section-head">
        <h2 id="found-heading">
          Found on this page <span class="count">{total}</span>
        </h2>
      </header>
      {found.peekFailed && <ErrorNotice message={found.peekFailed} onRetry={found.retryPeek} />}
      {found.domain && (
        <section class="found-group found-site" aria-labelledby="found-site-heading">
          <h3 id="found-site-heading">Look up this company</h3>
          <p class="muted small">
            This page links to no profiles. Look the company up by its domain, {found.domain}:
          </p>
          <FoundRowList rows={found.siteRows} context={rows} />
        </section>
      )}
      {total === 0 && !found.domain && (
        <p class="empty">No other profile links or e-mail addresses on this page.</p>
      )}
      {(total > 0 || found.batch) && (
        <BatchBar
          selectable={found.selectable}
          selected={found.selected}
          inCrmLeftOut={found.inCrmLeftOut}
          inTeamCrmLeftOut={found.inTeamCrmLeftOut}
          teamHas={found.teamHas}
          total={found.total}
          start={found.start}
          batch={found.batch}
          onSelectAll={found.selectAll}
          onStart={found.startBatch}
          onConfirm={found.confirmBatch}
          onCancelConfirm={found.cancelConfirmBatch}
          onCancelBatch={found.cancelBatch}
          onDismiss={found.dismissBatch}
        />
      )}
      {found.groups.map((group) => (
        <FoundGroup key={group.id} group={group} context={rows} onToggleGroup={found.toggleGroup} />
      ))}
    </section>
  );
}
