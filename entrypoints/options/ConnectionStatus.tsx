/**
 * How a connection check is going: asking the browser for access to the address, calling the
 * service's free credit-balance endpoint, and what came of it.
 */

import { formatCredits, hubMemberWords } from '@/components/format';
import { Busy, ErrorNotice, Notice } from '@/components/Notice';
import type { UserMessage } from '@/lib/api/errors';
import type { HubMember } from '@/lib/protocol';

export type ConnectionPhase = 'idle' | 'permission' | 'testing';

export type ConnectionOutcome =
  /** `member`: a team hub's answer, who it knows the token as. */
  | { kind: 'connected'; balance: number | null; member?: HubMember }
  | { kind: 'denied' }
  | { kind: 'failed'; message: UserMessage };

export interface ConnectionStatusProps {
  phase: ConnectionPhase;
  outcome: ConnectionOutcome | null;
  /** The button that starts a check, named in "press … again". */
  actionLabel: string;
}

export function ConnectionStatus({ phase, outcome, actionLabel }: ConnectionStatusProps) {
  if (phase === 'permission') return <Busy>Waiting for your permission to reach this address…</Busy>;
  if (phase === 'testing') return <Busy>Checking the connection (free: nothing is spent)…</Busy>;
  if (!outcome) return null;
  switch (outcome.kind) {
    case 'connected':
      if (outcome.member)
        return (
          <Notice tone="success" title={`Connected to the team hub as ${outcome.member.name}`}>
            <p>{hubMemberWords({ member: outcome.member })}</p>
          </Notice>
        );
      return (
        <Notice tone="success" title="Connected">
          <p>
            {outcome.balance === null
              ? 'The service accepted the key; it did not say what your balance is.'
              : `Your balance with the service is ${formatCredits(outcome.balance)}.`}
          </p>
        </Notice>
      );
    case 'denied':
      return (
        <Notice tone="error" title="Access to this address was not granted">
          <p>
            The extension may only talk to an address you allow. Nothing was changed. Press {actionLabel}{' '}
            again and choose Allow to go on.
          </p>
        </Notice>
      );
    case 'failed':
      return <ErrorNotice message={outcome.message} />;
  }
}
