/**
 * The pages of a quoted action that pages (listings, searches, job search): the first page is one
 * quoted action, and "Load more" is another, for the same params plus the cursor of the last page
 * shown (the endpoint's cursor rule, lib/api/endpoint-info.ts), appended to what is shown. Both are
 * useQuotedAction, so each shows its quote before it is pressed, asks before passing the budget,
 * and says what went wrong and what helps.
 *
 * Cached pages are free and shown with their age: when the next page of what is shown is in the
 * cache (loaded on an earlier visit), it is appended at once at 0 credits, so a second visit shows
 * everything the first one paid for without spending. Refreshing the first page starts the pages
 * afresh from it.
 */

import { useEffect, useRef, useState } from 'preact/hooks';
import { nextCursor } from '@/lib/api/cursor';
import { endpointInfo } from '@/lib/api/endpoint-info';
import type { ResponseOf } from '@/lib/api/endpoints';
import type { RawParamsMessage, RunProgress, SpendTotals } from '@/lib/protocol';
import { type Answered, type Ask, type QuotedAction, useQuotedAction } from './useQuotedAction';

/** One result of each endpoint whose answers page (each has a cursor rule and a results key). */
export interface PagedRows {
  'job.search': ResponseOf<'job.search'>['job'][number];
  'employee.list': ResponseOf<'employee.list'>['employees'][number];
  'student.list': ResponseOf<'student.list'>['students'][number];
  'person.search': ResponseOf<'person.search'>['results'][number];
  'company.search': ResponseOf<'company.search'>['results'][number];
}

/** The endpoints whose answers page. */
export type PagedEndpointId = keyof PagedRows;

/** One result of a page of `Id`'s answer: what a view draws in a row. */
export type RowOf<Id extends PagedEndpointId> = PagedRows[Id];

/** The results of each endpoint whose answers page, under its results key (endpointInfo's `resultsKey`). */
const RESULTS: { [Id in PagedEndpointId]: (data: ResponseOf<Id>) => RowOf<Id>[] } = {
  'job.search': (data) => data.job,
  'employee.list': (data) => data.employees,
  'student.list': (data) => data.students,
  'person.search': (data) => data.results,
  'company.search': (data) => data.results,
};

/** What a page's answer says about itself: where it came from, how old it is, what it cost. */
export type PageMeta = Omit<Answered<unknown>, 'data'>;

export interface LoadedPage<Row> {
  /** The cursor this page was asked for with; null for the first page. */
  cursor: string | null;
  rows: Row[];
  /** The cursor of the page after it; null on the last page. */
  next: string | null;
  meta: PageMeta;
}

/** The results of a page's answer (`employees`, `students`, `job`, `results`); [] when absent. */
export function rowsOf<Id extends PagedEndpointId>(
  endpointId: Id,
  data: ResponseOf<Id> | null | undefined,
): RowOf<Id>[] {
  if (data === null || data === undefined) return [];
  const rows = RESULTS[endpointId](data);
  return Array.isArray(rows) ? rows : [];
}

/**
 * The rows of a page still streaming in (useRunProgress), as rows of its endpoint. The background
 * keeps each result as the service sent it, before the answer as a whole is validated, so the row
 * readers (components/results/ResultRows.tsx, the popup's search rows) read each value as what it is.
 */
export function arrivingRows<Id extends PagedEndpointId>(
  _endpointId: Id,
  progress: RunProgress,
): RowOf<Id>[] {
  return progress.results as RowOf<Id>[];
}

function metaOf({ data: _data, ...meta }: Answered<unknown>): PageMeta {
  return meta;
}

export interface PagedActionOptions<Id extends PagedEndpointId> {
  ask: Ask;
  newRequestId: () => string;
  endpointId: Id;
  /** The first page's params (no cursor); null while the view has nothing to ask (nothing is sent). */
  params: RawParamsMessage | null;
  onSpent?: (totals: SpendTotals | null) => void;
}

