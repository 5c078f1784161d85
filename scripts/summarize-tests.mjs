// Prints the closing "N passed, N failed" line from the runners' JSON reports and the count of
// failed non-test steps (lint, typecheck, builds), and exits non-zero on any failure or on a
// runner that produced no report (a crash before any test ran must not look green). Each failure
// is named above the closing line with the first lines of its error and where it was thrown, so
// the tail of a CI log says which test to look at and why it failed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, failedStepsArg] = process.argv.slice(2);
let passed = 0;
let failed = Number(failedStepsArg ?? 0);
/** What failed, by name (and the start of its error), printed before the closing line. */
const failures = [];

/** The start of an error as the tail of a log can show it: no colours, a few lines, where it was. */
function errorLines(message, location) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
  const plain = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 6);
  if (location) lines.push(`at ${location}`);
  return lines.map((line) => `    ${line.slice(0, 200)}`).join('\n');
}
const stepsFailedFile = join(dir, 'steps-failed');
if (existsSync(stepsFailedFile))
  for (const step of readFileSync(stepsFailedFile, 'utf8').trim().split('\n').filter(Boolean))
    failures.push(`step: ${step}`);
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
  for (const file of v.testResults ?? []) {
    const failedTests = file.assertionResults.filter((a) => a.status === 'failed');
    for (const test of failedTests)
      failures.push(`${name}: ${file.name} > ${test.fullName}\n${errorLines(test.failureMessages?.[0])}`);
    // A file that failed to load, or whose setup failed, has no tests run but is a failure.
    if (file.status === 'failed' && failedTests.length === 0) {
      failed += 1;
      failures.push(`${name}: ${file.name} (did not run: ${String(file.message ?? '').split('\n')[0]})`);
    }
  }
}

/** Names the tests a Playwright JSON report counts as failed (its suites nest). */
function playwrightFailures(suite, path) {
  const here = suite.title ? [...path, suite.title] : path;
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      if (test.status === 'unexpected') {
        const error = test.results?.at(-1)?.error;
        const where = error?.location && `${error.location.file}:${error.location.line}`;
        failures.push(
          `playwright: ${[...here, spec.title].join(' > ')}\n${errorLines(error?.message, where)}`,
        );
      }
  for (const child of suite.suites ?? []) playwrightFailures(child, here);
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
  for (const suite of p.suites ?? []) playwrightFailures(suite, []);
  for (const error of p.errors ?? []) {
    failed += 1;
    failures.push(`playwright: ${String(error.message ?? '').split('\n')[0]}`);
  }
} else if (process.env.EXPECT_E2E === '1') {
  console.error('playwright wrote no report');
  failed += 1;
}

// The Firefox suite (vitest over test/e2e-firefox), run after Playwright's.
if (process.env.EXPECT_FIREFOX_E2E === '1') countVitest(join(dir, 'firefox.json'), 'the Firefox suite');

for (const failure of failures) console.log(`failed: ${failure}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
