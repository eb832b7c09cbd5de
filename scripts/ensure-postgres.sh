#!/usr/bin/env bash
# A throwaway PostgreSQL server for tests (tests/postgres), on this machine or a fresh CI machine
# of the same kind (Debian 12), without manual steps.
#
#   scripts/ensure-postgres.sh [start [DIR]]  installs Debian's postgresql with apt-get when its
#       pg_ctl is missing, initialises a cluster in DIR (default: a new temp dir), starts it on a
#       free loopback port (unix sockets in DIR), creates the role and database eem (password
#       eem) and prints `EEM_PG_DIR=DIR` and, on the last stdout line, the connection URL
#       postgres://eem:eem@127.0.0.1:PORT/eem. Given a DIR whose server is already running, it
#       only prints the two lines again.
#   scripts/ensure-postgres.sh stop DIR        stops that server and removes DIR.
#
# Progress goes to stderr; exits non-zero with a message naming what failed. Runs as root (the
# cluster then belongs to the postgres user: initdb refuses root) or as any other user (who
# owns the cluster; installing then needs passwordless sudo). EEM_PG_VERSION picks a major
# version when several are installed (default: the newest).
set -euo pipefail

ME=ensure-postgres
ROLE=eem
PASSWORD=eem
DATABASE=eem
MARKER=.eem-postgres

die() {
  echo "$ME: $*" >&2
  exit 1
}
say() { echo "$ME: $*" >&2; }

SUDO=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
  SUDO=(sudo -n)
fi

# Debian keeps the server programs out of PATH, in /usr/lib/postgresql/<major>/bin.
find_bindir() {
  local candidate
  if [ -n "${EEM_PG_VERSION:-}" ]; then
    candidate=/usr/lib/postgresql/$EEM_PG_VERSION/bin
    [ -x "$candidate/pg_ctl" ] && echo "$candidate"
    return 0
  fi
  candidate=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$candidate" ] && [ -x "$candidate/pg_ctl" ]; then
    echo "$candidate"
  elif command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v pg_ctl)")"
  fi
}

