#!/usr/bin/env bash
# The store's figures (docs/PERFORMANCE.md, "SQLite and PostgreSQL"): durable turns a second and
# the 50th and 99th percentiles of one `caravan-ref submit`, whole processes as a mail filter runs
# them (start, open or connect, judge, commit, answer), with 1 and with 8 processes at once, each
# submitting to a game of its own, on an SQLite file and on a PostgreSQL database of a throwaway
# cluster (tests/pg/cluster.sh: the server on this machine, over a Unix socket).
# Each turn's move is looked up (`moves`) outside the timed submit; the rate is the turns of all
# processes over the wall time from the first submit to the last answer.
# Usage: bash bench/store_submit.sh [TURNS] [PROCS...]   (default: 40 turns, 1 and 8 processes)
# Needs build/caravan-ref; PostgreSQL's rows are skipped where its server is not installed.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
turns=${1:-40}
shift $(($# > 0 ? 1 : 0))
procs=("$@")
[ ${#procs[@]} -gt 0 ] || procs=(1 8)
export CARAVAN_BENCH_BIN=${CARAVAN_BENCH_BIN:-$src/build/caravan-ref}

if [ -z "${CARAVAN_BENCH_INNER:-}" ]; then
  printf '| store | processes | turns | turns/s | p50 ms | p99 ms |\n|---|---|---|---|---|---|\n'
  CARAVAN_BENCH_INNER=sqlite bash "$0" "$turns" "${procs[@]}"
  CARAVAN_BENCH_INNER=pg bash tests/pg/cluster.sh bash "$0" "$turns" "${procs[@]}" ||
    [ $? -eq 77 ] || exit 1
  exit 0
fi

bin=$CARAVAN_BENCH_BIN
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export CARAVAN_REF_KEY=$work/referee.key
export XDG_DATA_HOME=$work/data

worker() {  # worker N TURNS: plays TURNS turns of its own game, one timed submit each
  local n=$1 left=$2 game ann bob turn who token move start end
  game=$(sed -n 1p "game-$n"); ann=$(sed -n 2p "game-$n"); bob=$(sed -n 3p "game-$n")
  while [ "$left" -gt 0 ]; do
    "$bin" view "$game" --referee >"view-$n"
    grep -q '^finished: true' "view-$n" && break
    turn=$(sed -n 's/^turn: //p' "view-$n")
    who=$(sed -n '/^to_move:/{n;s/^ *- //p}' "view-$n")
    token=$ann; [ "$who" = bob ] && token=$bob
    move=$("$bin" moves "$game" --player "$who" --limit 1 2>/dev/null | sed -n 's/^  - //p')
    printf 'game: "%s"\nplayer: %s\nturn: %s\ntoken: %s\nmoves:\n  - %s\n' \
      "$game" "$who" "$turn" "$token" "$move" >"turn-$n.yaml"
    start=$(date +%s%N)
    "$bin" submit "turn-$n.yaml" >/dev/null
    end=$(date +%s%N)
    echo $(((end - start) / 1000)) >>"latency-$n"
    echo "$start $end" >>"span-$n"
    left=$((left - 1))
  done
}

for p in "${procs[@]}"; do
  if [ "$CARAVAN_BENCH_INNER" = pg ]; then
    psql -q "$CARAVAN_REF_TEST_PG_URL" -c "CREATE DATABASE bench_$p" >/dev/null
    export CARAVAN_REF_DB="postgresql://caravan@/bench_$p?host=$CARAVAN_REF_TEST_PG_DIR"
  else
    export CARAVAN_REF_DB=$work/bench-$p.db
  fi
  rm -f latency-* span-*
  "$bin" init >/dev/null
  for n in $(seq 1 "$p"); do  # long games (caravaneers, seed n): TURNS turns each at least
    "$bin" new caravaneers --player ann --player bob --seed "$n" --format json >new.json
    sed -n '/"game": *"/{s/.*"game": *"\([^"]*\)".*/\1/p;q}' new.json >"game-$n"
    grep -o '"token": *"[^"]*"' new.json | sed 's/.*: *"\(.*\)"/\1/' >>"game-$n"
  done
  pids=()
  for n in $(seq 1 "$p"); do worker "$n" "$turns" & pids+=($!); done
  for pid in "${pids[@]}"; do wait "$pid"; done
  count=$(cat latency-* | wc -l)
  # (awk alone: `sort | head -1` under pipefail ends the script when sort meets a closed pipe)
  first=$(awk 'NR == 1 || $1 < m {m = $1} END {print m}' span-*)
  last=$(awk 'NR == 1 || $2 > m {m = $2} END {print m}' span-*)
  sort -n latency-* >all
  pct() { awk -v q="$1" '{v[NR]=$1} END {i=int(NR*q+0.999999); if (i<1) i=1; printf "%.1f", v[i]/1000}' all; }
  rate=$(awk -v c="$count" -v ns=$((last - first)) 'BEGIN {printf "%.0f", c / (ns / 1e9)}')
  store=SQLite; [ "$CARAVAN_BENCH_INNER" = pg ] && store=PostgreSQL
  printf '| %s | %s | %s | %s | %s | %s |\n' "$store" "$p" "$count" "$rate" "$(pct 0.5)" "$(pct 0.99)"
done
