import { defineConfig } from '@playwright/test';

// One worker: each test starts its own Chromium with the extension and its own sandbox, and the
// machine has two cores. The extension must be built first (`npm run build:e2e`).
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
});
