#!/usr/bin/env bash
# Several eem-server processes on one PostgreSQL database behind nginx, on this machine
# (ADR 0016, docs/operations.md).
#
#   scripts/run-cluster.sh start [DIR]   PostgreSQL (scripts/ensure-postgres.sh; or the database
#       of EEM_DATABASE_URL when it is set), nginx (scripts/ensure-nginx.sh), EEM_SERVERS (2)
#       servers on free loopback ports, and nginx in front of them on EEM_PROXY_PORT (8080).
#       Everything lives in DIR (default: a new temp dir): the servers' shared data dir data/
#       (uploaded files), their logs server-N.log, nginx's nginx-*.log.
#       Prints `EEM_CLUSTER_DIR=DIR`, one `server-N URL` line per server and, on the last line,
#       the proxy's URL. The servers get the environment of the caller (EEM_HISTORY_DAYS, ...).
#   scripts/run-cluster.sh stop DIR      stops nginx, the servers and the PostgreSQL it started.
#   scripts/run-cluster.sh proxy DIR LISTEN UPSTREAM...   only nginx, on LISTEN (host:port) in
#       front of the UPSTREAMs (host:port each), with scripts/cluster/nginx.conf; used by tests.
#
# Needs a built server (npm run build). Progress goes to stderr.
set -euo pipefail

ME=run-cluster
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
MARKER=.eem-cluster

