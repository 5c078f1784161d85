/**
 * A person or company search in the popup: its filters, the live quote of the search as typed
 * (`Search people · up to 300 credits`, and what it is made of), the results with the count the
 * service gives, "Load more" for the next page (its own quote; what is shown stays), each result
 * marked when a CRM reference holds it or (team mode) the team's hub has it (./useResultsMarks.ts),
 * shown in the side panel on request, and the rows shown exported as CSV or for a CRM's importer.
 */
import { useEffect, useRef } from 'preact/hooks';
import { CrmExport } from '@/components/crm/CrmExport';
import { lazyView } from '@/components/lazy-view';
import { Busy } from '@/components/Notice';
import { formatNumber } from '@/components/profile/profile-format';
import { PagedResults } from '@/components/results/PagedResults';
import { SpendArea } from '@/components/spend/SpendArea';
import { arrivingRows, usePagedAction } from '@/hooks/usePagedAction';
import type { ParamForm } from '@/hooks/useParamForm';
import { useRunProgress } from '@/hooks/useRunProgress';
import { csvFileName, rowsToCsv } from '@/lib/csv';
import type { Freshness } from '@/lib/freshness';
import type { Quote, RawParamsMessage, SpendTotals } from '@/lib/protocol';
import type { PopupBackend } from '../backend';
import { blockedWords } from '../form-words';
import { QuoteBreakdown, showBreakdown, withoutLines } from '../QuoteBreakdown';
import { SearchFilters } from './SearchFilters';
import { SearchResultRow, searchCrmRecords, searchCsvColumns, searchRowText } from './SearchResultRow';
import type { SearchWatchProps } from './SearchWatch';
import { SEARCH_LAYOUTS, type SearchEndpointId } from './search-groups';
import { useChosenResults } from './useChosenResults';
import { useResultsMarks } from './useResultsMarks';

const WORDS: Record<
  SearchEndpointId,
  { verb: string; running: string; noun: { one: string; many: string }; file: string }
> = {
  'person.search': {
    verb: 'Search people',
    running: 'Searching people…',
    noun: { one: 'person', many: 'people' },
    file: 'person-search',
  },
  'company.search': {
    verb: 'Search companies',
    running: 'Searching companies…',
    noun: { one: 'company', many: 'companies' },
    file: 'company-search',
  },
};

/** Watching the chosen results loads when a result is first chosen. */
const LazySearchWatch = lazyView<SearchWatchProps>(
  'Watch',
  () => import('./SearchWatch').then((module) => module.SearchWatch),
  <Busy>Opening the Watch form…</Busy>,
);

export interface SearchTabProps {
  endpointId: SearchEndpointId;
  form: ParamForm;
  backend: PopupBackend;
  staleAfterDays: number;
  /** The person's profile freshness (settings): what the team's hub is asked about each result at. */
  freshness: Freshness;
  moreOpen: boolean;
  onToggleMore: () => void;
  onSpent: (totals: SpendTotals | null) => void;
  /** A search the person ran answered: remember it among the recent ones. */
  onSearched: (params: RawParamsMessage) => void;
}

export function SearchTab(props: SearchTabProps) {
  const { endpointId, form, backend } = props;
  const words = WORDS[endpointId];
  const paged = usePagedAction({
    ask: backend.ask,
    newRequestId: backend.newRequestId,
    endpointId,
    params: form.params,
    onSpent: props.onSpent,
  });
  const { first, more } = paged;
  const progress = useRunProgress(backend.watchProgress, paged.runningRequestId);
  const { chosen, choiceOf } = useChosenResults(endpointId);
  const marks = useResultsMarks(
    backend.ask,
    paged.rows.map((result) => searchRowText(endpointId, result).url ?? ''),
    props.freshness,
  );

  const searched = useRecentOnAnswer(form.params, first.answer, props.onSearched);

  const blocked = blockedWords(endpointId, form.problems, form.values);
  const count = first.answer?.data.total_result_count;
  const total = typeof count === 'number' ? count : null;
  const handlers = {
    onConfirm: first.confirm,
    onCancel: first.cancel,
    onRetry: first.retry,
    onOpenOptions: backend.openOptions,
  };

  async function exportCsv() {
    backend.download(csvFileName(words.file), await rowsToCsv(searchCsvColumns(endpointId), paged.rows));
  }

  return (
    <div class="popup-tab">
      <SearchFilters
        endpointId={endpointId}
        layout={SEARCH_LAYOUTS[endpointId]}
        values={form.values}
        problems={form.problems}
        onValue={form.set}
        moreOpen={props.moreOpen}
        onToggleMore={props.onToggleMore}
        onClear={form.clear}
      />
      <SpendArea
        {...handlers}
        verb={first.answer ? 'Refresh results' : words.verb}
        runningText={words.running}
        quote={form.settling ? { status: 'loading' } : withoutLines(first.quote)}
        action={first.action}
        blocked={blocked}
        primary={!first.answer}
        onRun={() => {
          searched(form.params);
          first.run();
        }}
      />
      {showBreakdown(form.settling, blocked, first.action.status, first.quote) && (
        <QuoteBreakdown quote={(first.quote as { quote: Quote }).quote} />
      )}
      {(paged.pages.length > 0 || progress) && (
        <section class="popup-results" aria-label="Results">
          {total !== null && (
            <p class="results-total">
              <strong>{formatNumber(total)}</strong> {total === 1 ? words.noun.one : words.noun.many} match
              this search
            </p>
          )}
          <PagedResults
            noun={words.noun}
            pages={paged.pages.map((page) => ({ rows: page.rows, meta: page.meta }))}
            renderRow={(result) => (
              <SearchResultRow
                endpointId={endpointId}
                result={result}
                mark={marks.get(searchRowText(endpointId, result).url ?? '')}
                onShowInPanel={backend.showInSidePanel}
                choice={choiceOf(result)}
              />
            )}
            rowKey={(result, index) => `${index}:${String(result?.network_profile_url)}`}
            arriving={progress ? { rows: arrivingRows(endpointId, progress), bytes: progress.bytes } : null}
            more={
              more
                ? {
                    quote: more.quote,
                    action: more.action,
                    onRun: more.run,
                    onConfirm: more.confirm,
                    onCancel: more.cancel,
                    onRetry: more.retry,
                    onOpenOptions: backend.openOptions,
                  }
                : null
            }
            staleAfterDays={props.staleAfterDays}
            onExport={exportCsv}
          />
          {paged.rows.length > 0 && (
            <CrmExport
              records={searchCrmRecords(endpointId, paged.rows)}
              onSave={(preset, csv) => backend.download(csvFileName(`${preset.id}-${words.file}`), csv)}
            />
          )}
        </section>
      )}
      {chosen.length > 0 && (
        <LazySearchWatch
          backend={backend}
          targets={chosen}
          defaultName={endpointId === 'person.search' ? 'Watched people' : 'Watched companies'}
        />
      )}
    </div>
  );
}

/** The person ran this search (`searched`): once it answers, it joins the recent ones. */
function useRecentOnAnswer(
  params: RawParamsMessage | null,
  answer: unknown,
  onSearched: (params: RawParamsMessage) => void,
): (params: RawParamsMessage | null) => void {
  const asked = useRef<RawParamsMessage | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [JSON.stringify(params)]);
  useEffect(() => {
    if (answer && asked.current) {
      onSearched(asked.current);
      asked.current = null;
    }
  }, [answer]);
  return (ran) => {
    asked.current = ran;
  };
}
