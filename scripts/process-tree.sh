# Sourced by the scripts that start processes (demo.sh, with-postgres.sh): how they stop what they
# started. A step's process starts others (npm starts sh, which starts wxt, which starts esbuild;
# npx starts Playwright's workers and their browsers): killing the first alone leaves the rest.
stop_tree() { # stop_tree PID: the process and its descendants, deepest first
  local child
  for child in $(cat "/proc/$1/task/"*/children 2>/dev/null); do stop_tree "$child"; done
  kill -TERM "$1" 2>/dev/null || true
}
