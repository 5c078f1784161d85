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
 *     onSpent={loadAccount}                  // the footer's spending follows
 *     onOpenOptions={openOptions}            // "Open settings" when the key is refused or missing
 *   />
 * placed first in the panel's body (above the page's own profile), in every state of the panel
 * once settings are read, since a right-click may come from any page. `watch` and `dismiss`
 * default to the real session storage; tests pass their own.
 */

import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Notice } from '@/components/Notice';
import { EmailLookupCard } from '@/components/panel/EmailLookupCard';
import { SectionShell } from '@/components/panel/sections/SectionShell';
import { AnswerLine, SpendArea } from '@/components/spend/SpendArea';
import { type EmailLookupState, useEmailLookup } from '@/hooks/useEmailLookup';
import type { Ask } from '@/hooks/useQuotedAction';
import type { ActionState } from '@/lib/action-state';
import type { EmailLookupRequest } from '@/lib/protocol';
import { dismissEmailLookup, type WatchEmailLookup, watchEmailLookup } from './email-lookup-request';

export interface EmailLookupSectionProps {
  ask: Ask;
  staleAfterDays: number;
  onSpent?: () => void;
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
  const lookup = useEmailLookup({ ask, request, onSpent });
  const { state } = lookup;
  if (state.status === 'none') return null;

  const close = (
    <button type="button" class="small" onClick={dismiss}>
      Dismiss
    </button>
  );
  let body: ComponentChildren;
  if (state.status === 'refused') {
    body = (
      <Notice tone="info" title="No email address in what you selected">
        {state.selection && <p class="notice-detail">“{state.selection}”</p>}
        <p>
          Select an address such as name@example.com, then choose “Look up email” again. Nothing was charged.
        </p>
      </Notice>
    );
  } else if (state.status === 'answer') {
    body = (
      <>
        <EmailLookupCard email={state.email} data={state.answer.data} level={3} />
        <AnswerLine meta={state.answer} staleAfterDays={staleAfterDays} />
      </>
    );
  } else {
    // Every state that spends or may spend: drawn by the one renderer, its controls named with the price.
    body = (
      <>
        <p>
          {state.status === 'confirming' ? 'Look up ' : ''}
          <strong>{state.email}</strong>
          {state.status === 'cancelled' ? ' was not looked up; nothing was spent.' : ''}
        </p>
        <SpendArea
          verb="Look it up after all"
          runningText={`Looking up ${state.email}…`}
          quote={lookup.quote}
          action={spendState(state)}
          subject={state.email}
          onRun={state.status === 'interrupted' ? lookup.askAgain : lookup.retry}
          onConfirm={lookup.confirm}
          onCancel={lookup.cancel}
          onRetry={lookup.retry}
          onOpenOptions={onOpenOptions}
        />
      </>
    );
  }
  return (
    <SectionShell title="Email lookup" busy={state.status === 'running'}>
      {body}
      <div class="row">{close}</div>
    </SectionShell>
  );
}

/** The lookup's state as the spending renderer reads it; a declined lookup offers to run after all. */
function spendState(
  state: Exclude<EmailLookupState, { status: 'none' | 'refused' | 'answer' }>,
): ActionState {
  switch (state.status) {
    case 'cancelled':
      return { status: 'idle' };
    case 'running':
      return { status: 'running' };
    case 'confirming':
      return { status: 'confirming', quote: state.quote, remaining: state.remaining };
    case 'failed':
      return { status: 'failed', message: state.message, error: state.error, remedy: state.remedy };
    case 'interrupted':
      return { status: 'interrupted', interrupted: state.interrupted };
  }
}
