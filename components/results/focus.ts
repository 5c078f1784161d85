/**
 * Keeping a keyboard user's place: a control that spends is replaced by a "working" line while it
 * runs, which drops the focus to the page's body. When what it asked for arrives, the focus moves
 * to it (the new rows, the answer's heading), so the next Tab continues from there.
 */
import { useEffect, useRef } from 'preact/hooks';

/** Whether the focus was dropped (on the body, or nowhere). */
export function focusLost(doc: Document = document): boolean {
  return doc.activeElement === null || doc.activeElement === doc.body;
}

/**
 * Focuses what `target` gives when `key` changes (not on the first render) and the focus was lost
 * meanwhile; with `onMount`, also on the first render. With `fallback`, it waits until the other
 * effects of the same render ran, so a more precise place (the new rows) is taken first.
 */
export function useRefocus(
  target: () => HTMLElement | null | undefined,
  key: unknown,
  { onMount = false, fallback = false }: { onMount?: boolean; fallback?: boolean } = {},
): void {
  const first = useRef(true);
  useEffect(() => {
    const initial = first.current;
    first.current = false;
    if (initial && !onMount) return;
    const refocus = () => {
      if (focusLost()) target()?.focus();
    };
    if (!fallback) return refocus();
    const timer = setTimeout(refocus, 0);
    return () => clearTimeout(timer);
  }, [key]);
}

/** The first control or link inside `root`. */
export function firstFocusable(root: HTMLElement | null | undefined): HTMLElement | null {
  return root?.querySelector<HTMLElement>('a[href], button:not([disabled]), input, select, summary') ?? null;
}
