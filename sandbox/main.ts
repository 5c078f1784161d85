/**
 * `npm run sandbox`: the sandbox on 127.0.0.1, configured by the environment (see README.md):
 * SANDBOX_PORT (8787), SANDBOX_KEYS (`demo=10000:standard`), SANDBOX_RATE_PER_MIN (300),
 * SANDBOX_SEED (1), SANDBOX_KEY_FAULTS (none). Stops cleanly on Ctrl-C or SIGTERM.
 */
import { DEFAULT_RATE_PER_MINUTE } from '../lib/api/assumptions';
import { DEFAULT_SEED, startSandbox } from './app';
import { parseKeyFaults } from './faults';
import { DEFAULT_KEYS_SPEC, parseKeys } from './keys';

const DEFAULT_PORT = 8787;

function wholeNumber(name: string, fallback: number, min: number): number {
  const text = process.env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min}, not "${text}"`);
  return value;
}

async function main(): Promise<void> {
  const port = wholeNumber('SANDBOX_PORT', DEFAULT_PORT, 0);
  const seed = wholeNumber('SANDBOX_SEED', DEFAULT_SEED, 0);
  const ratePerMinute = wholeNumber('SANDBOX_RATE_PER_MIN', DEFAULT_RATE_PER_MINUTE, 1);
  const keys = parseKeys(process.env.SANDBOX_KEYS ?? DEFAULT_KEYS_SPEC);
  const keyFaults = parseKeyFaults(process.env.SANDBOX_KEY_FAULTS ?? '');

  const running = await startSandbox({ port, seed, keys, ratePerMinute, keyFaults });
  const { dataset } = running.sandbox.queries;
  const lines = [
    // performance.now() counts from the start of the process: loading included.
    `Sandbox ready in ${Math.round(performance.now())} ms (seed ${seed}: ${dataset.people.length} people, ` +
      `${dataset.companies.length} companies, ${dataset.schools.length} schools, ${dataset.jobs.length} jobs)`,
    `  v2 base URL: ${running.url}   (paths under /api/v2/)`,
    `  v3 base URL: ${running.url}   (paths under /v3/)`,
    ...keys.map(
      ({ key, credits, plan, chargeOnClientGone }) =>
        `  key ${key}: ${credits} credits, ${plan} plan` +
        (chargeOnClientGone ? ', charges a request whose client left' : ''),
    ),
    ...(keyFaults.size > 0 ? [`  faults by key: ${process.env.SANDBOX_KEY_FAULTS}`] : []),
    `  rate limit: ${ratePerMinute} requests a minute per key, averaged over 5 minutes (bursts to ${5 * ratePerMinute})`,
    `  request log: ${running.url}/__sandbox/requests   (see sandbox/README.md)`,
  ];
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nSandbox stopping (${signal})`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Sandbox did not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`Sandbox failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