install_postgres() {
  command -v apt-get >/dev/null 2>&1 ||
    die "PostgreSQL (pg_ctl) is missing and apt-get is not available; install the PostgreSQL server by hand"
  if [ "$(id -u)" -ne 0 ] && [ ${#SUDO[@]} -eq 0 ]; then
    die "PostgreSQL (pg_ctl) is missing and installing it needs root; run: apt-get update && apt-get install -y postgresql"
  fi
  local package=postgresql log
  [ -n "${EEM_PG_VERSION:-}" ] && package=postgresql-$EEM_PG_VERSION
  log=$(mktemp "${TMPDIR:-/tmp}/$ME-apt.XXXXXX")
  say "installing $package with apt-get (once per machine)"
  # Other scripts (ensure-chromium.sh) may run apt-get at the same time: wait for its locks.
  local try
  for try in 1 2 3 4 5 6; do
    if "${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=120 update -qq >"$log" 2>&1; then break; fi
    if [ "$try" -eq 6 ] || ! grep -qi 'lock' "$log"; then
      tail -n 20 "$log" >&2
      rm -f "$log"
      die "apt-get update failed (is Debian's apt repository reachable?)"
    fi
    sleep 10
  done
  if ! DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y -qq \
    --no-install-recommends "$package" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    rm -f "$log"
    die "apt-get install $package failed"
  fi
  rm -f "$log"
}

# A TCP port nobody listens on now (node is there: the tests run on it).
free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# Runs a command as the owner of the cluster: OWNER (set from the cluster's dir), else postgres
# for root (initdb refuses root) and the caller for anyone else.
OWNER=""
as_owner() {
  local owner=${OWNER:-postgres}
  if [ "$(id -u)" -eq 0 ] && [ "$owner" != root ]; then
    runuser -u "$owner" -- "$@"
  else
    "$@"
  fi
}

print_url() {
  local dir=$1 port
  port=$(cat "$dir/port")
  echo "EEM_PG_DIR=$dir"
  echo "postgres://$ROLE:$PASSWORD@127.0.0.1:$port/$DATABASE"
}

running() {
  local dir=$1
  [ -f "$dir/$MARKER" ] && [ -f "$dir/port" ] || return 1
  OWNER=$(stat -c %U "$dir")
  as_owner "$BINDIR/pg_ctl" -D "$dir/data" status >/dev/null 2>&1
}

stop_cluster() {
  local dir=${1:-}
  [ -n "$dir" ] || die "usage: $0 stop DIR"
  [ -d "$dir" ] || exit 0
  [ -f "$dir/$MARKER" ] || die "$dir was not made by $0; not removing it"
  if [ -f "$dir/data/postmaster.pid" ]; then
    BINDIR=$(find_bindir)
    [ -n "$BINDIR" ] || die "pg_ctl not found; cannot stop the server of $dir"
    OWNER=$(stat -c %U "$dir/data")
    as_owner "$BINDIR/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

start_cluster() {
  local dir=${1:-}
  BINDIR=$(find_bindir)
  if [ -z "$BINDIR" ]; then
    install_postgres
    BINDIR=$(find_bindir)
    [ -n "$BINDIR" ] || die "postgresql was installed but pg_ctl is not in /usr/lib/postgresql/*/bin"
  fi
  if [ -n "$dir" ] && running "$dir"; then
    print_url "$dir"
    return 0
  fi
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || die "the postgres user is missing (it comes with Debian's postgresql-common)"
    OWNER=postgres
  else
    OWNER=$(id -un)
  fi
  if [ -z "$dir" ]; then
    dir=$(mktemp -d "${TMPDIR:-/tmp}/eem-pg.XXXXXX")
    # The postgres user must reach it: fall back to /tmp when TMPDIR is private.
    if [ "$(id -u)" -eq 0 ] && ! runuser -u postgres -- test -x "$dir"; then
      rmdir "$dir"
      dir=$(mktemp -d /tmp/eem-pg.XXXXXX)
    fi
    # A start that fails half-way leaves no server and no temp dir behind.
    CREATED=$dir
    trap 'if [ -n "$CREATED" ]; then stop_cluster "$CREATED" >/dev/null 2>&1 || true; fi' EXIT
  else
    mkdir -p "$dir"
    [ -z "$(ls -A "$dir")" ] || [ -f "$dir/$MARKER" ] || die "$dir is not empty and was not made by $0"
    rm -rf "${dir:?}/data"
  fi
  touch "$dir/$MARKER"
  chmod 700 "$dir"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir" "$dir/$MARKER"; fi

  local log="$dir/initdb.log"
  # Trust on the unix socket (in DIR, for this script), passwords on TCP (what the server uses).
  if ! as_owner "$BINDIR/initdb" -D "$dir/data" --username=postgres --auth-local=trust \
    --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    die "initdb failed in $dir"
  fi

  local port try started=""
  for try in 1 2 3 4 5; do
    port=$(free_port)
    # Durability does not matter for a throwaway test database: no fsync, no full-page writes.
    if as_owner "$BINDIR/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o \
      "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null 2>&1; then
      started=yes
      break
    fi
    grep -qi 'address already in use' "$dir/server.log" 2>/dev/null || break
  done
  if [ -z "$started" ]; then
    tail -n 20 "$dir/server.log" >&2 || true
    die "the PostgreSQL server did not start (log: $dir/server.log)"
  fi
  echo "$port" | as_owner tee "$dir/port" >/dev/null

  if ! as_owner "$BINDIR/psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U postgres -d postgres \
    -c "create role $ROLE login password '$PASSWORD'" \
    -c "create database $DATABASE owner $ROLE" >"$log" 2>&1; then
    cat "$log" >&2
    die "creating the role and database $DATABASE failed"
  fi
  CREATED=""
  print_url "$dir"
}

CREATED=""
case "${1:-start}" in
start) start_cluster "${2:-}" ;;
stop) stop_cluster "${2:-}" ;;
*) die "usage: $0 [start [DIR]] | stop DIR" ;;
esac
