// @vitest-environment node
/** The sandbox over a real socket: streaming with chunked transfer, and starting and stopping. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeListResponseSchema, personSearchResponseSchema } from '../lib/api/schemas';
import { type RunningSandbox, startSandbox } from './app';

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

  it('stops listening when closed', async () => {
    const other = await startSandbox({ port: 0 });
    await other.close();
    await expect(fetch(`${other.url}/api/v2/credit-balance`)).rejects.toThrow();
  });
});
