#!/usr/bin/env bash
# Peak resident memory (GNU time, KiB) of `submit`, `mail`, `audit`, `export` and `verify` on a
# real game of 10,000 recorded turns, beside the same at turn 10 of the same game (the goal in
# docs/PERFORMANCE.md is at most 16 MB each). Unlike bench/scale.sh, whose long game is copied
# rows, every turn here is played through the referee, and `audit` must say ok for it.
#
# The game is the nv-caravan sample (examples/nv-caravan, seed 6), its players registered with
# addresses so that they can mail turns. Its first nine turn files bring it to turn 10, bob to
# move. No game of cards lasts 10,000 turns, so from there bob plays a legal move, asks to take
# it back (request-undo) and ann accepts (accept-undo): three turns of the record that return the
# game to the same state and generator, each move drawing a card and each undo restoring it. The
# moves go round bob's legal moves; a draw offered and declined (two turns) makes up the count.
# All of it goes in one `submit` of many files. Then, on copies of the database at turn 10 and at
# turn 10,001, bob's next turn (the sample's 010-bob.yaml) is measured as a `submit` and as a
# `mail` (one message on standard input, replies into an outbox Maildir), then `audit` of the
# game, `export` of its record and `verify` of that record. The clock is fixed (CARAVAN_REF_NOW)
# so runs are alike.
#
# `mail` answers both players with their views, each with a picture: caravan-ref-mail links
# librsvg and the libraries under it (referee/png.cpp), whose pages count in its resident set. Beside it, the
# column "pictures" is mail's floor: bench/picture_floor.c, a C program that only draws the same
# two pictures (each player's view after the turn, `view --format svg`) to PNG with librsvg.
#
# Needs build/caravan-ref (and build/caravan-ref-mail, for mail), build/bench/picture-floor,
# jq and GNU time. Takes under
# 10 seconds. Usage: bash bench/long_game.sh [TURNS] (default 10000 turns recorded before the
# measured one)
set -euo pipefail
cd "$(dirname "$0")/.."
target=$((${1:-10000} + 1))  # the turn that is measured
bin=$PWD/build/caravan-ref
picture_floor=$PWD/build/bench/picture-floor
sample=$PWD/examples/nv-caravan
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export CARAVAN_REF_NOW=2026-11-22T10:00:00Z
start=9  # the sample's turn files played before the measured turn 10
die() { echo "$*" >&2; exit 1; }
(( target > start + 1 )) || die "usage: bench/long_game.sh [TURNS], with TURNS > $start"

"$bin" --db short.db new nv-caravan --player "ann <ann@example.org>" \
  --player "bob <bob@example.org>" --seed 6 --format json >new.json
"$bin" --db short.db pubkey >/dev/null  # the key file, made once: no measured command pays for it
game=$(jq -r .game new.json)
declare -A token
for who in ann bob; do
  token[$who]=$(jq -r --arg who "$who" '.players[] | select(.name == $who).token' new.json)
done

