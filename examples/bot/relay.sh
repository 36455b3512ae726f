#!/usr/bin/env bash
# A chat-bot relay: a player's chat message in, the referee's verdict out as JSON.
#
#   relay.sh < message.txt
#
# The message may wrap the turn in a ``` code block, as chat clients do. The turn goes to
# `caravan-ref --format json submit -`, and the relay acts on the documented exit codes:
#   0 accepted; 65 rejected (bad YAML, illegal move, wrong turn); 66 no such game;
#   77 wrong token or player; 75 database busy: tried again, at most 3 times; others: an error.
# It prints one JSON object {"status", "exit_code", "text", "result"} (result: caravan-ref's own
# JSON) for the player alone: the result may show the player's hand ("you hold ..."), their view
# of the game, their token in an example. So the relay posts two things with curl:
#   CHAT_WEBHOOK_URL          the shared channel: {"status", "exit_code", "text"} only, words that
#                             every member of the channel may read;
#   CHAT_PRIVATE_WEBHOOK_URL  the player's direct messages: the whole object.
#
# Environment: CARAVAN_REF (default: caravan-ref), CARAVAN_REF_DB (the database), the two webhooks
# (each optional). Exit code: 0 once the verdict is posted, 75 when the referee stayed busy (let
# the chat platform redeliver), 1 when a post failed.
set -u
REF=${CARAVAN_REF:-caravan-ref}

message=$(cat)
# The turn: the inside of the first ``` block if there is one, else the whole message.
if grep -q '^[[:space:]]*```' <<<"$message"; then
  turn=$(awk '/^[[:space:]]*```/ { if (inside) exit; inside = 1; next } inside' <<<"$message")
else
  turn=$message
fi

for attempt in 1 2 3 4; do
  result=$(printf '%s\n' "$turn" | "$REF" --format json submit - 2>/dev/null)
  code=$?
  [ "$code" -ne 75 ] || [ "$attempt" -eq 4 ] && break
  sleep $((attempt * attempt))
done

case $code in
  0) status=accepted text="Turn accepted." ;;
  65) status=rejected text="Turn rejected; the reason was sent to the player." ;;
  66) status=not-found text="No such game." ;;
  77) status=refused text="Wrong token or player name." ;;
  75) status=busy text="The referee is busy; send the turn again in a minute." ;;
  *) status=error text="The referee failed (exit $code); tell the game master." ;;
esac
[ -n "$result" ] || result=null
payload=$(printf '{"status": "%s", "exit_code": %d, "text": "%s", "result": %s}' \
  "$status" "$code" "$text" "$result")
printf '%s\n' "$payload"
# Only fixed words go to the shared channel: never the referee's answer, whatever it holds.
shared=$(printf '{"status": "%s", "exit_code": %d, "text": "%s"}' "$status" "$code" "$text")

post() {  # post URL BODY
  printf '%s' "$2" | curl -fsS -m 20 -H 'Content-Type: application/json' \
    --data-binary @- "$1" >/dev/null
}
if [ -n "${CHAT_WEBHOOK_URL:-}" ]; then post "$CHAT_WEBHOOK_URL" "$shared" || exit 1; fi
if [ -n "${CHAT_PRIVATE_WEBHOOK_URL:-}" ]; then
  post "$CHAT_PRIVATE_WEBHOOK_URL" "$payload" || exit 1
fi
[ "$code" -eq 75 ] && exit 75
exit 0
