#!/usr/bin/env bash
# The pictures from the command line (issue 18): view --format svg, submit --out writing
# <player>.svg beside the YAML, html pages (a player's, and the public one with no hidden card), and
# the PNG picture in a mail reply.
source "$(dirname "$0")/lib.sh" "$@"

expect_exit 0 "new game" -- "$BIN" new caravaneers --player "ann <ann@game.test>" \
  --player "bob <bob@game.test>" --seed 7
GAME=$(field game)
ANN=$(grep -A4 'name: ann' out | sed -n 's/ *token: //p')

expect_exit 0 "view --format svg" -- "$BIN" --format svg view "$GAME" --player ann
expect_in out '<svg xmlns="http://www.w3.org/2000/svg"' "the view is an SVG picture"
expect_in out '>c3</text>' "square names are text on the picture"

MOVE=$("$BIN" moves "$GAME" --player ann | sed -n 's/^  - //p' | head -1)
printf 'game: %s\nplayer: ann\nturn: 1\ntoken: %s\nmoves:\n  - %s\n' "$GAME" "$ANN" "$MOVE" >t1.yaml
expect_exit 0 "submit --out with svg" -- "$BIN" --format svg submit t1.yaml --out views
expect_in "views/$GAME/bob.yaml" "you:" "the YAML view is still written"
expect_in "views/$GAME/bob.svg" 'class="last"' "bob's picture marks ann's move"
expect_in "views/$GAME/ann.svg" 'class="last"' "ann's picture marks her own move too"

expect_exit 0 "html for a player" -- "$BIN" html "$GAME" --player bob --out bob.html
expect_in bob.html "<svg" "the page has the picture inline"
expect_in bob.html "bob's legal moves" "the page lists bob's moves, under his name"
expect_in bob.html "bob's turn, to fill in" "the page has a turn file to fill in"
expect_in bob.html "Turn 1, ann" "the page tells the history in sentences"
if grep -q 'mailto:' bob.html; then
  FAILED=$((FAILED + 1)); echo "FAIL: links without the referee's address"
else PASSED=$((PASSED + 1)); fi
expect_exit 0 "html with the referee's address" -- "$BIN" html "$GAME" --player bob \
  --from "Referee <ref@games.example.org>" --out bob-links.html
expect_in bob-links.html 'href="mailto:ref@games.example.org?subject=' "each move is a link"
expect_exit 64 "html with an address that is none" -- "$BIN" html "$GAME" --player bob --from "no address"
if grep -qiE '<script|src="http|href="http' bob.html; then
  FAILED=$((FAILED + 1)); echo "FAIL: the page refers to a script or another file"
else PASSED=$((PASSED + 1)); fi
expect_exit 0 "a public page of a game that hides nothing" -- "$BIN" html "$GAME" --public
expect_in out "Public view" "the public page says so"
expect_exit 64 "html needs a viewer" -- "$BIN" html "$GAME"

expect_exit 0 "new nv-caravan" -- "$BIN" new nv-caravan --player ann --player bob --seed 3
NV=$(field game)
expect_exit 0 "a public page of a game with hands" -- "$BIN" html "$NV" --public --out nv.html
expect_in nv.html "Public view" "the nv-caravan public page says so"
# Not one card of either hand is on it (the leak suite checks every engine's page in depth).
"$BIN" --format json view "$NV" --referee | jq -r '.state.players[].hand[]' >hands
[ -s hands ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: no hands read"; }
leaked=0
for card in $(cat hands); do grep -q ">$card<\|\b$card\b" nv.html && leaked=$((leaked + 1)); done
[ "$leaked" -eq 0 ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: $leaked hand cards on the public page"; }

# A mail turn: the reply carries the picture as an inline PNG.
mkdir -p outbox
"$BIN" new caravaneers --player "cy <cy@game.test>" --player "di <di@game.test>" --seed 7 >new2
G2=$(sed -n 's/^game: //p' new2)
CY=$(grep -A4 'name: cy' new2 | sed -n 's/ *token: //p')
M2=$("$BIN" moves "$G2" --player cy | sed -n 's/^  - //p' | head -1)
printf 'From: cy <cy@game.test>\nTo: referee@game.test\nSubject: turn\nMessage-ID: <cy-1@game.test>\n\ngame: %s\nplayer: cy\nturn: 1\ntoken: %s\nmoves:\n  - %s\n' \
  "$G2" "$CY" "$M2" >mail.eml
expect_exit 0 "a turn by mail" -- sh -c "\"$BIN\" mail --outbox outbox --from referee@game.test <mail.eml"
cat outbox/new/* >replies.txt 2>/dev/null
expect_in replies.txt "Content-Type: image/png" "the reply has a PNG picture"
expect_in replies.txt "Content-Disposition: inline" "shown inline"
finish
