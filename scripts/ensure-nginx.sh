#!/usr/bin/env bash
# The cluster (npm run cluster, npm run test:cluster) puts Debian's nginx in front of the shop's API
# processes. Install it when missing (as root), or stop with a message saying how.
set -euo pipefail
for candidate in /usr/sbin/nginx /usr/local/sbin/nginx /usr/bin/nginx; do
  if [ -x "$candidate" ]; then exit 0; fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "nginx is missing: installing Debian's nginx package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y nginx >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y nginx >/dev/null; }
  [ -x /usr/sbin/nginx ] && exit 0
fi
echo "The cluster needs nginx." >&2
echo "Install it with:  sudo apt-get install -y nginx   (then run the command again)" >&2
exit 1
