/**
 * What a quote is made of, shown with it rather than folded away: one line per part of the cost
 * (`Base: 3 per profile URL returned × up to 100 = 300`), as the background worded it.
 */

import type { ActionState, QuoteState } from '@/lib/action-state';
import type { Quote } from '@/lib/protocol';
import { formatQuote } from '@/lib/quote-format';

export function QuoteBreakdown({ quote }: { quote: Quote }) {
  if (quote.lines.length === 0) return null;
  return (
    <div class="quote-breakdown-box">
      <p class="visually-hidden">What {formatQuote(quote)} is made of:</p>
      <ul class="quote-breakdown">
        {quote.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/** The quote without its lines, for a control that shows them beside it (QuoteBreakdown). */
export function withoutLines(state: QuoteState): QuoteState {
  return state.status === 'ready' ? { status: 'ready', quote: { ...state.quote, lines: [] } } : state;
}

/** The lines are shown while the control that spends is (not while typing, blocked, busy or failed). */
export function showBreakdown(
  settling: boolean,
  blocked: string | null,
  action: ActionState['status'],
  quote: QuoteState,
): quote is Extract<QuoteState, { status: 'ready' }> {
  return !settling && !blocked && action === 'idle' && quote.status === 'ready';
}
