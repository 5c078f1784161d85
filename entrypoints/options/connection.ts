/**
 * Testing a connection from the options page (onboarding's Connect, the settings' Test
 * connection): access to the addresses first, then the background's test.
 */

import { ApiError, userMessage } from '@/lib/api/errors';
import { backgroundFailure } from '@/lib/ask-background';
import type { ConnectionResult, ConnectionTest } from '@/lib/protocol';
import { requestAccess } from './access';
import type { OptionsBackend } from './backend';
import type { ConnectionOutcome, ConnectionPhase } from './ConnectionStatus';

/**
 * Asks for access to the origins, then tests the connection with these values. It asks for access
 * first, before any await, so it must itself be called synchronously inside the person's click.
 */
export async function connectAndTest(
  backend: OptionsBackend,
  origins: string[],
  test: ConnectionTest,
  setPhase: (phase: ConnectionPhase) => void,
): Promise<ConnectionOutcome> {
  setPhase('permission');
  try {
    const access = await requestAccess(backend, origins);
    if (access.kind !== 'granted') return access;
    setPhase('testing');
    try {
      return outcomeOf(await backend.ask('connection.test', test));
    } catch (error) {
      return { kind: 'failed', message: backgroundFailure(error) };
    }
  } finally {
    setPhase('idle');
  }
}

/** What a connection test answered, in the views' terms. */
function outcomeOf(result: ConnectionResult): ConnectionOutcome {
  return result.ok
    ? { kind: 'connected', balance: result.balance, ...(result.member ? { member: result.member } : {}) }
    : { kind: 'failed', message: userMessage(ApiError.fromJSON(result.error)) };
}
