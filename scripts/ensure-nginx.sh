#!/usr/bin/env bash
# Makes sure Debian's nginx is installed (the proxy in front of several eem-server processes:
# scripts/run-cluster.sh, docs/operations.md). Installs it with apt-get only when `nginx` is
# missing, without starting the system's nginx service (the package would start one on port
# 80): a policy-rc.d that forbids service starts is put in place for the install when there is
# none. Prints the path of the nginx binary on stdout; progress and errors go to stderr.
set -euo pipefail

ME=ensure-nginx
die() {
  echo "$ME: $*" >&2
  exit 1
}

find_nginx() {
  if command -v nginx >/dev/null 2>&1; then
    command -v nginx
  elif [ -x /usr/sbin/nginx ]; then
    echo /usr/sbin/nginx
  fi
}

NGINX=$(find_nginx)
if [ -n "$NGINX" ]; then
  echo "$NGINX"
  exit 0
fi

command -v apt-get >/dev/null 2>&1 || die "nginx is missing and apt-get is not available; install nginx by hand"
SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
    SUDO=(sudo -n)
  else
    die "nginx is missing and installing it needs root; run: apt-get update && apt-get install -y nginx"
  fi
fi

LOG=$(mktemp "${TMPDIR:-/tmp}/$ME.XXXXXX")
POLICY=/usr/sbin/policy-rc.d
ADDED_POLICY=""
cleanup() {
  rm -f "$LOG"
  if [ -n "$ADDED_POLICY" ]; then "${SUDO[@]}" rm -f "$POLICY"; fi
}
trap cleanup EXIT

if [ ! -e "$POLICY" ]; then
  # 101: "action forbidden by policy": invoke-rc.d and deb-systemd-invoke start no service.
  printf '#!/bin/sh\nexit 101\n' | "${SUDO[@]}" tee "$POLICY" >/dev/null
  "${SUDO[@]}" chmod 755 "$POLICY"
  ADDED_POLICY=yes
fi

echo "$ME: installing nginx with apt-get (once per machine)" >&2
install() {
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y -qq \
    --no-install-recommends nginx >"$LOG" 2>&1
}
if ! install; then
  # A fresh machine may have no package lists yet.
  "${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=120 update -qq >"$LOG" 2>&1 || {
    tail -n 20 "$LOG" >&2
    die "apt-get update failed (is Debian's apt repository reachable?)"
  }
  install || {
    tail -n 20 "$LOG" >&2
    die "apt-get install nginx failed"
  }
fi

NGINX=$(find_nginx)
[ -n "$NGINX" ] || die "nginx was installed but its binary is not on PATH nor /usr/sbin/nginx"
echo "$NGINX"
