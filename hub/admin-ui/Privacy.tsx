/** The team's do-not-enrich list (add, remove) and forgetting a subject. */
import { useRef, useState } from 'preact/hooks';
import { Field } from '../../components/Field';
import { useRefocus } from '../../components/results/focus';
import type { DoNotEnrichEntry, ForgetSummary } from './api';
import { Empty, Failure, type HubCall, Loading, Section, useFocusOnMount, useLoad } from './ui';

const SUBJECT_HINT = 'An email address, a domain (acme.com or @acme.com) or a profile URL.';

export function DoNotEnrich({
  hub,
  version,
  changed,
}: {
  hub: HubCall;
  version: number;
  changed: () => void;
}) {
  const entries = useLoad(
    () => hub<{ entries: DoNotEnrichEntry[] }>('GET', 'do-not-enrich'),
    String(version),
  );
  const [subject, setSubject] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (event: Event) => {
    event.preventDefault();
    if (subject.trim() === '') return setError(`Give a subject. ${SUBJECT_HINT}`);
    setBusy(true);
    const answer = await hub('POST', 'do-not-enrich', { subject: subject.trim() });
    setBusy(false);
    if (!answer.ok) return setError(answer.message);
    setError(null);
    setSubject('');
    changed();
  };
  const remove = async (entry: DoNotEnrichEntry) => {
    const answer = await hub('DELETE', `do-not-enrich?${new URLSearchParams({ subject: entry.text })}`);
    if (!answer.ok) return setError(answer.message);
    setError(null);
    changed();
  };
  return (
    <Section
      id="do-not-enrich"
      title="Do not enrich"
      hint="The hub refuses any member's request naming a listed subject (451), before it reaches the service."
    >
      <Loading loaded={entries} what="the do-not-enrich list">
        {({ entries: list }) =>
          list.length === 0 ? (
            <Empty>The do-not-enrich list is empty: the hub refuses no subject.</Empty>
          ) : (
            <ul class="entries" aria-label="Subjects not to enrich">
              {list.map((entry) => (
                <li key={entry.key}>
                  <span class="entry-text">{entry.text}</span>
                  <button
                    type="button"
                    class="small"
                    onClick={() => remove(entry)}
                    aria-label={`Remove ${entry.text} from the list`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </Loading>
      <form class="inline-form" aria-label="Add to the do-not-enrich list" onSubmit={add}>
        <Field label="Subject" hint={SUBJECT_HINT}>
          {(control) => (
            <input
              {...control}
              type="text"
              autocomplete="off"
              value={subject}
              onInput={(e) => setSubject(e.currentTarget.value)}
            />
          )}
        </Field>
        <div class="form-buttons">
          <button type="submit" class="primary" disabled={busy}>
            Add to the list
          </button>
        </div>
      </form>
      {error && <Failure title="The list was not changed" message={error} />}
    </Section>
  );
}

export function Forget({ hub, changed }: { hub: HubCall; changed: () => void }) {
  const [subject, setSubject] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const [done, setDone] = useState<ForgetSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const forgetButton = useRef<HTMLButtonElement>(null);
  // The question closed: the focus goes back to the form that asked it.
  useRefocus(() => forgetButton.current, confirming);
  const ask = (event: Event) => {
    event.preventDefault();
    setDone(null);
    if (subject.trim() === '') return setError(`Give a subject. ${SUBJECT_HINT}`);
    setError(null);
    setConfirming(subject.trim());
  };
  const forget = async (text: string) => {
    setBusy(true);
    const answer = await hub<ForgetSummary>('POST', 'forget', { subject: text });
    setBusy(false);
    setConfirming(null);
    if (!answer.ok) return setError(answer.message);
    setSubject('');
    setDone(answer.data);
    changed();
  };
  return (
    <Section
      id="forget"
      title="Forget a subject"
      hint="Removes a person's answers from the team's cache and their name from the audit; members' browsers forget them too on their next call."
    >
      {confirming === null ? (
        <form class="inline-form" onSubmit={ask}>
          <Field label="Subject" hint={SUBJECT_HINT}>
            {(control) => (
              <input
                {...control}
                type="text"
                autocomplete="off"
                value={subject}
                onInput={(e) => setSubject(e.currentTarget.value)}
              />
            )}
          </Field>
          <div class="form-buttons">
            <button type="submit" class="danger" ref={forgetButton}>
              Forget…
            </button>
          </div>
        </form>
      ) : (
        <ConfirmForget
          subject={confirming}
          busy={busy}
          forget={() => forget(confirming)}
          cancel={() => setConfirming(null)}
        />
      )}
      {done && (
        <div class="notice success" role="status">
          <p class="notice-title">Forgot {done.subject}.</p>
          <p>
            {done.answers_removed} cached {done.answers_removed === 1 ? 'answer' : 'answers'} removed,{' '}
            {done.pages_trimmed} {done.pages_trimmed === 1 ? 'page' : 'pages'} trimmed,{' '}
            {done.audit_lines_cleared} audit {done.audit_lines_cleared === 1 ? 'line' : 'lines'} cleared,{' '}
            {done.crm_rows_removed} CRM reference {done.crm_rows_removed === 1 ? 'row' : 'rows'} removed.
          </p>
        </div>
      )}
      {error && <Failure title="Nothing was forgotten" message={error} />}
    </Section>
  );
}

function ConfirmForget({
  subject,
  busy,
  forget,
  cancel,
}: {
  subject: string;
  busy: boolean;
  forget: () => void;
  cancel: () => void;
}) {
  const cancelButton = useFocusOnMount<HTMLButtonElement>();
  return (
    <div class="stack">
      <p>
        Forget <strong>{subject}</strong> everywhere in the hub? This cannot be undone.
      </p>
      <div class="row">
        <button type="button" class="danger" disabled={busy} onClick={forget}>
          Forget {subject} now
        </button>
        <button type="button" ref={cancelButton} onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
