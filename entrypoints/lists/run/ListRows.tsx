/**
 * A list's rows as they are answered: the row's own words (its first two columns that identify
 * it; the export has them all), its status, its answer, what it cost, and a failed row asked again
 * alone (quoted).
 */
import { useMemo } from 'preact/hooks';
import type { ListInput, ListRequestView, ListRetryRequest } from '@/lib/protocol';
import { spendLabel } from '@/lib/quote-format';
import { RowsTable } from '../table/RowsTable';
import { firstRows, rowStatus } from './row-status';

export function ListRows({
  id,
  input,
  requests,
  version,
  running,
  retry,
}: {
  id: string;
  input: ListInput;
  requests: ReadonlyMap<string, ListRequestView>;
  /** `requests` changes in place; `version` says when it did. */
  version: number;
  running: boolean;
  retry: (request: ListRetryRequest) => Promise<void>;
}) {
  const first = useMemo(() => firstRows(input.targets), [input]);
  /** The row's own words: its first two columns that identify it (the export has them all). */
  const shownColumns = useMemo(
    () =>
      input.columns
        .map((_, index) => index)
        .filter((index) => input.mapping[index] !== 'ignore')
        .slice(0, 2),
    [input],
  );
  return (
    <section class="card" aria-label="Rows">
      <RowsTable
        caption="Rows and their answers"
        headers={[
          '#',
          ...shownColumns.map((column) => input.columns[column]!),
          'Status',
          'Answer',
          'Credits',
          'Actions',
        ]}
        widths={['3.5em', ...shownColumns.map(() => undefined), '11em', undefined, '4.5em', '8.5em']}
        count={input.rows.length}
        version={version}
        row={(index) => {
          const target = input.targets[index]!;
          const request = 'key' in target ? requests.get(target.key) : undefined;
          const status = rowStatus(index, target, request, first);
          const answer = status.owns && request?.enriched ? answerText(request) : '';
          return (
            <>
              <td class="num">{index + 1}</td>
              {shownColumns.map((column) => (
                <td key={column} title={input.rows[index]![column]}>
                  {input.rows[index]![column]}
                </td>
              ))}
              <td class="state" title={status.words}>
                {status.words}
              </td>
              <td title={answer}>{answer}</td>
              <td class="num">{status.credits ?? ''}</td>
              <td>
                {status.owns && request?.status === 'failed' && !running && (
                  <button
                    type="button"
                    class="small"
                    onClick={() => void retry({ id, which: 'failed', keys: [request.key], dryRun: false })}
                  >
                    {spendLabel('Retry', request.quote)}
                  </button>
                )}
              </td>
            </>
          );
        }}
      />
    </section>
  );
}

function answerText(request: ListRequestView): string {
  const fields = request.enriched;
  if (!fields) return '';
  const who = fields.fullName ?? fields.company ?? '';
  const what =
    fields.headline ?? (fields.title && fields.company ? `${fields.title} at ${fields.company}` : '');
  return [who, what].filter(Boolean).join(' · ');
}
