#!/usr/bin/env bash
# The pictures in a real browser (issue 18): headless Chromium renders each engine's SVG of a
# fixed position (the first two turns of its sample game) and one player's HTML page to PNG; and
# (issue 44) every engine's mails and pages as a player by mail sees them, at phone and desktop
# width, with a move played by tapping its link.
# Each render must not be blank, the browser must log no console error, and each must match
# its reference image within a tolerance: an engine's picture the one in its own folder
# (src/games/<kind>/testdata/browser.png, found from `caravan-ref games`, so a new game brings
# its own), the page tests/browser/reference/page.png.
#
#   browser.sh CARAVAN_REF PNG_COMPARE SOURCE_DIR
# Exits 77 (CTest: skipped) when there is no Chromium. CARAVAN_UPDATE_REFERENCES=1 rewrites the
# reference images from this run (look at them before committing). CARAVAN_KEEP_BROWSER=1 keeps
# the work directory (mails, pages, screenshots) even when every check passes.
set -u
BIN=$1
COMPARE=$2
SRC=$3
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ]; then
  echo "no chromium: skipped (Debian: apt-get install chromium)"
  exit 77
fi
WORK=$(mktemp -d "${TMPDIR:-/tmp}/caravan-browser.XXXXXX")
export CARAVAN_REF_DB="$WORK/games.db"
export CARAVAN_REF_NOW=2026-01-05T12:00:00Z
REF="$SRC/tests/browser/reference"
FAILED=0
fail() { echo "FAIL: $*"; FAILED=$((FAILED + 1)); }

