#!/usr/bin/env bash
# submit --dry-run: the same verdict and exit code as submit, the player's view after the turn,
# and nothing recorded: the database, its -wal and -shm are byte for byte as they were.
source "$(dirname "$0")/lib.sh" "$@"
export CARAVAN_REF_NOW=2026-03-01T12:00:00Z

expect_exit 66 "a preview never makes a database" -- "$BIN" submit --dry-run /dev/null
[ ! -e "$CARAVAN_REF_DB" ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: --dry-run made a database"; }

expect_exit 0 "new game" -- "$BIN" new nv-caravan --player ann --player bob --seed 11
GAME=$(field game)
ANN=$(grep -A3 'name: ann' out | sed -n 's/ *token: //p')
BOB=$(grep -A3 'name: bob' out | sed -n 's/ *token: //p')
MOVE=$("$BIN" --format json moves "$GAME" --player ann | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["moves"][0]))')
turn_file() {  # turn_file PLAYER TOKEN TURN MOVE
  printf 'game: %s\nplayer: %s\nturn: %s\ntoken: %s\nmoves:\n  - %s\n' "$GAME" "$1" "$3" "$2" "$4"
}
turn_file ann "$ANN" 1 "$MOVE" >good.yaml
turn_file ann "$BOB" 1 "$MOVE" >bad-token.yaml
turn_file ann "$ANN" 2 "$MOVE" >wrong-turn.yaml
turn_file ann "$ANN" 1 '{discard: XX}' >illegal.yaml
turn_file bob "$BOB" 1 "$MOVE" >not-yours.yaml

sums() { for f in "$CARAVAN_REF_DB" "$CARAVAN_REF_DB-wal" "$CARAVAN_REF_DB-shm"; do
  if [ -e "$f" ]; then sha256sum <"$f"; else echo "no $f"; fi; done; }
sums >before
"$BIN" log "$GAME" >log-before

# The verdicts and exit codes submit would give, each printed with dry_run: true.
expect_exit 0 "a good turn" -- "$BIN" --format json submit --dry-run good.yaml
expect_in out '"dry_run": true' "the answer says it is a preview"
expect_in out '"accepted": true' "the turn would be accepted"
python3 - "$WORK/out" <<'EOF' && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: the preview's view"; }
import json, sys
answer = json.load(open(sys.argv[1]))
assert "receipt" not in answer, "a preview signs no receipt"
view = answer["view"]
assert view["you"]["name"] == "ann", view["you"]
assert view["turn"] == 2 and answer["turn"] == 1 and answer["next_turn"] == 2, answer
assert view["to_move"] == ["bob"], view["to_move"]
EOF
expect_exit 77 "a wrong token" -- "$BIN" submit --dry-run bad-token.yaml
expect_in out "dry_run: true" "the refusal says it is a preview"
expect_in err "would be rejected" "stderr says it would be rejected"
expect_exit 65 "a wrong turn number" -- "$BIN" submit --dry-run wrong-turn.yaml
expect_exit 65 "an illegal move" -- "$BIN" submit --dry-run illegal.yaml
expect_in out "move: 1" "the refusal names the move"
expect_exit 65 "not the player's turn" -- "$BIN" submit --dry-run not-yours.yaml
expect_exit 66 "no such file" -- "$BIN" submit --dry-run missing.yaml
expect_exit 64 "--dry-run takes no --out" -- "$BIN" submit --dry-run --out views good.yaml
[ ! -e views ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: views written"; }
# A batch preview plays each file on the ones before it: the same turn twice is stale the second
# time, though each alone would be accepted.
expect_exit 65 "a batch preview" -- "$BIN" --format json submit --dry-run good.yaml good.yaml
python3 - "$WORK/out" <<'EOF' && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: the batch preview"; }
import json, sys
first, second = json.load(open(sys.argv[1]))
assert first["accepted"] and first["dry_run"], first
assert not second["accepted"] and "stale" in second["error"]["message"], second
EOF

sums >after
if cmp -s before after; then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: the database files changed:"; diff before after; fi
"$BIN" log "$GAME" >log-after
cmp -s log-before log-after && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: the log changed"; }
if command -v sqlite3 >/dev/null; then
  [ "$(sqlite3 "$CARAVAN_REF_DB" 'SELECT count(*) FROM submissions')" = 0 ] &&
    PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: a submission was recorded"; }
fi

# The real submit then agrees with the preview. Its views cannot be written (--out names a
# file, not a directory): 73, naming it, though the turn stands.
touch not-a-dir
expect_exit 73 "the same turn for real, --out unwritable" -- "$BIN" submit good.yaml --out not-a-dir
expect_in out "accepted: true" "the turn was accepted"
expect_in out "receipt:" "the real one has its receipt"
expect_in err "the turn is accepted, but its views are not all written: cannot make not-a-dir/$GAME" "stderr names the directory"
expect_exit 65 "and it is recorded: the same file again is stale" -- "$BIN" submit good.yaml
finish
