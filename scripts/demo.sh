#!/usr/bin/env bash
# Runs the product on its embedded default: builds the extension, starts the sandbox, and opens
# Chromium with the extension configured for it (headless with screenshots in .demo/ when there is
# no display). Ctrl-C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run -s build:e2e >/dev/null 2>&1 || npm run build:e2e
exec npx tsx scripts/demo.ts
