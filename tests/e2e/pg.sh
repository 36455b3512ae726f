#!/usr/bin/env bash
# The referee on PostgreSQL (--db postgresql://...), on a throwaway cluster of its own
# (tests/pg/cluster.sh; skipped where PostgreSQL's server is not installed): a whole game played
# by turn files, the clock's ticks, audit, export and an offline verify; bad URLs refused with
# their codes; `copy` to SQLite and back with the same audit hashes; then end-to-end scripts
# written for SQLite (the clock, bots, tournaments, a bot relay, notifications' timing) run again
# unchanged on a database of their own in the cluster (chat_replay: two serve on one database, a
# chat request replayed from one to the other refused). (serve.sh is not among them: it holds
# SQLite's write lock with sqlite3; the rest of it passes on PostgreSQL.)
if [ -z "${CARAVAN_REF_TEST_PG_URL:-}" ]; then
  exec bash "$2/tests/pg/cluster.sh" bash "$0" "$@"
fi
source "$(dirname "$0")/lib.sh" "$@"
export CARAVAN_REF_DB=$CARAVAN_REF_TEST_PG_URL
export CARAVAN_REF_KEY=$WORK/referee.key
export XDG_DATA_HOME=$WORK/data  # where a key file named by nothing goes: not $HOME
export CARAVAN_REF_NOW=2026-03-01T09:00:00Z

expect_exit 0 "init on PostgreSQL" -- "$BIN" init
expect_in out "created: true" "init says it made the tables"
expect_exit 0 "init again" -- "$BIN" init
expect_in out "created: false" "init again makes nothing"
expect_exit 0 "a game with a clock" -- "$BIN" new caravaneers --player ann --player bob \
  --seed 11 --deadline 1d --nmr default,forfeit:3
