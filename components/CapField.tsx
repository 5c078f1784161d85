/**
 * The field of a spend cap (lib/credit-cap.ts reads it): a list's "Stop after", a stopped list's new
 * cap and a watch list's cap a period are drawn alike.
 */
import type { ComponentChildren } from 'preact';
import { Field } from '@/components/Field';
import { readCap } from '@/lib/credit-cap';

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
