/**
 * One row of "Found on this page": its own quoted action on the one hook every spending view uses
 * (hooks/useQuotedAction.ts), started from what the page's one peek said of it (its quote; no
 * `view.open` per row), merged with what a batch did to it. The row's own state wins over the
 * batch's: a row the person acts on says so; a row a batch takes in starts again (the list mounts it
 * anew, `FoundRowModel.mountKey`).
 */
import { useEffect } from 'preact/hooks';
import { type ActionState, type Ask, remedyFor, useQuotedAction } from '@/hooks/useQuotedAction';
import { ApiError, userMessage } from '@/lib/api/errors';
import { answerLine } from '@/lib/job-summary';
import type { BatchItemView, PeekRequest, PeekRow, SpendTotals } from '@/lib/protocol';
import type { RowLine, RowSpend } from './FoundRows';

/** A row as the list holds it: what it asks, what the peek and a batch say of it, its selection. */
export interface FoundRowModel {
  key: string;
  group: string;
  label: string;
  /** The id or address beside the label. */
  detail?: string;
  href?: string | null;
  /** What enriching it asks; null when it cannot be asked. */
  request: PeekRequest | null;
  /** What the page's one peek says of it; null while asked. */
  peek: PeekRow | null;
  /** Why it cannot be asked (its address is refused, or the peek failed). */
  unavailable: string | null;
  /** What the batch shown on the panel did with it. */
  batchItem: BatchItemView | null;
  /** That batch still runs (it settles an interrupted call itself). */
  batchActive: boolean;
  /** Can be put in the batch (peeked, nothing runs for it now). */
  selectable: boolean;
  selected: boolean;
  /** The person's CRM reference holds it: marked, and left out of "Select all" (it can be picked). */
  inCrm: boolean;
  /** Team mode: the team's CRM reference holds it (the person's own does not): the same. */
  inTeamCrm: boolean;
  /** The list's key for it: changes when a batch takes it in, so its own state starts again. */
  mountKey: string;
}

/** What every row shares: asking the background, and telling the list what a row is doing. */
export interface FoundRowContext {
  ask: Ask;
  newRequestId: () => string;
  openOptions: () => void;
  onSpent: (totals: SpendTotals | null) => void;
  /** A row running or confirming its own action cannot be put in a batch. */
  onBusy: (key: string, busy: boolean) => void;
}

/** A row that can be asked: its line and its control, from its own action and the batch's. */
export function useFoundRow(
  row: FoundRowModel,
  request: PeekRequest,
  peek: Extract<PeekRow, { ok: true }>,
  context: FoundRowContext,
): { line: RowLine; spend: RowSpend | null } {
  const inBatch = row.batchItem;
  const own = useQuotedAction({
    ask: context.ask,
    newRequestId: context.newRequestId,
    endpointId: request.endpointId,
    params: request.params,
    takeFirstView: () => ({ ok: true, quote: peek.quote, cached: null }),
    answerShown: peek.cached !== null || inBatch?.status === 'done',
    onSpent: context.onSpent,
  });
  const busy = own.action.status === 'running' || own.action.status === 'confirming';
  useEffect(() => {
    if (!busy) return;
    context.onBusy(row.key, true);
    return () => context.onBusy(row.key, false);
  }, [busy]);

  const ownActing = own.action.status !== 'idle';
  const fromBatch = ownActing || own.answer ? null : batchAction(inBatch);
  const action: ActionState = ownActing ? own.action : (fromBatch ?? { status: 'idle' });
  const line = lineOf();
  const spend: RowSpend | null =
    inBatch?.status === 'queued' && !ownActing && !own.answer
      ? null
      : {
          verb: line.status === 'answered' || line.status === 'cached' ? 'Refresh' : 'Enrich',
          quote: own.quote,
          action,
          waiting: fromBatch?.status === 'interrupted' && row.batchActive,
          onRun: own.run,
          onConfirm: own.confirm,
          onCancel: own.cancel,
          // A batch's failure is tried again as a new request; the row's own under the same id.
          onRetry: ownActing ? own.retry : own.run,
          onOpenOptions: context.openOptions,
        };
  return { line, spend };

  function lineOf(): RowLine {
    if (own.answer)
      return {
        status: 'answered',
        answer: answerLine(request.endpointId, own.answer.data),
        credits: own.answer.credits,
        cached: own.answer.cached,
        ageMs: own.answer.ageMs,
      };
    if (!ownActing)
      switch (inBatch?.status) {
        case 'done':
          return {
            status: 'answered',
            answer: inBatch.answer,
            credits: inBatch.credits,
            cached: inBatch.cached,
            ageMs: 0,
          };
        case 'queued':
          return { status: 'queued' };
        case 'cancelled':
          return { status: 'not-asked' };
      }
    if (peek.cached) return { status: 'cached', cached: peek.cached };
    return action.status === 'idle' ? { status: 'not-enriched' } : { status: 'none' };
  }
}

/** What a batch's item says of the row's action, when the row has done nothing of its own. */
function batchAction(item: BatchItemView | null): ActionState | null {
  switch (item?.status) {
    case 'running':
      return { status: 'running' };
    case 'interrupted':
      // Without the lost call's figures yet, the batch is still settling it.
      return item.interrupted
        ? { status: 'interrupted', interrupted: item.interrupted }
        : { status: 'running' };
    case 'failed': {
      const error = item.error ? ApiError.fromJSON(item.error) : null;
      return {
        status: 'failed',
        message: error ? userMessage(error) : { title: 'It failed', action: 'Try again' },
        error,
        remedy: error ? remedyFor(error) : 'retry',
      };
    }
    default:
      return null;
  }
}
