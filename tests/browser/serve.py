"""caravan-ref serve's live pages in Debian's Chromium (Selenium, headless), at 390 and 1280 px.

    serve.py CARAVAN_REF SOURCE_DIR [games]

With `games`: a whole game of each engine (examples/KIND/new.args; under CARAVAN_E2E_SAMPLE, as
the sanitizer run sets it, of nv-caravan and huber-caravan alone), every seat's page open in a
window of its own at 390 px (a phone), played to its end by clicking alone: a move's button, or
where the page builds a move a part at a time (huber-caravan, caravanserai), each part (tapped on
the board where it names a square) and then the move's button. The move clicked is the first, second or third the engine lists, in turn,
so that each game runs as its replay would. Each turn, the next seat's window must show the move
(it reloads by itself) before it plays; at the end every window shows the result. Without:
for each width, a game of nv-caravan and one of caravaneers: both players' private pages open in
two windows of one browser. The player to move clicks a move's button (a form post, 303 back to
the page, which says the turn was played); the other window, left alone, must show the move
(its script asks for the page's ETag every second, sees it change and reloads) within a
generous bound for a loaded machine, the slowest printed. Each page: no sideways scroll, no console error (a script refused by the
Content-Security-Policy is one). The record is audited after. Exits 77 (skipped) without
python3-selenium or chromium-driver.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

try:
    import yaml
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    print("skipped: needs python3-selenium and python3-yaml (bash .ci/install-deps test)")
    sys.exit(77)

BIN, SRC = sys.argv[1:3]
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
if not os.path.exists(DRIVER):
    print("skipped: needs chromium-driver (bash .ci/install-deps test)")
    sys.exit(77)

WORK = tempfile.mkdtemp(prefix="caravan-serve-browser.")
os.environ["CARAVAN_REF_DB"] = os.path.join(WORK, "games.db")
FAILED, PASSED = [], [0]
MOVES_EACH = 4          # moves clicked per game and width
# The page promises a change within two seconds: its script asks every second (checked in the
# page itself, below). The window must show it within SEEN_WITHIN, a generous bound for a loaded
# machine or a sanitizer build (a page that never updates still fails); the slowest is printed.
SEEN_WITHIN = 30.0
SEEN = []
# The sanitizer run samples (CARAVAN_E2E_SAMPLE, tests/e2e/lib.sh): a game of buttons and one
# built a part at a time on the board; the ordinary run plays all five.
SAMPLED = ("nv-caravan", "huber-caravan")


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
    return run.stdout


def kinds():
    """Every engine, as `caravan-ref games` lists them."""
    out = subprocess.run([BIN, "games"], capture_output=True, text=True).stdout
    return re.findall(r"^  kind: (\S+)", out, re.M)


def browser(width):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},900", "--force-device-scale-factor=1"]:
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_window_size(width, 900)
    return driver


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and "favicon.ico" not in entry["message"]]


def page_checks(driver, what, width):
    wide = driver.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    check(wide <= 0, f"{what} at {width} px scrolls sideways by {wide} px")
    errors = console_errors(driver)
    check(not errors, f"{what} at {width} px: console errors {errors[:3]}")


def history_items(driver):
    return len(driver.find_elements(By.CSS_SELECTOR, "ul.history li"))


def play(driver, server, kind, args, width):
    made = json.loads(cli("new", kind, *args))
    game = made["game"]
    names = [p["name"] for p in made["players"]]
    windows = {}
    for i, name in enumerate(names):
        url = cli("link", game, "--player", name, "--base-url", server).strip()
        if i > 0:
            driver.switch_to.new_window("window")
            driver.set_window_size(width, 900)
        driver.get(url)
        windows[name] = driver.current_window_handle
        check(name in driver.title or game in driver.title, f"{kind}: {name}'s page opens")
        check("setTimeout(look, 1000)" in driver.page_source,
              f"{kind}: {name}'s page asks for its changes every second")
        page_checks(driver, f"{kind}: {name}'s page", width)
    for step in range(MOVES_EACH):
        mover = None
        for name, handle in windows.items():
            driver.switch_to.window(handle)
            if driver.find_elements(By.CSS_SELECTOR, "button[name=move]"):
                mover = name
                break
        if not check(mover is not None, f"{kind}: a page with moves at step {step}"):
            return
        others = {name: handle for name, handle in windows.items() if name != mover}
        before = {}
        for name, handle in others.items():
            driver.switch_to.window(handle)
            before[name] = history_items(driver)
        driver.switch_to.window(windows[mover])
        driver.find_elements(By.CSS_SELECTOR, "button[name=move]")[step % 3].click()
        try:
            WebDriverWait(driver, SEEN_WITHIN).until(  # generous, as below: a loaded machine
                lambda d: d.find_elements(By.CSS_SELECTOR, "p.note"))
        except Exception:
            check(False, f"{kind}: {mover}'s page says nothing of the move clicked "
                         f"({driver.current_url}): {driver.find_element(By.TAG_NAME, 'body').text[:300]!r}")
            return
        note = driver.find_element(By.CSS_SELECTOR, "p.note").text
        check(re.match(r"Turn \d+ played\.", note), f"{kind}: the mover's page says {note!r}")
        page_checks(driver, f"{kind}: {mover}'s page after a move", width)
        moved_at = time.monotonic()
        for name, handle in others.items():
            driver.switch_to.window(handle)
            try:
                WebDriverWait(driver, SEEN_WITHIN, poll_frequency=0.1).until(
                    lambda d: history_items(d) > before[name])
                seen = True
            except Exception:
                seen = False
            SEEN.append(time.monotonic() - moved_at)
            check(seen, f"{kind} at {width} px: {name}'s page showed {mover}'s move within "
                        f"{SEEN_WITHIN} s without being reloaded by hand "
                        f"({time.monotonic() - moved_at:.1f} s)")
            page_checks(driver, f"{kind}: {name}'s page after the other's move", width)
    for name, handle in list(windows.items())[1:]:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(list(windows.values())[0])


def begins(move, partial):
    """Whether `move` begins with `partial` as a page's step does (referee/move_steps.hpp)."""
    if isinstance(partial, dict):
        return isinstance(move, dict) and all(
            k in move and begins(move[k], v) for k, v in partial.items())
    if isinstance(partial, list):
        return isinstance(move, list) and len(partial) <= len(move) and all(
            begins(m, p) if isinstance(p, (dict, list)) and not isinstance(m, list) else m == p
            for m, p in zip(move, partial))
    return move == partial


