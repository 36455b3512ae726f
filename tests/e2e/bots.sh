#!/usr/bin/env bash
# Bots through the command line (issues 17 and 63): for every engine and every level, games where
# the referee's bots hold every seat are played to their end by the `new` that seats them, and
# audit clean; `bot` plays a person's seat with their token (printing the verdict, not the
# token), or only prints the turn file without it; a wrong token is refused and changes nothing;
# `admin replace --bot` hands an absent player's seat to a bot, which moves at once.
source "$(dirname "$0")/lib.sh" "$@"
export CARAVAN_REF_NOW=2026-05-01T10:00:00Z

token_of() { awk -v who="$1" '/ name: /{name=$NF} /^ *token: /{if (name==who) print $2}' "$WORK/new.yaml"; }

index=0
list_kinds
for kind in "${KINDS[@]}"; do
  for pair in random,greedy greedy,mcts:4 mcts:4,random; do
    index=$((index + 1))
    sampled $index || continue
    a=${pair%,*}; b=${pair#*,}
    expect_exit 0 "$kind: a game of bots ($pair)" -- \
      "$BIN" new "$kind" --player ann --player bob --bot "ann=$a" --bot "bob=$b" --seed "$index"
    game=$(field game)
    expect_in "$WORK/out" "bot: $a" "$kind: ann's seat is a bot's"
    if grep -q "token:" "$WORK/out"; then
      FAILED=$((FAILED + 1)); echo "FAIL: $kind: a bot seat was given a token"; fi
    expect_exit 0 "$kind: the game is over" -- "$BIN" view "$game" --referee
    expect_in "$WORK/out" "finished: true" "$kind ($pair): new played it to the end"
    expect_exit 0 "$kind: tick" -- "$BIN" --format json tick
    expect_in "$WORK/out" '"actions": []' "$kind ($pair): no bot turn was left for tick"
    expect_exit 0 "$kind: the bots' game audits" -- "$BIN" audit "$game"
    expect_exit 0 "$kind: its record verifies" -- sh -c "'$BIN' export '$game' > rec.yaml && '$BIN' verify rec.yaml"
  done
done

# A person's seat: the bot plays it with the person's token, or only prints the file.
"$BIN" new nv-caravan --player ann --player bob --seed 6 >"$WORK/new.yaml"
game=$(sed -n 's/^game: //p' "$WORK/new.yaml")
"$BIN" --format json view "$game" --player ann >"$WORK/v.json"
first=$(jq -r '.to_move[0]' "$WORK/v.json")
second=$([ "$first" = ann ] && echo bob || echo ann)
expect_exit 0 "bot without a token prints the turn file" -- \
  "$BIN" bot "$game" --player "$first" --level greedy
expect_in "$WORK/out" "moves:" "the printed turn file has moves"
expect_in "$WORK/err" "not submitted" "it says nothing was submitted"
expect_exit 0 "so the game is still at turn 1" -- "$BIN" --format json view "$game" --referee
expect_in "$WORK/out" '"turn": 1' "nothing was played"
expect_exit 77 "a wrong token is refused" -- \
  "$BIN" bot "$game" --player "$first" --level random --token 00000000000000000000000000000000
expect_exit 0 "the right token plays the turn" -- \
  "$BIN" --format json bot "$game" --player "$first" --level mcts --playouts 20 --token "$(token_of "$first")"
expect_in "$WORK/out" '"verdict"' "--format json prints the verdict on the file it submitted"
expect_in "$WORK/out" '"accepted": true' "the turn was accepted"
expect_in "$WORK/out" '"moves"' "the file's moves are printed"
if grep -qF "$(token_of "$first")" "$WORK/out"; then
  FAILED=$((FAILED + 1)); echo "FAIL: bot --token printed the token"; else PASSED=$((PASSED + 1)); fi
expect_exit 65 "a bot cannot move for a seat that is not to move" -- \
  "$BIN" bot "$game" --player "$first" --level random --token "$(token_of "$first")"
expect_exit 64 "an unknown level is a usage error" -- "$BIN" bot "$game" --player "$second" --level clever

# The same seed and playouts give the same turn file.
"$BIN" bot "$game" --player "$second" --level mcts --playouts 30 --seed 4 >"$WORK/a.yaml" 2>/dev/null
"$BIN" bot "$game" --player "$second" --level mcts --playouts 30 --seed 4 >"$WORK/b.yaml" 2>/dev/null
if cmp -s "$WORK/a.yaml" "$WORK/b.yaml"; then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: the same seed gave two turn files"; fi

# A person substitutes for another (admin replace --by, which no test covered and which the
# record refused until now): a new token that plays, and the old one no longer does.
"$BIN" new caravaneers --player cy --player dee --seed 3 >"$WORK/new.yaml"
sub=$(sed -n 's/^game: //p' "$WORK/new.yaml")
old_token=$(token_of cy)
expect_exit 0 "admin replace --by" -- "$BIN" admin replace "$sub" --player cy --by eve --reason "cy left"
new_token=$(field token)
expect_exit 77 "the old token is refused" -- "$BIN" bot "$sub" --player cy --level random --token "$old_token"
expect_exit 0 "the substitute's token plays" -- "$BIN" bot "$sub" --player cy --level random --token "$new_token"
expect_exit 0 "the substituted game audits" -- "$BIN" audit "$sub"
expect_exit 0 "its record verifies" -- sh -c "'$BIN' export '$sub' > sub.yaml && '$BIN' verify sub.yaml"

# The game master hands the seat to move to the referee's bot, which plays it at once.
expect_exit 0 "admin replace --bot" -- \
  "$BIN" --format json admin replace "$game" --player "$second" --bot mcts:10 --reason "bob left"
expect_in "$WORK/out" '"bot": "mcts:10"' "the seat is the bot's"
expect_in "$WORK/out" '"action": "bot"' "admin reports the bot's turn"
if jq -e --arg who "$first" '.to_move == [$who] and (.bots | length) == 1' "$WORK/out" >/dev/null
then PASSED=$((PASSED + 1)); else
  FAILED=$((FAILED + 1)); echo "FAIL: admin's answer is not the game after the bot's turn"; fi
expect_exit 0 "tick" -- "$BIN" --format json tick
expect_in "$WORK/out" '"actions": []' "no bot turn was left for tick"
expect_exit 0 "the game audits" -- "$BIN" audit "$game"
expect_exit 0 "its record verifies, the bot's signed turns included" -- \
  sh -c "'$BIN' export '$game' > game.yaml && '$BIN' verify game.yaml"
expect_exit 0 "the log names the substitute" -- "$BIN" log "$game" --referee
expect_in "$WORK/out" "bot (mcts:10)" "the record says a bot took the seat"
finish
