// Prints the closing "N passed, N failed" line from the runners' JSON reports and the count of
// failed non-test steps (lint, typecheck, builds), and exits non-zero on any failure or on a
// runner that produced no report (a crash before any test ran must not look green).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, failedStepsArg] = process.argv.slice(2);
let passed = 0;
let failed = Number(failedStepsArg ?? 0);
const stepsFile = join(dir, 'steps-passed');
if (existsSync(stepsFile))
  passed += readFileSync(stepsFile, 'utf8').trim().split('\n').filter(Boolean).length;

/** Counts a vitest JSON report (the unit and contract tests, and the Firefox suite). */
function countVitest(file, name) {
  if (!existsSync(file)) {
    console.error(`${name} wrote no report`);
    failed += 1;
    return;
  }
  const v = JSON.parse(readFileSync(file, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  // A file that failed to load, or whose setup failed, has no tests run but is a failure.
  failed += (v.testResults ?? []).filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  ).length;
}

countVitest(join(dir, 'vitest.json'), 'vitest');
// The team hub's suite, on PGlite and on a real PostgreSQL.
countVitest(join(dir, 'hub-pglite.json'), 'the hub suite on PGlite');
countVitest(join(dir, 'hub-postgresql.json'), 'the hub suite on PostgreSQL');

const pwFile = join(dir, 'playwright.json');
if (existsSync(pwFile)) {
  const p = JSON.parse(readFileSync(pwFile, 'utf8'));
  passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
  failed += p.stats.unexpected ?? 0;
  if ((p.errors ?? []).length > 0) failed += p.errors.length;
} else if (process.env.EXPECT_E2E === '1') {
  console.error('playwright wrote no report');
  failed += 1;
}

// The Firefox suite (vitest over test/e2e-firefox), run after Playwright's.
if (process.env.EXPECT_FIREFOX_E2E === '1') countVitest(join(dir, 'firefox.json'), 'the Firefox suite');

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