def page_turn(driver):
    try:  # None while the page is being replaced, as it is when it sees a change
        fields = driver.find_elements(By.CSS_SELECTOR, "input[name=turn]")
        return int(fields[0].get_attribute("value")) if fields else None
    except Exception:
        return None


def as_text(value):
    """A move with every scalar a string: a button's YAML read with yaml.BaseLoader compares."""
    if isinstance(value, dict):
        return {k: as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_text(v) for v in value]
    return str(value)


def note_of(driver):
    try:
        return " ".join(n.text for n in driver.find_elements(By.CSS_SELECTOR, "p.note"))
    except Exception:
        return ""


def wait_for_note(driver, text):
    try:
        WebDriverWait(driver, SEEN_WITHIN, poll_frequency=0.1).until(
            lambda d: note_of(d) == text)
        return True
    except Exception:
        return False


def play_whole(driver, server, kind, args, width, most=200):
    made = json.loads(cli("new", kind, *args))
    game = made["game"]
    names = [p["name"] for p in made["players"]]
    windows = {}
    for i, name in enumerate(names):
        if i > 0:
            driver.switch_to.new_window("window")
            driver.set_window_size(width, 900)
        driver.get(cli("link", game, "--player", name, "--base-url", server).strip())
        windows[name] = driver.current_window_handle
    turns, stepped, on_board, moved_at, last = 0, 0, 0, None, None
    while turns < most:
        referee = json.loads(cli("view", game, "--referee"))
        if referee.get("finished"):
            break
        mover = referee["to_move"][0]
        turn = json.loads(cli("view", game, "--player", mover))["turn"]
        listed = json.loads(cli("moves", game, "--player", mover, "--limit", "3"))["moves"]
        target = listed[turns % len(listed)]
        driver.switch_to.window(windows[mover])
        try:  # the window shows this turn by itself (the page asks every second)
            WebDriverWait(driver, SEEN_WITHIN, poll_frequency=0.1).until(
                lambda d: page_turn(d) == turn)
        except Exception:
            check(False, f"{kind}: {mover}'s window never showed turn {turn}")
            return
        if moved_at is not None and mover != last:
            SEEN.append(time.monotonic() - moved_at)
        for _ in range(12):  # a button plays the move; a part's link builds it
            wanted = as_text(target)
            button = [b for b in driver.find_elements(By.CSS_SELECTOR, "button[name=move]")
                      if yaml.load(b.get_attribute("value"), Loader=yaml.BaseLoader) == wanted]
            if button:
                button[0].click()
                break
            # A part that names a square is a link on the board too: that one is tapped.
            links = [a for a in driver.find_elements(By.CSS_SELECTOR, "svg a.spot, a.step")
                     if begins(target, json.loads(urllib.parse.unquote(
                         a.get_dom_attribute("href").split("?step=", 1)[1])))]
            if not check(links, f"{kind}: turn {turn}: no button or part leads to {wanted}"):
                return
            on_board += links[0].tag_name == "a" and "spot" in links[0].get_dom_attribute("class")
            links[0].click()
            stepped += 1
        # The page the post comes back to says so (a seat that moves again has the last
        # move's note until then).
        if not check(wait_for_note(driver, f"Turn {turn} played."),
                     f"{kind}: {mover}'s page says nothing of turn {turn}: {note_of(driver)!r}"):
            return
        moved_at, last = time.monotonic(), mover
        turns += 1
        if turns % 10 == 1:
            page_checks(driver, f"{kind}: {mover}'s page, turn {turn}", width)
    check(json.loads(cli("view", game, "--referee")).get("finished"),
          f"{kind}: the game ended within {most} turns")
    for name, handle in windows.items():  # every window shows the end by itself
        driver.switch_to.window(handle)
        try:
            WebDriverWait(driver, SEEN_WITHIN, poll_frequency=0.1).until(
                lambda d: not d.find_elements(By.CSS_SELECTOR, "input[name=turn]"))
            ended = True
        except Exception:
            ended = False
        check(ended, f"{kind}: {name}'s window shows the game over")
        page_checks(driver, f"{kind}: {name}'s page at the end", width)
    print(f"{kind}: {turns} turns clicked ({stepped} parts chosen on the way, {on_board} of them "
          f"on the board)", flush=True)
    if kind == "huber-caravan":
        check(on_board > 0, f"{kind}: no part was chosen on the board")
    for handle in list(windows.values())[1:]:
        driver.switch_to.window(handle)
        driver.close()
    driver.switch_to.window(list(windows.values())[0])


