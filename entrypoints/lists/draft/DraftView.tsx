/**
 * A list read but not started: how its columns are read (the person can change it), the choices
 * every request is made with, and the dry run: what each row costs, what is asked once for several
 * rows, what the cache already holds, the whole price and how long it takes. Free: the quote is
 * asked of the background, nothing of the service. The one control that spends is named with the
 * price: `Enrich 200 rows · 180–220 credits`.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/Notice';
import { Confirmation } from '@/components/spend/SpendArea';
import { endpointTitle } from '@/lib/api/endpoint-info';
import { ApiError, type UserMessage, userMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import { FRESHNESS_CHOICES, FRESHNESS_LABELS, type Freshness } from '@/lib/freshness';
import type { ListColumnRole, ListOptions, ListQuote, Quote } from '@/lib/protocol';
import { creditCount, formatQuote, spendLabel } from '@/lib/quote-format';
import type { ListsBackend } from '../backend';
import { CapField, readCap } from '../cap';
import { guessRoles } from '../import/columns';
import type { ImportedList } from '../import/ImportStep';
import { ENCODING_LABELS } from '../import/read-file';
import { planRequests } from '../import/row-requests';
import { RowsTable } from '../table/RowsTable';
import { dryRun, dryRunWords, durationWords } from './dry-run';
import { MappingTable } from './MappingTable';

const DEFAULT_OPTIONS: ListOptions = { freshness: 'if-present', withProfiles: true, contacts: false };

/** What each freshness choice adds to a profile, beside its label (lib/freshness.ts has the table). */
const FRESHNESS_ADDS: { readonly [F in Freshness]: number } = { 'if-present': 0, 'if-recent': 1, live: 9 };

const PROFILE_ENDPOINTS = new Set(['person.profile', 'company.profile', 'school.profile']);
const LOOKUP_ENDPOINTS = new Set(['email.lookup', 'person.lookup', 'company.lookup']);

export interface DraftViewProps {
  backend: ListsBackend;
  imported: ImportedList;
  onStarted: (id: string) => void;
  onDiscard: () => void;
}

