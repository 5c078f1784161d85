/**
 * Watch: the one form the panel's profile, a list's results and the popup's chosen search results
 * share. Which watch list (a new one, or one kept), how often (every 7, 30 or 90 days), how fresh
 * each answer must be (each choice with its price), an optional cap a period, and the one quote of
 * a period, which is also the name of the control that starts it:
 * `Watch 1 person every 30 days · up to 2 credits a period`. In team mode a new list can be the
 * team's (the team hub runs it, from the team's watch budget):
 * `Watch 40 people for the team every 30 days · up to 80 credits a period from the team's watch budget`.
 *
 * A view: its state comes in (lib/watch/watch-form.ts, made by hooks/useWatchForm.ts), events go out.
 */
import { useId } from 'preact/hooks';
import { CapField } from '@/components/CapField';
import { Busy, ErrorNotice, Notice } from '@/components/Notice';
import { freshnessAddition } from '@/components/profile/option-costs';
import { Confirmation } from '@/components/spend/SpendArea';
import { FRESHNESS_LABELS } from '@/lib/freshness';
import { WATCH_FRESHNESS, type WatchFreshness, type WatchPeriodDays, type WatchQuote } from '@/lib/protocol';
import { NEW_LIST, type WatchForm as WatchFormState } from '@/lib/watch/watch-form';
import {
  periodWords,
  retentionWarning,
  teamWatchingWords,
  teamWatchQuoteWords,
  watchingWords,
  watchQuoteWords,
} from '@/lib/watch/watch-words';
import { PeriodField, RetentionWarning } from './PeriodField';

export interface WatchFormProps {
  form: WatchFormState;
  /** Opens the Changes page (where a watch's changes are shown). */
  onOpenChanges: () => void;
}

/** `29 days or less · +1 credit`, `Live now · +9 credits`: each choice with what it adds. */
export function freshnessChoiceLabel(freshness: WatchFreshness, companiesOnly = false): string {
  const added = freshnessAddition(companiesOnly ? 'company.profile' : 'person.profile', freshness);
  return added ? `${FRESHNESS_LABELS[freshness]} · ${added}` : FRESHNESS_LABELS[freshness];
}

/** The way from a watch just started to the page where its changes will show. */
function SeeChanges({ onOpenChanges }: Pick<WatchFormProps, 'onOpenChanges'>) {
  return (
    <div class="row">
      <button type="button" class="link" onClick={onOpenChanges}>
        See changes
      </button>
    </div>
  );
}

export function WatchForm({ form, onOpenChanges }: WatchFormProps) {
  const { start } = form;
  if (start.status === 'team-started') {
    const left = start.made.refused.length;
    return (
      <Notice tone="success" title={teamWatchingWords(start.made)}>
        <p>
          The team hub asks each of them once a period for the whole team, with no browser open; the changes
          show in every member's Changes page.
          {left > 0 && ` ${left} left out: ${start.made.refused[0]?.reason}.`}
        </p>
        <SeeChanges onOpenChanges={onOpenChanges} />
      </Notice>
    );
  }
  if (start.status === 'started') {
    return (
      <Notice tone="success" title={watchingWords([start.list])}>
        <SeeChanges onOpenChanges={onOpenChanges} />
      </Notice>
    );
  }
  return (
    <form
      class="watch-form stack"
      aria-label="Watch"
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <WatchChoices form={form} />
      {start.status === 'confirming' ? (
        <Confirmation
          quote={start.quote}
          remaining={start.remaining}
          onConfirm={form.confirm}
          onCancel={form.cancel}
        />
      ) : start.status === 'running' ? (
        <Busy>Starting the watch…</Busy>
      ) : (
        <WatchQuoteAction form={form} />
      )}
      {start.status === 'failed' && <ErrorNotice message={start.message} />}
    </form>
  );
}

