#!/usr/bin/env bash
# Games anyone can audit: the seed stays hidden until the end, the commitment and the chain can be
# checked by hand (sha256sum, jq), records verify offline and name what was changed, receipts and
# signed turns hold, and import loads only a record that verifies.
source "$(dirname "$0")/lib.sh" "$@"

expect_exit 0 "new game with a seed from the OS" -- "$BIN" new caravaneers --player ann --player bob
GAME=$(field game)
COMMITMENT=$(field seed_commitment)
ANN=$(grep -A3 'name: ann' out | sed -n 's/ *token: //p')
BOB=$(grep -A3 'name: bob' out | sed -n 's/ *token: //p')
[ ${#COMMITMENT} -eq 64 ] || { echo "FAIL: new printed no commitment"; cat out; exit 1; }
cat out >seen.txt

expect_exit 0 "pubkey" -- "$BIN" pubkey
KEY=$(field public_key)
[ ${#KEY} -eq 64 ] || { echo "FAIL: no referee key"; exit 1; }
expect_exit 0 "pubkey again" -- "$BIN" pubkey
expect_in out "$KEY" "the referee key is kept"

turn_file() {  # turn_file PLAYER TOKEN TURN MOVE
  printf 'game: "%s"\nplayer: %s\nturn: %s\ntoken: %s\nmoves:\n  - %s\n' "$GAME" "$1" "$3" "$2" "$4"
}
look() {  # everything a player can see now goes into seen.txt
  for who in ann bob; do
    "$BIN" view "$GAME" --player "$who" >>seen.txt
    "$BIN" log "$GAME" --player "$who" >>seen.txt
    "$BIN" moves "$GAME" --player "$who" >>seen.txt
  done
}

# --- a whole game; everything players see is kept until the end ---
for step in $(seq 1 200); do
  "$BIN" view "$GAME" --referee >view.yaml
  [ "$(sed -n 's/^finished: //p' view.yaml)" = "true" ] && break
  grep -q "^seed_commitment: $COMMITMENT" view.yaml || { echo "FAIL: view lacks the commitment"; FAILED=$((FAILED + 1)); }
  sampled "$step" && look
  TURN=$(sed -n 's/^turn: //p' view.yaml)
  WHO=$(sed -n '/^to_move:/{n;s/^ *- //p}' view.yaml)
  TOKEN=$ANN; [ "$WHO" = bob ] && TOKEN=$BOB
  MOVE=$("$BIN" moves "$GAME" --player "$WHO" | sed -n 's/^  - //p' | head -1)
  turn_file "$WHO" "$TOKEN" "$TURN" "$MOVE" >"turn-$TURN.yaml"
  "$BIN" submit "turn-$TURN.yaml" --out views >"answer-$TURN.yaml" || { echo "FAIL: move $MOVE refused"; FAILED=$((FAILED + 1)); break; }
  if grep -q '^finished: false' "answer-$TURN.yaml"; then
    cat "answer-$TURN.yaml" "views/$GAME"/*.yaml >>seen.txt
  fi
done

expect_exit 0 "the finished view" -- "$BIN" view "$GAME" --player bob
SEED=$(field seed)
SALT=$(field seed_salt)
[ -n "$SEED" ] && [ ${#SALT} -eq 64 ] || { echo "FAIL: the finished view shows no seed"; cat out; exit 1; }
expect_exit 0 "the finished log" -- "$BIN" log "$GAME" --player ann
expect_in out "seed: \"$SEED\"" "the log shows the seed at the end"
if grep -qF -e "$SEED" -e "$SALT" seen.txt; then
  FAILED=$((FAILED + 1)); echo "FAIL: the seed or salt showed before the end"
else PASSED=$((PASSED + 1)); fi

# --- by hand, as caravan-ref(1) "AUDITING A GAME" tells a player ---
HAND=$(printf '%s:%s' "$SALT" "$SEED" | sha256sum | cut -d' ' -f1)
[ "$HAND" = "$COMMITMENT" ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: sha256sum of salt:seed is not the commitment"; }

expect_exit 0 "export as JSON" -- "$BIN" --format json export "$GAME" --out record.json
expect_exit 0 "export as YAML" -- "$BIN" export "$GAME" --out record.yaml
P=$(jq -j '.position // empty' record.json | sha256sum | cut -c1-64)
GENESIS=$(jq -cS --arg p "$P" '{format, game, kind, options, position: (if .position then $p else null end), seats: [.seats[] | {name, key}], seed_commitment}' record.json | tr -d '\n' | sha256sum | cut -d' ' -f1)
[ "$GENESIS" = "$(jq -r .genesis record.json)" ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: genesis by hand"; }
PREV=$GENESIS
BROKEN=0
for i in $(seq 0 $(($(jq '.turns | length' record.json) - 1))); do
  CANON=$(jq -cS ".turns[$i] | {forced, game: \"$GAME\", moves, number, player, seat}" record.json)
  HASH=$(jq -r ".turns[$i].state_hash" record.json)
  PREV=$(printf '%s\n%s\n%s' "$PREV" "$CANON" "$HASH" | sha256sum | cut -d' ' -f1)
  [ "$PREV" = "$(jq -r ".turns[$i].chain" record.json)" ] || BROKEN=1
done
[ $BROKEN -eq 0 ] && [ "$PREV" = "$(jq -r .chain_head record.json)" ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: the chain by hand"; }
"$BIN" view "$GAME" --player ann >view.yaml
grep -q "^chain: $PREV" view.yaml && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: the view's chain head is not the record's"; }

# --- verify: offline (no database), and every change named ---
expect_exit 0 "verify the record" -- env CARAVAN_REF_DB=/nonexistent/db "$BIN" verify record.yaml
expect_in out "ok: true" "the record verifies"
expect_in out "replayed: true" "the record was replayed"
expect_exit 0 "verify the JSON record" -- "$BIN" verify record.json
tamper() {  # tamper DESCRIPTION JQ-FILTER EXPECTED-PLACE
  jq "$2" record.json >tampered.json
  expect_exit 65 "verify after changing $1" -- "$BIN" verify tampered.json
  expect_in err "$3" "verify names the place of $1"
}
tamper "a move" '.turns[2].moves[0] = "g9"' "turn 3, moves"
tamper "the turns' order" '.turns |= ([.[1], .[0]] + .[2:])' "number"
tamper "the seed" '.seed = "12345"' "at seed"
tamper "the result" '.result.draw = (.result.draw | not)' "at result"
tamper "a chain value" '.turns[4].chain = "'"$(printf '0%.0s' $(seq 64))"'"' "turn 5, chain"
tamper "a state hash" '.turns[1].state_hash = "'"$(printf 'e%.0s' $(seq 64))"'"' "turn 2, state_hash"

# --- receipts ---
expect_in answer-1.yaml "receipt:" "submit prints a receipt"
[ -f "views/$GAME/receipt-1.yaml" ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: no receipt beside the views"; }
expect_in "views/$GAME/receipt-1.yaml" "file_sha256: $(sha256sum turn-1.yaml | cut -d' ' -f1)" "the receipt names the file's sha256sum"
expect_exit 0 "verify a receipt" -- "$BIN" verify --receipt "views/$GAME/receipt-1.yaml"
expect_exit 0 "verify a receipt against the published key" -- env CARAVAN_REF_DB=/nonexistent "$BIN" verify --receipt "views/$GAME/receipt-1.yaml" --pubkey "$KEY"
sed 's/^turn: 1$/turn: 2/' "views/$GAME/receipt-1.yaml" >changed-receipt.yaml
expect_exit 65 "a receipt with one byte changed" -- "$BIN" verify --receipt changed-receipt.yaml
OTHER=$(env CARAVAN_REF_DB=other-key.db "$BIN" pubkey | sed -n 's/^public_key: //p')
expect_exit 65 "a receipt against another key" -- "$BIN" verify --receipt "views/$GAME/receipt-1.yaml" --pubkey "$OTHER"

# --- import: verified first ---
expect_exit 65 "import of a changed record" -- "$BIN" --db imported.db import tampered.json
expect_exit 0 "import" -- "$BIN" --db imported.db import record.yaml
expect_exit 0 "audit of the imported game" -- "$BIN" --db imported.db audit "$GAME"
expect_in out "ok: true" "the imported game audits clean"

# --- signed turns ---
expect_exit 0 "keygen" -- "$BIN" keygen --out carol.key
CAROL=$(field public_key)
[ "$(stat -c %a carol.key)" = 600 ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: the key file is readable by others"; }
expect_exit 64 "keygen never overwrites" -- "$BIN" keygen --out carol.key
expect_exit 64 "a key that is not a key" -- "$BIN" new caravaneers --player carol --player dave --key carol=abc
expect_exit 0 "new game with carol's key" -- "$BIN" new caravaneers --player carol --player dave --key "carol=$CAROL" --seed 3
SIGNED=$(field game)
expect_in out "key: $CAROL" "new shows carol's key"
"$BIN" view "$SIGNED" --player carol >view.yaml
HEAD=$(sed -n 's/^chain: //p' view.yaml)
printf 'game: "%s"\nplayer: carol\nturn: 1\nchain: %s\nmoves: [b1]\n' "$SIGNED" "$HEAD" >carol-1.yaml
expect_exit 0 "sign" -- "$BIN" sign carol-1.yaml --key carol.key
cp out carol-1-signed.yaml
expect_in carol-1-signed.yaml "signature: " "the signed file carries a signature"
sed 's/^signature: \(.\)/signature: X\1/; s/^signature: X0/signature: 1/; s/^signature: X./signature: 0/' carol-1-signed.yaml >forged.yaml
expect_exit 77 "a forged signature" -- "$BIN" submit forged.yaml
expect_exit 0 "a signed turn" -- "$BIN" submit carol-1-signed.yaml
expect_exit 65 "the signed turn sent again" -- "$BIN" submit carol-1-signed.yaml

# --- audit checks the chain ---
expect_exit 0 "audit" -- "$BIN" audit
if command -v sqlite3 >/dev/null; then
  sqlite3 "$CARAVAN_REF_DB" "UPDATE turns SET chain = 'ab' WHERE number = 3 AND game_id = '$GAME'"
  expect_exit 65 "audit of a changed chain" -- "$BIN" audit "$GAME"
  expect_in out "turn 3" "audit names the turn"
fi
finish
