#!/usr/bin/env bash
# serve's signature checks cross-checked with the platforms' own helpers (tests/e2e/chat_sdk.py):
# Discord's discord-interactions and Slack's @slack/bolt, at the versions tests/chat/package-lock.json
# pins, installed by tests/chat/install.sh into a cache outside the repository (once; bash
# .ci/install-deps test fetches them ahead). Skipped (77) only when npm cannot fetch them: no
# network. Anything else missing (node, npm, python3-nacl) fails, saying what to install.
source "$(dirname "$0")/lib.sh" "$@"
PY=/usr/bin/python3
"$PY" -c 'import nacl.signing' 2>/dev/null || PY=python3
"$PY" -c 'import nacl.signing' 2>/dev/null ||
  { echo "FAIL: needs python3-nacl (bash .ci/install-deps test)"; exit 1; }
[ -x "$(dirname "$BIN")/caravan-ref-serve" ] ||
  { echo "FAIL: no caravan-ref-serve beside $BIN"; exit 1; }
MODULES=$(bash "$SRC/tests/chat/install.sh")
status=$?
if [ $status -eq 77 ]; then
  echo "skipped: npm cannot fetch discord-interactions and @slack/bolt (no network)"
  rm -rf "$WORK"
  exit 77
fi
[ $status -eq 0 ] || { echo "FAIL: tests/chat/install.sh (exit $status)"; exit 1; }
echo "node $(node --version), the helpers from $MODULES"
if "$PY" "$SRC/tests/e2e/chat_sdk.py" "$BIN" "$SRC" "$MODULES"; then
  rm -rf "$WORK"
else
  echo "kept $WORK (serve.log: the server's log)"
  exit 1
fi
