#!/usr/bin/env bash
# Play by email through a real mail system, across a real SMTP hop. Two private Postfix
# instances (each its own main.cf, master.cf, queue and log in a temporary directory, listening
# on a free loopback port only):
# - the referee's server (game.test) takes the players' mail by SMTP from swaks and hands what is
#   addressed to referee@game.test to `caravan-ref mail` through the pipe transport of
#   examples/mail/postfix/ (its main.cf, master.cf and transport lines, with this test's paths:
#   the README is tested here). The referee's replies go back into it by SMTP (msmtp as the
#   sendmail command: a private instance's maildrop is closed to the pipe's user), and its `smtp`
#   client carries every mail for the players' domain onward;
# - the players' server (play.test) takes them by SMTP and keeps the bytes as received in each
#   player's Maildir, with the envelope sender as Return-Path, where this test reads them; each
#   part of each, decoded, must be what the referee's server kept of it before the hop.
# A second Postfix rather than smtp-sink: its Maildir delivery is atomic (smtp-sink writes its
# dump file while the message arrives) and it records the envelope sender as Return-Path.
# The hop is what local delivery hides: Postfix's smtp client folds a line over 998 characters
# (smtp_line_length_limit), which corrupted move links when the HTML went out as 7bit (issue 62).
# Needs root (Postfix starts its own daemons) and Postfix, swaks, msmtp and python3, as CI has
# (`.ci/install-deps test` installs them as root). Without them the test is skipped (exit 77,
# CTest's SKIP_RETURN_CODE), never failed; once they are there, a Postfix that cannot be set up
# or started FAILS the test. Section 6 plays a whole game by mail alone (issue 14): invitations,
# one-line turns, a command, `tick --mail` with a fake clock, a forfeit, final mails. Section 7
# plays a whole game by tapping the first move link of each mail as it arrived, checking every
# link of every such mail, and that everything the referee sent has its one envelope sender.
source "$(dirname "$0")/lib.sh" "$@"
export PATH="$PATH:/usr/sbin:/sbin"
T="$WORK/mta"
EXAMPLE="$SRC/examples/mail/postfix"
MAIL_PAGES="$SRC/tests/browser/mail_pages.py"
declare -A MASTER_PID=()

stop_postfix() {
  local name
  for name in referee players; do
    [ -f "$T/$name/conf/main.cf" ] || continue
    postfix -c "$T/$name/conf" stop >/dev/null 2>&1
    for _ in $(seq 1 50); do  # up to 5 s for the master to go
      [ -n "${MASTER_PID[$name]:-}" ] && kill -0 "${MASTER_PID[$name]}" 2>/dev/null || break
      sleep 0.1
    done
    [ -n "${MASTER_PID[$name]:-}" ] && kill "${MASTER_PID[$name]}" 2>/dev/null
  done
  return 0
}
trap stop_postfix EXIT
trap 'exit 130' INT TERM  # stopped from outside: the servers are stopped too

maillogs() {  # the end of both servers' logs
  local name
  for name in referee players; do
    [ -f "$T/$name/maillog" ] && sed "s/^/  $name maillog: /" "$T/$name/maillog" | tail -"${1:-30}"
  done
}

