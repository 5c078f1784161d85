/**
 * The message protocol between the extension's contexts, as types: what each message carries and
 * what the background answers. The background is the only receiver. No zod here: the content
 * script and the pages import this; the background validates every message where it arrives with
 * the schemas of lib/background/messages/, which a type test keeps equal to these types.
 *
 * One file per domain declares its messages and their types; the map is their union. A message is
 * added in its domain's file here, its schema (lib/background/messages/) and its route
 * (lib/background/routes/).
 *
 * Who may send what (checked by the background from `sender`):
 * - a content script may only report what it found on its page (`findings.report`);
 * - every other message needs an extension page (popup, side panel, options): a person.
 */
import type { BatchMessages } from './batches';
import type { CrmMessages } from './crm';
import type { FindingsMessages } from './findings';
import type { ListMessages } from './lists';
import type { PrivacyMessages } from './privacy';
import type { RecentMessages } from './recent';
import type { SettingsMessages } from './settings';
import type { ViewMessages } from './views';
import type { WatchMessages } from './watch';

export * from './batches';
export * from './crm';
export * from './findings';
export * from './lists';
export * from './privacy';
export * from './recent';
export * from './settings';
export * from './views';
export * from './watch';

export interface ProtocolMap
  extends FindingsMessages,
    ViewMessages,
    SettingsMessages,
    BatchMessages,
    ListMessages,
    RecentMessages,
    PrivacyMessages,
    WatchMessages,
    CrmMessages {}

export type MessageType = keyof ProtocolMap;

/** The only message a content script may send. */
export const CONTENT_SCRIPT_MESSAGES: readonly MessageType[] = ['findings.report'];
