#!/usr/bin/env bash
# Ratings as a club meets them: two sample games played to their end, a resignation, a three-seat
# game the game master ends; `ratings` in JSON (checked figure by figure where a hand can), the
# same table from the exported records imported into a fresh database, a seed file and its errors.
source "$(dirname "$0")/lib.sh" "$@"
export CARAVAN_REF_NOW=2026-03-01T12:00:00Z
"$BIN" init >/dev/null

expect_exit 0 "no finished game: an empty table" -- "$BIN" --format json ratings
expect_in out '"ratings": []' "nothing is rated before a game ends"

for round in 1 2; do
  OUT=views expect_exit 0 "caravaneers sample game $round" -- \
    bash "$SRC/examples/play.sh" "$BIN" "$SRC/examples/caravaneers"
done
expect_exit 0 "ratings after two games" -- "$BIN" --format json ratings
cp out two.json
# Both sample games end bob 6, ann 5: one period (March) of two wins against a newcomer.
expect_exit 0 "bob above ann, symmetric about 1500, deviations narrowed" -- jq -e '
  [.ratings[] | select(.kind == "caravaneers")] | length == 2 and .[0].player == "bob" and
  .[0].games == 2 and .[1].games == 2 and .[0].rating > 1500 and .[1].rating < 1500 and
  (.[0].rating + .[1].rating) == 3000 and .[0].deviation == .[1].deviation and
  .[0].deviation < 350' two.json

# A resignation counts as the record declares it: cat resigns to ann.
"$BIN" new caravaneers --player ann --player cat --seed 9 >new.yaml
game=$(sed -n 's/^game: //p' new.yaml)
token=$(awk '/ name: /{name=$NF} /^ *token: /{if (name=="cat") print $2}' new.yaml)
printf 'game: %s\nplayer: cat\nturn: 1\ntoken: %s\naction: resign\n' "$game" "$token" >resign.yaml
expect_exit 0 "cat resigns" -- "$BIN" submit resign.yaml
"$BIN" --format json view "$game" --referee >view.json
expect_exit 0 "the resignation finished the game, ann the winner" -- \
  jq -e '.finished == true and .result.by == "resignation" and .result.winner == "ann"' view.json

# A three-seat game the game master ends with ann the winner: ann beats bob and cat, who draw.
mapfile -t args <"$SRC/examples/caravanserai/new.args"
"$BIN" new caravanserai "${args[@]}" >new.yaml
game=$(sed -n 's/^game: //p' new.yaml)
expect_exit 0 "the game master ends the three-seat game" -- \
  "$BIN" admin end "$game" --winner ann --reason "the club's deadline"

expect_exit 0 "ratings of every kind" -- "$BIN" --format json ratings
cp out all.json
expect_exit 0 "the resignation: ann's third game, cat's first, lost" -- jq -e '
  [.ratings[] | select(.kind == "caravaneers")] as $c |
  ($c | map(select(.player == "ann"))[0].games) == 3 and
  ($c | map(select(.player == "cat"))[0] | .games == 1 and .rating < 1500)' all.json
expect_exit 0 "the three-seat game: ann first, bob and cat level below" -- jq -e '
  [.ratings[] | select(.kind == "caravanserai")] as $s | ($s | length) == 3 and
  $s[0].player == "ann" and $s[0].rating > 1500 and $s[1].rating == $s[2].rating and
  $s[1].rating < 1500 and ([$s[].games] == [1, 1, 1])' all.json
expect_exit 0 "--kind keeps one kind" -- "$BIN" --format json ratings --kind caravanserai
expect_exit 0 "only caravanserai" -- jq -e '[.ratings[].kind] | unique == ["caravanserai"]' out
expect_exit 0 "the text table" -- "$BIN" --format text ratings --kind caravaneers
grep -E '^ +[0-9]+  ' out | awk '{print $2}' | paste -sd, >order.txt
expect_in order.txt "bob,ann,cat" "the text table is sorted by rating: bob, ann, cat"
expect_exit 64 "an unknown kind is a usage error" -- "$BIN" ratings --kind chess
expect_in err "no game 'chess'" "the kind is named"

# Derived data: the exported records, imported into a fresh database, give the same table.
for game in $("$BIN" --format json list --finished | jq -r '.[].game'); do
  "$BIN" export "$game" --out "record-$game.yaml"
  expect_exit 0 "import $game" -- "$BIN" import "record-$game.yaml" --db "$WORK/fresh.db"
done
expect_exit 0 "ratings of the imported records" -- "$BIN" --db "$WORK/fresh.db" --format json ratings
cp out fresh.json
expect_exit 0 "the same table from the records alone" -- cmp all.json fresh.json

# Seeds: a club's earlier ratings are where its players start.
cat >seeds.yaml <<'SEEDS'
- {player: ann, kind: caravaneers, rating: 1900, deviation: 50, volatility: 0.06}
- player: dee
  kind: nv-caravan
  rating: 1650
  deviation: 120
  volatility: 0.055
SEEDS
expect_exit 0 "ratings from a seed file" -- "$BIN" --format json ratings --seed-from seeds.yaml
expect_exit 0 "ann started at 1900, still above bob; dee kept, unplayed" -- jq -e '
  (.ratings | map(select(.kind == "caravaneers"))[0] | .player == "ann" and .rating > 1800) and
  (.ratings | map(select(.player == "dee"))[0] | .kind == "nv-caravan" and .rating == 1650 and
   .games == 0)' out
printf '[{"player": "eve", "kind": "caravaneers", "rating": 1500, "deviation": 90, "volatility": 0.06}]\n' \
  >seeds.json
expect_exit 0 "a JSON seed file" -- "$BIN" --format json ratings --seed-from seeds.json
expect_in out '"player": "eve"' "the JSON file's player is rated"
printf -- '- {player: ann, kind: caravaneers, rating: 1900, deviation: 50, volatility: 0.06}\n- {player: bob, kind: caravaneers, rating: 1900, deviation: 500, volatility: 0.06}\n' >bad.yaml
expect_exit 65 "a deviation out of bounds" -- "$BIN" ratings --seed-from bad.yaml
expect_in err "bad.yaml:2" "the file and line are named"
expect_in err "'deviation' is 500" "and why"
expect_exit 66 "a missing seed file" -- "$BIN" ratings --seed-from missing.yaml
expect_exit 0 "a refused seed file changed nothing" -- "$BIN" --format json ratings
cp out after.json
expect_exit 0 "the table is as before" -- cmp all.json after.json
finish