def main():
    whole = sys.argv[3:4] == ["games"]
    cli("init")
    proc = subprocess.Popen([BIN, "serve", "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE,
                            stderr=open(os.path.join(WORK, "serve.log"), "w"), text=True)
    server = proc.stdout.readline().strip()
    try:
        for width in (390,) if whole else (390, 1280):
            driver = browser(width)
            try:
                for kind in (SAMPLED if os.environ.get("CARAVAN_E2E_SAMPLE") else kinds()) \
                        if whole else ("nv-caravan", "caravaneers"):
                    with open(os.path.join(SRC, "examples", kind, "new.args")) as f:
                        args = [a for a in f.read().split("\n") if a]
                    (play_whole if whole else play)(driver, server, kind, args, width)
            finally:
                driver.quit()
    finally:
        proc.send_signal(signal.SIGTERM)
        check(proc.wait(timeout=20) == 0, "serve stops cleanly")
    audit = subprocess.run([BIN, "--format", "json", "audit"], capture_output=True, text=True)
    check(audit.returncode == 0 and json.loads(audit.stdout)["ok"], "audit clean after")
    if SEEN:
        print(f"a move was seen in the other window after {min(SEEN):.1f} to {max(SEEN):.1f} s")
    print(f"{PASSED[0]} passed, {len(FAILED)} failed")
    if FAILED:
        print("kept", WORK)
        return 1
    shutil.rmtree(WORK, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
