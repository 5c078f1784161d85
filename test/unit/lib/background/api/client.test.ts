// @vitest-environment node
// The client runs in the background service worker: no DOM, the platform's own fetch types.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LISTING_CURSOR_PARAM } from '../../../../../lib/api/assumptions';
import type { EndpointId } from '../../../../../lib/api/endpoints';
import { ApiError } from '../../../../../lib/api/errors';
import type { RawParams } from '../../../../../lib/api/params';
import {
  BALANCE_DEADLINE_MS,
  CALL_DEADLINE_MS,
  type ClientConfig,
  createClient,
  IDLE_DEADLINE_MS,
  type Sleep,
} from '../../../../../lib/background/api/client';
import type { StreamProgress } from '../../../../../lib/background/api/stream';
import { callRaw, walkPages } from '../../../../support/raw-params';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../fixtures/real/${name}`, import.meta.url), 'utf8'));

const V2 = 'http://127.0.0.1:8787';
const V3 = 'http://127.0.0.1:8788/v3-gateway';
const KEY = 'sk_test_3f9a';
const COMPANY = { url: 'https://www.linkedin.com/company/google' };

// ---------------------------------------------------------------------------------------------
// A fake clock: time moves only when everything else is waiting on it.

class FakeClock {
  time = Date.parse('2025-06-01T12:00:00Z');
  readonly start = this.time;
  private timers: { at: number; resolve: () => void }[] = [];

  now = () => this.time;

  sleep: Sleep = (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = { at: this.time + ms, resolve };
      this.timers.push(timer);
      signal?.addEventListener('abort', () => {
        this.timers = this.timers.filter((t) => t !== timer);
        reject(signal.reason);
      });
    });

  get elapsed(): number {
    return this.time - this.start;
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Settles `promise`, moving the clock to the next timer each time nothing else can happen. */
  async run<T>(promise: Promise<T>): Promise<T> {
    let settled = false;
    promise.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    for (;;) {
      await idle();
      if (settled) return promise;
      this.timers.sort((a, b) => a.at - b.at);
      const next = this.timers.shift();
      if (!next) throw new Error('Stuck: nothing is waiting on the clock and the promise is not settled');
      this.time = next.at;
      next.resolve();
    }
  }
}

/** Lets every pending callback of the platform (promises, stream reads) run. */
async function idle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

// ---------------------------------------------------------------------------------------------
// A fetch stub: records each Request (and when it was made) and answers from a script.

type Answer = (request: Request, index: number) => Response | Promise<Response>;

function setup(answer: Answer, config: Partial<ClientConfig> = {}) {
  const clock = new FakeClock();
  const requests: Request[] = [];
  const requestTimes: number[] = [];
  const client = createClient({
    apiKey: KEY,
    baseUrlV2: V2,
    baseUrlV3: V3,
    sleep: clock.sleep,
    now: clock.now,
    fetch: async (request) => {
      requests.push(request);
      requestTimes.push(clock.elapsed);
      return answer(request, requests.length - 1);
    },
    ...config,
  });
  return { client, clock, requests, requestTimes };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const errorBody = (
  code: number,
  name: string,
  description: string,
  extra: object = {},
  headers: Record<string, string> = {},
) => json({ code, name, description, ...extra }, code, headers);

const HTML_PAGE = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';

/** A fetch that never answers, but rejects like the platform's when its request is aborted. */
const neverAnswers: Answer = (request) =>
  new Promise((_, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason));
  });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

// ---------------------------------------------------------------------------------------------

describe('base URLs', () => {
  it.each([
    ['https://user:secret@api.example.com', 'user name or password'],
    ['https://user@api.example.com', 'user name or password'],
    ['http://api.example.com', 'https'],
    // Loopback, but not an origin the manifest may ask access to over http.
    ['http://[::1]:8787', 'https'],
  ])('refuses %s before sending anything', async (base, problem) => {
    const { client, requests } = setup(() => json({}), { baseUrlV2: base });
    const error = await failure(callRaw(client, 'company.profile', COMPANY));
    expect(error.kind).toBe('invalid');
    expect(error.description).toContain(problem);
    expect(requests).toHaveLength(0);
  });

  it.each(['http://127.0.0.1:8787', 'http://localhost:8787', 'https://api.example.com/x'])(
    'accepts %s',
    async (base) => {
      const { client, requests } = setup(() => json(fixture('company-profile.json')), { baseUrlV2: base });
      await callRaw(client, 'company.profile', COMPANY);
      expect(requests).toHaveLength(1);
    },
  );
});

describe('requests', () => {
  it('sends the bearer key and Accept on every request of both versions', async () => {
    const { client, requests } = setup((request) =>
      request.url.startsWith(V3)
        ? json([])
        : request.url.includes('credit-balance')
          ? json({ credit_balance: 5 })
          : json(fixture('company-profile.json')),
    );
    await callRaw(client, 'company.profile', COMPANY);
    await callRaw(client, 'company.logo', { q: 'google' });
    await client.creditBalance();
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.method).toBe('GET');
      expect(request.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
      expect(request.headers.get('Accept')).toBe('application/json');
    }
  });

  it('builds each URL from its version’s base URL, with or without a trailing slash', async () => {
    for (const slash of ['', '/', '//']) {
      const { client, requests } = setup(
        (request) => (request.url.startsWith(V3) ? json([]) : json(fixture('company-profile.json'))),
        { baseUrlV2: V2 + slash, baseUrlV3: V3 + slash },
      );
      const { url, params } = await callRaw(client, 'company.profile', COMPANY);
      await callRaw(client, 'company.logo', { q: 'Ben & Jerry’s +1' });
      expect(requests[0]!.url).toBe(url);
      expect(url.startsWith(`${V2}/api/v2/company?`)).toBe(true);
      expect(Object.fromEntries(new URL(url).searchParams)).toEqual(params);
      expect(requests[1]!.url.startsWith(`${V3}/v3/company/logo?`)).toBe(true);
      expect(new URL(requests[1]!.url).searchParams.get('q')).toBe('Ben & Jerry’s +1');
    }
  });

  it.each(['https://www.linkedin.com/in/josé-garcía', 'https://www.linkedin.com/in/jos%C3%A9-garc%C3%ADa'])(
    'delivers the profile URL as entered, decoded once by the server: %s',
    async (entered) => {
      const { client, requests } = setup(() => json(fixture('person-profile.json')));
      await callRaw(client, 'person.profile', { profile_url: entered });
      const received = new URL(requests[0]!.url).searchParams.get('profile_url');
      expect(received).toBe(entered);
    },
  );

  it('refuses invalid parameters without sending anything', async () => {
    const { client, requests } = setup(() => json([]));
    const missing = await failure(callRaw(client, 'company.logo', {}));
    expect(missing).toMatchObject({ kind: 'invalid', param: 'q', endpointId: 'company.logo' });
    const typo = await failure(callRaw(client, 'company.profile', { ...COMPANY, fundng_data: 'include' }));
    expect(typo.kind).toBe('invalid');
    const tooBig = await failure(
      callRaw(client, 'employee.list', { ...COMPANY, enrich_profiles: 'enrich', page_size: 50 }),
    );
    expect(tooBig).toMatchObject({ kind: 'invalid', param: 'page_size' });
    expect(requests).toHaveLength(0);
  });

  it('returns the canonical params that were sent', async () => {
    const { client, requests } = setup(() => json([]));
    const { params } = await callRaw(client, 'company.logo', { q: 'google' });
    expect(params).toEqual({ q: 'google' });
    expect(new URL(requests[0]!.url).search).toBe('?q=google');
  });
});

describe('errors the service answers', () => {
  const STATUSES: { status: number; kind: string; name: string; description: string; requests: number }[] = [
    {
      status: 400,
      kind: 'invalid',
      name: 'Bad Request',
      description: 'Invalid parameters provided',
      requests: 1,
    },
    { status: 401, kind: 'auth', name: 'Unauthorized', description: 'Invalid API key', requests: 1 },
    { status: 403, kind: 'credits', name: 'Forbidden', description: 'Not enough credits', requests: 1 },
    { status: 404, kind: 'not-found', name: 'Not Found', description: 'Profile not found', requests: 1 },
    {
      status: 409,
      kind: 'stale',
      name: 'Conflict',
      description: 'Retry or raise maxAgeSeconds',
      requests: 1,
    },
    {
      status: 429,
      kind: 'rate-limited',
      name: 'Too Many Requests',
      description: 'Rate limited',
      requests: 1,
    },
    {
      status: 500,
      kind: 'server',
      name: 'Internal Server Error',
      description: 'Internal error',
      requests: 3,
    },
    {
      status: 503,
      kind: 'unavailable',
      name: 'Service Unavailable',
      description: 'Retrieval failed; retry',
      requests: 4,
    },
  ];
  const calls: { version: string; id: EndpointId; params: RawParams }[] = [
    {
      version: 'v2',
      id: 'person.profile',
      params: { profile_url: 'https://www.linkedin.com/in/williamhgates' },
    },
    { version: 'v3', id: 'person.v3', params: { profile: 'williamhgates' } },
  ];

  for (const { version, id, params } of calls) {
    it.each(STATUSES)(`${version}: $status with a {code, name, description} body`, async (row) => {
      const extra = row.status === 409 ? { cachedProfileAgeSeconds: 4_000_000 } : {};
      const { client, clock, requests } = setup(() =>
        errorBody(row.status, row.name, row.description, extra),
      );
      const error = await failure(clock.run(callRaw(client, id, params)));
      expect(error).toMatchObject({
        kind: row.kind,
        status: row.status,
        description: row.description,
        endpointId: id,
      });
      if (row.status === 409) expect(error.cachedProfileAgeSeconds).toBe(4_000_000);
      expect(requests).toHaveLength(row.requests);
    });

    it.each(STATUSES)(`${version}: $status with an HTML page for a body`, async (row) => {
      const { client, clock } = setup(
        () => new Response(HTML_PAGE, { status: row.status, headers: { 'Content-Type': 'text/html' } }),
      );
      const error = await failure(clock.run(callRaw(client, id, params)));
      expect(error).toMatchObject({ kind: row.kind, status: row.status, description: undefined });
    });
  }

  it('reports a network failure as a lost answer, and does not retry it (the service may have charged it)', async () => {
    const { client, requests } = setup(() => {
      throw new TypeError('fetch failed');
    });
    const error = await failure(callRaw(client, 'company.profile', COMPANY));
    expect(error).toMatchObject({
      kind: 'network',
      description: 'fetch failed',
      endpointId: 'company.profile',
      answerLost: true,
    });
    expect(requests).toHaveLength(1);
  });

  it.each([502, 504])('never retries a %i: a gateway may hide a request that finished', async (status) => {
    const { client, clock, requests } = setup(() => new Response(HTML_PAGE, { status }));
    const error = await failure(clock.run(callRaw(client, 'company.profile', COMPANY)));
    expect(error).toMatchObject({ kind: 'server', status, answerLost: true });
    expect(requests).toHaveLength(1);
  });

  it('never follows a redirect: asked not to, and a 3xx that reaches it is a lost answer', async () => {
    const { client, clock, requests } = setup(
      () => new Response(null, { status: 302, headers: { Location: 'https://elsewhere.test/' } }),
    );
    const error = await failure(clock.run(callRaw(client, 'company.profile', COMPANY)));
    expect(error).toMatchObject({ status: 302, answerLost: true });
    expect(requests.map((request) => request.redirect)).toEqual(['error']);
  });

  it('documented refusals are not lost answers: nothing was charged', async () => {
    for (const status of [400, 401, 403, 404, 429, 500, 503]) {
      const { client, clock } = setup(() => errorBody(status, 'Error', 'no'));
      const error = await failure(clock.run(callRaw(client, 'company.profile', COMPANY)));
      expect(error.answerLost).toBeUndefined();
    }
  });

  it('names the field of an answer that does not match, and does not retry', async () => {
    const profile = fixture('person-profile.json');
    profile.experiences[0].starts_at.year = '2021';
    const { client, requests } = setup(() => json(profile));
    const error = await failure(
      callRaw(client, 'person.profile', { profile_url: 'https://www.linkedin.com/in/x' }),
    );
    expect(error).toMatchObject({
      kind: 'schema',
      path: 'experiences.0.starts_at.year',
      endpointId: 'person.profile',
    });
    expect(requests).toHaveLength(1);
  });

  it('reports a 200 that is not JSON as a schema error', async () => {
    const { client } = setup(() => new Response(HTML_PAGE, { status: 200 }));
    expect((await failure(callRaw(client, 'company.profile', COMPANY))).kind).toBe('schema');
  });
});

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

describe('pages', () => {
  /** Three pages; the cursor of page n+1 is `c<n+1>`, put in the next-page URL like the service does. */
  const styles = [
    {
      id: 'person.search' as const,
      params: { country: 'US', current_role_title: 'engineer' },
      sent: 'next_token',
      page: (n: number, next: string | null) => ({
        results: [
          { network_profile_url: `https://www.linkedin.com/in/p${n}`, profile: null, last_updated: null },
        ],
        next_page: next && `${V2}/api/v2/search/person?page_size=100&next_token=${encodeURIComponent(next)}`,
        total_result_count: 3,
      }),
    },
    {
      id: 'employee.list' as const,
      params: COMPANY,
      sent: LISTING_CURSOR_PARAM,
      page: (n: number, next: string | null) => ({
        employees: [{ profile_url: `https://www.linkedin.com/in/e${n}`, profile: null, last_updated: null }],
        next_page: next && `${V2}/api/v2/company/employees/?url=x&after=${encodeURIComponent(next)}`,
      }),
    },
    {
      id: 'job.search' as const,
      params: { search_id: '1035' },
      sent: 'pagination',
      page: (n: number, next: string | null) => ({
        job: [{ job_title: `Job ${n}`, job_url: `https://www.linkedin.com/jobs/view/${n}` }],
        next_page_no: next ? n + 1 : null,
        next_page_api_url:
          next &&
          `http://nubela.co/proxycurl/api/v2/company/job?pagination=${encodeURIComponent(next)}&search_id=1035`,
        previous_page_no: null,
        previous_page_api_url: null,
      }),
    },
  ];
  // Cursors with characters that must survive being read from a URL and sent back in one.
  const CURSORS = [null, 'c2+/=', 'eyJwYWdlIjogMn0'];

  /** Serves page n for the cursor CURSORS[n - 1]. */
  function serve(style: (typeof styles)[number]) {
    return (request: Request) => {
      const cursor = new URL(request.url).searchParams.get(style.sent);
      const index = CURSORS.indexOf(cursor);
      if (index < 0) return errorBody(400, 'Bad Request', `unknown cursor ${cursor}`);
      return json(style.page(index + 1, CURSORS[index + 1] ?? null));
    };
  }

  it.each(styles)('$id walks 3 pages, sending the cursor as $sent', async (style) => {
    const { client, requests } = setup(serve(style));
    const pages = [];
    for await (const page of walkPages(client, style.id, style.params)) pages.push(page);
    expect(pages).toHaveLength(3);
    expect(requests.map((r) => new URL(r.url).searchParams.get(style.sent))).toEqual(CURSORS);
    expect(pages.map((p) => p.nextCursor)).toEqual([CURSORS[1], CURSORS[2], null]);
    expect(pages[2]!.data).toEqual(style.page(3, null));
    // The filters go along with every page.
    for (const request of requests) {
      for (const [name, value] of Object.entries(style.params)) {
        expect(new URL(request.url).searchParams.get(name)).toBe(value);
      }
    }
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

describe('creditBalance', () => {
  it('reads the balance, free, from the v2 base', async () => {
    const { client, requests } = setup(() => json(fixture('credit-balance.json')));
    expect(await client.creditBalance()).toBe(100000);
    expect(requests[0]!.url).toBe(`${V2}/api/v2/credit-balance`);
  });

  it('says "unknown" (null) on a 404, and throws other errors', async () => {
    const notThere = setup(() => errorBody(404, 'Not Found', 'no such route'));
    expect(await notThere.client.creditBalance()).toBeNull();
    const refused = setup(() => errorBody(401, 'Unauthorized', 'Invalid API key'));
    expect((await failure(refused.client.creditBalance())).kind).toBe('auth');
  });
});
