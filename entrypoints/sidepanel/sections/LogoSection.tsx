/**
 * Logo: the company's logo (and others like it), searched by its name or its domain. The cost of
 * this version 3 endpoint is not published, and the control says so before it is pressed.
 */

import { formatNumber } from '@/components/profile/profile-format';
import { LogoRow, logoRowText } from '@/components/results/ResultRows';
import { AnswerLine, SpendArea } from '@/components/spend/SpendArea';
import { useQuotedAction } from '@/hooks/useQuotedAction';
import type { LogoMatch } from '@/lib/api/schemas';
import { type CsvColumn, exportRowsAsCsv } from '@/lib/csv';
import { type SectionContext, spendHandlers } from './backend';
import { ParamForm } from './ParamForm';
import { SectionShell } from './SectionShell';
import { useFilterForm } from './useFilterForm';

export const LOGO_CSV_COLUMNS: readonly CsvColumn<LogoMatch>[] = [
  { header: 'Company', value: (match) => logoRowText(match).name },
  { header: 'Domain', value: (match) => logoRowText(match).domain },
  { header: 'Other domains', value: (match) => logoRowText(match).alternatives.join(', ') },
  { header: 'Industry', value: (match) => logoRowText(match).industry },
  {
    header: 'Employees',
    value: (match) => (typeof match.employeeCount === 'number' ? match.employeeCount : null),
  },
  { header: 'Location', value: (match) => logoRowText(match).location },
  { header: 'Company profile URL', value: (match) => logoRowText(match).networkUrl },
  { header: 'Logo URL', value: (match) => logoRowText(match).logoUrl },
];

export function LogoSection({
  name,
  domain,
  ...context
}: SectionContext & { name: string | null; domain: string | null }) {
  const { backend, settings } = context;
  const form = useFilterForm({ endpointId: 'company.logo', fixed: {}, initial: { q: name ?? domain ?? '' } });
  const logos = useQuotedAction({
    ask: backend.ask,
    newRequestId: backend.newRequestId,
    endpointId: 'company.logo',
    params: form.params,
    onSpent: context.onSpent,
  });
  const answer = logos.answer;
  const matches: LogoMatch[] = answer && Array.isArray(answer.data) ? answer.data : [];
  const q = form.values.q ?? '';
  const quick = [
    name && name !== q.trim() ? { label: `Use the name (${name})`, value: name } : null,
    domain && domain !== q.trim() ? { label: `Use the domain (${domain})`, value: domain } : null,
  ].filter((choice): choice is { label: string; value: string } => choice !== null);
  return (
    <SectionShell title="Logo" busy={logos.action.status === 'running'}>
      <ParamForm fields={form.fields} values={form.values} problems={form.problems} onValue={form.setValue} />
      {quick.length > 0 && (
        <p class="quick-values">
          {quick.map((choice) => (
            <button
              key={choice.value}
              type="button"
              class="link"
              onClick={() => form.setValue('q', choice.value)}
            >
              {choice.label}
            </button>
          ))}
        </p>
      )}
      {answer && (
        <div class="paged-results">
          <div class="results-head">
            <p role="status">
              {matches.length === 0
                ? 'No logo found.'
                : `${formatNumber(matches.length)} ${matches.length === 1 ? 'match' : 'matches'} shown`}
            </p>
            {matches.length > 0 && (
              <button
                type="button"
                class="small"
                onClick={() => void exportRowsAsCsv('company-logos', LOGO_CSV_COLUMNS, matches)}
              >
                Export CSV
              </button>
            )}
          </div>
          {matches.length > 0 && (
            <ul class="results logo-results">
              {matches.map((match, index) => (
                <LogoRow key={index} match={match} />
              ))}
            </ul>
          )}
          <AnswerLine meta={answer} staleAfterDays={settings.staleAfterDays} />
        </div>
      )}
      <SpendArea
        verb={answer ? 'Refresh logos' : 'Search logos'}
        runningText={answer ? 'Refreshing…' : 'Searching logos…'}
        quote={logos.quote}
        action={logos.action}
        blocked={form.blocked}
        primary={!answer || answer.stale}
        {...spendHandlers(logos, backend)}
      />
    </SectionShell>
  );
}
