/**
 * The rows of "Found on this page", grouped by kind, each with its own quoted action: a row that
 * can be asked runs it on useFoundRow; a row still peeked at, or refused, only says so.
 */
import { useId, useState } from 'preact/hooks';
import { FoundRow } from './FoundRows';
import { type FoundRowContext, type FoundRowModel, useFoundRow } from './useFoundRow';

export interface FoundGroupView {
  id: string;
  title: string;
  rows: FoundRowModel[];
}

/** What the rows share: the asking, the selection and the stale setting. */
export interface FoundRowsContext extends FoundRowContext {
  onToggle: (key: string, selected: boolean) => void;
  /** Days after which a cached answer is stale (the setting), to say what "stale" means. */
  staleAfterDays?: number;
}

/** Rows shown per group before "Show all": a feed page can link to thousands of profiles. */
export const ROWS_SHOWN = 25;

export function FoundGroup({
  group,
  context,
  onToggleGroup,
}: {
  group: FoundGroupView;
  context: FoundRowsContext;
  onToggleGroup?: (id: string, selected: boolean) => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  const shown = showAll ? group.rows : group.rows.slice(0, ROWS_SHOWN);
  const selectable = group.rows.filter((row) => row.selectable);
  const selected = selectable.filter((row) => row.selected).length;
  return (
    <section class="found-group" aria-labelledby={headingId}>
      <div class="found-group-head">
        <h3 id={headingId}>
          {group.title} <span class="count">{group.rows.length}</span>
        </h3>
        {onToggleGroup && selectable.length > 1 && (
          <label class="found-select-all small">
            <input
              type="checkbox"
              checked={selected === selectable.length}
              indeterminate={selected > 0 && selected < selectable.length}
              onChange={(event) => onToggleGroup(group.id, event.currentTarget.checked)}
            />
            Select all {selectable.length}
            <span class="visually-hidden"> {group.title.toLowerCase()}</span>
          </label>
        )}
      </div>
      <FoundRowList rows={shown} context={context} />
      {group.rows.length > shown.length && (
        <button type="button" class="link" onClick={() => setShowAll(true)}>
          Show all {group.rows.length}
        </button>
      )}
    </section>
  );
}

export function FoundRowList({ rows, context }: { rows: FoundRowModel[]; context: FoundRowsContext }) {
  return (
    <ul class="found-rows found-batch-rows">
      {rows.map((row) => (
        <FoundRowItem key={row.mountKey} row={row} context={context} />
      ))}
    </ul>
  );
}

function FoundRowItem({ row, context }: { row: FoundRowModel; context: FoundRowsContext }) {
  if (row.request && row.peek?.ok)
    return <AskableRow row={row} request={row.request} peek={row.peek} context={context} />;
  return (
    <FoundRow
      row={row}
      line={
        row.unavailable === null ? { status: 'peeking' } : { status: 'unavailable', reason: row.unavailable }
      }
      spend={null}
      onToggle={context.onToggle}
      staleAfterDays={context.staleAfterDays}
    />
  );
}

function AskableRow({
  row,
  request,
  peek,
  context,
}: {
  row: FoundRowModel;
  request: NonNullable<FoundRowModel['request']>;
  peek: Extract<NonNullable<FoundRowModel['peek']>, { ok: true }>;
  context: FoundRowsContext;
}) {
  const { line, spend } = useFoundRow(row, request, peek, context);
  return (
    <FoundRow
      row={row}
      line={line}
      spend={spend}
      onToggle={context.onToggle}
      staleAfterDays={context.staleAfterDays}
    />
  );
}