fatal() {  # the mail system could not be set up: a failure, with the evidence
  echo "FAIL: $*"
  maillogs 40
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
for tool in postfix postmap swaks msmtp runuser python3; do
  command -v "$tool" >/dev/null || skip "$tool is missing: as root, 'bash .ci/install-deps test'"
done
id postfix >/dev/null 2>&1 && getent group postdrop >/dev/null || fatal "no postfix user or postdrop group"

# --- the directory: Postfix's daemons and the pipe's user (nobody) must reach into it ---
chmod 755 "$WORK"
mkdir -p "$T"/{referee,players}/{conf,queue,data} "$T"/{mail,bin,game,text}
chmod 755 "$T" "$T/bin" "$T/referee" "$T/players"
chown postfix "$T/referee/data" "$T/players/data"
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

# What both servers share: their own directories, loopback only, a log file of their own.
common_config() {  # common_config NAME HOSTNAME
  cat <<EOF
compatibility_level = 3.6
queue_directory = $T/$1/queue
data_directory = $T/$1/data
meta_directory = /etc/postfix
shlib_directory = /usr/lib/postfix
daemon_directory = /usr/lib/postfix/sbin
command_directory = /usr/sbin
mail_owner = postfix
setgid_group = postdrop
myhostname = $2
inet_interfaces = loopback-only
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtpd_peername_lookup = no
maillog_file = $T/$1/maillog
maillog_file_prefixes = $T
mydestination =
alias_maps =
alias_database =
biff = no
virtual_mailbox_base = $T/mail
virtual_mailbox_maps = texthash:$T/$1/conf/mailboxes
virtual_uid_maps = static:$(id -u nobody)
virtual_gid_maps = static:$(id -g nobody)
EOF
}
common_services() {  # common_services PORT: master.cf without the pipe
  cat <<EOF
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
smtp      unix  - - n -    - smtp
virtual   unix  - n n -    - virtual
anvil     unix  - - n -    1 anvil
scache    unix  - - n -    1 scache
postlog   unix-dgram n - n - 1 postlogd
EOF
}
# A file of examples/mail/postfix/ with this test's paths, names and address, its comments left out.
example() {  # example FILE
  grep -v '^#' "$EXAMPLE/$1" | sed \
    -e "s|/etc/postfix/|$T/referee/conf/|g" \
    -e "s|user=caravan|user=nobody|" \
    -e "s|/usr/local/bin/caravan-ref|$T/bin/caravan-ref|" \
    -e "s|/var/lib/caravan/games.db|$DB|" \
    -e "s|Caravan Referee <referee@games.example.org>|Referee <referee@game.test>|" \
    -e "s|referee@games.example.org|referee@game.test|"
}

# The players' server: a Maildir for each player, the bytes kept as received.
write_players() {  # write_players PORT
  local conf="$T/players/conf"
  common_config players mx.play.test >"$conf/main.cf"
  cat >>"$conf/main.cf" <<EOF
mydomain = play.test
myorigin = play.test
default_transport = error:this server sends no mail out
relay_transport = error:this server sends no mail out
virtual_mailbox_domains = play.test
EOF
  printf '%s\n' "ann@play.test ann/" "bob@play.test bob/" "mallory@play.test mallory/" \
    "carol@play.test carol/" >"$conf/mailboxes"
  common_services "$1" >"$conf/master.cf"
}

# The referee's server: the example's pipe transport for referee@game.test (a valid recipient as
# a virtual mailbox), and everything for play.test onward by its smtp client; a copy of each mail
# as it was before the hop in the Maildir of archive@game.test (always_bcc). The pipe's replies
# go back in by SMTP through msmtp, which the referee gives `-f` and its address as the envelope
# sender (without it, msmtp would use the Unix user's).
write_referee() {  # write_referee PORT PLAYERS_PORT
  local conf="$T/referee/conf"
  common_config referee mail.game.test >"$conf/main.cf"
  cat >>"$conf/main.cf" <<EOF
mydomain = game.test
myorigin = game.test
default_transport = error:this test sends no mail out
relay_transport = error:this test sends no mail out
virtual_mailbox_domains = game.test
always_bcc = archive@game.test
EOF
  example main.cf >>"$conf/main.cf"
  printf '%s\n' "referee@game.test referee/" "archive@game.test archive/" >"$conf/mailboxes"
  { example transport; echo "play.test smtp:[127.0.0.1]:$2"; } >"$conf/transport"
  postmap "$conf/transport" || fatal "postmap of the example's transport failed"
  common_services "$1" >"$conf/master.cf"
  example master.cf | sed "/argv=/s|\$| --sendmail {$MSMTP_BASE --port=$1}|" >>"$conf/master.cf"
}
MSMTP_BASE="msmtp --host=127.0.0.1 --auth=off --tls=off -t"

# start NAME WRITER [ARG]: a free port, the configuration, and Postfix started on it (another test
# may take the port first: try again). Sets REFEREE_PORT or PLAYERS_PORT.
start() {
  local name=$1 writer=$2 port=""
  for _ in 1 2 3; do
    port=$(free_port) || fatal "no free loopback port"
    "$writer" "$port" ${3:+"$3"}
    postfix -c "$T/$name/conf" check >"$T/$name/check.log" 2>&1 ||
      { cat "$T/$name/check.log"; fatal "postfix check of the $name server failed"; }
    postfix -c "$T/$name/conf" start >"$T/$name/start.log" 2>&1 || { cat "$T/$name/start.log"; continue; }
    for _ in $(seq 1 50); do  # up to 5 s until it listens
      if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        MASTER_PID[$name]=$(head -1 "$T/$name/queue/pid/master.pid" 2>/dev/null | tr -d ' ')
        printf -v "${name^^}_PORT" '%s' "$port"
        return 0
      fi
      sleep 0.1
    done
    postfix -c "$T/$name/conf" stop >/dev/null 2>&1
  done
  fatal "the $name server did not start (see its maillog)"
}
start players write_players
start referee write_referee "$PLAYERS_PORT"
PORT=$REFEREE_PORT
PASSED=$((PASSED + 1))
echo "the referee's server listens on 127.0.0.1:$PORT, the players' on 127.0.0.1:$PLAYERS_PORT"

send() {  # send FROM FILE: the whole message in FILE, by SMTP
  timeout 30 swaks --server "127.0.0.1:$PORT" --from "$1" --to referee@game.test \
    --timeout 10 --data - <"$2" >"$WORK/swaks.log" 2>&1 ||
    { cat "$WORK/swaks.log"; fatal "swaks could not send $2"; }
}
# Each mail as its reader sees it, in $T/text/BOX/NAME beside $T/mail/BOX/new/NAME as it arrived:
# every part's headers, and a text part's content decoded (quoted-printable or base64 undone).
cat >"$WORK/read_mail.py" <<'PY'
import email, email.policy, glob, os, re, sys
root = sys.argv[1]
for path in sorted(glob.glob(f'{root}/mail/*/new/*')):
    box, name = path.split('/')[-3], path.split('/')[-1]
    if box == 'archive':  # not a player's
        continue
    out = f'{root}/text/{box}/{name}'
    if os.path.exists(out):
        continue
    with open(path, 'rb') as f:
        msg = email.message_from_binary_file(f, policy=email.policy.compat32)
    lines = []
    for part in msg.walk():  # the headers as written (unfolded), the text decoded
        lines += [key + ': ' + re.sub(r'\r?\n(?=[ \t])', '', value) for key, value in part.items()]
        lines.append('')
        if part.get_content_maintype() == 'text' or part.get_content_type() == 'application/yaml':
            charset = part.get_content_charset() or 'utf-8'
            lines.append(part.get_payload(decode=True).decode(charset, 'replace'))
    os.makedirs(f'{root}/text/{box}', exist_ok=True)
    with open(out + '.tmp', 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines))
    os.rename(out + '.tmp', out)
