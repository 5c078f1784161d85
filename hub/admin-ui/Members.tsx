/**
 * The members: their budgets, today's spend and their token's expiry; adding one (the token shown
 * once), setting a budget, rotating a token (the new one shown once), removing one.
 */
import type { Ref } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { Field } from '../../components/Field';
import { useRefocus } from '../../components/results/focus';
import type { AddedMember, AdminMember } from './api';
import { NewToken, RotateToken, type ShownToken, TokenState } from './Tokens';
import {
  creditsIn,
  Empty,
  Failure,
  type HubCall,
  type Loaded,
  Loading,
  Section,
  Table,
  useFocusOnMount,
  utcTime,
} from './ui';

export function Members({
  hub,
  members,
  changed,
}: {
  hub: HubCall;
  members: Loaded<AdminMember[]>;
  changed: () => void;
}) {
  const [shown, setShown] = useState<ShownToken | null>(null);
  return (
    <Section
      id="members"
      title="Members"
      hint="Each member calls the hub with their own token, within a daily (and optional monthly) budget in credits."
    >
      <Loading loaded={members} what="the members">
        {(list) =>
          list.length === 0 ? (
            <Empty>No members yet: add the first one below.</Empty>
          ) : (
            <MemberTable
              hub={hub}
              members={list}
              changed={changed}
              rotated={(token) => {
                setShown(token);
                changed();
              }}
            />
          )
        }
      </Loading>
      {shown ? (
        <NewToken shown={shown} done={() => setShown(null)} />
      ) : (
        <AddMember
          hub={hub}
          added={(member) => {
            setShown({
              name: member.name,
              token: member.token,
              title: `${member.name} is a member, with ${member.daily_budget} credits a day.`,
              expiresAt: member.token_expires_at,
            });
            changed();
          }}
        />
      )}
    </Section>
  );
}

type Action = 'budget' | 'rotate' | 'remove';

