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
expect_in posted.json '"accepted": true' "the verdict was posted to the webhook"
expect_exit 0 "the game moved on" -- "$BIN" view "$GAME" --referee
expect_in out "turn: 2" "the relayed turn was applied"
finish
