#!/usr/bin/env bash
# Notifications by webhook (caravan-ref(1), NOTIFICATIONS) to a real HTTP server this test starts
# (tests/e2e/notify_server.py): every kind of change in each format, each JSON event checked
# against notify-event.schema.json; the server down, then up again (every message
# arrives once, in order); a slow server (the turn is committed before it is told); a webhook
# that is gone (stopped, and said so), Retry-After followed; the target URLs in no output. The
# clock is set, never waited for: the back-off is passed by setting the time. The commands send
# in the background (tests/e2e/notify_timing.sh times them): what a receiver gets is polled for,
# each wait bounded by a deadline.
source "$(dirname "$0")/lib.sh" "$@"
command -v jq >/dev/null && command -v python3 >/dev/null ||
  { echo "skipped: needs jq and python3"; rm -rf "$WORK"; exit 77; }
export CARAVAN_REF_NOW=2026-03-01T09:00:00Z
# The default post timeout (5 s) but in part 3, whose slow receiver is waited for 1 s: a busy CI
# machine can take longer than 1 s to answer a Discord post with its picture, and a message timed
# out waits for its back-off, which the set clock never reaches.
unset CARAVAN_REF_NOTIFY_TIMEOUT
SERVER_PID=
start_server() {  # start_server [PORT]: the receiver, logging to received.log
  rm -f port
  python3 "$SRC/tests/e2e/notify_server.py" port received.log ${1:+--port "$1"} 2>server.err &
  SERVER_PID=$!
  for _ in $(seq 200); do [ -s port ] && break; sleep 0.05; done  # until it listens
  PORT=$(cat port)
}
stop_server() { kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null; SERVER_PID=; }
trap 'stop_server' EXIT
start_server
URL="http://127.0.0.1:$PORT"
SECRET=s3cr3t-path

# game: the id of the game whose `new` answer is in new.json; token NAME: its player's token.
token() { jq -r --arg n "$1" '.players[] | select(.name == $n) | .token' new.json; }
play() {  # play GAME PLAYER: the player's first legal move
  local turn move
  turn=$("$BIN" --format json view "$1" --player "$2" | jq .turn)
  move=$("$BIN" --format json moves "$1" --player "$2" --limit 1 | jq -c '.moves[0]')
  printf 'game: %s\nplayer: "%s"\nturn: %s\ntoken: %s\nmoves: [%s]\n' "$1" "$2" "$turn" \
    "$(token "$2")" "$move" >turn.yaml
  expect_exit 0 "$2 plays $move" -- "$BIN" submit turn.yaml
}
act() {  # act GAME PLAYER ACTION
  local turn
  turn=$("$BIN" --format json view "$1" --player "$2" | jq .turn)
  printf 'game: %s\nplayer: %s\nturn: %s\ntoken: %s\naction: %s\n' "$1" "$2" "$turn" \
    "$(token "$2")" "$3" >turn.yaml
  expect_exit 0 "$2: $3" -- "$BIN" submit turn.yaml
}
to_move() { "$BIN" --format json view "$1" --referee | jq -r '.to_move[0]'; }
# received PATH: what the server was sent at PATH, one JSON body a line, in the order received.
received() { jq -c --arg p "$1" 'select(.path == $p and .body) | .body | fromjson' received.log; }
# eventually DESCRIPTION -- COMMAND...: polls the command until it succeeds, for at most 20 s.
eventually() {
  local what=$1 deadline=$(($(date +%s) + 20))
  shift 2
  until "$@" >/dev/null 2>&1; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      FAILED=$((FAILED + 1)); echo "FAIL: $what (not within 20 s)"; return 1
    fi
    sleep 0.05
  done
  PASSED=$((PASSED + 1))
}
count_is() { [ "$(grep -c -- "$1" received.log 2>/dev/null)" -eq "$2" ]; }  # count_is TEXT N
list_has() {  # list_has JQ-FILTER: `list --format json` satisfies it
  "$BIN" --format json list >list.json && jq -e "$1" list.json >/dev/null
}

# 1. Every kind of change, told to a target of each format, each with the game's public page.
export CARAVAN_REF_BASE_URL=https://games.example/caravan
expect_exit 0 "new with three targets" -- "$BIN" --format json new caravaneers --player ann \
  --player bob --seed 5 --deadline 1d --notify "json:$URL/json/$SECRET" \
  --notify "discord:$URL/discord/$SECRET" --notify "slack:$URL/slack/$SECRET"
