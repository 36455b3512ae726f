#!/usr/bin/env bash
# The figures of size (docs/PERFORMANCE.md, issue 16): one `submit` with 10^6 games in the
# database against 100, and the peak memory of `submit` at turn 10,001 of a game against turn 1.
# Needs build/caravan-ref and build/bench/commit-floor (bench/run.sh builds them), hyperfine, jq,
# sqlite3 and about 2.5 GB of disk. The games and turns are copied rows, made with SQL: a submit
# reads one game's snapshot and never the history, which is what is measured.
# No database is copied between runs (copying 1.1 GB before each run slowed the run after it,
# floor and submit alike): each run submits the first turn of another game, a copy of the first,
# spread over the database. commit-floor, which commits one row to a table of its own, is timed
# on the same two databases, and its ratio is printed beside the submit's.
# Usage: bash bench/scale.sh [RUNS] (default 8, at most 90)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-8}
(( runs <= 90 )) || { echo "usage: bench/scale.sh [RUNS], at most 90 runs" >&2; exit 64; }
bin=$PWD/build/caravan-ref
floor=$PWD/build/bench/commit-floor
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

"$bin" --db base.db new caravaneers --player ann --player bob --seed 1 --format json >new.json
game=$(jq -r .game new.json)
token=$(jq -r '.players[0].token' new.json)
printf 'game: %s\nplayer: ann\nturn: 1\ntoken: %s\nmoves: [b1]\n' "$game" "$token" >turn.yaml
"$bin" --db base.db pubkey >/dev/null  # the key file, made once: no run pays for it
sqlite3 base.db 'CREATE TABLE floor_rows (n INTEGER)'  # commit-floor's

# N-1 more games, copies of the first under other ids (every column but the id), each with its
# two players.
columns() { sqlite3 base.db "SELECT group_concat(name, ', ') FROM pragma_table_info('$1') WHERE name != '$2'"; }
games_cols=$(columns games id)
players_cols=$(columns players game_id)
games() {  # count, database
  cp base.db "$2" && cp base.db.key "$2.key"
  sqlite3 "$2" "CREATE TEMP TABLE g AS SELECT * FROM games; CREATE TEMP TABLE p AS SELECT * FROM players;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1 - 1)
    INSERT INTO games (id, $games_cols) SELECT printf('x%07d', i), $games_cols FROM n, temp.g;
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1 - 1)
    INSERT INTO players (game_id, $players_cols) SELECT printf('x%07d', i), $players_cols
      FROM n, temp.p;
    PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
}
games 100 g100.db
games 1000000 g1m.db
echo "== one submit, 100 games against 10^6 ($runs runs each, each the first turn of another game)"
# next.sh NAME GAMES STEP TOKEN: the next run's turn file for database gNAME.db of GAMES games,
# for game x<i>, i going through 1..GAMES-1 by steps of STEP (prime to GAMES - 1), so that the
# runs land apart in the file.
cat >next.sh <<'SH'
n=$(cat "count$1" 2>/dev/null || echo 0)
echo $((n + 1)) >"count$1"
printf 'game: x%07d\nplayer: ann\nturn: 1\ntoken: %s\nmoves: [b1]\n' \
  $(( (n * $3) % ($2 - 1) + 1 )) "$4" >"turn$1.yaml"
SH
hyperfine -N -w 1 -r "$runs" --export-json games.json \
  --prepare "sh next.sh 100 100 7 $token" -n "100 games" "$bin --db g100.db submit turn100.yaml" \
  --prepare "sh next.sh 1m 1000000 7919 $token" -n "10^6 games" \
  "$bin --db g1m.db submit turn1m.yaml" \
  --prepare true -n "floor, 100 games" "$floor g100.db" \
  --prepare true -n "floor, 10^6 games" "$floor g1m.db" >/dev/null
jq -r '(.results | map({(.command): (.median * 1000)}) | add) as $m
  | def ms: . * 100 | round / 100;
  ($m["10^6 games"] / $m["100 games"]) as $submit
  | ($m["floor, 10^6 games"] / $m["floor, 100 games"]) as $floor
  | "median: 100 games \($m["100 games"] | ms) ms, 10^6 games \($m["10^6 games"] | ms) ms, ratio \($submit | ms)",
    "floor:  100 games \($m["floor, 100 games"] | ms) ms, 10^6 games \($m["floor, 10^6 games"] | ms) ms, ratio \($floor | ms)"' games.json
rm -f g1m.db*

# 10,000 recorded turns before the next (copies of one turn with the game's snapshot).
cp base.db long.db && cp base.db.key long.db.key
sqlite3 long.db "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
  INSERT INTO turns (game_id, number, seat, forced, moves, events, state_hash, applied_at, chain)
  SELECT g.id, i, (i + 1) % 2, 0, '[\"pass\"]', '[]', g.state_hash, g.created_at, g.chain_head
    FROM n, games g;
  INSERT INTO turn_snapshots (game_id, number, snapshot)
  SELECT game_id, number, json_object('state', json(g.state), 'rng', g.rng)
    FROM turns JOIN games g ON g.id = turns.game_id;
  UPDATE games SET next_turn = 10001;"
sed 's/^turn: 1$/turn: 10001/' turn.yaml >turn-10001.yaml
peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
cp base.db first.db && cp base.db.key first.db.key
echo
echo "== peak resident memory of submit (KiB)"
echo "turn 1:      $(peak "$bin" --db first.db submit turn.yaml)"
echo "turn 10,001: $(peak "$bin" --db long.db submit turn-10001.yaml)"
