#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on 127.0.0.1:${PGPORT:-55432} (trust auth, user postgres)
# for `npm run test:pg`. Reuses one that already answers there. Needs Debian's `postgresql` package.
set -euo pipefail
PORT=${PGPORT:-55432}
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$BIN" ] || { echo "PostgreSQL binaries not found (apt-get install postgresql)" >&2; exit 1; }
if "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
  echo "PostgreSQL already listening on 127.0.0.1:$PORT"
  exit 0
fi
DIR=$(mktemp -d /tmp/voxdesk-pg.XXXXXX)
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
as_pg "'$BIN/initdb' -D '$DIR' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null"
as_pg "'$BIN/pg_ctl' -D '$DIR' -o '-h 127.0.0.1 -p $PORT -k $DIR -c fsync=on' -l '$DIR/log' -w start >/dev/null"
echo "PostgreSQL started on 127.0.0.1:$PORT (data in $DIR)"
