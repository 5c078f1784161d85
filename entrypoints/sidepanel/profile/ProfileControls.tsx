/**
 * What a person chooses before a profile is asked for: how fresh it must be (the endpoint's own
 * freshness choices, each with what it adds) and which optional parts to add (the endpoint's own
 * include options from lib/api/fields.ts, each with what it adds to the price, "only if data is
 * available" said in words where the Limits table says so). The quote on the action follows.
 */
import { useId } from 'preact/hooks';
import { additionWords, freshnessOptionLabel } from '@/components/profile/option-costs';
import { PARAM_FIELDS } from '@/lib/api/fields';
import type { EndpointId } from '@/lib/api/ids';
import { type Freshness, freshnessChoices } from '@/lib/freshness';

export interface OptionChoice {
  /** The request parameter, e.g. `skills`. */
  name: string;
  label: string;
  /** What it is and what it adds: "gender, birth date, industry, interests · +1 credit, only if data is available". */
  hint: string;
}

/** A help text without the price it repeats ("(+1 credit)", "+1 credit per number returned"). */
function withoutPrice(help: string | undefined): string | null {
  if (!help || /^\+\d/.test(help.trim())) return null;
  return help.replace(/\s*\(\+[^)]*\)\s*$/, '').trim() || null;
}

/** The endpoint's include options (`exclude` / `include` choices), in the registry's order. */
export function optionChoices(endpointId: EndpointId): OptionChoice[] {
  return PARAM_FIELDS[endpointId]
    .filter(
      (field) =>
        field.kind === 'choice' &&
        field.options?.length === 2 &&
        field.options.includes('exclude') &&
        field.options.includes('include'),
    )
    .map((field) => ({
      name: field.name,
      label: field.label,
      hint: [
        withoutPrice(field.help),
        additionWords(endpointId, { [field.name]: 'include' }) ?? 'no extra credit',
      ]
        .filter(Boolean)
        .join(' · '),
    }));
}

export interface ProfileControlsProps {
  endpointId: EndpointId;
  freshness: Freshness;
  onFreshness: (freshness: Freshness) => void;
  /** The include options chosen. */
  chosen: readonly string[];
  onToggle: (name: string, on: boolean) => void;
  /** While a request is under way nothing can change under it. */
  disabled?: boolean;
}

export function ProfileControls({
  endpointId,
  freshness,
  onFreshness,
  chosen,
  onToggle,
  disabled = false,
}: ProfileControlsProps) {
  const freshnessId = useId();
  const choices = freshnessChoices(PARAM_FIELDS[endpointId]);
  const options = optionChoices(endpointId);
  if (choices.length === 0 && options.length === 0) return null;
  return (
    <div class="profile-controls">
      {choices.length > 0 && (
        <div class="field freshness">
          <label class="field-label" for={freshnessId}>
            Freshness
          </label>
          <select
            id={freshnessId}
            value={freshness}
            disabled={disabled}
            onChange={(event) => onFreshness(event.currentTarget.value as Freshness)}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {freshnessOptionLabel(endpointId, choice)}
              </option>
            ))}
          </select>
        </div>
      )}
      {options.length > 0 && (
        <details class="profile-options" open={chosen.length > 0 || undefined}>
          <summary>
            Add to the profile
            {chosen.length > 0 && <span class="count">{chosen.length}</span>}
          </summary>
          <fieldset disabled={disabled}>
            <legend class="visually-hidden">Add to the profile</legend>
            {options.map((option) => (
              <OptionToggle
                key={option.name}
                option={option}
                checked={chosen.includes(option.name)}
                onToggle={(on) => onToggle(option.name, on)}
              />
            ))}
          </fieldset>
        </details>
      )}
    </div>
  );
}

function OptionToggle({
  option,
  checked,
  onToggle,
}: {
  option: OptionChoice;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div class="toggle option">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onToggle(event.currentTarget.checked)}
      />
      <label for={id}>
        <span class="option-label">{option.label}</span>
        <span class="field-hint" id={`${id}-hint`}>
          {option.hint}
        </span>
      </label>
    </div>
  );
}
