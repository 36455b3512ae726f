# submit of several turn files in one process (issue 16's batch): each file is its own durable
# transaction, applied in order; the answer is the list of answers, and the exit code is that of
# the first refused file (0 when every file was accepted). A refusal does not stop the batch.
source "$(dirname "$0")/lib.sh" "$@"

expect_exit 0 "new" -- "$BIN" new caravaneers --player ann --player bob --seed 3 --format json
game=$(jq -r .game "$WORK/out")
ann=$(jq -r '.players[0].token' "$WORK/out")
bob=$(jq -r '.players[1].token' "$WORK/out")
turn() { printf 'game: %s\nplayer: %s\nturn: %s\ntoken: %s\nmoves: [%s]\n' "$game" "$1" "$2" "$3" "$4"; }
turn ann 1 "$ann" b1 >t1.yaml
# Bob's reply is worked out on a copy, so both files exist before the batch runs.
cp games.db scratch.db
"$BIN" --db scratch.db submit t1.yaml >/dev/null
turn bob 2 "$bob" "$("$BIN" --db scratch.db --format json moves "$game" --player bob | jq -r '.moves[0]')" >t2.yaml
turn ann 2 "$ann" b1 >stale.yaml  # turn 2 is over by then: refused (65), and turn 3 still goes in

expect_exit 0 "two files in one process" -- "$BIN" submit t1.yaml t2.yaml --format json
expect_in "$WORK/out" '"turn": 2' "the second file's answer"
[ "$(jq 'length' "$WORK/out")" = 2 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: two answers wanted"; cat "$WORK/out"; }

"$BIN" --format json view "$game" --player ann >view.json
first=$(jq -r '.to_move[0]' view.json)
[ "$first" = ann ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: ann to move at turn 3, got $first"; }
next=$("$BIN" --format json moves "$game" --player ann | jq -r '.moves[0]')
turn ann 3 "$ann" "$next" >t3.yaml

expect_exit 65 "a refused file in the middle" -- "$BIN" submit stale.yaml t3.yaml missing.yaml --format json
[ "$(jq -r '[.[].accepted] | map(tostring) | join(",")' "$WORK/out")" = "false,true,false" ] &&
  PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: verdicts"; cat "$WORK/out"; }
expect_in "$WORK/out" '"code": 66' "the missing file's own code in its answer"
expect_in "$WORK/err" 'stale.yaml' "stderr names the refused file"

expect_exit 0 "the record audits" -- "$BIN" audit "$game"
finish
