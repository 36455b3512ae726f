#!/usr/bin/env bash
# Mail's weight and cost over whole games (issue 62; docs/PERFORMANCE.md, Mail). For each engine
# the sample game (examples/<kind>: new.args and turns/, as examples/play.sh plays it) is played by
# mail: the game is made with `new --mail` (the invitations), then each turn file goes in as a
# player's message to `caravan-ref mail`, which records it and answers both players, all into
# an outbox Maildir. Printed, per engine:
#   - every mail the referee wrote in that game: how many, their average and largest size (KB of
#     1,000 bytes, as the message's file holds it: headers, text, HTML, picture and attachments);
#   - the CPU (user + system, whole processes, bench/cpu_time.c) of each mailed turn with its
#     replies, beside a `submit` of the same turn file on a copy of the same database, and the
#     ratio of their sums.
# Each turn is timed ROUNDS times (default 3), mail and submit in turns on fresh copies; a turn's
# figure is the median of its rounds. CPU time, not wall time: it counts what the command cost,
# whatever else the machine runs, though a loaded machine's caches still make it a little larger.
# The goals: at most 60 KB a mail on average, and a mailed turn at most 2x the submit.
#
# Usage: bash bench/mail_game.sh [--sizes] [--check] [--rounds N] [--turns N] [KIND...]
#   --sizes   mail each turn once and time nothing
#   --turns N only the game's first N turn files (the test suite's quick form: that the
#             games still play by mail, with the figures printed)
#   --check   exit 1 unless every engine's average mail is at most 60 KB
#             (and, without --sizes, its mailed turns at most 2x the submits)
#   KIND      the engines to play (default every engine with a sample game)
# The programs are taken from build/ (caravan-ref, caravan-ref-mail beside it, bench/cpu-time),
# or from CARAVAN_BENCH_BIN and CARAVAN_BENCH_CPU_TIME. CARAVAN_BENCH_KEEP=DIR keeps each game's
# mails in DIR/<kind>/ (a Maildir) to look at. Needs jq.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${CARAVAN_BENCH_BIN:-$here/build/caravan-ref}
cpu_time=${CARAVAN_BENCH_CPU_TIME:-$here/build/bench/cpu-time}
rounds=3 sizes=0 check=0 turns=0 kinds=()
while [ $# -gt 0 ]; do
  case $1 in
    --sizes) sizes=1 ;;
    --check) check=1 ;;
    --rounds) rounds=$2; shift ;;
    --turns) turns=$2; shift ;;
    -*) echo "usage: bash bench/mail_game.sh [--sizes] [--check] [--rounds N] [--turns N]" \
      "[KIND...]" >&2
      exit 64 ;;
    *) kinds+=("$1") ;;
  esac
  shift
