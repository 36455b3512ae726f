#!/usr/bin/env bash
# Every sample game under examples/ plays to its end through real turn files and audits clean.
# The finished game's views and logs, for the referee and every seat, are then checked against
# schema/json/ (where python3-jsonschema is installed): the ends e2e.json_schema does not reach.
source "$(dirname "$0")/lib.sh" "$@"
mkdir -p "$WORK/answers"
n=0 index=0
for dir in "$SRC"/examples/*/; do
  [ -f "$dir/new.args" ] || continue
  index=$((index + 1))
  sampled $index || continue
  kind=$(basename "$dir")
  export CARAVAN_REF_DB="$WORK/$kind.db"
  expect_exit 0 "the $kind example plays" -- env OUT="$WORK/views-$kind" bash "$dir/play.sh" "$BIN"
  expect_in out "audit: the record replays" "the $kind example audits clean"
  "$BIN" --format json list >"$WORK/out"
  expect_in out '"finished": true' "the $kind example ends the game"
  game=$(jq -r '.[0].game' "$WORK/out")
  for who in --referee $(jq -r '.[0].players[] | "--player=" + .' "$WORK/out"); do
    n=$((n + 1))
    "$BIN" --format json view "$game" "$who" >"$WORK/answers/view-$n.json"
    "$BIN" --format json log "$game" "$who" >"$WORK/answers/log-$n.json"
  done
done
if /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
  expect_exit 0 "the finished games' views and logs match schema/json" -- \
    /usr/bin/python3 "$SRC/tests/e2e/json_schema.py" --partial "$SCHEMAS" "$WORK/answers"
fi
finish