# A game of KIND from its sample's arguments, with its first N turn files played. The game id
# is random: the pictures name it GAME so that they compare.
play() {
  local kind=$1 turns=$2 dir="$SRC/examples/$1" game
  mapfile -t args <"$dir/new.args"
  "$BIN" new "$kind" "${args[@]}" >"$WORK/new.yaml" || return 1
  game=$(sed -n 's/^game: //p' "$WORK/new.yaml")
  for file in $(ls "$dir"/turns/*.yaml | head -n "$turns"); do
    local player token
    player=$(basename "$file" .yaml)
    player=${player#*-}
    token=$(awk -v who="$player" '/^ *- name: /{name=$3} /^ *token: /{if (name==who) print $2}' \
      "$WORK/new.yaml")
    sed -e "s/^game: GAME$/game: $game/" -e "s/^token: TOKEN$/token: $token/" "$file" \
      >"$WORK/turn.yaml"
    "$BIN" submit "$WORK/turn.yaml" >/dev/null || return 1
  done
  echo "$game"
}

# render FILE NAME HEIGHT REFERENCE [WIDTH]: a screenshot WIDTH (640) px wide; checks the log
# and the image, against REFERENCE (a PNG file).
render() {
  local file=$1 name=$2 height=$3 reference=$4 width=${5:-640}
  (cd "$WORK" && "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --force-device-scale-factor=1 --enable-logging=stderr --v=0 \
    --window-size="$width","$height" --screenshot="$WORK/$name.png" "file://$file") \
    >"$WORK/$name.log" 2>&1
  if grep -E 'CONSOLE|Uncaught|SyntaxError|ERR_FILE_NOT_FOUND' "$WORK/$name.log"; then
    fail "$name: the browser logged a console error"
  fi
  if [ ! -s "$WORK/$name.png" ]; then
    fail "$name: no screenshot"; sed 's/^/  | /' "$WORK/$name.log" | tail -5; return
  fi
  "$COMPARE" --not-blank "$WORK/$name.png" || fail "$name: the render is blank"
  if [ "${CARAVAN_UPDATE_REFERENCES:-0}" = 1 ]; then
    mkdir -p "$(dirname "$reference")" && cp "$WORK/$name.png" "$reference"
  elif ! "$COMPARE" "$reference" "$WORK/$name.png" 0.03; then
    cp "$WORK/$name.png" "$WORK/$name.actual.png"
    fail "$name: differs from ${reference#"$SRC/"} (see $WORK/$name.actual.png)"
  fi
}

# Every engine's SVG, each shown alone at its own size (its height from the picture), compared
# with the reference in the engine's folder. An SVG that is not well-formed XML is not drawn.
for kind in $("$BIN" games | sed -n 's/^  kind: //p'); do
  game=$(play "$kind" 2) || { fail "$kind: the sample game's first turns"; continue; }
  "$BIN" --format svg view "$game" --player ann | sed "s/$game/GAME/g" >"$WORK/$kind.svg"
  height=$(sed -n 's/^<svg [^>]* height="\([0-9.]*\)".*/\1/p' "$WORK/$kind.svg" |
    awk 'NR == 1 { print int($1 + 0.99) }')
  render "$WORK/$kind.svg" "$kind" "$height" "$SRC/src/games/${kind//-/_}/testdata/browser.png" \
    600
done
# Issue 44, as a player by mail sees it: for every engine, a game whose players and observer have
# addresses; the first player's invitation, their first move played by following its first
# mailto: link through `mail` (the move must be applied), the second player's mail that answers
# it, the observer's, the second player's page, and the game's last mail (issue 62). Each mail's HTML part with its cid: pictures
# written beside it, then all of them at 390 and 1280 px in one browser run (mail_pages.py):
# a picture shown and fitting, nothing scrolling sideways (the page or any box in it), and at
# 390 px each card face or good (class "face") of a page's picture at least 28 px tall.
export CARAVAN_REF_FROM="Referee <ref@games.example.org>"
pages=()
for kind in $("$BIN" games | sed -n 's/^  kind: //p'); do
  mapfile -t args <"$SRC/examples/$kind/new.args"
  for i in "${!args[@]}"; do
    [ "${args[$i]}" = --player ] && args[$((i + 1))]="${args[$((i + 1))]} <${args[$((i + 1))]}@example.org>"
  done
  out="$WORK/mail-$kind"
  "$BIN" new "$kind" "${args[@]}" --observer "Olga <olga@example.net>" --mail --outbox "$out" \
    >"$WORK/new-$kind.yaml" || { fail "$kind: new --mail"; continue; }
  g=$(sed -n 's/^game: //p' "$WORK/new-$kind.yaml")
  first=$(grep -li "^To: ann" "$out"/new/*) || {
    fail "$kind: no invitation to ann"; continue; }
  python3 "$SRC/tests/browser/mail_pages.py" html "$first" "$WORK" "$kind-invitation" ||
    fail "$kind: the invitation's HTML part"
  python3 "$SRC/tests/browser/mail_pages.py" link "$first" >"$WORK/tap-$kind.eml" &&
    rm -f "$out"/new/* && "$BIN" mail --outbox "$out" <"$WORK/tap-$kind.eml" >"$WORK/tap-$kind.yaml" ||
    fail "$kind: the tapped move was not mailed"
  grep -q '^verdict: accepted' "$WORK/tap-$kind.yaml" && "$BIN" --format text log "$g" |
    grep -q '^Turn 1, ann' || fail "$kind: the tapped move was not applied"
  for who in bob olga; do
    message=$(grep -li "^To: $who" "$out"/new/*) &&
      python3 "$SRC/tests/browser/mail_pages.py" html "$message" "$WORK" "$kind-$who" ||
      fail "$kind: $who's mail after the tapped move"
  done
  "$BIN" html "$g" --player bob --out "$WORK/$kind-page.html" || fail "$kind: html"
  # Issue 62: the last mail of the game, as its last player to resign by mail reads it (every
  # player but one resigns): the outcome first, the receipt and its key last.
  mapfile -t names < <(awk '/ name: /{name=$NF} / token: /{print name}' "$WORK/new-$kind.yaml")
  for ((i = 0; i + 1 < ${#names[@]}; i++)); do
    who=${names[$i]}
    token=$(awk -v who="$who" '/ name: /{name=$NF} / token: /{if (name == who) print $NF}' \
      "$WORK/new-$kind.yaml")
    printf 'From: %s <%s@example.org>\nTo: ref@games.example.org\nSubject: resign\nMessage-ID: <resign-%s-%s@example.org>\n\ngame: %s\nplayer: %s\ntoken: %s\n' \
      "$who" "$who" "$kind" "$who" "$g" "$who" "$token" >"$WORK/resign.eml"
    rm -f "$out"/new/*
    "$BIN" mail --outbox "$out" <"$WORK/resign.eml" >"$WORK/resign-$kind.yaml" &&
      grep -q '^verdict: accepted' "$WORK/resign-$kind.yaml" || fail "$kind: $who's resignation by mail"
  done
  message=$(grep -li "^To: ${names[-2]}" "$out"/new/*) &&
    python3 "$SRC/tests/browser/mail_pages.py" html "$message" "$WORK" "$kind-final" ||
    fail "$kind: the last mail of the game"
  grep -q '<p class="lead">Game over: ' "$WORK/$kind-final.html" ||
    fail "$kind: the last mail does not open with the outcome"
  pages+=("$WORK/$kind-invitation.html" "$WORK/$kind-bob.html" "$WORK/$kind-olga.html"
    "$WORK/$kind-page.html" "$WORK/$kind-final.html")
done
unset CARAVAN_REF_FROM
python3 "$SRC/tests/browser/mail_pages.py" gallery "$WORK/mails.html" "${pages[@]}"
(cd "$WORK" && "$CHROMIUM" --headless --no-sandbox --disable-gpu --force-device-scale-factor=1 \
  --virtual-time-budget=10000 --dump-dom "file://$WORK/mails.html") >"$WORK/mails.dom" \
  2>"$WORK/mails.log"
sed -n '/<pre id="results">/,/<\/pre>/p' "$WORK/mails.dom" | sed 's/<[^>]*>//g' >"$WORK/mails.txt"
grep '^bad ' "$WORK/mails.txt" | while read -r line; do echo "FAIL: $line"; done
[ "$(grep -c '^ok ' "$WORK/mails.txt")" -eq $((2 * ${#pages[@]})) ] ||
  fail "mails and pages: $(grep -c '^ok ' "$WORK/mails.txt") of $((2 * ${#pages[@]})) renders shown whole, nothing scrolling sideways (see $WORK/mails.txt)"
# Issue 62: the card faces and goods measured at 390 px (pictures drawn inline, on the pages).
echo "faces measured at 390 px: $(sed -n 's/^[a-z]* [^ ]* 390 faces \([0-9]*\) .*/\1/p' \
  "$WORK/mails.txt" | awk '{ n += $1 } END { print n + 0 }') in $(grep -c '^[a-z]* [^ ]* 390 faces ' \
  "$WORK/mails.txt") renders"

# One player's page (the last game's): picture, hand or reserve, legal moves, history.
"$BIN" html "$game" --player ann --out "$WORK/page.tmp" && sed "s/$game/GAME/g" "$WORK/page.tmp" \
  >"$WORK/page.html" || fail "html"
render "$WORK/page.html" page 1400 "$REF/page.png"

if [ "$FAILED" -eq 0 ] && [ -z "${CARAVAN_KEEP_BROWSER:-}" ]; then rm -rf "$WORK"; echo "all renders match"; else echo "kept $WORK"; fi
[ "$FAILED" -eq 0 ]