cp out new.json
GAME=$(jq -r .game new.json)
expect_in out '"format": "discord"' "new lists the targets by id and format"
play "$GAME" ann                                         # turn
act "$GAME" "$(to_move "$GAME")" offer-draw              # action
expect_exit 0 "tick past the deadline" -- "$BIN" --now 2026-03-03T09:00:00Z tick  # clock
export CARAVAN_REF_NOW=2026-03-03T09:00:00Z
expect_exit 0 "a correction" -- "$BIN" admin extend "$GAME" --by 1d --reason "a holiday"
act "$GAME" "$(to_move "$GAME")" resign                  # result
for format in json discord slack; do
  eventually "$format: 6 messages" -- count_is "\"/$format/$SECRET\"" 6 ||
    { cat received.log; "$BIN" --format json list | jq -c '.[].notifications // empty'; }
done
received "/json/$SECRET" | jq -r .event | tr '\n' ' ' >events
expect_in events "created turn action clock correction result" "every kind of change, in order"
mkdir -p answers
i=0
while read -r body; do
  i=$((i + 1))
  printf '%s\n' "$body" >"answers/notify-event-$i.json"
done < <(received "/json/$SECRET")
expect_exit 0 "every JSON event matches its schema" -- python3 "$SRC/tests/e2e/json_schema.py" \
  --partial "$SCHEMAS" answers
jq -r 'select(.path | startswith("/json")) | [.key, (.body | fromjson | .id)] | @tsv' \
  received.log | awk '$1 != $2 {bad = 1} END {exit bad}' && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the Idempotency-Key header is not the event's id"; }
# Discord's messages are multipart forms with the public board as a PNG file.
jq -e --arg p "/discord/$SECRET" -s '[.[] | select(.path == $p)] | length == 6 and
  all(.[]; (.type | startswith("multipart/form-data")) and .files == [{"name": "files[0]",
  "filename": "board.png", "type": "image/png", "size": .files[0].size, "png": true}] and
  .files[0].size > 1000)' received.log >/dev/null && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: Discord's messages carry no board picture"; }
jq -e 'select(.path | startswith("/json") or startswith("/slack")) | .files' received.log \
  >/dev/null && { FAILED=$((FAILED + 1)); echo "FAIL: a file sent to JSON or Slack"; } ||
  PASSED=$((PASSED + 1))
received "/discord/$SECRET" | jq -r .content >discord.txt
expect_in discord.txt "Finished: ann wins by resignation" "Discord is told the result in words"
received "/slack/$SECRET" | jq -r .text >slack.txt
expect_in slack.txt "Turn 1: ann [South]" "Slack is told who played"
expect_in slack.txt "<https://games.example/caravan/watch/$GAME>" "Slack is given the public page"
expect_in discord.txt "<https://games.example/caravan/watch/$GAME>" "Discord is given the page"
grep -q "/play/" received.log && { FAILED=$((FAILED + 1)); echo "FAIL: a seat's page sent"; } ||
  PASSED=$((PASSED + 1))
unset CARAVAN_REF_BASE_URL
expect_exit 0 "admin notify list" -- "$BIN" admin notify list "$GAME"
expect_in out "format: slack" "the targets are listed by format"

# 2. The server down: the turns commit and wait; up again, each message arrives once, in order.
expect_exit 0 "a second game" -- "$BIN" --format json new caravaneers --player ann --player bob \
  --seed 6 --notify "json:$URL/down/$SECRET"
cp out new.json
G2=$(jq -r .game new.json)
# The new game's message is posted by the detached helper: wait for it before the server goes.
eventually "the first message was sent" -- count_is "/down/" 1
stop_server
play "$G2" ann
play "$G2" bob
eventually "list shows what waits" -- list_has '.[] | select(.game == "'"$G2"'") |
  .notifications[0] | .waiting == 2 and .attempts == 1 and
  .next_attempt == "2026-03-03T09:00:30Z"' || cat list.json
expect_exit 0 "nothing is tried again before the back-off" -- "$BIN" tick
start_server "$PORT"
# What a sender would do now, in the foreground: nothing is due.
expect_exit 0 "caravan-ref-notify sends nothing before the back-off" -- \
  "$(dirname "$BIN")/caravan-ref-notify"
