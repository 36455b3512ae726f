#!/usr/bin/env bash
# Play by email through a real mail system. A private Postfix instance (its own main.cf,
# master.cf and queue in a temporary directory, listening on a free loopback port only) takes
# the players' mail by SMTP from swaks and hands what is addressed to referee@game.test to
# `caravan-ref mail` through a pipe transport; the referee's replies go back into Postfix by
# SMTP (msmtp as the sendmail command) and end in each player's Maildir, where this test reads
# them. Needs root (Postfix starts its own daemons) and Postfix, swaks and msmtp, as CI has
# (`.ci/install-deps test` installs them as root). Without them the test is skipped (exit 77,
# CTest's SKIP_RETURN_CODE), never failed; once they are there, a Postfix that cannot be set up
# or started FAILS the test. Section 6 plays a whole game by mail alone (issue 14): invitations,
# one-line turns, a command, `tick --mail` with a fake clock, a forfeit, final mails.
source "$(dirname "$0")/lib.sh" "$@"
export PATH="$PATH:/usr/sbin:/sbin"
T="$WORK/mta"
MASTER_PID=""

stop_postfix() {
  [ -f "$T/conf/main.cf" ] || return 0
  postfix -c "$T/conf" stop >/dev/null 2>&1
  for _ in $(seq 1 50); do  # up to 5 s for the master to go
    [ -n "$MASTER_PID" ] && kill -0 "$MASTER_PID" 2>/dev/null || return 0
    sleep 0.1
  done
  [ -n "$MASTER_PID" ] && kill "$MASTER_PID" 2>/dev/null
  return 0
}
trap stop_postfix EXIT

fatal() {  # the mail system could not be set up: a failure, with the evidence
  echo "FAIL: $*"
  [ -f "$T/maillog" ] && sed 's/^/  maillog: /' "$T/maillog" | tail -40
  FAILED=$((FAILED + 1))
  stop_postfix
  finish
  exit 1
}

skip() {
  echo "skipped: needs root and Postfix ($*)"
  rm -rf "$WORK"
  exit 77
}
[ "$(id -u)" -eq 0 ] || skip "not running as root"
for tool in postfix swaks msmtp runuser; do
  command -v "$tool" >/dev/null || skip "$tool is missing: as root, 'bash .ci/install-deps test'"
done
id postfix >/dev/null 2>&1 && getent group postdrop >/dev/null || fatal "no postfix user or postdrop group"

# --- the directory: Postfix's daemons and the pipe's user (nobody) must reach into it ---
chmod 755 "$WORK"
mkdir -p "$T"/{conf,queue,data,mail,bin,game}
chmod 755 "$T" "$T/bin"
chown postfix "$T/data"
chown nobody:nogroup "$T/mail" "$T/game"
# The build tree may sit where nobody cannot read: the binary and its mail helper, side by side.
cp "$BIN" "$T/bin/caravan-ref"
cp "$(dirname "$BIN")/caravan-ref-mail" "$T/bin/"
chmod 755 "$T/bin/caravan-ref" "$T/bin/caravan-ref-mail"
DB="$T/game/games.db"
ref() { runuser -u nobody -- "$T/bin/caravan-ref" --db "$DB" "$@"; }  # the database is nobody's

free_port() {
  local port
  for _ in $(seq 1 100); do
    port=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return 0; }
  done
  return 1
}

