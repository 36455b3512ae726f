#!/usr/bin/env bash
# Notices never hold a command (caravan-ref(1), NOTIFICATIONS, "Delivery"): with targets that
# never answer, and one that answers after 3 s with a backlog, a `submit` whose standard output
# and error are read to their end (as a mail system, cron or a chat bot reads them) takes no
# longer than one in a game without targets. Both kinds of submit are run in turn, seven of each;
# the medians are compared (the machine may be loaded: a median of interleaved runs is robust to
# a slow moment on either side) and must be within 50 ms; no single run may reach 1 s (held by a
# receiver, a run would take at least the 5 s post timeout). A game with targets never slows a
# command in another game either.
source "$(dirname "$0")/lib.sh" "$@"
command -v jq >/dev/null && command -v python3 >/dev/null ||
  { echo "skipped: needs jq and python3"; rm -rf "$WORK"; exit 77; }
export CARAVAN_REF_NOW=2026-03-01T09:00:00Z
unset CARAVAN_REF_NOTIFY_TIMEOUT  # the default, 5 s: what a command would wait for
rm -f port
python3 "$SRC/tests/e2e/notify_server.py" port received.log 2>server.err &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null' EXIT
for _ in $(seq 200); do [ -s port ] && break; sleep 0.05; done  # until it listens
URL="http://127.0.0.1:$(cat port)"

tokens() { jq -r '.players[] | "\(.name) \(.token)"' "$1"; }
# turn_file GAME DIR: the turn file of the player to move in DIR/turn.yaml (its first legal move).
turn_file() {
  local player turn move token
  player=$("$BIN" --format json view "$1" --referee | jq -r '.to_move[0]')
  turn=$("$BIN" --format json view "$1" --player "$player" | jq .turn)
  move=$("$BIN" --format json moves "$1" --player "$player" --limit 1 | jq -c '.moves[0]')
  token=$(awk -v p="$player" '$1 == p {print $2}' "$2/tokens")
  printf 'game: %s\nplayer: %s\nturn: %s\ntoken: %s\nmoves: [%s]\n' "$1" "$player" "$turn" \
    "$token" "$move" >"$2/turn.yaml"
}
# timed_submit DIR: the submit's milliseconds, its standard output and error read to their end.
timed_submit() {
  local start end answer
  start=$(date +%s%N)
  answer=$("$BIN" submit "$1/turn.yaml" 2>&1)
  end=$(date +%s%N)
  printf '%s\n' "$answer" >"$1/answer"
  grep -q 'accepted: true' "$1/answer" || echo "FAIL: a submit was refused: $answer" >&2
  echo $(((end - start) / 1000000))
}
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

new_game() {  # new_game DIR [--notify TARGET]...: a game whose answer and tokens are in DIR
  mkdir -p "$1"
  local dir=$1
  shift
  "$BIN" --format json new caravaneers --player ann --player bob --seed 7 "$@" >"$dir/new.json" ||
    { FAILED=$((FAILED + 1)); echo "FAIL: new $*"; }
  tokens "$dir/new.json" >"$dir/tokens"
  jq -r .game "$dir/new.json"
}

# A game with three targets that never answer and one that answers after 3 s; a game without.
start=$(date +%s%N)
HELD=$(new_game held --notify "json:$URL/never/1" --notify "discord:$URL/never/2" \
  --notify "slack:$URL/never/3" --notify "json:$URL/slow/4")
NEW_MS=$(((($(date +%s%N) - start)) / 1000000))
PLAIN=$(new_game plain)
OTHER=$(new_game other)
[ "$NEW_MS" -lt 1000 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: new with four slow targets took $NEW_MS ms"; }

: >with.ms
: >without.ms
: >other.ms
for round in 1 2 3 4 5 6 7; do
  turn_file "$HELD" held
  turn_file "$PLAIN" plain
  turn_file "$OTHER" other
  timed_submit held >>with.ms
  timed_submit plain >>without.ms
  timed_submit other >>other.ms
  # The slow target's backlog grows while its messages take 3 s each.
  [ "$round" -eq 1 ] && "$BIN" admin extend "$HELD" --by 1d --reason backlog >/dev/null 2>&1
done
WITH=$(median <with.ms)
WITHOUT=$(median <without.ms)
OTHER_GAME=$(median <other.ms)
echo "submit, medians of 7: with held targets ${WITH} ms, without ${WITHOUT} ms, in another game" \
  "while one has held targets ${OTHER_GAME} ms (runs: $(tr '\n' ' ' <with.ms)/" \
  "$(tr '\n' ' ' <without.ms)/ $(tr '\n' ' ' <other.ms))"
[ $((WITH - WITHOUT)) -le 50 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: held targets add $((WITH - WITHOUT)) ms to a submit"; }
[ $((OTHER_GAME - WITHOUT)) -le 50 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: another game's targets add $((OTHER_GAME - WITHOUT)) ms"; }
for ms in $(cat with.ms other.ms); do
  [ "$ms" -lt 1000 ] || { FAILED=$((FAILED + 1)); echo "FAIL: one submit took $ms ms"; }
done

# The receivers were told all the same: each never-answering one was sent the first message (and
# holds it), the slow one gets its backlog in order, one message after another.
deadline=$(($(date +%s) + 30))
while [ "$(grep -c '"/never/' received.log)" -lt 3 ] && [ "$(date +%s)" -lt "$deadline" ]; do
  sleep 0.1
done
[ "$(grep -c '"/never/' received.log)" -eq 3 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the never-answering targets were not each tried once"; }
while [ "$(grep -c '"/slow/4"' received.log)" -lt 2 ] && [ "$(date +%s)" -lt "$deadline" ]; do
  sleep 0.1
done
jq -r 'select(.path == "/slow/4") | .body | fromjson | .turn' received.log | tr '\n' ' ' >slow
expect_in slow "0 1 " "the slow receiver gets the backlog in order"
finish