done
[ ${#kinds[@]} -gt 0 ] || for dir in "$here"/examples/*/; do
  [ -f "$dir/new.args" ] && kinds+=("$(basename "$dir")")
done
[ "$sizes" -eq 1 ] && rounds=1
max_average=60000  # bytes
max_ratio=2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
export CARAVAN_REF_NOW=2026-11-22T10:00:00Z  # the same mails every run
export CARAVAN_REF_FROM="Caravan Referee <referee@example.org>"
die() { echo "mail_game: $*" >&2; exit 1; }

# Copies a database with its write-ahead log and key file.
clone_db() {  # FROM TO
  rm -f "$2" "$2-wal" "$2-shm" "$2.key"
  for suffix in "" -wal .key; do [ ! -e "$1$suffix" ] || cp -p "$1$suffix" "$2$suffix"; done
}
# The median of the numbers on standard input, one a line.
median() { sort -n | awk '{v[NR] = $1} END {print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
# CPU of the last line of a cpu-time file, user + system, microseconds.
last_cpu() { tail -1 "$1" | awk '{print $1 + $2}'; }

# One player's message carrying a turn file, as a mail program sends it.
message() {  # PLAYER N TURN-FILE
  printf 'From: %s <%s@example.org>\nTo: %s\nSubject: my move\n' "$1" "$1" "$CARAVAN_REF_FROM"
  printf 'Date: Sun, 22 Nov 2026 10:00:00 +0000\nMessage-ID: <bench-%s@example.org>\n' "$2"
  printf 'MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\nMy move:\n\n'
  cat "$3"
  printf '\n%s\n' "$1"
}

failed=0
printf '%-16s %5s %5s %9s %9s' engine turns mails "avg KB" "max KB"
[ "$sizes" -eq 1 ] || printf ' %12s %14s %7s' "mail ms CPU" "submit ms CPU" ratio
printf '\n'
for kind in "${kinds[@]}"; do
  sample=$here/examples/$kind
  [ -f "$sample/new.args" ] || die "no sample game in $sample"
  # The sample's players, each with an address.
  mapfile -t args <"$sample/new.args"
  for i in "${!args[@]}"; do
    if [ "${args[i]}" = --player ]; then
      name=${args[i + 1]}
      args[i + 1]="$name <$name@example.org>"
    fi
  done
  rm -rf box && mkdir box
  "$bin" --db game.db --format json new "$kind" "${args[@]}" --mail --outbox box >new.json ||
    die "$kind: new refused"
  "$bin" --db game.db pubkey >/dev/null  # the key, made once: no timed command pays for it
  game=$(jq -r .game new.json)
  : >mail.cpu && : >submit.cpu && : >turns.cpu
  n=0
  for file in "$sample"/turns/*.yaml; do
    [ "$turns" -eq 0 ] || [ "$n" -lt "$turns" ] || break
    n=$((n + 1))
    player=$(basename "$file" .yaml)
    player=${player#*-}
    token=$(jq -r --arg p "$player" '.players[] | select(.name == $p).token' new.json)
    sed -e "s/^game: GAME$/game: $game/" -e "s/^token: TOKEN$/token: $token/" "$file" >turn.yaml
    message "$player" "$n" turn.yaml >message.eml
    mail_runs=() submit_runs=()
    for ((r = 1; r <= rounds; r++)); do
      clone_db game.db mailed.db
      rm -rf out && mkdir out
      "$cpu_time" mail.cpu "$bin" --db mailed.db --format json mail --outbox out \
        <message.eml >answer.json || die "$kind: $(basename "$file"): mail failed: $(cat answer.json)"
      jq -e '.verdict == "accepted"' answer.json >/dev/null ||
        die "$kind: $(basename "$file") was not accepted by mail: $(cat answer.json)"
      mail_runs+=("$(last_cpu mail.cpu)")
      [ "$sizes" -eq 1 ] && continue
      clone_db game.db submitted.db
      "$cpu_time" submit.cpu "$bin" --db submitted.db submit turn.yaml >/dev/null ||
        die "$kind: $(basename "$file"): submit refused"
      submit_runs+=("$(last_cpu submit.cpu)")
    done
    clone_db mailed.db game.db
    cp out/new/* box/new/
    [ "$sizes" -eq 1 ] ||
      printf '%s %s\n' "$(printf '%s\n' "${mail_runs[@]}" | median)" \
        "$(printf '%s\n' "${submit_runs[@]}" | median)" >>turns.cpu
  done
  if [ -n "${CARAVAN_BENCH_KEEP:-}" ]; then
    rm -rf "${CARAVAN_BENCH_KEEP:?}/$kind" && mkdir -p "$CARAVAN_BENCH_KEEP" && cp -r box "$CARAVAN_BENCH_KEEP/$kind"
  fi
  read -r mails average largest < <(find box/new -type f -printf '%s\n' |
    awk '{n++; t += $1; if ($1 > m) m = $1} END {printf "%d %d %d\n", n, t / n, m}')
  printf '%-16s %5d %5d %9.1f %9.1f' "$kind" "$n" "$mails" "$(jq -n "$average / 1000")" \
    "$(jq -n "$largest / 1000")"
  if [ "$average" -gt "$max_average" ]; then
    [ "$check" -eq 0 ] || failed=1
    note="  over ${max_average%000} KB"
  else
    note=""
  fi
  if [ "$sizes" -eq 0 ]; then
    read -r mail_us submit_us < <(awk '{m += $1; s += $2} END {print m, s}' turns.cpu)
    ratio=$(jq -n "$mail_us / $submit_us * 100 | round / 100")
    printf ' %12.1f %14.1f %6.2fx' "$(jq -n "$mail_us / $n / 1000")" \
      "$(jq -n "$submit_us / $n / 1000")" "$ratio"
    if jq -e -n "$ratio > $max_ratio" >/dev/null; then
      [ "$check" -eq 0 ] || failed=1
      note+="  over ${max_ratio}x"
    fi
  fi
  printf '%s\n' "$note"
  rm -f game.db game.db-wal game.db-shm game.db.key
done
echo "(KB of 1,000 bytes; CPU per turn: median of $rounds rounds, mean over the game's turns)"
[ "$check" -eq 0 ] || [ "$failed" -eq 0 ] || { echo "mail_game: a goal is not met" >&2; exit 1; }
