/**
 * The popup's lookups: a person (name and company, with location, title, similarity checks and
 * enrich), a company (name, domain, location), a role at a company, the person behind an email
 * address (depth, enrich) and company logos. Each is quoted before it is run (`Look up email · 3
 * credits`), and whether it is charged when nothing is found is said in words next to the choice
 * that decides it (similarity checks, lookup depth) or, for the company lookup, beside its control.
 */

import { useEffect, useRef } from 'preact/hooks';
import { ParamFieldInput } from '@/components/forms/ParamFieldInput';
import { AnswerLine, SpendArea } from '@/components/spend/SpendArea';
import type { ParamForm } from '@/hooks/useParamForm';
import { useQuotedAction } from '@/hooks/useQuotedAction';
import { PARAM_FIELDS } from '@/lib/api/fields';
import type { Quote, RawParamsMessage, SpendTotals } from '@/lib/protocol';
import { creditCount } from '@/lib/quote-format';
import type { PopupBackend } from '../backend';
import { blockedWords, requiredNames, shownProblems } from '../form-words';
import { QuoteBreakdown, showBreakdown, withoutLines } from '../QuoteBreakdown';
import { LookupAnswer, type LookupEndpointId } from './LookupAnswer';
import { LookupChooser } from './LookupChooser';

export const LOOKUPS: readonly { id: LookupEndpointId; label: string; verb: string; running: string }[] = [
  { id: 'person.lookup', label: 'Person', verb: 'Look up person', running: 'Looking up the person…' },
  { id: 'company.lookup', label: 'Company', verb: 'Look up company', running: 'Looking up the company…' },
  { id: 'role.lookup', label: 'Role', verb: 'Look up role', running: 'Looking up the role…' },
  { id: 'email.lookup', label: 'Email', verb: 'Look up email', running: 'Looking up the email…' },
  { id: 'company.logo', label: 'Logo', verb: 'Search logos', running: 'Searching logos…' },
];

/**
 * Where the "charged when nothing is found" words go: beside the choice that decides it, or (the
 * company lookup, charged on every answer) beside the control.
 */
const NO_MATCH_CHOICE: Partial<Record<LookupEndpointId, string>> = {
  'person.lookup': 'similarity_checks',
  'email.lookup': 'lookup_depth',
};
const NO_MATCH_ALWAYS: ReadonlySet<LookupEndpointId> = new Set(['company.lookup']);

/**
 * What a lookup costs when nothing is found, as its quote says. For these lookups the cheapest
 * outcome is "nothing found" (an enriched profile is +1 only when one comes back), so the quote's
 * minimum is the price of finding nothing: 0 when it is free.
 */
export function noMatchWords(quote: Quote): string | null {
  if (quote.min === null) return null;
  return quote.min > 0
    ? `As chosen, ${creditCount(quote.min)} ${quote.min === 1 ? 'is' : 'are'} charged even when nothing is found.`
    : 'As chosen, nothing is charged when nothing is found.';
}

/** The fields that must be given first, then the rest in the spec's order. */
function fieldsInOrder(id: LookupEndpointId, required: ReadonlySet<string>) {
  const fields = PARAM_FIELDS[id];
  return [
    ...fields.filter((field) => required.has(field.name)),
    ...fields.filter((field) => !required.has(field.name)),
  ];
}

export interface LookupTabProps {
  selected: LookupEndpointId;
  onSelect: (id: LookupEndpointId) => void;
  forms: Readonly<Record<LookupEndpointId, ParamForm>>;
  backend: PopupBackend;
  staleAfterDays: number;
  onSpent: (totals: SpendTotals | null) => void;
  onLookedUp: (endpointId: LookupEndpointId, params: RawParamsMessage) => void;
}

export function LookupTab(props: LookupTabProps) {
  const { selected, backend } = props;
  const form = props.forms[selected];
  const lookup = LOOKUPS.find((each) => each.id === selected)!;
  const action = useQuotedAction({
    ask: backend.ask,
    newRequestId: backend.newRequestId,
    endpointId: selected,
    params: form.params,
    onSpent: props.onSpent,
  });

  const asked = useRef<RawParamsMessage | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [selected, JSON.stringify(form.params)]);
  useEffect(() => {
    if (action.answer && asked.current) {
      props.onLookedUp(selected, asked.current);
      asked.current = null;
    }
  }, [action.answer]);

  const quote = action.quote.status === 'ready' && !form.settling ? action.quote.quote : null;
  const noMatch = quote ? noMatchWords(quote) : null;
  const problems = shownProblems(form.problems, form.values);
  const required = requiredNames(selected);
  const blocked = blockedWords(selected, form.problems, form.values);
  const ordered = fieldsInOrder(selected, required);
  // What must be given, and the choice that decides what a no-match costs; everything else folds.
  const needed = ordered.filter(
    (field) => required.has(field.name) || field.required || NO_MATCH_CHOICE[selected] === field.name,
  );
  const main = needed.length > 0 ? needed : ordered;
  const optional = ordered.filter((field) => !main.includes(field));
  const isSet = (name: string) => (form.values[name] ?? '').trim() !== '' || problems[name] !== undefined;
  const fieldInput = (field: (typeof ordered)[number]) => (
    <ParamFieldInput
      key={`${selected}:${field.name}`}
      field={field}
      value={form.values[field.name] ?? ''}
      onValue={(value) => form.set(field.name, value)}
      error={problems[field.name]}
      note={NO_MATCH_CHOICE[selected] === field.name ? noMatch : null}
      required={required.has(field.name)}
      showParamName={false}
    />
  );

  return (
    <div class="popup-tab">
      <LookupChooser options={LOOKUPS} selected={selected} onSelect={props.onSelect} />
      <form class="lookup-form" onSubmit={(event) => event.preventDefault()} noValidate>
        <div class="filter-fields">{main.map(fieldInput)}</div>
        {optional.length > 0 && (
          // The options fold away so the tab fits the popup; they open by themselves when one is set.
          <details
            key={selected}
            class="filter-group more-fields"
            open={optional.some((field) => isSet(field.name))}
          >
            <summary>More options ({optional.length})</summary>
            <div class="filter-fields">{optional.map(fieldInput)}</div>
          </details>
        )}
      </form>
      {NO_MATCH_ALWAYS.has(selected) && noMatch && <p class="field-note">{noMatch}</p>}
      <SpendArea
        verb={action.answer ? `Refresh ${lookup.label.toLowerCase()} lookup` : lookup.verb}
        runningText={lookup.running}
        quote={form.settling ? { status: 'loading' } : withoutLines(action.quote)}
        action={action.action}
        blocked={blocked}
        primary={!action.answer}
        onRun={() => {
          asked.current = form.params;
          action.run();
        }}
        onConfirm={action.confirm}
        onCancel={action.cancel}
        onRetry={action.retry}
        onOpenOptions={backend.openOptions}
      />
      {showBreakdown(form.settling, blocked, action.action.status, action.quote) && (
        <QuoteBreakdown quote={(action.quote as { quote: Quote }).quote} />
      )}
      {action.answer && form.params && (
        <section class="popup-results" aria-label="Answer">
          <AnswerLine meta={action.answer} staleAfterDays={props.staleAfterDays} />
          <LookupAnswer
            endpointId={selected}
            params={form.params}
            data={action.answer.data}
            onShowInPanel={backend.showInSidePanel}
          />
        </section>
      )}
    </div>
  );
}
