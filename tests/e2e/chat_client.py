"""Play from chat as Discord and Slack call caravan-ref serve (tests/e2e/chat.sh runs it).

    chat_client.py BIN SOURCE_DIR

One server on a free port with a Discord application's public key (a key pair made here with
PyNaCl, the library Discord's own discord-interactions uses to verify) and a Slack signing
secret. Requests are built and signed as each platform documents them: Discord signs
timestamp + body with Ed25519 (nacl.signing); Slack's signature is v0= and the hex HMAC-SHA256 of
"v0:TIMESTAMP:BODY" (Python's hmac, as Slack's docs give it: slack_sdk is not in Debian).

A whole game of each engine is played through Discord's interactions alone (the first move
offered each time; where a seat has more moves than buttons, built a part at a time, each part
answered by updating its message, every third move by the deepest parts), one game through
Slack's command and buttons (their follow-ups posted to a response_url served here), and several
moves of huber-caravan through Slack's parts; every command once on each. Where the parts or
pages first appear in a game, every button of every step is followed: the moves they play are
exactly the seat's legal moves. The board's message (each platform's notice, received here)
carries "Your move": pressed by the seat to move's user it answers as `moves` does, anyone else
is refused; stale parts (a turn gone by) and kept ids serve does not know are refused. Refused, each changing nothing: a bad
signature, a stale timestamp, a replayed request, a user not linked to the seat, a wrong claim
token. Every answer is scanned: no token, and nothing of a seat's own view but to that seat.
"""
import calendar
import datetime
import email.parser
import email.policy
import http.client
import http.server
import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import urllib.parse

import nacl.signing

import chat_platforms

BIN, SRC = sys.argv[1:3]
# The one clock: the server, the command line and every request's timestamp read it.
os.environ["CARAVAN_REF_NOW"] = "2026-06-01T12:00:00Z"
NOW = calendar.timegm((2026, 6, 1, 12, 0, 0))
FAILED, PASSED = [], [0]
ANSWERS = []  # (platform user, text of the answer)


def check(ok, what):
    if ok:
        PASSED[0] += 1
    else:
        FAILED.append(what)
        print("FAIL:", what, flush=True)
    return ok


def cli(*args, ok=True, text_format=False):
    run = subprocess.run([BIN, "--format", "text" if text_format else "json", *args],
                         capture_output=True, text=True)
    if ok and run.returncode != 0:
        raise SystemExit(f"{args}: exit {run.returncode}: {run.stderr}")
    return run


# ---- Slack's response_url: a receiver on 127.0.0.1
FOLLOW_UPS = queue.Queue()
NOTICES = queue.Queue()  # the board's messages, posted to /notice-... by caravan-ref-notify


def message_json(content_type, body):
    """The JSON of a post: the body, or a Discord form's payload_json part (with the picture)."""
    if not content_type.startswith("multipart/"):
        return json.loads(body)
    form = email.parser.BytesParser(policy=email.policy.default).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body)
    for part in form.iter_parts():
        if part.get_param("name", header="content-disposition") == "payload_json":
            return json.loads(part.get_payload(decode=True))
    return {}


class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        document = message_json(self.headers.get("Content-Type", ""), body)
        (NOTICES if self.path.startswith("/notice-") else FOLLOW_UPS).put((self.path, document))
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args):
        pass


RECEIVER = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
threading.Thread(target=RECEIVER.serve_forever, daemon=True).start()
SLACK_BASE = f"http://127.0.0.1:{RECEIVER.server_address[1]}/"

KEY = nacl.signing.SigningKey.generate()
SLACK_SECRET = "8f742231b10e8888abcd99yyyzzz85a5"
MASTER = "100000000000000099"
OUTSIDER = "100000000000000077"
SLACK_MASTER = "U0MASTER"


def Server():
    """serve with this test's key and secret, the chat masters, and the platforms' APIs (for the
    follow-ups) served here."""
    return chat_platforms.Serve(
        BIN, "serve.log", KEY, SLACK_SECRET,
        masters=("discord:" + MASTER, "slack:" + SLACK_MASTER),
        env={"CARAVAN_REF_SLACK_API": SLACK_BASE, "CARAVAN_REF_DISCORD_API": SLACK_BASE + "api"})


# ---- Discord, as it signs an interaction
SERIAL = [0]


def discord_signed(body, timestamp=None, key=KEY):
    return chat_platforms.discord_headers(body, key, NOW if timestamp is None else timestamp)


def interaction(kind, user, data):
    SERIAL[0] += 1
    return json.dumps({"id": str(900000000000000000 + SERIAL[0]), "application_id": "1",
                       "type": kind, "token": "interaction-token-%d" % SERIAL[0],
                       "member": {"user": {"id": user}}, "data": data})


def discord(server, user, sub, **options):
    body = interaction(2, user, {"name": "caravan", "type": 1, "options": [
        {"name": sub, "type": 1,
         "options": [{"name": k, "type": 3, "value": v} for k, v in options.items()]}]})
    return discord_answer(server, user, body)


def discord_click(server, user, custom_id, values=None):
    data = {"custom_id": custom_id, "component_type": 3 if values else 2}
    if values:
        data["values"] = values
    return discord_answer(server, user, interaction(3, user, data))


def discord_answer(server, user, body):
    status, text = server.post("/discord/interactions", body, discord_signed(body))
    check(status == 200, f"discord: {status} {text[:200]}")
    answer = json.loads(text)
    data = answer.get("data", {})
    # An update (type 7) is of the message the choice was on: only a seat's own, ephemeral
    # (discord_play checks that).
    ANSWERS.append(("discord:" + user, data.get("content", ""), text,
                    bool(data.get("flags", 0) & 64) or answer.get("type") == 7))
    return answer


MOVE_IDS = ("m|", "s|", "w|", "k|")  # a move, a part of one, one the parts make, one kept
KEPT = [0, 0]  # the kept ids (k|) offered, and pressed: partial moves too long for a custom_id
KEPT_IDS = []  # those ids, as offered


