# What every command pays to start (docs/PERFORMANCE.md): the binary does not link the picture
# libraries (librsvg, cairo, pango...), which referee/png.cpp opens only when a PNG is wanted, nor
# GLib, which core/glib.cpp opens when a picture first escapes text, nor GMime and what it brings
# (GIO, gpgme), which the mail module holds (src/mail/mime.hpp); a PNG is still made and a mail
# still read when one is wanted; a binary without its module says so.
source "$(dirname "$0")/lib.sh" "$@"

readelf -d "$BIN" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' >needed
for lib in librsvg cairo pango gdk_pixbuf fontconfig harfbuzz libgmime libgio libgpgme libglib; do
  if grep -q "^$lib" needed; then FAILED=$((FAILED + 1)); echo "FAIL: the binary links $lib"; else
    PASSED=$((PASSED + 1)); fi
done
[ -s needed ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: no NEEDED entries read"; }

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

# The binary alone, without its module beside it or installed: mail fails with 75 (an MTA keeps
# the message queued until the installation is mended) and says why; every other command works.
mkdir alone && cp "$BIN" alone/
expect_exit 0 "games without the mail module" -- alone/caravan-ref games
expect_exit 75 "mail without the mail module" -- alone/caravan-ref mail --outbox outbox2 --from "Referee <ref@example.org>" <turn.eml
expect_in err "caravan-ref-mime.so" "the error names the missing module"
finish
