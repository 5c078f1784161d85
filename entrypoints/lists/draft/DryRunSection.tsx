/**
 * The dry run of a draft list: its figures, the price by endpoint and in all with how long it
 * takes, the one control that spends (named with the price, confirmed past today's budget), and
 * every row with what it will cost.
 */
import { ErrorNotice } from '@/components/Notice';
import { Confirmation } from '@/components/spend/SpendArea';
import { endpointTitle } from '@/lib/api/endpoint-info';
import type { UserMessage } from '@/lib/api/errors';
import type { Quote } from '@/lib/protocol';
import { formatQuote, rowsBesideWords, spendLabel } from '@/lib/quote-format';
import type { ParsedTable } from '@/lib/table-file';
import { RowsTable } from '../table/RowsTable';
import { crmMark, type DryRun, dryRunWords, durationWords, type MarkedRow, rowsWord } from './dry-run';

/** Starting the list from its dry run: the confirmation asked past today's budget, and why it failed. */
export interface DraftStart {
  confirming: { quote: Quote; remaining: number } | null;
  starting: boolean;
  error: UserMessage | null;
  /** The cap as typed cannot be read: nothing starts until it is corrected. */
  capInvalid: boolean;
  onStart: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

export interface DryRunSectionProps {
  table: ParsedTable;
  /** The columns shown beside each row: those not ignored. */
  shown: readonly number[];
  /** Null while the quote is asked. */
  run: DryRun | null;
  /** How many requests a minute the list is asked at (the quote's). */
  ratePerMinute: number | undefined;
  /** Team mode: what is left of the member's budget at the team hub today (the quote's; null: no budget there). */
  teamLeftToday?: number | null;
  quoteError: UserMessage | null;
  /**
   * Rows a CRM reference holds: how many the person's own holds and (team mode) how many more the
   * team's, and whether the person includes them.
   */
  inCrm: {
    count: number;
    teamCount?: number;
    included: boolean;
    onInclude: (included: boolean) => void;
  } | null;
  start: DraftStart;
}

export function DryRunSection({
  table,
  shown,
  run,
  ratePerMinute,
  teamLeftToday,
  quoteError,
  inCrm,
  start,
}: DryRunSectionProps) {
  return (
    <section class="card" aria-labelledby="dry-run-title">
      <header>
        <h2 id="dry-run-title">Dry run</h2>
      </header>
      {quoteError && <ErrorNotice message={quoteError} />}
      {!run && !quoteError && (
        <p class="status-line" role="status">
          <span class="spinner" aria-hidden="true" /> Working out the quote…
        </p>
      )}
      {run && (
        <>
          <DryRunFigures run={run} />
          <ul class="quote-lines">
            {run.byEndpoint.map((share) => (
              <li key={share.endpointId}>
                {share.count} × {endpointTitle(share.endpointId).toLowerCase()} · {formatQuote(share.quote)}
              </li>
            ))}
            <li>
              <strong>Total · {formatQuote(run.total)}</strong>, {durationWords(run.minutes)} at{' '}
              {ratePerMinute} requests a minute
            </li>
          </ul>
          {inCrm && (
            <label class="choice">
              <input
                type="checkbox"
                checked={inCrm.included}
                onChange={() => inCrm.onInclude(!inCrm.included)}
              />
              {includeWords(inCrm.count, inCrm.teamCount ?? 0)}
            </label>
          )}
          <StartControl run={run} start={start} teamLeftToday={teamLeftToday} />
          <RowsTable
            caption="Rows and what each will cost"
            headers={['#', ...shown.map((index) => table.columns[index]!), 'Dry run']}
            widths={['4.5em', ...shown.map(() => undefined), '16em']}
            count={table.rows.length}
            version={run}
            row={(index) => (
              <>
                <td class="num">{index + 1}</td>
                {shown.map((column) => (
                  <td key={column} title={table.rows[index]![column]}>
                    {table.rows[index]![column]}
                  </td>
                ))}
                <td class={`state state-${run.rows[index]!.kind}`} title={dryRunWords(run.rows[index]!)}>
                  <DryRunWords row={run.rows[index]!} />
                </td>
              </>
            )}
          />
        </>
      )}
    </section>
  );
}

/** The choice to include the rows a CRM reference holds, naming whose. */
function includeWords(own: number, team: number): string {
  const whose = own === 0 ? "your team's CRM" : team === 0 ? 'your CRM' : "your CRM or your team's";
  return `Include the ${rowsWord(own + team)} already in ${whose}`;
}

/** A row's words, the `In your CRM` (or team's) mark first when a reference holds it. */
function DryRunWords({ row }: { row: MarkedRow }) {
  const mark = crmMark(row);
  const words = dryRunWords(row);
  if (!mark || !words.startsWith(`${mark} · `)) return <>{words}</>;
  return (
    <>
      <span class="in-crm">{mark}</span> {words.slice(`${mark} · `.length)}
    </>
  );
}

function DryRunFigures({ run }: { run: DryRun }) {
  return (
    <dl class="figures">
      <div class="figure">
        <dt>To ask</dt>
        <dd>{run.toAsk}</dd>
      </div>
      <div class="figure">
        <dt>Already cached</dt>
        <dd>{run.cached}</dd>
      </div>
      {run.teamHas > 0 && (
        <div class="figure">
          <dt>The team has</dt>
          <dd>{run.teamHas}</dd>
        </div>
      )}
      <div class="figure">
        <dt>Duplicates</dt>
        <dd>{run.duplicates}</dd>
      </div>
      <div class="figure">
        <dt>Not asked</dt>
        <dd>{run.unmapped + run.refused}</dd>
      </div>
      {run.inCrm > 0 && (
        <div class="figure">
          <dt>In your CRM, left out</dt>
          <dd>{run.inCrm}</dd>
        </div>
      )}
      {run.inTeamCrm > 0 && (
        <div class="figure">
          <dt>In your team's CRM, left out</dt>
          <dd>{run.inTeamCrm}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The control that spends, named with the price: `Enrich 200 rows · 180–220 credits`, what the
 * CRM reference left out: `Enrich 140 rows · 140 credits · 46 in your CRM left out`, in team mode
 * what the team has and what its CRM left out:
 * `Enrich 500 rows · 310 credits · 140 the team has · 50 in your team's CRM left out`, and what is
 * left of the member's budget when the price could pass it:
 * `Enrich 12 rows · 12 credits · you have 5 left today at the team hub`.
 */
function StartControl({
  run,
  start,
  teamLeftToday,
}: {
  run: DryRun;
  start: DraftStart;
  teamLeftToday: number | null | undefined;
}) {
  const passesTeamBudget =
    typeof teamLeftToday === 'number' && (run.total.max === null || run.total.max > teamLeftToday);
  return (
    <>
      {start.confirming ? (
        <Confirmation
          quote={start.confirming.quote}
          remaining={start.confirming.remaining}
          onConfirm={start.onConfirm}
          onCancel={start.onCancel}
        />
      ) : (
        <div class="row">
          <button
            type="button"
            class="primary"
            disabled={start.starting || run.enrichRows === 0 || start.capInvalid}
            onClick={start.onStart}
          >
            {spendLabel(`Enrich ${rowsWord(run.enrichRows)}`, run.total)}
            {rowsBesideWords(run)}
            {passesTeamBudget && ` · you have ${teamLeftToday} left today at the team hub`}
          </button>
        </div>
      )}
      {start.error && <ErrorNotice message={start.error} />}
    </>
  );
}
