/**
 * Which lookup to run, as a group of radio buttons: one Tab stop, the arrow keys move between them,
 * and the group is named for a screen reader.
 */
import { useId } from 'preact/hooks';

export interface LookupChooserProps<Id extends string> {
  options: readonly { id: Id; label: string }[];
  selected: Id;
  onSelect: (id: Id) => void;
}

export function LookupChooser<Id extends string>({ options, selected, onSelect }: LookupChooserProps<Id>) {
  const name = useId();
  return (
    <fieldset class="chooser">
      <legend>Look up</legend>
      <div class="chooser-options">
        {options.map((option) => (
          <label
            key={option.id}
            class={option.id === selected ? 'chooser-option selected' : 'chooser-option'}
          >
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={option.id === selected}
              onChange={() => onSelect(option.id)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
