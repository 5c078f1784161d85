/**
 * Load test of the sandbox: profile gets and person searches over the full dataset, from a load
 * generator (autocannon, in this process) against the sandbox in a child process, on loopback.
 * Prints requests/s and p50/p99 latency. Not a timed test: run it by hand.
 *
 *   node --import tsx test/bench/sandbox-load.ts        (BENCH_SECONDS=5, BENCH_CONNECTIONS=10)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KEY = 'bench';
const AUTH = { Authorization: `Bearer ${KEY}` };
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Starts `npm run sandbox`'s program without npm, on a free port, and waits for its base URL. */
async function startSandboxProcess(): Promise<{ child: ChildProcess; url: string; startupMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      SANDBOX_PORT: '0',
      // The load is the measure here, not the provider's rate limit or a balance running out.
      SANDBOX_RATE_PER_MIN: '1000000000',
      SANDBOX_KEYS: `${KEY}=1000000000000:growth`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Everything the sandbox prints is passed on, before and after it is ready (a pipe nobody reads
  // would fail its writes).
  child.stdout!.pipe(process.stdout);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const found = /v2 base URL: (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`The sandbox exited (code ${code}) before it was ready`)));
  });
  return { child, url, startupMs: performance.now() - started };
}

/** Profile URLs to request: the first pages of an unfiltered person search. */
async function personUrls(base: string, count: number): Promise<string[]> {
  const urls: string[] = [];
  let next: string | null = `${base}/api/v2/search/person?page_size=100`;
  while (next && urls.length < count) {
    const response = await fetch(next, { headers: AUTH });
    const page = (await response.json()) as {
      results: { network_profile_url: string }[];
      next_page: string | null;
    };
    urls.push(...page.results.map((result) => result.network_profile_url));
    next = page.next_page;
  }
  return urls.slice(0, count);
}

/** Cycles through `paths`, one per request, across all connections. */
function rotating(paths: readonly string[]) {
  let next = 0;
  return {
    method: 'GET',
    setupRequest: (request: { path?: string }) => {
      request.path = paths[next++ % paths.length];
      return request;
    },
  };
}

async function measure(label: string, url: string, paths: readonly string[]): Promise<void> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: AUTH,
    requests: [rotating(paths)],
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${label.padEnd(16)} ${result.requests.average.toFixed(0).padStart(7)} req/s   ` +
      `p50 ${result.latency.p50.toFixed(1).padStart(6)} ms   p99 ${result.latency.p99.toFixed(1).padStart(6)} ms   ` +
      `${result.requests.total} requests${failures ? `, ${failures} FAILED` : ''}`,
  );
}

const SEARCHES = [
  'country=US',
  'country=DE&current_role_title=engineer*',
  'headline=manager',
  'current_company_industry=software',
  'education_field_of_study=science',
  'follower_count_min=500',
  'skills=python OR java',
  'current_company_employee_count_category=enterprise&country=GB',
  'first_name=maria',
  'interests=travel',
].map((query) => `/api/v2/search/person?${query.replace(/ /g, '%20')}`);

async function main(): Promise<void> {
  const { child, url, startupMs } = await startSandboxProcess();
  try {
    console.log(
      `sandbox ready in ${startupMs.toFixed(0)} ms (child process); ${CONNECTIONS} connections, ${SECONDS} s each\n`,
    );
    const profiles = (await personUrls(url, 2_000)).map(
      (profileUrl) => `/api/v2/profile?profile_url=${encodeURIComponent(profileUrl)}&use_cache=if-present`,
    );
    await measure('profile gets', url, profiles);
    await measure('person searches', url, SEARCHES);
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