PY
read_mail() { python3 "$WORK/read_mail.py" "$T"; }
# wait_for MAILBOX TEXT DESCRIPTION: a message with TEXT arrives in the Maildir (at most 60 s).
wait_for() {
  for _ in $(seq 1 300); do
    read_mail
    if grep -lF -- "$2" "$T/text/$1/"* >/dev/null 2>&1; then PASSED=$((PASSED + 1)); return 0; fi
    sleep 0.2
  done
  FAILED=$((FAILED + 1))
  echo "FAIL: $3: no mail with '$2' for $1"
  maillogs 30
  return 1
}
mail_with() { grep -lF -- "$2" "$T/text/$1/"* 2>/dev/null | head -1; }  # mail_with BOX TEXT

# --- a game with two players registered by address ---
expect_exit 0 "new game with addresses" -- ref new caravaneers \
  --player "Ann <ann@play.test>" --player "Bob <bob@play.test>" --seed 7
expect_in out "address: ann@play.test" "new prints the address"
GAME=$(field game)
ANN=$(grep -A4 'name: Ann' out | sed -n 's/ *token: //p')
BOB=$(grep -A4 'name: Bob' out | sed -n 's/ *token: //p')
[ -n "$GAME" ] && [ -n "$ANN" ] && [ -n "$BOB" ] || fatal "new printed no game or tokens"
MOVE=$(ref moves "$GAME" --player Ann | sed -n 's/^  - //p' | head -1)

