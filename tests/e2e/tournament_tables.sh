#!/usr/bin/env bash
# A Swiss at tables of three: eight entrants (six people, two of the referee's bots) over two
# rounds of huber-caravan, invited by mail, the games ended by the game master's rulings and the
# second round made by the clock's tick. Then: the pairings against the rules, the standings
# against a hand computation (a table scored by the pairwise results its places imply, divided by
# the two opponents), every answer against its JSON Schema, and the refusals of --seats.
source "$(dirname "$0")/lib.sh" "$@"
PY=/usr/bin/python3
"$PY" -c 'import jsonschema' 2>/dev/null || PY=python3
SCHEMA_CHECK=yes
"$PY" -c 'import jsonschema' 2>/dev/null || SCHEMA_CHECK=
export CARAVAN_REF_NOW=2026-03-01T12:00:00Z
"$BIN" init >/dev/null
mkdir -p answers
n=0
answer() {  # answer NAME COMMAND...: the JSON answer kept as answers/NAME-N.json and last.json
  local name=$1; shift
  n=$((n + 1))
  expect_exit 0 "$*" -- "$BIN" --format json "$@"
  cp "$WORK/out" "answers/$name-$n.json"
  cp "$WORK/out" last.json
}
check() {  # check DESCRIPTION GOT WANTED
  [ "$2" = "$3" ] && PASSED=$((PASSED + 1)) ||
    { FAILED=$((FAILED + 1)); echo "FAIL: $1: '$2', wanted '$3'"; }
}
# The round's tables as "first-second-third ..." in seat order, then each bye as "name-bye".
pairings() {
  "$BIN" --format json tournament show "$T" | jq -r --argjson r "$1" '
    .pairings[] | select(.round == $r) | ([.games[] | .seats | join("-")] +
    [.byes[] | "\(.)-bye"]) | join(" ")'
}
# The game of round R at which NAME sits.
game_of() {
  "$BIN" --format json tournament show "$T" | jq -r --argjson r "$1" --arg a "$2" '
    .pairings[] | select(.round == $r) | .games[] | select(.seats | index($a)) | .game'
}
# The mails in box/new not read before, one a line: "to | subject".
read_mail() {
  "$PY" - box/new >mail.txt <<'EOF'
import email, email.policy, pathlib, sys
seen = pathlib.Path("mail.seen")
old = set(seen.read_text().split()) if seen.exists() else set()
with open(seen, "a") as kept:
    for path in sorted(pathlib.Path(sys.argv[1]).iterdir()):
        if path.name in old:
            continue
        kept.write(path.name + "\n")
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        print(f"{msg['To']} | {msg['Subject']}")
EOF
}
count_lines() {  # count_lines FILE TEXT N DESCRIPTION
  local got
  got=$(grep -cF -- "$2" "$1")
  [ "$got" -eq "$3" ] && PASSED=$((PASSED + 1)) ||
    { FAILED=$((FAILED + 1)); echo "FAIL: $4: $got lines with '$2', wanted $3"; cat "$1"; }
}

players=(--player "Ann <ann@example.org>" --player "Bob <bob@example.org>"
  --player "Cy <cy@example.org>" --player "Di <di@example.org>" --player "Ed <ed@example.org>"
  --player "Flo <flo@example.org>" --bot Robo=random --bot Hal=greedy)

# --seats as the kind takes it, else refused with the kind's numbers, and nothing made.
expect_exit 64 "five seats of huber-caravan" -- \
  "$BIN" tournament new huber-caravan --format swiss --seats 5 "${players[@]}"
expect_in "$WORK/err" "huber-caravan is played by 2 to 4 players: --seats 5 is not among them" \
  "the kind's numbers are said"
expect_exit 64 "three seats of a two-player game" -- \
  "$BIN" tournament new caravaneers --format swiss --seats 3 "${players[@]}"
expect_in "$WORK/err" "caravaneers is played by 2 players: a tournament of it needs --seats 2" \
  "the one number is said"
expect_exit 64 "fewer entrants than a table" -- \
  "$BIN" tournament new huber-caravan --format swiss --seats 4 --player A --player B --player C
expect_in "$WORK/err" "a tournament at tables of 4 needs 4 entrants at least, not 3" \
  "the least is said"
expect_exit 64 "a Swiss of tables longer than its round robin" -- \
  "$BIN" tournament new huber-caravan --format swiss --seats 3 --rounds 9 "${players[@]}"
expect_in "$WORK/err" "a Swiss of 8 entrants plays 1 to" "the limit is said"
answer tournament tournament list
check "the refusals made nothing" "$(jq -c .tournaments last.json)" "[]"

