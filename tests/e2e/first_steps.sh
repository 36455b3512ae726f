#!/usr/bin/env bash
# What a newcomer setting up a host meets first: `init` makes the database (a reading command
# never does), one referee address for every mail (CARAVAN_REF_FROM), and a warning for a clock
# set behind what the database already holds.
source "$(dirname "$0")/lib.sh" "$@"
export CARAVAN_REF_NOW=2026-03-01T12:00:00Z

expect_exit 66 "list before anything exists" -- "$BIN" list
[ ! -e "$CARAVAN_REF_DB" ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: list made a database"; }
expect_exit 0 "init makes the database and the key" -- "$BIN" init
expect_in out "created: true" "init says it made the database"
expect_in out "key_created: true" "init says it made the key"
KEY=$(field public_key)
[ -f "$CARAVAN_REF_DB" ] && [ -f "$CARAVAN_REF_DB.key" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: no database or key file after init"; }
[ "$(stat -c %a "$CARAVAN_REF_DB.key")" = 600 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the key file is not mode 600"; }
sha256sum "$CARAVAN_REF_DB" "$CARAVAN_REF_DB.key" >sums
expect_exit 0 "init again" -- "$BIN" init
expect_in out "created: false" "the second init made nothing"
expect_in out "key_created: false" "the second init made no key"
[ "$(field public_key)" = "$KEY" ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: the key changed"; }
sha256sum -c --quiet sums && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: init again changed the files"; }
expect_exit 0 "list after init" -- "$BIN" list
expect_exit 0 "pubkey after init" -- "$BIN" pubkey --format text
grep -qx "$KEY" out && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: pubkey is not init's key"; }
expect_exit 0 "init as JSON" -- "$BIN" --format json init
expect_in out '"database":' "the JSON answer names the database"

# One address for everything the referee mails: new --mail, admin --mail, tick --mail, mail.
export CARAVAN_REF_FROM="Caravan Referee <referee@games.example.org>"
expect_exit 0 "new --mail" -- "$BIN" new caravaneers --player "Ann <ann@example.org>" \
  --player "Bob <bob@example.org>" --seed 3 --deadline 1d --nmr wait --mail --outbox outbox
GAME=$(field game)
expect_exit 0 "admin --mail" -- "$BIN" admin extend "$GAME" --by 1d --reason "a holiday" --mail --outbox outbox
expect_exit 0 "tick --mail, past the deadline" -- "$BIN" --now 2026-03-05T12:00:00Z tick --mail --outbox outbox
expect_exit 0 "mail" -- sh -c "\"$BIN\" mail --outbox outbox <\"$SRC/tests/mail/plain.eml\""
count=0
for message in outbox/new/*; do
  count=$((count + 1))
  if grep -q '^From: Caravan Referee <referee@games.example.org>' "$message"; then PASSED=$((PASSED + 1)); else
    FAILED=$((FAILED + 1)); echo "FAIL: $message is not from CARAVAN_REF_FROM:"; grep -m1 '^From:' "$message"; fi
done
[ "$count" -ge 6 ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: only $count mails"; }
grep -l "extended the deadline of game $GAME by 1d" outbox/new/* >/dev/null && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the extension is not called one"; }
expect_exit 0 "--from wins over CARAVAN_REF_FROM" -- "$BIN" --now 2026-03-05T13:00:00Z admin pause "$GAME" --reason "x" --mail --outbox outbox2 --from "Other <other@example.org>"
grep -q '^From: Other <other@example.org>' outbox2/new/* && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: --from was not used"; }
unset CARAVAN_REF_FROM
expect_exit 0 "a paused game drawn as text" -- "$BIN" --now 2026-03-05T13:00:00Z --format text view "$GAME" --player Ann
expect_in out "(the clock is stopped)" "the text view says the clock is stopped"
expect_exit 0 "the page of a game with a clock" -- "$BIN" --now 2026-03-05T13:00:00Z html "$GAME" --player Ann --out page.html
expect_in page.html "If a player misses a deadline, the game waits for them." "the page gives the NMR policy in words"

# A clock set behind the game's record: a warning naming the game and the later time; the
# command still runs. At or after it, or on the system clock, no warning.
expect_exit 0 "a view at an earlier time" -- "$BIN" --now 2026-03-02T00:00:00Z view "$GAME" --referee
expect_in err "warning: the clock is set to 2026-03-02T00:00:00Z (--now), earlier than 2026-03-05T13:00:00Z already recorded for game $GAME" "the warning"
expect_exit 0 "the same with CARAVAN_REF_NOW" -- env CARAVAN_REF_NOW=2026-03-02T00:00:00Z "$BIN" view "$GAME" --referee
expect_in err "(CARAVAN_REF_NOW)" "the warning names where the clock was set"
expect_exit 0 "a view at a later time" -- "$BIN" --now 2026-03-06T00:00:00Z view "$GAME" --referee
[ ! -s err ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: a warning at a later time:"; cat err; }
expect_exit 0 "a view on the system clock" -- env -u CARAVAN_REF_NOW "$BIN" view "$GAME" --referee
[ ! -s err ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: a warning on the system clock:"; cat err; }
finish
