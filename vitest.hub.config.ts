import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SHORT_LIVED_PGLITE_FLAGS } from './test/support/node-flags';

/**
 * The team hub's tests (test/hub/, mirroring hub/): in Node, each file on a database of its own.
 * `scripts/test.sh` runs them twice: on an embedded PGlite, and under scripts/with-postgres.sh on a
 * real PostgreSQL 15.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/hub/**/*.test.ts'],
    // Two files at a time on a 2-core machine (vitest's default leaves a core free, so one): each
    // file has a database, ports and folders of its own. The run is CPU-bound (four at a time took
    // 93 s against 89 s), so no more than one a core.
    maxWorkers: availableParallelism(),
    // The files of a worker share it, one after another: a new isolate for each file loaded PGlite
    // and the hub again (119 s against 89 s on PGlite, 74 s on PostgreSQL). Each file opens and
    // closes its own databases, hubs and sandboxes; the guard fails one that leaves timers changed.
    isolate: false,
    setupFiles: ['test/support/shared-worker-guard.ts'],
    // Each worker opens PGlite for its files' databases (test/support/node-flags.ts says why).
    execArgv: SHORT_LIVED_PGLITE_FLAGS,
    // The hub built once, for the hub processes the tests start.
    globalSetup: ['test/hub/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