def discord_choices(answer):
    """The moves (and parts) offered ([(custom_id, values or None, label)]) and the actions, as
    Discord shows them."""
    moves, actions = [], []
    for row in answer.get("data", {}).get("components", []):
        check(len(row["components"]) <= 5, "discord: at most 5 components a row")
        for c in row["components"]:
            if c["type"] == 2:
                check(len(c["label"]) <= 80 and len(c["custom_id"]) <= 100,
                      f"discord: a button within limits: {c}")
                if c["custom_id"].startswith("k|"):
                    KEPT[0] += 1
                    KEPT_IDS.append(c["custom_id"])
                kind = moves if c["custom_id"].startswith(MOVE_IDS) else actions
                # A button that plays a move is primary, a part or a page secondary.
                plays = c["style"] == 1 and c["custom_id"].startswith(MOVE_IDS)
                kind.append((c["custom_id"], None, ("Play: " if plays else "") + c["label"]))
            elif c["type"] == 3:
                check(len(c["options"]) <= 25 and
                      all(len(o["value"]) <= 100 for o in c["options"]),
                      "discord: at most 25 options in a menu, each within limits")
                moves += [(c["custom_id"], [o["value"]], "Play: " + o["label"])
                          for o in c["options"]]
    check(len(answer.get("data", {}).get("components", [])) <= 5, "discord: at most 5 rows")
    ids = [c["custom_id"] for row in answer.get("data", {}).get("components", [])
           for c in row["components"]]
    check(len(ids) == len(set(ids)), f"discord: each custom_id once in a message: {ids}")
    return moves, actions


# ---- Slack, as it signs a request (each with its own trigger_id, as Slack's are)
def next_trigger():
    SERIAL[0] += 1
    return "13345224609.738474920.%d" % SERIAL[0]


def slack_signed(body, timestamp=None, secret=SLACK_SECRET):
    return chat_platforms.slack_headers(body, secret, NOW if timestamp is None else timestamp)


def slack(server, user, text):
    body = urllib.parse.urlencode({
        "token": "deprecated", "team_id": "T0001", "channel_id": "C0001", "user_id": user,
        "command": "/caravan", "text": text,
        "response_url": SLACK_BASE + "commands/1", "trigger_id": next_trigger()})
    status, answer = server.post("/slack/commands", body, slack_signed(body))
    check(status == 200, f"slack command {text}: {status} {answer[:200]}")
    document = json.loads(answer)
    ANSWERS.append(("slack:" + user, document.get("text", ""), answer,
                    document.get("response_type") == "ephemeral"))
    return document


def slack_click(server, user, action):
    payload = {"type": "block_actions", "user": {"id": user}, "team": {"id": "T0001"},
               "trigger_id": next_trigger(),
               "response_url": SLACK_BASE + "actions/1", "actions": [action]}
    body = urllib.parse.urlencode({"payload": json.dumps(payload)})
    status, answer = server.post("/slack/interactions", body, slack_signed(body))
    check(status == 200 and answer == "", f"slack click: an empty 200 at once ({status})")
    try:
        path, document = FOLLOW_UPS.get(timeout=20)
    except queue.Empty:
        check(False, "slack click: no follow-up to response_url")
        return {}
    check(path == "/actions/1", f"slack: the follow-up went to the response_url ({path})")
    ANSWERS.append(("slack:" + user, document.get("text", ""), json.dumps(document),
                    document.get("response_type") == "ephemeral"))
    return document


def slack_choices(document):
    moves, actions = [], []
    for block in document.get("blocks", []):
        if block["type"] != "actions":
            continue
        check(len(block["elements"]) <= 25, "slack: at most 25 elements in an actions block")
        for e in block["elements"]:
            if e["type"] == "button":
                check(len(e["value"]) <= 2000 and len(e["action_id"]) <= 255,
                      f"slack: a button within limits: {e}")
                action = {"type": "button", "action_id": e["action_id"], "value": e["value"],
                          "text": e["text"], "style": e.get("style")}
                (moves if e["value"].startswith(MOVE_IDS) else actions).append(action)
            elif e["type"] == "static_select":
                check(len(e["options"]) <= 100 and
                      all(len(o["value"]) <= 150 for o in e["options"]),
                      "slack: at most 100 options in a menu, each within limits")
                moves += [{"type": "static_select", "action_id": e["action_id"],
                           "selected_option": o} for o in e["options"]]
    return moves, actions


# ---- the games
def kinds():
    out = subprocess.run([BIN, "games"], capture_output=True, text=True).stdout
    return re.findall(r"^  kind: (\S+)", out, re.M)


def new_game(kind):
    with open(os.path.join(SRC, "examples", kind, "new.args")) as f:
        args = [a for a in f.read().split("\n") if a]
    made = json.loads(cli("new", kind, *args).stdout)
    return made["game"], [(p["name"], p["token"]) for p in made["players"]]


def state_of(game):
    listed = {g["game"]: g for g in json.loads(cli("list").stdout)}
    return listed[game]


def lines_of(text):
    """The lines, without their indent and a heading's colon."""
    return {line.strip().rstrip(":") for line in text.splitlines() if line.strip()}


def check_no_leak(game, seats, users, start):
    """The answers since `start`: none to a user holds a line of another seat's view that the
    user's own view and log (the command line's) do not have."""
    views = {name: lines_of(cli("view", game, "--player", name, text_format=True).stdout)
             for name in seats}
    logs = {name: lines_of(cli("log", game, "--player", name, text_format=True).stdout)
            for name in seats}
    owner = {u: s for s, u in users.items()}
    for user, text, _, ephemeral in ANSWERS[start:]:
        mine = owner.get(user)
        if mine:
            allowed = views[mine] | logs[mine]
            if "You: " + mine in text:
                check(ephemeral, f"{game}: {mine}'s view shown to the channel")
        elif len(seats) >= 3:
            # Someone without a seat: what two seats or more see (another seat's hidden hand,
            # its count, is seen by all the others), or any log.
            allowed = set.union(*logs.values()) | {
                line for s in seats for line in views[s]
                if sum(line in views[o] for o in seats) >= 2}
        else:
            continue  # with two seats, each line is one's or both's: checked in games of three
        shown = lines_of(text)
        for seat in seats:
            if seat == mine:
                continue
            leaked = sorted(line for line in views[seat] - allowed
                            if line in shown and line != "Since your last turn")
            if not check(not leaked, f"{game}: {user} was shown {seat}'s {leaked[:2]}"):
                return