/** The list, and for a new one its name, period, freshness and cap; a kept list says its own. */
function WatchChoices({ form }: { form: WatchFormState }) {
  const ids = { list: useId(), name: useId(), freshness: useId() };
  const teamOffered = form.quote.status === 'ready' && form.quote.value.team === true;
  const kept = form.lists.status === 'ready' ? form.lists.value : [];
  const companiesOnly = form.targets.every((target) => target.kind === 'company');
  return (
    <>
      {kept.length > 0 && (
        <div class="field">
          <label class="field-label" for={ids.list}>
            Watch list
          </label>
          <select
            id={ids.list}
            value={form.listId}
            onChange={(event) => form.setListId(event.currentTarget.value)}
          >
            <option value={NEW_LIST}>A new list</option>
            {kept.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name} ({periodWords(list.periodDays)})
              </option>
            ))}
          </select>
        </div>
      )}
      {form.chosen ? (
        <>
          <p class="muted small">
            Asked {periodWords(form.chosen.periodDays)} at {FRESHNESS_LABELS[form.chosen.freshness]}, as this
            list is.
          </p>
          <KeptListWarning periodDays={form.chosen.periodDays} retentionDays={form.retentionDays} />
        </>
      ) : (
        <>
          <div class="field">
            <label class="field-label" for={ids.name}>
              {kept.length > 0 ? 'Name of the new list' : 'Watch list'}
            </label>
            <input
              id={ids.name}
              type="text"
              value={form.name}
              maxLength={200}
              onInput={(event) => form.setName(event.currentTarget.value)}
            />
          </div>
          {teamOffered && (
            <div class="field">
              <label class="choice">
                <input
                  type="checkbox"
                  checked={form.team}
                  onChange={(event) => form.setTeam(event.currentTarget.checked)}
                />
                The team's list: the team hub runs it
              </label>
              <p class="muted small">
                Each person is asked once a period for the whole team, with no browser open, from the team's
                watch budget; the changes show in every member's Changes page.
              </p>
            </div>
          )}
          <div class="watch-choices">
            <PeriodField
              value={form.periodDays}
              onChange={form.setPeriodDays}
              retentionDays={form.retentionDays}
            />
            {!form.team && (
              <div class="field">
                <label class="field-label" for={ids.freshness}>
                  Freshness
                </label>
                <select
                  id={ids.freshness}
                  value={form.freshness}
                  onChange={(event) => form.setFreshness(event.currentTarget.value as WatchFreshness)}
                >
                  {WATCH_FRESHNESS.map((choice) => (
                    <option key={choice} value={choice}>
                      {freshnessChoiceLabel(choice, companiesOnly)}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
          {!form.team && (
            <CapField
              label="Cap a period (credits, optional)"
              hint="The runs of a period never spend more."
              text={form.capText}
              onText={form.setCapText}
            />
          )}
        </>
      )}
    </>
  );
}

/** A kept list's period against the retention period: its own, not chosen here. */
function KeptListWarning({
  periodDays,
  retentionDays,
}: {
  periodDays: WatchPeriodDays;
  retentionDays: number | null;
}) {
  const warning = retentionWarning(periodDays, retentionDays);
  return warning ? <RetentionWarning words={warning} /> : null;
}

/** The one quote, as the name of the control that starts the watch; what is left out, and why. */
function WatchQuoteAction({ form }: { form: WatchFormState }) {
  const { quote } = form;
  if (form.targets.length === 0) return <p class="muted small">Choose whom to watch first.</p>;
  if (quote.status === 'loading') return <Busy>Working out the cost…</Busy>;
  if (quote.status === 'failed') return <ErrorNotice message={quote.message} />;
  const value = quote.value;
  const nobody = value.people + value.companies === 0;
  const periodDays = form.chosen?.periodDays ?? form.periodDays;
  const cap = form.chosen ? form.chosen.cap : form.cap;
  return (
    <div class="quote-action stack">
      {nobody ? (
        <p class="muted">
          Nobody here can be watched{form.chosen ? ' who is not in this list already' : ''}.
        </p>
      ) : (
        <div class="row">
          <button type="submit" class="primary" disabled={form.problem !== null}>
            {form.team
              ? teamWatchQuoteWords(value.people, periodDays, value.perPeriod)
              : watchQuoteWords(value, periodDays, value.perPeriod, cap)}
          </button>
        </div>
      )}
      {form.problem && <p class="field-error">{form.problem}</p>}
      <QuoteNotes quote={value} />
    </div>
  );
}

function QuoteNotes({ quote }: { quote: WatchQuote }) {
  return (
    <>
      {quote.remainingToday !== null && (
        <p class="muted small">
          {quote.remainingToday} {quote.remainingToday === 1 ? 'credit' : 'credits'} left in today's budget; a
          run that would pass it waits for tomorrow, or for you to confirm.
        </p>
      )}
      {quote.refused.length > 0 && (
        <details class="watch-refused">
          <summary>{quote.refused.length} left out</summary>
          <ul>
            {quote.refused.map((refusal) => (
              <li key={refusal.url}>
                <span class="watch-url">{refusal.url}</span>: {refusal.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
