/**
 * One section of the panel under the page's profile: a card with a heading a screen reader can
 * jump to ("Employee count", "Jobs", …), an optional mark beside it (deprecated), and its body.
 */
import type { ComponentChildren } from 'preact';
import { useId, useRef } from 'preact/hooks';
import { useRefocus } from '@/components/results/focus';
import '@/components/results/sections.css';

export interface SectionShellProps {
  title: string;
  /** A short mark shown beside the heading, not part of its name (e.g. "deprecated"). */
  mark?: string;
  /** Something is being asked: the section's content is about to change. */
  busy?: boolean;
  children: ComponentChildren;
}

export function SectionShell({ title, mark, busy = false, children }: SectionShellProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // When an answer replaces the control that asked for it, the keyboard continues from here.
  useRefocus(() => (busy ? null : heading.current), busy, { fallback: true });
  return (
    <section class="card panel-section data-section" aria-labelledby={`${id}-heading`} aria-busy={busy}>
      <header class="data-section-head">
        <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {mark && <span class="badge badge-mark">{mark}</span>}
      </header>
      {children}
    </section>
  );
}

/** A section's filters, folded away until wanted; says how many differ from their defaults. */
export function FiltersFold({
  title = 'Filters',
  changed,
  children,
}: {
  title?: string;
  /** How many filters are set away from their defaults. */
  changed: number;
  children: ComponentChildren;
}) {
  return (
    <details class="filters">
      <summary>
        {title}
        {changed > 0 && (
          <span class="count">
            <span class="visually-hidden">, changed: </span>
            {changed}
          </span>
        )}
      </summary>
      <div class="filters-body">{children}</div>
    </details>
  );
}
