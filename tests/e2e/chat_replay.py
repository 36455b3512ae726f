"""Replays refused across serve processes (tests/e2e/chat_replay.sh runs it).

    chat_replay.py BIN SOURCE_DIR

Two `caravan-ref serve` on one database ($CARAVAN_REF_DB: an SQLite file, or a PostgreSQL URL
when tests/e2e/pg.sh runs this), as behind a load balancer. Each request is signed as its platform
documents (Discord: Ed25519 of timestamp + body with PyNaCl; Slack: v0= and the hex HMAC-SHA256
of "v0:TIMESTAMP:BODY"), sent to the first, and the same bytes then sent to the second: the second
answers 401 and nothing changes (no game made, no turn played, no submission recorded). The first
is then stopped and started again: the replay is still refused. A request each server has not
seen is taken by either, so the refusals are the replays', not a server that cannot answer.
"""
import calendar
import json
import os
import subprocess
import sys
import urllib.parse

import nacl.signing

import chat_platforms

BIN, SRC = sys.argv[1:3]
# The one clock: both servers, the command line and every request's timestamp read it.
os.environ["CARAVAN_REF_NOW"] = "2026-06-01T12:00:00Z"
NOW = calendar.timegm((2026, 6, 1, 12, 0, 0))
KEY = nacl.signing.SigningKey.generate()
SLACK_SECRET = "2f0c9a51d6e84b7da3c1e5f7a9b2c4d6"
MASTER = "100000000000000099"
ANN, BOB = "100000000000000041", "100000000000000042"
SLACK_MASTER = "U0MASTER"
FAILED, PASSED = [], [0]
SERIAL = [0]


def check(ok, what):
    if ok:
        PASSED[0] += 1
    else:
        FAILED.append(what)
        print("FAIL:", what, flush=True)
    return ok


def cli(*args):
    run = subprocess.run([BIN, "--format", "json", *args], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"{args}: exit {run.returncode}: {run.stderr}")
    return json.loads(run.stdout) if run.stdout.strip() else None


def Server(name):
    return chat_platforms.Serve(BIN, f"serve-{name}.log", KEY, SLACK_SECRET,
                                masters=("discord:" + MASTER, "slack:" + SLACK_MASTER))


def discord_request(user, kind, data):
    SERIAL[0] += 1
    body = json.dumps({"id": str(900000000000000000 + SERIAL[0]), "application_id": "1",
                       "type": kind, "token": "interaction-token-%d" % SERIAL[0],
                       "member": {"user": {"id": user}}, "data": data})
    return body, chat_platforms.discord_headers(body, KEY, NOW)


def discord_command(user, sub, **options):
    return discord_request(user, 2, {"name": "caravan", "type": 1, "options": [
        {"name": sub, "type": 1,
         "options": [{"name": k, "type": 3, "value": v} for k, v in options.items()]}]})


def slack_command(user, text):
    SERIAL[0] += 1
    body = urllib.parse.urlencode({
        "token": "deprecated", "team_id": "T0001", "channel_id": "C0001", "user_id": user,
        "command": "/caravan", "text": text, "response_url": "https://hooks.slack.com/commands/1",
        "trigger_id": "13345224609.738474920.%d" % SERIAL[0]})
    return body, chat_platforms.slack_headers(body, SLACK_SECRET, NOW)


COPIES = [0]


def record():
    """What a replay that was played would change: every game with its turns, and the rows of
    every table (`copy` counts them into a new file, whichever store the database is on)."""
    COPIES[0] += 1
    copied = cli("copy", "--from", os.environ["CARAVAN_REF_DB"], "--to", f"rows-{COPIES[0]}.db",
                 "--to-key-file", f"rows-{COPIES[0]}.key")
    return cli("list"), copied["rows"]


