#!/usr/bin/env bash
# Turn numbers name positions (referee/position.hpp), and what was made before still holds: a
# record and a database from before verify, audit, import and play on; a turn file written before
# the game master's pause and resume (told to nobody) is still accepted, once.
source "$(dirname "$0")/lib.sh" "$@"
OLD="$SRC/tests/e2e/fixtures/before-position-turns"
export CARAVAN_REF_NOW=2026-01-01T01:00:00Z

# --- a record made before: it verifies offline, imports and audits ---
expect_exit 0 "an old record verifies" -- "$BIN" verify "$OLD/finished-record.yaml"
expect_in out "ok: true" "the old record is ok"
expect_exit 0 "an old record imports" -- "$BIN" --db imported.db import "$OLD/finished-record.yaml"
expect_exit 0 "and audits" -- "$BIN" --db imported.db audit
expect_in out "ok: true" "the imported game audits"

# --- a database made before: it audits, and a signed turn written before a pause goes in ---
if command -v sqlite3 >/dev/null; then
  sqlite3 old.db <"$OLD/games.sql"
  cp "$OLD/games.db.key" old.db.key
  chmod 600 old.db.key  # git keeps no mode but 644 and 755; the referee refuses a key others can read
  PENDING=$(sed -n 's/^game: "\(.*\)"/\1/p' "$OLD/pending-turn.yaml")
  expect_exit 0 "the old database audits" -- "$BIN" --db old.db audit
  [ "$(grep -c 'ok: true' out)" -eq 3 ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: not every old game audits"; cat out; }
  expect_exit 0 "the view gives the turn the file was written for" -- "$BIN" --db old.db view "$PENDING" --player ann
  [ "$(field turn)" = "$(sed -n 's/^turn: //p' "$OLD/pending-turn.yaml")" ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: view turn $(field turn)"; }
  expect_exit 0 "ann's signed turn, written before the pause, resume, extension and offer" -- "$BIN" --db old.db submit "$OLD/pending-turn.yaml"
  expect_exit 65 "the same file again is stale" -- "$BIN" --db old.db submit "$OLD/pending-turn.yaml"
  expect_in err "(stale)" "said to be stale"
  expect_exit 0 "the old database still audits" -- "$BIN" --db old.db audit "$PENDING"
  expect_in out "ok: true" "audit ok after the old file"
  expect_exit 0 "its record exports" -- "$BIN" --db old.db export "$PENDING" --secret --out pending-record.yaml
  expect_exit 0 "and verifies" -- "$BIN" verify pending-record.yaml
  expect_in out "ok: true" "the record with the old file verifies"
else
  echo "sqlite3 not found: the old database is not checked"
fi

# --- issue 40: admin pause and resume, told to nobody, leave a written turn current ---
expect_exit 0 "a new game" -- "$BIN" new caravaneers --player ann --player bob --deadline 3d
GAME=$(field game)
ANN=$(grep -A3 'name: ann' out | sed -n 's/ *token: //p')
expect_exit 0 "ann's view" -- "$BIN" view "$GAME" --player ann
TURN=$(field turn)
MOVE=$("$BIN" moves "$GAME" --player ann | sed -n 's/^  - //p' | head -1)
printf 'game: "%s"\nplayer: ann\nturn: %s\ntoken: %s\nmoves:\n  - %s\n' "$GAME" "$TURN" "$ANN" "$MOVE" >turn.yaml
expect_exit 0 "pause" -- "$BIN" admin pause "$GAME" --reason "a holiday"
expect_exit 0 "resume" -- "$BIN" admin resume "$GAME" --reason "back"
expect_exit 0 "the view still gives the same turn" -- "$BIN" view "$GAME" --player ann
[ "$(field turn)" = "$TURN" ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: the view's turn moved from $TURN to $(field turn)"; }
expect_exit 0 "the turn written before the pause is accepted" -- "$BIN" submit turn.yaml
expect_exit 65 "and only once" -- "$BIN" submit turn.yaml
expect_exit 0 "the game audits" -- "$BIN" audit "$GAME"
expect_in out "ok: true" "audit ok"
finish