function MemberTable({
  hub,
  members,
  changed,
  rotated,
}: {
  hub: HubCall;
  members: AdminMember[];
  changed: () => void;
  rotated: (token: ShownToken) => void;
}) {
  const [editing, setEditing] = useState<{ name: string; action: Action } | null>(null);
  const now = Date.now();
  const last = useRef(editing);
  if (editing) last.current = editing;
  // A step closed: the focus goes back to the button that opened it.
  useRefocus(() => {
    const opened = last.current;
    if (!opened) return null;
    return document.querySelector<HTMLElement>(
      `button[data-opens="${opened.action}"][data-member="${CSS.escape(opened.name)}"]`,
    );
  }, editing);
  return (
    <Table label="Members">
      <thead>
        <tr>
          <th scope="col">Member</th>
          <th scope="col" class="num">
            Daily budget
          </th>
          <th scope="col" class="num">
            Spent today
          </th>
          <th scope="col" class="num">
            Monthly budget
          </th>
          <th scope="col">Token</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span class="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => {
          const open = editing?.name === member.name && member.removed_at === null ? editing.action : null;
          return [
            <tr key={`${member.name}-${member.removed_at}`} class={member.removed_at ? 'removed' : undefined}>
              <th scope="row">{member.name}</th>
              <td class="num">{member.daily_budget}</td>
              <td class="num">
                {member.spent_today}
                {member.reserved_today > 0 && (
                  <span class="muted"> (+{member.reserved_today} in flight)</span>
                )}
              </td>
              <td class="num">
                {member.monthly_budget === null ? (
                  <span class="muted">none</span>
                ) : (
                  `${member.monthly_budget} (${member.spent_this_month} spent)`
                )}
              </td>
              <td class="token-state">
                {member.removed_at === null && <TokenState member={member} now={now} />}
              </td>
              <td>{member.removed_at ? `Removed ${utcTime(member.removed_at)} UTC` : 'Active'}</td>
              <td>
                {member.removed_at === null && (
                  <div class="row actions">
                    <button
                      type="button"
                      class="small"
                      aria-expanded={open === 'budget'}
                      aria-label={`Set budget for ${member.name}`}
                      data-opens="budget"
                      data-member={member.name}
                      onClick={() =>
                        setEditing(open === 'budget' ? null : { name: member.name, action: 'budget' })
                      }
                    >
                      Set budget
                    </button>
                    <button
                      type="button"
                      class="small"
                      aria-expanded={open === 'rotate'}
                      aria-label={`Rotate token for ${member.name}`}
                      data-opens="rotate"
                      data-member={member.name}
                      onClick={() =>
                        setEditing(open === 'rotate' ? null : { name: member.name, action: 'rotate' })
                      }
                    >
                      Rotate token
                    </button>
                    <button
                      type="button"
                      class="small danger"
                      aria-expanded={open === 'remove'}
                      aria-label={`Remove ${member.name}`}
                      data-opens="remove"
                      data-member={member.name}
                      onClick={() =>
                        setEditing(open === 'remove' ? null : { name: member.name, action: 'remove' })
                      }
                    >
                      Remove
                    </button>
                  </div>
                )}
              </td>
            </tr>,
            open && (
              <tr key={`${member.name}-editing`} class="editing">
                <td colSpan={7}>
                  {open === 'rotate' ? (
                    <RotateToken
                      hub={hub}
                      name={member.name}
                      done={(token) => {
                        setEditing(null);
                        if (token)
                          rotated({
                            name: token.name,
                            token: token.token,
                            title: `${token.name} has a new token.`,
                            expiresAt: token.token_expires_at,
                            previousUntil: token.previous_token_until,
                          });
                      }}
                    />
                  ) : open === 'budget' ? (
                    <SetBudget
                      hub={hub}
                      member={member}
                      done={(saved) => {
                        setEditing(null);
                        if (saved) changed();
                      }}
                    />
                  ) : (
                    <RemoveMember
                      hub={hub}
                      name={member.name}
                      done={(removed) => {
                        setEditing(null);
                        if (removed) changed();
                      }}
                    />
                  )}
                </td>
              </tr>
            ),
          ];
        })}
      </tbody>
    </Table>
  );
}

function SetBudget({
  hub,
  member,
  done,
}: {
  hub: HubCall;
  member: AdminMember;
  done: (saved: boolean) => void;
}) {
  const [daily, setDaily] = useState(String(member.daily_budget));
  const [monthly, setMonthly] = useState(member.monthly_budget === null ? '' : String(member.monthly_budget));
  const first = useFocusOnMount<HTMLInputElement>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const dailyBudget = creditsIn(daily, 'The daily budget');
    const monthlyBudget = monthly.trim() === '' ? null : creditsIn(monthly, 'The monthly budget');
    if (typeof dailyBudget === 'string') return setError(dailyBudget);
    if (typeof monthlyBudget === 'string') return setError(monthlyBudget);
    setBusy(true);
    const answer = await hub('PATCH', `members/${encodeURIComponent(member.name)}`, {
      daily_budget: dailyBudget,
      monthly_budget: monthlyBudget,
    });
    setBusy(false);
    if (answer.ok) done(true);
    else setError(answer.message);
  };
  return (
    <form class="inline-form" aria-label={`${member.name}'s budget`} onSubmit={submit}>
      <BudgetFields
        daily={daily}
        monthly={monthly}
        onDaily={setDaily}
        onMonthly={setMonthly}
        monthlyHint="Credits a month; empty for none."
        dailyRef={first}
      />
      <div class="row form-buttons">
        <button type="submit" class="primary" disabled={busy}>
          Save {member.name}'s budget
        </button>
        <button type="button" onClick={() => done(false)}>
          Cancel
        </button>
      </div>
      {error && <Failure title="The budget was not changed" message={error} />}
    </form>
  );
}