expect_in out "sent: 0" "nothing was due"
count_is "/down/" 1 && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: a message was sent before its back-off ended"; }
expect_exit 0 "tick after the back-off sends what waited" -- "$BIN" --now 2026-03-03T09:00:30Z tick
eventually "both turns arrive" -- count_is "/down/" 3
received "/down/$SECRET" | jq -r .turn | tr '\n' ' ' >turns
expect_in turns "0 1 2" "the start, then both turns, in order"
eventually "list: nothing waits" -- list_has 'all(.[]; has("notifications") | not)' ||
  cat list.json

# 3. A slow server: the turn is committed before the server is told; the post times out (1 s
# here), the message kept for the next run.
touch hold
export CARAVAN_REF_NOW=2026-03-03T10:00:00Z CARAVAN_REF_NOTIFY_TIMEOUT=1s
TURNS_BEFORE=$(sqlite3 "$CARAVAN_REF_DB" "SELECT COUNT(*) FROM turns" 2>/dev/null || echo "")
play "$G2" ann
eventually "the slow server is sent the turn" -- grep -q '"held"' received.log
jq -r 'select(.held) | .turns' received.log >held
[ -n "$TURNS_BEFORE" ] && expect_in held "$((TURNS_BEFORE + 1))" \
  "the turn was committed before the slow server was told"
eventually "list: the timed-out message waits" -- list_has '.[] | select(.game == "'"$G2"'") |
  .notifications[0].last_error | test("Timeout")' || cat list.json
rm hold
unset CARAVAN_REF_NOTIFY_TIMEOUT
expect_exit 0 "the next run sends it" -- "$BIN" --now 2026-03-03T10:00:30Z tick
eventually "the timed-out message is sent" -- count_is "\"/down/$SECRET\"" 5
# The held request may have reached the server after all: the receiver knows it by its key.
jq -r 'select(.path == "/down/'"$SECRET"'") | .key' received.log | sort -u | wc -l >keys
expect_in keys "4" "four messages, each with a key of its own"

# A target added from standard input hears of its own addition.
echo "$URL/stdin/$SECRET" >url.txt
expect_exit 0 "admin notify add json:- reads the URL" -- "$BIN" admin notify add "$G2" json:- \
  --reason "the club's bridge" <url.txt
eventually "the new target is told" -- grep -q "/stdin/$SECRET" received.log
received "/stdin/$SECRET" | jq -r .event >stdin-events
expect_in stdin-events "correction" "the new target is told of its addition"

# 4. The URLs are secrets: in no answer, log, export or list.
for command in "list" "view $GAME --referee" "log $GAME --referee" "export $GAME" \
  "admin notify list $GAME"; do
  # shellcheck disable=SC2086
  "$BIN" --format json $command >>shown.txt 2>&1
done
grep -q "$SECRET" shown.txt && { FAILED=$((FAILED + 1)); echo "FAIL: a target URL is shown"; } ||
  PASSED=$((PASSED + 1))
expect_exit 64 "a URL that is not http(s) is refused" -- "$BIN" admin notify add "$GAME" \
  "ftp://x.example/$SECRET" --reason "wrong"
grep -q "$SECRET" err && { FAILED=$((FAILED + 1)); echo "FAIL: the error quotes the URL"; } ||
  PASSED=$((PASSED + 1))

# 5. A webhook that is gone stops its target, said in `admin notify list` and `list`; a receiver
# that asks to be left alone (429, 503 with Retry-After, in seconds or as a date) is left alone
# that long.
export CARAVAN_REF_NOW=2026-03-03T11:00:00Z
LATER=$(date -u -d '+1 hour' '+%a,%%20%d%%20%b%%20%Y%%20%H:%M:%S%%20GMT')
expect_exit 0 "a game with a gone webhook and two busy ones" -- "$BIN" --format json new \
  caravaneers --player ann --player bob --seed 8 --notify "discord:$URL/status/404/$SECRET" \
  --notify "json:$URL/status/429/$SECRET?retry-after=120" \
  --notify "json:$URL/status/503/$SECRET?retry-after=$LATER"
cp out new.json
G3=$(jq -r .game new.json)
eventually "the gone webhook's target is stopped" -- list_has '.[] | select(.game == "'"$G3"'") |
  .notifications | any(.stopped == "2026-03-03T11:00:00Z" and (.reason | test("HTTP 404")))' ||
  cat list.json
