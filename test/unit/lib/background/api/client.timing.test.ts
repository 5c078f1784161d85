// @vitest-environment node
// The client runs in the background service worker: no DOM, the platform's own fetch types.
// What the client does over time: its deadlines, its retries, and the pages it reads as they stream in.
import { describe, expect, it } from 'vitest';
import {
  BALANCE_DEADLINE_MS,
  BODY_DEADLINE_MS,
  CALL_DEADLINE_MS,
  IDLE_DEADLINE_MS,
} from '../../../../../lib/background/api/client';
import type { StreamProgress } from '../../../../../lib/background/api/stream';
import {
  COMPANY,
  errorBody,
  type FakeClock,
  failure,
  fixture,
  idle,
  json,
  neverAnswers,
  setup,
} from '../../../../support/fake-fetch';
import { callRaw } from '../../../../support/raw-params';

describe('timeouts and cancelling', () => {
  it('times out when the service does not answer, on the injected clock', async () => {
    const { client, clock, requests } = setup(neverAnswers);
    const error = await failure(clock.run(callRaw(client, 'company.profile', COMPANY)));
    expect(error).toMatchObject({ kind: 'timeout', endpointId: 'company.profile' });
    expect(clock.elapsed).toBe(IDLE_DEADLINE_MS);
    expect(requests).toHaveLength(1);
  });

  it('times out a body that stalls, counting from its last chunk', async () => {
    const { client, clock } = setup(
      () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"name": "Goo'));
          },
        });
        return new Response(body, { status: 200 });
      },
      { timeoutMs: 5_000 },
    );
    const error = await failure(clock.run(callRaw(client, 'company.profile', COMPANY)));
    expect(error.kind).toBe('timeout');
    expect(clock.elapsed).toBe(5_000);
  });

  /** A body that never ends: one byte every `everyMs` of the fake clock, well within the idle deadline. */
  function drippingResponse(clock: FakeClock, everyMs: number, status = 200) {
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await clock.sleep(everyMs);
        controller.enqueue(new TextEncoder().encode(' '));
      },
    });
    return new Response(body, { status });
  }

  it('times out an answer that does not stream when its body drips past the body deadline, however often a byte comes', async () => {
    let clock!: FakeClock;
    const made = setup(() => drippingResponse(clock, 60), { bodyDeadlineMs: 5_000 });
    clock = made.clock;
    const error = await failure(clock.run(callRaw(made.client, 'company.profile', COMPANY)));
    expect(error).toMatchObject({ kind: 'timeout', endpointId: 'company.profile', answerLost: true });
    expect(clock.elapsed).toBe(5_000);
    expect(made.requests).toHaveLength(1);
    // An error's body drips as well: the status is not waited on for ever either.
    const refused = setup(() => drippingResponse(clock, 60, 500), { bodyDeadlineMs: 5_000 });
    clock = refused.clock;
    expect((await failure(clock.run(callRaw(refused.client, 'company.profile', COMPANY)))).kind).toBe(
      'timeout',
    );
    expect(clock.elapsed).toBe(5_000);
  });

  it('gives the body of an answer that does not stream BODY_DEADLINE_MS by default, a balance reading no more than its own', async () => {
    let clock!: FakeClock;
    const made = setup(() => drippingResponse(clock, 60));
    clock = made.clock;
    await failure(clock.run(callRaw(made.client, 'company.profile', COMPANY)));
    expect(clock.elapsed).toBe(BODY_DEADLINE_MS);
    const balance = setup(() => drippingResponse(clock, 60));
    clock = balance.clock;
    expect((await failure(clock.run(balance.client.creditBalance()))).kind).toBe('timeout');
    expect(clock.elapsed).toBe(BALANCE_DEADLINE_MS);
  });

  it('is cancelled during a retry wait, without another request', async () => {
    const { client, clock, requests } = setup(() => errorBody(500, 'Internal Server Error', 'boom'));
    const controller = new AbortController();
    const calling = callRaw(client, 'company.profile', COMPANY, { signal: controller.signal });
    calling.catch(() => {});
    await idle();
    expect(requests).toHaveLength(1);
    expect(clock.pendingTimers).toBe(2); // the pause before the retry, and the call's deadline
    controller.abort();
    const error = await failure(calling);
    expect(error).toMatchObject({ kind: 'aborted', endpointId: 'company.profile' });
    await idle();
    expect(requests).toHaveLength(1);
    expect(clock.elapsed).toBe(0);
    expect(clock.pendingTimers).toBe(0);
  });

  it('is cancelled while the request is in flight, and sends nothing when cancelled before', async () => {
    const { client, clock, requests } = setup(neverAnswers);
    const controller = new AbortController();
    const calling = callRaw(client, 'company.profile', COMPANY, { signal: controller.signal });
    calling.catch(() => {});
    await idle();
    controller.abort();
    expect((await failure(calling)).kind).toBe('aborted');
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(clock.elapsed).toBe(0);

    const already = AbortSignal.abort();
    expect((await failure(callRaw(client, 'company.profile', COMPANY, { signal: already }))).kind).toBe(
      'aborted',
    );
    expect(requests).toHaveLength(1);
  });
});

