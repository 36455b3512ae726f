"""Random play for the output contract: drives caravan-ref through seeded random games of every
engine and keeps every JSON answer it gets as ANSWERS/NAME-N.json (NAME: the command, so that
json_schema.py checks it against schema/json/NAME.schema.json), and every turn file it writes as
ANSWERS/turnfile-N.json.

    json_schema_play.py BIN ANSWERS GAMES_PER_ENGINE SAMPLE OFFSET

Each game mixes moves (the `bot` command's random level, or a move picked from `moves`) with
actions (draw offers, undo requests, absences), the game master's corrections (pause, resume,
extend, address), observers, bot seats and a clock, and ends by one of the paths a game can end
by: the rules, a resignation, an agreed draw, a forfeit by the clock, or `admin end`. Every
choice comes from random.Random(seed); a failure prints the seed that reproduces it. The clock
is CARAVAN_REF_NOW, moved forward by the script, never the system's.
"""
import datetime
import json
import os
import pathlib
import random
import subprocess
import sys

KINDS = {}  # kind: (fewest, most players), in the order of `caravan-ref games` (main() fills it)
ENDINGS = ["rules", "resign", "draw", "forfeit", "admin"]
NAMES = ["ann", "bob", "cy", "dee", "eve", "fay"]


class Failure(Exception):
    pass


class Driver:
    def __init__(self, binary, answers):
        self.binary = binary
        self.answers = pathlib.Path(answers)
        self.answers.mkdir(parents=True, exist_ok=True)
        self.count = 0
        self.now = datetime.datetime(2026, 3, 1, 12, 0, 0, tzinfo=datetime.timezone.utc)
        self.commands = 0

    def time(self, later=datetime.timedelta()):
        return (self.now + later).strftime("%Y-%m-%dT%H:%M:%SZ")

    def advance(self, seconds):
        self.now += datetime.timedelta(seconds=seconds)

    def keep(self, name, document):
        self.count += 1
        path = self.answers / f"{name}-{self.count}.json"
        path.write_text(json.dumps(document))

    def run(self, name, *args, ok=(0,), stdin=None, document=True):
        """Runs a command with --format json at the script's clock and returns its answer, kept
        as NAME-N.json unless `name` is None; `document=False`: it prints none (export --out)."""
        env = dict(os.environ, CARAVAN_REF_NOW=self.time())
        self.commands += 1
        done = subprocess.run([self.binary, "--format", "json", *args], input=stdin, env=env,
                              capture_output=True, text=True)
        if done.returncode not in ok:
            raise Failure(f"{' '.join(args)} exited {done.returncode}, wanted {ok}: "
                          f"{done.stderr.strip()[:500]}")
        if not document:
            return None
        try:
            document = json.loads(done.stdout)
        except json.JSONDecodeError as error:
            raise Failure(f"{' '.join(args)}: not JSON ({error}): {done.stdout[:300]}")
        if name:
            self.keep(name, document)
        return document


