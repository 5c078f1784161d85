/**
 * A list read but not started: how its columns are read (the person can change it), the choices
 * every request is made with, and the dry run: what each row costs, what is asked once for several
 * rows, what the cache already holds, the whole price and how long it takes. Free: the quote is
 * asked of the background, nothing of the service. The one control that spends is named with the
 * price: `Enrich 200 rows · 180–220 credits`.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { useInCrm } from '@/hooks/useInCrm';
import { ApiError, type UserMessage, userMessage } from '@/lib/api/errors';
import { backgroundFailure, newRequestId } from '@/lib/ask-background';
import { readCap } from '@/lib/credit-cap';
import { identityOf } from '@/lib/crm/shapes';
import { guessRoles } from '@/lib/list-columns';
import type {
  ListColumnRole,
  ListOptions,
  ListQuote,
  ListStartRequest,
  PeekRequest,
  Quote,
} from '@/lib/protocol';
import { ENCODING_LABELS } from '@/lib/table-file';
import type { ListsBackend } from '../backend';
import { inTeamCrm, leaveOutInCrm, withIdentities } from '../crm/in-crm';
import { type ChosenFile, EncodingChoice, type ImportedList, readChosenFile } from '../import/ImportStep';
import { planRequests } from '../import/row-requests';
import { DraftOptions } from './DraftOptions';
import { DryRunSection } from './DryRunSection';
import { dryRun, rowsWord } from './dry-run';
import { MappingTable } from './MappingTable';

const DEFAULT_OPTIONS: ListOptions = { freshness: 'if-present', withProfiles: true, contacts: false };

export interface DraftViewProps {
  backend: ListsBackend;
  imported: ImportedList;
  /** The same file read again in the encoding the person chose. */
  onReread: (list: ImportedList) => void;
  onStarted: (id: string) => void;
  onDiscard: () => void;
}

