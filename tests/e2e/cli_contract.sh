#!/usr/bin/env bash
# The command-line contract: a whole Caravaneers game through turn files, and every kind of bad
# input with its exit code, changing nothing.
source "$(dirname "$0")/lib.sh" "$@"

expect_exit 0 "games lists the engines" -- "$BIN" games
expect_in out "kind: caravaneers" "games names caravaneers"

expect_exit 0 "new game" -- "$BIN" new caravaneers --player ann --player bob --seed 7
GAME=$(field game)
ANN=$(grep -A3 'name: ann' out | sed -n 's/ *token: //p')
BOB=$(grep -A3 'name: bob' out | sed -n 's/ *token: //p')
[ -n "$GAME" ] && [ ${#ANN} -eq 32 ] && [ ${#BOB} -eq 32 ] || { echo "FAIL: new printed no game or tokens"; cat out; exit 1; }
expect_in "$CARAVAN_REF_DB" "" "the embedded database file exists"

turn_file() {  # turn_file PLAYER TOKEN TURN MOVE
  printf 'game: %s\nplayer: %s\nturn: %s\ntoken: %s\nmoves:\n  - %s\n' "$GAME" "$1" "$3" "$2" "$4"
}
snapshot() { "$BIN" view "$GAME" --referee --format json >"$WORK/snap"; "$BIN" log "$GAME" >>"$WORK/snap"; }
unchanged() {  # unchanged DESCRIPTION: the game is exactly as it was at the last snapshot
  "$BIN" view "$GAME" --referee --format json >"$WORK/snap2"; "$BIN" log "$GAME" >>"$WORK/snap2"
  if cmp -s "$WORK/snap" "$WORK/snap2"; then PASSED=$((PASSED + 1)); else FAILED=$((FAILED + 1)); echo "FAIL: $1 changed the game"; fi
}

# --- bad input: each has its exit code, a clear message, and changes nothing ---
snapshot
expect_exit 64 "unknown subcommand" -- "$BIN" frobnicate
expect_exit 64 "unknown kind" -- "$BIN" new chess --player a --player b
expect_exit 64 "wrong player count" -- "$BIN" new caravaneers --player a
expect_exit 64 "bad option" -- "$BIN" new caravaneers --player a --player b --option majority=maybe
expect_exit 64 "bad format" -- "$BIN" --format xml list
expect_exit 66 "no such game" -- "$BIN" view nosuchgame --player ann
expect_exit 66 "no such turn file" -- "$BIN" submit /nonexistent/turn.yaml
expect_exit 77 "unknown player" -- "$BIN" view "$GAME" --player carol

turn_file ann "$BOB" 1 b1 >bad-token.yaml
expect_exit 77 "wrong token" -- "$BIN" submit bad-token.yaml
expect_in out "accepted: false" "rejection prints accepted: false"
expect_in out "code: 77" "rejection prints the code"
turn_file ann "$ANN" 2 b1 >wrong-turn.yaml
expect_exit 65 "wrong turn number" -- "$BIN" submit wrong-turn.yaml
expect_in err "for turn 2, but the game is at turn 1" "wrong turn message"
turn_file bob "$BOB" 1 a2 >not-your-turn.yaml
expect_exit 65 "not your turn" -- "$BIN" submit not-your-turn.yaml
turn_file ann "$ANN" 1 b2 >illegal.yaml
expect_exit 65 "illegal move" -- "$BIN" submit illegal.yaml
expect_in out "move: 1" "illegal move names the move"
expect_in out "line: 6" "illegal move names the line"
printf 'game: %s\nplayer: ann\nturn: 1\ntoken: %s\nmoves: [b1]\nextra: 1\n' "$GAME" "$ANN" >unknown-key.yaml
expect_exit 65 "unknown key" -- "$BIN" submit unknown-key.yaml
expect_in err "unknown key 'extra'" "unknown key message"
printf 'game: [%s\n' "$GAME" >broken.yaml
expect_exit 65 "malformed YAML" -- "$BIN" submit broken.yaml
turn_file ann "$ANN" 1 b1 | sed "s/$GAME/nosuchgame/" >no-game.yaml
expect_exit 66 "turn for a game that does not exist" -- "$BIN" submit no-game.yaml
unchanged "the rejected submissions"

# --- a whole game: each player plays the first listed move until the game ends ---
for step in $(seq 1 200); do
  "$BIN" view "$GAME" --referee >view.yaml
  [ "$(sed -n 's/^finished: //p' view.yaml)" = "true" ] && break
  TURN=$(sed -n 's/^turn: //p' view.yaml)
  WHO=$(sed -n '/^to_move:/{n;s/^ *- //p}' view.yaml)
  TOKEN=$ANN; [ "$WHO" = bob ] && TOKEN=$BOB
  MOVE=$("$BIN" moves "$GAME" --player "$WHO" | sed -n 's/^  - //p' | head -1)
  if [ "$step" -eq 1 ]; then
    turn_file "$WHO" "$TOKEN" "$TURN" "$MOVE" >first.yaml
    expect_exit 0 "first turn from standard input" -- sh -c "\"$BIN\" submit - --out views <first.yaml"
    expect_in "views/$GAME/ann.yaml" "you:" "submit --out writes ann's view"
    expect_in "views/$GAME/referee.yaml" "you: referee" "submit --out writes the referee's view"
    expect_exit 65 "the same turn again is stale" -- "$BIN" submit first.yaml
    expect_in err "(stale)" "stale message"
  else
    turn_file "$WHO" "$TOKEN" "$TURN" "$MOVE" | "$BIN" submit - >/dev/null || { echo "FAIL: move $MOVE refused"; FAILED=$((FAILED + 1)); break; }
  fi
done
expect_exit 0 "view of the finished game" -- "$BIN" view "$GAME" --player ann
expect_in out "finished: true" "the game finished"
expect_in out "result:" "the view has a result"
turn_file ann "$ANN" "$(field turn)" b1 >late.yaml
expect_exit 65 "a turn after the end" -- "$BIN" submit late.yaml
expect_in err "is over" "game over message"

expect_exit 0 "text view draws the board" -- "$BIN" --format text view "$GAME" --player bob
expect_in out "Game $GAME" "text view header"
expect_exit 0 "json log" -- "$BIN" --format json log "$GAME" --player ann
expect_in out '"turns"' "log lists turns"
expect_exit 0 "list" -- "$BIN" list
expect_in out "game: $GAME" "list shows the game"
expect_exit 0 "audit" -- "$BIN" audit
expect_in out "ok: true" "audit passes"

# Tampering with the record is caught by audit.
if command -v sqlite3 >/dev/null; then
  sqlite3 "$CARAVAN_REF_DB" "UPDATE turns SET state_hash = 'x' WHERE number = 2 AND game_id = '$GAME'"
  expect_exit 65 "audit of a tampered record" -- "$BIN" audit "$GAME"
  expect_in out "turn 2" "audit names the turn"
fi

# Issue 19's output contract: a missing turn file gets the JSON error document; pubkey text is
# bare hex; an option given twice takes its last value.
expect_exit 66 "submit of a missing file" -- "$BIN" --format json submit no-such-turn.yaml
expect_in out '"accepted": false' "a missing file gets the error document"
expect_in out '"code": 66' "the document carries the exit code"
expect_exit 0 "pubkey as text" -- "$BIN" pubkey --format text
grep -qxE '[0-9a-f]{64}' out && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: pubkey text is not bare hex"; }
expect_exit 0 "--format twice" -- "$BIN" --format json games --format yaml
expect_in out "kind: caravaneers" "the last --format wins"

# An output file that cannot be made: 73 (EX_CANTCREAT), naming the file the user gave and why,
# never the temporary name beside it; nothing is left behind.
mkdir locked && chmod 500 locked
expect_exit 73 "html --out into a missing directory" -- "$BIN" html "$GAME" --player ann --out missing/x.html
expect_in err "cannot write missing/x.html: No such file or directory" "the path and the reason"
if [ "$(id -u)" -ne 0 ]; then  # root writes anywhere
  expect_exit 73 "export --out into a directory without write permission" -- "$BIN" export "$GAME" --out locked/r.yaml
  expect_in err "cannot write locked/r.yaml: Permission denied" "the path and the reason"
fi
[ -z "$(ls -A locked)" ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: a temporary file left in locked/"; }
expect_exit 73 "keygen --out into a missing directory" -- "$BIN" keygen --out missing/k.key
expect_in err "cannot write missing/k.key" "keygen names the path"
grep -q "tmp\.\|internal error" err && { FAILED=$((FAILED + 1)); echo "FAIL: the temporary name or 'internal error' shown"; } || PASSED=$((PASSED + 1))

# rules KIND: a game's rules in short, without a database; an unknown kind is 64 and names them.
expect_exit 0 "rules nv-caravan" -- "$BIN" --db nowhere/x.db rules nv-caravan
expect_in out "NV Caravan: the rules in short" "rules prints the game's page"
expect_exit 64 "rules of an unknown kind" -- "$BIN" rules chess
expect_in err "the games are caravaneers" "the error lists the games"

# --db overrides the environment; a command that only reads never creates a database (66).
expect_exit 66 "list on a database that does not exist" -- "$BIN" --db other.db list
[ ! -e other.db ] && PASSED=$((PASSED + 1)) || {
  FAILED=$((FAILED + 1)); echo "FAIL: a read-only command created other.db"; }
expect_exit 0 "--db" -- "$BIN" --db other.db new caravaneers --player a --player b
expect_exit 0 "list on the new database" -- "$BIN" --db other.db list
[ -f other.db ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: --db not used"; }
finish
