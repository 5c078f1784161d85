/**
 * The rows of a section that pages: each page under a line saying where it came from and what it
 * cost, the rows of a streamed page as they arrive with how far it got, "Load more" (its own quoted
 * action, appended to what is shown) while there is a next page, and the export of what is shown.
 */
import { type ComponentChildren, Fragment } from 'preact';
import { useRef } from 'preact/hooks';
import { AnswerLine, SpendArea, type SpendAreaProps } from '@/components/spend/SpendArea';
import type { AnswerMeta } from '@/lib/action-state';
import { Busy } from '../Notice';
import { formatNumber } from '../profile/profile-format';
import { firstFocusable, useRefocus } from './focus';

export interface ShownPage<Row> {
  rows: readonly Row[];
  meta: AnswerMeta;
}

export interface PagedResultsProps<Row> {
  /** What a row is: "employee" / "employees". */
  noun: { one: string; many: string };
  pages: readonly ShownPage<Row>[];
  renderRow: (row: Row, index: number) => ComponentChildren;
  /** A row's identity in its list (its URL, with its position: a listing may repeat one). */
  rowKey: (row: Row, index: number) => string;
  /** Rows of the page being received, so far; null when nothing streams. */
  arriving: { rows: readonly Row[]; bytes: number } | null;
  /** The next page's quoted action; null when there is no next page. */
  more: Omit<SpendAreaProps, 'verb' | 'runningText'> | null;
  staleAfterDays: number;
  /** Exports the rows shown as CSV; absent when exporting is not available. */
  onExport?: () => void;
}

function count(n: number, noun: { one: string; many: string }): string {
  return `${formatNumber(n)} ${n === 1 ? noun.one : noun.many}`;
}

export function PagedResults<Row>(props: PagedResultsProps<Row>) {
  const { noun, pages, arriving, more } = props;
  const shown = pages.reduce((total, page) => total + page.rows.length, 0);
  const root = useRef<HTMLDivElement>(null);
  // "Load more" gives way to a working line while it runs: the keyboard continues at the new rows.
  useRefocus(
    () => firstFocusable(root.current?.querySelector('.results-page:last-of-type ol')),
    pages.length,
  );
  let index = 0;
  return (
    <div class="paged-results" ref={root}>
      <div class="results-head">
        <p role="status">
          {shown > 0 ? `${count(shown, noun)} shown` : arriving ? '' : `No ${noun.many} found.`}
        </p>
        {props.onExport && shown > 0 && (
          <button type="button" class="small" onClick={props.onExport}>
            Export CSV
          </button>
        )}
      </div>
      {pages.map((page, pageIndex) => {
        const first = index;
        index += page.rows.length;
        return (
          <div class="results-page" key={pageIndex}>
            <AnswerLine
              meta={page.meta}
              label={`Page ${pageIndex + 1}`}
              staleAfterDays={props.staleAfterDays}
            />
            {page.rows.length > 0 && (
              <ol class="results" start={first + 1}>
                {page.rows.map((row, i) => (
                  <Fragment key={props.rowKey(row, first + i)}>{props.renderRow(row, first + i)}</Fragment>
                ))}
              </ol>
            )}
          </div>
        );
      })}
      {arriving && (
        <div class="results-page arriving">
          <Busy>
            Receiving {noun.many}: {formatNumber(arriving.rows.length)} so far
            {arriving.bytes > 0 && ` (${formatKb(arriving.bytes)})`}
          </Busy>
          {arriving.rows.length > 0 && (
            <ol class="results" start={index + 1}>
              {arriving.rows.map((row, i) => (
                <Fragment key={props.rowKey(row, index + i)}>{props.renderRow(row, index + i)}</Fragment>
              ))}
            </ol>
          )}
        </div>
      )}
      {more
        ? // While a next page streams in, its progress above says what is happening.
          !(arriving && more.action.status === 'running') && (
            <SpendArea
              {...more}
              verb="Load more"
              runningText={`Loading more ${noun.many}…`}
              primary={false}
            />
          )
        : shown > 0 && !arriving && <p class="muted small">No more {noun.many}.</p>}
    </div>
  );
}

function formatKb(bytes: number): string {
  return bytes < 1024 ? `${bytes} bytes` : `${formatNumber(Math.round(bytes / 1024))} KB`;
}