NAV = ("More (", "Start again")
PARTS = {"clicks": 0, "turns": 0, "most": 0}  # part clicks, turns played by parts, most in one


def discord_play(server, user, answer, prefer_parts=False):
    """Plays a move from a seat's ephemeral answer by its buttons alone: a part at a time where
    there are more moves than buttons (each part answered by updating that message, type 7),
    until a button plays the move. The answer that played it, and the ids of the last step."""
    check(answer["data"].get("flags") == 64, "discord: the moves are offered ephemerally")
    step_ids, clicks = [], 0
    for _ in range(80):
        moves, _ = discord_choices(answer)
        pick = [m for m in moves if not m[2].startswith(NAV)]
        if not check(pick, f"discord: nothing to choose: {answer['data']['content'][-300:]}"):
            return answer, step_ids
        if prefer_parts:  # a part, else the next page (once), else a move
            pick = ([m for m in pick if not m[2].startswith("Play: ")] or
                    [m for m in moves if m[2].startswith("More (") and not step_ids] or pick)
        custom, values, _ = pick[0]
        KEPT[1] += custom.startswith("k|")
        answer = discord_click(server, user, custom, values)
        if answer.get("type") != 7:
            if clicks:
                PARTS["clicks"] += clicks
                PARTS["turns"] += 1
                PARTS["most"] = max(PARTS["most"], clicks)
            return answer, step_ids
        clicks += 1
        check("flags" not in answer["data"] and answer["data"]["components"],
              f"discord: a part updates the message with the next ones: {answer}")
        step_ids = [m for m in discord_choices(answer)[0]]
    check(False, "discord: 80 parts made no move")
    return answer, step_ids


def move_of(custom):
    """The move a w| id plays (JSON after KIND|GAME|TURN|)."""
    return json.loads(custom.split("|", 3)[3])


def walk_parts(server, user, game, kind, player, answer):
    """Every button of every step, followed from a seat's first answer (the parts change
    nothing): the moves the buttons play are exactly the seat's legal moves."""
    reached, seen, todo, clicks = set(), set(), [answer], 0
    while todo:
        for custom, values, label in discord_choices(todo.pop())[0]:
            if custom in seen:
                continue
            seen.add(custom)
            check(not custom.startswith("k|"), f"{game}: the walk meets no kept id ({label})")
            if custom.startswith("w|") or custom.startswith("m|"):
                check(custom.startswith("w|"), f"{game}: a move by index among parts: {custom}")
                reached.add(json.dumps(move_of(custom), sort_keys=True))
            elif custom.startswith("s|") and not label.startswith("Start again"):
                step = discord_click(server, user, custom, values)
                clicks += 1
                if check(step.get("type") == 7, f"{game}: a part is an update: {step}"):
                    todo.append(step)
    legal = json.loads(cli("moves", game, "--player", player, "--limit", "100000").stdout)["moves"]
    check(reached == {json.dumps(m, sort_keys=True) for m in legal},
          f"{game}: the parts reach every legal move and no other ({len(reached)} of {len(legal)})")
    print(f"chat: {kind} {game}: {len(legal)} legal moves, each reached through the parts "
          f"({clicks} steps)", flush=True)
    return len(legal)


def discord_stale(server, user, game, step_ids):
    """The parts and moves of a turn gone by are refused, each changing nothing."""
    before = state_of(game)["turns"]
    for custom, values, label in step_ids[:2] + step_ids[-1:]:
        answer = discord_click(server, user, custom, values)
        check(answer.get("type") == 4 and answer["data"].get("flags") == 64 and
              "Refused (65)" in answer["data"]["content"] and
              "that choice was for turn" in answer["data"]["content"],
              f"{game}: a stale {label!r} is refused: {answer['data']['content'][:200]}")
    check(state_of(game)["turns"] == before, f"{game}: stale parts changed nothing")


def discord_game(server, kind, played):
    game, seats = new_game(kind)
    users = {name: "1000000000000000%02d" % (i + 10) for i, (name, _) in enumerate(seats)}
    # The first seat linked by the game master, the others claimed by their players.
    for i, (name, token) in enumerate(seats):
        if i == 0:
            cli("admin", "notify", "mention", game, name, "discord:" + users[name],
                "--reason", "linked for the chat test")
        else:
            answer = discord(server, users[name], "claim", game=game, token=token)
            check(answer["data"].get("flags") == 64 and f"You are {name}" in
                  answer["data"]["content"], f"{kind}: {name} claims the seat: {answer}")
    names = [n for n, _ in seats]
    start = len(ANSWERS)
    walked, stale = set(), False
    for _ in range(3000):
        moved = False
        for name in names:
            answer = discord(server, users[name], "view", game=game)
            moves, _ = discord_choices(answer)
            if not moves:
                continue
            before = state_of(game)["turns"]
            # Once a game at the first position with pages of moves, and once at the first with
            # moves of several parts: every move reachable through the parts (not caravanserai's
            # thousands).
            pages = any(m[0].startswith("s|") for m in moves)
            parts = any(m[0].startswith("s|") and not m[2].startswith(NAV) for m in moves)
            if kind != "caravanserai" and ((pages and "pages" not in walked) or
                                           (parts and "parts" not in walked)):
                walk_parts(server, users[name], game, kind, name, answer)
                walked |= {"pages"} | ({"parts"} if parts else set())
            answer, step_ids = discord_play(server, users[name], answer, played[0] % 3 == 1)
            if step_ids and not stale:  # once a game: the last step's buttons, now stale
                stale = True
                discord_stale(server, users[name], game, step_ids)
            if not check("played" in answer["data"]["content"],
                         f"{kind}: the move was refused: {answer['data']['content'][:300]}"):
                return game, seats, users
            check(state_of(game)["turns"] > before, f"{kind}: a move made a turn")
            moved = True
            played[0] += 1
            if played[0] % 15 == 0:
                public = discord(server, OUTSIDER, "view", game=game)
                check("flags" not in public["data"], f"{kind}: an outsider's view is public")
                check_no_leak(game, names, {n: "discord:" + u for n, u in users.items()}, start)
                start = len(ANSWERS)
            break
        if not moved:
            break
    check(state_of(game)["finished"], f"{kind}: the game played through Discord is over")
    public = discord(server, OUTSIDER, "view", game=game)
    check("flags" not in public["data"], f"{kind}: an outsider's view is public")
    check_no_leak(game, names, {n: "discord:" + u for n, u in users.items()}, start)
    return game, seats, users


