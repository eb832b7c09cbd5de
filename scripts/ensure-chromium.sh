#!/bin/sh
# Makes sure Debian's chromium is installed at /usr/bin/chromium for the browser tests
# (tests/web, driven by playwright-core), with a font for Chinese text so screenshots of the
# zh interface are readable. Installs with apt-get (after apt-get update) only what is
# missing. Quiet on success; exits non-zero with a clear message when it cannot install.
set -u

CHROMIUM=/usr/bin/chromium
PACKAGES=""

[ -x "$CHROMIUM" ] || PACKAGES="chromium"
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=zh 2>/dev/null | head -n 1)" ]; then
  PACKAGES="$PACKAGES fonts-wqy-microhei"
fi

[ -n "$PACKAGES" ] || exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: missing$PACKAGES and apt-get is not available; install Chromium ($CHROMIUM) by hand" >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
    SUDO="sudo -n"
  else
    echo "ensure-chromium: installing$PACKAGES needs root; run: apt-get update && apt-get install$PACKAGES" >&2
    exit 1
  fi
fi

LOG=$(mktemp "${TMPDIR:-/tmp}/ensure-chromium.XXXXXX")
trap 'rm -f "$LOG"' EXIT

if ! $SUDO apt-get update -qq >"$LOG" 2>&1; then
  echo "ensure-chromium: apt-get update failed:" >&2
  tail -n 20 "$LOG" >&2
  exit 1
fi

# shellcheck disable=SC2086 # the package list is meant to split
if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $PACKAGES >"$LOG" 2>&1; then
  echo "ensure-chromium: apt-get install$PACKAGES failed:" >&2
  tail -n 20 "$LOG" >&2
  exit 1
fi

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: chromium was installed but $CHROMIUM does not exist" >&2
  exit 1
fi