export function DraftView({ backend, imported, onStarted, onDiscard }: DraftViewProps) {
  const { table } = imported;
  const [roles, setRoles] = useState<ListColumnRole[]>(() => guessRoles(table.columns, table.rows));
  const [options, setOptions] = useState<ListOptions>(DEFAULT_OPTIONS);
  const [capText, setCapText] = useState('');
  const [quote, setQuote] = useState<ListQuote | null>(null);
  const [quoteError, setQuoteError] = useState<UserMessage | null>(null);
  const [confirming, setConfirming] = useState<{ quote: Quote; remaining: number } | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<UserMessage | null>(null);

  const plan = useMemo(() => planRequests(table.rows, roles, options), [table, roles, options]);

  useEffect(() => {
    let current = true;
    setQuote(null);
    setQuoteError(null);
    backend.ask('list.quote', { requests: plan.requests }).then(
      (answer) => current && setQuote(answer),
      (failure) => current && setQuoteError(backgroundFailure(failure)),
    );
    return () => {
      current = false;
    };
  }, [backend, plan]);

  const run = useMemo(() => (quote ? dryRun(plan, quote) : null), [plan, quote]);
  const { cap, error: capError } = readCap(capText);

  async function start(confirmed: boolean) {
    if (capError || !run) return;
    setStarting(true);
    setStartError(null);
    try {
      const result = await backend.ask('list.start', {
        name: imported.name,
        columns: table.columns,
        rows: table.rows,
        mapping: roles,
        options,
        requests: plan.requests,
        targets: plan.targets,
        cap,
        confirmed,
      });
      if (result.status === 'started') onStarted(result.list.id);
      else if (result.status === 'needs-confirmation')
        setConfirming({ quote: result.quote, remaining: result.remaining });
      else setStartError(userMessage(ApiError.fromJSON(result.error)));
    } catch (failure) {
      setStartError(backgroundFailure(failure));
    } finally {
      setStarting(false);
    }
  }

  const shown = table.columns.map((_, index) => index).filter((index) => roles[index] !== 'ignore');
  const profiles = run?.byEndpoint.filter((share) => PROFILE_ENDPOINTS.has(share.endpointId)) ?? [];
  const profileCount = profiles.reduce((sum, share) => sum + share.count, 0);
  const lookupCount =
    run?.byEndpoint
      .filter((share) => LOOKUP_ENDPOINTS.has(share.endpointId))
      .reduce((sum, s) => sum + s.count, 0) ?? 0;
  const rowsWord = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;

  return (
    <div class="stack">
      <section class="card" aria-labelledby="mapping-title">
        <header class="split">
          <h2 id="mapping-title">{imported.name}</h2>
          <button type="button" class="small" onClick={onDiscard}>
            Choose another list
          </button>
        </header>
        <p class="muted">
          {rowsWord(table.rows.length)}, {table.columns.length} columns
          {imported.encoding ? `, read as ${ENCODING_LABELS[imported.encoding]}` : ''}.{' '}
          {table.skippedLines > 0 &&
            `Skipped ${table.skippedLines} ${table.skippedLines === 1 ? 'line' : 'lines'} before the header. `}
          Each row is looked up by the first of: a profile address, an email, a name with a company, a
          company.
        </p>
        <MappingTable columns={table.columns} rows={table.rows} roles={roles} onChange={setRoles} />
      </section>

      <section class="card" aria-labelledby="options-title">
        <header>
          <h2 id="options-title">What to ask</h2>
        </header>
        <fieldset class="choices">
          <legend>How fresh a profile must be</legend>
          {FRESHNESS_CHOICES.map((choice) => (
            <label key={choice} class="choice">
              <input
                type="radio"
                name="freshness"
                checked={options.freshness === choice}
                onChange={() => setOptions({ ...options, freshness: choice })}
              />
              {FRESHNESS_LABELS[choice]}
              <span class="muted">
                {FRESHNESS_ADDS[choice] === 0
                  ? ' · no extra cost'
                  : ` · +${creditCount(FRESHNESS_ADDS[choice])} a profile (${profileCount} in this list)`}
              </span>
            </label>
          ))}
        </fieldset>
        <label class="choice">
          <input
            type="checkbox"
            checked={options.withProfiles}
            onChange={() => setOptions({ ...options, withProfiles: !options.withProfiles })}
          />
          Lookups return the whole profile
          <span class="muted"> · +1 credit a lookup ({lookupCount} in this list)</span>
        </label>
        <label class="choice">
          <input
            type="checkbox"
            checked={options.contacts}
            onChange={() => setOptions({ ...options, contacts: !options.contacts })}
          />
          Personal emails and phone numbers
          <span class="muted"> · +1 credit for each one found, on person profiles</span>
        </label>
        <CapField
          label="Stop after (credits)"
          hint={`Empty: no cap.${quote?.remainingToday != null ? ` Today's budget has ${creditCount(quote.remainingToday)} left.` : ''}`}
          text={capText}
          onText={setCapText}
        />
      </section>

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
            <dl class="figures">
              <div class="figure">
                <dt>To ask</dt>
                <dd>{run.toAsk}</dd>
              </div>
              <div class="figure">
                <dt>Already cached</dt>
                <dd>{run.cached}</dd>
              </div>
              <div class="figure">
                <dt>Duplicates</dt>
                <dd>{run.duplicates}</dd>
              </div>
              <div class="figure">
                <dt>Not asked</dt>
                <dd>{run.unmapped + run.refused}</dd>
              </div>
            </dl>
            <ul class="quote-lines">
              {run.byEndpoint.map((share) => (
                <li key={share.endpointId}>
                  {share.count} × {endpointTitle(share.endpointId).toLowerCase()} · {formatQuote(share.quote)}
                </li>
              ))}
              <li>
                <strong>Total · {formatQuote(run.total)}</strong>, {durationWords(run.minutes)} at{' '}
                {quote?.ratePerMinute} requests a minute
              </li>
            </ul>
            {confirming ? (
              <Confirmation
                quote={confirming.quote}
                remaining={confirming.remaining}
                onConfirm={() => {
                  setConfirming(null);
                  void start(true);
                }}
                onCancel={() => setConfirming(null)}
              />
            ) : (
              <div class="row">
                <button
                  type="button"
                  class="primary"
                  disabled={starting || run.enrichRows === 0 || capError !== undefined}
                  onClick={() => void start(false)}
                >
                  {spendLabel(`Enrich ${rowsWord(run.enrichRows)}`, run.total)}
                </button>
              </div>
            )}
            {startError && <ErrorNotice message={startError} />}
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
                  <td class={`state state-${run.rows[index]!.kind}`}>{dryRunWords(run.rows[index]!)}</td>
                </>
              )}
            />
          </>
        )}
      </section>
    </div>
  );
}
