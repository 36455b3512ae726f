#!/usr/bin/env bash
# A club's Swiss: eight entrants (six people and two of the referee's bots) over three rounds of
# caravaneers, each game with a clock of three days that forfeits a seat at its first miss. The
# games are played by submit (resignations, a draw offered and accepted) and the game master's
# rulings (admin end); one player misses a deadline and forfeits, one withdraws, and `tick`, with
# CARAVAN_REF_NOW moving the clock, makes each round once the one before has finished. Then: the
# pairings and standings against a hand computation written below, the draw re-derived from the
# revealed seed outside the referee, every answer against its JSON Schema, the errors, and the
# ratings recomputed from the exported records equal to the database's.
source "$(dirname "$0")/lib.sh" "$@"
PY=/usr/bin/python3
"$PY" -c 'import jsonschema' 2>/dev/null || PY=python3
# Without python3-jsonschema (bash .ci/install-deps test) all but the answers' schemas is checked.
SCHEMA_CHECK=yes
"$PY" -c 'import jsonschema' 2>/dev/null || SCHEMA_CHECK=
export CARAVAN_REF_NOW=2026-03-01T12:00:00Z
"$BIN" init >/dev/null
mkdir -p answers
n=0
# answer NAME COMMAND...: the command's JSON answer kept as answers/NAME-N.json (and in last.json),
# its exit code checked.
answer() {
  local name=$1; shift
  n=$((n + 1))
  expect_exit 0 "$*" -- "$BIN" --format json "$@"
  cp "$WORK/out" "answers/$name-$n.json"
  cp "$WORK/out" last.json
}
# The tokens of the games a round made (from any answer that holds rounds made).
keep_tokens() {
  jq -r '.. | objects | select(has("board") and has("made")) | .made | .game as $g |
         .players[] | select(.token) | "\($g) \(.name) \(.token)"' "$1" >>tokens
}
# A player's token is the one their invitation gave them.
# (The tournaments below without mail: the token the answer printed.)
token() { cat mailed_tokens tokens | awk -v g="$1" -v p="$2" '$1 == g && $2 == p {print $3; exit}'; }
turn_of() { "$BIN" --format json view "$1" --player "$2" | jq .turn; }
act() {  # act GAME PLAYER ACTION
  printf 'game: %s\nplayer: %s\nturn: %s\ntoken: %s\naction: %s\n' "$1" "$2" \
    "$(turn_of "$1" "$2")" "$(token "$1" "$2")" "$3" >turn.yaml
  expect_exit 0 "$2: $3 in game $1" -- "$BIN" submit turn.yaml
}
# The game of round R between A and B (either seat).
game_of() {
  "$BIN" --format json tournament show "$T" | jq -r --argjson r "$1" --arg a "$2" --arg b "$3" '
    .pairings[] | select(.round == $r) | .games[] |
    select((.first == $a and .second == $b) or (.first == $b and .second == $a)) | .game'
}
# The round's pairings as "first-second ..." (the bye as "name-bye").
pairings() {
  "$BIN" --format json tournament show "$T" | jq -r --argjson r "$1" '
    .pairings[] | select(.round == $r) | ([.games[] | "\(.first)-\(.second)"] +
    [.byes[] | "\(.)-bye"]) | join(" ")'
}

