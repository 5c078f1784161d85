/**
 * A call whose answer was lost, as the person sees it: what the service's balance says it cost
 * (exactly, as a range, or "so far"), why it was lost, and asking again as a new, quoted action.
 */
import { ApiError, userMessage } from '@/lib/api/errors';
import type { InterruptedCall } from '@/lib/protocol';
import { formatQuote } from '@/lib/quote-format';
import { lostChargeText } from './charge-format';

export interface InterruptedNoticeProps {
  call: InterruptedCall;
  /** What it was asked for, in the button's accessible name: "Ask again for Ada Lovelace · 2 credits". */
  subject?: string;
  onAskAgain: () => void;
  /** A running batch settles it, and asks again by itself if it was not charged: not offered here. */
  busy?: boolean;
}

export function InterruptedNotice({ call, subject, onAskAgain, busy }: InterruptedNoticeProps) {
  const why =
    call.reason === 'worker'
      ? "The extension's background stopped while the service was answering, and the answer was lost."
      : call.error
        ? `${userMessage(ApiError.fromJSON(call.error)).title}: the answer was lost, and the service may have charged it.`
        : 'The connection broke before the whole answer arrived.';
  return (
    <div class="notice interrupted" role="status">
      <p class="notice-title">Interrupted: {lostChargeText(call)}</p>
      <p class="small">
        {why}
        {call.settled ? '' : ' The figure is read again from your balance until it cannot change.'}
        {busy ? ' If it was not charged, the batch asks again by itself.' : ''}
      </p>
      {!busy && (
        <div class="row">
          <button type="button" class="small" onClick={onAskAgain}>
            Ask again
            {subject && <span class="visually-hidden"> for {subject}</span>} · {formatQuote(call.quote)}
          </button>
        </div>
      )}
    </div>
  );
}
