/**
 * Employee count: how many people work (or worked) at the company, counted on the company's URL
 * with the options of the endpoint (as of a date, employment status, the estimate, name match),
 * quoted for the person's plan (a date costs more on some plans) before anything is spent.
 */

import { EmployeeCountView } from '@/components/results/ResultRows';
import { AnswerLine, SpendArea } from '@/components/spend/SpendArea';
import { useQuotedAction } from '@/hooks/useQuotedAction';
import { normalizeEmployeeCount } from '@/lib/api/employee-count';
import type { RawParamsMessage } from '@/lib/protocol';
import { planNote, type SectionContext, spendHandlers } from './backend';
import { ParamForm } from './ParamForm';
import { FiltersFold, SectionShell } from './SectionShell';
import { useFilterForm } from './useFilterForm';

/** What was counted, in words: "Current employees, as of 2024-01-31, including name matches". */
export function describeCount(params: RawParamsMessage | null): string {
  const status = params?.employment_status ?? 'current';
  const who =
    status === 'past'
      ? 'Past employees'
      : status === 'all'
        ? 'Current and past employees'
        : 'Current employees';
  const when = params?.at_date ? `as of ${params.at_date}` : 'as of today';
  const match =
    params?.coy_name_match === 'exclude'
      ? 'without profiles that only name the company'
      : 'including profiles that name the company';
  return `${who}, ${when}, ${match}.`;
}

export function EmployeeCountSection({ companyUrl, ...context }: SectionContext & { companyUrl: string }) {
  const { backend, settings } = context;
  const form = useFilterForm({ endpointId: 'employee.count', fixed: { url: companyUrl } });
  const count = useQuotedAction({
    ask: backend.ask,
    newRequestId: backend.newRequestId,
    endpointId: 'employee.count',
    params: form.params,
    onSpent: context.onSpent,
  });
  const answer = count.answer;
  return (
    <SectionShell title="Employee count" busy={count.action.status === 'running'}>
      <FiltersFold title="Options" changed={form.changed}>
        <ParamForm
          fields={form.fields}
          values={form.values}
          problems={form.problems}
          onValue={form.setValue}
          notes={form.notes}
        />
      </FiltersFold>
      {answer && (
        <>
          <EmployeeCountView
            figures={normalizeEmployeeCount(answer.data)}
            asked={describeCount(form.params)}
          />
          <AnswerLine meta={answer} staleAfterDays={settings.staleAfterDays} />
        </>
      )}
      <SpendArea
        verb={answer ? 'Refresh count' : 'Count employees'}
        runningText={answer ? 'Refreshing…' : 'Counting employees…'}
        quote={count.quote}
        action={count.action}
        blocked={form.blocked}
        primary={!answer || answer.stale}
        quoteNote={planNote(settings.plan)}
        {...spendHandlers(count, backend)}
      />
    </SectionShell>
  );
}
