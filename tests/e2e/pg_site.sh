#!/usr/bin/env bash
# A whole site on one PostgreSQL database (issue 66: several referees, one truth), every part at
# once: two `serve` processes (two ports) each posted the same turn through the HTTP API at the
# same moment; two `mail` filters each given a turn mail for the same turn; two `tick`s racing
# the same reminder and deadline (the clock moved half a day at a time); the mail outbox flushed
# to a real SMTP receiver (tests/e2e/smtp_sink.py) by every `mail` and `tick --mail` and by two
# more flushers at once; the notices sent to a real webhook receiver (tests/e2e/notify_server.py)
# by every command's own sender, by serve and by two `caravan-ref-notify` at once. Then: every
# game audits clean, no turn number twice and none missing, no reminder or missed turn taken by
# both tickers, every answer one the race allows, no notice queued twice, and every mail of the
# outbox received exactly once (by its Message-ID and recipient), every notice once (by its key).
# Skipped where PostgreSQL's server, curl or jq is missing. CARAVAN_E2E_SAMPLE (the sanitizer
# run) plays fewer rounds.
if [ -z "${CARAVAN_REF_TEST_PG_URL:-}" ]; then
  exec bash "$2/tests/pg/cluster.sh" bash "$0" "$@"
fi
source "$(dirname "$0")/lib.sh" "$@"
command -v curl >/dev/null && command -v jq >/dev/null && command -v python3 >/dev/null ||
  { echo "skipped: needs curl, jq and python3"; rm -rf "$WORK"; exit 77; }
export CARAVAN_REF_DB=$CARAVAN_REF_TEST_PG_URL
export CARAVAN_REF_KEY=$WORK/referee.key
export XDG_DATA_HOME=$WORK/data  # where a key file named by nothing goes: not $HOME
export CARAVAN_REF_FROM="Referee <referee@example.org>"
# The one clock: the tickers move it half a day at a time; the others read it before each
# command. (serve keeps the time it started with: a turn it plays is dated then.)
echo 2026-03-01T09:00:00Z >now
export CARAVAN_REF_NOW=2026-03-01T09:00:00Z
ROUNDS=${CARAVAN_STRESS_ROUNDS:-6}
[ "$SAMPLE" -le 1 ] || ROUNDS=3
NOTIFY=$(dirname "$BIN")/caravan-ref-notify

PIDS=()
stop_all() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; done; }
trap stop_all EXIT
wait_port() {  # wait_port FILE: until the server started writes its port there
  for _ in $(seq 400); do [ -s "$1" ] && break; sleep 0.05; done
  cat "$1"
}
python3 "$SRC/tests/e2e/notify_server.py" hook.port received.log 2>hook.err &
PIDS+=($!)
python3 "$SRC/tests/e2e/smtp_sink.py" serve smtp.port smtp.log 2>smtp.err &
PIDS+=($!)
HOOK="http://127.0.0.1:$(wait_port hook.port)"
SENDMAIL="python3 $SRC/tests/e2e/smtp_sink.py send $(wait_port smtp.port)"

expect_exit 0 "init" -- "$BIN" init
GAMES=()
for seed in 1 2 3; do
  expect_exit 0 "game $seed" -- "$BIN" new caravaneers --player "ann <ann-$seed@example.org>" \
    --player "bob <bob-$seed@example.org>" --seed "$seed" --deadline 1d --remind 12h \
    --nmr default,default,default,default --notify "json:$HOOK/json/$seed" \
    --notify "slack:$HOOK/slack/$seed" --mail --sendmail "$SENDMAIL"
  game=$(field game)
  GAMES+=("$game")
  grep -A3 'name: ann' out | sed -n 's/ *token: //p' >"ann-$game"
  grep -A3 'name: bob' out | sed -n 's/ *token: //p' >"bob-$game"
  echo "$seed" >"seed-$game"
done

SERVERS=()
for n in 1 2; do
  "$BIN" serve --listen 127.0.0.1:0 >"serve-$n.url" 2>"serve-$n.err" &
  PIDS+=($!)
  for _ in $(seq 400); do [ -s "serve-$n.url" ] && break; sleep 0.05; done
  SERVERS+=("$(head -1 "serve-$n.url")")
done

