#!/usr/bin/env bash
# Every speed figure in one run (docs/PERFORMANCE.md): whole processes timed beside their floor
# with hyperfine, then the in-process Google Benchmark suites. Installs what it needs, builds
# into build/, prints one table. Usage: bash bench/run.sh [RUNS]   (default 30 runs a figure)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-30}
# The build the tests use (.ci/build: it installs the packages, Google Benchmark and sqlite3
# among them), only the targets timed here.
bash .ci/build test caravan-ref caravan-ref-mail caravan-ref-bench commit-floor interleave \
  picture-floor >/dev/null
for p in hyperfine jq time; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    { sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo; $sudo apt-get install -y -qq "$p"; }
done
bin=$PWD/build/caravan-ref
floor=$PWD/build/bench/commit-floor
interleave=$PWD/build/bench/interleave

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# A game at turn 1 with ann's first turn written; every timed run starts from a copy of it. The
# referee's key is made and registered first, as in any database after its first turn: a timed
# turn signs its receipt with the key, but neither writes the key file nor records the key.
"$bin" --db template.db new caravaneers --player ann --player bob --seed 1 --format json >new.json
"$bin" --db template.db pubkey >/dev/null
cp -p template.db.key run.db.key
token=$(jq -r '.players[0].token' new.json)
game=$(jq -r '.game' new.json)
printf 'game: %s\nplayer: ann\nturn: 1\ntoken: %s\nmoves: [b1]\n' "$game" "$token" >turn.yaml
sqlite3 template.db 'CREATE TABLE floor_rows (n INTEGER)'
reset='cp template.db run.db && rm -f run.db-wal run.db-shm'

# A batch: the turn files of whole caravaneers games, worked out on a scratch copy (the first
# legal move each time), then submitted in one process to a fresh copy of the games' start.
batch=${CARAVAN_BENCH_BATCH:-1000}
mkdir turns
cp template.db batch-template.db
cp -p template.db.key batch-template.db.key  # each copy of the database beside its key
for g in $(seq 1 40); do
  "$bin" --db batch-template.db new caravaneers --player ann --player bob --seed $((g + 1)) \
    --format json >"game-$g.json"
done
cp batch-template.db scratch.db
cp -p template.db.key scratch.db.key
made=0
for g in $(seq 1 40); do
  id=$(jq -r .game "game-$g.json")
  while :; do
    [ "$made" -lt "$batch" ] || break 2
    "$bin" --db scratch.db --format json view "$id" --referee >v.json
    [ "$(jq -r .finished v.json)" = false ] || break
    player=$(jq -r '.to_move[0]' v.json)
    turn=$(jq -r .turn v.json)
    token=$(jq -r --arg p "$player" '.players[] | select(.name == $p) | .token' "game-$g.json")
    move=$("$bin" --db scratch.db --format json moves "$id" --player "$player" | jq -c '.moves[0]')
    file=$(printf 'turns/%06d.yaml' "$made")
    printf 'game: %s\nplayer: %s\nturn: %s\ntoken: %s\nmoves: [%s]\n' "$id" "$player" "$turn" \
      "$token" "$move" >"$file"
    "$bin" --db scratch.db submit "$file" >/dev/null
    made=$((made + 1))
  done
done
batch=$made

echo "== whole processes, medians of $runs runs ($(nproc) cores, $(date -u +%F))"
hyperfine -N -w 3 -r "$runs" --export-json start.json -n version "$bin --version" -n true true \
  >/dev/null
# The turn and its floor take turns (bench/interleave.c): both see the disk in the same minutes.
"$interleave" "$runs" "$reset" "submit=$bin --db run.db submit turn.yaml" \
  "floor=$floor run.db" >submit.json