GAME=$(field game)
ANN=$(grep -A3 'name: ann' out | sed -n 's/ *token: //p')
BOB=$(grep -A3 'name: bob' out | sed -n 's/ *token: //p')
[ -n "$GAME" ] && [ -n "$ANN" ] || { echo "FAIL: new printed no game"; cat out err; exit 1; }
[ "$(stat -c %a "$CARAVAN_REF_KEY")" = 600 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the key file is not mode 0600"; }

DAY=1
for step in $(seq 1 400); do
  "$BIN" view "$GAME" --referee >view.yaml
  grep -q '^finished: true' view.yaml && break
  TURN=$(sed -n 's/^turn: //p' view.yaml)
  WHO=$(sed -n '/^to_move:/{n;s/^ *- //p}' view.yaml)
  TOKEN=$ANN; [ "$WHO" = bob ] && TOKEN=$BOB
  if [ "$WHO" = bob ] && [ $((step % 7)) -eq 0 ]; then  # bob misses a deadline now and then
    export CARAVAN_REF_NOW=$(date -u -d "2026-03-01 09:00 UTC + $DAY days + 1 hour" +%FT%TZ)
    DAY=$((DAY + 1))
    expect_exit 0 "tick on day $DAY" -- "$BIN" tick
    cat out >>ticks.yaml
    continue
  fi
  MOVE=$("$BIN" moves "$GAME" --player "$WHO" --limit 1 | sed -n 's/^  - //p' | head -1)
  printf 'game: "%s"\nplayer: %s\nturn: %s\ntoken: %s\nmoves:\n  - %s\n' \
    "$GAME" "$WHO" "$TURN" "$TOKEN" "$MOVE" >turn.yaml
  "$BIN" submit turn.yaml --out views >answer.yaml ||
    { FAILED=$((FAILED + 1)); echo "FAIL: $WHO's $MOVE refused"; cat answer.yaml; break; }
  # The same file again: refused (its turn was played), and nothing changes.
  [ $((step % 10)) -eq 1 ] && expect_exit 65 "a turn file played twice" -- "$BIN" submit turn.yaml
done
expect_in view.yaml "finished: true" "the game on PostgreSQL was played to its end"
expect_in ticks.yaml "action: default" "the clock played bob's missed turns"

expect_exit 0 "audit on PostgreSQL" -- "$BIN" audit "$GAME"
expect_in out "ok: true" "the game audits clean"
expect_exit 0 "export" -- "$BIN" export "$GAME" --out record.yaml
expect_exit 0 "verify the record offline" -- env CARAVAN_REF_DB=/nonexistent/db "$BIN" verify record.yaml
expect_exit 0 "verify a receipt" -- "$BIN" verify --receipt "$(ls views/"$GAME"/receipt-*.yaml | head -1)"
# The same game imported into an SQLite file audits the same.
expect_exit 0 "import the record into SQLite" -- "$BIN" --db "$WORK/imported.db" --key-file "$WORK/imported.key" import record.yaml
expect_exit 0 "audit the SQLite copy" -- "$BIN" --db "$WORK/imported.db" --key-file "$WORK/imported.key" audit "$GAME"
expect_in out "ok: true" "the imported game audits clean"

# --- what is refused, with its code, changing nothing ---
expect_exit 75 "a server that is not there" -- "$BIN" --db "postgresql:///caravan?host=$WORK/none" list
expect_in err "cannot connect" "the error says it could not connect"
expect_exit 78 "a database that does not exist" -- "$BIN" --db "postgresql://caravan@/nosuchdb?host=$CARAVAN_REF_TEST_PG_DIR" list
expect_exit 0 "list" -- "$BIN" list
expect_in out "$GAME" "list shows the game"

# --- copy: PostgreSQL to SQLite and back to a new PostgreSQL database, the same hashes ---
expect_exit 0 "audit of every game as JSON" -- "$BIN" --format json audit
cp out audit-pg.json
expect_exit 0 "copy into SQLite" -- "$BIN" copy --from "$CARAVAN_REF_DB" --to "$WORK/copy.db"
expect_in out "key_copied: true" "the referee's key goes with the copy"
[ "$(stat -c %a "$WORK/copy.db.key")" = 600 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the copied key file is not mode 0600"; }
expect_exit 0 "audit of the SQLite copy" -- "$BIN" --db "$WORK/copy.db" --format json audit
cmp -s out audit-pg.json && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the SQLite copy audits to other hashes"; diff out audit-pg.json | head; }
psql -q "$CARAVAN_REF_TEST_PG_URL" -c "CREATE DATABASE copied" >/dev/null
COPIED="postgresql://caravan@/copied?host=$CARAVAN_REF_TEST_PG_DIR"
expect_exit 0 "copy back into PostgreSQL" -- "$BIN" copy --from "$WORK/copy.db" --to "$COPIED" --to-key-file "$WORK/copied.key"
expect_exit 0 "audit of the copy of the copy" -- "$BIN" --db "$COPIED" --key-file "$WORK/copied.key" --format json audit
cmp -s out audit-pg.json && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the copy back audits to other hashes"; diff out audit-pg.json | head; }
expect_exit 0 "export from the copy" -- "$BIN" --db "$COPIED" --key-file "$WORK/copied.key" export "$GAME" --out record-copied.yaml
cmp -s record.yaml record-copied.yaml && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the copy exports another record"; }
expect_exit 0 "a new game on the copy (its ids go on)" -- "$BIN" --db "$COPIED" --key-file "$WORK/copied.key" new caravaneers --player cy --player di
expect_exit 73 "a copy into a database with games" -- "$BIN" copy --from "$WORK/copy.db" --to "$COPIED" --to-key-file "$WORK/copied.key"
expect_in err "nothing was copied" "the refusal says nothing was copied"
expect_exit 64 "a copy onto itself" -- "$BIN" copy --from "$WORK/copy.db" --to "$WORK/copy.db"

# --- scripts written for SQLite, on a database of their own here ---
n=0
for script in clock bots tournament bot_relay notify_timing chat_replay; do
  n=$((n + 1))
  psql -q "$CARAVAN_REF_TEST_PG_URL" -c "CREATE DATABASE e2e_$n" >/dev/null
  url="postgresql://caravan@/e2e_$n?host=$CARAVAN_REF_TEST_PG_DIR"
  CARAVAN_E2E_DB=$url bash "$SRC/tests/e2e/$script.sh" "$BIN" "$SRC" >"$script.log" 2>&1
  status=$?
  if [ $status -eq 0 ]; then
    PASSED=$((PASSED + 1))
  elif [ $status -eq 77 ]; then  # a tool it needs is missing here: it says which
    echo "tests/e2e/$script.sh on PostgreSQL: $(tail -1 "$script.log")"
  else
    FAILED=$((FAILED + 1)); echo "FAIL: tests/e2e/$script.sh on PostgreSQL"; tail -30 "$script.log"
  fi
done
finish
