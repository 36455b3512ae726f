#!/usr/bin/env bash
# caravan-ref serve through HTTP as bots and browsers use it: tests/e2e/serve.py (a whole game of
# each engine through the API, its answers checked against schema/openapi.json; wrong tokens,
# oversized bodies, a slow client, a cross-site post, leaks, links revoked, audit after).
source "$(dirname "$0")/lib.sh" "$@"
PY=/usr/bin/python3
"$PY" -c 'import jsonschema' 2>/dev/null || PY=python3
"$PY" -c 'import jsonschema' 2>/dev/null ||
  { echo "skipped: needs python3-jsonschema (bash .ci/install-deps test)"; rm -rf "$WORK"; exit 77; }
[ -x "$(dirname "$BIN")/caravan-ref-serve" ] ||
  { echo "FAIL: no caravan-ref-serve beside $BIN"; exit 1; }
if "$PY" "$SRC/tests/e2e/serve.py" "$BIN" "$SCHEMAS" "$SRC"; then
  rm -rf "$WORK"
else
  echo "kept $WORK (serve.log: the server's log)"
  exit 1
fi
