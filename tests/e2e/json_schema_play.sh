#!/usr/bin/env bash
# The output contract under random play (tests/e2e/json_schema_play.py): seeded random games of
# every engine, with actions, the clock, bots, observers and the game master's corrections, each
# ended by one of the ways a game ends; every JSON answer of every command run, and every turn
# file written, is checked against schema/json/. A failure names the game's seed.
source "$(dirname "$0")/lib.sh" "$@"
PY=/usr/bin/python3
"$PY" -c 'import jsonschema' 2>/dev/null || PY=python3
"$PY" -c 'import jsonschema' 2>/dev/null ||
  { echo "skipped: needs python3-jsonschema (bash .ci/install-deps test)"; rm -rf "$WORK"; exit 77; }
# Three games an engine (fifteen, one ending of each kind per engine in turn); under the
# sanitizers CARAVAN_E2E_SAMPLE takes every Nth.
expect_exit 0 "random games play through" -- "$PY" "$SRC/tests/e2e/json_schema_play.py" "$BIN" \
  answers 3 "$SAMPLE" "$SAMPLE_OFFSET"
cat out
expect_exit 0 "every answer and turn file matches its schema" -- "$PY" \
  "$SRC/tests/e2e/json_schema.py" --partial "$SCHEMAS" answers
cat out
finish
