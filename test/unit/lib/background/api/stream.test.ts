// @vitest-environment node
// The client runs in the background service worker: no DOM, the platform's own streams.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../lib/api/errors';
import {
  parseJsonBody,
  readBodyText,
  readJsonStream,
  type StreamProgress,
} from '../../../../../lib/background/api/stream';

const listing = JSON.parse(
  readFileSync(new URL('../../../../fixtures/real/employee-listing.json', import.meta.url), 'utf8'),
);

/** The real published listing, grown to three employees, one with names outside ASCII. */
function threeEmployees() {
  const [first] = listing.employees;
  const accented = {
    ...first,
    profile_url: 'https://www.linkedin.com/in/josé-garcía',
    profile: { ...first.profile, first_name: 'José', last_name: 'García 🚀', full_name: 'José García 🚀' },
  };
  const third = { ...first, profile_url: 'https://www.linkedin.com/in/zoë-ørsted' };
  return { ...listing, employees: [first, accented, third], next_page: null, unknown_extra: { kept: true } };
}

/**
 * A body delivered `size` bytes at a time, so chunks split tokens and multi-byte characters.
 * `delivered` tells how many bytes the reader has pulled so far.
 */
function chunkedBody(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  const state = { delivered: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      const chunk = bytes.slice(offset, offset + size);
      offset += chunk.length;
      state.delivered = offset;
      controller.enqueue(chunk);
    },
  });
  return { body, state, total: bytes.length };
}

describe('readJsonStream', () => {
  it('emits each result as soon as it is complete, whatever the chunk boundaries', async () => {
    const answer = threeEmployees();
    const text = JSON.stringify(answer, null, 2);
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const { body, state, total } = chunkedBody(text, size);
      const emitted: { result: unknown; index: number; bytesSoFar: number }[] = [];
      const progress: StreamProgress[] = [];
      const envelope = await readJsonStream(body, {
        resultsKey: 'employees',
        onResult: (result, index) => emitted.push({ result, index, bytesSoFar: state.delivered }),
        onProgress: (p) => progress.push(p),
      });

      expect(envelope).toEqual(answer);
      expect(emitted.map((e) => e.index)).toEqual([0, 1, 2]);
      expect(emitted.map((e) => e.result)).toEqual(answer.employees);
      // One by one: the first two were out before the body was all there.
      expect(emitted[0]!.bytesSoFar).toBeLessThan(emitted[1]!.bytesSoFar);
      expect(emitted[1]!.bytesSoFar).toBeLessThan(total);
      expect(progress.length).toBe(Math.ceil(total / size));
      expect(progress.at(-1)).toEqual({ bytes: total, results: 3 });
      const bytesSeen = progress.map((p) => p.bytes);
      expect(bytesSeen).toEqual([...bytesSeen].sort((a, b) => a - b));
    }
  });

  it('keeps multi-byte characters split across chunks intact', async () => {
    const answer = threeEmployees();
    const text = JSON.stringify(answer);
    // 'é' is two bytes in UTF-8 and '🚀' four: with one-byte chunks every one of them is split.
    const { body } = chunkedBody(text, 1);
    const envelope = (await readJsonStream(body, { resultsKey: 'employees' })) as typeof answer;
    expect(envelope.employees[1].profile.full_name).toBe('José García 🚀');
    expect(envelope.employees[2].profile_url).toBe('https://www.linkedin.com/in/zoë-ørsted');
  });

  it('reads an empty results array and a trailing newline sent on its own', async () => {
    const parts = ['{"employees":[],"next_page":null}', '\n'].map((t) => new TextEncoder().encode(t));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    expect(await readJsonStream(body, { resultsKey: 'employees' })).toEqual({
      employees: [],
      next_page: null,
    });
  });

  it('reports a body that is not JSON as a schema error', async () => {
    const { body } = chunkedBody('<html><body>Bad gateway</body></html>', 4);
    const error: unknown = await readJsonStream(body, { resultsKey: 'employees' }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('schema');
  });

  it('reports a body that stops half-way as a server failure, and an empty one as a schema error', async () => {
    const cut = chunkedBody(JSON.stringify(threeEmployees()).slice(0, 500), 50);
    await expect(readJsonStream(cut.body, { resultsKey: 'employees' })).rejects.toMatchObject({
      kind: 'server',
    });
    const empty = chunkedBody('', 1);
    await expect(readJsonStream(empty.body, { resultsKey: 'employees' })).rejects.toMatchObject({
      kind: 'schema',
    });
  });

  it('stops at once when aborted while the stream is stalled, and cancels the body', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"employees":[{"profile_url":"x"'));
        // ...and nothing more, ever.
      },
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const reading = readJsonStream(body, {
      resultsKey: 'employees',
      signal: controller.signal,
      // Abort once the read of the next chunk is pending.
      onProgress: () => setTimeout(() => controller.abort(new Error('person cancelled')), 5),
    });
    await expect(reading).rejects.toThrow('person cancelled');
    expect(cancelled).toBe(true);
  });
});

describe('readBodyText and parseJsonBody', () => {
  it('decodes a body whose multi-byte characters are split across chunks', async () => {
    const { body } = chunkedBody('{"name":"José García 🚀"}', 1);
    const chunks: number[] = [];
    const text = await readBodyText(body, { onChunk: (bytes) => chunks.push(bytes) });
    expect(parseJsonBody(text)).toEqual({ name: 'José García 🚀' });
    expect(chunks.length).toBe(new TextEncoder().encode(text).length);
  });

  it('reads a missing body as empty text, and empty or non-JSON text as a schema error', async () => {
    expect(await readBodyText(null)).toBe('');
    expect(() => parseJsonBody('  ')).toThrow(expect.objectContaining({ kind: 'schema' }));
    expect(() => parseJsonBody('{"a":')).toThrow(expect.objectContaining({ kind: 'schema' }));
  });
});