# 1 March. Seed 1 draws Ed, Hal, Ann, Cy, Bob, Robo, Di, Flo (numbers 1 to 8). Round 1: all on
# no points, ranked by number; 8 mod 3 = 2 byes to the lowest ranked, Di and Flo; tables from
# the top: Ed, Hal, Ann and Cy, Bob, Robo, seated in rank order (nobody has sat yet).
export CARAVAN_REF_FROM="Club referee <referee@example.org>"
answer tournament tournament new huber-caravan --format swiss --seats 3 --rounds 2 \
  "${players[@]}" --seed 1 --deadline 3d --mail --outbox box
cp last.json new.json
T=$(jq -r .tournament new.json)
check "the draw" "$(jq -c '[.entrants[].name]' new.json)" \
  '["Ed","Hal","Ann","Cy","Bob","Robo","Di","Flo"]'
check "seats and rounds" "$(jq -c '[.seats, .rounds]' new.json)" "[3,2]"
check "round 1" "$(pairings 1)" "Ed-Hal-Ann Cy-Bob-Robo Di-bye Flo-bye"
check "each game has three players" \
  "$(jq -c '[.made[0].games[] | [.made.players[].name]]' new.json)" \
  '[["Ed","Hal","Ann"],["Cy","Bob","Robo"]]'
read_mail
count_lines mail.txt "(tournament $T, round 1)" 4 "round 1's invitations: the four people seated"
count_lines mail.txt "round 1, your bye" 2 "Di and Flo are told of their byes"

# 2 March: the game master ends both games. Ed-Hal-Ann: Ann wins (Ed and Hal share second);
# Cy-Bob-Robo: Cy and Bob win together, Robo third.
export CARAVAN_REF_NOW=2026-03-02T10:00:00Z
expect_exit 0 "Ann wins her table" -- \
  "$BIN" admin end "$(game_of 1 Ann)" --winner Ann --reason "Ann's caravans were sold"
expect_exit 0 "Cy and Bob share theirs" -- \
  "$BIN" admin end "$(game_of 1 Cy)" --winner Cy --winner Bob --reason "agreed"
answer tournament tournament show "$T"
check "round 1's results, places in seat order" \
  "$(jq -c '[.pairings[0].games[] | .result]' last.json)" '["2-2-1","1-1-3"]'
# Points: 1 first alone, 3/4 first with one, 1/4 second with one, 0 third, 1 a bye; Di and Flo
# rank before Ann on Buchholz (a bye's is one's own points, 1; Ann's (1/4 + 1/4)/2).
check "round 1's points" \
  "$(jq -c '[.standings[] | "\(.name) \(.points) \(.buchholz)"]' last.json)" \
  '["Di 1 1","Flo 1 1","Ann 1 0.25","Cy 0.75 0.375","Bob 0.75 0.375","Ed 0.25 0.625","Hal 0.25 0.625","Robo 0 0.75"]'

# The clock makes round 2. Ranked: Ann, Di, Flo on 1; Cy, Bob on 3/4; Ed, Hal on 1/4; Robo on 0.
# The byes to the lowest ranked without one: Robo and Hal. From the top: Ann, Di, then Flo would
# leave Cy, Bob, Ed, of whom Cy and Bob have met; so Ann, Di, Cy and Flo, Bob, Ed. Seats: at each
# table the one who has had the first seat least takes it, ties to whoever sat further back:
# Ann (third seat before) before Di (none), Cy (first seat before) last; Bob (second) before Flo
# (none), Ed (first) last.
export CARAVAN_REF_NOW=2026-03-02T12:00:00Z
answer tick tick --mail --outbox box
check "tick made round 2" \
  "$(jq -c --arg t "$T" '[.tournaments[] | select(.tournament == $t) | .round]' last.json)" "[2]"
check "round 2" "$(pairings 2)" "Ann-Di-Cy Bob-Flo-Ed Hal-bye Robo-bye"
read_mail
count_lines mail.txt "(tournament $T, round 2)" 6 "round 2's invitations, naming the round"
count_lines mail.txt "@" 6 "and nothing to the bots"

# Round 2: Di wins Ann-Di-Cy, Ed wins Bob-Flo-Ed; the tick ends the tournament.
export CARAVAN_REF_NOW=2026-03-03T12:00:00Z
expect_exit 0 "Di wins" -- "$BIN" admin end "$(game_of 2 Di)" --winner Di --reason "ruled"
expect_exit 0 "Ed wins" -- "$BIN" admin end "$(game_of 2 Ed)" --winner Ed --reason "ruled"
answer tick tick --mail --outbox box
check "the tick ended it" \
  "$(jq -c --arg t "$T" '[.tournaments[] | select(.tournament == $t) | .finished]' last.json)" \
  "[true]"
