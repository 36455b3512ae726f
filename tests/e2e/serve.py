"""caravan-ref serve, as bots and browsers meet it (tests/e2e/serve.sh runs it).

    serve.py BIN SCHEMA_DIR SOURCE_DIR

One server on a free port (the address its first line prints) over one database with a game of
each engine (examples/<kind>/new.args). Two bots per game play it through the API as a bot would
(moves, then a turn file posted to turns) until it is over; every answer is checked against the
response schema schema/openapi.json names for it (which $refs schema/json/). Then: the views equal
the command line's, no answer, page or event names another seat's token or link, wrong tokens get
one answer and are slowed, oversized bodies and a slow client are cut, a cross-site post is
refused, a page's forms play a move, `admin replace` kills the seat's old link, the event stream
resumes, and `audit` is clean after. Exits 0 when every check holds.
"""
import http.client
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import xml.etree.ElementTree

import jsonschema

BIN, SCHEMAS, SRC = sys.argv[1:4]
FAILED, PASSED = [], [0]


def check(ok, what):
    if ok:
        PASSED[0] += 1
    else:
        FAILED.append(what)
        print("FAIL:", what, flush=True)
    return ok


def cli(*args, ok=True):
    run = subprocess.run([BIN, "--format", "json", *args], capture_output=True, text=True)
    if ok and run.returncode != 0:
        raise SystemExit(f"{args}: exit {run.returncode}: {run.stderr}")
    return run


# ---- the schemas: openapi.json's response schema for a path, method and status
def load_schemas():
    store = {}
    for name in os.listdir(SCHEMAS):
        if name.endswith(".schema.json"):
            with open(os.path.join(SCHEMAS, name)) as f:
                store[name] = json.load(f)
    with open(os.path.join(SRC, "schema", "openapi.json")) as f:
        api = json.load(f)
    return store, api


STORE, API = load_schemas()


def validator(ref):
    name = ref.split("/")[-1]
    schema = STORE[name]
    resolver = jsonschema.RefResolver(base_uri=name, referrer=schema, store=STORE)
    return jsonschema.Draft202012Validator(schema, resolver=resolver)


def route_of(path):
    for template in API["paths"]:
        pattern = "^" + re.sub(r"\{[^}]+\}", "[^/]+", template) + "$"
        if re.match(pattern, path):
            return template
    return None


def check_answer(method, path, status, document):
    """The answer against the schema openapi.json gives for it."""
    template = route_of(path.split("?")[0])
    if not check(template is not None, f"{path}: not in openapi.json"):
        return
    responses = API["paths"][template][method.lower()]["responses"]
    if not check(str(status) in responses, f"{method} {template}: status {status} not in openapi.json"):
        return
    ref = responses[str(status)]["content"]["application/json"]["schema"]["$ref"]
    errors = sorted(validator(ref).iter_errors(document), key=lambda e: list(e.path))
    check(not errors, f"{method} {path} {status} against {ref}: " +
          "; ".join(f"{list(e.path)}: {e.message[:200]}" for e in errors[:3]))


# ---- the server
class Server:
    def __init__(self, *extra):
        self.proc = subprocess.Popen([BIN, "serve", "--listen", "127.0.0.1:0", *extra],
                                     stdout=subprocess.PIPE, stderr=open("serve.log", "ab"),
                                     text=True)
        STARTED.append(self.proc)
        self.url = self.proc.stdout.readline().strip()
        parsed = urllib.parse.urlparse(self.url)
        self.host, self.port = parsed.hostname, parsed.port

    def request(self, method, path, body=None, headers=None, raw=False, schema=True):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        conn.request(method, path, body=body, headers=headers or {})
        res = conn.getresponse()
        data = res.read()
        conn.close()
        ANSWERS.append(data.decode("utf-8", "replace"))
        if raw:
            return res, data
        document = json.loads(data)
        if schema:
            check_answer(method, path, res.status, document)
        return res.status, document

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return None


ANSWERS = []  # every answer body, for the leak check


def bearer(token):
    return {"Authorization": "Bearer " + token}


def new_game(kind):
    with open(os.path.join(SRC, "examples", kind, "new.args")) as f:
        args = f.read().split("\n")
    made = json.loads(cli("new", kind, *[a for a in args if a]).stdout)
    return made["game"], {p["name"]: p["token"] for p in made["players"]}


