#!/usr/bin/env bash
# tests/chat/install.sh: installs the platforms' own request verifiers that tests/e2e/chat_sdk.sh
# checks serve against (Discord's discord-interactions, Slack's @slack/bolt), at the versions
# tests/chat/package-lock.json pins with their integrity hashes, into a cache outside the
# repository; prints the directory that holds their node_modules. Nothing is installed when the
# cache already holds this lock's packages. No package's install scripts run.
#   $CARAVAN_REF_NPM_CACHE, else $XDG_CACHE_HOME/caravan-ref/npm (~/.cache when unset)
# Exits 77 when npm cannot reach its registry (no network), 1 on any other failure.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v npm >/dev/null && command -v node >/dev/null ||
  { echo "install.sh: node and npm are needed (bash .ci/install-deps test)" >&2; exit 1; }
cache=${CARAVAN_REF_NPM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/caravan-ref/npm}
# One directory a lock: a new pin installs beside the old, never over what a test is using.
lock=$(sha256sum "$here/package-lock.json" | cut -c1-16)
dir=$cache/$lock
if [ -f "$dir/installed" ]; then echo "$dir"; exit 0; fi
mkdir -p "$dir"
cp "$here/package.json" "$here/package-lock.json" "$dir/"
log=$dir/npm.log
if (cd "$dir" && npm ci --ignore-scripts --no-audit --no-fund --cache "$cache/downloads" \
  --loglevel warn) >"$log" 2>&1; then
  touch "$dir/installed"
  echo "$dir"
  exit 0
fi
# npm's own error codes for a registry it cannot reach.
if grep -qE 'ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH' "$log"; then
  echo "install.sh: npm cannot reach its registry (no network?): $(grep -m1 -E 'code E|network' "$log")" >&2
  exit 77
fi
echo "install.sh: npm ci failed in $dir:" >&2
tail -20 "$log" >&2
exit 1
