#!/usr/bin/env bash
# Every benchmark in test/bench/, in a quick mode (a few iterations), so that one that no longer
# builds or runs fails CI; their figures mean nothing at this size (the full runs stay manual, see
# the README). Needs the e2e build (npm run build:e2e) for the panel benchmark. Stopped by any
# signal, it stops the benchmark running (which stops what that one started).
set -uo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
current=''
stop() {
  [ -n "$current" ] && kill -TERM "$current" 2>/dev/null && wait "$current" 2>/dev/null
  rm -f "$log"
  exit 130
}
trap stop INT TERM HUP
failed=0
for bench in test/bench/*.ts; do
  case "$bench" in
    *.d.ts | */extension-env.ts) continue ;; # type declarations and a helper, not benchmarks
  esac
  started=$SECONDS
  BENCH_QUICK=1 BENCH_RUNS=2 BENCH_WARMUP=1 BENCH_SECONDS=1 timeout 300 node --import tsx "$bench" >"$log" 2>&1 &
  current=$!
  if ! wait "$current"; then
    cat "$log"
    echo "FAILED: $bench"
    failed=1
  fi
  # Its wall time, so that the suite's time can be read bench by bench.
  echo "-- $bench (quick) $((SECONDS - started)) s"
  current=''
done
rm -f "$log"
exit "$failed"
