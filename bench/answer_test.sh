#!/usr/bin/env bash
# The answer mode of caravan-ref-bot-strength (a match that another program referees, docs/BOTS.md):
# for a position the referee wrote, in every engine, the bot's move is one of the legal moves the
# reply lists, the same request gets the same reply, and a line it cannot read gets an error line
# while the lines after it are still answered.
#   bash bench/answer_test.sh CARAVAN_REF CARAVAN_REF_BOT_STRENGTH
set -euo pipefail
bin=$1 strength=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export CARAVAN_REF_DB=$work/games.db CARAVAN_REF_NOW=2026-05-01T10:00:00Z
"$bin" init >/dev/null
failed=0
fail() { echo "FAIL: $*"; failed=1; }

for kind in $("$bin" --format json games | jq -r '.[].kind'); do
  game=$("$bin" --format json new "$kind" --player ann --player bob --seed 5 | jq -r .game)
  "$bin" --format json view "$game" --referee >view.json
  to_move=$(jq -r '.to_move[0]' view.json)
  seat=$(jq --arg who "$to_move" '.players[] | select(.name == $who) | .seat' view.json)
  request=$(jq -c --arg kind "$kind" --argjson seat "$seat" \
    '{engine: $kind, state: .state, seat: $seat, level: "mcts", budget: "50", seed: 7}' view.json)
  printf '%s\nnot a request\n%s\n' "$request" "$request" | "$strength" answer >replies
  [ "$(wc -l <replies)" -eq 3 ] || fail "$kind: three lines in, $(wc -l <replies) out"
  sed -n 1p replies | jq -e '.move as $m | .playouts == 50 and any(.legal[]; . == $m)' >/dev/null ||
    fail "$kind: the move is not one of the legal moves listed: $(sed -n 1p replies | head -c 300)"
  sed -n 2p replies | jq -e 'has("error")' >/dev/null || fail "$kind: no error for a bad line"
  [ "$(sed -n 1p replies)" = "$(sed -n 3p replies)" ] || fail "$kind: the same request, two replies"
done
[ "$failed" -eq 0 ] && echo "answer mode: every engine answers with a legal move"
exit "$failed"
