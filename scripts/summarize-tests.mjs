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

const vitestFile = join(dir, 'vitest.json');
if (existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  // A file that failed to load has no tests but is a failure.
  failed += (v.testResults ?? []).filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  ).length;
} else {
  console.error('vitest wrote no report');
  failed += 1;
}

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

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
