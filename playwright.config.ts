import { defineConfig } from '@playwright/test';

// Three workers, each test on any: each worker's tests share one Chromium with the extension,
// reset to a fresh install before each test (test/e2e/fixtures.ts); each test has its own sandbox
// on a free port, and writes only its own files. The Chromiums load a copy of the e2e
// build (test/e2e/global-setup.ts) that the demo's spec, rebuilding .output/, cannot change under
// them. The extension must be built first (`npm run build:e2e`).
//
// Three on a 2-core machine, not one a core: a test spends part of its time waiting (on the
// sandbox's latency, the scheduler's pace, a worker that restarts), and two workers kept the
// machine about 1.5 cores busy; with three it is 98–99 % busy throughout (sampled each 5 s).
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 3,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
});