# next_turn N GAME: the game's next turn as a turn file's lines in turn-N.yaml (its player in
# WHO); fails when the game is over or nobody has a move.
next_turn() {
  local n=$1 game=$2 turn move
  "$BIN" view "$game" --referee >"view-$n.yaml" 2>/dev/null || return 1
  grep -q '^finished: true' "view-$n.yaml" && return 1
  turn=$(sed -n 's/^turn: //p' "view-$n.yaml")
  WHO=$(sed -n '/^to_move:/{n;s/^ *- //p}' "view-$n.yaml")
  move=$("$BIN" moves "$game" --player "$WHO" --limit 1 2>/dev/null | sed -n 's/^  - //p' | head -1)
  [ -n "$move" ] || return 1
  printf 'game: "%s"\nplayer: %s\nturn: %s\ntoken: %s\nmoves:\n  - %s\n' \
    "$game" "$WHO" "$turn" "$(cat "$WHO-$game")" "$move" >"turn-$n.yaml"
}
# web: ROUNDS times, each game's next turn posted to both servers at the same moment.
web() {
  local round game code pids
  for round in $(seq 1 "$ROUNDS"); do
    for game in "${GAMES[@]}"; do
      export CARAVAN_REF_NOW=$(cat now)
      next_turn web "$game" || continue
      for n in 1 2; do
        curl -s -o "answer-web-$n.json" -w "http:%{http_code}\n" -H 'Content-Type: text/yaml' \
          --data-binary @turn-web.yaml "${SERVERS[n - 1]}/api/games/$game/turns" >>codes-web &
      done
      wait
      for n in 1 2; do
        jq -e '.accepted == true or .error.code == 65' "answer-web-$n.json" >/dev/null ||
          cat "answer-web-$n.json" >>bad-answers
      done
    done
  done
}
# mailer N: ROUNDS times, each game's next turn mailed (by the player) to the referee: mailers
# 1 and 2 each write their own mail of the turn the other writes too.
mailer() {
  local n=$1 round game i=0
  for round in $(seq 1 "$ROUNDS"); do
    for game in "${GAMES[@]}"; do
      export CARAVAN_REF_NOW=$(cat now)
      next_turn "mail-$n" "$game" || continue
      i=$((i + 1))
      {
        printf 'From: %s <%s-%s@example.org>\nTo: %s\nSubject: my turn\n' "$WHO" "$WHO" \
          "$(cat "seed-$game")" "$CARAVAN_REF_FROM"
        printf 'Message-ID: <turn-%s-%s@players.example.org>\nMIME-Version: 1.0\n' "$n" "$i"
        printf 'Content-Type: text/plain; charset=us-ascii\n\n'
        cat "turn-mail-$n.yaml"
      } >"mail-$n.eml"
      "$BIN" mail --sendmail "$SENDMAIL" <"mail-$n.eml" >"mail-$n.out" 2>"mail-$n.err"
      echo "mail:$?" >>"codes-mail-$n"
    done
  done
}
# tickers: half a day at a time (a reminder due, then a deadline missed), two `tick --mail` at
# once; then the clock moves on.
tickers() {
  local half n
  for half in $(seq 2 $((2 * ROUNDS + 1))); do
    date -u -d "2026-03-01 09:00 UTC + $((12 * half + 1)) hours" +%FT%TZ >now.new && mv now.new now
    for n in 1 2; do
      { CARAVAN_REF_NOW=$(cat now) "$BIN" --format json tick --mail --sendmail "$SENDMAIL" \
          >>"ticks-$n.json" 2>>"err-tick-$n"
        echo "tick:$?" >>"codes-tick-$n"; } &
    done
    wait
  done
}
# senders: two caravan-ref-notify and two flushes of the mail outbox at once, again and again,
# until the players and the clock are done (the file `done`). A flush is a `tick --mail` at the
# first day's clock, when no deadline is due: it plays nothing and sends what mail is owed.
senders() {
  until [ -e done ]; do
    for n in 1 2; do
      { "$NOTIFY" >/dev/null 2>>"err-notify-$n"; echo "notify:$?" >>"codes-notify-$n"; } &
      { "$BIN" tick --mail --sendmail "$SENDMAIL" >/dev/null 2>>"err-flush-$n"
        echo "flush:$?" >>"codes-flush-$n"; } &
    done
    wait
  done
}

senders &
SENDERS=$!
racers=()
web & racers+=($!)
mailer 1 & racers+=($!)
mailer 2 & racers+=($!)
tickers & racers+=($!)
for pid in "${racers[@]}"; do wait "$pid"; done
touch done
wait "$SENDERS"

