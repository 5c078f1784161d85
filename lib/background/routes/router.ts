/**
 * The background's front door: one route per message type, each validated where it arrives and
 * checked for who sent it. The routes of each domain are in this folder (findings, views, settings,
 * batches, lists, recent, privacy); entrypoints/background.ts wires them.
 */
import { browser } from 'wxt/browser';
import { onMessage } from '../../messenger';
import {
  CONTENT_SCRIPT_MESSAGES,
  type MessageData,
  type MessageType,
  messageCheckers,
  type ProtocolMap,
} from '../messages';

type MaybePromise<T> = T | Promise<T>;

export type Sender = { id?: string; url?: string; frameId?: number; tab?: { id?: number; url?: string } };

/** Registers the route of one message type. */
export type Handle = <T extends MessageType>(
  type: T,
  handler: (data: MessageData<T>, sender: Sender) => MaybePromise<ReturnType<ProtocolMap[T]>>,
) => void;

function isExtensionPage(sender: Sender): boolean {
  return sender.id === browser.runtime.id && (sender.url ?? '').startsWith(browser.runtime.getURL('/'));
}

/**
 * Validates a message where it arrives and checks who sent it: only extension pages (a person)
 * may do anything but report findings; nothing a web page or content script sends can spend.
 */
export const handle: Handle = (type, handler) => {
  const schema = messageCheckers[type];
  onMessage(type, async (message) => {
    const sender: Sender = message.sender;
    const fromContentScript = !isExtensionPage(sender);
    if (fromContentScript && !CONTENT_SCRIPT_MESSAGES.includes(type)) {
      throw new Error(`"${type}" may only be sent by the extension's own pages`);
    }
    const parsed = schema.safeParse(message.data);
    if (!parsed.success) throw new Error(`Invalid "${type}" message: ${parsed.error.issues[0]?.message}`);
    return handler(parsed.data, sender);
  });
};
