/**
 * Leaving the rows the CRM reference holds out of a list (hooks/useInCrm.ts says which): they get
 * the reason `In your CRM` instead of a request, so the quote and the start carry only the others,
 * and the left-out rows are neither asked nor paid. A request several rows share stays while any of
 * them is still asked.
 */
import { IN_CRM } from '@/hooks/useInCrm';
import type { PeekRequest } from '@/lib/protocol';

export interface ListPlan {
  requests: PeekRequest[];
  targets: Array<number | { reason: string }>;
}

export function leaveOutInCrm(plan: ListPlan, matches: ReadonlyArray<unknown> | undefined): ListPlan {
  if (!matches?.some((match) => match)) return plan;
  const requests: PeekRequest[] = [];
  const renumbered = new Map<number, number>();
  const targets = plan.targets.map((target, row) => {
    if (typeof target !== 'number') return target;
    if (matches[row]) return { reason: IN_CRM };
    let at = renumbered.get(target);
    if (at === undefined) {
      at = requests.length;
      renumbered.set(target, at);
      requests.push(plan.requests[target]!);
    }
    return at;
  });
  return { requests, targets };
}