write_config() {  # write_config PORT
  cat >"$T/conf/main.cf" <<EOF
compatibility_level = 3.6
queue_directory = $T/queue
data_directory = $T/data
meta_directory = /etc/postfix
shlib_directory = /usr/lib/postfix
daemon_directory = /usr/lib/postfix/sbin
command_directory = /usr/sbin
mail_owner = postfix
setgid_group = postdrop
myhostname = mail.game.test
mydomain = game.test
myorigin = game.test
mydestination =
inet_interfaces = loopback-only
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_peername_lookup = no
maillog_file = $T/maillog
maillog_file_prefixes = $T
default_transport = error:this test sends no mail out
relay_transport = error:this test sends no mail out
virtual_mailbox_domains = game.test
virtual_mailbox_base = $T/mail
virtual_mailbox_maps = texthash:$T/conf/mailboxes
virtual_uid_maps = static:$(id -u nobody)
virtual_gid_maps = static:$(id -g nobody)
transport_maps = texthash:$T/conf/transport
alias_maps =
alias_database =
biff = no
caravan_destination_concurrency_limit = 1
EOF
  printf '%s\n' "ann@game.test ann/" "bob@game.test bob/" "mallory@game.test mallory/" \
    "carol@game.test carol/" "referee@game.test referee/" >"$T/conf/mailboxes"
  echo "referee@game.test caravan:" >"$T/conf/transport"
  # The pipe runs the referee as nobody; its replies go back in by SMTP through msmtp.
  cat >"$T/conf/master.cf" <<EOF
127.0.0.1:$1 inet n - n - - smtpd
pickup    unix  n - n 60   1 pickup
cleanup   unix  n - n -    0 cleanup
qmgr      unix  n - n 300  1 qmgr
rewrite   unix  - - n -    - trivial-rewrite
bounce    unix  - - n -    0 bounce
defer     unix  - - n -    0 bounce
trace     unix  - - n -    0 bounce
verify    unix  - - n -    1 verify
flush     unix  n - n 1000? 0 flush
proxymap  unix  - - n -    - proxymap
showq     unix  n - n -    - showq
error     unix  - - n -    - error
retry     unix  - - n -    - error
discard   unix  - - n -    - discard
virtual   unix  - n n -    - virtual
anvil     unix  - - n -    1 anvil
scache    unix  - - n -    1 scache
postlog   unix-dgram n - n - 1 postlogd
caravan   unix  - n n -    1 pipe
  flags=R user=nobody argv=$T/bin/caravan-ref --db $DB mail --from {Referee <referee@game.test>} --sendmail {msmtp --host=127.0.0.1 --port=$1 --auth=off --tls=off --from=referee@game.test -t}
EOF
}

