#!/usr/bin/env bash
# A tournament's standings page (caravan-ref tournament html) in headless Chromium at a phone's
# 390 px and a desktop's 1280 px, through the same check as the games' pages and mails
# (mail_pages.py gallery): the page no wider than the screen, nothing in it scrolling sideways or
# reaching past the edge, with the longest names a club might enter, a bot's level and a
# withdrawal beside a name, and tie-breaks in sixteenths; and the HTML part of the answer to the
# mail command "standings". Also: each game a link to its public page under the base URL, and
# every name escaped.
#   standings.sh CARAVAN_REF SOURCE_DIR
# Exits 77 (CTest: skipped) when there is no Chromium.
set -u
BIN=$1
SRC=$2
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ]; then
  echo "no chromium: skipped (Debian: apt-get install chromium)"
  exit 77
fi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/caravan-standings.XXXXXX")
export CARAVAN_REF_DB="$WORK/games.db"
export CARAVAN_REF_NOW=2026-03-01T12:00:00Z
FAILED=0
fail() { echo "FAIL: $*"; FAILED=$((FAILED + 1)); }
"$BIN" init >/dev/null
"$BIN" --format json tournament new huber-caravan --format swiss --seats 3 --rounds 2 \
  --player "Annabelle-Marguerite Fitzgerald-Ollivander <ann@example.org>" \
  --player "Bartholomew_Montgomery_Featherstonehaugh" --player "Cy & Co" --player Di \
  --player Ed --player Flo --bot Robo=random --bot Hal=greedy --seed 1 >"$WORK/new.json" ||
  fail "tournament new"
T=$(jq -r .tournament "$WORK/new.json")
# Round 1 played (each table's first seat wins), round 2 made, one entrant withdrawn.
for g in $(jq -r '.made[0].games[].made.game' "$WORK/new.json"); do
  winner=$("$BIN" --format json view "$g" --referee | jq -r '.players[0].name')
  "$BIN" admin end "$g" --winner "$winner" --reason ruled >/dev/null || fail "admin end $g"
done
"$BIN" tick >/dev/null 2>&1 || fail "tick"
"$BIN" tournament withdraw "$T" Di >/dev/null || fail "withdraw"
"$BIN" tournament html "$T" --base-url https://games.example.org/caravan --out "$WORK/standings.html" ||
  fail "tournament html"
grep -q 'Cy &amp; Co' "$WORK/standings.html" || fail "a name is not escaped"
if grep -q 'Cy & Co' "$WORK/standings.html"; then fail "a bare & reached the page"; fi
links=$(grep -o 'href="https://games.example.org/caravan/watch/[a-z0-9]*"' "$WORK/standings.html" | wc -l)
[ "$links" -eq 4 ] || fail "$links links to the games' public pages, wanted 4 (two rounds of two)"
expect_games=$("$BIN" --format json tournament show "$T" | jq -r '.pairings[].games[].game' | sort)
got_games=$(grep -o 'watch/[a-z0-9]*"' "$WORK/standings.html" | sed 's/watch\///; s/"//' | sort)
[ "$expect_games" = "$got_games" ] || fail "the links are not the tournament's games"
CARAVAN_REF_BASE_URL= "$BIN" tournament html "$T" --out "$WORK/plain.html" || fail "without a base URL"
if grep -q 'href=' "$WORK/plain.html"; then fail "links without a base URL"; fi
# The answer to "standings" by mail: its HTML part is the same page.
printf 'From: Ann <ann@example.org>\nTo: ref@example.org\nSubject: standings %s\nMessage-ID: <standings@example.org>\n\n' \
  "$T" >"$WORK/ask.eml"
"$BIN" mail --outbox "$WORK/box" --from "Referee <ref@example.org>" <"$WORK/ask.eml" >/dev/null ||
  fail "standings by mail"
python3 "$SRC/tests/browser/mail_pages.py" html "$(ls "$WORK"/box/new/* | head -1)" "$WORK" mail ||
  fail "the standings mail's HTML part"
python3 "$SRC/tests/browser/mail_pages.py" gallery "$WORK/gallery.html" "text:$WORK/standings.html" \
  "text:$WORK/plain.html" "text:$WORK/mail.html"
(cd "$WORK" && "$CHROMIUM" --headless --no-sandbox --disable-gpu --force-device-scale-factor=1 \
  --virtual-time-budget=10000 --dump-dom "file://$WORK/gallery.html") >"$WORK/gallery.dom" \
  2>"$WORK/gallery.log"
sed -n '/<pre id="results">/,/<\/pre>/p' "$WORK/gallery.dom" | sed 's/<[^>]*>//g' >"$WORK/results.txt"
grep '^bad ' "$WORK/results.txt" | while read -r line; do echo "FAIL: $line"; done
[ "$(grep -c '^ok ' "$WORK/results.txt")" -eq 6 ] ||
  fail "$(grep -c '^ok ' "$WORK/results.txt") of 6 renders (2 pages and a mail at 390 and 1280 px) shown whole, nothing scrolling sideways (see $WORK/results.txt)"
cat "$WORK/results.txt"
if [ "$FAILED" -eq 0 ]; then rm -rf "$WORK"; echo "the standings page fits"; else echo "kept $WORK"; fi
[ "$FAILED" -eq 0 ]
