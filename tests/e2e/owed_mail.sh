#!/usr/bin/env bash
# Notices the clock owes are kept until they are sent (issue 41): a tick whose mail server is down
# exits 75 and keeps the reminder; the next tick with mail sends it, once.
source "$(dirname "$0")/lib.sh" "$@"
export CARAVAN_REF_NOW=2026-03-01T09:00:00Z
export CARAVAN_REF_FROM="Referee <referee@example.org>"
expect_exit 0 "new game with a clock and addresses" -- "$BIN" new caravaneers \
  --player "ann <ann@example.org>" --player "bob <bob@example.org>" --seed 3 \
  --deadline 1d --remind 6h --nmr wait
mailed() { find box/new -type f 2>/dev/null | wc -l; }

export CARAVAN_REF_NOW=2026-03-02T04:00:00Z  # ann's reminder is due
expect_exit 75 "tick --mail with the mail server down" -- "$BIN" tick --mail --sendmail false
expect_in out "action: remind" "the reminder was due and recorded"
expect_in err "a later run that sends mail sends the rest" "stderr says the mail is owed"

export CARAVAN_REF_NOW=2026-03-02T05:00:00Z
expect_exit 0 "the next tick --mail" -- "$BIN" tick --mail --outbox box
[ "$(mailed)" -eq 1 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the owed reminder was not sent once: $(mailed) mails"; }
grep -l "ann@example.org" box/new/* >/dev/null 2>&1 && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the reminder did not go to ann"; }
expect_exit 0 "a third tick --mail" -- "$BIN" tick --mail --outbox box
[ "$(mailed)" -eq 1 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the reminder was sent again: $(mailed) mails"; }
# Its text is not kept once sent (an invitation's holds a token).
left=$(sqlite3 "$CARAVAN_REF_DB" "SELECT count(*) FROM mail_outbox WHERE bytes IS NOT NULL")
[ "$left" -eq 0 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: $left sent mails still keep their text"; }
# The answers with mail owed, sent and refused keep to their schemas.
if /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
  mkdir -p answers
  export CARAVAN_REF_NOW=2026-03-03T12:00:00Z  # a miss: every reader hears of it
  "$BIN" --format json tick --mail --sendmail false >answers/tick-1.json 2>/dev/null
  "$BIN" --format json tick --mail --outbox box >answers/tick-2.json 2>/dev/null
  sqlite3 "$CARAVAN_REF_DB" "UPDATE players SET address = 'x@y' || char(10) || 'Bcc: e@f' \
    WHERE name = 'bob'"
  expect_exit 65 "a stored address that is no address is never written to" -- \
    "$BIN" --format json admin extend "$(sqlite3 "$CARAVAN_REF_DB" 'SELECT id FROM games')" \
    --by 1d --reason "test" --mail --outbox box
  cp out answers/admin-1.json
  expect_in out "mail_refused" "the refusal is in the answer"
  if /usr/bin/python3 "$SRC/tests/e2e/json_schema.py" --partial "$SCHEMAS" answers >schema.txt; then
    PASSED=$((PASSED + 1))
  else
    FAILED=$((FAILED + 1)); echo "FAIL: an answer does not keep to its schema"; cat schema.txt
  fi
  grep -l "Bcc: e@f" box/new/* >/dev/null 2>&1 && { FAILED=$((FAILED + 1)); echo "FAIL: a mail went to the injected address"; } || PASSED=$((PASSED + 1))
fi
finish
