#!/usr/bin/env bash
# Runs every check and test on a fresh machine: setup, lint, typecheck, both builds, both store
# packages (Chrome's zip; Firefox's zip with its sources package, linted by Mozilla's web-ext), unit
# and contract tests, and the end-to-end suites in Debian's Chromium (Playwright) and Firefox ESR
# (puppeteer-core over WebDriver BiDi). Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || { echo "0 passed, 1 failed"; exit 1; }

report_dir=$(mktemp -d)
failed_steps=0
step() { # step NAME COMMAND...: runs a check that is not a test runner, counting it as one.
  local name=$1; shift
  echo "== $name"
  if "$@"; then echo "$name" >>"$report_dir/steps-passed"; else echo "FAILED: $name"; failed_steps=$((failed_steps + 1)); fi
}

step lint npm run -s lint
step typecheck npm run -s typecheck
step build npm run -s build
step page-sizes npm run -s sizes
step knip npm run -s knip
step build:firefox npm run -s build:firefox
step zip npm run -s zip
step zip:firefox npm run -s zip:firefox
step lint:firefox npm run -s lint:firefox
echo "== unit and contract tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$report_dir/vitest.json"
# The team hub (hub/), once on its embedded PGlite and once on a real PostgreSQL 15 of its own.
step hub-pglite npx vitest run --config vitest.hub.config.ts
step hub-postgresql bash scripts/with-postgres.sh npx vitest run --config vitest.hub.config.ts
if ls test/e2e/*.spec.ts >/dev/null 2>&1; then
  export EXPECT_E2E=1
  echo "== end-to-end tests (playwright)"
  npm run -s build:e2e >/dev/null && \
    PLAYWRIGHT_JSON_OUTPUT_NAME="$report_dir/playwright.json" npx playwright test --reporter=list,json
  # Every benchmark once, briefly, on the e2e build: one that no longer runs fails here.
  step benchmarks-quick bash scripts/bench-quick.sh
fi
if ls test/e2e-firefox/*.test.ts >/dev/null 2>&1; then
  export EXPECT_FIREFOX_E2E=1
  echo "== end-to-end tests in Firefox ESR (vitest, puppeteer-core)"
  npm run -s e2e:firefox -- --reporter=default --reporter=json --outputFile.json="$report_dir/firefox.json"
fi

node scripts/summarize-tests.mjs "$report_dir" "$failed_steps"
