#!/usr/bin/env bash
# Runs the product on its embedded default: builds the extension (unless its build is current),
# starts the sandbox, and opens Chromium with the extension configured for it (headless with
# screenshots in .demo/ when there is no display, or with DEMO_HEADLESS=1). SANDBOX_PORT (8787) is the sandbox's port.
# Ctrl-C, or SIGTERM, SIGINT or SIGHUP to this process, stops it and everything it started.
set -euo pipefail
cd "$(dirname "$0")/.."

# Until the `exec` at the end, this shell is the process that was started. It runs each step in the
# background and waits for it, because bash runs a trap only once a foreground command has ended;
# on a signal it stops the step's whole process tree (npm starts sh, which starts wxt, which starts
# esbuild: killing npm alone would leave the build running) and exits with 128 + the signal.
step_pid=''
. scripts/process-tree.sh
on_signal() { # on_signal EXIT_CODE
  if [ -n "$step_pid" ]; then
    stop_tree "$step_pid"
    wait "$step_pid" 2>/dev/null || true
  fi
  exit "$1"
}
trap 'on_signal 129' HUP
trap 'on_signal 130' INT
trap 'on_signal 143' TERM
run_step() { # run_step COMMAND...: runs it, interruptible, and returns its status
  local status=0
  "$@" &
  step_pid=$!
  wait "$step_pid" || status=$?
  step_pid=''
  return "$status"
}

run_step bash scripts/setup.sh
# Built again only when the build is older than its sources: a second run starts in seconds.
if ! bash scripts/build-is-current.sh; then
  run_step bash -c 'npm run -s build:e2e >/dev/null 2>&1 || npm run build:e2e'
fi
# node runs the demo itself (not npx tsx, whose npm and tsx wrappers would each stand between this
# process and the demo and not pass a SIGTERM on), so a signal to this process reaches the demo.
exec node --import tsx scripts/demo.ts