read_mail
count_lines mail.txt "the final standings" 6 "each person has the final standings"

# By hand. A table's score: 1 for each opponent placed below, 1/2 for each placed equal, over 2.
# Buchholz: each game's opponents' points over 2 (a bye: one's own points); Sonneborn-Berger:
# each opponent's points times the result against them, over 2 (a bye: half one's own points).
#        round 1               round 2             points  Buchholz                   S-B
#   Di   bye                   1st of 3 (1)        2       2 + (1.25+1)/2 = 3.125      1 + (1.25+1)/2 = 2.125
#   Ann  1st alone (1)         2nd equal (1/4)     1.25    (1.25+1.25)/2 + (2+1)/2     2.5/2 + (0+.5*1)/2
#                                                           = 2.75                      = 1.5
#   Hal  2nd equal (1/4)       bye                 1.25    (1.25+1.25)/2 + 1.25 = 2.5  (.5*1.25)/2 + .625 = .9375
#   Ed   2nd equal (1/4)       1st (1)             1.25    1.25 + (1+1.25)/2 = 2.375   .3125 + (1+1.25)/2 = 1.4375
#   Flo  bye                   2nd equal (1/4)     1.25    1.25 + 1.125 = 2.375        .625 + (.5*1)/2 = .875
#   Cy   1st equal (3/4)       2nd equal (1/4)     1       (1+1)/2 + (1.25+2)/2        (.5*1+1*1)/2 + (.5*1.25)/2
#                                                           = 2.625                     = 1.0625
#   Bob  1st equal (3/4)       2nd equal (1/4)     1       1 + (1.25+1.25)/2 = 2.25    .75 + (.5*1.25)/2 = 1.0625
#   Robo 3rd (0)               bye                 1       (1+1)/2 + 1 = 2             0 + .5 = .5
# Won-drawn-lost counts the pairwise results: Ed drew Hal, lost to Ann, beat Bob and Flo.
answer tournament tournament show "$T"
cp last.json final.json
check "the standings are the hand computation" \
  "$(jq -c '[.standings[] | [.rank, .name, .points, .buchholz, .sonneborn_berger]]' final.json)" \
  '[[1,"Di",2,3.125,2.125],[2,"Ann",1.25,2.75,1.5],[3,"Hal",1.25,2.5,0.9375],[4,"Ed",1.25,2.375,1.4375],[5,"Flo",1.25,2.375,0.875],[6,"Cy",1,2.625,1.0625],[7,"Bob",1,2.25,1.0625],[8,"Robo",1,2,0.5]]'
check "pairwise wins, draws, losses; byes" \
  "$(jq -c '[.standings[] | "\(.name) \(.wins)-\(.draws)-\(.losses) \(.byes)"]' final.json)" \
  '["Di 2-0-0 1","Ann 2-1-1 0","Hal 0-1-1 1","Ed 2-1-1 0","Flo 0-1-1 1","Cy 1-2-1 0","Bob 1-2-1 0","Robo 0-0-2 1"]'
check "each table's places" "$(jq -c '[.pairings[] | [.games[] | .places]]' final.json)" \
  '[[[2,2,1],[1,1,3]],[[2,1,2],[2,2,1]]]'
expect_exit 0 "the text table" -- "$BIN" --format text tournament show "$T"
expect_in "$WORK/out" "huber-caravan swiss at tables of 3, round 2 of 2, finished" "the heading"
expect_in "$WORK/out" "Ann - Di - Cy  places 2-1-2" "a table's places"


# Standings by mail: Ann asks with "standings" and the id as the Subject, no token; the answer,
# to her alone, says where she stands and holds the table, every line of it short enough for a
# phone's screen.
printf 'From: Ann <ann@example.org>\nTo: referee@example.org\nSubject: standings %s\nMessage-ID: <ann-standings@example.org>\n\nThanks!\n' \
  "$T" >standings.eml
expect_exit 0 "a standings command by mail" -- "$BIN" mail --outbox box <standings.eml
read_mail
count_lines mail.txt "Ann <ann@example.org> | [caravan-ref] tournament $T (huber-caravan): the standings" \
  1 "the standings, to Ann alone"
count_lines mail.txt "@" 1 "and nothing else"
"$PY" - box/new >standings.txt <<'EOF'
import email, email.policy, pathlib, sys
for path in sorted(pathlib.Path(sys.argv[1]).iterdir()):
    msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    if "the standings" in msg["Subject"] and "final" not in msg["Subject"]:
        print(msg.get_body(preferencelist=("plain",)).get_content())