# --- 1. Ann mails turn 1: both players get their own view ---
cat >ann1.eml <<EOF
From: Ann <ann@play.test>
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
send ann@play.test ann1.eml
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
  printf 'From: Bob <bob@play.test>\nTo: referee@game.test\nSubject: Re: your move\n'
  printf 'Message-ID: <bob-2@game.test>\nIn-Reply-To: <x@game.test>\nDate: %s\n\n' "$(date -R)"
  printf 'game: %s\nplayer: Bob\nturn: 2\ntoken: %s\nmoves:\n  - %s\n\nOn a day, Referee wrote:\n' \
    "$GAME" "$BOB" "$BOB_MOVE"
  sed -n '/^$/,$p' "$BOB_MAIL" | sed 's/^/> /'
  printf -- '-- \nBob\n'
} >bob2.eml
send bob@play.test bob2.eml
wait_for bob "was accepted as turn 2" "Bob's quoted reply is accepted"
wait_for ann "It is your move, turn 3" "Ann gets her view of turn 3"

# --- 3. the same message again: answered, never applied twice ---
send bob@play.test bob2.eml
wait_for bob "Subject: [caravan-ref] Message received before" "a duplicate is answered"
expect_exit 0 "view after the duplicate" -- ref view "$GAME" --referee
expect_in out "turn: 3" "the duplicate changed nothing"

# --- 4. someone else sends Ann's turn: refused, and told why ---
sed -e "s/^From: .*/From: Mallory <mallory@play.test>/" -e "s/ann-1@/mallory-1@/" \
  -e "s/^turn: 1/turn: 3/" ann1.eml >mallory.eml
send mallory@play.test mallory.eml
wait_for mallory "not the address registered for Ann" "a turn from the wrong address is refused"
expect_exit 0 "view after the refusal" -- ref view "$GAME" --referee
expect_in out "turn: 3" "the refused turn changed nothing"

# --- 5. a mail without a turn, and an illegal move ---
printf 'From: carol@play.test\nTo: referee@game.test\nSubject: how?\nMessage-ID: <carol-1@game.test>\n\nHow do I play?\n' >carol.eml
send carol@play.test carol.eml
wait_for carol "Subject: [caravan-ref] How to play by mail" "a mail without a turn gets the format"
sed -e "s/ann-1@/ann-3@/" -e "s/^turn: 1/turn: 3/" -e "s/^  - .*/  - zz99/" ann1.eml >ann3.eml
send ann@play.test ann3.eml
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
# msmtp without --from: the referee gives it its envelope sender (-f), as to any sendmail.
MSMTP="$MSMTP_BASE --port=$PORT"
MAILOPTS=(--from "Referee <referee@game.test>" --sendmail "$MSMTP")
# An admin's change by mail (its envelope sender is checked with the rest, below).
expect_exit 0 "admin address --mail" -- ref admin address "$GAME" --player Bob \
  --address "Bob <carol@play.test>" --reason "Bob reads his mail at Carol's" --mail "${MAILOPTS[@]}"
