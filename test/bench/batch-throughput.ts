/**
 * How fast a batch of people is enriched against the provider's rate limit: the background's real
 * service and batches (fake IndexedDB) against the real sandbox over HTTP on loopback, answering
 * each call after a set latency. Prints, for each run, the wall time against the floor the rate
 * limit sets, the requests per paid call (balance reads included) and the 429s. Not a timed test.
 *
 *   npx tsx test/bench/batch-throughput.ts          (300 people at 2,000 ms and 300/min; 40 at 20/min)
 *   BENCH_QUICK=1 npx tsx test/bench/batch-throughput.ts   (a few rows: checks that it still runs)
 */
import './extension-env';
import { createClient } from '../../lib/background/api/client';
import { createBatches } from '../../lib/background/batch/batches';
import { closeDbForTests, openDb } from '../../lib/background/db';
import { createScheduler } from '../../lib/background/scheduler';
import { createService } from '../../lib/background/service';
import type { BatchItemInput } from '../../lib/protocol';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/settings';
import { DEFAULT_SEED, datasetForSeed, startSandbox } from '../../sandbox/app';
import { parseKeyFaults } from '../../sandbox/faults';
import { parseKeys } from '../../sandbox/keys';

const QUICK = process.env.BENCH_QUICK === '1';
const KEY = 'bench';

interface Run {
  people: number;
  latencyMs: number;
  /** The sandbox's rate (the provider's R a minute over 5 minutes). */
  ratePerMinute: number;
  /** What the scheduler starts from: the provider's published ceiling; it learns lower from 429s. */
  assumedPerMinute: number;
  /** The floor the issue measures against, in seconds. */
  floorSeconds: number;
}

const RUNS: Run[] = QUICK
  ? [{ people: 12, latencyMs: 100, ratePerMinute: 600, assumedPerMinute: 600, floorSeconds: 1.2 }]
  : [
      { people: 300, latencyMs: 2_000, ratePerMinute: 300, assumedPerMinute: 300, floorSeconds: 60 },
      { people: 40, latencyMs: 2_000, ratePerMinute: 20, assumedPerMinute: 300, floorSeconds: 120 },
    ];

async function measure(run: Run): Promise<void> {
  const sandbox = await startSandbox({
    port: 0,
    keys: parseKeys(`${KEY}=1000000:standard`),
    ratePerMinute: run.ratePerMinute,
    keyFaults: parseKeyFaults(`${KEY}=latency=${run.latencyMs}`),
  });
  try {
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      apiKey: KEY,
      baseUrlV2: sandbox.url,
      baseUrlV3: sandbox.url,
      onboarded: true,
      dailyBudget: null,
    };
    const service = createService({
      db: openDb,
      settings: async () => settings,
      client: (s, pace) => createClient({ ...s, pace }),
      scheduler: createScheduler({ ratePerMinute: run.assumedPerMinute }),
    });
    let ids = 0;
    const batches = createBatches({ db: openDb, service, newId: () => `bench-${++ids}-${Date.now()}` });
    const { dataset } = datasetForSeed(DEFAULT_SEED);
    const items: BatchItemInput[] = dataset.people.slice(0, run.people).map((person) => ({
      key: `person:${person.url}`,
      label: person.url,
      endpointId: 'person.profile',
      params: { profile_url: person.url, use_cache: 'if-present', live_fetch: 'default' },
    }));
    const began = performance.now();
    const started = await batches.start({
      startId: crypto.randomUUID(),
      tabId: 1,
      pageUrl: 'https://bench.test/',
      items,
    });
    if (started.status !== 'started') throw new Error(`The batch did not start: ${JSON.stringify(started)}`);
    await batches.settled(started.batch.id);
    const seconds = (performance.now() - began) / 1000;
    const view = (await batches.get(1))!;
    service.dispose();

    const log = (await (await fetch(`${sandbox.url}/__sandbox/requests?key=${KEY}`)).json()) as {
      requests: { path: string; status: number; charged: number }[];
    };
    const paid = log.requests.filter((r) => r.status === 200 && r.charged > 0).length;
    const balanceReads = log.requests.filter((r) => r.path.endsWith('/credit-balance')).length;
    const limited = log.requests.filter((r) => r.status === 429).length;
    const done = view.items.filter((item) => item.status === 'done').length;
    console.log(
      [
        `${run.people} people at ${run.latencyMs} ms a call, ${run.ratePerMinute} requests a minute:`,
        `  wall ${seconds.toFixed(1)} s against a floor of ${run.floorSeconds} s (${(seconds / run.floorSeconds).toFixed(2)}×)`,
        `  ${done}/${run.people} done, ${paid} paid calls, ${log.requests.length} requests: ` +
          `${(log.requests.length / Math.max(1, paid)).toFixed(3)} a paid call (${balanceReads} balance reads)`,
        `  429s: ${limited} (${((100 * limited) / Math.max(1, log.requests.length)).toFixed(1)}% of requests)`,
      ].join('\n'),
    );
    if (done !== run.people) throw new Error(`Only ${done} of ${run.people} rows were enriched`);
  } finally {
    await sandbox.close();
    await closeDbForTests();
    globalThis.indexedDB = new (await import('fake-indexeddb')).IDBFactory();
  }
}

for (const run of RUNS) await measure(run);
