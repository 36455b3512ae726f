# Helpers for the end-to-end tests: each test runs the built binary in a fresh directory.
# Usage in a test: source "$(dirname "$0")/lib.sh" "$@"
set -u
BIN=$1
SRC=$2
# The answers' JSON Schemas, as the build gathers them beside the binary (cmake/Schemas.cmake).
SCHEMAS=$(dirname "$BIN")/schema/json
WORK=$(mktemp -d "${TMPDIR:-/tmp}/caravan-e2e.XXXXXX")
# CARAVAN_E2E_DB: another database for the script (tests/e2e/pg.sh runs scripts on PostgreSQL,
# with the referee's key file in the work directory).
export CARAVAN_REF_DB="${CARAVAN_E2E_DB:-$WORK/games.db}"
[ -z "${CARAVAN_E2E_DB:-}" ] || export CARAVAN_REF_KEY="$WORK/referee.key"
cd "$WORK" || exit 1
FAILED=0
PASSED=0

# The sanitizer run (tests/run.sh) sets CARAVAN_E2E_SAMPLE=N: the slowest scripts then take only
# every Nth item of their long loops (`sampled INDEX || continue`); which one moves with the day
# of the year, so every item runs under the sanitizers within N days. The ordinary run keeps all.
SAMPLE=${CARAVAN_E2E_SAMPLE:-1}
SAMPLE_OFFSET=$((10#$(date -u +%j) % SAMPLE))
sampled() { [ "$SAMPLE" -le 1 ] || [ $(($1 % SAMPLE)) -eq "$SAMPLE_OFFSET" ]; }

# Sets KINDS to the kinds of game the binary knows, in the order of `caravan-ref games`: a test
# that goes through every engine takes them from there, so a new engine joins it by being built.
list_kinds() {
  mapfile -t KINDS < <("$BIN" games | sed -n 's/^  kind: //p')
  if [ "${#KINDS[@]}" -eq 0 ]; then FAILED=$((FAILED + 1)); echo "FAIL: games lists no kind"; fi
}

# expect_exit CODE DESCRIPTION -- COMMAND...: runs the command, checks its exit code.
expect_exit() {
  local want=$1 what=$2; shift 3
  "$@" >"$WORK/out" 2>"$WORK/err"
  local got=$?
  if [ "$got" -eq "$want" ]; then
    PASSED=$((PASSED + 1))
  else
    FAILED=$((FAILED + 1))
    echo "FAIL: $what: exit $got, wanted $want"
    sed 's/^/  out: /' "$WORK/out" | head -20
    sed 's/^/  err: /' "$WORK/err" | head -20
  fi
}

# expect_in FILE TEXT DESCRIPTION
expect_in() {
  if grep -qF -- "$2" "$1"; then PASSED=$((PASSED + 1)); else
    FAILED=$((FAILED + 1)); echo "FAIL: $3: '$2' not in $1"; sed 's/^/  | /' "$1" | head -20; fi
}

# The value of a top-level YAML key in the last output ("turn: 4" -> 4).
field() { sed -n "s/^$1: //p" "$WORK/out" | head -1 | tr -d '"'; }

finish() {
  echo "$PASSED passed, $FAILED failed"
  if [ "$FAILED" -eq 0 ]; then rm -rf "$WORK"; else echo "kept $WORK"; fi
  [ "$FAILED" -eq 0 ]
}