wait_for carol "[caravan-ref] $GAME (caravaneers)" "admin --mail reaches Bob's new address"
expect_exit 0 "new --mail" -- ref new nv-caravan --player "Ann <ann@play.test>" \
  --player "Bob <bob@play.test>" --observer "Carol <carol@play.test>" --seed 11 \
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
  printf 'From: %s <%s@play.test>\nTo: referee@game.test\nSubject: Re: [caravan-ref] %s\nMessage-ID: <%s@game.test>\nDate: %s\n\n{"game": "%s", "player": "%s", "turn": %s, "token": "%s", "moves": [%s]}\n' \
    "$player" "${player,,}" "$G2" "$1" "$(date -R)" "$G2" "$player" "$turn" "$token" "$move" >"$1.eml"
  send "${player,,}@play.test" "$1.eml"
  wait_for "${player,,}" "Your turn in game $G2 was accepted as turn $turn" "$player's turn $turn by mail (one line of JSON)"
  LAST_TURN=$turn LAST_PLAYER=$player
}
for n in 1 2 3 4; do mail_turn "g2-turn-$n"; done
expect_in "$(mail_with "${LAST_PLAYER,,}" "Your turn in game $G2 was accepted as turn $LAST_TURN")" "filename=receipt-$LAST_TURN.yaml" "the receipt is attached"
printf 'From: Bob <bob@play.test>\nTo: referee@game.test\nSubject: view\nMessage-ID: <g2-bob-view@game.test>\n\ngame: %s\nplayer: Bob\ntoken: %s\n' "$G2" "$BOB2" >bobview.eml
send bob@play.test bobview.eml
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
  files=$(grep -lF "[caravan-ref] $G2 (nv-caravan)" "$T/text/$box/"*)
  subjects=$(grep -h "^Subject: \[caravan-ref\] $G2" $files | sort -u | wc -l)
  threaded=$(grep -LF "$root" $files | wc -l)
  [ "$subjects" -eq 1 ] && [ "$threaded" -eq 0 ] && PASSED=$((PASSED + 1)) ||
    { FAILED=$((FAILED + 1)); echo "FAIL: $box: $subjects subjects, $threaded mails outside the thread $root"; }
done
rejected=$(grep -lF "$G2" "$T"/text/*/* | xargs -r grep -l "was not accepted" | wc -l)
[ "$rejected" -eq 0 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: $rejected mails of game $G2 reject a turn the test meant to be legal"; }
for token in "$ANN2" "$BOB2"; do
  holders=$(grep -lF -- "$token" "$T"/text/*/* | xargs -r grep -L "You are invited to play" | wc -l)
  [ "$holders" -eq 0 ] && PASSED=$((PASSED + 1)) ||
    { FAILED=$((FAILED + 1)); echo "FAIL: a token is in $holders mails besides its invitation"; }