export interface PagedAction<Id extends PagedEndpointId> {
  /** The first page: its quote, the person's click (list, or refresh once shown), errors. */
  first: QuotedAction<ResponseOf<Id>>;
  /** The next page ("Load more"), quoted on its own; null when there is no next page to load. */
  more: QuotedAction<ResponseOf<Id>> | null;
  /** Every page shown, in order; empty until the first page is shown. */
  pages: LoadedPage<RowOf<Id>>[];
  /** The rows of every page shown, in order. */
  rows: RowOf<Id>[];
  /** The request being answered now (first page or next), to watch a streamed answer arrive. */
  runningRequestId: string | null;
}

export function usePagedAction<Id extends PagedEndpointId>(options: PagedActionOptions<Id>): PagedAction<Id> {
  const { ask, newRequestId, endpointId, params, onSpent } = options;
  const rule = endpointInfo[endpointId].cursor;
  // The request id of each action's latest attempt: a retry or confirmation reuses it.
  const firstId = useRef<string | null>(null);
  const moreId = useRef<string | null>(null);
  const first = useQuotedAction({
    ask,
    endpointId,
    params,
    onSpent,
    newRequestId: () => {
      firstId.current = newRequestId();
      return firstId.current;
    },
  });

  /** Pages after the first, and the first answer they follow: another first answer drops them. */
  const [later, setLater] = useState<{ after: Answered<unknown> | null; pages: LoadedPage<RowOf<Id>>[] }>({
    after: null,
    pages: [],
  });
  const firstPage: LoadedPage<RowOf<Id>> | null = first.answer
    ? {
        cursor: null,
        rows: rowsOf(endpointId, first.answer.data),
        next: nextCursor(endpointId, first.answer.data),
        meta: metaOf(first.answer),
      }
    : null;
  const laterPages = first.answer && later.after === first.answer ? later.pages : [];
  const pages = firstPage ? [firstPage, ...laterPages] : [];
  const cursor = pages.length > 0 ? pages[pages.length - 1]!.next : null;

  const more = useQuotedAction({
    ask,
    endpointId,
    params: params && rule && cursor !== null ? { ...params, [rule.sendParam]: cursor } : null,
    onSpent,
    newRequestId: () => {
      moreId.current = newRequestId();
      return moreId.current;
    },
  });

  /** The next-page answer already appended: the same answer is never appended twice. */
  const appended = useRef<unknown>(null);
  /**
   * A next page that just arrived, shown in the same render as the end of its run (then kept in
   * `later` by the effect below), so a view sees the new rows the moment its control gives way.
   */
  const arrived: LoadedPage<RowOf<Id>> | null =
    more.answer && more.answer !== appended.current && first.answer && cursor !== null
      ? {
          cursor,
          rows: rowsOf(endpointId, more.answer.data),
          next: nextCursor(endpointId, more.answer.data),
          meta: metaOf(more.answer),
        }
      : null;
  useEffect(() => {
    const after = first.answer;
    if (!arrived || !after) return;
    appended.current = more.answer;
    setLater((current) => ({ after, pages: [...(current.after === after ? current.pages : []), arrived] }));
  }, [more.answer]);

  const runningRequestId =
    first.action.status === 'running'
      ? firstId.current
      : more.action.status === 'running'
        ? moreId.current
        : null;

  const shown = arrived ? [...pages, arrived] : pages;
  // While a page that just arrived is kept, the page after it is not quoted yet: nothing to press.
  const waiting: QuotedAction<ResponseOf<Id>> = {
    ...more,
    quote: { status: 'loading' },
    action: { status: 'checking' },
  };
  return {
    first,
    more: arrived ? (arrived.next !== null ? waiting : null) : cursor !== null ? more : null,
    pages: shown,
    rows: shown.flatMap((page) => page.rows),
    runningRequestId,
  };
}