# The sample's turn file for turn N (NNN-PLAYER.yaml) with this game's id and the player's token,
# sent as turn TURN (default N).
sample_turn() {  # N [TURN]
  local matches=("$sample"/turns/"$(printf %03d "$1")"-*.yaml)
  local file=${matches[0]}
  local player=${file##*-}
  player=${player%.yaml}
  sed -e "s/^game: GAME$/game: $game/" -e "s/^token: TOKEN$/token: ${token[$player]}/" \
    -e "s/^turn: $1$/turn: ${2:-$1}/" "$file"
}
# A turn file of PLAYER for turn TURN whose last line is LINE ("moves: [...]" or "action: ...").
turn_file() {  # FILE PLAYER TURN LINE
  printf 'game: %s\nplayer: %s\nturn: %d\ntoken: %s\n%s\n' "$game" "$2" "$3" "${token[$2]}" "$4" \
    >"$1"
}
# Submits the files in one process; stops the script unless every one was accepted.
submit_all() {  # DB FILE...
  local db=$1
  shift
  if ! "$bin" --db "$db" --format json submit "$@" >batch.json 2>batch.err; then
    echo "a turn file was refused:" >&2
    jq -c '[.[]? // . | select(.accepted != true)] | first' batch.json >&2 || true
    cat batch.err >&2
    exit 1
  fi
}
# The record's next turn number after the last batch (submit's `next_turn`): a view gives the
# position's turn instead, which an accepted undo takes back.
next_turn() { jq -r 'if type == "array" then last else . end | .next_turn' batch.json; }
# Copies a database (with its write-ahead log and key file) to another name.
clone_db() {  # FROM TO
  rm -f "$2" "$2-wal" "$2-shm" "$2.key"
  for suffix in "" -wal .key; do [ ! -e "$1$suffix" ] || cp "$1$suffix" "$2$suffix"; done
}

mkdir turns
for n in $(seq 1 $start); do sample_turn "$n" >"turns/sample-$n.yaml"; done
submit_all short.db turns/sample-*.yaml
[ "$(next_turn)" = $((start + 1)) ] || die "the sample did not reach turn $((start + 1))"

# The long game: bob's move, bob's request-undo, ann's accept-undo, again and again from turn 10;
# a draw offered by bob and declined by ann where a cycle of three would not fit.
mapfile -t moves < <("$bin" --db short.db --format json moves "$game" --player bob \
  | jq -c '.moves[]')
span=$((target - start - 1))  # the turns to record from turn 10 on
pairs=$(( span % 3 == 0 ? 0 : span % 3 == 2 ? 1 : 2 ))
(( span - 2 * pairs >= 0 )) || die "too few turns: $((target - 1))"
cycles=$(( (span - 2 * pairs) / 3 ))
files=()
turn=$((start + 1))
add() {  # PLAYER LINE
  local file=turns/$turn.yaml
  turn_file "$file" "$1" "$turn" "$2"
  files+=("$file")
  turn=$((turn + 1))
}
began=$(date +%s%N)
for ((c = 0; c < cycles; c++)); do
  add bob "moves: [${moves[c % ${#moves[@]}]}]"
  add bob "action: request-undo"
  add ann "action: accept-undo"
done
for ((p = 0; p < pairs; p++)); do
  add bob "action: offer-draw"
  add ann "action: decline-draw"
done
clone_db short.db long.db
submit_all long.db "${files[@]}"
made=$(( ($(date +%s%N) - began) / 1000000 ))  # ms
[ "$(next_turn)" = "$target" ] || die "the long game is not at turn $target"

# GNU time's peak resident set size (KiB) of a command, whose output goes to FILE. A command
# that fails stops the script, unless --may-fail NAME: then the figure is "refused" and NAME with
# the reason goes to notes.txt, printed under the table.
peak() {  # [--may-fail NAME] FILE COMMAND...
  local may_fail=""
  if [ "$1" = --may-fail ]; then may_fail=$2; shift 2; fi
  local out=$1
  shift
  if /usr/bin/time -o peak.txt -f %M "$@" >"$out" 2>err.txt; then
    tail -1 peak.txt
  elif [ -n "$may_fail" ]; then
    echo "refused"
    echo "$may_fail: $(grep -v '^Command exited' err.txt | head -1)" >>notes.txt
  else
    echo "failed: $*" >&2
    cat err.txt "$out" >&2
    exit 1
  fi
}
# One message from bob carrying his turn for TURN, as a player's mail program sends it.
message() {  # TURN
  printf 'Return-Path: <bob@example.org>\nFrom: Bob Baker <bob@example.org>\n'
  printf 'To: Caravan Referee <referee@example.org>\nSubject: my move\n'
  printf 'Date: Sun, 22 Nov 2026 10:00:00 +0000\nMessage-ID: <long-game-%s@mail.example.org>\n' "$1"
  printf 'MIME-Version: 1.0\nContent-Type: text/plain; charset=us-ascii\n\nHere is my move:\n\n'
  sample_turn $((start + 1)) "$1"
  printf '\nBob\n'
}
# Measures every command on the game in DB, whose next turn is TURN; prints a row of the table.
measure() {  # LABEL DB TURN
  local label=$1 db=$2 turn=$3 sub mail pictures audit audited record verify
  clone_db "$db" sub.db
  sample_turn $((start + 1)) "$turn" >turn.yaml  # the sample's 010-bob.yaml, as turn TURN
  sub=$(peak answer.json "$bin" --db sub.db --format json submit turn.yaml)
  jq -e '.accepted' answer.json >/dev/null || die "submit refused: $(cat answer.json)"
  clone_db "$db" mail.db
  message "$turn" >message.eml
  rm -rf outbox
  mail=$(peak answer.json "$bin" --db mail.db --format json mail --outbox outbox \
    --from "Caravan Referee <referee@example.org>" <message.eml)
  jq -e '.verdict == "accepted"' answer.json >/dev/null || die "mail refused: $(cat answer.json)"
  for who in ann bob; do
    "$bin" --db mail.db --format svg view "$game" --player "$who" >"$who.svg"
  done
  pictures=$(peak answer.txt "$picture_floor" ann.svg bob.svg)
  audit=$(peak answer.json "$bin" --db sub.db --format json audit "$game")
  jq -e '.ok' answer.json >/dev/null || die "audit failed: $(cat answer.json)"
  audited=$(jq -r '.games[0].turns' answer.json)
  rm -f record.yaml
  record=$(peak answer.json "$bin" --db sub.db export "$game" --out record.yaml)
  # verify reads the record with a record's limits (caravan-ref(1), LIMITS); were it refused,
  # that would be shown, not hidden.
  verify=$(peak --may-fail "verify at turn $turn" answer.json "$bin" --format json verify \
    record.yaml)
  [ "$verify" = refused ] || jq -e '.ok' answer.json >/dev/null \
    || die "verify failed: $(cat answer.json)"
  printf '%-14s %7s %7s %8s %7s %7s %7s   %s turns, audit ok, %s KiB of record\n' "$label" \
    "$sub" "$mail" "$pictures" "$audit" "$record" "$verify" "$audited" \
    $(( $(stat -c %s record.yaml) / 1024 ))
}

printf 'nv-caravan %s: turns %d to %d recorded in one submit in %d.%d s\n' "$game" $((start + 1)) \
  $((target - 1)) $((made / 1000)) $((made % 1000 / 100))
echo
echo "== peak resident memory (KiB), bob's turn submitted at turn N"
printf '%-14s %7s %7s %8s %7s %7s %7s\n' N submit mail pictures audit export verify
measure "$((start + 1))" short.db $((start + 1))
measure "$target" long.db "$target"
[ ! -s notes.txt ] || { echo; cat notes.txt; }
