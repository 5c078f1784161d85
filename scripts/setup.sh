#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks for building, testing and running the demo:
# Debian's Chromium and Firefox ESR (neither Playwright nor puppeteer-core downloads a browser here),
# Debian's PostgreSQL 15 (the team hub's tests) and the pinned npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."

# apt and npm ci run side by side, each in the background and waited for (bash runs a trap only
# once a foreground command has ended); stopped by any signal, the script stops both trees.
. scripts/process-tree.sh
started=()
on_signal() { # on_signal EXIT_CODE
  local pid
  for pid in "${started[@]}"; do stop_tree "$pid"; done
  wait 2>/dev/null
  exit "$1"
}
trap 'on_signal 129' HUP
trap 'on_signal 130' INT
trap 'on_signal 143' TERM

# Each package only when it is missing; one apt-get update for all. Installed while npm ci runs:
# neither needs the other (no npm package builds against a browser or PostgreSQL).
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium fonts-liberation)
# The Firefox suite (test/e2e-firefox) runs /usr/bin/firefox-esr.
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
# The team hub's tests run on a real PostgreSQL 15 too (scripts/with-postgres.sh starts its own).
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql-15)
install_missing() {
  echo "setup: installing ${missing[*]} from Debian's packages"
  local sudo=''
  [ "$(id -u)" -eq 0 ] || sudo='sudo'
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}
apt_pid=''
if [ ${#missing[@]} -gt 0 ]; then
  install_missing &
  apt_pid=$!
  started+=("$apt_pid")
fi

# npm ci when node_modules is missing or older than the lockfile (always in CI).
npm_status=0
if [ "${CI:-}" = "true" ] || [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error &
  started+=("$!")
  wait "$!" || npm_status=$?
fi
apt_status=0
if [ -n "$apt_pid" ]; then wait "$apt_pid" || apt_status=$?; fi
[ "$apt_status" -eq 0 ] || echo "setup: installing Debian's packages failed ($apt_status)" >&2
[ "$npm_status" -eq 0 ] || echo "setup: npm ci failed ($npm_status)" >&2
[ "$apt_status" -eq 0 ] && [ "$npm_status" -eq 0 ]
