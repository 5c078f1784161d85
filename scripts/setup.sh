#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks for building, testing and running the demo:
# Debian's Chromium and Firefox ESR (neither Playwright nor puppeteer-core downloads a browser here),
# Debian's PostgreSQL 15 (the team hub's tests) and the pinned npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each package only when it is missing; one apt-get update for all.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium fonts-liberation)
# The Firefox suite (test/e2e-firefox) runs /usr/bin/firefox-esr.
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
# The team hub's tests run on a real PostgreSQL 15 too (scripts/with-postgres.sh starts its own).
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql-15)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]} from Debian's packages"
  SUDO=''; [ "$(id -u)" -eq 0 ] || SUDO='sudo'
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# npm ci when node_modules is missing or older than the lockfile (always in CI).
if [ "${CI:-}" = "true" ] || [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: npm ci"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
