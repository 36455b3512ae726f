# What every command pays to start (docs/PERFORMANCE.md): caravan-ref does not link GMime and
# what it brings (GIO, gpgme) nor the picture libraries (librsvg, cairo, pango...); it runs
# caravan-ref-mail, built from the same library, for a command line that reads or sends mail.
# Nor does it link libcurl: caravan-ref-notify alone does (notifications by webhook); nor libpq,
# which a command on a postgresql:// database loads (src/store/pg.cpp).
# A mail is still read and answered with a PNG through caravan-ref; a binary without its helper
# says so.
source "$(dirname "$0")/lib.sh" "$@"

needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
needed "$BIN" >needed
# The sanitizer build links libpq (CMakeLists.txt says why); the build a user installs does not.
unlinked="libpq"
readelf -s "$BIN" | grep -q " __asan_init" && unlinked=
for lib in librsvg cairo pango gdk_pixbuf fontconfig harfbuzz libgmime libgio libgpgme libcurl $unlinked; do
  if grep -q "^$lib" needed; then FAILED=$((FAILED + 1)); echo "FAIL: the binary links $lib"; else
    PASSED=$((PASSED + 1)); fi
done
[ -s needed ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: no NEEDED entries read"; }
HELPER=$(dirname "$BIN")/caravan-ref-mail
needed "$HELPER" >helper-needed
for lib in librsvg libgmime; do
  grep -q "^$lib" helper-needed && PASSED=$((PASSED + 1)) ||
    { FAILED=$((FAILED + 1)); echo "FAIL: caravan-ref-mail does not link $lib"; }
done
# libcurl (notifications by webhook) is caravan-ref-notify's alone.
needed "$(dirname "$BIN")/caravan-ref-notify" | grep -q "^libcurl" && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: caravan-ref-notify does not link libcurl"; }

# A game with an address, a turn by mail, the reply in an outbox: its picture part is a PNG.
expect_exit 0 "new" -- "$BIN" new caravaneers --player "Ann <ann@example.org>" --player bob \
  --seed 5 --format json
game=$(jq -r .game "$WORK/out")
token=$(jq -r '.players[0].token' "$WORK/out")
move=$("$BIN" --format json moves "$game" --player Ann | jq -r '.moves[0]')
printf 'From: Ann <ann@example.org>\nSubject: my turn\n\ngame: %s\nplayer: Ann\nturn: 1\ntoken: %s\nmoves: [%s]\n' \
  "$game" "$token" "$move" >turn.eml
expect_exit 0 "a turn by mail" -- "$BIN" mail --outbox outbox --from "Referee <ref@example.org>" <turn.eml
grep -rlq "image/png" outbox && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: no image/png part in the reply"; ls -R outbox; }

# The binary alone, without its helper beside it or installed: mail fails with 75 (an MTA keeps
# the message queued until the installation is mended) and says why, and so does --mail; every
# other command works.
mkdir alone && cp "$BIN" alone/
expect_exit 0 "games without the mail helper" -- alone/caravan-ref games
expect_exit 75 "mail without the mail helper" -- alone/caravan-ref mail --outbox outbox2 --from "Referee <ref@example.org>" <turn.eml
expect_in err "caravan-ref-mail" "the error names the missing helper"
expect_exit 75 "tick --mail without the mail helper" -- alone/caravan-ref tick --mail --outbox outbox2
expect_exit 0 "tick without --mail, without the mail helper" -- alone/caravan-ref tick
finish