EOF
expect_in standings.txt "Di wins with 2 points." "the winner in words"
expect_in standings.txt \
  "You, Ann, are 2nd of 8 with 1.25 points (Buchholz 2.75, Sonneborn-Berger 1.5)." \
  "where Ann stands"
expect_in standings.txt "  2  Ann      1.25    2.75     1.5" "her row of the table"
expect_in standings.txt "  3  Hal      1.25     2.5  0.9375" "a tie-break in sixteenths"
expect_in standings.txt "  Bob - Flo - Ed: places 2-2-1" "the last round's tables"
expect_exit 0 "the table fits a phone: no line of it over 40 characters" -- awk '
  /^ +# +Entrant/ {t = 1} /^Pts:/ {t = 0} t && length($0) > 40 {print; bad = 1} END {exit bad}' \
  standings.txt
printf 'From: Zed <zed@example.org>\nTo: referee@example.org\nSubject: standings\nMessage-ID: <zed-standings@example.org>\n\n' \
  >zed.eml
expect_exit 0 "a standings command from a stranger without an id" -- \
  "$BIN" mail --outbox box <zed.eml
read_mail
count_lines mail.txt "Zed <zed@example.org> | [caravan-ref] Command standings not carried out" \
  1 "is told to say which tournament"

# A knockout at tables of three, by the tick. Seed 7 draws A, F, C, D, G, B, E (seeds 1 to 7):
# seven at tables of three leave one over, the top seed A, who has the bye; the other six are
# dealt in a snake, F to table 1, C and D to table 2, G and B to table 1, E to table 2. The lower
# seeds B and E win their tables and meet A at the final, seated E, B (each sat third before;
# in an odd round the lower ranked first), then A, who has not sat. B wins it.
answer tournament tournament new huber-caravan --format knockout --seats 3 --player A \
  --player B --player C --player D --player E --player F --player G --seed 7
T=$(jq -r .tournament last.json)
check "the draw and the rounds" "$(jq -c '[[.entrants[].name], .rounds]' last.json)" \
  '[["A","F","C","D","G","B","E"],2]'
check "round 1" "$(pairings 1)" "F-G-B C-D-E A-bye"
# The standings live under serve, /tournaments/ID: the page with each game linked to its public
# page beside it, an ETag that a HEAD with If-None-Match answers 304 until a result comes in.
coproc SERVE { exec "$BIN" serve --listen 127.0.0.1:0 2>serve.log; }
read -r URL <&"${SERVE[0]}"  # its first line, the address, once it listens
expect_exit 0 "the standings page under serve" -- \
  curl -sf -D headers.txt -o live.html "$URL/tournaments/$T"
expect_in live.html "<h1>Tournament $T: the standings</h1>" "the page's heading"
expect_in live.html "href=\"../watch/$(game_of 1 B)\"" "a game links to its public page"
expect_in live.html "<script nonce=" "the page polls its ETag"
tag=$(sed -n 's/^ETag: *//Ip' headers.txt | tr -d '\r')
check "an ETag" "$([ -n "$tag" ] && echo yes)" "yes"
check "unchanged: 304" "$(curl -s -o /dev/null -w '%{http_code}' -I -H "If-None-Match: $tag" \
  "$URL/tournaments/$T")" "304"
check "no such tournament: 404" \
  "$(curl -s -o /dev/null -w '%{http_code}' "$URL/tournaments/zzzzzzzz")" "404"
expect_exit 0 "B wins table 1" -- "$BIN" admin end "$(game_of 1 B)" --winner B --reason r
check "a result changes the ETag: 200" "$(curl -s -o /dev/null -w '%{http_code}' -I \
  -H "If-None-Match: $tag" "$URL/tournaments/$T")" "200"
kill "$SERVE_PID"
wait "$SERVE_PID" 2>/dev/null
answer tick tick
check "no final while a table plays" "$(pairings 2)" ""
expect_exit 0 "E wins table 2" -- "$BIN" admin end "$(game_of 1 E)" --winner E --reason r
answer tick tick
check "the final" "$(pairings 2)" "E-B-A"
expect_exit 0 "B wins the final" -- "$BIN" admin end "$(game_of 2 B)" --winner B --reason r
answer tick tick
answer tournament tournament standings "$T"
check "the knockout finished, B on top" "$(jq -c '[.finished, .standings[0].name]' last.json)" \
  '[true,"B"]'

if [ -n "$SCHEMA_CHECK" ]; then
  expect_exit 0 "every answer matches its schema" -- "$PY" "$SRC/tests/e2e/json_schema.py" \
    --partial "$SCHEMAS" answers
else
  echo "not checked: the answers' schemas (no python3-jsonschema)"
fi
finish
