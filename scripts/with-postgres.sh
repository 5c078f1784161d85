#!/usr/bin/env bash
# Runs a command against a PostgreSQL 15 of its own: initdb in a temporary directory (as the
# `postgres` user when run as root: PostgreSQL refuses to run as root), started on a free port of
# 127.0.0.1, with HUB_DATABASE_URL pointing at it; stopped and removed however this script ends.
#   bash scripts/with-postgres.sh npx vitest run --config vitest.hub.config.ts
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 COMMAND [ARGS...]" >&2; exit 2; }

bin=/usr/lib/postgresql/15/bin
[ -x "$bin/initdb" ] || { echo "with-postgres: $bin/initdb is missing (bash scripts/setup.sh installs postgresql-15)" >&2; exit 1; }

dir=$(mktemp -d /tmp/hub-pg.XXXXXX)
as_pg=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi
started=0
command_pid=''
# The command runs in the background and is waited for, because bash runs a trap only once a
# foreground command has ended: on a signal, its whole process tree is stopped (npx starts node,
# which starts Playwright's workers and their browsers), then the server.
. "$(dirname "$0")/process-tree.sh"
stop() {
  if [ -n "$command_pid" ]; then
    stop_tree "$command_pid"
    wait "$command_pid" 2>/dev/null || true
  fi
  if [ "$started" -eq 1 ]; then
    "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -A trust -U hub --no-sync >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
started=1
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null ||
  { cat "$dir/log" >&2; exit 1; }

export HUB_DATABASE_URL="postgres://hub@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on port $port"
"$@" &
command_pid=$!
status=0
wait "$command_pid" || status=$?
command_pid=''
exit "$status"
