/**
 * The typed messenger every context uses to talk to the background, over the protocol's types
 * (lib/protocol/): no zod reaches the content script or the pages through it.
 */
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { ProtocolMap } from './protocol';

export const messenger = defineExtensionMessaging<ProtocolMap>();
export const { sendMessage, onMessage } = messenger;

export { FINDINGS_LIMITS } from './protocol';
