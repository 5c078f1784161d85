/** What the admin page's sections share: a section's frame, loading what it shows, and its states. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { WHOLE_NUMBER_RULE, wholeNumberOf } from '../numbers';
import type { Answer } from './api';

/** The hub as a section calls it: the admin token is added, a wrong token signs the page out. */
export type HubCall = <T>(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<Answer<T>>;

export type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; data: T };

/** Loads what a section shows, again whenever `key` changes (the page's refresh, a filter). */
export function useLoad<T>(load: () => Promise<Answer<T>>, key: string): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    load().then((answer) => {
      if (!current) return;
      setLoaded(answer.ok ? { state: 'ok', data: answer.data } : { state: 'error', message: answer.message });
    });
    return () => {
      current = false;
    };
  }, [key]);
  return loaded;
}

export function Section({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <section class="card" aria-labelledby={`${id}-title`}>
      <header>
        <h2 id={`${id}-title`}>{title}</h2>
        {hint && <p class="muted">{hint}</p>}
      </header>
      {children}
    </section>
  );
}

export function Failure({ title, message }: { title: string; message: string }) {
  return (
    <div class="notice error" role="alert">
      <p class="notice-title">{title}</p>
      <p>{message}</p>
    </div>
  );
}

/** A section's content as it loads: a spinner, the hub's error, or what `children` shows of the data. */
export function Loading<T>({
  loaded,
  what,
  children,
}: {
  loaded: Loaded<T>;
  what: string;
  children: (data: T) => ComponentChildren;
}) {
  if (loaded.state === 'loading')
    return (
      <p class="status-line" role="status">
        <span class="spinner" aria-hidden="true" /> Loading {what}…
      </p>
    );
  if (loaded.state === 'error')
    return <Failure title={`The hub could not give ${what}`} message={loaded.message} />;
  return <>{children(loaded.data)}</>;
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}

/** A table that scrolls sideways on its own, should the window be too narrow for it (by keyboard too). */
export function Table({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that may scroll must be reachable by keyboard
    <section class="table-scroll" aria-label={label} tabIndex={0}>
      <table aria-label={label}>{children}</table>
    </section>
  );
}

/** A whole number of credits typed in a field, or the reason it is not one. */
export function creditsIn(text: string, label: string): number | string {
  const value = wholeNumberOf(text.trim());
  if (value === null) return `${label} must be ${WHOLE_NUMBER_RULE} (credits).`;
  return value;
}

export const utcTime = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;

/** A ref whose element takes the focus when it first appears: the first control of a step just opened. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
