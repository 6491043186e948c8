#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and benchmarks, in a temporary folder.
#   scripts/pg-throwaway.sh start [--durable]   prints shell lines to eval:
#                                   TEST_DATABASE_URL=postgres://... and PG_THROWAWAY_DIR=...
#   scripts/pg-throwaway.sh stop DIR
#   scripts/pg-throwaway.sh pause DIR      stops the server, keeping its data (an outage)
#   scripts/pg-throwaway.sh resume DIR     starts it again, on the same port
# Uses Debian's binaries (/usr/lib/postgresql/*/bin) or those on PATH. As root,
# the cluster runs as the 'postgres' user (initdb refuses to run as root).
# Durability is switched off (fsync, synchronous_commit, full_page_writes):
# the cluster lives only as long as the test run. --durable keeps
# PostgreSQL's defaults (every commit flushed to disk), for benchmarks that
# compare it with SQLite on equal terms (bench/db-load.ts).
set -euo pipefail

bindir() {
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && echo "$dir"
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
  start)
    durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    [ "${2:-}" = "--durable" ] && durability=""
    bin=$(bindir) || { echo "PostgreSQL binaries (initdb) not found" >&2; exit 3; }
    base=${TMPDIR:-/tmp}
    # As root the cluster runs as 'postgres', which must reach its folder: a
    # private TMPDIR (a test run's own, mode 700) is not theirs to enter.
    if [ "$(id -u)" -eq 0 ] && ! runuser -u postgres -- test -x "$base"; then base=/tmp; fi
    dir=$(mktemp -d "$base/seima-pg-XXXXXX")
    chmod 755 "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})')
    as_owner "$bin/initdb" -D "$dir/data" --auth=trust -U postgres --encoding=UTF8 --no-locale >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    options="-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir $durability -c max_connections=300"
    echo "$options" >"$dir/options"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "$options" start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    echo "export PG_THROWAWAY_DIR=$dir"
    ;;
  stop)
    dir=${2:?usage: stop DIR}
    bin=$(bindir)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  pause)
    dir=${2:?usage: pause DIR}
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  resume)
    dir=${2:?usage: resume DIR}
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "$(cat "$dir/options")" start >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    ;;
  *)
    echo "usage: $0 start | stop DIR | pause DIR | resume DIR" >&2
    exit 2
    ;;
esac
