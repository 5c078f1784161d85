#!/usr/bin/env bash
# Exits 0 when the e2e build (.output/chrome-mv3-e2e) is newer than everything it is built from, so
# that scripts/demo.sh can start on it without building again; 1 when it is missing or older. Its
# manifest is the last file a build writes.
set -uo pipefail
cd "$(dirname "$0")/.."
manifest=.output/chrome-mv3-e2e/manifest.json
[ -f "$manifest" ] || exit 1
inputs=(entrypoints components hooks lib public wxt.config.ts tsconfig.json package.json package-lock.json
  node_modules/.package-lock.json)
for env_file in .env*; do [ -e "$env_file" ] && inputs+=("$env_file"); done
# A missing input (no node_modules yet) is a reason to build too.
newer=$(find "${inputs[@]}" -newer "$manifest" -print -quit 2>/dev/null) || exit 1
[ -z "$newer" ]
