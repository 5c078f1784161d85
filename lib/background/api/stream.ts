/**
 * Incremental reading of answer bodies. With `enrich_profiles=enrich` the service streams a listing
 * or search answer profile by profile; reading it as it arrives lets the person watch results come
 * in, and never holds the raw text whole (an enriched page of ten full profiles is large).
 */
import { JSONParser } from '@streamparser/json';
import { ApiError } from '../../api/errors';

export interface StreamProgress {
  /** Bytes of the body received so far. */
  bytes: number;
  /** Results completed so far. */
  results: number;
}

export interface ReadJsonStreamOptions {
  /** The top-level key of the array whose elements are emitted one by one. */
  resultsKey: string;
  /** Called with each result as soon as its closing bracket arrives. */
  onResult?: (result: unknown, index: number) => void;
  /** Called after every chunk of the body. */
  onProgress?: (progress: StreamProgress) => void;
  signal?: AbortSignal;
}

/**
 * Reads a JSON object from a byte stream and returns it whole (the envelope with its results array),
 * emitting each element of `resultsKey` as it completes. Tolerates chunks split anywhere, including
 * inside a token or a multi-byte UTF-8 character. Unknown top-level keys are kept.
 *
 * Throws ApiError 'schema' when the body is not JSON, 'server' when it stops before the JSON is
 * complete, and the signal's reason when aborted.
 */
export async function readJsonStream(
  body: ReadableStream<Uint8Array> | null,
  { resultsKey, onResult, onProgress, signal }: ReadJsonStreamOptions,
): Promise<unknown> {
  // `$.*` delivers every top-level value; `$.<key>.*` each result as soon as it closes. Without
  // keepStack the root drops each top-level value once delivered, so the only copy we hold is ours.
  // The results array keeps references to the very objects delivered one by one (no second copy).
  const parser = new JSONParser({ paths: [`$.${resultsKey}.*`, '$.*'], keepStack: false });
  const envelope: Record<string, unknown> = {};
  let results = 0;
  let complete = false;
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 2) {
      onResult?.(value, results);
      results += 1;
    } else if (stack.length === 1 && key !== undefined) {
      envelope[String(key)] = value;
    }
  };
  parser.onEnd = () => {
    complete = true;
  };

  let bytes = 0;
  await forEachChunk(body ?? new ReadableStream(), signal, (chunk) => {
    bytes += chunk.byteLength;
    if (complete) {
      // Whatever follows the object (a trailing newline) is not ours to parse.
      if (new TextDecoder().decode(chunk).trim() !== '') throw notJson('text after the end of the JSON');
    } else {
      try {
        parser.write(chunk);
      } catch (error) {
        throw notJson(error instanceof Error ? error.message : String(error));
      }
    }
    onProgress?.({ bytes, results });
  });

  if (!complete) {
    throw new ApiError(bytes === 0 ? 'schema' : 'server', {
      description: bytes === 0 ? 'The answer was empty' : 'The answer stopped before it was complete',
    });
  }
  return envelope;
}

/** Reads a whole body as UTF-8 text, honouring the signal, calling `onChunk` as bytes arrive. */
export async function readBodyText(
  body: ReadableStream<Uint8Array> | null,
  { signal, onChunk }: { signal?: AbortSignal; onChunk?: (bytes: number) => void } = {},
): Promise<string> {
  if (!body) return '';
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  await forEachChunk(body, signal, (chunk) => {
    bytes += chunk.byteLength;
    text += decoder.decode(chunk, { stream: true });
    onChunk?.(bytes);
  });
  return text + decoder.decode();
}

/** Parses a body read whole (answers that do not stream). */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new ApiError('schema', { description: 'The answer was empty' });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw notJson(error instanceof Error ? error.message : String(error));
  }
}

function notJson(reason: string): ApiError {
  return new ApiError('schema', { description: `The answer is not valid JSON (${reason})` });
}

/**
 * Feeds each chunk of the body to `handle`. An abort rejects at once with the signal's reason and
 * cancels the body, even while a read is pending (a stalled stream would otherwise hold us).
 */
async function forEachChunk(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
  handle: (chunk: Uint8Array) => void,
): Promise<void> {
  const reader = body.getReader();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    if (!signal) return;
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  // A rejection nobody awaits yet must not surface as unhandled.
  aborted.catch(() => {});
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) return;
      handle(value);
    }
  } catch (error) {
    reader.cancel(error).catch(() => {});
    throw error;
  } finally {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    reader.releaseLock();
  }
}