export function DraftView({ backend, imported, onReread, onStarted, onDiscard }: DraftViewProps) {
  const { table } = imported;
  const [roles, setRoles] = useState<ListColumnRole[]>(() => guessRoles(table.columns, table.rows));
  const [options, setOptions] = useState<ListOptions>(DEFAULT_OPTIONS);
  const [capText, setCapText] = useState('');
  // Rows a CRM reference holds are left out unless the person includes them: the person's own
  // (asked with crm.match) and, in team mode, the team's (marked in the quote of every row).
  const identities = useMemo(() => table.rows.map((cells) => identityOf(cells, roles)), [table, roles]);
  const inCrm = useInCrm(backend.ask, identities);
  const [includeInCrm, setIncludeInCrm] = useState(false);
  // Planned once per mapping and options, each request with who its first row is (the team's CRM
  // reference is asked about it). A CRM's answer, arriving after, changes the plan (and asks the
  // quote again) only when it holds some of the rows (leaveOutInCrm returns the same plan).
  const all = useMemo(
    () => withIdentities(planRequests(table.rows, roles, options), identities),
    [table, roles, options, identities],
  );
  const allQuoted = useListQuote(backend, all.requests);
  const teamMatches = useMemo(() => inTeamCrm(all, allQuoted.quote), [all, allQuoted.quote]);
  const plan = useMemo(
    () => (includeInCrm ? all : leaveOutInCrm(all, inCrm?.matches, teamMatches)),
    [all, inCrm, includeInCrm, teamMatches],
  );
  const planQuoted = useListQuote(backend, plan === all ? null : plan.requests);
  const { quote, quoteError } = plan === all ? allQuoted : planQuoted;
  const run = useMemo(
    () => (quote ? dryRun(plan, quote, inCrm?.matches, teamMatches) : null),
    [plan, quote, inCrm, teamMatches],
  );
  // Rows only the team's CRM holds: the person's own reference counts the others.
  const teamCount = teamMatches.filter((match, row) => match && !inCrm?.matches[row]).length;
  const { cap, error: capError } = readCap(capText);
  const launch = useListStart(backend, onStarted);

  function start(confirmed: boolean): void {
    if (capError || !run) return;
    void launch.start({
      startId: newRequestId(),
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
  }

  return (
    <div class="stack">
      <MappingSection
        imported={imported}
        roles={roles}
        onRoles={setRoles}
        onReread={onReread}
        onDiscard={onDiscard}
      />
      <DraftOptions
        options={options}
        onOptions={setOptions}
        run={run}
        remainingToday={quote?.remainingToday}
        capText={capText}
        onCapText={setCapText}
      />
      <DryRunSection
        table={table}
        shown={table.columns.map((_, index) => index).filter((index) => roles[index] !== 'ignore')}
        run={run}
        ratePerMinute={quote?.ratePerMinute}
        teamLeftToday={quote?.teamLeftToday}
        quoteError={quoteError}
        inCrm={
          inCrm?.count || teamCount
            ? { count: inCrm?.count ?? 0, teamCount, included: includeInCrm, onInclude: setIncludeInCrm }
            : null
        }
        start={{
          confirming: launch.confirming,
          starting: launch.starting,
          error: launch.error,
          capInvalid: capError !== undefined,
          onStart: () => start(false),
          onConfirm: () => {
            launch.cancel();
            start(true);
          },
          onCancel: launch.cancel,
        }}
      />
    </div>
  );
}

/**
 * The list as read: its name, its size, how its columns are read (the person can change it), and
 * for a file the encoding it was read in, which the person can change too. A file read as
 * Windows-1252 without asking says so: no other encoding reads it, and its accents are the check.
 */
function MappingSection({
  imported,
  roles,
  onRoles,
  onReread,
  onDiscard,
}: {
  imported: ImportedList;
  roles: ListColumnRole[];
  onRoles: (roles: ListColumnRole[]) => void;
  onReread: (list: ImportedList) => void;
  onDiscard: () => void;
}) {
  const { table, file } = imported;
  const [rereading, setRereading] = useState(false);
  const [rereadError, setRereadError] = useState<string | null>(null);

  async function reread(chosen: ChosenFile) {
    setRereading(true);
    setRereadError(null);
    try {
      onReread(await readChosenFile(chosen));
    } catch (failure) {
      setRereadError(
        `Not read as ${ENCODING_LABELS[chosen.encoding]}: ${failure instanceof Error ? failure.message : String(failure)}`,
      );
    } finally {
      setRereading(false);
    }
  }

  return (
    <section class="card" aria-labelledby="mapping-title">
      <header class="split">
        <h2 id="mapping-title">{imported.name}</h2>
        <button type="button" class="small" onClick={onDiscard}>
          Choose another list
        </button>
      </header>
      <p class="muted">
        {rowsWord(table.rows.length)}, {table.columns.length} columns
        {file ? `, read as ${ENCODING_LABELS[file.encoding]}` : ''}.{' '}
        {table.skippedLines > 0 &&
          `Skipped ${table.skippedLines} ${table.skippedLines === 1 ? 'line' : 'lines'} before the header. `}
        Each row is looked up by the first of: a profile address, an email, a name with a company, a company.
      </p>
      {file?.encoding === 'windows-1252' && file.detected === 'windows-1252' && (
        <p class="notice">
          Read as Windows-1252 (Western European), as Excel on Windows saves it: the file is not UTF-8. If its
          accented letters look wrong below, choose its encoding.
        </p>
      )}
      {file && <EncodingChoice file={file} disabled={rereading} onChoose={(chosen) => void reread(chosen)} />}
      {rereadError && (
        <p class="notice error" role="alert">
          {rereadError}
        </p>
      )}
      <MappingTable columns={table.columns} rows={table.rows} roles={roles} onChange={onRoles} />
    </section>
  );
}

/**
 * The background's free quote of the plan's requests, asked again whenever they change; none asked
 * while `requests` is null.
 */
function useListQuote(backend: ListsBackend, requests: PeekRequest[] | null) {
  const [quote, setQuote] = useState<ListQuote | null>(null);
  const [quoteError, setQuoteError] = useState<UserMessage | null>(null);
  useEffect(() => {
    let current = true;
    setQuote(null);
    setQuoteError(null);
    if (!requests) return;
    backend.ask('list.quote', { requests }).then(
      (answer) => current && setQuote(answer),
      (failure) => current && setQuoteError(backgroundFailure(failure)),
    );
    return () => {
      current = false;
    };
  }, [backend, requests]);
  return { quote, quoteError };
}

/** Starting the list: the confirmation asked past today's budget, and why it did not start. */
function useListStart(backend: ListsBackend, onStarted: (id: string) => void) {
  const [confirming, setConfirming] = useState<{ quote: Quote; remaining: number } | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<UserMessage | null>(null);

  async function start(request: ListStartRequest): Promise<void> {
    setStarting(true);
    setError(null);
    try {
      const result = await backend.ask('list.start', request);
      if (result.status === 'started') onStarted(result.list.id);
      else if (result.status === 'needs-confirmation')
        setConfirming({ quote: result.quote, remaining: result.remaining });
      else setError(userMessage(ApiError.fromJSON(result.error)));
    } catch (failure) {
      setError(backgroundFailure(failure));
    } finally {
      setStarting(false);
    }
  }

  return { confirming, starting, error, start, cancel: () => setConfirming(null) };
}
