#!/usr/bin/env bash
# A whole game on the clock, one fake day a tick: ann answers, bob stops answering after his first
# turn; the NMR policy (a default move, then a forfeit at the second miss) finishes the game, and
# the record audits, verifies and shows every step.
source "$(dirname "$0")/lib.sh" "$@"
export CARAVAN_REF_NOW=2026-03-01T09:00:00Z

expect_exit 0 "new game with a clock" -- "$BIN" new caravaneers --player ann --player bob \
  --seed 4 --deadline 1d --remind 6h --nmr default,forfeit:2
GAME=$(field game)
ANN=$(grep -A3 'name: ann' out | sed -n 's/ *token: //p')
BOB=$(grep -A3 'name: bob' out | sed -n 's/ *token: //p')
expect_in out "deadline: 2026-03-02T09:00:00Z" "new shows the first deadline"
expect_exit 0 "list shows whose move and the deadline" -- "$BIN" list --running
grep -A1 "^  to_move:" out | grep -qx "    - ann" && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: list does not give ann in to_move's list"; }
expect_exit 64 "a bad policy is refused" -- "$BIN" new caravaneers --player a --player b \
  --deadline 1d --nmr sometimes

play() {  # play PLAYER TOKEN: the first legal move, now
  "$BIN" view "$GAME" --referee >view.yaml
  local turn move
  turn=$(sed -n 's/^turn: //p' view.yaml)
  move=$("$BIN" moves "$GAME" --player "$1" --limit 1 2>/dev/null | sed -n 's/^  - //p' | head -1)
  printf 'game: "%s"\nplayer: %s\nturn: %s\ntoken: %s\nmoves:\n  - %s\n' \
    "$GAME" "$1" "$turn" "$2" "$move" >turn.yaml
  expect_exit 0 "$1 plays $move" -- "$BIN" submit turn.yaml
}

play ann "$ANN"
play bob "$BOB"
DAY=1
while [ $DAY -le 20 ]; do
  "$BIN" view "$GAME" --referee >view.yaml
  grep -q '^finished: true' view.yaml && break
  WHO=$(sed -n '/^to_move:/{n;s/^ *- //p}' view.yaml)
  [ "$WHO" = ann ] && play ann "$ANN"
  export CARAVAN_REF_NOW=$(printf '2026-03-%02dT10:00:00Z' $((DAY + 1)))
  expect_exit 0 "tick on day $DAY" -- "$BIN" tick
  cat out >>ticks.yaml
  "$BIN" tick >again.yaml
  grep -q '^actions:$' again.yaml && grep -q '\[\]' again.yaml \
    && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: a second tick did something"; cat again.yaml; }
  DAY=$((DAY + 1))
done
expect_in ticks.yaml "action: default" "the clock played a default move for bob"
expect_in ticks.yaml "action: forfeit" "bob forfeited"
expect_exit 0 "the finished view" -- "$BIN" view "$GAME" --player ann
expect_in out "by: forfeit" "the result says how the game ended"
expect_in out "winner: ann" "ann wins"
expect_exit 0 "the log shows the clock's turns" -- "$BIN" log "$GAME"
expect_in out "action: nmr" "the log has the default move's turn"
expect_in out "player: bob" "the log names bob"
expect_exit 0 "audit" -- "$BIN" audit "$GAME"
expect_exit 0 "export" -- "$BIN" export "$GAME" --out record.yaml
expect_exit 0 "verify" -- "$BIN" verify record.yaml
expect_exit 0 "list --finished" -- "$BIN" list --finished --player bob
expect_in out "$GAME" "the finished game is listed for bob"
finish
