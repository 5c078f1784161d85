// @vitest-environment node
// The client runs in the background service worker: no DOM, the platform's own fetch types.
import { describe, expect, it } from 'vitest';
import { LISTING_CURSOR_PARAM } from '../../../../../lib/api/assumptions';
import type { EndpointId } from '../../../../../lib/api/endpoints';
import type { RawParams } from '../../../../../lib/api/params';
import {
  COMPANY,
  errorBody,
  failure,
  fixture,
  HTML_PAGE,
  json,
  KEY,
  setup,
  V2,
  V3,
} from '../../../../support/fake-fetch';
import { callRaw, walkPages } from '../../../../support/raw-params';

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

  it('reports a connection broken after the request left as a lost answer, and does not retry it (the service may have charged it)', async () => {
    const { client, requests } = setup(() => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      });
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

  it.each([
    [
      'ECONNREFUSED (Node)',
      new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }),
    ],
    ["a browser's bare TypeError", new TypeError('Failed to fetch')],
  ])(
    'a connection refused before anything was sent, %s, is no lost answer and is sent again',
    async (_name, refusal) => {
      const { client, clock, requests } = setup((_request, index) => {
        if (index < 2) throw refusal;
        return json(fixture('company-profile.json'));
      });
      const { data } = await clock.run(callRaw(client, 'company.profile', COMPANY));
      expect(data).toBeTruthy();
      expect(requests).toHaveLength(3);
    },
  );

  it('a connection refused on every try says nothing was sent, and is not a lost answer', async () => {
    const { client, clock, requests } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(clock.run(callRaw(client, 'company.profile', COMPANY)));
    expect(error.kind).toBe('unreachable');
    expect(error.answerLost).toBeUndefined();
    expect(requests).toHaveLength(1 + 2);
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