class Game:
    def __init__(self, driver, kind, seed, ending):
        self.d = driver
        self.kind = kind
        self.rng = random.Random(seed)
        self.seed = seed
        self.ending = ending
        low, high = KINDS[kind]
        count = self.rng.randint(max(low, 2) if ending in ("draw", "forfeit") else low, high)
        self.names = NAMES[:count]
        self.clock = ending == "forfeit" or self.rng.random() < 0.6
        self.bot = None
        if count >= 2 and self.rng.random() < 0.4:
            self.bot = self.names[-1]
        args = ["new", kind, "--seed", str(seed)]
        for name in self.names:
            args += ["--player", f"{name} <{name}@example.org>" if name == "ann" else name]
        if self.rng.random() < 0.5:
            args += ["--observer", "Olga <olga@example.net>"]
        if self.bot:
            args += ["--bot", f"{self.bot}={self.rng.choice(['random', 'greedy'])}"]
        if self.clock:
            nmr = "forfeit:1" if ending == "forfeit" else self.rng.choice(
                ["wait", "default", "default,forfeit:3", "forfeit:2"])
            args += ["--deadline", self.rng.choice(["1d", "2d", "36h"]), "--remind", "12h",
                     "--grace", self.rng.choice(["0s", "1h"]), "--nmr", nmr, "--absence", "7"]
        made = driver.run("new", *args)
        self.game = made["game"]
        self.players = made["players"]
        self.tokens = {p["name"]: p["token"] for p in self.players if "token" in p}
        self.over = False

    # --- what the game is now -------------------------------------------------------------
    def referee_view(self):
        return self.d.run("view", "view", self.game, "--referee")

    def reads(self):
        self.d.run("view", "view", self.game, "--referee")
        self.d.run("log", "log", self.game, "--referee")
        for name in self.names:
            self.d.run("view", "view", self.game, "--player", name)
            self.d.run("log", "log", self.game, "--player", name)
            self.d.run("moves", "moves", self.game, "--player", name)

    # --- turn files -------------------------------------------------------------------------
    def submit(self, player, turn, body, ok=(0,)):
        document = {"game": self.game, "player": player, "turn": turn,
                    "token": self.tokens[player], **body}
        self.d.keep("turnfile", document)
        # JSON is YAML: the file is written as JSON, which a turn file may be.
        answer = self.d.run("submit", "submit", "-", ok=ok, stdin=json.dumps(document))
        if self.rng.random() < 0.2:  # the same file again: stale now (or refused again)
            self.d.run("submit", "submit", "-", ok=(65, 77), stdin=json.dumps(document))
        return answer

    def preview(self, player, turn, body):
        document = {"game": self.game, "player": player, "turn": turn,
                    "token": self.tokens[player], **body}
        return self.d.run("submit", "submit", "--dry-run", "-", ok=(0, 65),
                          stdin=json.dumps(document))

    def action(self, player, name, **extra):
        view = self.referee_view()
        return self.submit(player, view["turn"], {"action": name, **extra}, ok=(0, 65))

    def play_move(self, view):
        """The person to move plays: a random move from `moves`, or the bot command's turn."""
        to_move = [n for n in view["to_move"] if n in self.tokens]
        if not to_move:
            return False
        player = to_move[0]
        if self.rng.random() < 0.5:
            listed = self.d.run("moves", "moves", self.game, "--player", player)
            if not listed["moves"]:
                return False
            # The rarer kinds first where there are some (a huber-caravan steal, pickup or good),
            # so that their forms are met.
            rare = [m for m in listed["moves"] if isinstance(m, dict)
                    and {"steal", "good", "pickup"} & set(m)]
            move = self.rng.choice(rare if rare and self.rng.random() < 0.8 else listed["moves"])
            if self.rng.random() < 0.3:
                self.preview(player, view["turn"], {"moves": [move]})
            answer = self.submit(player, view["turn"], {"moves": [move], "end": True},
                                 ok=(0, 65))
            return answer.get("accepted", False)
        answer = self.d.run("bot", "bot", self.game, "--player", player, "--level", "random",
                            "--seed", str(self.rng.randrange(1 << 30)), "--token",
                            self.tokens[player], ok=(0, 65))
        return True

    # --- the rest of the table ---------------------------------------------------------------
    def seated_people(self):
        return [n for n in self.names if n in self.tokens]

    def draw_offer(self, accept):
        people = self.seated_people()
        if len(people) < 2:
            return
        offerer = self.rng.choice(people)
        self.action(offerer, "offer-draw")
        self.d.run("view", "view", self.game, "--player", offerer)
        others = [n for n in people if n != offerer]
        if accept:
            for other in others:  # every other seat must accept
                self.action(other, "accept-draw")
        else:
            self.action(self.rng.choice(others), "decline-draw")

    def undo(self):
        people = self.seated_people()
        if len(people) < 2:
            return
        asker = self.rng.choice(people)
        self.action(asker, "request-undo")
        self.d.run("view", "view", self.game, "--player", asker)
        for other in [n for n in people if n != asker]:
            self.action(other, self.rng.choice(["accept-undo", "decline-undo"]))

    def absent(self):
        who = self.rng.choice(self.seated_people())
        until = self.d.time(datetime.timedelta(days=self.rng.randint(1, 5)))
        self.action(who, "absent", until=until)
        self.d.run("view", "view", self.game, "--player", who)

    def admin(self, op, *extra, ok=(0, 64)):
        return self.d.run("admin", "admin", op, self.game, *extra, "--reason", f"random {op}",
                          ok=ok)

    def corrections(self):
        choice = self.rng.random()
        if self.clock and choice < 0.3:
            self.admin("pause")
            self.d.run("view", "view", self.game, "--referee")
            self.d.advance(self.rng.randint(600, 86400))
            self.admin("resume")
        elif self.clock and choice < 0.5:
            self.admin("extend", "--by", self.rng.choice(["12h", "1d"]))
        elif choice < 0.7 and "ann" in self.tokens:
            self.admin("address", "--player", "ann", "--address",
                       f"ann{self.rng.randint(1, 99)}@example.net")
        else:
            self.admin("observe", "--add", f"obs{self.rng.randint(1, 99)}@example.net")

    def tick(self, past_deadline=False):
        view = self.referee_view()
        if past_deadline and view.get("deadline"):
            deadline = datetime.datetime.strptime(view["deadline"], "%Y-%m-%dT%H:%M:%SZ")
            deadline = deadline.replace(tzinfo=datetime.timezone.utc)
            later = deadline + datetime.timedelta(hours=self.rng.randint(2, 30))
            if later > self.d.now:
                self.d.now = later
        else:
            self.d.advance(self.rng.randint(60, 6 * 3600))
        self.d.run("tick", "tick")

    # --- a whole game ----------------------------------------------------------------------
    def play(self, steps):
        self.reads()
        for step in range(steps):
            view = self.referee_view()
            if view["finished"]:
                break
            self.d.advance(self.rng.randint(60, 3 * 3600))
            roll = self.rng.random()
            if roll < (0.75 if self.kind == "huber-caravan" else 0.55):
                if not self.play_move(view):
                    self.tick()
            elif roll < 0.62:
                self.draw_offer(accept=False)
            elif roll < 0.69:
                self.undo()
            elif roll < 0.74:
                self.absent()
            elif roll < 0.82:
                self.corrections()
            elif roll < 0.92:
                self.tick(past_deadline=self.clock and self.ending != "forfeit"
                          and self.rng.random() < 0.3)
            else:
                who = self.rng.choice(self.names)
                self.d.run("view", "view", self.game, "--player", who)
                self.d.run("moves", "moves", self.game, "--player", who)
            if step % 8 == 7:
                self.d.run("log", "log", self.game, "--player", self.rng.choice(self.names))
        self.end()
        self.reads()
        self.d.run("export", "export", self.game)
        record = f"record-{self.game}.yaml"
        self.d.run(None, "export", self.game, "--out", record, document=False)
        self.d.run("verify", "verify", record)
        self.d.run("audit", "audit", self.game)

    def end(self):
        view = self.referee_view()
        if view["finished"]:
            return
        people = self.seated_people()
        if self.ending == "rules":  # the referee's bots take every seat and play to the end
            for name in people:
                # A bot seated earlier answers at once, and may end the game on its own.
                if self.referee_view()["finished"]:
                    break
                self.admin("replace", "--player", name, "--bot", "random", ok=(0,))
                del self.tokens[name]
            if self.referee_view().get("paused"):
                self.admin("resume", ok=(0,))
            self.d.run("tick", "tick")
        elif self.ending == "resign" and people:
            self.action(self.rng.choice(people), "resign")
        elif self.ending == "draw" and len(people) >= 2 and len(people) == len(self.names):
            self.draw_offer(accept=True)
        elif self.ending == "forfeit" and self.clock:
            for _ in range(4):  # the seat to move misses its deadline; a bot seat plays instead
                if self.referee_view()["finished"]:
                    break
                self.tick(past_deadline=True)
        if not self.referee_view()["finished"]:
            self.admin("end", "--winner", self.names[0], ok=(0,))


