import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    environment: 'happy-dom',
    setupFiles: ['fake-indexeddb/auto'],
    include: ['test/unit/**/*.test.ts?(x)', 'test/contract/**/*.test.ts', 'sandbox/**/*.test.ts'],
    // The sandbox tests build the full synthetic dataset; give them room on a 2-core machine.
    testTimeout: 20_000,
  },
});
