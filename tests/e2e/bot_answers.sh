#!/usr/bin/env bash
# A person playing the referee's bot by mail gets its move in the reply to their own (issue 63):
# `caravan-ref mail` records the person's turn, plays the bot's `hard` turn (10,000 playouts) as a
# turn of its own, and sends one mail whose view is the game after it, within a second of CPU
# time for the whole command. A bot that cannot move leaves the person's turn standing, is named
# on stderr and in the answer, and the next tick plays its turn; every record audits clean.
source "$(dirname "$0")/lib.sh" "$@"
export CARAVAN_REF_NOW=2026-05-01T10:00:00Z
PY=/usr/bin/python3

expect_exit 0 "a game against the hard bot" -- "$BIN" --format json new nv-caravan \
  --player "ann <ann@example.org>" --player robot --bot robot=hard --seed 4
game=$(jq -r .game out)
token=$(jq -r '.players[] | select(.name == "ann") | .token' out)
# Whoever begins, ann is to move once `new` has answered.
expect_exit 0 "ann's view" -- "$BIN" --format json view "$game" --player ann
cp out view.json
if jq -e '.to_move == ["ann"]' view.json >/dev/null; then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: ann is not to move after new"; cat view.json; fi

# mail_turn N: ann's turn N (her first legal move) as a mail, in turn-N.eml.
mail_turn() {
  local move
  move=$("$BIN" --format json moves "$game" --player ann | jq -c '.moves[0]')
  cat >"turn-$1.eml" <<EOF
From: Ann <ann@example.org>
To: Referee <referee@example.org>
Subject: my move
Date: Fri, 01 May 2026 10:00:00 +0000
Message-ID: <bot-answers-$1@example.org>
MIME-Version: 1.0
Content-Type: text/plain; charset=us-ascii

game: $game
player: ann
turn: $1
token: $token
moves:
  - $move
EOF
}
# cpu_of FILE COMMAND...: runs the command with FILE as its input (out, err as expect_exit
# keeps them) and prints its exit code and the CPU time (user and system) it took, in seconds.
cpu_of() {
  "$PY" -c 'import resource, subprocess, sys
with open(sys.argv[1]) as i, open("out", "w") as o, open("err", "w") as e:
    code = subprocess.call(sys.argv[2:], stdin=i, stdout=o, stderr=e)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(code, "%.3f" % (used.ru_utime + used.ru_stime))' "$@"
}
# The text of each mail in the outbox, decoded (one file each, text-1.txt...).
mail_texts() {
  "$PY" -c 'import email, email.policy, pathlib, sys
for n, path in enumerate(sorted(pathlib.Path(sys.argv[1]).iterdir()), 1):
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    body = message.get_body(preferencelist=("plain",))
    pathlib.Path("text-%d.txt" % n).write_text(str(message["To"]) + "\n" + body.get_content())' \
    "$1"
}

# A few turns by submit first, each answered at once, so that the mailed one is in the middle
# game, where a search costs the most.
turn=$(jq -r .turn view.json)
for _ in 1 2 3 4; do
  mail_turn "$turn"
  sed -n '/^game:/,$p' "turn-$turn.eml" >turn.yaml
  expect_exit 0 "ann's turn $turn by submit" -- "$BIN" --format json submit turn.yaml
  if jq -e --argjson t "$((turn + 1))" '.bots[0].accepted and .bots[0].turn == $t
      and .to_move == ["ann"] and .next_turn == $t + 1' out >/dev/null; then
    PASSED=$((PASSED + 1)); else
    FAILED=$((FAILED + 1)); echo "FAIL: the bot did not answer turn $turn at once"; cat out; fi
  turn=$((turn + 2))
done
mail_turn "$turn"
read -r code cpu < <(cpu_of "turn-$turn.eml" "$BIN" --format json mail --outbox outbox \
  --from referee@example.org)
if [ "$code" -eq 0 ]; then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: mail exited $code"; cat out err; fi
if jq -e '.verdict == "accepted" and (.bots | length) == 1 and .bots[0].accepted
    and .bots[0].level == "hard" and .bots[0].player == "robot"' out >/dev/null; then
  PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: the summary does not show the bot's accepted turn"; cat out; fi
bot_turn=$(jq -r '.bots[0].turn' out)
# One mail, to ann (the robot has no address), showing the bot's answer and her next move.
count=$(find outbox/new -type f | wc -l)
if [ "$count" -eq 1 ]; then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: $count mails where one answers both turns"; fi
mail_texts outbox/new
expect_in text-1.txt "ann@example.org" "the reply goes to ann"
expect_in text-1.txt "was accepted as turn $turn." "it accepts her turn"
expect_in text-1.txt "robot (the referee's bot, hard) answered with turn $bot_turn." \
  "it tells the bot's answer"
expect_in text-1.txt "It is your move, turn $((bot_turn + 1))" "and that it is her move again"
expect_exit 0 "the view after" -- "$BIN" --format json view "$game" --player ann
if jq -e --argjson t "$((bot_turn + 1))" '.to_move == ["ann"] and .turn == $t' out >/dev/null
then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: ann is not to move at turn $((bot_turn + 1))"; cat out; fi
# A second of CPU for the whole command: her turn, the bot's 10,000 playouts and the mail. The
# sanitizers' build runs several times slower and is not held to it.
if grep -q __asan_init "$BIN"; then
  echo "(the sanitizers' build: the command took $cpu s of CPU, not held to a second)"
elif "$PY" -c 'import sys; sys.exit(0 if float(sys.argv[1]) <= 1.0 else 1)' "$cpu"; then
  PASSED=$((PASSED + 1)); echo "the mailed turn and the bot's answer took $cpu s of CPU"
else
  FAILED=$((FAILED + 1)); echo "FAIL: the mailed turn and the bot's answer took $cpu s of CPU"
fi
expect_exit 0 "the game audits" -- "$BIN" audit "$game"

# A bot that cannot move (a level this build does not know, as a later version might store):
# ann's turn stands, the answer and stderr say so, the game waits at the bot's turn.
sqlite3 "$CARAVAN_REF_DB" "UPDATE players SET bot = 'clever' WHERE name = 'robot'"
turn=$((bot_turn + 1))
mail_turn "$turn"
sed -n '/^game:/,$p' "turn-$turn.eml" >turn.yaml
expect_exit 0 "submit: ann's turn stands" -- "$BIN" --format json submit turn.yaml
if jq -e '.accepted and .bots[0].accepted == false and .bots[0].error.code == 64
    and .to_move == ["robot"]' out >/dev/null; then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: the answer does not report the bot's failure"; cat out; fi
expect_in err "could not play turn $((turn + 1)) for robot" "stderr names the bot's failure"
expect_exit 0 "the game audits with the bot's turn owed" -- "$BIN" audit "$game"
sqlite3 "$CARAVAN_REF_DB" "UPDATE players SET bot = 'hard' WHERE name = 'robot'"
expect_exit 0 "tick plays the owed turn" -- "$BIN" --format json tick
if jq -e --argjson t "$((turn + 1))" '.actions[0].action == "bot" and .actions[0].accepted
    and .actions[0].turn == $t' out >/dev/null; then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: tick did not play the bot's owed turn"; cat out; fi
expect_exit 0 "the game audits after it" -- "$BIN" audit "$game"
expect_exit 0 "its record verifies" -- \
  sh -c "'$BIN' export '$game' >record.yaml && '$BIN' verify record.yaml"
finish