describe('retries', () => {
  it('retries a 503 at once, 3 times (4 requests), then gives up', async () => {
    const { client, clock, requestTimes } = setup(() => errorBody(503, 'Service Unavailable', 'retry'));
    const error = await failure(clock.run(callRaw(client, 'company.profile', COMPANY)));
    expect(error.kind).toBe('unavailable');
    expect(requestTimes).toEqual([0, 0, 0, 0]);
  });

  it('retries a 500 twice after a pause (3 requests)', async () => {
    const { client, clock, requestTimes } = setup(() => errorBody(500, 'Internal Server Error', 'boom'));
    expect((await failure(clock.run(callRaw(client, 'company.profile', COMPANY)))).kind).toBe('server');
    expect(requestTimes).toEqual([0, 1_000, 2_000]);
  });

  it('returns the answer of a retry that succeeds', async () => {
    const { client, clock, requests } = setup((_, n) =>
      n < 2 ? errorBody(503, 'Service Unavailable', 'retry') : json(fixture('company-profile.json')),
    );
    const { data } = await clock.run(callRaw(client, 'company.profile', COMPANY));
    expect(data).toMatchObject({ name: fixture('company-profile.json').name });
    expect(requests).toHaveLength(3);
  });

  it('does not retry a 429: tells the pacer, which learns the limit, and throws at once', async () => {
    const limited: (number | undefined)[] = [];
    let acquired = 0;
    const pace = {
      acquire: async () => {
        acquired += 1;
      },
      rateLimited: (seconds: number | undefined) => limited.push(seconds),
    };
    const { client, clock, requests } = setup(
      () => errorBody(429, 'Too Many Requests', 'Rate limited', {}, { 'Retry-After': '7' }),
      { pace },
    );
    const error = await failure(clock.run(callRaw(client, 'company.profile', COMPANY)));
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 7 });
    expect(requests).toHaveLength(1);
    expect(limited).toEqual([7]);
    expect(acquired).toBe(1);
  });

  it('asks the pacer before every request, retries included', async () => {
    let acquired = 0;
    const pace = {
      acquire: async () => {
        acquired += 1;
      },
      rateLimited: () => {},
    };
    const { client, clock, requests } = setup(() => errorBody(503, 'Service Unavailable', 'retry'), { pace });
    await failure(clock.run(callRaw(client, 'company.profile', COMPANY)));
    expect(requests).toHaveLength(4);
    expect(acquired).toBe(4);
    // The balance reading too, each of its four tries.
    await clock.run(client.creditBalance().catch(() => null));
    expect(acquired).toBe(8);
  });

  it('gives a call 60 s in all, retries and pauses included', async () => {
    const { client, clock } = setup((_, n) =>
      n === 0 ? errorBody(500, 'Internal Server Error', 'boom') : neverAnswers(_, n),
    );
    const error = await failure(clock.run(callRaw(client, 'company.profile', COMPANY)));
    expect(error.kind).toBe('timeout');
    // The retry left after the 1 s pause, then waited until the call's deadline (not its idle 60 s).
    expect(clock.elapsed).toBe(CALL_DEADLINE_MS);
  });

  it('gives a balance reading 15 s', async () => {
    const { client, clock } = setup(neverAnswers, { timeoutMs: 120_000 });
    const error = await failure(clock.run(client.creditBalance()));
    expect(error.kind).toBe('timeout');
    expect(clock.elapsed).toBe(BALANCE_DEADLINE_MS);
  });

  it.each([400, 401, 403, 404, 409, 422])('never retries a %i', async (status) => {
    const { client, clock, requests } = setup(() => errorBody(status, 'Error', 'no'));
    await failure(clock.run(callRaw(client, 'company.profile', COMPANY)));
    expect(requests).toHaveLength(1);
    expect(clock.elapsed).toBe(0);
  });
});

