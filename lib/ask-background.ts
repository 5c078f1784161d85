/**
 * How extension pages (side panel, popup, options) ask the background. MV3 may stop the worker
 * while it holds a request; the page then sees the message channel close without a reply. Asking
 * again wakes a new worker, and because a run carries the same request id, the retry is answered
 * from the finished job or joins the resumed one: it is never paid twice (lib/background/service.ts).
 */
import type { UserMessage } from './api/errors';
import { sendMessage } from './messenger';
import type { ProtocolMap } from './protocol';

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

export async function askBackground<T extends keyof ProtocolMap>(
  type: T,
  data: Parameters<ProtocolMap[T]>[0],
  { retries = 3, pauseMs = 300 }: AskOptions = {},
): Promise<ReturnType<ProtocolMap[T]>> {
  for (let attempt = 0; ; attempt++) {
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the messenger's overloads do not narrow a generic T
      return (await (sendMessage as any)(type, data)) as ReturnType<ProtocolMap[T]>;
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
