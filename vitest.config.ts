import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    environment: 'happy-dom',
    setupFiles: ['fake-indexeddb/auto'],
    include: ['test/unit/**/*.test.ts?(x)', 'test/contract/**/*.test.ts', 'sandbox/**/*.test.ts'],
    // A file on every core: vitest's default leaves one core to itself, which on a 2-core machine
    // runs the files one at a time. Each file keeps its own process and globals.
    maxWorkers: availableParallelism(),
    // The sandbox tests build the full synthetic dataset; give them room on a 2-core machine.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
