#!/usr/bin/env bash
# Hostile input through the command line: each refused by a count (bytes, values, depth), exit
# 65, a clear message, and the game unchanged. (The reader's limits in detail: tests/unit/limits_test.cpp.)
source "$(dirname "$0")/lib.sh" "$@"

KIND=$("$BIN" games | sed -n 's/^[- ] kind: //p' | head -1)
expect_exit 0 "new game" -- "$BIN" new "$KIND" --player ann --player bob --seed 3
GAME=$(field game)
TOKEN=$(grep -A3 'name: ann' out | sed -n 's/ *token: //p')
head_lines() { printf 'game: %s\nplayer: ann\nturn: 1\ntoken: %s\n' "$GAME" "$TOKEN"; }
"$BIN" view "$GAME" --referee --format json >before.json

# refused FILE_OR_DASH MESSAGE DESCRIPTION [STDIN_COMMAND]: exit 65 with MESSAGE on stderr. The
# limits count bytes, values and depth, never time (the message names the count that tripped);
# `timeout` only turns a hang into a failure (exit 124), generously, so a loaded machine passes.
refused() {
  local file=$1 message=$2 what=$3
  if [ -n "${4:-}" ]; then
    expect_exit 65 "$what" -- timeout 300 sh -c "$4 | \"$BIN\" submit -"
  else
    expect_exit 65 "$what" -- timeout 300 "$BIN" submit "$file"
  fi
  expect_in err "$message" "$what: the message"
}

# An endless stream on standard input is refused once 64 MiB are read (a pipe's pace).
refused - "more than 64 MiB" "an endless standard input" "yes"
{ head_lines; printf 'moves: [a]\n#'; head -c 300000 /dev/zero | tr '\0' x; echo; } >big.yaml
refused big.yaml "at most 262144 are accepted" "a file over 256 KiB"

{ head_lines; printf 'moves:\n  - '; printf '[%.0s' $(seq 100); printf ']%.0s' $(seq 100); echo; } >deep.yaml
refused deep.yaml "nested more than 64 deep" "nesting 100 deep"

{
  echo 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'
  for i in 1 2 3 4 5 6 7 8 9; do
    p=$((i - 1)); echo "a$i: &a$i [*a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p, *a$p]"
  done
} >laughs.yaml
refused laughs.yaml "more than 100000 values" "the billion laughs"
expect_exit 65 "the billion laughs as a --position" -- "$BIN" new "$KIND" --player a --player b --position laughs.yaml
expect_in err "more than 100000 values" "the position's message"

{ head_lines; printf 'moves: ['; head -c 5000 /dev/zero | tr '\0' x; echo ']'; } >long.yaml
refused long.yaml "a value of 5000 bytes; at most 4096" "a 5000-byte value"

{ printf 'game: %s\nplayer: ann\nturn: 123456789012345678901234567890\ntoken: %s\nmoves: [a]\n' "$GAME" "$TOKEN"; } >huge.yaml
refused huge.yaml "'turn' must be a whole number" "a huge turn number"

{ head_lines; printf 'moves: [caf\xe9]\n'; } >latin1.yaml
refused latin1.yaml "byte 0xE9 is not UTF-8" "a Latin-1 byte"
expect_in err "latin1.yaml:5:" "the byte's line"
expect_exit 65 "a refusal still prints as JSON" -- "$BIN" --format json submit latin1.yaml
expect_in out '"accepted": false' "the JSON answer"

# A mail over 64 MiB is refused for good (65: the MTA bounces it), not put off (75: retried).
expect_exit 65 "an endless mail" -- timeout 300 sh -c "{ printf 'From: ann@example.org\\nSubject: t\\n\\n'; yes; } | \"$BIN\" mail --outbox outbox"
expect_in err "more than 64 MiB" "the endless mail's message"
expect_in out "refused" "the endless mail's verdict"

"$BIN" view "$GAME" --referee --format json >after.json
if cmp -s before.json after.json; then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: a refused file changed the game"; fi
expect_exit 0 "audit" -- "$BIN" audit
finish
