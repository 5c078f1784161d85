/**
 * A section whose answers page (jobs, employees, students): its filters from the endpoint's form
 * data, the first page's quoted action, the pages shown with "Load more" (each its own quoted
 * action, appended), the rows of a streamed page as they arrive, and the export of what is shown.
 */
import type { ComponentChildren } from 'preact';
import { PagedResults } from '@/components/results/PagedResults';
import { SpendArea } from '@/components/spend/SpendArea';
import { arrivingRows, type PagedEndpointId, type RowOf, usePagedAction } from '@/hooks/usePagedAction';
import { useRunProgress } from '@/hooks/useRunProgress';
import { type CsvColumn, exportRowsAsCsv } from '@/lib/csv';
import { planNote, type SectionContext, spendHandlers } from './backend';
import { ParamForm } from './ParamForm';
import { FiltersFold, SectionShell } from './SectionShell';
import { useFilterForm } from './useFilterForm';

export interface PagedSectionProps<Id extends PagedEndpointId> extends SectionContext {
  endpointId: Id;
  title: string;
  /** Shown beside the heading, e.g. "deprecated". */
  mark?: string;
  /** Said at the top of the section. */
  intro?: ComponentChildren;
  /** Params the section sets itself (the company's URL, its search id). */
  fixed: Readonly<Record<string, string>>;
  noun: { one: string; many: string };
  verbs: { ask: string; refresh: string; running: string };
  renderRow: (row: RowOf<Id>, index: number) => ComponentChildren;
  rowKey: (row: RowOf<Id>, index: number) => string;
  csv: { prefix: string; columns: readonly CsvColumn<RowOf<Id>>[] };
  /** The quote depends on the plan: say which one it is for. */
  planDependent?: boolean;
}

export function PagedSection<Id extends PagedEndpointId>(props: PagedSectionProps<Id>) {
  const { backend, settings, endpointId } = props;
  const form = useFilterForm({ endpointId, fixed: props.fixed });
  const paged = usePagedAction({
    ask: backend.ask,
    newRequestId: backend.newRequestId,
    endpointId,
    params: form.params,
    onSpent: props.onSpent,
  });
  const progress = useRunProgress(backend.watchProgress, paged.runningRequestId);
  const arriving = progress ? { rows: arrivingRows(endpointId, progress), bytes: progress.bytes } : null;
  const firstRunning = paged.first.action.status === 'running';
  // A first page streaming in replaces what was shown: show only what arrives.
  const pages = firstRunning && arriving ? [] : paged.pages;
  const answered = paged.first.answer !== null;
  const note = props.planDependent ? planNote(settings.plan) : null;
  return (
    <SectionShell title={props.title} mark={props.mark} busy={paged.runningRequestId !== null}>
      {props.intro}
      <FiltersFold changed={form.changed}>
        <ParamForm
          fields={form.fields}
          values={form.values}
          problems={form.problems}
          onValue={form.setValue}
          notes={form.notes}
        />
      </FiltersFold>
      {(answered || arriving) && (
        <PagedResults
          noun={props.noun}
          pages={pages}
          renderRow={props.renderRow}
          rowKey={props.rowKey}
          arriving={arriving}
          more={
            paged.more
              ? {
                  quote: paged.more.quote,
                  action: paged.more.action,
                  quoteNote: note,
                  ...spendHandlers(paged.more, backend),
                }
              : null
          }
          staleAfterDays={settings.staleAfterDays}
          onExport={() => void exportRowsAsCsv(props.csv.prefix, props.csv.columns, paged.rows)}
        />
      )}
      {!(firstRunning && arriving) && (
        <SpendArea
          verb={answered ? props.verbs.refresh : props.verbs.ask}
          runningText={answered ? 'Refreshing…' : props.verbs.running}
          quote={paged.first.quote}
          action={paged.first.action}
          blocked={form.blocked}
          primary={!answered || Boolean(paged.pages[0]?.meta.stale)}
          quoteNote={note}
          {...spendHandlers(paged.first, backend)}
        />
      )}
    </SectionShell>
  );
}
