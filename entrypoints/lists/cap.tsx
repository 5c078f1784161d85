/**
 * A spend cap as a person types it: a whole number of credits, or empty for none. The dry run's
 * "Stop after" and a stopped list's new cap read it, and draw it, alike.
 */
import type { ComponentChildren } from 'preact';
import { Field } from '@/components/Field';

export function readCap(text: string): { cap: number | null; error?: string } {
  if (text.trim() === '') return { cap: null };
  const cap = Number(text);
  return Number.isInteger(cap) && cap >= 0 ? { cap } : { cap: null, error: 'A whole number of credits' };
}

export interface CapFieldProps {
  label: string;
  hint?: ComponentChildren;
  /** As typed; readCap says what it is. */
  text: string;
  onText: (text: string) => void;
}

export function CapField({ label, hint, text, onText }: CapFieldProps) {
  return (
    <Field label={label} hint={hint} error={readCap(text).error}>
      {(control) => (
        <input
          {...control}
          class="cap"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={text}
          onInput={(event) => onText((event.currentTarget as HTMLInputElement).value)}
        />
      )}
    </Field>
  );
}