die() {
  echo "$ME: $*" >&2
  exit 1
}
say() { echo "$ME: $*" >&2; }

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# proxy DIR LISTEN UPSTREAM...: writes DIR/nginx.conf and starts nginx (it forks into the background).
start_proxy() {
  local dir=$1 listen=$2
  shift 2
  [ $# -gt 0 ] || die "usage: $0 proxy DIR LISTEN UPSTREAM..."
  local nginx upstreams="" upstream
  nginx=$("$HERE/ensure-nginx.sh")
  for upstream in "$@"; do
    upstreams+="    server $upstream max_fails=1 fail_timeout=5s;"$'\n'
  done
  mkdir -p "$dir/nginx-temp"
  touch "$dir/$MARKER"
  local conf=$dir/nginx.conf
  awk -v dir="$dir" -v listen="$listen" -v upstreams="${upstreams%$'\n'}" '
    { gsub(/@DIR@/, dir); gsub(/@LISTEN@/, listen) }
    /^@UPSTREAMS@$/ { print upstreams; next }
    { print }' "$HERE/cluster/nginx.conf" >"$conf"
  # As root, nginx runs its workers as nobody: they need to reach the temp dir.
  if [ "$(id -u)" -eq 0 ]; then
    chmod 755 "$dir"
    chown -R nobody "$dir/nginx-temp" 2>/dev/null || true
  fi
  "$nginx" -t -q -e "$dir/nginx-error.log" -c "$conf" || die "nginx refused $conf (see $dir/nginx-error.log)"
  "$nginx" -e "$dir/nginx-error.log" -c "$conf" || die "nginx did not start (see $dir/nginx-error.log)"
  local try
  for try in $(seq 1 50); do
    [ -s "$dir/nginx.pid" ] && break
    sleep 0.1
  done
  [ -s "$dir/nginx.pid" ] || die "nginx did not write $dir/nginx.pid"
  echo "http://$listen"
}

# stop_process PID SIGNAL SECONDS: sends the signal, waits up to SECONDS for the process to end.
stop_process() {
  local pid=$1 signal=$2 tries=$(($3 * 10))
  kill "-$signal" "$pid" 2>/dev/null || return 0
  for _ in $(seq 1 "$tries"); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
}

stop_proxy() {
  local dir=$1
  [ -s "$dir/nginx.pid" ] || return 0
  stop_process "$(cat "$dir/nginx.pid")" QUIT 5
  rm -f "$dir/nginx.pid"
}

start_cluster() {
  local dir=${1:-} count=${EEM_SERVERS:-2} proxy_port=${EEM_PROXY_PORT:-8080}
  local main=$ROOT/packages/server/dist/main.js
  [ -f "$main" ] || die "the server is not built; run: npm run build"
  [[ "$count" =~ ^[1-9][0-9]?$ ]] || die "EEM_SERVERS must be a number from 1 to 99, got '$count'"
  if [ -z "$dir" ]; then
    dir=$(mktemp -d "${TMPDIR:-/tmp}/eem-cluster.XXXXXX")
  else
    mkdir -p "$dir"
    [ -z "$(ls -A "$dir")" ] || die "$dir is not empty"
  fi
  touch "$dir/$MARKER"
  local url=${EEM_DATABASE_URL:-}
  if [ -z "$url" ]; then
    local out
    out=$("$HERE/ensure-postgres.sh") || die "PostgreSQL could not be started"
    url=$(echo "$out" | tail -n 1)
    echo "$out" | sed -n 's/^EEM_PG_DIR=//p' >"$dir/pg-dir"
  fi
  local i port upstreams=() urls=()
  for i in $(seq 1 "$count"); do
    port=$(free_port)
    say "starting server-$i on 127.0.0.1:$port"
    (
      cd "$ROOT"
      # One data dir for all: uploaded files (files/) are read by whichever server is asked.
      PORT=$port HOST=127.0.0.1 EEM_DATABASE_URL=$url EEM_DATA_DIR=$dir/data \
        EEM_SERVER_ID=${EEM_SERVER_ID_PREFIX:-server}-$i EEM_TRUST_PROXY=127.0.0.1 \
        exec node "$main" >"$dir/server-$i.log" 2>&1
    ) &
    echo $! >"$dir/server-$i.pid"
    upstreams+=("127.0.0.1:$port")
    urls+=("server-$i http://127.0.0.1:$port")
  done
  for i in $(seq 1 "$count"); do
    # The first start on an empty database writes the demo history first: allow for it.
    local waited=0
    until grep -q 'listening on' "$dir/server-$i.log" 2>/dev/null; do
      kill -0 "$(cat "$dir/server-$i.pid")" 2>/dev/null || {
        tail -n 20 "$dir/server-$i.log" >&2
        die "server-$i stopped (log: $dir/server-$i.log)"
      }
      sleep 0.2
      waited=$((waited + 1))
      [ "$waited" -lt 3000 ] || die "server-$i did not listen within 10 minutes (log: $dir/server-$i.log)"
    done
  done
  local proxy
  proxy=$(start_proxy "$dir" "127.0.0.1:$proxy_port" "${upstreams[@]}")
  echo "EEM_CLUSTER_DIR=$dir"
  printf '%s\n' "${urls[@]}"
  echo "$proxy"
}

stop_cluster() {
  local dir=${1:-}
  [ -n "$dir" ] || die "usage: $0 stop DIR"
  [ -d "$dir" ] || exit 0
  [ -f "$dir/$MARKER" ] || die "$dir was not made by $0; not touching it"
  stop_proxy "$dir"
  local file pid
  for file in "$dir"/server-*.pid; do
    [ -e "$file" ] || continue
    pid=$(cat "$file")
    stop_process "$pid" TERM 10
    kill -KILL "$pid" 2>/dev/null || true
    rm -f "$file"
  done
  if [ -s "$dir/pg-dir" ]; then "$HERE/ensure-postgres.sh" stop "$(cat "$dir/pg-dir")"; fi
  rm -rf "$dir"
}

case "${1:-start}" in
start) start_cluster "${2:-}" ;;
stop) stop_cluster "${2:-}" ;;
proxy)
  [ $# -ge 4 ] || die "usage: $0 proxy DIR LISTEN UPSTREAM..."
  start_proxy "$2" "$3" "${@:4}"
  ;;
stop-proxy) stop_proxy "${2:?usage: $0 stop-proxy DIR}" ;;
*) die "usage: $0 [start [DIR]] | stop DIR | proxy DIR LISTEN UPSTREAM... | stop-proxy DIR" ;;
esac
