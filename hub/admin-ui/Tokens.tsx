/**
 * Members' tokens on the admin page: when each expires (and a rotated one's old token, until when
 * it still works), rotating one (the old token kept for a grace the admin picks), and a new token
 * shown once, for a member just added or a token just rotated: the hub keeps only its hash.
 */
import { useState } from 'preact/hooks';
import { Field } from '../../components/Field';
import type { AdminMember, RotatedMember } from './api';
import { Failure, type HubCall, useFocusOnMount, utcTime } from './ui';

/** The grace periods offered for the old token, in hours (the hub's default is 24). */
const GRACES: [hours: number, label: string][] = [
  [0, 'None: it stops working now'],
  [1, '1 hour'],
  [24, '24 hours'],
  [24 * 7, '7 days'],
];

/** A member's token as the table shows it: its expiry, and the old token of a rotation. */
export function TokenState({ member, now }: { member: AdminMember; now: number }) {
  const expires = member.token_expires_at;
  const expired = expires !== null && new Date(expires).getTime() <= now;
  return (
    <>
      {expires === null ? (
        <span class="muted">No expiry</span>
      ) : (
        <span class={expired ? 'expired' : undefined}>
          {expired ? 'Expired' : 'Expires'} <span class="nowrap">{utcTime(expires)} UTC</span>
        </span>
      )}
      {member.previous_token_until !== null && (
        <span class="token-note">
          Rotated: old token valid until{' '}
          <span class="nowrap">{utcTime(member.previous_token_until)} UTC</span>
        </span>
      )}
    </>
  );
}

export function RotateToken({
  hub,
  name,
  done,
}: {
  hub: HubCall;
  name: string;
  done: (rotated: RotatedMember | null) => void;
}) {
  const [grace, setGrace] = useState('24');
  const first = useFocusOnMount<HTMLSelectElement>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rotate = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    const answer = await hub<RotatedMember>('POST', `members/${encodeURIComponent(name)}/rotate`, {
      grace_hours: Number(grace),
    });
    setBusy(false);
    if (answer.ok) done(answer.data);
    else setError(answer.message);
  };
  return (
    <form class="stack" aria-label={`New token for ${name}`} onSubmit={rotate}>
      <p>
        Give <strong>{name}</strong> a new token. The new one keeps the lifetime the old one had.
      </p>
      <div class="inline-form">
        <Field
          label="The old token keeps working for"
          hint="So that they can switch without a refused request."
        >
          {(control) => (
            <select {...control} ref={first} value={grace} onChange={(e) => setGrace(e.currentTarget.value)}>
              {GRACES.map(([hours, label]) => (
                <option key={hours} value={String(hours)}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div class="row form-buttons">
          <button type="submit" class="primary" disabled={busy}>
            Rotate {name}'s token now
          </button>
          <button type="button" onClick={() => done(null)}>
            Cancel
          </button>
        </div>
      </div>
      {error && <Failure title={`${name}'s token was not rotated`} message={error} />}
    </form>
  );
}

/** A token shown this once: a member just added, or a token just rotated. */
export interface ShownToken {
  name: string;
  token: string;
  /** What happened, in a sentence (the notice's title). */
  title: string;
  /** When the token expires; null: never. */
  expiresAt: string | null;
  /** After a rotation: until when the old token works (null: it stopped); undefined for a new member. */
  previousUntil?: string | null;
}

export function NewToken({ shown, done }: { shown: ShownToken; done: () => void }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.token);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const rotated = shown.previousUntil !== undefined;
  return (
    <div class="notice success new-token" role="status">
      <p class="notice-title">{shown.title}</p>
      <p>
        <strong>{rotated ? 'The new token' : 'Their token'} is shown only this once.</strong> Copy it now and
        give it to {shown.name}: the hub keeps only a hash of it and cannot show it again.{' '}
        {shown.expiresAt === null ? 'It never expires.' : `It expires ${utcTime(shown.expiresAt)} UTC.`}
        {rotated &&
          (shown.previousUntil === null
            ? ' The old token stopped working now.'
            : ` The old token works until ${utcTime(shown.previousUntil ?? '')} UTC.`)}
      </p>
      <div class="token-row">
        <label class="visually-hidden" for="new-token">
          {shown.name}'s {rotated ? 'new token' : 'token'}
        </label>
        <input
          id="new-token"
          class="token"
          type="text"
          readOnly
          value={shown.token}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" class="primary" onClick={copy}>
          {copied === 'yes' ? 'Copied' : 'Copy token'}
        </button>
      </div>
      <p class="notice-detail" aria-live="polite">
        {copied === 'yes' && 'The token is on the clipboard.'}
        {copied === 'failed' && 'The browser did not allow copying: select the token and copy it by hand.'}
      </p>
      <div>
        <button type="button" onClick={done}>
          Done: I have the token
        </button>
      </div>
    </div>
  );
}
