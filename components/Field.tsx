/**
 * Labelled form controls. A field owns its label, its hint and its error message and wires them
 * to the control (`for`, `aria-describedby`, `aria-invalid`), so a screen reader announces all
 * three and a test finds the control by its label text.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';

/** What a field hands its control so label, hint and error belong to it. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: 'true';
}

export interface FieldProps {
  label: string;
  hint?: ComponentChildren;
  error?: string;
  children: (control: ControlProps) => ComponentChildren;
}

export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div class="field">
      <label class="field-label" for={id}>
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? 'true' : undefined,
      })}
      {hint && (
        <p class="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p class="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * After a submit, moves focus to the first field marked invalid, so a person on a narrow panel
 * lands on the message instead of looking for it. The page sets the errors on every submit (an
 * empty set when all is well); the first change after a submit decides.
 */
export function useFocusInvalidOnSubmit(errors: object) {
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  useEffect(() => {
    if (!submitted.current) return;
    submitted.current = false;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  return {
    form,
    onSubmitted: () => {
      submitted.current = true;
    },
  };
}

export interface TextInputProps extends ControlProps {
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'url' | 'number';
  placeholder?: string;
  disabled?: boolean;
  inputMode?: 'numeric' | 'url';
}

export function TextInput({ value, onValue, type = 'text', ...rest }: TextInputProps) {
  return (
    <input
      {...rest}
      // Preact types each input type's attributes apart; any of these takes the same ones here.
      type={type as 'text'}
      value={value}
      spellcheck={false}
      autoComplete="off"
      onInput={(event) => onValue(event.currentTarget.value)}
    />
  );
}

/**
 * A masked input for a secret, with a show/hide toggle. It shows only what the person typed; a
 * saved key never comes back to a page (see SavedSecret).
 */
export function SecretInput({ value, onValue, placeholder, disabled, ...control }: TextInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <div class="secret">
      <input
        {...control}
        // As above: a password input takes the same attributes as a text one here.
        type={(shown ? 'text' : 'password') as 'text'}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        spellcheck={false}
        autoComplete="off"
        onInput={(event) => onValue(event.currentTarget.value)}
      />
      <button
        type="button"
        class="small"
        aria-pressed={shown}
        aria-controls={control.id}
        disabled={disabled}
        onClick={() => setShown(!shown)}
      >
        {shown ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}

export interface SavedSecretProps {
  /** The secret's last characters, or '' when it is too short to show any of it. */
  hint: string;
  onChange: () => void;
  changeLabel: string;
}

/** A secret that is saved: says so, shows at most its last characters, offers to replace it. */
export function SavedSecret({ hint, onChange, changeLabel }: SavedSecretProps) {
  return (
    <div class="secret-set">
      <span>{hint ? `Set, ends in …${hint}` : 'Set'}</span>
      <button type="button" class="small" onClick={onChange}>
        {changeLabel}
      </button>
    </div>
  );
}

export interface ToggleProps {
  label: string;
  hint?: ComponentChildren;
  checked: boolean;
  onToggle: (checked: boolean) => void;
  disabled?: boolean;
}

/** A labelled on/off switch (a checkbox with the switch role). */
export function Toggle({ label, hint, checked, onToggle, disabled }: ToggleProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div class="toggle">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onToggle(event.currentTarget.checked)}
      />
      <div class="field">
        <label class="field-label" for={id}>
          {label}
        </label>
        {hint && (
          <p class="field-hint" id={hintId}>
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
