/**
 * `npm run hub`: the team hub on 127.0.0.1, configured by the environment (config.ts). Stops
 * quickly and honestly on Ctrl-C or SIGTERM (app.ts startHub's close): no new request, those
 * waiting for a rate slot answered 503 with nothing sent, those at the service finished, then the
 * database closed.
 */
import { startHub } from './app';
import { openConfiguredDb, serverConfig } from './config';

async function main(): Promise<void> {
  const config = serverConfig();
  const db = await openConfiguredDb();
  const running = await startHub({ db, ...config });
  console.log(
    [
      `Hub ready on ${running.url} (${db.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`,
      `  service: ${config.providerUrl} (${config.plan} plan, ${config.ratePerMinute} requests a minute)`,
      '  members: add one with `npm run -s hub:admin -- add-member <name> --daily <credits>`',
      ...(config.testClock
        ? [
            "  TEST CLOCK ON (HUB_TEST_CLOCK=1): POST /__hub-test/advance moves this process's clock; tests only",
          ]
        : []),
    ].join('\n'),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nHub stopping (${signal})`);
    running
      .close()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Hub did not stop cleanly:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`Hub failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
