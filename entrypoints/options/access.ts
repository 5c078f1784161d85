/**
 * Asking the browser for host access, the one way the options page does it (connecting, saving new
 * addresses, scanning every site).
 */
import type { UserMessage } from '@/lib/api/errors';
import type { OptionsBackend } from './backend';

/**
 * The browser's answer. 'denied' and 'failed' have the shape every outcome on the page uses for
 * them, so a caller can show a refusal as it is.
 */
export type AccessAnswer =
  | { kind: 'granted' }
  | { kind: 'denied' }
  | { kind: 'failed'; message: UserMessage };

/**
 * Asks for access to these origins. Call it synchronously, first thing inside the click or submit,
 * before any await: the browser only prompts within the person's gesture, and this asks the
 * browser before its own first await. No origins (settings saved with no address yet) is granted
 * without asking: there is nothing to ask for.
 */
export async function requestAccess(backend: OptionsBackend, origins: string[]): Promise<AccessAnswer> {
  if (origins.length === 0) return { kind: 'granted' };
  try {
    return (await backend.requestOrigins(origins)) ? { kind: 'granted' } : { kind: 'denied' };
  } catch (error) {
    return { kind: 'failed', message: permissionFailure(error) };
  }
}

/** When the browser refused to even ask (e.g. an address it cannot grant). */
function permissionFailure(error: unknown): UserMessage {
  return {
    title: 'The browser could not ask for access to this address',
    action: 'Check the base URLs, then try again',
    detail: error instanceof Error ? error.message : String(error),
  };
}
