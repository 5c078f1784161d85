/**
 * Leaving the rows a CRM reference holds out of a list: the person's own (hooks/useInCrm.ts says
 * which) and, in team mode, the team's (its hub's peek marks them in the list's quote). They get
 * the reason `In your CRM` (or `In your team's CRM`) instead of a request, so the quote and the
 * start carry only the others, and the left-out rows are neither asked nor paid. A request several
 * rows share stays while any of them is still asked.
 */
import { IN_CRM, IN_TEAM_CRM } from '@/hooks/useInCrm';
import type { CrmIdentity, CrmMatchBy, ListQuote, PeekRequest } from '@/lib/protocol';

export interface ListPlan {
  requests: PeekRequest[];
  targets: Array<number | { reason: string }>;
}

/**
 * Per row, whether it is left out, and why: the person's own reference first (`matches`), then the
 * team's (`teamMatches`).
 */
export function leaveOutInCrm(
  plan: ListPlan,
  matches: ReadonlyArray<unknown> | undefined,
  teamMatches?: ReadonlyArray<unknown>,
): ListPlan {
  if (!matches?.some((match) => match) && !teamMatches?.some((match) => match)) return plan;
  const requests: PeekRequest[] = [];
  const renumbered = new Map<number, number>();
  const targets = plan.targets.map((target, row) => {
    if (typeof target !== 'number') return target;
    if (matches?.[row]) return { reason: IN_CRM };
    if (teamMatches?.[row]) return { reason: IN_TEAM_CRM };
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

/**
 * The plan's requests, each with who its first row is: in team mode the list's quote asks the
 * team's CRM reference about them (rows sharing a request are the same person or company).
 */
export function withIdentities(plan: ListPlan, identities: readonly CrmIdentity[]): ListPlan {
  const identityOf = new Map<number, CrmIdentity>();
  plan.targets.forEach((target, row) => {
    if (typeof target === 'number' && !identityOf.has(target) && identities[row])
      identityOf.set(target, identities[row]);
  });
  return {
    requests: plan.requests.map((request, index) => {
      const identity = identityOf.get(index);
      return identity && Object.keys(identity).length > 0 ? { ...request, identity } : request;
    }),
    targets: plan.targets,
  };
}

/** Per row, how the team's CRM reference holds it (the quote of the plan's requests says), or null. */
export function inTeamCrm(plan: ListPlan, quote: ListQuote | null): Array<CrmMatchBy | null> {
  return plan.targets.map((target) => {
    if (typeof target !== 'number') return null;
    const row = quote?.rows[target];
    return row?.ok ? (row.teamCrm ?? null) : null;
  });
}