def play(server, kind, game, tokens, rng):
    """Two (or three) bots: each asks for its moves; the one that has some posts a turn."""
    for _ in range(3000):
        status, view = server.request("GET", f"/api/games/{game}/view")
        if view.get("finished"):
            return True
        moved = False
        for name, token in tokens.items():
            status, moves = server.request("GET", f"/api/games/{game}/moves?limit=200",
                                           headers=bearer(token))
            if status != 200 or not moves["moves"]:
                continue
            status, mine = server.request("GET", f"/api/games/{game}/view", headers=bearer(token))
            turn = {"game": game, "player": name, "turn": mine["turn"],
                    "moves": [rng.choice(moves["moves"])]}
            # Every other turn carries its token in the file, the others in the header alone.
            headers = {"Content-Type": "application/json"}
            if mine["turn"] % 2:
                turn["token"] = token
            else:
                headers.update(bearer(token))
            status, answer = server.request("POST", f"/api/games/{game}/turns",
                                            body=json.dumps(turn), headers=headers)
            if not check(status == 200 and answer["accepted"], f"{kind}: turn refused: {answer}"):
                return False
            moved = True
            break
        if not check(moved, f"{kind}: nobody has a move and the game is not over"):
            return False
    return check(False, f"{kind}: not over after 3000 turns")


def kinds():
    out = subprocess.run([BIN, "games"], capture_output=True, text=True).stdout
    return re.findall(r"^  kind: (\S+)", out, re.M)


def page_forms(html):
    code = re.search(r'name="code" value="([0-9a-f]+)"', html)
    turn = re.search(r'name="turn" value="([0-9]+)"', html)
    moves = re.findall(r'<button class="move" name="move" value="([^"]*)"', html)
    import html as h
    return (code.group(1) if code else None, turn.group(1) if turn else None,
            [h.unescape(m) for m in moves])


def post_form(server, path, fields, origin):
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if origin:
        headers["Origin"] = origin
    res, _ = server.request("POST", path, body=urllib.parse.urlencode(fields), headers=headers,
                            raw=True)
    return res