hyperfine -N -w 1 -r "$(( (runs + 2) / 3 ))" --export-json batch.json \
  --prepare "sh -c 'cp batch-template.db run.db && rm -f run.db-wal run.db-shm'" \
  -n batch "$bin --db run.db submit $(ls turns/*.yaml | tr '\n' ' ')" \
  -n batch-json "$bin --db run.db --format json submit $(ls turns/*.yaml | tr '\n' ' ')" >/dev/null
row() {  # file, name of the measured command, name of its floor
  jq -r --arg a "$2" --arg b "$3" '
    (.results | map({(.command): .median}) | add) as $m
    | "\($a)\t\($m[$a] * 1000 | . * 100 | round / 100) ms\t\($b)\t\($m[$b] * 1000 | . * 100 | round / 100) ms\t\($m[$a] / $m[$b] | . * 100 | round / 100)x"' "$1"
}
{
  printf 'figure\tmedian\tfloor\tfloor median\tratio\n'
  row start.json version true
  row submit.json submit floor
  jq -r --argjson n "$batch" '.results[] | .median as $m
    | "\(.command) of \($n)\t\($m * 1000 | round) ms\t\t\t\($n / $m | round) turns/s"' batch.json
} | column -t -s $'\t'


# Peak memory (GNU time's maximum resident set), after the batch: the database holds its games.
cp batch-template.db run.db && rm -f run.db-wal run.db-shm
peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
echo
echo "== peak resident memory"
{
  printf 'command\tpeak\n'
  printf 'submit batch of %s\t%s KiB\n' "$batch" "$(peak "$bin" --db run.db submit turns/*.yaml)"
  printf 'audit of every game\t%s KiB\n' "$(peak "$bin" --db run.db audit)"
  printf -- '--version\t%s KiB\n' "$(peak "$bin" --version)"
} | column -t -s $'\t'

echo
echo "== in-process (Google Benchmark)"
cd - >/dev/null
build/bench/caravan-ref-bench --benchmark_counters_tabular=true \
  --benchmark_out="$work/bench.json" --benchmark_out_format=json

# The figures of size: 10^6 games, a 10,000-turn history (about a minute, 2.5 GB of disk).
echo
bash bench/scale.sh "$(( (runs + 3) / 4 ))"

# Peak memory over a real 10,000-turn game: every turn played through the referee (seconds).
echo
bash bench/long_game.sh | tee "$work/long.txt"

# The figures issue 42 holds the referee to, from the runs above.
echo
echo "== the goals (issue 42)"
ratio=$(jq -r '(.results | map({(.command): .median}) | add) as $m | $m.submit / $m.floor
  | . * 100 | round / 100' "$work/submit.json")
slowest() {  # the slowest turns/s of the benchmarks whose name starts with $1
  jq -r --arg p "$1" '[.benchmarks[] | select(.name | startswith($p)) | .["turns/s"]] | min
    | round' "$work/bench.json"
}
audit=$(slowest BM_AuditEveryGame/)
verify=$(slowest BM_VerifyEveryRecord/)
read -r submit_peak audit_peak < <(awk '$1 == 10001 { print $2, $5 }' "$work/long.txt")
verdict() { if awk "BEGIN { exit !($1) }"; then echo met; else echo "NOT MET"; fi; }
{
  printf 'figure	now	goal	
'
  printf 'submit of one turn / commit-floor	%sx	at most 1.5x	%s
' "$ratio" \
    "$(verdict "$ratio <= 1.5")"
  printf 'audit, slowest engine	%s turns/s	at least 12000	%s
' "$audit" \
    "$(verdict "$audit >= 12000")"
  printf 'verify, slowest engine	%s turns/s	at least 12000	%s
' "$verify" \
    "$(verdict "$verify >= 12000")"
  printf 'submit peak at turn 10,001	%s KiB	under 16384	%s
' "$submit_peak" \
    "$(verdict "$submit_peak < 16384")"
  printf 'audit peak at turn 10,001	%s KiB	under 16384	%s
' "$audit_peak" \
    "$(verdict "$audit_peak < 16384")"
} | column -t -s $'\t'
