#!/usr/bin/env bash
# Every sample game under examples/ plays to its end through real turn files and audits clean.
source "$(dirname "$0")/lib.sh" "$@"
for dir in "$SRC"/examples/*/; do
  [ -f "$dir/new.args" ] || continue
  kind=$(basename "$dir")
  export CARAVAN_REF_DB="$WORK/$kind.db"
  expect_exit 0 "the $kind example plays" -- env OUT="$WORK/views-$kind" bash "$dir/play.sh" "$BIN"
  expect_in out "audit: the record replays" "the $kind example audits clean"
  "$BIN" --format json list >"$WORK/out"
  expect_in out '"finished": true' "the $kind example ends the game"
done
finish
