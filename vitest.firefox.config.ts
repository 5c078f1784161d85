import { defineConfig } from 'vitest/config';

/**
 * The Firefox end-to-end suite (test/e2e-firefox), apart from the unit tests (vitest.config.ts
 * includes none of it): Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi, against
 * the e2e build of the Firefox package (`npm run e2e:firefox` builds it first). One file at a time
 * in one process, each file with one Firefox and one sandbox: the machine has two cores, and a
 * browser is slow to start.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/e2e-firefox/**/*.test.ts'],
    // What the run hangs from, so that Firefox is stopped when it is killed (test/e2e-firefox/firefox.ts).
    globalSetup: ['test/e2e-firefox/lifeline.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // A failing expectation waits this long for the page to catch up (expect.poll).
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
