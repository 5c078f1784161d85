/**
 * The typed messenger every context uses to talk to the background. It imports only the *types*
 * of the protocol (lib/messages.ts), so the content script's bundle carries no zod.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { ProtocolMap } from './messages';

export const messenger = defineExtensionMessaging<ProtocolMap>();
export const { sendMessage, onMessage } = messenger;

/**
 * Bounds of one findings report (validated by the background; the content script trims to them so
 * that a page with endless links still reports its first ones instead of nothing).
 */
export const FINDINGS_LIMITS = { profiles: 5000, emails: 1000 } as const;
