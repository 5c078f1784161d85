import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

/** The tests that render pages or read a document; every other file runs in plain Node. */
const DOM_TESTS = [
  'test/unit/components/**/*.test.ts?(x)',
  'test/unit/entrypoints/**/*.test.ts?(x)',
  'test/unit/hooks/**/*.test.ts?(x)',
  'test/unit/lib/page-scan.test.ts',
  'test/unit/lib/watch/change-export.test.ts',
];

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    // Worker threads, not child processes: a file's start (a new isolated worker) costs about
    // half as much (12 files of test/unit/lib: 19 s against 29 s here). No test changes the process
    // (chdir, exit, signals).
    pool: 'threads',
    // A file on every core: vitest's default leaves one core to itself, which on a 2-core machine
    // runs the files one at a time.
    maxWorkers: availableParallelism(),
    // The sandbox tests build the full synthetic dataset; give them room on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // happy-dom only where a test needs a document: setting up its window costs every file that
    // has it about a second of a busy machine's CPU (vitest's "environment" time), for nothing in
    // the background's, the API's, the sandbox's and the contract tests.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // The files of a worker share it, one after another (a new isolate for each file cost
          // half the project's time: 123 s against 61 s for its 2,173 tests on two cores). A file
          // restores what it changes on globals; the guard fails one that leaves timers changed.
          isolate: false,
          setupFiles: ['fake-indexeddb/auto', 'test/support/shared-worker-guard.ts'],
          include: ['test/unit/**/*.test.ts?(x)', 'test/contract/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...DOM_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: DOM_TESTS,
          // Shared too, as in the node project (74 CPU-s against 31 for its 406 tests): each file
          // unmounts what it renders, and no file mocks a module another one loads.
          isolate: false,
          setupFiles: ['fake-indexeddb/auto', 'test/support/shared-worker-guard.ts'],
        },
      },
    ],
  },
});
