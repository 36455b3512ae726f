#!/usr/bin/env bash
# Several referees, one truth (issue 66): on one PostgreSQL database, four processes submit the
# next turn of the same four games at once (each turn file raced by every one of them) while a
# fifth ticks the clock a day at a time; then every game is audited. A turn is applied once (no
# two accepted submissions of one turn), the chain never forks (audit replays it whole), the
# clock plays a missed deadline once (no turn number twice), and every answer was 0, or 65 for a
# turn another process played first. Skipped where PostgreSQL's server is not installed.
if [ -z "${CARAVAN_REF_TEST_PG_URL:-}" ]; then
  exec bash "$2/tests/pg/cluster.sh" bash "$0" "$@"
fi
source "$(dirname "$0")/lib.sh" "$@"
export CARAVAN_REF_DB=$CARAVAN_REF_TEST_PG_URL
export CARAVAN_REF_KEY=$WORK/referee.key
export XDG_DATA_HOME=$WORK/data  # where a key file named by nothing goes: not $HOME
# The one clock, shared by the processes: the ticker moves it a day at a time.
echo 2026-03-01T09:00:00Z >now
export CARAVAN_REF_NOW=2026-03-01T09:00:00Z
ROUNDS=${CARAVAN_STRESS_ROUNDS:-15}

expect_exit 0 "init" -- "$BIN" init
GAMES=()
for seed in 1 2 3 4; do
  expect_exit 0 "game $seed" -- "$BIN" new caravaneers --player ann --player bob --seed "$seed" \
    --deadline 1d --nmr default,default,default,default
  game=$(field game)
  GAMES+=("$game")
  grep -A3 'name: ann' out | sed -n 's/ *token: //p' >"ann-$game"
  grep -A3 'name: bob' out | sed -n 's/ *token: //p' >"bob-$game"
done

worker() {  # worker N: ROUNDS times, the next turn of every game; every exit code kept
  local n=$1 round game who turn move
  for round in $(seq 1 "$ROUNDS"); do
    for game in "${GAMES[@]}"; do
      export CARAVAN_REF_NOW=$(cat now)
      "$BIN" view "$game" --referee >"view-$n.yaml" 2>/dev/null || { echo "view:$?" >>"codes-$n"; continue; }
      grep -q '^finished: true' "view-$n.yaml" && continue
      turn=$(sed -n 's/^turn: //p' "view-$n.yaml")
      who=$(sed -n '/^to_move:/{n;s/^ *- //p}' "view-$n.yaml")
      move=$("$BIN" moves "$game" --player "$who" --limit 1 2>/dev/null | sed -n 's/^  - //p' | head -1)
      [ -n "$move" ] || continue
      printf 'game: "%s"\nplayer: %s\nturn: %s\ntoken: %s\nmoves:\n  - %s\n' \
        "$game" "$who" "$turn" "$(cat "$who-$game")" "$move" >"turn-$n.yaml"
      "$BIN" submit "turn-$n.yaml" >/dev/null 2>"err-$n"
      echo "submit:$?" >>"codes-$n"
    done
  done
}
ticker() {
  local day
  for day in $(seq 2 $((ROUNDS + 1))); do
    date -u -d "2026-03-01 09:00 UTC + $day days + 1 hour" +%FT%TZ >now.new && mv now.new now
    CARAVAN_REF_NOW=$(cat now) "$BIN" tick >>ticks.yaml 2>"err-tick"
    echo "tick:$?" >>codes-tick
  done
}

pids=()
for n in 1 2 3 4; do worker "$n" & pids+=($!); done
ticker & pids+=($!)
for pid in "${pids[@]}"; do wait "$pid"; done

cat codes-* | sort | uniq -c | sed 's/^/  answers: /'
bad=$(cat codes-* | grep -v -x -e 'submit:0' -e 'submit:65' -e 'tick:0' | sort | uniq -c)
if [ -z "$bad" ]; then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: answers other than 0 and 65:"; echo "$bad"; cat err-*; fi
grep -q 'submit:0' codes-* && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: no turn was accepted"; }
grep -q 'action: default' ticks.yaml && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the clock played no missed turn"; }

for game in "${GAMES[@]}"; do
  expect_exit 0 "audit of $game" -- "$BIN" audit "$game"
  expect_in out "ok: true" "game $game audits clean after the race"
done
expect_exit 0 "audit of every game" -- "$BIN" audit
twice=$(psql -At "$CARAVAN_REF_DB" -c "SELECT game_id || ' ' || turn FROM submissions \
  WHERE accepted = 1 GROUP BY game_id, turn HAVING count(*) > 1")
[ -z "$twice" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: turns accepted twice: $twice"; }
gaps=$(psql -At "$CARAVAN_REF_DB" -c "SELECT g.id FROM games g WHERE g.next_turn - 1 <> \
  (SELECT count(*) FROM turns t WHERE t.game_id = g.id) OR g.next_turn - 1 <> \
  (SELECT coalesce(max(number), 0) FROM turns t WHERE t.game_id = g.id)")
[ -z "$gaps" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: games whose turns are not 1..n once each: $gaps"; }
echo "  turns recorded: $(psql -At "$CARAVAN_REF_DB" -c 'SELECT count(*) FROM turns')"
finish