def huber_thefts(driver):
    """A huber-caravan position where the mover may steal (a plain steal and one naming the
    colour) and pass on a good with `under` (a stolen good beside one of its kind), which random
    play seldom reaches: made with `new --position` from a fresh game's referee view."""
    fresh = driver.run(None, "new", "huber-caravan", "--player", "a", "--player", "b",
                       "--seed", "9")
    state = driver.run("view", "view", fresh["game"], "--referee")["state"]
    mover, other = state["players"]
    mover["camels"] = [{"at": "c3"}, {"at": "d4"}, {"at": "e5", "good": "meat"},
                       {"at": "e5", "good": "meat", "under": True}, {"at": "e6"}]
    other["camels"] = [{"at": "c3", "good": "meat"}, {"at": "c3", "good": "salt"},
                       {"at": "d4", "good": "gems"}]
    # A good held costs a point; a stolen one (carried under) does not.
    for player, held, score in ((mover, 2, -1), (other, 3, -3)):
        player["supply"] = state["camels"] - len(player["camels"])
        player["held"], player["score"] = held, score
    for good in ("meat", "meat", "meat", "salt", "gems"):
        state["bag"].remove(good)
    state["bag_size"] = len(state["bag"])
    pathlib.Path("huber-thefts.json").write_text(json.dumps(state))
    game = driver.run("new", "new", "huber-caravan", "--player", "a", "--player", "b",
                      "--seed", "9", "--position", "huber-thefts.json")
    listed = driver.run("moves", "moves", game["game"], "--player", "a")
    forms = {json.dumps(m, sort_keys=True) for m in listed["moves"]}
    for form in ({"steal": "d4"}, {"steal": {"at": "c3", "colour": "salt"}},
                 {"good": {"from": "e5", "to": "e6", "under": True}}):
        if json.dumps(form, sort_keys=True) not in forms:
            raise Failure(f"the huber-caravan position lists no {form}")
    # The steal naming its colour, played: its answer, view and log.
    token = next(p["token"] for p in game["players"] if p["name"] == "a")
    turn = {"game": game["game"], "player": "a", "turn": 1, "token": token,
            "moves": [{"steal": {"at": "c3", "colour": "salt"}}]}
    driver.keep("turnfile", turn)
    driver.run("submit", "submit", "-", stdin=json.dumps(turn))
    driver.run("view", "view", game["game"], "--player", "b")
    driver.run("log", "log", game["game"], "--referee")