def replayed(what, path, request, first, second, content_of):
    """Sends `request` to `first` (taken), then the same bytes to `second` (401, nothing new)."""
    body, headers = request
    status, text = first.post(path, body, headers)
    if not check(status == 200, f"{what}: taken by the first serve: {status} {text[:300]}"):
        return None
    answer = content_of(json.loads(text))
    before = record()
    status, text = second.post(path, body, headers)
    check(status == 401, f"{what}: the same bytes to the second serve: 401 ({status} {text[:200]})")
    check(record() == before, f"{what}: the replay changed nothing")
    return answer


def main():
    os.environ.pop("CARAVAN_REF_SLACK_API", None)
    cli("init")
    a, b = Server("a"), Server("b")
    try:
        discord_content = lambda answer: answer.get("data", {}).get("content", "")
        slack_text = lambda answer: answer.get("text", "")
        games = len(cli("list"))

        # Discord: the game master's `new`, replayed, would make a second game.
        discord_new = discord_command(MASTER, "new", kind="nv-caravan", players="ann bob")
        made = replayed("discord new", "/discord/interactions", discord_new, a, b,
                        discord_content)
        check(made is not None and "made" in made, f"discord new made a game: {made}")
        check(len(cli("list")) == games + 1, "one new, one game")

        # Discord: a move by its button, replayed, would be tried again (a submission recorded).
        game = cli("new", "nv-caravan", "--player", "ann", "--player", "bob", "--seed", "7")
        game_id = game["game"]
        cli("admin", "notify", "mention", game_id, "ann", "discord:" + ANN, "--reason", "test")
        cli("admin", "notify", "mention", game_id, "bob", "discord:" + BOB, "--reason", "test")
        to_move = cli("view", game_id, "--referee")["to_move"][0]
        user = ANN if to_move == "ann" else BOB
        body, headers = discord_command(user, "view", game=game_id)
        status, text = b.post("/discord/interactions", body, headers)
        check(status == 200, f"discord view on the second serve: {status} {text[:200]}")
        # The first move offered: a button, or the first option of the menu.
        moves = []
        for row in json.loads(text)["data"].get("components", []):
            for c in row["components"]:
                if c["type"] == 2 and c["custom_id"].startswith("m|"):
                    moves.append({"custom_id": c["custom_id"], "component_type": 2})
                elif c["type"] == 3:
                    moves += [{"custom_id": c["custom_id"], "component_type": 3,
                               "values": [o["value"]]} for o in c["options"]]
        if check(moves, f"the seat to move is offered moves: {text[:300]}"):
            turns = {g["game"]: g["turns"] for g in cli("list")}[game_id]
            played = replayed("discord move", "/discord/interactions",
                              discord_request(user, 3, moves[0]), b, a, discord_content)
            check(played is not None and "played" in played, f"the move was played: {played}")
            check({g["game"]: g["turns"] for g in cli("list")}[game_id] == turns + 1,
                  "one click, one turn")

        # Slack: the game master's `new` through the command.
        slack_new = slack_command(SLACK_MASTER, "new nv-caravan ann bob")
        made = replayed("slack new", "/slack/commands", slack_new, a, b, slack_text)
        check(made is not None and "made" in made, f"slack new made a game: {made}")

        # Each still takes what it has not seen (the refusals were the replays').
        for server, name in ((a, "first"), (b, "second")):
            status, text = server.post("/slack/commands", *slack_command(SLACK_MASTER, "games"))
            check(status == 200, f"a new request to the {name} serve is taken ({status})")

        # After a restart the first serve still knows what either saw.
        check(a.stop() == 0, "the first serve stops on SIGTERM")
        a = Server("a2")
        before = record()
        for what, path, request in (("discord new", "/discord/interactions", discord_new),
                                    ("slack new", "/slack/commands", slack_new)):
            status, text = a.post(path, *request)
            check(status == 401, f"{what} replayed after a restart: 401 ({status} {text[:200]})")
        check(record() == before, "replays after a restart changed nothing")
    finally:
        a.stop()
        b.stop()
    print(f"{PASSED[0]} passed, {len(FAILED)} failed", flush=True)
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
