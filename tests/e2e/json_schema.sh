#!/usr/bin/env bash
# The output contract for bots: every command's JSON answer, for every engine, is checked
# against its JSON Schema (schema/json/ and each game's state.schema.json, gathered by the
# build: cmake/Schemas.cmake; tests/e2e/json_schema.py, python3-jsonschema), and
# every example turn file against turnfile.schema.json. Each
# sample game in examples/<kind>/ is played, every turn's answer checked: caravaneers to its
# end, the others for their first 12 turns (quick) and then ended by the game master; the
# commands that read a game answer at its start and its end, for every seat and the referee.
source "$(dirname "$0")/lib.sh" "$@"
PY=/usr/bin/python3
"$PY" -c 'import jsonschema, yaml' 2>/dev/null || PY=python3
"$PY" -c 'import jsonschema, yaml' 2>/dev/null ||
  { echo "skipped: needs python3-jsonschema and python3-yaml (bash .ci/install-deps test)"; rm -rf "$WORK"; exit 77; }
# The schemas list the kinds in one place, kinds.schema.json, which the build writes from the
# games it makes (cmake/Schemas.cmake): the binary's list (`caravan-ref games`), each kind with its
# own part beside it.
"$BIN" --format json games | jq -c 'map(.kind)' >kinds.listed
jq -c '."$defs".kind.enum' "$SCHEMAS/kinds.schema.json" >kinds.schema
expect_exit 0 "kinds.schema.json lists the binary's games, in order" -- cmp kinds.listed kinds.schema
for kind in $(jq -r '.[]' kinds.listed); do
  expect_exit 0 "$kind's own schema is beside the others" -- \
    jq -e --arg id "state-$kind.schema.json" '."$id" == $id' "$SCHEMAS/state-$kind.schema.json"
done
mkdir -p answers
export CARAVAN_REF_NOW=2026-03-01T12:00:00Z
n=0
# answer NAME COMMAND...: keeps the command's JSON answer as answers/NAME-N.json; the schema
# is the name's first word (answers/view-... is checked against schema/json/view.schema.json).
answer() {
  local name=$1; shift
  n=$((n + 1))
  "$BIN" --format json "$@" >"answers/$name-$n.json" 2>"$WORK/err"
  local code=$?
  if [ $code -ne 0 ] && [ "$name" != submit ] && [ "$name" != error ]; then
    FAILED=$((FAILED + 1)); echo "FAIL: $* exited $code"; sed 's/^/  err: /' "$WORK/err"
  fi
}