cat codes-* | sort | uniq -c | sed 's/^/  answers: /'
bad=$(cat codes-* | grep -v -x -e 'http:200' -e 'http:422' -e 'mail:0' -e 'tick:0' \
  -e 'notify:0' -e 'flush:0' | sort | uniq -c)
if [ -z "$bad" ] && [ ! -s bad-answers ]; then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: answers the race does not allow:"; echo "$bad"
  cat bad-answers err-* serve-*.err 2>/dev/null | head -40; fi
for what in http:200 mail:0 tick:0; do
  grep -q -x "$what" codes-* && PASSED=$((PASSED + 1)) ||
    { FAILED=$((FAILED + 1)); echo "FAIL: no answer $what"; }
done
# Every deadline played once, every reminder sent once: no action is reported by both tickers.
jq -r '.actions[] | "\(.game) \(.turn) \(.action) \(.player)"' ticks-*.json | sort >played
for action in default remind; do
  grep -q " $action " played && PASSED=$((PASSED + 1)) ||
    { FAILED=$((FAILED + 1)); echo "FAIL: the clock took no action $action"; }
done
[ -z "$(uniq -d played)" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: actions taken by both tickers:"; uniq -d played; }

# The last of what is owed: the mail by one more flush, the notices by the senders the
# commands started (still at work) and one more caravan-ref-notify.
expect_exit 0 "a last flush of the mail outbox" -- "$BIN" tick --mail --sendmail "$SENDMAIL"
sql() { psql -At "$CARAVAN_REF_DB" -c "$1"; }
for _ in $(seq 400); do
  "$NOTIFY" >/dev/null 2>&1
  [ "$(sql 'SELECT count(*) FROM notify_outbox WHERE sent_at IS NULL')" = 0 ] && break
  sleep 0.05
done

for game in "${GAMES[@]}"; do
  expect_exit 0 "audit of $game" -- "$BIN" audit "$game"
  expect_in out "ok: true" "game $game audits clean after the race"
done
twice=$(sql "SELECT game_id || ' ' || turn FROM submissions WHERE accepted = 1 \
  GROUP BY game_id, turn HAVING count(*) > 1")
[ -z "$twice" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: turns accepted twice: $twice"; }
gaps=$(sql "SELECT g.id FROM games g WHERE g.next_turn - 1 <> \
  (SELECT count(*) FROM turns t WHERE t.game_id = g.id) OR g.next_turn - 1 <> \
  (SELECT coalesce(max(number), 0) FROM turns t WHERE t.game_id = g.id)")
[ -z "$gaps" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: games whose turns are not 1..n once each: $gaps"; }

# Exactly once: what the receivers got, by Message-ID and by key, is the outbox's rows, each once.
sql "SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL" >unsent-mail
[ "$(cat unsent-mail)" = 0 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: $(cat unsent-mail) mails still owed"; }
# (a mail, by its Message-ID and the address it was written for: the envelope's recipient)
sql "SELECT message_id || ' ' || recipient FROM mail_outbox ORDER BY 1" >outbox-mail
jq -r '.message_id + " " + (.to | join(","))' smtp.log | tr -d "<>" | sort >received-mail
[ "$(uniq -d received-mail)" = "" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: mails received more than once:"; uniq -cd received-mail; }
LC_ALL=C sort received-mail >a; LC_ALL=C sort outbox-mail >b
[ -s b ] && cmp -s a b && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the mails received are not the outbox's"; diff a b | head; }
sql "SELECT count(*) FROM notify_outbox WHERE sent_at IS NULL" >unsent-notices
[ "$(cat unsent-notices)" = 0 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: $(cat unsent-notices) notices still owed"; }
sql "SELECT key FROM notify_outbox ORDER BY 1" >outbox-notices
[ -z "$(uniq -d outbox-notices)" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: notices queued twice:"; uniq -d outbox-notices; }
jq -r 'select(.key) | .key' received.log | sort >received-notices
LC_ALL=C sort received-notices >a; LC_ALL=C sort outbox-notices >b
[ -s b ] && cmp -s a b && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the notices received are not the outbox's"; diff a b | head; }
echo "  turns recorded: $(sql 'SELECT count(*) FROM turns');" \
  "mails: $(wc -l <outbox-mail); notices: $(wc -l <outbox-notices)"
finish
