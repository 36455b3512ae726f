#!/usr/bin/env bash
# Replays refused across serve processes (tests/e2e/chat_replay.py): two serve on one database,
# a signed Discord or Slack request taken by one and the same bytes refused (401) by the other,
# and by the first after a restart, nothing changed. tests/e2e/pg.sh runs it on PostgreSQL too.
source "$(dirname "$0")/lib.sh" "$@"
PY=/usr/bin/python3
"$PY" -c 'import nacl.signing' 2>/dev/null || PY=python3
"$PY" -c 'import nacl.signing' 2>/dev/null ||
  { echo "skipped: needs python3-nacl (bash .ci/install-deps test)"; rm -rf "$WORK"; exit 77; }
[ -x "$(dirname "$BIN")/caravan-ref-serve" ] ||
  { echo "FAIL: no caravan-ref-serve beside $BIN"; exit 1; }
if "$PY" "$SRC/tests/e2e/chat_replay.py" "$BIN" "$SRC"; then
  rm -rf "$WORK"
else
  echo "kept $WORK (serve-*.log: the servers' logs)"
  exit 1
fi