# The mails in box/new not read before, one a line: "to | subject | the text's first line after the greeting";
# the tokens the invitations among them gave, "game name token", into mailed_tokens.
read_mail() {
  "$PY" - box/new >mail.txt <<'EOF'
import email, email.policy, pathlib, re, sys
seen = pathlib.Path("mail.seen")
old = set(seen.read_text().split()) if seen.exists() else set()
with open("mailed_tokens", "a") as tokens, open(seen, "a") as kept:
    for path in sorted(pathlib.Path(sys.argv[1]).iterdir()):
        if path.name in old:
            continue
        kept.write(path.name + "\n")
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        text = msg.get_body(preferencelist=("plain",)).get_content()
        lines = [line for line in text.splitlines() if line.strip()]
        first = lines[1] if lines[0].startswith("Hello ") else lines[0]
        print(f"{msg['To']} | {msg['Subject']} | {first}")
        token = re.search(r"Your token is ([0-9a-f]+)", text)
        if token:
            game, name = re.search(r"play game (\S+) .* as (\S+) \[", text).groups()
            tokens.write(f"{game} {name} {token.group(1)}\n")
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

# Refused, and nothing made.
expect_exit 64 "an unknown format" -- "$BIN" tournament new caravaneers --format ladder "${players[@]}"
expect_in "$WORK/err" "a tournament is swiss, round-robin or knockout" "the format is named"
expect_exit 64 "a Swiss longer than a round robin" -- \
  "$BIN" tournament new caravaneers --format swiss --rounds 8 "${players[@]}"
expect_in "$WORK/err" "a Swiss of 8 entrants plays 1 to 7 rounds" "the limit is said"
expect_exit 64 "a round robin's rounds are its own" -- \
  "$BIN" tournament new caravaneers --format round-robin --rounds 3 "${players[@]}"
expect_exit 64 "an entrant twice" -- \
  "$BIN" tournament new caravaneers --format swiss --player Ann --player Ann
expect_in "$WORK/err" "Ann is entered twice" "the twice-entered name is said"
expect_exit 64 "one entrant" -- "$BIN" tournament new caravaneers --format swiss --player Ann
expect_exit 66 "an unknown kind" -- "$BIN" tournament new chess --format swiss "${players[@]}"
expect_exit 64 "a bad bot level" -- \
  "$BIN" tournament new caravaneers --format swiss --player Ann --bot Robo=wizard
expect_exit 64 "a bad clock" -- \
  "$BIN" tournament new caravaneers --format swiss "${players[@]}" --remind 4d --deadline 3d
expect_exit 64 "a bad game option: the first round's games are not made" -- \
  "$BIN" tournament new caravaneers --format swiss "${players[@]}" --option nosuch=1
answer tournament tournament list
expect_exit 0 "no tournament was made by the refusals" -- jq -e '.tournaments == []' last.json
expect_exit 0 "nor a game" -- bash -c "[ \"\$('$BIN' --format json list | jq length)\" = 0 ]"

# 1 March: the tournament and its first round. Seed 2 draws Ed, Robo, Hal, Cy, Di, Bob, Flo, Ann
# (numbers 1 to 8), so round 1 pairs the top half with the bottom half, 1 v 5, 2 v 6, 3 v 7,
# 4 v 8, the higher ranked in the first seat: Ed-Di Robo-Bob Hal-Flo Cy-Ann.
export CARAVAN_REF_FROM="Club referee <referee@example.org>"
answer tournament tournament new caravaneers --format swiss --rounds 3 "${players[@]}" \
  --seed 2 --deadline 3d --nmr forfeit:1 --mail --outbox box
cp last.json new.json
keep_tokens new.json
T=$(jq -r .tournament new.json)
# Each person is invited by mail to their game, the mail naming the tournament and the round: six
# (the bots have no address), each with the token the answer printed.
read_mail
count_lines mail.txt "(tournament $T, round 1) | Round 1 of tournament $T: You are invited to play" \
  6 "round 1's invitations"
for who in ann bob cy di ed flo; do count_lines mail.txt "$who@example.org" 1 "$who's invitation"; done
expect_exit 0 "the mailed tokens are the ones printed" -- cmp <(sort tokens) <(sort mailed_tokens)
expect_exit 0 "the draw, by number" -- jq -e '[.entrants[].name] ==
  ["Ed", "Robo", "Hal", "Cy", "Di", "Bob", "Flo", "Ann"] and .rounds == 3 and
  ([.entrants[] | select(.bot) | "\(.name)=\(.bot)"] == ["Robo=random", "Hal=greedy"])' new.json
expect_exit 0 "the seed is not shown while the tournament runs" -- \
  jq -e 'has("seed") | not' new.json
[ "$(pairings 1)" = "Ed-Di Robo-Bob Hal-Flo Cy-Ann" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: round 1 is $(pairings 1)"; }
expect_exit 0 "each game has the tournament's clock" -- bash -c \
  "'$BIN' --format json view $(game_of 1 Ed Di) --referee | jq -e '.deadline == \"2026-03-04T12:00:00Z\"'"
answer tournament tournament next "$T"
expect_exit 0 "no next round while the first is played" -- jq -e '.made == []' last.json

# 2 March: round 1 played. Di resigns to Ed; Bob resigns to Robo (which moved first); the game
# master ends Hal-Flo with Flo the winner; Cy offers a draw and Ann accepts.
export CARAVAN_REF_NOW=2026-03-02T10:00:00Z
act "$(game_of 1 Ed Di)" Di resign
act "$(game_of 1 Robo Bob)" Bob resign
expect_exit 0 "the game master ends Hal-Flo" -- \
  "$BIN" admin end "$(game_of 1 Hal Flo)" --winner Flo --reason "Hal's server was down"
g=$(game_of 1 Cy Ann)
act "$g" Cy offer-draw
act "$g" Ann accept-draw
answer tournament tournament standings "$T"
expect_exit 0 "round 1's standings, before the clock makes round 2" -- jq -e '.round == 1 and
  ([.standings[] | "\(.name) \(.points)"] ==
   ["Ed 1", "Robo 1", "Flo 1", "Cy 0.5", "Ann 0.5", "Hal 0", "Di 0", "Bob 0"])' last.json
# The clock makes round 2. Score groups: Ed, Robo, Flo on 1; Cy, Ann on 1/2; Hal, Di, Bob on 0.
# Ed meets Robo (the group's lower half begins at its second entrant), Flo floats down to Cy,
# Ann down to Hal, Di meets Bob. Seats: Ed and Robo both had the first seat, and in an odd round
# the lower ranked takes it on a tie (Robo); Flo, Ann had the second seat (they take the first);
# Di and Bob both had the second seat: Bob, the lower ranked.
export CARAVAN_REF_NOW=2026-03-02T12:00:00Z
answer tick tick --mail --outbox box
keep_tokens last.json
expect_exit 0 "tick made round 2 of the tournament" -- \
  jq -e --arg t "$T" '[.tournaments[] | select(.tournament == $t) | .round] == [2]' last.json
[ "$(pairings 2)" = "Robo-Ed Flo-Cy Ann-Hal Bob-Di" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: round 2 is $(pairings 2)"; }
read_mail
count_lines mail.txt "(tournament $T, round 2) | Round 2 of tournament $T: You are invited to play" \
  6 "the tick that made round 2 invited its players"
count_lines mail.txt "@" 6 "and sent nothing else"
expect_exit 0 "round 2's games are due three days on" -- bash -c \
  "'$BIN' --format json view $(game_of 2 Flo Cy) --referee | jq -e '.deadline == \"2026-03-05T12:00:00Z\"'"

# Round 2: Ed resigns to Robo, Ann to Hal, Bob to Di; Flo, to move against Cy, never moves.
export CARAVAN_REF_NOW=2026-03-03T09:00:00Z
act "$(game_of 2 Robo Ed)" Ed resign
act "$(game_of 2 Ann Hal)" Ann resign
act "$(game_of 2 Bob Di)" Bob resign
answer tick tick --mail --outbox box
expect_exit 0 "a tick before Flo's deadline makes nothing" -- jq -e 'has("tournaments") | not' last.json
# Bob, on no points, withdraws before round 3: his results stand, he is not paired again.
answer tournament tournament withdraw "$T" Bob
expect_exit 0 "Bob withdraws after round 2" -- jq -e '.after_round == 2' last.json
expect_exit 65 "nobody withdraws twice" -- "$BIN" tournament withdraw "$T" Bob
expect_exit 66 "a name not entered" -- "$BIN" tournament withdraw "$T" Zed
expect_exit 66 "a tournament that does not exist" -- "$BIN" tournament standings zzzzzzzz
expect_in "$WORK/err" "there is no tournament zzzzzzzz" "the missing tournament is named"
# 6 March: Flo's deadline (5 March, 12:00) is past: the clock forfeits Flo's game to Cy and,
# the round over, makes round 3 in the same tick. Flo stays in the tournament and is paired.
# Round 3 ranks Robo 2; Cy 1 1/2; Ed, Hal, Di, Flo on 1; Ann 1/2 (Bob has withdrawn). Seven to
# pair: the bye to the lowest ranked who has had none, Ann. Robo floats down to Cy; in the group
# on 1, Ed's first choice, Di, was his opponent in round 1, so Ed meets Flo and Hal meets Di.
# Seats: Robo had the first seat twice, Cy once of two: Cy; Ed and Flo each once, Ed had the
# second seat last: Ed; Di never had the first: Di.
export CARAVAN_REF_NOW=2026-03-06T12:00:00Z
answer tick tick --mail --outbox box
keep_tokens last.json
expect_exit 0 "the clock forfeited Flo's game" -- jq -e --arg g "$(game_of 2 Flo Cy)" \
  '[.actions[] | select(.game == $g) | .action] == ["forfeit"]' last.json
expect_exit 0 "and made round 3" -- \
  jq -e --arg t "$T" '[.tournaments[] | select(.tournament == $t) | .round] == [3]' last.json
read_mail
count_lines mail.txt "(tournament $T, round 2) |" 2 "Flo and Cy hear of the forfeit"
count_lines mail.txt "(tournament $T, round 3) | Round 3 of tournament $T: You are invited to play" \
  4 "round 3's invitations: none for the bots"
count_lines mail.txt "Ann <ann@example.org> | [caravan-ref] tournament $T (caravaneers): round 3, your bye | Round 3 of tournament $T: you have the bye" \
  1 "Ann is told of her bye"
count_lines mail.txt "@" 7 "and nothing else"
[ "$(pairings 3)" = "Cy-Robo Ed-Flo Di-Hal Ann-bye" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: round 3 is $(pairings 3)"; }

# Round 3: the game master ends Cy-Robo for Cy; Ed and Flo agree a draw; Di resigns to Hal.
export CARAVAN_REF_NOW=2026-03-07T12:00:00Z
expect_exit 0 "the game master ends Cy-Robo" -- \
  "$BIN" admin end "$(game_of 3 Cy Robo)" --winner Cy --reason "Robo's seat was abandoned"
g=$(game_of 3 Ed Flo)
act "$g" Ed offer-draw
act "$g" Flo accept-draw
act "$(game_of 3 Di Hal)" Di resign
answer tournament tournament standings "$T"
expect_exit 0 "the standings wait for the clock to close the tournament" -- \
  jq -e '.finished == false and .round == 3' last.json
export CARAVAN_REF_NOW=2026-03-07T13:00:00Z
answer tick tick --mail --outbox box
expect_exit 0 "tick ended the tournament and revealed its seed" -- jq -e --arg t "$T" \
  '[.tournaments[] | select(.tournament == $t) | .finished] == [true]' last.json
read_mail
count_lines mail.txt "tournament $T (caravaneers): the final standings | Tournament $T has finished." \
  6 "each person has the final standings by mail"

# The standings by hand (W win, D draw, L loss; B the bye, a win; a bye counts as a draw against
# oneself for the tie-breaks):
#   Cy   D Ann, W Flo, W Robo   2.5   Buchholz 1.5+1.5+2 = 5     S-B .75+1.5+2 = 4.25
#   Hal  L Flo, W Ann, W Di     2     Buchholz 1.5+1.5+1 = 4     S-B 0+1.5+1 = 2.5
#   Robo W Bob, W Ed, L Cy      2     Buchholz 0+1.5+2.5 = 4     S-B 0+1.5+0 = 1.5
#   Flo  W Hal, L Cy, D Ed      1.5   Buchholz 2+2.5+1.5 = 6     S-B 2+0+.75 = 2.75
#   Ann  D Cy, L Hal, B         1.5   Buchholz 2.5+2+1.5 = 6     S-B 1.25+0+.75 = 2
#   Ed   W Di, L Robo, D Flo    1.5   Buchholz 1+2+1.5 = 4.5     S-B 1+0+.75 = 1.75
#   Di   L Ed, W Bob, L Hal     1     Buchholz 1.5+0+2 = 3.5     S-B 0+0+0 = 0
#   Bob  L Robo, L Di, withdrew 0     Buchholz 2+1 = 3           S-B 0
answer tournament tournament show "$T"
cp last.json final.json
expect_exit 0 "the standings are the hand computation" -- jq -e '.finished == true and
  [.standings[] | [.rank, .name, .points, .buchholz, .sonneborn_berger]] == [
    [1, "Cy", 2.5, 5, 4.25], [2, "Hal", 2, 4, 2.5], [3, "Robo", 2, 4, 1.5],
    [4, "Flo", 1.5, 6, 2.75], [5, "Ann", 1.5, 6, 2], [6, "Ed", 1.5, 4.5, 1.75],
    [7, "Di", 1, 3.5, 0], [8, "Bob", 0, 3, 0]]' final.json
expect_exit 0 "wins, draws, losses, byes; Bob withdrawn after round 2" -- jq -e '
  ([.standings[] | "\(.name) \(.wins)-\(.draws)-\(.losses) \(.byes) \(.played)"] ==
   ["Cy 2-1-0 0 3", "Hal 2-0-1 0 3", "Robo 2-0-1 0 3", "Flo 1-1-1 0 3", "Ann 0-1-1 1 2",
    "Ed 1-1-1 0 3", "Di 1-0-2 0 3", "Bob 0-0-2 0 2"]) and
  ([.standings[] | select(.withdrawn_after) | .name] == ["Bob"])' final.json
expect_exit 0 "the results by round" -- jq -e '[.pairings[] | [.games[].result]] ==
  [["1-0", "1-0", "0-1", "1/2-1/2"], ["1-0", "0-1", "0-1", "0-1"], ["1-0", "1/2-1/2", "0-1"]]' \
  final.json
expect_exit 0 "the text table" -- "$BIN" --format text tournament standings "$T"
expect_in "$WORK/out" "rank" "the table has its heading"
expect_in "$WORK/out" "Robo (bot random)" "a bot is marked"
expect_in "$WORK/out" "Bob, withdrawn" "a withdrawal is marked"
expect_in "$WORK/out" "Cy                          2.5        5     4.25  2-1-0 (0)" \
  "a row of the table, quarters and all"
answer tournament tournament list
expect_exit 0 "the list" -- jq -e --arg t "$T" \
  '.tournaments == [{tournament: $t, kind: "caravaneers", format: "swiss", seats: 2, rounds: 3,
    round: 3,
    entrants: 8, finished: true}]' last.json
answer tournament tournament next "$T"
expect_exit 65 "a finished tournament has nobody to withdraw" -- "$BIN" tournament withdraw "$T" Ann

# The draw from the revealed seed, outside the referee: the seed matches its commitment
# (sha256sum of "salt:seed"), and xoshiro256** seeded by SplitMix64 shuffling the entrants as
# given (Fisher-Yates with Lemire's bounded draw, core/rng.hpp) gives the numbers the draw gave.
seed=$(jq -r .seed final.json)
salt=$(jq -r .seed_salt final.json)
expect_exit 0 "the seed is the one committed to" -- bash -c "[ \"\$(printf '%s:%s' $salt $seed |
  sha256sum | cut -d' ' -f1)\" = $(jq -r .seed_commitment new.json) ]"
"$PY" - "$seed" >drawn <<'EOF'
import sys
M = (1 << 64) - 1
x = int(sys.argv[1])
def splitmix():
    global x
    x = (x + 0x9E3779B97F4A7C15) & M
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)
s = [splitmix() for _ in range(4)]
rotl = lambda v, k: ((v << k) | (v >> (64 - k))) & M
def nxt():
    result = (rotl((s[1] * 5) & M, 7) * 9) & M
    t = (s[1] << 17) & M
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45)
    return result