expect_exit 0 "tick --mail tells the game master" -- "$BIN" tick --mail --outbox box \
  --from "Referee <ref@example.org>"
grep -rl "notification target" box 2>/dev/null | head -1 >stop-mail
[ -s stop-mail ] && cat "$(cat stop-mail)" >stop-mail.txt || : >stop-mail.txt
expect_in stop-mail.txt "To: Referee <ref@example.org>" "the mail goes to the game master"
expect_in stop-mail.txt "HTTP 404" "it says why"
grep -q "$SECRET" stop-mail.txt && { FAILED=$((FAILED + 1)); echo "FAIL: the mail has the URL"; } ||
  PASSED=$((PASSED + 1))
expect_exit 0 "a second tick --mail" -- "$BIN" tick --mail --outbox box \
  --from "Referee <ref@example.org>"
[ "$(grep -rl "notification target" box | wc -l)" -eq 1 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the game master is told more than once"; }
expect_exit 0 "admin notify list" -- "$BIN" admin notify list "$G3"
expect_in out "state: stopped" "admin notify list says the target is stopped"
expect_in out "HTTP 404" "and why"
eventually "Retry-After in seconds is followed" -- list_has '.[] | select(.game == "'"$G3"'") |
  .notifications | any(.next_attempt == "2026-03-03T11:02:00Z")' || cat list.json
eventually "Retry-After as a date is followed" -- list_has '.[] | select(.game == "'"$G3"'") |
  .notifications | any(.last_error == "HTTP 503" and .next_attempt >= "2026-03-03T11:59:00Z" and
  .next_attempt <= "2026-03-03T12:00:00Z")' || cat list.json
play "$G3" ann
expect_exit 0 "tick two minutes on" -- "$BIN" --now 2026-03-03T11:02:00Z tick
eventually "the 429 receiver is tried again after its wait" -- count_is "/status/429/" 2
count_is "/status/404/" 1 && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the stopped target was tried again"; }
count_is "/status/503/" 1 && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the 503 receiver was tried before its Retry-After"; }

# 6. Chat that reads well: a name's markup shows as written; the seat to move, linked to a chat
# user (a turn of the record), is pinged, and nobody else.
X='**x**||spoil||'
expect_exit 0 "a game with chat targets" -- "$BIN" --format json new caravaneers --player "$X" \
  --player bob --seed 9 --notify "discord:$URL/chat-d/$SECRET" --notify "slack:$URL/chat-s/$SECRET"
cp out new.json
G4=$(jq -r .game new.json)
expect_exit 0 "admin notify mention (Discord)" -- "$BIN" --format json admin notify mention "$G4" \
  bob discord:80351110224678912 --reason "bob's Discord"
expect_in out '"platform": "discord"' "the answer names the platform"
grep -q 80351110224678912 out && { FAILED=$((FAILED + 1)); echo "FAIL: the id is shown"; } ||
  PASSED=$((PASSED + 1))
expect_exit 0 "admin notify mention (Slack)" -- "$BIN" admin notify mention "$G4" bob \
  slack:U024BE7LH --reason "bob's Slack"
expect_exit 64 "a Discord id that is not one" -- "$BIN" admin notify mention "$G4" bob \
  discord:bob --reason "wrong"
expect_exit 0 "the record keeps the mentions and audits" -- "$BIN" audit "$G4"
play "$G4" "$X"
eventually "the move is told to both chats" -- grep -q '"/chat-s/' received.log
eventually "... and to Discord" -- \
  bash -c "[ \$(jq -c 'select(.path == \"/chat-d/$SECRET\")' received.log | wc -l) -ge 4 ]"
received "/chat-d/$SECRET" | tail -1 >discord-last.json
jq -e '.allowed_mentions == {"parse": [], "users": ["80351110224678912"]} and
  (.content | startswith("<@80351110224678912> ")) and
  (.content | contains("\\*\\*x\\*\\*\\|\\|spoil\\|\\|"))' discord-last.json >/dev/null &&
  PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: Discord"; cat discord-last.json; }
received "/chat-d/$SECRET" | head -1 | jq -e '.allowed_mentions == {"parse": []} and
  (.content | contains("<@") | not)' >/dev/null && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: a notice before the link pings someone"; }
received "/chat-s/$SECRET" | tail -1 >slack-last.json
jq -e '.mrkdwn == false and (.text | startswith("<@U024BE7LH> ")) and
  (.text | contains("Now bob to move"))' slack-last.json >/dev/null && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: Slack"; cat slack-last.json; }
# The seat to move has a "Your move" button on both, naming the game alone (caravan-ref(1),
# PLAYING FROM CHAT); a finished game's last message has none.
jq -e --arg id "b|$G4" '.components == [{"type": 1, "components": [{"type": 2, "style": 1,
  "label": "Your move", "custom_id": $id}]}]' discord-last.json >/dev/null &&
  PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: Discord's button"; }
