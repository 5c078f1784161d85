/**
 * The side panel's view of the context menu's "Look up email": the person behind the address the
 * person right-clicked, or why nothing was looked up. It follows the pending lookup in
 * `storage.session` (./email-lookup-request.ts, written by the background in the click) and shows the
 * newest one; it renders nothing when there is none.
 *
 * Props contract (how the panel mounts it):
 *   <EmailLookupSection
 *     ask={backend.ask}                      // the panel's ask (lib/ask-background.ts askBackground)
 *     staleAfterDays={settings.staleAfterDays}
 *     onSpent={spent}                      // the footer follows the totals the lookup answers
 *     onOpenOptions={openOptions}            // "Open settings" when the key is refused or missing
 *   />
 * placed first in the panel's body (above the page's own profile), in every state of the panel
 * once settings are read, since a right-click may come from any page. `watch` and `dismiss`
 * default to the real session storage; tests pass their own.
 */

import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Notice } from '@/components/Notice';
import { EmailLookupCard } from '@/components/profile/EmailLookupCard';
import { AnswerLine, SpendArea } from '@/components/spend/SpendArea';
import { type Ask, useQuotedAction } from '@/hooks/useQuotedAction';
import { newRequestId } from '@/lib/ask-background';
import type { EmailLookupRequest, SpendTotals } from '@/lib/protocol';
import { SectionShell } from '../sections/SectionShell';
import { dismissEmailLookup, type WatchEmailLookup, watchEmailLookup } from './email-lookup-request';

export interface EmailLookupSectionProps {
  ask: Ask;
  staleAfterDays: number;
  onSpent?: (totals: SpendTotals | null) => void;
  onOpenOptions: () => void;
  watch?: WatchEmailLookup;
  dismiss?: () => void;
}

export function EmailLookupSection({
  ask,
  staleAfterDays,
  onSpent,
  onOpenOptions,
  watch = watchEmailLookup,
  dismiss = dismissEmailLookup,
}: EmailLookupSectionProps) {
  const [request, setRequest] = useState<EmailLookupRequest | null>(null);
  useEffect(() => watch(setRequest), [watch]);
  // The one hook for quoted actions: the view's price, then the run the background started in the
  // person's right-click, joined under its own request id (paid once); past the daily budget it
  // waits for the person's confirmation. A selection without an address asks nothing at all.
  const lookup = useQuotedAction({
    ask,
    newRequestId,
    endpointId: 'email.lookup',
    params: request?.params ?? null,
    join: request?.params ? request.requestId : null,
    onSpent,
  });
  if (request === null) return null;

  const { action, answer } = lookup;
  const email = request.email;
  let body: ComponentChildren;
  if (request.several) {
    body = (
      <Notice tone="info" title="More than one email address in what you clicked">
        <ul>
          {request.several.map((address) => (
            <li key={address}>{address}</li>
          ))}
        </ul>
        <p>
          Nothing was looked up and nothing was charged. Select just the address you mean, then choose “Look
          up email” again.
        </p>
      </Notice>
    );
  } else if (email === null || request.params === null) {
    body = (
      <Notice tone="info" title="No email address in what you selected">
        {request.selection && <p class="notice-detail">“{request.selection}”</p>}
        <p>
          Select an address such as name@example.com, then choose “Look up email” again. Nothing was charged.
        </p>
      </Notice>
    );
  } else if (answer) {
    body = (
      <>
        <EmailLookupCard email={email} data={answer.data} level={3} />
        <AnswerLine meta={answer} staleAfterDays={staleAfterDays} />
      </>
    );
  } else {
    // Every state that spends or may spend: drawn by the one renderer, its controls named with the
    // price. Idle without an answer means the person declined to spend past the budget.
    const declined = action.status === 'idle' && lookup.quote.status === 'ready';
    body = (
      <>
        <p>
          {action.status === 'confirming' ? 'Look up ' : ''}
          <strong>{email}</strong>
          {declined ? ' was not looked up; nothing was spent.' : ''}
        </p>
        <SpendArea
          verb="Look it up after all"
          againVerb="Look it up again"
          runningText={`Looking up ${email}…`}
          quote={lookup.quote}
          action={action}
          subject={email}
          onRun={lookup.run}
          onConfirm={lookup.confirm}
          onCancel={lookup.cancel}
          onRetry={lookup.retry}
          onOpenOptions={onOpenOptions}
        />
      </>
    );
  }
  return (
    <SectionShell title="Email lookup" busy={action.status === 'running'}>
      {body}
      <div class="row">
        <button type="button" class="small" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </SectionShell>
  );
}
