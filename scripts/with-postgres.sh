#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL server: TEST_DATABASE_URL points at it.
#   bash scripts/with-postgres.sh npx vitest run --project server
# Installs Debian's postgresql when its binaries are missing (CI runs as root), starts the
# server on 127.0.0.1 (a free port from 55432 up, its socket inside the temp dir), runs the
# command, then stops the server and deletes its data, also when the command fails.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/with-postgres.sh <command> [args...]" >&2
  exit 2
fi

# The newest Debian cluster binaries first, then whatever is on PATH.
find_bin() {
  local name="$1" dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/$name" ]; then echo "$dir/$name"; return 0; fi
  done
  command -v "$name" 2>/dev/null
}

pg_bins_present() {
  find_bin initdb >/dev/null && find_bin pg_ctl >/dev/null && find_bin postgres >/dev/null
}

if ! pg_bins_present; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL (initdb, pg_ctl, postgres) is missing; install it (apt-get install -y postgresql) or run as root." >&2
    exit 1
  fi
  echo "Installing PostgreSQL (apt-get install -y postgresql)…"
  DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >/dev/null || {
    apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >/dev/null
  }
fi

INITDB="$(find_bin initdb)"
PG_CTL="$(find_bin pg_ctl)"

port_free() {
  ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}
PORT="${PGPORT_TEST:-55432}"
while ! port_free "$PORT"; do PORT=$((PORT + 1)); done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/nu-forms-pg.XXXXXX")"
DATA="$WORK/data"
DB_USER="$(id -un)"
AS=()
if [ "$(id -u)" -eq 0 ]; then
  # initdb refuses to run as root: the server runs as the postgres user.
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown -R postgres "$WORK"
  chmod 700 "$WORK"
  DB_USER=postgres
  if command -v runuser >/dev/null 2>&1; then AS=(runuser -u postgres --); else AS=(su postgres -s /bin/sh -c); fi
fi

run_as() {
  if [ "${#AS[@]}" -eq 0 ]; then "$@"; elif [ "${AS[0]}" = "runuser" ]; then "${AS[@]}" "$@"; else "${AS[@]}" "$(printf '%q ' "$@")"; fi
}

cleanup() {
  local status=$?
  run_as "$PG_CTL" -D "$DATA" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT INT TERM

run_as "$INITDB" -D "$DATA" -U "$DB_USER" --auth=trust --encoding=UTF8 --locale=C >/dev/null
run_as "$PG_CTL" -D "$DATA" -l "$WORK/server.log" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$WORK -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || { cat "$WORK/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://$DB_USER@127.0.0.1:$PORT/postgres"
echo "PostgreSQL $("$INITDB" --version | awk '{print $3}') on 127.0.0.1:$PORT (TEST_DATABASE_URL set)"
set +e
"$@"
status=$?
set -e
exit "$status"
