/**
 * What both end-to-end suites share, with no browser driver in it (the Chromium suite runs under
 * Playwright, the Firefox one under vitest with puppeteer-core): a sandbox on a random port with
 * its request log and balances, a person of its dataset, and the small page served at a profile's
 * real address.
 */
import { startSandbox } from '../../sandbox/app';
import { parseKeyFaults } from '../../sandbox/faults';
import { parseKeys } from '../../sandbox/keys';

export const PROFILE_PATH = '/api/v2/profile';

/**
 * The settings the end-to-end tests start from (as onboarding against the sandbox would save them),
 * with what a test changes: written to the extension's storage by each suite's own driver.
 */
export function e2eSettings(
  sandboxUrl: string,
  patch: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    apiKey: 'demo',
    baseUrlV2: sandboxUrl,
    baseUrlV3: sandboxUrl,
    plan: 'standard',
    dailyBudget: 200,
    staleAfterDays: 29,
    autoEnrich: false,
    cacheMaxBytes: 50 * 1024 * 1024,
    onboarded: true,
    ...patch,
  };
}

export interface SandboxHandle {
  url: string;
  close(): Promise<void>;
  /** Every request that reached the service routes (/api, /v3), as logged by the sandbox. */
  requests(): Promise<
    Array<{ path: string; status: number; charged: number; key?: string; query?: Record<string, string> }>
  >;
  balance(key?: string): Promise<number>;
}

/**
 * A sandbox on 127.0.0.1 at a free port, read through its admin routes. By default the keys the
 * end-to-end tests use: `demo` (plenty), `poor` (3 credits), and `slow` (answers after 3 s: time for
 * a test to stop the background while a call is in flight), and `probe`, the test's own (what the
 * sandbox answers, read without touching the extension's account).
 */
export async function startTestSandbox({
  keys = 'demo=10000:standard,poor=3:standard,slow=10000:growth,probe=10000:standard',
  faults = 'slow=latency=3000',
}: {
  keys?: string;
  faults?: string;
} = {}): Promise<SandboxHandle> {
  const server = await startSandbox({ port: 0, keys: parseKeys(keys), keyFaults: parseKeyFaults(faults) });
  const admin = async (route: string) => (await fetch(`${server.url}/__sandbox/${route}`)).json();
  return {
    url: server.url,
    close: server.close,
    requests: async () => (await admin('requests')).requests,
    balance: async (key = 'demo') => {
      const { keys } = (await admin('keys')) as { keys: Array<{ key: string; credit_balance: number }> };
      const account = keys.find((k) => k.key === key);
      if (!account) throw new Error(`the sandbox has no key ${key}`);
      return account.credit_balance;
    },
  };
}

/** A person of the sandbox's dataset: their profile URL, and their name as the service gives it. */
export async function samplePerson(
  sandbox: SandboxHandle,
  index = 0,
): Promise<{ url: string; fullName: string }> {
  const headers = { Authorization: 'Bearer demo' };
  const search = await fetch(`${sandbox.url}/api/v2/search/person?page_size=${index + 1}`, { headers });
  const { results } = (await search.json()) as { results: { network_profile_url: string }[] };
  const url = results[index]!.network_profile_url;
  const profile = await fetch(`${sandbox.url}${PROFILE_PATH}?profile_url=${encodeURIComponent(url)}`, {
    headers,
  });
  const { full_name } = (await profile.json()) as { full_name: string };
  // Looking them up cost the demo key credits; tests measure charges from here on.
  await fetch(`${sandbox.url}/__sandbox/requests`, { method: 'DELETE' });
  return { url, fullName: full_name };
}

/** A small profile page as the network would serve it at `url`, linking a company, a person and an e-mail. */
export function profilePage(name: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${name} | Profile</title></head>
  <body>
    <h1>${name}</h1>
    <p>Works at <a href="/company/douglas-2">Douglas LLC</a>.</p>
    <p>Knows <a href="https://www.linkedin.com/in/someone-else">Someone Else</a>.</p>
    <p>Write to <a href="mailto:contact@example.com">contact@example.com</a>.</p>
  </body>
</html>`;
}
