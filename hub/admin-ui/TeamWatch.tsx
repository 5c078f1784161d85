/**
 * The team watch (hub/team-watch.ts): its monthly budget and what is left of it (and whether people
 * wait for it), the team's watch lists with where their people stand, making a list (the admin's)
 * and removing one.
 */
import { useState } from 'preact/hooks';
import { Field } from '../../components/Field';
import { WATCH_PERIOD_DAYS } from '../../lib/protocol/watch';
import { creditCount, formatWholeNumber } from '../../lib/quote-format';
import type { TeamWatchAnswer, WatchBudgetState } from './api';
import { creditsIn, Empty, Failure, type HubCall, Loading, Section, Table, useLoad, utcTime } from './ui';

function BudgetLine({ budget }: { budget: WatchBudgetState }) {
  return (
    <>
      <p>
        {creditCount(budget.monthly_budget)} a month: {formatWholeNumber(budget.spent_this_month)} spent this
        month, {formatWholeNumber(budget.held)} held by checks under way, {formatWholeNumber(budget.left)}{' '}
        left.
      </p>
      {budget.waiting_for_budget && (
        <div class="notice" role="status">
          <p class="notice-title">{formatWholeNumber(budget.due)} people wait for the watch budget.</p>
          <p>
            {budget.monthly_budget === 0
              ? 'No budget is set: the team watch asks nobody until one is.'
              : `This month's budget is spent: they are asked when it is new again, on ${budget.resumes_on}, or sooner with a higher budget.`}
          </p>
        </div>
      )}
    </>
  );
}

function SetBudget({ hub, changed }: { hub: HubCall; changed: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const credits = creditsIn(text, 'The watch budget');
    if (typeof credits === 'string') return setError(credits);
    const answer = await hub('PATCH', 'watch/budget', { monthly_budget: credits });
    if (!answer.ok) return setError(answer.message);
    setError(null);
    setText('');
    changed();
  };
  return (
    <form class="inline-form" aria-label="Set the watch budget" onSubmit={submit}>
      <Field
        label="Watch budget (credits a month)"
        hint="What the team watch may spend in a month of the hub."
      >
        {(control) => (
          <input
            {...control}
            type="number"
            min="0"
            step="1"
            value={text}
            aria-invalid={error ? true : undefined}
            onInput={(e) => setText(e.currentTarget.value)}
          />
        )}
      </Field>
      <div class="form-buttons">
        <button type="submit">Set the budget</button>
      </div>
      {error && <Failure title="The watch budget was not changed" message={error} />}
    </form>
  );
}

function NewList({ hub, changed }: { hub: HubCall; changed: () => void }) {
  const [name, setName] = useState('');
  const [period, setPeriod] = useState('30');
  const [addresses, setAddresses] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    setMade(null);
    const people = addresses
      .split(/\s+/)
      .map((each) => each.trim())
      .filter((each) => each !== '');
    if (name.trim() === '') return setError('Give the list a name.');
    if (people.length === 0)
      return setError('Paste the profile addresses of the people to watch, one a line.');
    const answer = await hub<{
      list: { name: string; people: number };
      refused: Array<{ url: string; reason: string }>;
    }>('POST', 'watch/lists', { name, period_days: Number(period), people });
    if (!answer.ok) return setError(answer.message);
    setError(null);
    const left = answer.data.refused.length;
    setMade(
      `Made ${answer.data.list.name}: ${answer.data.list.people} people watched` +
        (left > 0 ? `, ${left} left out (${answer.data.refused[0]?.reason}${left > 1 ? ', …' : ''}).` : '.'),
    );
    setName('');
    setAddresses('');
    changed();
  };
  return (
    <form class="stack" aria-label="Make a team watch list" onSubmit={submit}>
      <Field label="List name">
        {(control) => (
          <input
            {...control}
            type="text"
            autocomplete="off"
            value={name}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        )}
      </Field>
      <Field label="Asked again every">
        {(control) => (
          <select {...control} value={period} onChange={(e) => setPeriod(e.currentTarget.value)}>
            {WATCH_PERIOD_DAYS.map((days) => (
              <option key={days} value={String(days)}>
                {days} days
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label="People (profile addresses, one a line)"
        hint="A person already watched by the team is not asked twice: each is asked once a period for the whole team, within the watch budget."
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={addresses}
            onInput={(e) => setAddresses(e.currentTarget.value)}
          />
        )}
      </Field>
      <div class="form-buttons">
        <button type="submit" class="primary">
          Make the list
        </button>
      </div>
      {made && (
        <div class="notice success" role="status">
          <p>{made}</p>
        </div>
      )}
      {error && <Failure title="No list was made" message={error} />}
    </form>
  );
}

export function TeamWatch({ hub, version, changed }: { hub: HubCall; version: number; changed: () => void }) {
  const loaded = useLoad(() => hub<TeamWatchAnswer>('GET', 'watch'), String(version));
  const [error, setError] = useState<string | null>(null);
  const remove = async (id: number) => {
    const answer = await hub('DELETE', `watch/lists/${id}`);
    setError(answer.ok ? null : answer.message);
    if (answer.ok) changed();
  };
  return (
    <Section
      id="team-watch"
      title="Team watch"
      hint="Watch lists the hub runs on its own schedule, with no browser open: each person asked once a period for the whole team, their changes shown in every member's Changes page."
    >
      <Loading loaded={loaded} what="the team watch">
        {({ lists, budget }) => (
          <>
            <BudgetLine budget={budget} />
            {lists.length === 0 ? (
              <Empty>
                No team watch lists yet: members make them from the extension's Watch, or make one below.
              </Empty>
            ) : (
              <Table label="Team watch lists">
                <thead>
                  <tr>
                    <th scope="col">List</th>
                    <th scope="col">Every</th>
                    <th scope="col">Made by</th>
                    <th scope="col" class="num">
                      People
                    </th>
                    <th scope="col" class="num">
                      Asked
                    </th>
                    <th scope="col" class="num">
                      Due
                    </th>
                    <th scope="col">Next due (UTC)</th>
                    <th scope="col">
                      <span class="visually-hidden">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lists.map((list) => (
                    <tr key={list.id}>
                      <th scope="row">{list.name}</th>
                      <td>{list.period_days} days</td>
                      <td>{list.created_by ?? 'the admin'}</td>
                      <td class="num">{formatWholeNumber(list.people)}</td>
                      <td class="num">{formatWholeNumber(list.checked)}</td>
                      <td class="num">{formatWholeNumber(list.due)}</td>
                      <td class="when">
                        {list.next_due_at ? <span>{utcTime(list.next_due_at)}</span> : '—'}
                      </td>
                      <td>
                        <button type="button" onClick={() => remove(list.id)}>
                          Remove {list.name}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </>
        )}
      </Loading>
      {error && <Failure title="The list was not removed" message={error} />}
      <SetBudget hub={hub} changed={changed} />
      <NewList hub={hub} changed={changed} />
    </Section>
  );
}
