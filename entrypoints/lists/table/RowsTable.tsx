/**
 * The rows of a list, thousands of them, in a table that stays responsive: only the rows in view
 * (and a few around them) are in the document; spacers above and below keep the scroll height.
 * Rows have one fixed height (ROW_HEIGHT, in lists.css too), so the rows in view follow from the
 * scroll position alone. Screen readers still hear the whole size (aria-rowcount, aria-rowindex);
 * the spacers are empty rows without an index.
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';

/** Every row's height in px: one line of text (cells ellipsize). Keep equal to lists.css `--row`. */
export const ROW_HEIGHT = 36;
/** Rows drawn past each edge of the view, so a quick scroll shows no gap. */
const OVERSCAN = 10;
/** How tall the table may grow before it scrolls within itself. */
const MAX_HEIGHT = 560;

export interface RowsTableProps {
  caption: string;
  headers: readonly string[];
  /** Each column's width (CSS), undefined: an equal share of what is left. */
  widths?: readonly (string | undefined)[];
  count: number;
  /** The cells of row `index` (0-based), as <td>s. */
  row: (index: number) => ComponentChildren;
  /** Changes whenever a row's content does (the table redraws the rows in view). */
  version?: unknown;
}

export function RowsTable({ caption, headers, widths, count, row }: RowsTableProps) {
  const box = useRef<HTMLElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(MAX_HEIGHT);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setHeight(element.clientHeight || MAX_HEIGHT);
  }, [count]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const shown: number[] = [];
  for (let index = first; index < last; index++) shown.push(index);

  return (
    <section
      class="rows-box"
      ref={box}
      style={{ maxHeight: `${MAX_HEIGHT}px` }}
      onScroll={(event) => setScrollTop((event.currentTarget as HTMLElement).scrollTop)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it
      tabIndex={0}
      aria-label={caption}
    >
      <table class="rows" aria-rowcount={count + 1}>
        <caption class="visually-hidden">{caption}</caption>
        {widths && (
          <colgroup>
            {headers.map((header, index) => (
              <col key={header} style={widths[index] ? { width: widths[index] } : undefined} />
            ))}
          </colgroup>
        )}
        <thead>
          <tr aria-rowindex={1}>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {first > 0 && (
            <tr class="spacer" style={{ height: `${first * ROW_HEIGHT}px` }}>
              <td colSpan={headers.length} />
            </tr>
          )}
          {shown.map((index) => (
            <tr key={index} aria-rowindex={index + 2}>
              {row(index)}
            </tr>
          ))}
          {last < count && (
            <tr class="spacer" style={{ height: `${(count - last) * ROW_HEIGHT}px` }}>
              <td colSpan={headers.length} />
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