# --- start Postfix on a free port (another test may take the port first: try again) ---
PORT=""
for attempt in 1 2 3; do
  PORT=$(free_port) || fatal "no free loopback port"
  write_config "$PORT"
  postfix -c "$T/conf" check >"$T/check.log" 2>&1 || { cat "$T/check.log"; fatal "postfix check failed"; }
  postfix -c "$T/conf" start >"$T/start.log" 2>&1 || { cat "$T/start.log"; continue; }
  for _ in $(seq 1 50); do  # up to 5 s until it listens
    (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break 2
    sleep 0.1
  done
  stop_postfix
  PORT=""
done
[ -n "$PORT" ] || fatal "Postfix did not start (see the maillog)"
MASTER_PID=$(head -1 "$T/queue/pid/master.pid" 2>/dev/null | tr -d ' ')
PASSED=$((PASSED + 1))
echo "postfix listens on 127.0.0.1:$PORT"

send() {  # send FROM FILE: the whole message in FILE, by SMTP
  timeout 30 swaks --server "127.0.0.1:$PORT" --from "$1" --to referee@game.test \
    --timeout 10 --data - <"$2" >"$WORK/swaks.log" 2>&1 ||
    { cat "$WORK/swaks.log"; fatal "swaks could not send $2"; }
}
# wait_for MAILBOX TEXT DESCRIPTION: a message with TEXT arrives in the Maildir (at most 60 s).
wait_for() {
  for _ in $(seq 1 600); do
    if grep -lF -- "$2" "$T/mail/$1/new/"* >/dev/null 2>&1; then PASSED=$((PASSED + 1)); return 0; fi
    sleep 0.1
  done
  FAILED=$((FAILED + 1))
  echo "FAIL: $3: no mail with '$2' for $1"
  sed 's/^/  maillog: /' "$T/maillog" | tail -30
  return 1
}
mail_with() { grep -lF -- "$2" "$T/mail/$1/new/"* 2>/dev/null | head -1; }  # mail_with BOX TEXT
count() { ls "$T/mail/$1/new/" 2>/dev/null | wc -l; }

# --- a game with two players registered by address ---
expect_exit 0 "new game with addresses" -- ref new caravaneers \
  --player "Ann <ann@game.test>" --player "Bob <bob@game.test>" --seed 7
expect_in out "address: ann@game.test" "new prints the address"
GAME=$(field game)
ANN=$(grep -A4 'name: Ann' out | sed -n 's/ *token: //p')
BOB=$(grep -A4 'name: Bob' out | sed -n 's/ *token: //p')
[ -n "$GAME" ] && [ -n "$ANN" ] && [ -n "$BOB" ] || fatal "new printed no game or tokens"
MOVE=$(ref moves "$GAME" --player Ann | sed -n 's/^  - //p' | head -1)

# --- 1. Ann mails turn 1: both players get their own view ---
cat >ann1.eml <<EOF
From: Ann <ann@game.test>
To: referee@game.test
Subject: my first move
Message-ID: <ann-1@game.test>
Date: $(date -R)
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

Hello referee, here it is:

game: $GAME
player: Ann
turn: 1
token: $ANN
moves:
  - $MOVE

Ann
EOF
send ann@game.test ann1.eml
wait_for ann "was accepted as turn 1" "Ann hears her turn was accepted"
wait_for bob "It is your move, turn 2" "Bob gets his view"
ANN_MAIL=$(mail_with ann "was accepted as turn 1")
BOB_MAIL=$(mail_with bob "It is your move, turn 2")
expect_in "$ANN_MAIL" "In-Reply-To: <ann-1@game.test>" "Ann's reply threads under her message"
expect_in "$ANN_MAIL" "From: Referee <referee@game.test>" "replies come from the referee's address"
expect_in "$BOB_MAIL" "Content-Type: application/yaml" "the view is attached as YAML"
expect_in "$BOB_MAIL" "player: Bob" "Bob's mail holds a turn to fill in"
expect_exit 0 "the game moved on" -- ref view "$GAME" --referee
expect_in out "turn: 2" "the game is at turn 2"

# --- 2. Bob replies to the referee's mail: his turn on top, the old mail quoted below ---
BOB_MOVE=$(ref moves "$GAME" --player Bob | sed -n 's/^  - //p' | head -1)
{
  printf 'From: Bob <bob@game.test>\nTo: referee@game.test\nSubject: Re: your move\n'
  printf 'Message-ID: <bob-2@game.test>\nIn-Reply-To: <x@game.test>\nDate: %s\n\n' "$(date -R)"
  printf 'game: %s\nplayer: Bob\nturn: 2\ntoken: %s\nmoves:\n  - %s\n\nOn a day, Referee wrote:\n' \
    "$GAME" "$BOB" "$BOB_MOVE"
  sed -n '/^$/,$p' "$BOB_MAIL" | sed 's/^/> /'
  printf -- '-- \nBob\n'
} >bob2.eml
send bob@game.test bob2.eml
wait_for bob "was accepted as turn 2" "Bob's quoted reply is accepted"
wait_for ann "It is your move, turn 3" "Ann gets her view of turn 3"

# --- 3. the same message again: answered, never applied twice ---
send bob@game.test bob2.eml
wait_for bob "Subject: [caravan-ref] Message received before" "a duplicate is answered"
expect_exit 0 "view after the duplicate" -- ref view "$GAME" --referee
expect_in out "turn: 3" "the duplicate changed nothing"

# --- 4. someone else sends Ann's turn: refused, and told why ---
sed -e "s/^From: .*/From: Mallory <mallory@game.test>/" -e "s/ann-1@/mallory-1@/" \
  -e "s/^turn: 1/turn: 3/" ann1.eml >mallory.eml
send mallory@game.test mallory.eml
wait_for mallory "not the address registered for Ann" "a turn from the wrong address is refused"
expect_exit 0 "view after the refusal" -- ref view "$GAME" --referee
expect_in out "turn: 3" "the refused turn changed nothing"

# --- 5. a mail without a turn, and an illegal move ---
printf 'From: carol@game.test\nTo: referee@game.test\nSubject: how?\nMessage-ID: <carol-1@game.test>\n\nHow do I play?\n' >carol.eml
send carol@game.test carol.eml
wait_for carol "Subject: [caravan-ref] How to play by mail" "a mail without a turn gets the format"
sed -e "s/ann-1@/ann-3@/" -e "s/^turn: 1/turn: 3/" -e "s/^  - .*/  - zz99/" ann1.eml >ann3.eml
send ann@game.test ann3.eml
wait_for ann "Your turn 3 was not accepted" "an illegal move is rejected"
expect_in "$(mail_with ann 'Your turn 3 was not accepted')" "line 6, column 5, move 1" "the rejection names line, column and move"

# --- the record: every message, each once; the game audits clean ---
runuser -u nobody -- sqlite3 "$DB" "SELECT message_id || ' ' || verdict || ' ' || times_seen FROM messages ORDER BY id" >messages.txt
expect_in messages.txt "ann-1@game.test accepted 1" "Ann's message recorded"
expect_in messages.txt "bob-2@game.test accepted 2" "Bob's message recorded once, seen twice"
expect_in messages.txt "mallory-1@game.test refused 1" "the refusal recorded"
expect_in messages.txt "carol-1@game.test no-turn 1" "the mail without a turn recorded"
expect_exit 0 "audit" -- ref audit "$GAME"

# --- 6. a whole game by mail alone (issue 14): invitations, moves, a command, a reminder, a
# silent player forfeiting under the NMR policy, and the final mails. The pipe runs on the real
# clock; `tick` is told the time (--now), a day and then two days on.
MSMTP="msmtp --host=127.0.0.1 --port=$PORT --auth=off --tls=off --from=referee@game.test -t"
MAILOPTS=(--from "Referee <referee@game.test>" --sendmail "$MSMTP")
expect_exit 0 "new --mail" -- ref new nv-caravan --player "Ann <ann@game.test>" \
  --player "Bob <bob@game.test>" --observer "Carol <carol@game.test>" --seed 11 \
  --deadline 1d --remind 2h --nmr forfeit:1 --mail "${MAILOPTS[@]}"
G2=$(field game)
ANN2=$(grep -A4 'name: Ann' out | sed -n 's/ *token: //p')
BOB2=$(grep -A4 'name: Bob' out | sed -n 's/ *token: //p')
[ -n "$G2" ] && [ -n "$ANN2" ] && [ -n "$BOB2" ] || fatal "new --mail printed no game or tokens"
for box in ann bob carol; do
  wait_for $box "Message-Id: <caravan-ref.$G2." "$box is invited"
done
expect_in "$(mail_with ann "Message-Id: <caravan-ref.$G2.seat0@game.test>")" "$ANN2" "Ann's invitation holds her token"
expect_in "$(mail_with ann "Message-Id: <caravan-ref.$G2.seat0@game.test>")" "{discard: 4C}" "the invitation shows the notation"

mail_turn() {  # mail_turn ID: the player to move mails their first legal move, on one line
  local turn player token move
  ref --format json view "$G2" --referee >view.json
  turn=$(jq -r .turn view.json) player=$(jq -r '.to_move[0]' view.json)
  [ "$player" = Ann ] && token=$ANN2 || token=$BOB2
  move=$(ref --format json moves "$G2" --player "$player" | jq -c '.moves[0]')
  printf 'From: %s <%s@game.test>\nTo: referee@game.test\nSubject: Re: [caravan-ref] %s\nMessage-ID: <%s@game.test>\nDate: %s\n\n{"game": "%s", "player": "%s", "turn": %s, "token": "%s", "moves": [%s]}\n' \
    "$player" "${player,,}" "$G2" "$1" "$(date -R)" "$G2" "$player" "$turn" "$token" "$move" >"$1.eml"
  send "${player,,}@game.test" "$1.eml"
  wait_for "${player,,}" "Your turn in game $G2 was accepted as turn $turn" "$player's turn $turn by mail (one line of JSON)"
  LAST_TURN=$turn LAST_PLAYER=$player
}
for n in 1 2 3 4; do mail_turn "g2-turn-$n"; done
expect_in "$(mail_with "${LAST_PLAYER,,}" "Your turn in game $G2 was accepted as turn $LAST_TURN")" "filename=receipt-$LAST_TURN.yaml" "the receipt is attached"
printf 'From: Bob <bob@game.test>\nTo: referee@game.test\nSubject: view\nMessage-ID: <g2-bob-view@game.test>\n\ngame: %s\nplayer: Bob\ntoken: %s\n' "$G2" "$BOB2" >bobview.eml
send bob@game.test bobview.eml
wait_for bob "Your view of game $G2, as you asked" "a view command by mail"

# The player to move goes silent: the reminder, then the forfeit.
ref --format json view "$G2" --referee >view.json
SILENT=$(jq -r '.to_move[0]' view.json) SILENT_TURN=$(jq -r .turn view.json)
NOW=$(date +%s)
expect_exit 0 "tick a day on" -- ref --now "$(date -u -d "@$((NOW + 86400 - 3600))" +%Y-%m-%dT%H:%M:%SZ)" tick --mail "${MAILOPTS[@]}"
expect_in out "action: remind" "the reminder is due"
wait_for "${SILENT,,}" "A reminder: your move in turn $SILENT_TURN" "$SILENT is reminded by mail"
expect_exit 0 "tick two days on" -- ref --now "$(date -u -d "@$((NOW + 2 * 86400))" +%Y-%m-%dT%H:%M:%SZ)" tick --mail "${MAILOPTS[@]}"
expect_in out "action: forfeit" "$SILENT forfeits under forfeit:1"
for box in ann bob carol; do
  wait_for $box "filename=$G2-record.yaml" "$box gets the final view and the record"
done
expect_exit 0 "audit of the mailed game" -- ref audit "$G2"

# The mailboxes: one Subject and one thread per reader; no token but in the invitation; no
# hidden card in the observer's mail.
for pair in ann:seat0 bob:seat1 carol:observer-; do
  box=${pair%%:*} root="caravan-ref.$G2.${pair#*:}"
  files=$(grep -lF "[caravan-ref] $G2 (nv-caravan)" "$T/mail/$box/new/"*)
  subjects=$(grep -h "^Subject: \[caravan-ref\] $G2" $files | sort -u | wc -l)
  threaded=$(grep -LF "$root" $files | wc -l)
  [ "$subjects" -eq 1 ] && [ "$threaded" -eq 0 ] && PASSED=$((PASSED + 1)) ||
    { FAILED=$((FAILED + 1)); echo "FAIL: $box: $subjects subjects, $threaded mails outside the thread $root"; }
done
rejected=$(grep -lF "$G2" "$T"/mail/*/new/* | xargs -r grep -l "was not accepted" | wc -l)
[ "$rejected" -eq 0 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: $rejected mails of game $G2 reject a turn the test meant to be legal"; }
for token in "$ANN2" "$BOB2"; do
  holders=$(grep -lF -- "$token" "$T"/mail/*/new/* | xargs -r grep -L "You are invited to play" | wc -l)
  [ "$holders" -eq 0 ] && PASSED=$((PASSED + 1)) ||
    { FAILED=$((FAILED + 1)); echo "FAIL: a token is in $holders mails besides its invitation"; }
done
expect_in "$(mail_with ann "Message-Id: <caravan-ref.$G2.seat0@game.test>")" "hand:" "a player's mail shows a hand"
carol_hidden=$(grep -lE "^ *(hand|deck):" $(grep -lF "$G2" "$T/mail/carol/new/"*) | wc -l)
[ "$carol_hidden" -eq 0 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: $carol_hidden observer mails show a hand or a deck"; }
stop_postfix

# --- without an MTA: a Maildir in, an outbox Maildir out ---
mkdir -p inbox/{new,cur,tmp} outbox
sed -e "s/ann-1@/ann-4@/" -e "s/^turn: 1/turn: 3/" -e "s/^  - .*/  - $(ref moves "$GAME" --player Ann | sed -n 's/^  - //p' | head -1)/" \
  ann1.eml >inbox/new/1700000000.1.test
chown -R nobody inbox outbox
expect_exit 0 "mail --maildir --outbox" -- ref mail --maildir inbox --outbox "$WORK/outbox" --from referee@game.test
expect_in out "verdict: accepted" "the Maildir's message is accepted"
[ "$(ls inbox/new | wc -l)" -eq 0 ] && [ "$(ls inbox/cur | wc -l)" -eq 1 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the message was not filed in cur/"; }
[ "$(ls "$WORK/outbox/new" | wc -l)" -eq 2 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the outbox does not hold one view per player"; }
finish