token_of() { awk -v who="$1" '/ name: /{name=$NF} /^ *token: /{if (name==who) print $2}' new.yaml; }
# turnfile FILE: keeps a turn file (YAML) as answers/turnfile-N.json, for turnfile.schema.json.
# YAML 1.2 as the referee reads it: `on` and `yes` are words, not booleans (PyYAML reads 1.1).
turnfile() {
  n=$((n + 1))
  "$PY" - "$1" >"answers/turnfile-$n.json" <<'EOF'
import json, re, sys, yaml
class Loader(yaml.SafeLoader):
    pass
Loader.yaml_implicit_resolvers = {
    first: [r for r in resolvers if r[0] != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
Loader.add_implicit_resolver("tag:yaml.org,2002:bool",
                             re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
print(json.dumps(yaml.load(open(sys.argv[1]), Loader=Loader)))
EOF
}
reads() {  # reads GAME: view, moves and log for every seat and the referee
  local game=$1 player
  answer view "view" "$game" --referee
  answer log "log" "$game" --referee
  for player in $(sed -n 's/^  - name: //p' new.yaml); do
    answer view "view" "$game" --player "$player"
    answer moves "moves" "$game" --player "$player"
    answer log "log" "$game" --player "$player"
  done
}

answer init init  # the database and its key, made
answer init init  # and again: nothing made
index=0
for dir in "$SRC"/examples/*/; do
  [ -f "$dir/new.args" ] || continue
  index=$((index + 1))
  sampled $index || continue
  kind=$(basename "$dir")
  mapfile -t args <"$dir/new.args"
  "$BIN" new "$kind" "${args[@]}" >new.yaml
  game=$(sed -n 's/^game: //p' new.yaml)
  answer new new "$kind" "${args[@]}"
  reads "$game"
  files=("$dir"/turns/*.yaml)
  [ "$kind" = caravaneers ] || files=("${files[@]:0:12}")
  i=0
  for file in "${files[@]}"; do
    i=$((i + 1))
    name=$(basename "$file" .yaml)
    sed -e "s/^game: GAME$/game: $game/" -e "s/^token: TOKEN$/token: $(token_of "${name#*-}")/" \
      "$file" >turn.yaml
    turnfile turn.yaml  # the example's turn file matches the turn-file schema
    if [ $i -eq 1 ]; then  # the same turn, refused first: a wrong turn number
      sed 's/^turn: .*/turn: 99/' turn.yaml >wrong.yaml
      answer submit submit wrong.yaml
    fi
    if [ $i -eq 1 ]; then answer submit submit turn.yaml --out views  # a receipt for verify
    else answer submit submit turn.yaml; fi
  done
  if [ "$kind" != caravaneers ]; then
    winner=$(sed -n 's/^  - name: //p' new.yaml | head -1)
    answer admin admin end "$game" --winner "$winner" --reason "the sample stops here"
  fi
  reads "$game"
  answer export export "$game"
  "$BIN" export "$game" --out "record-$kind.yaml"
  answer verify verify "record-$kind.yaml"
  receipt=$(ls views/"$game"/receipt-* | head -1)
  answer verify verify --receipt "$receipt"
  answer import import "record-$kind.yaml" --db "$WORK/imported.db"
  answer audit audit "$game"
done

answer error submit /nonexistent/turn.yaml
answer list list
answer list list --finished
answer audit audit
answer games games
answer ratings ratings
answer ratings ratings --kind caravaneers
# A round robin of three (one of them a bot): made, its standings, its rounds, the list, a
# withdrawal and the round it leaves to be made.
answer tournament tournament new caravaneers --format round-robin --player "ann <ann@example.org>" \
  --player bob --bot robo=random --seed 4
tournament=$(jq -r .tournament "answers/tournament-$n.json")
answer tournament tournament standings "$tournament"
answer tournament tournament show "$tournament"
answer tournament tournament list
answer tournament tournament withdraw "$tournament" bob
answer tournament tournament next "$tournament"
answer pubkey pubkey
answer keygen keygen
answer keygen keygen --out player.key
# A signed turn file (sign prints one) is a turn file too.
printf 'game: %s\nplayer: ann\nturn: 1\nchain: %s\nmoves:\n  - c3\n' "$game" \
  "$("$BIN" view "$game" --referee | sed -n 's/^chain: //p')" >unsigned.yaml
"$BIN" sign unsigned.yaml --key player.key >signed.yaml && turnfile signed.yaml
"$BIN" new caravaneers --player "ann <ann@example.org>" --player bob --seed 5 --deadline 1d \
  --remind 12h --nmr default >new.yaml
game=$(sed -n 's/^game: //p' new.yaml)
answer new new caravaneers --player "cy <cy@example.org>" --player dee --deadline 2d --nmr wait
answer list list --running
answer admin admin pause "$game" --reason "a holiday"
answer admin admin resume "$game" --reason "back"
answer admin admin extend "$game" --by 2d --reason "a long week"
answer tick tick --now 2026-03-10T12:00:00Z
answer admin admin rollback "$game" --to 0 --reason "a mistake"
sed -e "s/3f9a01bc/$game/" -e "s/0b6f2c4e8a1d3f5b7c9e0a2b4d6f8a1c/$(token_of ann)/" \
  -e "s/^turn: 1/turn: $("$BIN" view "$game" --referee | sed -n 's/^turn: //p')/" \
  "$SRC/tests/mail/plain.eml" >mail.eml
answer mail mail --outbox outbox --from referee@example.org <mail.eml
answer mail mail --outbox outbox --from referee@example.org <"$SRC/tests/mail/garbage.eml"
answer admin admin address "$game" --player ann --address ann@example.net --reason "moved"
answer admin admin end "$game" --winner ann --reason "adjudicated"
# Bots: a seat the referee's bot holds, which answers each turn at once (in the answers' `bots`);
# a person's seat played with their token, or only written; a bot that moves first, in `new`;
# the game master seating a bot; a tick with a bot turn still owed.
"$BIN" new caravaneers --player eve --player fay --bot fay=greedy --seed 8 >new.yaml
game=$(sed -n 's/^game: //p' new.yaml)
answer new new nv-caravan --player gil --player hal --bot hal=mcts:10
answer new new caravaneers --player robot --player gus --bot robot=normal
answer bot bot "$game" --player eve --level greedy
answer bot bot "$game" --player eve --level random --token "$(token_of eve)"
{ "$BIN" bot "$game" --player eve --level random 2>/dev/null; echo "token: $(token_of eve)"; } \
  >eve.yaml
answer submit submit eve.yaml
# A bot that cannot move (a level this build does not know): the person's turn stands, the
# answer says so, and the next tick plays the bot's turn.
sqlite3 -cmd ".timeout 10000" "$CARAVAN_REF_DB" "UPDATE players SET bot = 'clever' WHERE name = 'fay'"
answer bot bot "$game" --player eve --level random --token "$(token_of eve)"
expect_in "answers/bot-$n.json" '"accepted": false' "the bot's failure is in the answer"
sqlite3 -cmd ".timeout 10000" "$CARAVAN_REF_DB" "UPDATE players SET bot = 'greedy' WHERE name = 'fay'"
answer tick tick
answer admin admin replace "$game" --player eve --bot random --reason "eve left"
# The events a JSON notification target is sent, as the outbox keeps them (nothing listens on
# port 9 here, so they wait there; tests/e2e/notify.sh posts them to a receiver). sqlite3 waits
# for the lock (.timeout) as caravan-ref does: a command's notification sender may still be
# writing its failed attempt.
"$BIN" new caravaneers --player ivy --player jo --seed 3 --notify "json:http://127.0.0.1:9/a" \
  >new.yaml
game=$(sed -n 's/^game: //p' new.yaml)
answer admin admin notify add "$game" "json:http://127.0.0.1:9/b" --reason "a second channel"
while read -r body; do
  n=$((n + 1))
  printf '%s\n' "$body" >"answers/notify-event-$n.json"
done < <(sqlite3 -cmd ".timeout 10000" "$CARAVAN_REF_DB" "SELECT body FROM notify_outbox WHERE game_id = '$game'")

expect_exit 0 "every answer matches its schema" -- "$PY" "$SRC/tests/e2e/json_schema.py" \
  "$SCHEMAS" answers
cat out
# The check can fail: a moves answer without `exact`, a view whose turn is a string.
mkdir -p broken
"$PY" -c 'import json, sys; d = json.load(open(sys.argv[1])); del d["exact"]; print(json.dumps(d))' \
  "$(ls answers/moves-*.json | head -1)" >broken/moves-1.json
"$PY" -c 'import json, sys; d = json.load(open(sys.argv[1])); d["turn"] = "4"; print(json.dumps(d))' \
  "$(ls answers/view-*.json | head -1)" >broken/view-2.json
expect_exit 1 "answers that break the contract fail" -- "$PY" "$SRC/tests/e2e/json_schema.py" \
  "$SCHEMAS" broken
expect_in out "moves-1.json: (top): 'exact' is a required property" "the missing field is named"
expect_in out "view-2.json: turn: '4' is not of type 'integer'" "the wrong type is named"
finish