def main():
    cli("init")
    rng = random.Random(64)
    games = {kind: new_game(kind) for kind in kinds()}
    check(len(games) >= 5, f"a game of each engine: {sorted(games)}")
    server = Server("--request-timeout", "2")
    check(re.match(r"^http://127\.0\.0\.1:[0-9]+$", server.url), f"first line: {server.url!r}")

    # Pages and the stream before the games are played: they must see the moves to come.
    first_kind = "nv-caravan" if "nv-caravan" in games else sorted(games)[0]
    game, tokens = games[first_kind]
    links = {name: cli("link", game, "--player", name, "--base-url", server.url).stdout.strip()
             for name in tokens}
    check(links == {name: cli("link", game, "--player", name, "--base-url",
                              server.url).stdout.strip() for name in tokens},
          "link prints the same link twice")
    check(len(set(links.values())) == len(links), "each seat its own link")

    # The live page: a move by its form (same origin, the page's code), 303 back to the page.
    to_move = None
    for name, url in links.items():
        path = urllib.parse.urlparse(url).path
        res, body = server.request("GET", path, raw=True)
        html = body.decode()
        check(res.status == 200 and res.getheader("Referrer-Policy") == "same-origin",
              "a player's page, its address told to no other site")
        try:
            xml.etree.ElementTree.fromstring(html.replace("<!DOCTYPE html>", ""))
            well_formed = True
        except xml.etree.ElementTree.ParseError as error:
            well_formed = error
        check(well_formed is True, f"{name}'s live page is well-formed XML ({well_formed})")
        code, turn, moves = page_forms(html)
        if moves:
            to_move = (name, path, code, turn, moves, res.getheader("ETag"))
    check(to_move is not None, "the seat to move has move buttons")
    name, path, code, turn, moves, etag = to_move
    next_before = json.loads(cli("view", game, "--referee").stdout)["turn"]
    # Cross-site: another origin, or no code: 403, nothing played.
    check(post_form(server, path, {"code": code, "turn": turn, "move": moves[0]},
                    "http://evil.example").status == 403, "a post from another origin: 403")
    check(post_form(server, path, {"turn": turn, "move": moves[0]}, server.url).status == 403,
          "a post without the page's code: 403")
    check(json.loads(cli("view", game, "--referee").stdout)["turn"] == next_before,
          "refused posts played nothing")
    # The ETag: unchanged, 304; the event stream opened now tells the move to come.
    res, _ = server.request("GET", path, headers={"If-None-Match": etag}, raw=True)
    check(res.status == 304, f"the unchanged page: 304 ({res.status})")
    stream = socket.create_connection((server.host, server.port), timeout=10)
    stream.sendall(f"GET /api/games/{game}/events?after={next_before - 1} HTTP/1.1\r\n"
                   "Host: x\r\n\r\n".encode())
    res = post_form(server, path, {"code": code, "turn": turn, "move": moves[0]}, server.url)
    check(res.status == 303 and res.getheader("Location", "").endswith(path.split("/")[-1]),
          f"the form's move: 303 back to the page ({res.status})")
    res, body = server.request("GET", path, raw=True)
    check("Turn " in body.decode() and res.getheader("ETag") != etag,
          "the page says the turn was played, with a new ETag")
    received = b""
    deadline = time.monotonic() + 10
    while not re.search(rb"\ndata: [^\n]*\n\n", received):
        if time.monotonic() > deadline:
            break
        chunk = stream.recv(65536)
        if not chunk:
            break
        received += chunk
    stream.close()
    ANSWERS.append(received.decode("utf-8", "replace"))
    data = re.search(rb"\ndata: (.*)\n", received)
    check(data is not None, f"the stream told the move: {received[:300]!r}")
    if data:
        event = json.loads(data.group(1))
        errors = list(validator("notify-event.schema.json").iter_errors(event))
        check(not errors, f"the event against notify-event.schema.json: {errors[:1]}")
        check(re.search(rb"\nid: %d\n" % next_before, received) is not None, "the event's id")
    # Resuming from turn 0: every change since, at once.
    res, _ = None, None
    resume = socket.create_connection((server.host, server.port), timeout=10)
    resume.sendall(f"GET /api/games/{game}/events HTTP/1.1\r\nHost: x\r\nLast-Event-ID: 0\r\n\r\n"
                   .encode())
    got = b""
    deadline = time.monotonic() + 10
    while b"\ndata: " not in got and time.monotonic() < deadline:
        chunk = resume.recv(65536)
        if not chunk:
            break
        got += chunk
    resume.close()
    check(b"\ndata: " in got, "Last-Event-ID: 0 tells what happened since")

    # The API: the same documents as the command line's.
    for name, token in tokens.items():
        _, view = server.request("GET", f"/api/games/{game}/view", headers=bearer(token))
        check(view == json.loads(cli("view", game, "--player", name).stdout),
              f"{name}'s API view is the command line's")
        _, log = server.request("GET", f"/api/games/{game}/history", headers=bearer(token))
        check(log == json.loads(cli("log", game, "--player", name).stdout),
              f"{name}'s API history is the command line's")

    # The observers' page: live (an ETag), with no move and no form.
    res, body = server.request("GET", f"/watch/{game}", raw=True)
    check(res.status == 200 and res.getheader("ETag") and "<form" not in body.decode(),
          "the observers' page: no form")

    # Where moves are many (huber-caravan), the page builds a move a part at a time: its links
    # (GETs, nothing played) lead to a button that plays the move; a step no move begins with
    # offers nothing, and one that is not JSON is a bad request.
    if "huber-caravan" in games:
        import html as h
        many, many_tokens = new_game("huber-caravan")
        for _ in range(60):  # the first listed moves, until a seat has more than 60
            totals = {name: server.request("GET", f"/api/games/{many}/moves?limit=1",
                                           headers=bearer(token))[1]
                      for name, token in many_tokens.items()}
            if any(t.get("total", 0) > 60 for t in totals.values()):
                break
            name = next(n for n, t in totals.items() if t.get("moves"))
            _, mine = server.request("GET", f"/api/games/{many}/view",
                                     headers=bearer(many_tokens[name]))
            server.request("POST", f"/api/games/{many}/turns", body=json.dumps(
                {"game": many, "player": name, "turn": mine["turn"],
                 "moves": totals[name]["moves"]}), headers=bearer(many_tokens[name]))
        for name in many_tokens:
            url = cli("link", many, "--player", name, "--base-url", server.url).stdout.strip()
            path = urllib.parse.urlparse(url).path
            _, body = server.request("GET", path, raw=True)
            html = body.decode()
            if "a part at a time" not in html:
                continue
            before = json.loads(cli("view", many, "--referee").stdout)["turn"]
            clicks = 0
            while True:  # the last part's link each time, as far as it goes
                parts = re.findall(r'<a class="move step" href="[0-9a-f]{32}(\?step=[^"]*)"', html)
                if not parts:
                    break
                _, body = server.request("GET", path + h.unescape(parts[-1]), raw=True)
                html = body.decode()
                clicks += 1
            check(json.loads(cli("view", many, "--referee").stdout)["turn"] == before,
                  "huber-caravan: choosing parts plays nothing")
            code, turn, buttons = page_forms(html)
            check(clicks >= 1 and buttons, f"huber-caravan: {clicks} parts lead to a move's button")
            res = post_form(server, path, {"code": code, "turn": turn, "move": buttons[-1]},
                            server.url)
            after = json.loads(cli("view", many, "--referee").stdout)["turn"]
            check(res.status == 303 and after == before + 1,
                  f"huber-caravan: the move built part by part is played ({res.status}, "
                  f"{before} -> {after})")
            res, body = server.request("GET", path + "?step=%7B%22move%22%3A%7B%22from%22%3A%22z9%22%7D%7D",
                                       raw=True)
            check(res.status == 200 and "No legal move begins so" in body.decode(),
                  "huber-caravan: a step no move begins with offers nothing")
            res, _ = server.request("GET", path + "?step=%7Bnot", raw=True)
            check(res.status == 400, f"huber-caravan: a step that is not JSON: {res.status}")
            break
        else:
            check(False, "huber-caravan: no page builds a move a part at a time")

    # A seat that signs its turns: its page shows the moves to sign, and no form (the page holds
    # no key of theirs); the other seat's page plays as any.
    key = json.loads(cli("keygen", "--out", "ann.key").stdout)["public_key"]
    made = json.loads(cli("new", "caravaneers", "--player", "ann", "--player", "bob", "--seed", "3",
                          "--key", f"ann={key}").stdout)
    signed = made["game"]
    pages = {}
    for name in ("ann", "bob"):
        url = cli("link", signed, "--player", name, "--base-url", server.url).stdout.strip()
        pages[name] = server.request("GET", urllib.parse.urlparse(url).path, raw=True)[1].decode()
    check("<form" not in pages["ann"] and "signs its turns" in pages["ann"] and
          "chain: CHAIN-FROM-YOUR-VIEW" in pages["ann"],
          "a signing seat's page: the moves to sign, no form")
    check("<form" in pages["bob"], "the other seat's page has its forms")

    # A database locked past the busy timeout: 503 with Retry-After, nothing played; the same
    # turn sent again once the lock is gone is accepted.
    busy_env = dict(os.environ, CARAVAN_REF_BUSY_TIMEOUT="100")
    busy = Server.__new__(Server)
    busy.proc = subprocess.Popen([BIN, "serve", "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE,
                                 stderr=open("serve.log", "ab"), text=True, env=busy_env)
    STARTED.append(busy.proc)
    busy.url = busy.proc.stdout.readline().strip()
    busy.host, busy.port = "127.0.0.1", urllib.parse.urlparse(busy.url).port
    mover = None
    for name, token in tokens.items():
        _, moves = busy.request("GET", f"/api/games/{game}/moves", headers=bearer(token))
        if moves["moves"]:
            _, mine = busy.request("GET", f"/api/games/{game}/view", headers=bearer(token))
            mover = {"game": game, "player": name, "turn": mine["turn"], "token": token,
                     "moves": [moves["moves"][0]]}
    lock = subprocess.Popen(["sqlite3", os.environ["CARAVAN_REF_DB"]], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    lock.stdin.write("BEGIN IMMEDIATE;\nSELECT 'locked';\n")
    lock.stdin.flush()
    check(lock.stdout.readline().strip() == "locked", "sqlite3 holds the write lock")
    res, body = busy.request("POST", f"/api/games/{game}/turns", body=json.dumps(mover), raw=True)
    check(res.status == 503 and res.getheader("Retry-After") == "2" and
          json.loads(body)["error"]["kind"] == "busy",
          f"a turn while the database is locked: 503, Retry-After ({res.status} {body[:200]!r})")
    check_answer("POST", f"/api/games/{game}/turns", res.status, json.loads(body))
    lock.stdin.write("ROLLBACK;\n.quit\n")
    lock.stdin.close()
    lock.wait()
    status, answer = busy.request("POST", f"/api/games/{game}/turns", body=json.dumps(mover))
    check(status == 200 and answer["accepted"], f"the same turn once the lock is gone: {answer}")
    check(busy.stop() == 0, "the second server stops cleanly")

    # Every engine, played to its end by two bots through the API.
    for kind, (game_id, game_tokens) in sorted(games.items()):
        check(play(server, kind, game_id, game_tokens, rng), f"{kind}: played to its end")
        run = cli("audit", game_id, ok=False)
        check(run.returncode == 0 and json.loads(run.stdout)["ok"], f"{kind}: audit clean")

    # A refused turn: 422 and the error document; a turn for another game: 422.
    kind0, (g0, t0) = sorted(games.items())[0]
    status, answer = server.request("POST", f"/api/games/{g0}/turns",
                                    body=f"game: {g0}\nplayer: nobody\nturn: 1\ntoken: x\nmoves: []\n")
    check(status == 422 and answer["accepted"] is False, f"a refused turn: 422 ({status})")
    # A file without a credential and no header: refused as submit refuses it.
    status, answer = server.request("POST", f"/api/games/{g0}/turns",
                                    body=f"game: {g0}\nplayer: x\nturn: 1\nmoves: []\n")
    check(status == 422 and "token" in answer["error"]["message"],
          f"a turn without a token: 422 naming the token ({answer})")
    # The header's token is another seat's: the file is refused (77), not played as another's.
    seats = sorted(t0)
    status, answer = server.request("POST", f"/api/games/{g0}/turns",
                                    body=f"game: {g0}\nplayer: {seats[0]}\nturn: 1\nmoves: [x]\n",
                                    headers=bearer(t0[seats[1]]))
    check(status == 422 and answer["error"]["code"] == 77,
          f"a file of one seat with another seat's token: refused, 77 ({answer})")

    # Too large a body: 413, an error document; nothing read past the limit.
    status, answer = server.request("POST", f"/api/games/{g0}/turns", body="x" * (200 * 1024))
    check(status == 413, f"a 200 KiB body: 413 ({status})")

    # A slow client: the request line, then a header byte every half second: cut after the
    # request timeout (2 s), long before its headers could end.
    slow = socket.create_connection((server.host, server.port), timeout=10)
    slow.sendall(f"GET /api/games/{g0}/view HTTP/1.1\r\n".encode())
    began = time.monotonic()
    cut = None
    for byte in b"X-Slow: " + b"a" * 60:
        try:
            slow.sendall(bytes([byte]))
            slow.settimeout(0.5)
            if slow.recv(1024) == b"":
                cut = time.monotonic() - began
                break
        except socket.timeout:
            continue
        except (ConnectionResetError, BrokenPipeError):
            cut = time.monotonic() - began
            break
    slow.close()
    check(cut is not None and cut < 6, f"a byte-a-second client is cut by the request timeout ({cut})")

    # Leaks: no answer, page or stream so far holds a token, or a link of a seat it is not for.
    # (Each answer to a player holds nothing of another's: the views equal the command line's,
    # which the leak suites check; here the secrets the server itself knows.)
    every_token = [t for _, ts in games.values() for t in ts.values()]
    every_link = [urllib.parse.urlparse(u).path.split("/")[-1] for u in links.values()]
    for text in ANSWERS:
        for secret in every_token:
            check(secret not in text, "a token in an answer")
    own_pages = 0
    for name, url in links.items():
        res, body = server.request("GET", urllib.parse.urlparse(url).path, raw=True)
        html = body.decode()
        own_pages += 1
        for other, other_url in links.items():
            if other != name:
                check(other_url.split("/")[-1] not in html, f"{name}'s page names {other}'s link")
        for token in every_token:
            check(token not in html, f"{name}'s page holds a token")
    with open("serve.log") as f:
        log = f.read()
    for secret in every_token + every_link:
        check(secret not in log, "a token or link in serve's log")

    # Wrong tokens: one answer whatever the token; then slowed.
    answers = set()
    for wrong in ["0" * 32, "nonsense", t0[list(t0)[0]][::-1]]:
        status, answer = server.request("GET", f"/api/games/{g0}/view", headers=bearer(wrong))
        answers.add((status, json.dumps(answer, sort_keys=True)))
    other_game = sorted(games.items())[1][1][1]
    status, answer = server.request("GET", f"/api/games/{g0}/view",
                                    headers=bearer(list(other_game.values())[0]))
    answers.add((status, json.dumps(answer, sort_keys=True)))
    status, answer = server.request("GET", f"/api/games/{g0}/view",
                                    headers={"Authorization": "Basic eDp5"})
    answers.add((status, json.dumps(answer, sort_keys=True)))
    check(len(answers) == 1 and next(iter(answers))[0] == 401,
          f"every wrong token: one answer, 401 ({answers})")
    for _ in range(4):
        server.request("GET", f"/api/games/{g0}/view", headers=bearer("1" * 32))
    began = time.monotonic()
    server.request("GET", f"/api/games/{g0}/view", headers=bearer("2" * 32))
    slowed = time.monotonic() - began
    check(slowed >= 0.3, f"after 9 wrong tokens the next waits (at least 0.3 s; {slowed:.2f})")

    # Replacing a seat kills its old link.
    fresh, fresh_tokens = new_game(first_kind)
    name = sorted(fresh_tokens)[0]
    old = cli("link", fresh, "--player", name, "--base-url", server.url).stdout.strip()
    res, _ = server.request("GET", urllib.parse.urlparse(old).path, raw=True)
    check(res.status == 200, f"a seat's link opens its page ({res.status})")
    cli("admin", "replace", fresh, "--player", name, "--by", name + "2", "--reason", "test")
    res, _ = server.request("GET", urllib.parse.urlparse(old).path, raw=True)
    check(res.status == 404 and res.getheader("Content-Type").startswith("text/html"),
          f"the replaced seat's old link: 404, a page ({res.status})")
    new = cli("link", fresh, "--player", name, "--base-url", server.url).stdout.strip()
    res, _ = server.request("GET", urllib.parse.urlparse(new).path, raw=True)
    check(new != old and res.status == 200, "the new seat's link is another, and opens")

    # A turn played through serve sends the game's channels their news, as a command does
    # (caravan-ref-notify, started detached): a webhook receiver is told it.
    receiver = subprocess.Popen([sys.executable, os.path.join(SRC, "tests", "e2e",
                                                              "notify_server.py"),
                                 "receiver.port", "received.log"])
    STARTED.append(receiver)
    deadline = time.monotonic() + 20
    while not (os.path.exists("receiver.port") and open("receiver.port").read().strip()):
        if time.monotonic() > deadline:
            break
        time.sleep(0.05)
    hook = f"json:http://127.0.0.1:{open('receiver.port').read().strip()}/json/s3cret"
    with open(os.path.join(SRC, "examples", first_kind, "new.args")) as f:
        args = [a for a in f.read().split("\n") if a]
    told = json.loads(cli("new", first_kind, *args, "--notify", hook).stdout)
    told_tokens = {p["name"]: p["token"] for p in told["players"]}
    for name, token in told_tokens.items():
        _, moves = server.request("GET", f"/api/games/{told['game']}/moves", headers=bearer(token))
        if moves["moves"]:
            _, mine = server.request("GET", f"/api/games/{told['game']}/view",
                                     headers=bearer(token))
            turn = {"game": told["game"], "player": name, "turn": mine["turn"], "token": token,
                    "moves": [moves["moves"][0]]}
            status, _ = server.request("POST", f"/api/games/{told['game']}/turns",
                                       body=json.dumps(turn))
            check(status == 200, "the turn for the channel is accepted")
            break
    deadline = time.monotonic() + 20
    heard = False
    while not heard and time.monotonic() < deadline:
        if os.path.exists("received.log"):
            with open("received.log") as f:
                heard = any(json.loads(json.loads(line).get("body") or "{}").get("event") == "turn"
                            for line in f if line.strip())
        time.sleep(0.05)
    check(heard, "the channel is told the turn played through serve (within 20 s)")
    receiver.terminate()
    receiver.wait()

    code = server.stop()
    check(code == 0, f"SIGTERM stops serve cleanly (exit {code})")
    run = cli("audit", ok=False)
    check(run.returncode == 0 and json.loads(run.stdout)["ok"], "audit clean after")
    print(f"{PASSED[0]} passed, {len(FAILED)} failed")
    return 1 if FAILED else 0


STARTED = []  # every server and receiver: ended however the test ends


if __name__ == "__main__":
    try:
        sys.exit(main())
    finally:
        for proc in STARTED:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