jq -e --arg id "b|$G4" '(.blocks | map(.type)) == ["section", "section", "actions"] and
  .blocks[0].text == {"type": "mrkdwn", "text": "<@U024BE7LH> "} and
  .blocks[1].text.type == "plain_text" and (.blocks[1].text.text | contains("Now bob to move")) and
  .blocks[2].elements == [{"type": "button", "action_id": "board", "style": "primary",
    "text": {"type": "plain_text", "text": "Your move", "emoji": false}, "value": $id}]' \
  slack-last.json >/dev/null && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: Slack's button"; }
received "/discord/$SECRET" | tail -1 | jq -e 'has("components") | not' >/dev/null &&
  received "/slack/$SECRET" | tail -1 | jq -e 'has("blocks") | not' >/dev/null &&
  received "/discord/$SECRET" | head -1 | jq -e --arg id "b|$GAME" \
    '.components[0].components[0].custom_id == $id' >/dev/null &&
  PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: a button after the end"; }

# 7. Small things: the same target twice on `new` is refused without naming a game that never
# was; caravan-ref-notify --help.
expect_exit 64 "the same --notify twice" -- "$BIN" new caravaneers --player ann --player bob \
  --notify "json:$URL/a" --notify "json:$URL/a"
expect_in err "the same target twice" "the error says what is wrong"
grep -q "game [a-z0-9]\{8\}" err && { FAILED=$((FAILED + 1)); echo "FAIL: names a game"; } ||
  PASSED=$((PASSED + 1))
# Without /proc (a mount namespace with an empty one, where this machine allows it) no helper
# is run, not even one in the working directory: mail exits 75, notices wait, both say why.
if unshare -m true 2>/dev/null; then
  # A sanitizer build cannot end cleanly without /proc (LeakSanitizer reads it at exit, and the
  # sanitizers read their options from it): there the exit codes are not checked, the rest is.
  exit_is() {  # exit_is CODE WANTED WHAT
    if grep -q __asan_init "$BIN"; then
      echo "($3: exit $1, not checked in a sanitizer build)"
    elif [ "$1" -eq "$2" ]; then PASSED=$((PASSED + 1)); else
      FAILED=$((FAILED + 1)); echo "FAIL: $3 (exit $1, not $2)"
    fi
  }
  printf '#!/bin/sh\ntouch ran-from-here\n' >caravan-ref-mail
  cp caravan-ref-mail caravan-ref-notify
  chmod +x caravan-ref-mail caravan-ref-notify
  unshare -m sh -c 'mount -t tmpfs none /proc && "$0" tick --mail --outbox box' "$BIN" \
    >out 2>err
  exit_is $? 75 "no /proc"
  expect_in err "/proc/self/exe cannot be read" "mail says why it cannot run its helper"
  unshare -m sh -c 'mount -t tmpfs none /proc &&
    "$0" admin notify mention "$1" bob discord: --reason unlinked' "$BIN" "$G4" >out 2>err
  exit_is $? 0 "admin without /proc"
  expect_in err "the notifications owed wait for the next run" "the notices wait, said"
  [ ! -e ran-from-here ] && PASSED=$((PASSED + 1)) ||
    { FAILED=$((FAILED + 1)); echo "FAIL: a helper in the working directory was run"; }
  rm -f caravan-ref-mail caravan-ref-notify
else
  echo "skipped: without /proc (unshare -m is not allowed here)"
fi
expect_exit 0 "caravan-ref-notify --help" -- "$(dirname "$BIN")/caravan-ref-notify" --help
expect_in out "usage: caravan-ref-notify" "it prints its usage"
expect_exit 64 "caravan-ref-notify --bad" -- "$(dirname "$BIN")/caravan-ref-notify" --bad
finish
