/**
 * The zod schemas of the message protocol (lib/protocol/): the background validates every message
 * where it arrives with these. One file per domain, as the protocol's; each schema is tied to its
 * protocol type (`satisfies`, and the type test in test/unit/lib/api/params.types.test.ts both ways), so
 * the two cannot drift apart.
 *
 * Only the background imports this module; pages and the content script import lib/protocol/.
 */
import type { z } from 'zod';
import type { MessageType } from '../../protocol';
import { batchSchemas } from './batches';
import { crmSchemas } from './crm';
import { findingsSchemas } from './findings';
import { listSchemas } from './lists';
import { privacySchemas } from './privacy';
import { recentSchemas } from './recent';
import { settingsSchemas } from './settings';
import { viewSchemas } from './views';
import { watchSchemas } from './watch';

export * from '../../protocol';

/** Data schema per message type; the background validates each message with it. */
const messageSchemas = {
  ...findingsSchemas,
  ...viewSchemas,
  ...settingsSchemas,
  ...batchSchemas,
  ...listSchemas,
  ...recentSchemas,
  ...privacySchemas,
  ...watchSchemas,
  ...crmSchemas,
} as const satisfies { [T in MessageType]: z.ZodType };

/** A message's data as the background reads it, once its schema has checked it. */
export type MessageData<T extends MessageType> = z.output<(typeof messageSchemas)[T]>;

/**
 * The same schemas, typed per message type: indexed with a type the background handles generically,
 * it gives that message's own schema (and so its own data type, with no cast).
 */
export const messageCheckers: { [T in MessageType]: z.ZodType<MessageData<T>> } = messageSchemas;
