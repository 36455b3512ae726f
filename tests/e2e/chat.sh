#!/usr/bin/env bash
# Play from chat: caravan-ref serve as Discord's interactions and Slack's command and buttons call
# it, each request signed as the platform documents (tests/e2e/chat_client.py): a whole game of
# each engine through Discord (a move built a part at a time where there are more than buttons),
# one through Slack and moves by parts, every command once; the board message's button; bad
# signatures, stale timestamps, stale parts, replays, forged users and wrong tokens refused; no
# answer shows a seat's view to another or names a token.
source "$(dirname "$0")/lib.sh" "$@"
PY=/usr/bin/python3
"$PY" -c 'import nacl.signing' 2>/dev/null || PY=python3
"$PY" -c 'import nacl.signing' 2>/dev/null ||
  { echo "skipped: needs python3-nacl (bash .ci/install-deps test)"; rm -rf "$WORK"; exit 77; }
[ -x "$(dirname "$BIN")/caravan-ref-serve" ] ||
  { echo "FAIL: no caravan-ref-serve beside $BIN"; exit 1; }
if "$PY" "$SRC/tests/e2e/chat_client.py" "$BIN" "$SRC"; then
  rm -rf "$WORK"
else
  echo "kept $WORK (serve.log: the server's log)"
  exit 1
fi