def refused_at_start():
    """A key or secret serve cannot use stops it before it listens; without them, no chat."""
    for args, code in ((["--discord-public-key", "zz"], 64),
                       (["--slack-signing-secret-file", "no-such-file"], 78)):
        run = subprocess.run([BIN, "serve", "--listen", "127.0.0.1:0", *args],
                             capture_output=True, text=True, timeout=30)
        check(run.returncode == code and run.stdout == "",
              f"serve {args}: exit {run.returncode}, wanted {code}; printed {run.stdout!r}")
    plain = subprocess.Popen([BIN, "serve", "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True,
                             env={k: v for k, v in os.environ.items()
                                  if not k.startswith("CARAVAN_REF_SLACK")})
    url = urllib.parse.urlparse(plain.stdout.readline().strip())
    for path in ("/discord/interactions", "/slack/commands", "/slack/interactions"):
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        conn.request("POST", path, body="{}", headers={"Content-Type": "application/json"})
        status = conn.getresponse().status
        conn.close()
        check(status == 404, f"serve without a key or secret has no {path} ({status})")
    plain.send_signal(signal.SIGTERM)
    plain.wait(timeout=20)


def main():
    cli("init")
    refused_at_start()
    server = Server()
    try:
        run(server)
    finally:
        code = server.stop()
        check(code == 0, f"serve stops on SIGTERM with 0 ({code})")
    audit = json.loads(cli("audit", ok=False).stdout)
    check(audit["ok"] and len(audit["games"]) >= len(GAMES),
          f"audit: every record replays ({[g['game'] for g in audit['games'] if not g['ok']]})")
    # A claim is the admin turn `admin notify mention` makes, with its reason, naming no user.
    game, seats = GAMES[0]
    claimed = [t["action"] for t in json.loads(cli("log", game, "--player", seats[1][0]).stdout)[
        "turns"] if isinstance(t.get("action"), dict) and t["action"].get("op") == "notify"]
    check(any(a.get("player") == seats[1][0] and "claimed in chat" in a.get("reason", "")
              for a in claimed), f"{game}: the claim is a turn of the record: {claimed}")
    check(not any("1000000000000000" in json.dumps(a) for a in claimed),
          "the record names no chat user")
    with open("serve.log") as f:
        log = f.read()
    for game, seats in GAMES:
        for _, token in seats:
            check(token not in log, "a token in serve's log")
    print(f"chat: {PASSED[0]} checks passed, {len(FAILED)} failed")
    return 1 if FAILED else 0


GAMES = []


def run(server):
    # PING, and what is not Discord's.
    ping = json.dumps({"id": "1", "type": 1, "application_id": "1"})
    status, text = server.post("/discord/interactions", ping, discord_signed(ping))
    check(status == 200 and json.loads(text) == {"type": 1}, f"PING gets PONG: {status} {text}")
    other = nacl.signing.SigningKey.generate()
    status, _ = server.post("/discord/interactions", ping, discord_signed(ping, key=other))
    check(status == 401, f"another key's signature: 401 ({status})")
    status, _ = server.post("/discord/interactions", ping, {"Content-Type": "application/json"})
    check(status == 401, f"no signature: 401 ({status})")

    turns = [0]
    # The sanitizer run (tests/run.sh) sets CARAVAN_E2E_SAMPLE=N: every Nth engine then, which
    # one moving with the day of the year, as lib.sh's sampled() does.
    sample = int(os.environ.get("CARAVAN_E2E_SAMPLE", "1") or 1)
    offset = datetime.date.today().timetuple().tm_yday % sample
    every = kinds()
    for index, kind in enumerate(every):
        if sample <= 1 or index % sample == offset:
            GAMES.append(discord_game(server, kind, turns)[:2])
    check(len(GAMES) >= 5 or sample > 1, f"a game of each engine: {len(GAMES)} of {every}")
    print(f"chat: {len(GAMES)} games, {turns[0]} moves through Discord, {PARTS['turns']} of them "
          f"built by {PARTS['clicks']} parts (at most {PARTS['most']} in one); {KEPT[0]} ids kept "
          f"for being too long for a custom_id, {KEPT[1]} of them pressed", flush=True)
    check(PARTS["turns"] >= 20 or sample > 1, "moves built a part at a time")
    check(KEPT[1] > 0 or "caravanserai" not in [k for i, k in enumerate(every)
                                                if sample <= 1 or i % sample == offset],
          "caravanserai's long partial moves are kept under a short id, and pressed")
    # A kept id is in the database, known to every serve on it: pressed on another by someone
    # else, after its game has moved on, it is found (and refused for who presses it, or when),
    # not refused as unknown.
    if KEPT_IDS:
        other = Server()
        try:
            late = discord_click(other, MASTER, KEPT_IDS[0])
        finally:
            other.stop()
        content = late.get("data", {}).get("content", "")
        check(late.get("type") == 4 and content.startswith("Refused") and
              "no longer known" not in content,
              f"a kept id is known to another serve: {content[:200]}")
    # A kept id no serve on the database kept: refused, said why.
    game, seats = GAMES[0]
    forgotten = discord_click(server, MASTER, "k|" + "0" * 32)
    check(forgotten.get("type") == 4 and forgotten["data"].get("flags") == 64 and
          "no longer known" in forgotten["data"]["content"],
          f"an unknown kept id is refused: {forgotten['data']['content'][:200]}")

    board_button(server)

    # Refused requests, each changing nothing: a game to move in.
    game, seats = new_game("nv-caravan")
    GAMES.append((game, seats))
    ann, bob = seats[0][0], seats[1][0]
    ann_id, bob_id = "100000000000000041", "100000000000000042"
    cli("admin", "notify", "mention", game, ann, "discord:" + ann_id, "--reason", "test")
    cli("admin", "notify", "mention", game, bob, "discord:" + bob_id, "--reason", "test")
    start = len(ANSWERS)
    view = discord(server, ann_id, "view", game=game)
    check(view["data"].get("flags") == 64, "a seat's view is ephemeral")
    moves, actions = discord_choices(view)
    check(moves and actions, "the seat to move is offered moves and actions")
    turns_before = state_of(game)["turns"]

    body = interaction(3, ann_id, {"custom_id": moves[0][0], "component_type": 2,
                                   **({"values": moves[0][1]} if moves[0][1] else {})})
    headers = discord_signed(body)
    bad = dict(headers, **{"X-Signature-Ed25519": "00" * 64})
    status, _ = server.post("/discord/interactions", body, bad)
    check(status == 401, f"a bad signature: 401 ({status})")
    stale = discord_signed(body, timestamp=NOW - 301)
    status, _ = server.post("/discord/interactions", body, stale)
    check(status == 401, f"a timestamp 5 min 1 s old: 401 ({status})")
    fresh = interaction(2, ann_id, {"name": "caravan", "type": 1, "options": [
        {"name": "games", "type": 1, "options": []}]})
    status, _ = server.post("/discord/interactions", fresh, discord_signed(fresh, NOW - 299))
    check(status == 200, f"a timestamp 4 min 59 s old is taken ({status})")
    tampered = body.replace(ann_id, bob_id)
    status, _ = server.post("/discord/interactions", tampered, headers)
    check(status == 401, f"a body changed after signing: 401 ({status})")
    check(state_of(game)["turns"] == turns_before, "refused requests changed nothing")
    # The forged user: Discord signs it, but the user holds no seat of this game.
    forged = discord_click(server, OUTSIDER, moves[0][0], moves[0][1])
    check("Refused (77)" in forged["data"]["content"] and forged["data"].get("flags") == 64,
          f"a user not linked to the seat is refused: {forged['data']['content'][:200]}")
    forged = discord_click(server, bob_id, moves[0][0], moves[0][1])
    check("Refused" in forged["data"]["content"], "another seat's user cannot play this seat")
    check(state_of(game)["turns"] == turns_before, "a forged user changed nothing")
    # Replays: the same request twice; the same interaction signed again.
    status, text = server.post("/discord/interactions", body, headers)
    check(status == 200 and "played" in text, f"the signed click plays: {status} {text[:200]}")
    after = state_of(game)["turns"]
    check(after == turns_before + 1, "one click, one turn")
    receipt = re.search(r"Receipt: chain ([0-9a-f]{64}), referee's signature ([0-9a-f]{128})",
                        json.loads(text)["data"]["content"])
    recorded = json.loads(cli("log", game, "--player", ann).stdout)["turns"][-1]
    check(receipt and receipt.group(1) == recorded["chain"],
          f"the answer carries the turn's receipt, its chain the record's ({recorded['chain']})")
    status, _ = server.post("/discord/interactions", body, headers)
    check(status == 401, f"the same request again: 401 ({status})")
    status, _ = server.post("/discord/interactions", body, discord_signed(body, NOW + 1))
    check(status == 401, f"the same interaction id signed again: 401 ({status})")
    check(state_of(game)["turns"] == after, "replays changed nothing")
    # A wrong claim token, and the claim's answer never repeats a token.
    wrong = discord(server, OUTSIDER, "claim", game=game, token="0" * 32)
    check("Refused (77)" in wrong["data"]["content"], f"a wrong token is refused: {wrong}")
    # Every other command once.
    public = discord(server, OUTSIDER, "view", game=game)
    check("flags" not in public["data"] and "as everyone sees it" in public["data"]["content"],
          "an outsider's view is the public one, in the channel")
    listed = discord(server, bob_id, "games")
    check(game in listed["data"]["content"] and listed["data"]["flags"] == 64, "games lists mine")
    rules = discord(server, bob_id, "rules", kind="nv-caravan")
    check(len(rules["data"]["content"]) > 200, "rules answers the rules")
    bob_moves = discord(server, bob_id, "moves", game=game)
    check("legal move" in bob_moves["data"]["content"],
          f"moves: {bob_moves['data']['content'][:200]}")
    line = re.search(r"`([^`]+)`", bob_moves["data"]["content"]).group(1)
    played = discord(server, bob_id, "play", game=game, move=line)
    check("played" in played["data"]["content"],
          f"play GAME MOVE: {played['data']['content'][:200]}")
    offer = discord(server, ann_id, "draw", game=game, answer="offer")
    check("played" in offer["data"]["content"], f"draw offer: {offer['data']['content'][:200]}")
    decline = discord(server, bob_id, "draw", game=game, answer="decline")
    check("played" in decline["data"]["content"],
          f"draw decline: {decline['data']['content'][:200]}")
    resign = discord(server, bob_id, "resign", game=game)
    check("played" in resign["data"]["content"] and state_of(game)["finished"], "resign ends it")
    refused = discord(server, ann_id, "new", kind="nv-caravan", players="ann bob")
    check("Refused (77)" in refused["data"]["content"], "only a game master starts a game")
    made = discord(server, MASTER, "new", kind="nv-caravan", players="ann bob")
    check("made" in made["data"]["content"] and made["data"]["flags"] == 64,
          f"the game master starts a game: {made['data']['content'][:200]}")
    check_no_leak(game, [ann, bob], {ann: "discord:" + ann_id, bob: "discord:" + bob_id},
                  start)

    discord_bot_game(server)

    # Slack: a whole game through the command and buttons, every command once.
    slack_game(server)
    slack_bot_moves(server)
    slack_parts(server)

    # No answer but the master's `new` names a token; every private answer was ephemeral.
    tokens = [t for _, ts in GAMES for _, t in ts]
    for user, text, raw, _ in ANSWERS:
        if user in ("discord:" + MASTER, "slack:" + SLACK_MASTER):
            continue
        check(not any(t in raw for t in tokens), f"a token in an answer to {user}")


def discord_bot_game(server):
    """Against the referee's bot: each move deferred (type 5) and followed up on the webhook."""
    made = json.loads(cli("new", "nv-caravan", "--player", "ann", "--player", "bob", "--bot",
                          "bob=random", "--seed", "5").stdout)
    game = made["game"]
    GAMES.append((game, [(p["name"], p.get("token", "")) for p in made["players"] if "token" in p]))
    ann = "100000000000000051"
    cli("admin", "notify", "mention", game, "ann", "discord:" + ann, "--reason", "test")
    played = 0
    for _ in range(3000):
        moves, _ = discord_choices(discord(server, ann, "view", game=game))
        if not moves:
            break
        before = state_of(game)["turns"]
        for _ in range(80):  # the parts of a move are answered at once (type 7), the move later
            custom, values, _ = moves[0]
            data = {"custom_id": custom, "component_type": 3 if values else 2}
            if values:
                data["values"] = values
            body = interaction(3, ann, data)
            status, text = server.post("/discord/interactions", body, discord_signed(body))
            answer = json.loads(text)
            if answer.get("type") != 7:
                break
            moves, _ = discord_choices(answer)
        if not check(status == 200 and answer == {"type": 5, "data": {"flags": 64}},
                     f"bot game: a move is deferred, ephemerally: {text[:200]}"):
            return
        try:
            path, message = FOLLOW_UPS.get(timeout=20)
        except queue.Empty:
            check(False, "bot game: no follow-up on the interaction's webhook")
            return
        token = json.loads(body)["token"]
        check(path == f"/api/webhooks/1/{token}", f"bot game: the follow-up's address: {path}")
        ANSWERS.append(("discord:" + ann, message.get("content", ""), json.dumps(message),
                        message.get("flags") == 64))
        if not check("played" in message.get("content", "") and message.get("flags") == 64,
                     f"bot game: the follow-up: {message.get('content', '')[:300]}"):
            return
        played += 1
        after = state_of(game)
        check(after["turns"] >= before + 2 or after["finished"],
              f"bot game: the bot answered before the follow-up ({before} -> {after['turns']})")
    check(state_of(game)["finished"], f"bot game: over after {played} moves of ann's")
    print(f"chat: {played} deferred moves against the bot", flush=True)


def slack_bot_moves(server):
    """Against the referee's bot, /caravan play is answered with an empty 200 and followed up."""
    made = json.loads(cli("new", "nv-caravan", "--player", "ann", "--player", "bob", "--bot",
                          "bob=random", "--seed", "7").stdout)
    game = made["game"]
    GAMES.append((game, [(p["name"], p["token"]) for p in made["players"] if "token" in p]))
    user = "U0BOTGAME"
    cli("admin", "notify", "mention", game, "ann", "slack:" + user, "--reason", "test")
    for _ in range(3):
        moves = slack(server, user, f"moves {game}")
        line = re.search(r"`([^`]+)`", moves["text"]).group(1)
        before = state_of(game)["turns"]
        body = urllib.parse.urlencode({
            "user_id": user, "command": "/caravan", "text": f"play {game} {line}",
            "response_url": SLACK_BASE + "deferred/1", "trigger_id": next_trigger()})
        status, text = server.post("/slack/commands", body, slack_signed(body))
        check(status == 200 and text == "", f"slack: a turn before the bot: an empty 200 ({text})")
        try:
            path, message = FOLLOW_UPS.get(timeout=20)
        except queue.Empty:
            check(False, "slack: no follow-up of the deferred command")
            return
        ANSWERS.append(("slack:" + user, message.get("text", ""), json.dumps(message), True))
        check(path == "/deferred/1" and "played" in message.get("text", "") and
              message.get("response_type") == "ephemeral",
              f"slack: the deferred command's answer: {path} {message.get('text', '')[:200]}")
        check(state_of(game)["turns"] >= before + 2, "slack: the bot answered the move")


def slack_play(server, user, answer, prefer_parts=False):
    """Slack's buttons alone, as discord_play: each part answered on the response_url by
    replacing the message it was chosen on; the answer that played, and the last step's buttons."""
    step = []
    for _ in range(80):
        moves, _ = slack_choices(answer)
        pick = [m for m in moves if not m["text"]["text"].startswith(NAV)]
        if not check(pick, f"slack: nothing to choose: {answer.get('text', '')[-300:]}"):
            return answer, step
        if prefer_parts:  # a part, else the next page (once), else a move (a primary button)
            pick = ([m for m in pick if m["style"] != "primary"] or
                    [m for m in moves if m["text"]["text"].startswith("More (") and not step] or
                    pick)
        answer = slack_click(server, user, pick[0])
        if answer.get("replace_original") is not True:
            check(answer.get("replace_original") is False,
                  "slack: a played move is a message of its own (its receipt stays)")
            return answer, step
        check(answer.get("response_type") == "ephemeral" and slack_choices(answer)[0],
              f"slack: a part replaces the message with the next ones: {answer.get('text')}")
        step = slack_choices(answer)[0]
    check(False, "slack: 80 parts made no move")
    return answer, step


def slack_parts(server):
    """A game whose seats have more moves than an actions block holds (huber-caravan), played
    through Slack's buttons alone, a part at a time, for several turns; a stale part refused."""
    game, seats = new_game("huber-caravan")
    GAMES.append((game, seats))
    users = {name: "U0HUBER%d" % i for i, (name, _) in enumerate(seats)}
    for name, user in users.items():
        cli("admin", "notify", "mention", game, name, "slack:" + user, "--reason", "t")
    start, turns, stale = len(ANSWERS), 0, False
    for turn in range(8):
        name = state_of(game)["to_move"][0]
        before = state_of(game)["turns"]
        answer, step = slack_play(server, users[name], slack(server, users[name], f"view {game}"),
                                  turn % 2 == 1)
        if not check("played" in answer.get("text", ""),
                     f"slack: a move by parts: {answer.get('text', '')[:300]}"):
            return
        check(state_of(game)["turns"] == before + 1, "slack: one move, one turn")
        turns += 1
        if step and not stale:
            stale = True
            refused = slack_click(server, users[name], step[0])
            check("Refused (65)" in refused.get("text", "") and
                  refused.get("replace_original") is False and
                  refused.get("response_type") == "ephemeral",
                  f"slack: a stale part is refused: {refused.get('text', '')[:200]}")
            check(state_of(game)["turns"] == before + 1, "slack: a stale part changed nothing")
    check(stale, "slack: some move took more than one part")
    check_no_leak(game, [n for n, _ in seats], {n: "slack:" + u for n, u in users.items()}, start)
    print(f"chat: {turns} huber-caravan moves through Slack's parts", flush=True)


def notices(game, paths):
    """The board's messages of `game` posted to each of `paths` (the newest of each)."""
    got = {}
    try:
        while set(got) != set(paths):
            path, document = NOTICES.get(timeout=20)
            text = document.get("content", document.get("text", ""))
            if path in paths and game in text:
                got[path] = document
    except queue.Empty:
        check(False, f"{game}: no board message at {set(paths) - set(got)}")
    while not NOTICES.empty():
        path, document = NOTICES.get_nowait()
        if path in paths and game in document.get("content", document.get("text", "")):
            got[path] = document
    return got


def board_button(server):
    """The board's message in the channel (each platform's notice, received here) carries "Your
    move": pressed by the user of the seat to move, it answers what /caravan moves answers, to
    them alone; pressed by anyone else, a refusal to them alone; nothing changes."""
    with open(os.path.join(SRC, "examples", "huber-caravan", "new.args")) as f:
        args = [a for a in f.read().split("\n") if a]
    made = json.loads(cli("new", "huber-caravan", *args, "--notify",
                          "discord:" + SLACK_BASE + "notice-d/x", "--notify",
                          "slack:" + SLACK_BASE + "notice-s/x").stdout)
    game = made["game"]
    seats = [(p["name"], p["token"]) for p in made["players"]]
    GAMES.append((game, seats))
    ids = {name: "1000000000000001%02d" % i for i, (name, _) in enumerate(seats)}
    slack_ids = {name: "U0BOARD%d" % i for i, (name, _) in enumerate(seats)}
    for name, _ in seats:
        cli("admin", "notify", "mention", game, name, "discord:" + ids[name], "--reason", "t")
        cli("admin", "notify", "mention", game, name, "slack:" + slack_ids[name], "--reason", "t")
    mover = state_of(game)["to_move"][0]
    other = next(n for n, _ in seats if n != mover)
    got = notices(game, ["/notice-d/x", "/notice-s/x"])
    if not check(len(got) == 2, f"{game}: a board message to each platform"):
        return
    before = state_of(game)["turns"]
    # Discord: the button is a message component naming the game.
    discord_notice = got["/notice-d/x"]
    button = discord_notice["components"][0]["components"][0]
    check(button["custom_id"] == "b|" + game and button["label"] == "Your move",
          f"discord: the board's button: {button}")
    check("You: " not in discord_notice["content"], "discord: the board message is the public one")
    pressed = discord_click(server, ids[mover], button["custom_id"])
    moves = discord(server, ids[mover], "moves", game=game)
    check(pressed.get("type") == 4 and pressed["data"].get("flags") == 64 and
          pressed["data"]["content"] == moves["data"]["content"] and
          pressed["data"]["components"] == moves["data"]["components"],
          f"discord: the board's button answers the seat to move as moves does: "
          f"{pressed['data']['content'][:200]}")
    for user, code, why in ((ids[other], 65, "not your move"), (OUTSIDER, 77, "no seat")):
        refused = discord_click(server, user, button["custom_id"])
        check(refused.get("type") == 4 and refused["data"].get("flags") == 64 and
              f"Refused ({code})" in refused["data"]["content"],
              f"discord: the board's button pressed by another ({why}): "
              f"{refused['data']['content'][:200]}")
    # Slack: the button in the actions block after the text.
    slack_notice = got["/notice-s/x"]
    element = slack_notice["blocks"][-1]["elements"][0]
    check(element["value"] == "b|" + game, f"slack: the board's button: {element}")
    action = {"type": "button", "action_id": element["action_id"], "value": element["value"]}
    pressed = slack_click(server, slack_ids[mover], action)
    moves = slack(server, slack_ids[mover], f"moves {game}")
    check(pressed.get("response_type") == "ephemeral" and pressed.get("replace_original") is False
          and pressed.get("text") == moves["text"] and pressed.get("blocks") == moves["blocks"],
          f"slack: the board's button answers the seat to move as moves does: "
          f"{pressed.get('text', '')[:200]}")
    for user, code in ((slack_ids[other], 65), ("U0OUTSIDE", 77)):
        refused = slack_click(server, user, action)
        check(f"Refused ({code})" in refused.get("text", "") and
              refused.get("response_type") == "ephemeral" and
              refused.get("replace_original") is False,
              f"slack: the board's button pressed by another: {refused.get('text', '')[:200]}")
    check(state_of(game)["turns"] == before, "the board's button changed nothing")
    print(f"chat: {game}: the board's button answered its seat's user, refused the others",
          flush=True)
    # From the button's answer to a move, a part at a time.
    answer, _ = discord_play(server, ids[mover], discord_click(server, ids[mover], "b|" + game))
    check("played" in answer["data"]["content"] and state_of(game)["turns"] == before + 1,
          f"a move played from the board's button: {answer['data']['content'][:200]}")
    after = notices(game, ["/notice-d/x"])
    check(after.get("/notice-d/x", {}).get("components", [{}])[0].get("components", [{}])[0]
          .get("custom_id") == "b|" + game, "the next board message carries the button again")


def slack_game(server):
    kind = "nv-caravan"
    game, seats = new_game(kind)
    GAMES.append((game, seats))
    users = {name: "U0SLACK%d" % i for i, (name, _) in enumerate(seats)}
    names = [n for n, _ in seats]
    cli("admin", "notify", "mention", game, names[0], "slack:" + users[names[0]], "--reason", "t")
    claim = slack(server, users[names[1]], f"claim {game} {seats[1][1]}")
    check(claim["response_type"] == "ephemeral" and f"You are {names[1]}" in claim["text"],
          f"slack: claim: {claim}")
    # Refused: a bad signature, a stale timestamp, a replay.
    body = urllib.parse.urlencode({"user_id": users[names[0]], "command": "/caravan",
                                   "text": f"view {game}", "response_url": SLACK_BASE + "x"})
    headers = slack_signed(body)
    forged = dict(headers, **{"X-Slack-Signature": "v0=" + "0" * 64})
    status, _ = server.post("/slack/commands", body, forged)
    check(status == 401, f"slack: a bad signature: 401 ({status})")
    status, _ = server.post("/slack/commands", body, slack_signed(body, NOW - 301))
    check(status == 401, f"slack: a stale timestamp: 401 ({status})")
    status, _ = server.post("/slack/commands", body, slack_signed(body, NOW + 299))
    check(status == 200, f"slack: a timestamp within five minutes is taken ({status})")
    status, _ = server.post("/slack/commands", body, slack_signed(body, secret="not the secret"))
    check(status == 401, f"slack: another secret: 401 ({status})")
    status, _ = server.post("/slack/commands", body, headers)
    check(status == 200, f"slack: the signed command: 200 ({status})")
    status, _ = server.post("/slack/commands", body, headers)
    check(status == 401, f"slack: the same request again: 401 ({status})")
    # Bytes that are not UTF-8, as a form may carry them: refused in words, not a server error.
    body = "user_id=%s&command=%%2Fcaravan&text=view+%%FF%%FE&trigger_id=%s" % (
        users[names[0]], next_trigger())
    status, text = server.post("/slack/commands", body, slack_signed(body))
    check(status == 200 and "Refused (64)" in json.loads(text)["text"],
          f"slack: a command not in UTF-8: {status} {text[:200]}")
    for text in ("games", f"rules {kind}", f"moves {game}", "help"):
        answer = slack(server, users[names[0]], text)
        check(answer["response_type"] == "ephemeral" and answer["text"], f"slack: {text}")
    public = slack(server, "U0OUTSIDE", f"view {game}")
    check(public["response_type"] == "in_channel", "slack: an outsider's view is the channel's")
    start = len(ANSWERS)
    played = 0
    for _ in range(3000):
        moved = False
        for name in names:
            answer = slack(server, users[name], f"view {game}")
            moves, _ = slack_choices(answer)
            if not moves:
                continue
            before = state_of(game)["turns"]
            # The forged user: the same button from someone else.
            if played == 0:
                forged = slack_click(server, "U0OUTSIDE", moves[0])
                check("Refused (77)" in forged.get("text", ""), f"slack: forged user: {forged}")
                check(state_of(game)["turns"] == before, "slack: a forged user changed nothing")
            answer = slack_click(server, users[name], moves[0])
            if not check("played" in answer.get("text", ""),
                         f"slack: move refused: {answer.get('text', '')[:300]}"):
                return
            check(state_of(game)["turns"] > before, "slack: a move made a turn")
            played += 1
            moved = True
            break
        if not moved:
            break
    check(state_of(game)["finished"], f"slack: the game is over after {played} moves")
    # The other commands once: draw offer and decline, resign, new.
    game2, seats2 = new_game(kind)
    GAMES.append((game2, seats2))
    a, b = users[names[0]], users[names[1]]
    cli("admin", "notify", "mention", game2, seats2[0][0], "slack:" + a, "--reason", "t")
    cli("admin", "notify", "mention", game2, seats2[1][0], "slack:" + b, "--reason", "t")
    for user, text in ((a, f"draw {game2} offer"), (b, f"draw {game2} decline"),
                       (b, f"resign {game2}")):
        answer = slack(server, user, text)
        check("played" in answer["text"] and answer["response_type"] == "ephemeral",
              f"slack: {text}: {answer['text'][:200]}")
    check(state_of(game2)["finished"], "slack: resign ends the game")
    refused = slack(server, a, "new nv-caravan ann bob")
    check("Refused (77)" in refused["text"], "slack: only a game master starts a game")
    made = slack(server, SLACK_MASTER, "new nv-caravan ann bob")
    check("made" in made["text"] and made["response_type"] == "ephemeral",
          f"slack: the game master starts a game: {made['text'][:200]}")
    check_no_leak(game, names, {n: "slack:" + u for n, u in users.items()}, start)
    print(f"chat: {played} moves through Slack", flush=True)


if __name__ == "__main__":
    sys.exit(main())