done
expect_in "$(mail_with ann "Message-Id: <caravan-ref.$G2.seat0@game.test>")" "hand:" "a player's mail shows a hand"
carol_hidden=$(grep -lE "^ *(hand|deck):" $(grep -lF "$G2" "$T/text/carol/"*) | wc -l)
[ "$carol_hidden" -eq 0 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: $carol_hidden observer mails show a hand or a deck"; }
# --- 7. a whole game by tapping links (issue 62), each mail taken as it arrived across the SMTP
# hop: the first move link of the mover's mail made into a reply as a mail program makes it
# (tests/browser/mail_pages.py link) and sent back through Postfix, until the game ends. Every
# link of each such mail must be a whole turn file of this game, seat and turn, with one pass and
# a legal move, to the referee under one Subject: a line folded in transit breaks one of them.
cat >"$WORK/links.py" <<'PY'
# links.py MESSAGE GAME PLAYER TURN LEGAL_MOVES_FILE MAIL_PAGES_DIR: every mailto: link checked
import html, re, sys, urllib.parse
path, game, player, turn, legal_file, pages_dir = sys.argv[1:7]
sys.path.insert(0, pages_dir)
import mail_pages
legal = set(open(legal_file, encoding='utf-8').read().splitlines())
text = mail_pages.html_part(mail_pages.message(path)) or ''
turn_file = re.compile(r'game: (.+)\nplayer: (.+)\nturn: (\d+)\ntoken: (\S+)\n'
                       r'(?:end: false\n)?moves:\n  - (.+)\n\Z')
passes, heads, bad, links = set(), set(), [], re.findall(r'href="(mailto:[^"]*)"', text)
for link in links:
    parts = urllib.parse.urlsplit(html.unescape(link))
    query = urllib.parse.parse_qs(parts.query)
    heads.add((urllib.parse.unquote(parts.path), query['subject'][0]))
    body = query['body'][0]
    found = turn_file.match(body.replace('\r\n', '\n'))
    if (found and found.group(1) == game and found.group(2).strip('"\'') == player
            and found.group(3) == turn and found.group(5) in legal):
        passes.add(found.group(4))
    else:
        bad.append(body)
for body in bad:
    print('a broken link:', repr(body))
if len(passes) > 1:
    print('the links hold', len(passes), 'different passes')
one_head = len(heads) == 1 and next(iter(heads))[0] == 'referee@game.test'
if not one_head:
    print('the links have other addresses or subjects:', heads)
print(len(links), 'links')
sys.exit(0 if not bad and len(passes) == 1 and one_head else 1)
PY
expect_exit 0 "new --mail: a game to play by taps" -- ref new caravaneers \
  --player "Ann <ann@play.test>" --player "Bob <bob@play.test>" --seed 5 --mail "${MAILOPTS[@]}"
G3=$(field game)
[ -n "$G3" ] || fatal "new --mail printed no game"
touch -d '-1 second' "$WORK/since"  # mail delivered after this is new to the tapping player
taps=0 links=0 bad_links=0
for _ in $(seq 1 200); do
  ref --format json view "$G3" --referee >view.json
  player=$(jq -r '.to_move[0] // empty' view.json) turn=$(jq -r .turn view.json)
  [ -n "$player" ] || break
  box=${player,,} found=""
  for _ in $(seq 1 300); do  # at most 60 s for the mover's mail with links for this turn
    for mail in $(find "$T/mail/$box/new" -type f -newer "$WORK/since" | sort -r); do
      python3 "$MAIL_PAGES" link "$mail" >tap.eml 2>/dev/null &&
        grep -qx "game: $G3" tap.eml && grep -qx "turn: $turn" tap.eml && { found=$mail; break 2; }
    done
    sleep 0.2
  done
  [ -n "$found" ] || { FAILED=$((FAILED + 1)); echo "FAIL: no mail with a move link for $player, turn $turn"; maillogs 20; break; }
  ref --format json moves "$G3" --player "$player" | jq -r '.moves[]' >legal.txt
  if python3 "$WORK/links.py" "$found" "$G3" "$player" "$turn" legal.txt "$SRC/tests/browser" >links.out; then
    links=$((links + $(sed -n 's/ links$//p' links.out)))
  else
    bad_links=$((bad_links + 1))
    echo "FAIL: the links of $player's mail for turn $turn (kept: $found):"; sed 's/^/  /' links.out | head -5
  fi
  id=$(sed -n 's/^Message-ID: <\(.*\)>$/\1/p' tap.eml)
  touch "$WORK/since"
  send "$box@play.test" tap.eml
  taps=$((taps + 1)) verdict=""
  for _ in $(seq 1 300); do  # at most 60 s for the referee to judge the tap
    verdict=$(runuser -u nobody -- sqlite3 -cmd ".timeout 5000" "$DB" \
      "SELECT verdict FROM messages WHERE message_id = '$id' AND verdict <> 'received'")
    [ -n "$verdict" ] && break
    sleep 0.2
  done
  [ "$verdict" = accepted ] ||
    { FAILED=$((FAILED + 1)); echo "FAIL: $player's tap for turn $turn: '${verdict:-no verdict}'"; maillogs 20; break; }
done
[ "$bad_links" -eq 0 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: $bad_links mails of game $G3 carried a broken link"; }
ref --format json list >list.json
if [ "$(jq -r --arg g "$G3" '.[] | select(.game == $g) | .finished' list.json)" = true ]; then
  PASSED=$((PASSED + 1))
  echo "game $G3 played to its end by $taps taps; $links links checked"
else
  FAILED=$((FAILED + 1)); echo "FAIL: game $G3 did not end by taps ($taps taps)"
fi
expect_exit 0 "audit of the tapped game" -- ref audit "$G3"

# --- the hop changed nothing: each part of every mail a player got, decoded, is byte for byte
# what the referee's server kept of it before its smtp client sent it on. First every mail still
# in flight (the final mails of the tapped game) is let land: both queues empty, which also means
# no referee is running (a pipe delivery stays in the active queue until the referee returns, and
# the mails it sends are queued before that). Without this a player's copy can be compared while
# the archive's copy of the same mail is still in the queue.
settled=""
for _ in $(seq 1 300); do  # at most 60 s
  if [ -z "$(find "$T"/{referee,players}/queue/{maildrop,incoming,active,deferred,hold} \
    -type f 2>/dev/null | head -1)" ]; then settled=yes; break; fi
  sleep 0.2
done
[ -n "$settled" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: mail still queued after 60 s"; maillogs 20; }
cat >"$WORK/same.py" <<'PY'
import email, email.policy, glob, sys
def parts(path):
    with open(path, 'rb') as f:
        msg = email.message_from_binary_file(f, policy=email.policy.compat32)
    return msg['Message-ID'], [(p.get_content_type(), p.get_payload(decode=True))
                               for p in msg.walk() if not p.is_multipart()]
before = dict(parts(path) for path in glob.glob(f'{sys.argv[1]}/mail/archive/new/*'))
changed = total = 0
for path in glob.glob(f'{sys.argv[1]}/mail/*/new/*'):
    if '/mail/archive/' in path:
        continue
    message_id, after = parts(path)
    total += 1
    if message_id not in before:
        changed += 1
        print(f'{path}: {message_id} has no copy from before the hop')
    elif before[message_id] != after:
        changed += 1
        if len(before[message_id]) != len(after):
            print(f'{path}: {len(after)} parts, {len(before[message_id])} before the hop')
        for (kind, sent), (_, got) in zip(before.get(message_id) or [], after):
            if sent != got:
                at = next((i for i, (a, b) in enumerate(zip(sent, got)) if a != b),
                          min(len(sent), len(got)))
                print(f'{path}: {kind} changed at byte {at}: '
                      f'{sent[max(0, at - 20):at + 20]!r} became {got[max(0, at - 20):at + 20]!r}')
                break
print(f'{changed} of {total} mails changed in transit')
sys.exit(1 if changed or total == 0 else 0)
PY
if python3 "$WORK/same.py" "$T" >same.out; then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: mails changed across the SMTP hop:"; sed 's/^/  /' same.out | tail -6; fi

# --- one envelope sender: every mail the referee sent (replies, new, tick and admin --mail) came with
# its own address as the envelope sender, which the players' server keeps as Return-Path.
read_mail
players_mail() { find "$T/mail" -path '*/new/*' -type f -not -path "$T/mail/archive/*" "$@"; }
total=$(players_mail | wc -l)
strays=$(players_mail -exec grep -L '^Return-Path: <referee@game.test>$' {} + | wc -l)
[ "$total" -gt 0 ] && [ "$strays" -eq 0 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: $strays of $total mails have another envelope sender:";
    players_mail -exec grep -h '^Return-Path:' {} + | sort | uniq -c; }

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
