#!/usr/bin/env bash
# For developers: starts a throwaway PostgreSQL like CI does (fsync off: nothing in it is kept) and prints the TEST_DATABASE_URL to export.
# Stop it with: scripts/test-postgres.sh stop
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
PGROOT=/tmp/velolog-dev-pg
PGPORT=${PGPORT:-55433}
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ "${1:-}" = stop ]; then
  as_postgres "$PGBIN/pg_ctl" -D "$PGROOT/data" -m fast -w stop; rm -rf "$PGROOT"; exit 0
fi
if [ ! -d "$PGROOT/data" ]; then
  mkdir -p "$PGROOT"; [ "$(id -u)" = 0 ] && chown postgres:postgres "$PGROOT"
  as_postgres mkdir -p "$PGROOT/data" "$PGROOT/sock"; chmod 700 "$PGROOT/data"
  as_postgres "$PGBIN/initdb" -D "$PGROOT/data" -U postgres --auth-local=trust --auth-host=trust -E UTF8 --locale=C.UTF-8 >/dev/null
fi
# Already running (started by an earlier call): only print the URL again.
as_postgres "$PGBIN/pg_ctl" -D "$PGROOT/data" status >/dev/null 2>&1 ||
  as_postgres "$PGBIN/pg_ctl" -D "$PGROOT/data" -l "$PGROOT/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$PGPORT -c unix_socket_directories=$PGROOT/sock -c fsync=off" start >/dev/null
echo "export TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:$PGPORT/postgres"