describe('streamed enriched listings', () => {
  /** The real published listing, grown to three employees; names outside ASCII split across chunks. */
  function listingAnswer() {
    const listing = fixture('employee-listing.json');
    const [first] = listing.employees;
    const second = {
      ...first,
      profile_url: 'https://www.linkedin.com/in/josé-garcía',
      profile: { ...first.profile, first_name: 'José', full_name: 'José García 🚀' },
    };
    const third = { ...first, profile_url: 'https://www.linkedin.com/in/zoë' };
    return { employees: [first, second, third], next_page: null };
  }

  function streamedResponse(text: string, chunkBytes: number) {
    const bytes = new TextEncoder().encode(text);
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + chunkBytes));
        offset += chunkBytes;
      },
    });
    return { response: new Response(body, { status: 200 }), total: bytes.length, sent: () => offset };
  }

  it('delivers each result as it completes and reports progress, then the validated page', async () => {
    const answer = listingAnswer();
    const text = JSON.stringify(answer, null, 1);
    const stream = streamedResponse(text, 7);
    const { client } = setup(() => stream.response);
    const results: { index: number; result: unknown; sentSoFar: number }[] = [];
    const progress: StreamProgress[] = [];
    const { data, params } = await callRaw(
      client,
      'employee.list',
      { ...COMPANY, enrich_profiles: 'enrich' },
      {
        onResult: (result, index) => results.push({ index, result, sentSoFar: stream.sent() }),
        onProgress: (p) => progress.push(p),
      },
    );
    expect(params.enrich_profiles).toBe('enrich');
    expect(data).toEqual(answer);
    expect(results.map((r) => r.index)).toEqual([0, 1, 2]);
    expect(results.map((r) => r.result)).toEqual(answer.employees);
    expect(results[0]!.sentSoFar).toBeLessThan(stream.total);
    expect(results[1]!.sentSoFar).toBeLessThan(stream.total);
    expect(progress.length).toBe(Math.ceil(stream.total / 7));
    expect(progress.at(-1)).toEqual({ bytes: stream.total, results: 3 });
    expect(progress.map((p) => p.results)).toEqual([...progress.map((p) => p.results)].sort((a, b) => a - b));
  });

  it('validates the streamed page with the response schema', async () => {
    const answer = listingAnswer();
    (answer.employees[1] as { profile_url: unknown }).profile_url = 42;
    const { client } = setup(() => streamedResponse(JSON.stringify(answer), 16).response);
    const error = await failure(callRaw(client, 'employee.list', { ...COMPANY, enrich_profiles: 'enrich' }));
    expect(error).toMatchObject({
      kind: 'schema',
      path: 'employees.1.profile_url',
      endpointId: 'employee.list',
    });
  });

  it('does not retry a streamed page that broke off (it may have been charged)', async () => {
    const text = JSON.stringify(listingAnswer());
    const { client, clock, requests } = setup(
      () => streamedResponse(text.slice(0, text.length / 2), 64).response,
    );
    const error = await failure(
      clock.run(callRaw(client, 'employee.list', { ...COMPANY, enrich_profiles: 'enrich' })),
    );
    expect(error).toMatchObject({ status: undefined, answerLost: true });
    expect(requests).toHaveLength(1);
  });

  /** A page that arrives a few bytes every `everyMs` of the fake clock, then (unless `stallAfter`) ends. */
  function tricklingResponse(clock: FakeClock, text: string, everyMs: number, stallAfter = Infinity) {
    const bytes = new TextEncoder().encode(text);
    const chunk = Math.ceil(bytes.length / 30);
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (offset >= bytes.length) return controller.close();
        if (offset >= stallAfter) return new Promise<void>(() => {});
        await clock.sleep(everyMs);
        controller.enqueue(bytes.slice(offset, offset + chunk));
        offset += chunk;
      },
    });
    return new Response(body, { status: 200 });
  }

  it('reads a page that keeps arriving past the call deadline to its end', async () => {
    const answer = listingAnswer();
    const text = JSON.stringify(answer);
    let clock!: FakeClock;
    const made = setup(() => tricklingResponse(clock, text, 10_000));
    clock = made.clock;
    const results: unknown[] = [];
    const { data } = await clock.run(
      callRaw(
        made.client,
        'employee.list',
        { ...COMPANY, enrich_profiles: 'enrich' },
        {
          onResult: (result) => results.push(result),
        },
      ),
    );
    // 30 chunks 10 s apart: five minutes in all, never a minute without a byte.
    expect(clock.elapsed).toBeGreaterThan(4 * CALL_DEADLINE_MS);
    expect(data).toEqual(answer);
    expect(results).toHaveLength(3);
    expect(made.requests).toHaveLength(1);
  });

  it('keeps reading a streamed page that drips a byte every 60 ms past the body deadline', async () => {
    const answer = listingAnswer();
    const bytes = new TextEncoder().encode(JSON.stringify(answer));
    let clock!: FakeClock;
    let offset = 0;
    const made = setup(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async pull(controller) {
              if (offset >= bytes.length) return controller.close();
              await clock.sleep(60);
              controller.enqueue(bytes.slice(offset, offset + 1));
              offset += 1;
            },
          }),
          { status: 200 },
        ),
      { bodyDeadlineMs: 5_000 },
    );
    clock = made.clock;
    const { data } = await clock.run(
      callRaw(made.client, 'employee.list', { ...COMPANY, enrich_profiles: 'enrich' }),
    );
    expect(data).toEqual(answer);
    expect(clock.elapsed).toBe(bytes.length * 60);
    expect(clock.elapsed).toBeGreaterThan(5_000);
  });

  it('gives up on a page that stops arriving, an idle deadline after its last byte', async () => {
    const text = JSON.stringify(listingAnswer());
    let clock!: FakeClock;
    const made = setup(() => tricklingResponse(clock, text, 10_000, Math.ceil(text.length / 3)));
    clock = made.clock;
    const error = await failure(
      clock.run(callRaw(made.client, 'employee.list', { ...COMPANY, enrich_profiles: 'enrich' })),
    );
    expect(error).toMatchObject({ kind: 'timeout', answerLost: true });
    // Ten chunks arrived 10 s apart; then a full idle deadline without a byte.
    expect(clock.elapsed).toBe(10 * 10_000 + IDLE_DEADLINE_MS);
    expect(made.requests).toHaveLength(1);
  });

  it('does not stream when the profiles are not enriched', async () => {
    const { client } = setup(() => json({ employees: [], next_page: null }));
    const results: unknown[] = [];
    await callRaw(client, 'employee.list', COMPANY, { onResult: (r) => results.push(r) });
    expect(results).toEqual([]);
  });
});
