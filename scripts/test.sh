#!/usr/bin/env bash
# Runs every check and test on a fresh machine: setup, lint, typecheck, both builds, both store
# packages (Chrome's zip; Firefox's zip with its sources package, linted by Mozilla's web-ext), unit
# and contract tests, and the end-to-end suites in Debian's Chromium (Playwright) and Firefox ESR
# (puppeteer-core over WebDriver BiDi). Ends with each phase's wall time and "N passed, N failed".
#
# Phases, so that the two cores are kept busy without two browsers' suites racing each other:
#   1. setup;
#   2. Chrome's e2e build (each build to its own .output/ folder), with the checks (Chrome's and
#      Firefox's packages and builds among them) beside it at the lowest priority;
#   3. the Chromium suite (Playwright, on three workers), the checks still beside it at the lowest
#      priority: its tests wait on timings, and the checks have none, so they take only the CPU
#      the suite leaves idle;
#   4. the unit and contract tests, then the hub's on PGlite | the quick benchmarks, then the
#      Firefox suite | the hub's on PostgreSQL.
set -uo pipefail
cd "$(dirname "$0")/.."

# Stopped by any signal, it stops everything it started (each child's whole process tree: a lane's
# vitest, with-postgres.sh's Playwright and its PostgreSQL) and exits with 128 + the signal. Its
# long steps run in the background and are waited for, because bash runs a trap only once a
# foreground command has ended.
. scripts/process-tree.sh
on_signal() { # on_signal EXIT_CODE
  local child
  for child in $(cat "/proc/$$/task/"*/children 2>/dev/null); do stop_tree "$child"; done
  wait 2>/dev/null
  exit "$1"
}
trap 'on_signal 129' HUP
trap 'on_signal 130' INT
trap 'on_signal 143' TERM
interruptible() { # interruptible COMMAND...: runs it, and returns its status
  "$@" &
  wait "$!"
}

report_dir=$(mktemp -d)
phase_started=0
phase() { # phase NAME: ends the phase running (recording its wall time) and starts NAME
  local now=$SECONDS
  [ -n "${phase_name:-}" ] && printf '%-52s %5d s\n' "$phase_name" $((now - phase_started)) >>"$report_dir/phases"
  phase_name=$1
  phase_started=$now
  [ -n "$phase_name" ] && echo "=== phase: $phase_name"
}
print_phases() {
  phase ''
  echo "== wall time by phase"
  cat "$report_dir/phases"
  printf '%-52s %5d s\n' total "$SECONDS"
}

phase 'setup (browsers from apt, npm ci)'
interruptible bash scripts/setup.sh || { print_phases; echo "0 passed, 1 failed"; exit 1; }

step() { # step NAME COMMAND...: runs a check that is not a test runner, counting it as one.
  local name=$1; shift
  echo "== $name"
  if "$@"; then echo "$name" >>"$report_dir/steps-passed"; else echo "FAILED: $name"; echo "$name" >>"$report_dir/steps-failed"; fi
}
# A build the suites need but that is not counted as a check: its output only when it fails.
quiet_build() { # quiet_build NAME NPM_SCRIPT
  if npm run -s "$2" >"$report_dir/$1.log" 2>&1; then touch "$report_dir/$1.built"; else
    echo "FAILED: $2"; cat "$report_dir/$1.log"
  fi
}
lane() { # lane NAME FUNCTION: runs FUNCTION in the background, its output kept until it ends
  "$2" >"$report_dir/lane-$1.log" 2>&1 &
  eval "lane_$1=$!"
}
# The lowest priority for FUNCTION (exported with export -f, as what it calls): a session of its
# own, so an autogroup of its own, whose nice is set to 19. A nice within the script's own
# autogroup would not do: each Chromium that Playwright starts is a session, so an autogroup, of
# its own, and the kernel shares the CPU between autogroups before it looks at a process's nice.
# Where autogroups are off, the shell's own nice does the same. setsid -w: still this script's
# child, so stopped with it.
idle_priority() { # idle_priority FUNCTION
  setsid -w bash -c 'echo 19 >/proc/self/autogroup 2>/dev/null; renice -n 19 $$ >/dev/null; "$1"' _ "$1"
}
show_lane() { # show_lane NAME: waits for the lane, then prints its output
  local pid_var="lane_$1"
  wait "${!pid_var}"
  cat "$report_dir/lane-$1.log"
}