/** A member's daily budget (required) and monthly budget (optional), in whole credits. */
function BudgetFields({
  daily,
  monthly,
  onDaily,
  onMonthly,
  monthlyHint,
  dailyRef,
}: {
  daily: string;
  monthly: string;
  onDaily: (value: string) => void;
  onMonthly: (value: string) => void;
  monthlyHint: string;
  dailyRef?: Ref<HTMLInputElement>;
}) {
  return (
    <>
      <Field label="Daily budget" hint="Credits a day.">
        {(control) => (
          <input
            {...control}
            ref={dailyRef}
            type="number"
            min="0"
            step="1"
            required
            value={daily}
            onInput={(e) => onDaily(e.currentTarget.value)}
          />
        )}
      </Field>
      <Field label="Monthly budget" hint={monthlyHint}>
        {(control) => (
          <input
            {...control}
            type="number"
            min="0"
            step="1"
            value={monthly}
            onInput={(e) => onMonthly(e.currentTarget.value)}
          />
        )}
      </Field>
    </>
  );
}

function RemoveMember({ hub, name, done }: { hub: HubCall; name: string; done: (removed: boolean) => void }) {
  const keep = useFocusOnMount<HTMLButtonElement>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    const answer = await hub('DELETE', `members/${encodeURIComponent(name)}`);
    setBusy(false);
    if (answer.ok) done(true);
    else setError(answer.message);
  };
  return (
    <div class="stack">
      <p>
        Remove <strong>{name}</strong>? Their token stops working at once; what they asked stays in the audit.
      </p>
      <div class="row">
        <button type="button" class="danger" disabled={busy} onClick={remove}>
          Remove {name} now
        </button>
        <button type="button" ref={keep} onClick={() => done(false)}>
          Keep {name}
        </button>
      </div>
      {error && <Failure title={`${name} was not removed`} message={error} />}
    </div>
  );
}

function AddMember({ hub, added }: { hub: HubCall; added: (member: AddedMember) => void }) {
  const [name, setName] = useState('');
  const [daily, setDaily] = useState('');
  const [monthly, setMonthly] = useState('');
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const dailyBudget = creditsIn(daily, 'The daily budget');
    const monthlyBudget = monthly.trim() === '' ? null : creditsIn(monthly, 'The monthly budget');
    const days = expires.trim() === '' ? null : Number(expires.trim());
    if (name.trim() === '') return setError('Give the member a name.');
    if (typeof dailyBudget === 'string') return setError(dailyBudget);
    if (typeof monthlyBudget === 'string') return setError(monthlyBudget);
    if (days !== null && (!Number.isSafeInteger(days) || days < 1 || days > 3650))
      return setError(
        "The token's lifetime must be a whole number of days from 1 to 3650, or empty for none.",
      );
    setBusy(true);
    const answer = await hub<AddedMember>('POST', 'members', {
      name: name.trim(),
      daily_budget: dailyBudget,
      monthly_budget: monthlyBudget,
      expires_in_days: days,
    });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setError(null);
    setName('');
    setDaily('');
    setMonthly('');
    setExpires('');
    added(answer.data);
  };
  return (
    <form class="stack add-member" aria-labelledby="add-member-title" onSubmit={submit}>
      <h3 id="add-member-title">Add a member</h3>
      <div class="inline-form">
        <Field label="Name" hint="As the audit will show it.">
          {(control) => (
            <input
              {...control}
              type="text"
              autocomplete="off"
              required
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
            />
          )}
        </Field>
        <BudgetFields
          daily={daily}
          monthly={monthly}
          onDaily={setDaily}
          onMonthly={setMonthly}
          monthlyHint="Credits a month; optional."
        />
        <Field label="Token expires after" hint="Days; empty: the token never expires.">
          {(control) => (
            <input
              {...control}
              type="number"
              min="1"
              max="3650"
              step="1"
              value={expires}
              onInput={(e) => setExpires(e.currentTarget.value)}
            />
          )}
        </Field>
        <div class="form-buttons">
          <button type="submit" class="primary" disabled={busy}>
            Add member
          </button>
        </div>
      </div>
      {error && <Failure title="The member was not added" message={error} />}
    </form>
  );
}
