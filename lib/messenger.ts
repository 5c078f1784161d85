/**
 * The typed messenger every context uses to talk to the background. It imports only the *types*
 * of the protocol (lib/messages.ts), so the content script's bundle carries no zod.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { ProtocolMap } from './messages';

export const messenger = defineExtensionMessaging<ProtocolMap>();
export const { sendMessage, onMessage } = messenger;