have_e2e=false; ls test/e2e/*.spec.ts >/dev/null 2>&1 && have_e2e=true
have_firefox_e2e=false; ls test/e2e-firefox/*.test.ts >/dev/null 2>&1 && have_firefox_e2e=true

checks_then_firefox() {
  step 'build and zip' npm run -s zip
  step page-sizes npm run -s sizes
  step lint npm run -s lint
  step typecheck npm run -s typecheck
  step knip npm run -s knip
  # `wxt zip` builds first: the build (.output/firefox-mv2) and its zips in one step, not two builds.
  step 'build and zip:firefox' npm run -s zip:firefox
  step lint:firefox npm run -s lint:firefox
  if $have_firefox_e2e; then quiet_build firefox-e2e build:e2e:firefox; fi
}
# Only the build the Chromium suite loads comes before it: Chrome's package is checked in the lane
# beside it, whose first step it is.
chrome_builds() {
  if $have_e2e; then quiet_build chrome-e2e build:e2e; fi
}
checks_at_idle_priority() { idle_priority checks_then_firefox; }
export report_dir have_firefox_e2e
export -f step quiet_build checks_then_firefox
phase "Chrome's e2e build (the checks, Chrome's package first, beside it at idle priority)"
lane checks checks_at_idle_priority
lane chrome chrome_builds
show_lane chrome

if $have_e2e; then
  export EXPECT_E2E=1
  phase 'end-to-end tests in Chromium (playwright)'
  echo "== end-to-end tests (playwright)"
  # Under a PostgreSQL of its own: the team hub's test runs two hub processes on one database.
  [ -e "$report_dir/chrome-e2e.built" ] &&
    PLAYWRIGHT_JSON_OUTPUT_NAME="$report_dir/playwright.json" \
      interruptible bash scripts/with-postgres.sh npx playwright test --reporter=list,json
fi
# What the checks lane had left when Chromium's suite ended, measured by the phase below (its
# output printed here); the Firefox suite needs its build.
phase 'the checks, what was left of them'
show_lane checks

unit_tests() {
  echo "== unit and contract tests (vitest)"
  npx vitest run --reporter=default --reporter=json --outputFile.json="$report_dir/vitest.json"
  # The team hub (hub/) on its embedded PGlite; on a real PostgreSQL 15 in a lane of its own.
  echo "== the team hub on PGlite (vitest)"
  npx vitest run --config vitest.hub.config.ts \
    --reporter=default --reporter=json --outputFile.json="$report_dir/hub-pglite.json"
}
hub_on_postgres() {
  echo "== the team hub on PostgreSQL 15 (vitest)"
  bash scripts/with-postgres.sh npx vitest run --config vitest.hub.config.ts \
    --reporter=default --reporter=json --outputFile.json="$report_dir/hub-postgresql.json"
}
benchmarks_then_firefox() {
  # Every benchmark once, briefly, on the e2e build: one that no longer runs fails here.
  if $have_e2e; then step benchmarks-quick bash scripts/bench-quick.sh; fi
  if $have_firefox_e2e; then
    echo "== end-to-end tests in Firefox ESR (vitest, puppeteer-core)"
    [ -e "$report_dir/firefox-e2e.built" ] &&
      npx vitest run --config vitest.firefox.config.ts \
        --reporter=default --reporter=json --outputFile.json="$report_dir/firefox.json"
  fi
}
# The hub on PostgreSQL in a lane of its own, from the start: its tests mostly wait (leases, hub
# processes stopped and started: about 45 s of CPU in 75 s alone), so it waits beside the other
# two lanes' work instead of after the benchmarks and the Firefox suite.
phase 'unit tests | benchmarks, the Firefox suite | the hub on PostgreSQL'
$have_firefox_e2e && export EXPECT_FIREFOX_E2E=1
lane unit unit_tests
lane browsers benchmarks_then_firefox
lane postgres hub_on_postgres
show_lane unit
show_lane browsers
show_lane postgres

print_phases
failed_steps=0
[ -e "$report_dir/steps-failed" ] && failed_steps=$(grep -c . "$report_dir/steps-failed")
node scripts/summarize-tests.mjs "$report_dir" "$failed_steps"