def sampled(index, sample, offset):
    return sample <= 1 or index % sample == offset


def main():
    binary, answers, per_engine, sample, offset = sys.argv[1:6]
    per_engine, sample, offset = int(per_engine), int(sample), int(offset)
    driver = Driver(binary, answers)
    # Every engine the binary knows, as `games` lists them: a new engine joins by being built.
    listed = json.loads(subprocess.run([binary, "--format", "json", "games"], check=True,
                                       capture_output=True, text=True).stdout)
    for game in listed:
        KINDS[game["kind"]] = (game["players"]["min"], game["players"]["max"])
    index = 0
    for kind in KINDS:
        for number in range(per_engine):
            index += 1
            if not sampled(index, sample, offset):
                continue
            seed = 1000 * index + number
            ending = ENDINGS[(index + number) % len(ENDINGS)]
            try:
                Game(driver, kind, seed, ending).play(steps=22)
            except Failure as failure:
                print(f"FAIL: {kind} game with seed {seed} (ending {ending}): {failure}")
                return 1
    try:
        huber_thefts(driver)
    except Failure as failure:
        print(f"FAIL: the huber-caravan thefts position: {failure}")
        return 1
    driver.run("list", "list")
    driver.run("list", "list", "--running")
    driver.run("list", "list", "--finished")
    driver.run("list", "list", "--overdue")
    driver.run("games", "games")
    driver.run("audit", "audit")
    print(f"{driver.commands} commands run, {driver.count} documents kept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
