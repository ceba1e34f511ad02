#!/usr/bin/env bash
# Browser tests use Debian's Chromium at /usr/bin/chromium. Install it when missing (as root),
# or stop with a message saying how.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y chromium >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; }
  [ -x /usr/bin/chromium ] && exit 0
fi
echo "The browser tests need Chromium at /usr/bin/chromium." >&2
echo "Install it with:  sudo apt-get install -y chromium   (then run the tests again)" >&2
exit 1
