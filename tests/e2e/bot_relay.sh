#!/usr/bin/env bash
# The chat-bot relay (examples/bot/relay.sh): a turn in a chat message goes to `submit -`, the
# verdict comes back as JSON chosen by the exit code, and is posted to the webhook (a stand-in
# curl here, so no network is used).
source "$(dirname "$0")/lib.sh" "$@"
RELAY="$SRC/examples/bot/relay.sh"
export CARAVAN_REF="$BIN"

expect_exit 0 "new game" -- "$BIN" new caravaneers --player ann --player bob --seed 3
GAME=$(field game)
ANN=$(grep -A4 'name: ann' out | sed -n 's/ *token: //p')
MOVE=$("$BIN" moves "$GAME" --player ann | sed -n 's/^  - //p' | head -1)
chat() {  # chat TOKEN MOVE: a chat message with the turn in a code block
  printf 'here goes\n```yaml\ngame: %s\nplayer: ann\nturn: 1\ntoken: %s\nmoves:\n  - %s\n```\nthanks\n' \
    "$GAME" "$1" "$2"
}

chat "$ANN" zz9 >bad-move.txt
expect_exit 0 "a rejected turn is posted" -- sh -c "\"$RELAY\" <bad-move.txt"
expect_in out '"status": "rejected", "exit_code": 65' "the rejection is reported from exit 65"
expect_in out '"line": 6' "the referee's own JSON comes along"

chat 00000000000000000000000000000000 "$MOVE" >bad-token.txt
expect_exit 0 "a wrong token is posted" -- sh -c "\"$RELAY\" <bad-token.txt"
expect_in out '"status": "refused", "exit_code": 77' "a wrong token is reported from exit 77"

# The webhook: a curl stand-in that keeps what it was sent.
mkdir -p fakebin
printf '#!/bin/sh\ncat > "%s/posted.json"\n' "$WORK" >fakebin/curl
chmod +x fakebin/curl
chat "$ANN" "$MOVE" >good.txt
expect_exit 0 "an accepted turn is posted" -- \
  env PATH="$WORK/fakebin:$PATH" CHAT_WEBHOOK_URL=http://chat.invalid/hook sh -c "\"$RELAY\" <good.txt"
expect_in out '"status": "accepted", "exit_code": 0' "acceptance is reported from exit 0"
expect_in posted.json '"status": "accepted"' "the verdict was posted to the webhook"
expect_exit 0 "the game moved on" -- "$BIN" view "$GAME" --referee
expect_in out "turn: 2" "the relayed turn was applied"

# The leak test's rule for the shared channel: what the relay posts there must not change with
# anything the other members cannot see. A refused play quotes the player's hand ("you hold ...");
# no card of that hand may reach the shared channel, and the player alone is told it.
expect_exit 0 "an nv-caravan game" -- "$BIN" new nv-caravan --player ann --player bob --seed 5
NV=$(field game)
tokens=$(cat out)
"$BIN" view "$NV" --referee >referee.yaml
MOVER=$(sed -n '/^to_move:/,/^[a-z]/ s/^  - //p' referee.yaml | head -1)
OTHER=$([ "$MOVER" = ann ] && echo bob || echo ann)
MOVER_TOKEN=$(grep -A4 "name: $MOVER" <<<"$tokens" | sed -n 's/ *token: //p')
"$BIN" view "$NV" --player "$MOVER" >mover.yaml
"$BIN" view "$NV" --player "$OTHER" >other.yaml
# The mover's hand as dealt (the other is shown only how many): cards the other may not see.
HIDDEN=$(awk '/dealt:$/ { f = 1; next } f && /^ *- / { print $2; next } { f = 0 }' mover.yaml)
[ -n "$HIDDEN" ] || { echo "FAIL: the mover's view shows no hand"; FAILED=$((FAILED + 1)); }
for card in $HIDDEN; do
  if grep -qw -- "$card" other.yaml; then
    FAILED=$((FAILED + 1)); echo "FAIL: $card is not hidden from $OTHER"
  fi
done
NOT_HELD=$(for c in AH AD AC AS 2H 2D 2C 2S 3H 3D; do
  grep -qw "$c" <<<"$HIDDEN" || { echo "$c"; break; }
done)
printf '```\ngame: %s\nplayer: %s\nturn: 1\ntoken: %s\nmoves:\n  - {play: %s, on: 1}\n```\n' \
  "$NV" "$MOVER" "$MOVER_TOKEN" "$NOT_HELD" >not-held.txt
printf '#!/bin/sh\ncase "$*" in *private*) f=private.json ;; *) f=shared.json ;; esac\ncat > "%s/$f"\n' \
  "$WORK" >fakebin/curl
expect_exit 0 "a refused play is posted" -- env PATH="$WORK/fakebin:$PATH" \
  CHAT_WEBHOOK_URL=http://chat.invalid/channel CHAT_PRIVATE_WEBHOOK_URL=http://chat.invalid/private \
  sh -c "\"$RELAY\" <not-held.txt"
expect_in shared.json '"status": "rejected"' "the channel is told the turn was refused"
expect_in private.json "you hold" "the player is told why, hand included"
for card in $HIDDEN; do
  if grep -qw -- "$card" shared.json; then
    FAILED=$((FAILED + 1)); echo "FAIL: hidden card $card reached the shared channel"
  else PASSED=$((PASSED + 1)); fi
  expect_in private.json "$card" "the player's own message shows $card"
done
finish