def below(bound):
    m = nxt() * bound
    if m & M < bound:
        threshold = ((1 << 64) - bound) % bound
        while m & M < threshold:
            m = nxt() * bound
    return m >> 64
given = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Robo", "Hal"]
for i in range(len(given), 1, -1):
    j = below(i)
    given[i - 1], given[j] = given[j], given[i - 1]
print(" ".join(given))
EOF
expect_exit 0 "the draw re-derived from the seed" -- \
  bash -c "[ \"\$(cat drawn)\" = \"\$(jq -r '[.entrants[].name] | join(\" \")' new.json)\" ]"

if [ -n "$SCHEMA_CHECK" ]; then
  expect_exit 0 "every answer matches its schema" -- "$PY" "$SRC/tests/e2e/json_schema.py" \
    --partial "$SCHEMAS" answers
  mkdir -p broken
  jq '.standings[0].points = "2.5"' final.json >broken/tournament-1.json
  expect_exit 1 "a standing whose points are text breaks the contract" -- \
    "$PY" "$SRC/tests/e2e/json_schema.py" --partial "$SCHEMAS" broken
else
  echo "not checked: the answers' schemas (no python3-jsonschema)"
fi

# A knockout of five, without a clock. Seed 1 draws E, A, B, C, D: a bracket of eight places, so
# seeds 1, 2 and 3 (E, A, B) have byes and 4 meets 5 (C-D). C and D draw: the higher seed, C,
# goes on. Round 2: E-C (E has not sat yet, C had the first seat) and B-A (neither has sat; in
# an even round the lower ranked takes it). C beats E, A beats B; the final A-C (A had the
# second seat), which C wins.
answer tournament tournament new caravaneers --format knockout --player A --player B --player C \
  --player D --player E --seed 1
