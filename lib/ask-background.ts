/**
 * How extension pages (side panel, popup, options) ask the background. MV3 may stop the worker
 * while it holds a request; the page then sees the message channel close without a reply. Asking
 * again wakes a new worker, and because a run carries the same request id, the retry is answered
 * from the finished job or joins the resumed one: it is never paid twice (lib/background/service.ts).
 */
import type { GetDataType, GetReturnType } from '@webext-core/messaging';
import type { EndpointId, ResponseOf } from './api/endpoints';
import type { UserMessage } from './api/errors';
import { sendMessage } from './messenger';
import type { MessageType, ProtocolMap, QuoteRequest, RunRequest, RunResult, ViewState } from './protocol';

/** Errors that mean "the worker went away before answering", not "the request failed". */
const WORKER_GONE = [
  'message port closed',
  'message channel closed',
  'Receiving end does not exist',
  'Could not establish connection',
  'No response',
  'Extension context invalidated',
];

function workerWentAway(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return WORKER_GONE.some((text) => message.includes(text));
}

/** Something a page asked the background for: still coming, failed with a message, or here. */
export type Loadable<T> =
  | { status: 'loading' }
  | { status: 'failed'; message: UserMessage }
  | { status: 'ready'; value: T };

export interface AskOptions {
  /** How many times to ask again after the worker went away. */
  retries?: number;
  /** Pause before asking again (ms). */
  pauseMs?: number;
}

/** A message's data, as its sender gives it. */
type MessageData<T extends MessageType> = GetDataType<ProtocolMap[T]>;
/** What the background answers a message. */
type MessageAnswer<T extends MessageType> = GetReturnType<ProtocolMap[T]>;

/**
 * How a page asks the background. A view or a run of endpoint `Id` is answered with that endpoint's
 * response (`ResponseOf<Id>`): the background validated it against the endpoint's schema before it
 * crossed over (lib/background/calls/paid-call.ts, or the cache it was kept in after that check), so a page
 * reads it as typed and never casts it.
 */
export interface Ask {
  <Id extends EndpointId>(type: 'run', data: RunRequest<Id>): Promise<RunResult<ResponseOf<Id>>>;
  <Id extends EndpointId>(type: 'view.open', data: QuoteRequest<Id>): Promise<ViewState<ResponseOf<Id>>>;
  <T extends MessageType>(type: T, data: MessageData<T>): Promise<MessageAnswer<T>>;
}

export function askBackground<Id extends EndpointId>(
  type: 'run',
  data: RunRequest<Id>,
  options?: AskOptions,
): Promise<RunResult<ResponseOf<Id>>>;
export function askBackground<Id extends EndpointId>(
  type: 'view.open',
  data: QuoteRequest<Id>,
  options?: AskOptions,
): Promise<ViewState<ResponseOf<Id>>>;
export function askBackground<T extends MessageType>(
  type: T,
  data: MessageData<T>,
  options?: AskOptions,
): Promise<MessageAnswer<T>>;
export async function askBackground<T extends MessageType>(
  type: T,
  data: MessageData<T>,
  { retries = 3, pauseMs = 300 }: AskOptions = {},
): Promise<MessageAnswer<T>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await sendMessage(type, data);
    } catch (error) {
      if (attempt >= retries || !workerWentAway(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}

/** A request id for one action of a person; reuse it when retrying that same action. */
export function newRequestId(): string {
  return crypto.randomUUID();
}

/** When asking the background itself failed (it did not answer, or answered with an error). */
export function backgroundFailure(error: unknown): UserMessage {
  return {
    title: "The extension's background could not do this",
    action: 'Try again; if it keeps failing, reload the extension on the Extensions page',
    detail: error instanceof Error ? error.message : String(error),
  };
}
