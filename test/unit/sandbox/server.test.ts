// @vitest-environment node
/** The sandbox over a real socket: streaming with chunked transfer, and starting and stopping. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeListResponseSchema, personSearchResponseSchema } from '../../../lib/api/schemas';
import { type RunningSandbox, startSandbox } from '../../../sandbox/app';

let running: RunningSandbox;

beforeAll(async () => {
  running = await startSandbox({ port: 0, keys: [{ key: 'k', credits: 1_000_000, plan: 'growth' }] });
});

afterAll(async () => {
  await running?.close();
});

/** Reads a body chunk by chunk, as the client's stream reader does. */
async function readChunks(response: Response): Promise<string[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(decoder.decode(value, { stream: true }));
  }
}

const balance = () => running.sandbox.state.accounts.get('k')!.balance;

describe('a started sandbox', () => {
  it('listens on 127.0.0.1 and answers both versions at the same base URL', async () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const headers = { Authorization: 'Bearer k' };
    expect((await fetch(`${running.url}/api/v2/credit-balance`, { headers })).status).toBe(200);
    expect((await fetch(`${running.url}/v3/company/logo?q=tech`, { headers })).status).toBe(200);
  });

  it('streams an enriched employee listing in several chunks, charging what was sent', async () => {
    const { queries } = running.sandbox;
    const company = queries.dataset.companies.find(
      (candidate) =>
        queries.listEmployees(candidate, { coyNameMatch: true, employmentStatus: 'current', sortBy: 'none' })
          .length >= 10,
    )!;
    const before = balance();
    const response = await fetch(
      `${running.url}/api/v2/company/employees/?url=${encodeURIComponent(company.url)}&enrich_profiles=enrich&page_size=10`,
      { headers: { Authorization: 'Bearer k' } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const chunks = await readChunks(response);
    expect(chunks.length).toBeGreaterThanOrEqual(5);
    const body = employeeListResponseSchema.parse(JSON.parse(chunks.join('')));
    expect(body.employees).toHaveLength(10);
    expect(body.employees.every((employee) => employee.profile?.public_identifier)).toBe(true);
    expect(before - balance()).toBe(10 * (3 + 1));
  });

  it('streams an enriched person search and keeps its envelope', async () => {
    const response = await fetch(
      `${running.url}/api/v2/search/person?country=US&enrich_profiles=enrich&page_size=4`,
      {
        headers: { Authorization: 'Bearer k' },
      },
    );
    const chunks = await readChunks(response);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const body = personSearchResponseSchema.parse(JSON.parse(chunks.join('')));
    expect(body.results).toHaveLength(4);
    expect(body.total_result_count).toBeGreaterThan(4);
    expect(body.next_page).toMatch(new RegExp(`^${running.url}/api/v2/search/person\\?next_token=`));
  });

  it('charges a truncated stream for the results it sent before stopping', async () => {
    const before = balance();
    const response = await fetch(
      `${running.url}/api/v2/search/person?country=US&enrich_profiles=enrich&page_size=10`,
      {
        headers: { Authorization: 'Bearer k', 'X-Sandbox-Fault': 'truncate' },
      },
    );
    const text = (await readChunks(response)).join('');
    expect(() => JSON.parse(text)).toThrow();
    expect(before - balance()).toBe(5 * 4);
  });

  it.each([
    { setting: 'by default', chargeOnClientGone: false },
    { setting: 'with chargeOnClientGone', chargeOnClientGone: true },
  ])(
    'a client that drops the connection mid-stream, $setting: 499, charged for what was computed',
    async ({ chargeOnClientGone }) => {
      // The setting is switched the way a test harness would, through the admin route.
      await fetch(`${running.url}/__sandbox/keys/k?charge_on_client_gone=${chargeOnClientGone}`, {
        method: 'PUT',
      });
      const headers = { Authorization: 'Bearer k' };
      const balanceNow = async () =>
        (
          (await (await fetch(`${running.url}/api/v2/credit-balance`, { headers })).json()) as {
            credit_balance: number;
          }
        ).credit_balance;
      const before = await balanceNow();
      const controller = new AbortController();
      const response = await fetch(
        `${running.url}/api/v2/search/person?country=US&enrich_profiles=enrich&page_size=10`,
        { headers, signal: controller.signal },
      );
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      while ((received.match(/"network_profile_url"/g) ?? []).length < 2) {
        const { done, value } = await reader.read();
        if (done) throw new Error('the stream ended before the client left');
        received += decoder.decode(value, { stream: true });
      }
      controller.abort();

      const logged = async () => {
        const { requests } = (await (await fetch(`${running.url}/__sandbox/requests?key=k`)).json()) as {
          requests: { path: string; status: number; charged: number }[];
        };
        return requests.filter(({ path }) => path === '/api/v2/search/person').at(-1)!;
      };
      await expect.poll(async () => (await logged()).status).toBe(499);
      const charged = before - (await balanceNow());
      expect((await logged()).charged).toBe(charged);
      // Growth plan, enriched: 4 credits a result.
      if (chargeOnClientGone) expect(charged).toBe(10 * 4);
      else {
        expect(charged % 4).toBe(0);
        expect(charged / 4).toBeGreaterThanOrEqual(2);
        expect(charged / 4).toBeLessThan(10);
      }
    },
  );

  it('stops listening when closed', async () => {
    const other = await startSandbox({ port: 0 });
    await other.close();
    await expect(fetch(`${other.url}/api/v2/credit-balance`)).rejects.toThrow();
  });
});
