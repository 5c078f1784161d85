/**
 * A search's filters, every one of the spec's: the common ones first, the rest folded under "More
 * filters" in groups (./search-groups.ts), with how many of those are set. Each field is drawn from
 * the registry's form data; the rules between fields are said where they apply: a field that
 * takes precedence says so, and the fields it overrides say when they are being ignored.
 */
import { useId, useState } from 'preact/hooks';
import { choiceWords, ParamFieldInput } from '@/components/forms/ParamFieldInput';
import type { ParamField, ParamRule } from '@/lib/api/field-types';
import { PARAM_FIELDS, PARAM_RULES } from '@/lib/api/fields';
import { PAGE_SIZE_NOTE, type SearchEndpointId, type SearchLayout } from './search-groups';

export interface SearchFiltersProps {
  endpointId: SearchEndpointId;
  layout: SearchLayout;
  values: Readonly<Record<string, string>>;
  problems: Readonly<Record<string, string>>;
  onValue: (name: string, value: string) => void;
  moreOpen: boolean;
  onToggleMore: () => void;
  onClear: () => void;
}

type Precedence = Extract<ParamRule, { kind: 'precedence' }>;

/** The label of a field of this endpoint, in quotes. */
function quoted(fields: readonly ParamField[], name: string): string {
  return `“${fields.find((field) => field.name === name)?.label ?? name}”`;
}

/**
 * Notes that come from the precedence rules: on the winning field, what it overrides; on an
 * overridden field that holds a value while the winner is set, that it is ignored.
 */
export function precedenceNotes(
  endpointId: SearchEndpointId,
  values: Readonly<Record<string, string>>,
): Record<string, { text: string; warning: boolean }> {
  const fields = PARAM_FIELDS[endpointId];
  const notes: Record<string, { text: string; warning: boolean }> = {};
  const rules = PARAM_RULES[endpointId].filter((rule): rule is Precedence => rule.kind === 'precedence');
  for (const rule of rules) {
    const chosen = (values[rule.param] ?? '').trim();
    const active = chosen !== '' && chosen.toLowerCase() !== rule.unless.toLowerCase();
    const overridden = rule.over.map((name) => quoted(fields, name)).join(' and ');
    notes[rule.param] = {
      text: `Any choice but ${choiceWords(rule.unless)} takes precedence over ${overridden}.`,
      warning: false,
    };
    for (const name of rule.over) {
      const given = (values[name] ?? '').trim() !== '';
      notes[name] =
        active && given
          ? {
              text: `Ignored: ${quoted(fields, rule.param)} is ${choiceWords(chosen)}, which takes precedence.`,
              warning: true,
            }
          : {
              text: `Used only while ${quoted(fields, rule.param)} is ${choiceWords(rule.unless)}.`,
              warning: false,
            };
    }
  }
  return notes;
}

export function SearchFilters(props: SearchFiltersProps) {
  const { endpointId, layout, values, problems, onValue } = props;
  const fields = PARAM_FIELDS[endpointId];
  const byName = new Map(fields.map((field) => [field.name, field]));
  const notes: Record<string, { text: string; warning: boolean }> = {
    page_size: { text: PAGE_SIZE_NOTE, warning: false },
    ...precedenceNotes(endpointId, values),
  };
  const moreId = useId();
  const moreNames = layout.more.flatMap((group) => group.names as readonly string[]);
  /** Given, and not just its default chosen again. */
  const isSet = (name: string) => {
    const value = (values[name] ?? '').trim();
    return value !== '' && value !== String(byName.get(name)?.default ?? '');
  };
  const moreSet = moreNames.filter(isSet).length;
  const moreProblems = moreNames.filter((name) => problems[name]).length;
  // Groups start folded; one with a value or a problem starts open. The person opens and closes them.
  const [openGroups, setOpenGroups] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        layout.more
          .filter((group) => (group.names as readonly string[]).some((name) => isSet(name) || problems[name]))
          .map((group) => group.title),
      ),
  );
  const toggleGroup = (title: string, open: boolean) =>
    setOpenGroups((before) => {
      const next = new Set(before);
      if (open) next.add(title);
      else next.delete(title);
      return next;
    });

  const input = (name: string) => {
    const field = byName.get(name);
    if (!field) return null;
    return (
      <ParamFieldInput
        key={name}
        field={field}
        value={values[name] ?? ''}
        onValue={(value) => onValue(name, value)}
        error={problems[name]}
        note={notes[name]?.text}
        noteIsWarning={notes[name]?.warning}
      />
    );
  };

  return (
    <form class="search-filters" onSubmit={(event) => event.preventDefault()} noValidate>
      <div class="filter-fields">{layout.common.map(input)}</div>
      <div class="more-filters">
        <div class="row more-filters-bar">
          <button
            type="button"
            class="disclosure"
            aria-expanded={props.moreOpen}
            aria-controls={moreId}
            onClick={props.onToggleMore}
          >
            <span aria-hidden="true" class="disclosure-mark">
              {props.moreOpen ? '▾' : '▸'}
            </span>{' '}
            More filters
            {moreSet > 0 && <span class="count">{moreSet} set</span>}
            {moreProblems > 0 && <span class="count count-error">{moreProblems} to correct</span>}
          </button>
          {(moreSet > 0 || layout.common.some(isSet)) && (
            <button type="button" class="link" onClick={props.onClear}>
              Clear filters
            </button>
          )}
        </div>
        <div id={moreId} hidden={!props.moreOpen} class="filter-groups">
          {layout.more.map((group) => {
            const names = group.names as readonly string[];
            const set = names.filter(isSet).length;
            const wrong = names.filter((name) => problems[name]).length;
            return (
              <details
                key={group.title}
                class="filter-group"
                open={openGroups.has(group.title) || wrong > 0}
                onToggle={(event) => toggleGroup(group.title, event.currentTarget.open)}
              >
                <summary>
                  {group.title}
                  {set > 0 && <span class="count">{set} set</span>}
                  {wrong > 0 && <span class="count count-error">{wrong} to correct</span>}
                </summary>
                <div class="filter-fields">{names.map(input)}</div>
              </details>
            );
          })}
        </div>
      </div>
    </form>
  );
}