keep_tokens last.json
T=$(jq -r .tournament last.json)
expect_exit 0 "the knockout's draw and rounds" -- \
  jq -e '[.entrants[].name] == ["E", "A", "B", "C", "D"] and .rounds == 3' last.json
[ "$(pairings 1)" = "C-D E-bye A-bye B-bye" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: knockout round 1 is $(pairings 1)"; }
g=$(game_of 1 C D)
act "$g" C offer-draw
act "$g" D accept-draw
answer tournament tournament next "$T"
keep_tokens last.json
[ "$(pairings 2)" = "E-C B-A" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: knockout round 2 is $(pairings 2)"; }
act "$(game_of 2 E C)" E resign
answer tournament tournament next "$T"
expect_exit 0 "no final while a semi-final is played" -- jq -e '.made == []' last.json
act "$(game_of 2 B A)" B resign
answer tournament tournament next "$T"
keep_tokens last.json
[ "$(pairings 3)" = "A-C" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the final is $(pairings 3)"; }
act "$(game_of 3 A C)" A resign
answer tournament tournament next "$T"
expect_exit 0 "the final ended the knockout" -- jq -e '.made[0].finished == true' last.json
answer tournament tournament standings "$T"
expect_exit 0 "C won the knockout" -- jq -e '.finished and
  [.standings[] | "\(.name) \(.points)"] == ["C 2.5", "A 2", "E 1", "B 1", "D 0.5"]' last.json

# A round robin of three by the clock's tick: each round one plays with the bye. Seed 1 keeps the
# order A, B, C. Rounds: B-C (A the bye), C-A (B), A-B (C): each has the first seat once.
# B beats C, C and A draw, B beats A. By hand: B 3 (W, B, W), Buchholz 1.5 + 1.5 + own 3 = 6,
# Sonneborn-Berger 1.5 + 1.5 + 3/2 = 4.5; A and C 1.5 each, Buchholz 1.5 + 3 + own 1.5 = 6 each,
# Sonneborn-Berger .75 + 0 + .75 = 1.5 each: A and C share second place.
answer tournament tournament new caravaneers --format round-robin --player A --player B \
  --player C --seed 1
keep_tokens last.json
T=$(jq -r .tournament last.json)
act "$(game_of 1 B C)" C resign
answer tick tick
expect_in "$WORK/err" "round 2 of tournament $T was made without --mail: nobody was invited" \
  "a tick without --mail says that nobody was invited"
keep_tokens last.json
g=$(game_of 2 C A)
act "$g" C offer-draw
act "$g" A accept-draw
answer tick tick
keep_tokens last.json
act "$(game_of 3 A B)" A resign
answer tick tick
answer tournament tournament show "$T"
expect_exit 0 "the round robin's rounds and standings" -- jq -e '.finished and
  [.pairings[] | ([.games[] | "\(.first)-\(.second)"] + .byes) | join(" ")] ==
    ["B-C A", "C-A B", "A-B C"] and
  [.standings[] | [.rank, .name, .points, .buchholz, .sonneborn_berger]] ==
    [[1, "B", 3, 6, 4.5], [2, "A", 1.5, 6, 1.5], [2, "C", 1.5, 6, 1.5]]' last.json

# A round robin of four that D leaves after round 1: each later game of D's is a bye (worth a win)
# for the opponent. Seed 1 draws A, D, B, C; the circle method's rounds are C-A D-B, then D-C
# B-A, then C-B A-D. A resigns to C and D draws with B; D withdraws; round 2 is B-A with C's bye
# (A resigns), round 3 C-B with A's bye (B resigns). By hand:
#   C  W A, bye, W B   3     Buchholz 1 + own 3 + 1.5 = 5.5   S-B 1 + 3/2 + 1.5 = 4
#   B  D D, W A, L C   1.5   Buchholz .5 + 1 + 3 = 4.5        S-B .25 + 1 + 0 = 1.25
#   A  L C, L B, bye   1     Buchholz 3 + 1.5 + own 1 = 5.5   S-B 0 + 0 + 1/2 = .5
#   D  D B, withdrew   .5    Buchholz 1.5                     S-B .75
answer tournament tournament new caravaneers --format round-robin --player A --player B \
  --player C --player D --seed 1
keep_tokens last.json
T=$(jq -r .tournament last.json)
[ "$(pairings 1)" = "C-A D-B" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: round robin of four, round 1 is $(pairings 1)"; }
act "$(game_of 1 C A)" A resign
g=$(game_of 1 D B)
act "$g" D offer-draw
act "$g" B accept-draw
answer tournament tournament withdraw "$T" D
answer tournament tournament next "$T"
keep_tokens last.json
[ "$(pairings 2)" = "B-A C-bye" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: round robin of four, round 2 is $(pairings 2)"; }
act "$(game_of 2 B A)" A resign
answer tournament tournament next "$T"
keep_tokens last.json
[ "$(pairings 3)" = "C-B A-bye" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: round robin of four, round 3 is $(pairings 3)"; }
act "$(game_of 3 C B)" B resign
answer tournament tournament next "$T"
answer tournament tournament standings "$T"
expect_exit 0 "the withdrawal's byes in the standings" -- jq -e '.finished and
  [.standings[] | [.rank, .name, .points, .buchholz, .sonneborn_berger, .byes]] ==
    [[1, "C", 3, 5.5, 4, 1], [2, "B", 1.5, 4.5, 1.25, 0], [3, "A", 1, 5.5, 0.5, 1],
     [4, "D", 0.5, 1.5, 0.75, 0]]' last.json

# Ratings are derived from the records alone: every game's record exported and imported into a
# fresh database gives the same table, figure for figure, the bots' seats included (a record
# names the level of the referee's bot that plays a seat, and the import keeps it).
expect_exit 0 "ratings" -- "$BIN" --format json ratings
cp "$WORK/out" ratings.json
expect_exit 0 "the tournament's bots are rated" -- \
  jq -e '[.ratings[] | .player] | index("bot:random") != null and index("bot:greedy") != null' \
  ratings.json
for game in $("$BIN" --format json list | jq -r '.[].game'); do
  "$BIN" export "$game" --out "record-$game.yaml"
  expect_exit 0 "import $game" -- "$BIN" import "record-$game.yaml" --db "$WORK/fresh.db"
done
expect_exit 0 "ratings of the imported records" -- "$BIN" --db "$WORK/fresh.db" --format json ratings
jq -S . "$WORK/out" >imported.json
jq -S . ratings.json >expected.json
expect_exit 0 "the same table" -- cmp expected.json imported.json
expect_exit 0 "the bots rated by their levels after the import too" -- jq -e \
  '[.ratings[] | .player] | index("bot:random") != null and index("Robo") == null' imported.json
expect_exit 0 "of every game: 11 of the Swiss, 4 of the knockout, 3 + 4 of the round robins" \
  -- jq -e '[.ratings[].games] | add == 44' imported.json
finish
