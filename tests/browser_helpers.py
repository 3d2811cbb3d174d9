"""Helpers of the browser tests (tests/test_browser.py) and of the pictures in docs/pictures/:
a real ``domine serve`` in a subprocess, Debian's Chromium driven by Playwright, and a player
that acts through the table page as a person would (a tile, then one of its places).

Nothing is downloaded: Chromium is the one at /usr/bin/chromium (``.ci/run`` installs it).

    python tests/browser_helpers.py --screenshots docs/pictures

draws every layout family at 1280x900 as ``web-<family>.png`` (and two at 360x740 as
``web-<family>-phone.png``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SRC = Path(__file__).resolve().parent.parent / "src"

# One game of each layout family (the layout's ``kind``, docs/layouts.md): (family, game, options,
# players). The human sits at seat 0.
FAMILIES = [
    ("line", "draw", {}, 2),                   # line: snakes to fit a phone
    ("cross", "cross", {}, 4),                 # cross
    ("star", "sevastopol-star", {}, 4),        # cross: the star of Sevastopol
    ("spinner", "all-fives", {}, 2),           # spinner: a line with flanks off its spinner
    ("figure", "four-crosses", {}, 4),         # figure
    ("phased-cross", "russian-cross", {}, 4),  # phased cross
    ("arms", "slosh", {}, 4),                  # seat arms
    ("grid", "network", {}, 3),                # grid, closed rings shaded
    ("trains", "mexican-train", {}, 4),        # trains, markers, the Mexican train
    ("rows", "blind", {}, 2),                  # face-down rows
]


def chromium() -> str | None:
    """Debian's Chromium, or None."""
    for path in ("/usr/bin/chromium", shutil.which("chromium") or "", shutil.which("chromium-browser") or ""):
        if path and os.access(path, os.X_OK):
            return path
    return None


def missing() -> str | None:
    """Why the browser tests cannot run here (one line), or None."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the browser tests need Playwright: pip install playwright (its browsers are not needed)"
    if chromium() is None:
        return "the browser tests need Debian's Chromium: apt-get install chromium"
    return None


def launch(playwright):
    return playwright.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``domine serve`` on 127.0.0.1 and a port of its own, its SQLite database in ``folder``.
    ``kill()`` and ``start()`` again: the same database on the same port, as after a crash."""

    def __init__(self, folder: Path | None = None, port: int | None = None, grace: float = 2.0):
        self.folder = Path(folder or tempfile.mkdtemp(prefix="domine-browser-"))
        self.port = port or free_port()
        self.grace = grace
        self.process: subprocess.Popen | None = None
        self.log = self.folder / "serve.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> Server:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH", "")) if p)
        env.setdefault("DOMINE_LANG", "en")
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "domine", "serve", "--port", str(self.port),
                 "--database", f"sqlite:///{self.folder / 'server.sqlite3'}", "--grace", str(self.grace),
                 "--bot-processes", "1"],
                stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"domine serve stopped: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + "/api/tables", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"domine serve did not answer in {timeout} s: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """As a crash: SIGKILL, no shutdown."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)

    def post(self, path: str, body: dict) -> dict:
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=20) as r:
            return json.loads(r.read())

    def get(self, path: str) -> dict:
        with urllib.request.urlopen(self.url + path, timeout=20) as r:
            return json.loads(r.read())

    def table(self, game: str, humans=(0,), players: int = 2, options: dict | None = None,
              level: str = "random", pause: float = 0.0) -> dict:
        """A table: humans at the seats ``humans``, ``level`` bots at the others. Returns the
        answer of POST /api/tables with ``links``: seat -> full URL, and ``watch``: the spectator's."""
        seats = [{"kind": "human"} if s in humans else {"kind": "bot", "level": level} for s in range(players)]
        made = self.post("/api/tables", {"game": game, "players": players, "options": options or {},
                                         "seats": seats, "pause": pause, "name": f"test {game}"})
        made["links"] = {s["seat"]: self.url + s["link"] for s in made["seats"]}
        made["watch"] = self.url + made["spectator"]
        return made


# -- a player at the table page ------------------------------------------------------------------
def ready(page, timeout: float = 20_000) -> None:
    """Wait until the page drew a hand (or the end of the match)."""
    page.wait_for_selector("[data-testid=hand-number]", timeout=timeout)


def state(page) -> dict:
    """What the page shows: the hand's number, the history's length, whose turn, the result,
    the match's end."""
    return page.evaluate("""() => {
        const q = (s) => document.querySelector(s);
        const text = (s) => (q(s) ? q(s).textContent : null);
        const current = q('[data-testid=seats] > li[aria-current=true]');
        return {
            hand: text('[data-testid=hand-number]'),
            history: document.querySelectorAll('[data-testid=history] li').length,
            turn: text('[data-testid=turn]'),
            current: current ? current.dataset.testid : null,
            result: !!q('[data-testid=result]'),
            over: !!q('[data-testid=match-over]'),
            connected: text('[data-testid=connection]'),
        };
    }""")


def my_turn(page, seat: int) -> bool:
    """It is this page's seat to act and the page lists a move."""
    return page.evaluate("""(seat) => {
        const li = document.querySelector(`[data-testid=seat-${seat}]`);
        if (!li || li.getAttribute('aria-current') !== 'true') return false;
        if (document.querySelector('[data-testid=result]')) return false;
        return !!document.querySelector('[data-testid^=tile-][data-playable=true], [data-testid=move]');
    }""", seat)


def wait_turn(page, seat: int, timeout: float = 30.0) -> bool:
    """Wait until the seat is to act (True) or the match is over (False)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.query_selector("[data-testid=match-over]"):
            return False
        if my_turn(page, seat):
            return True
        page.wait_for_timeout(50)
    raise AssertionError(f"seat {seat} never came to act: {state(page)}")


def hand_tiles(page) -> list[str]:
    """The data-testids of the page's own tiles, in order."""
    return page.eval_on_selector_all("[data-testid=hand] [data-testid^=tile-]",
                                     "(xs) => xs.map((x) => x.dataset.testid)")


def layout_tiles(page) -> list[str]:
    """The tiles drawn on the layout (their pips as the SVG titles say, face down as '?')."""
    return page.eval_on_selector_all(
        "[data-testid=layout] g.tile",
        "(gs) => gs.map((g) => { const t = g.querySelector('title'); return t ? t.textContent : '?'; })")


def played(page, before: dict, timeout: float = 15.0) -> None:
    """Wait until the page shows something new after a move: the history grew, a new hand, a result."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        now = state(page)
        if now["history"] != before["history"] or now["hand"] != before["hand"] or now["result"] != before["result"] \
                or now["over"]:
            return
        page.wait_for_timeout(30)
    raise AssertionError(f"the move was never drawn: {state(page)}; refused: {refused(page)}")


def refused(page) -> str | None:
    node = page.query_selector("[data-testid=refused]")
    return node.text_content() if node else None


def play_one(page, seat: int, on_board: bool = False) -> str:
    """Play one move as a person would: a playable tile, then its first place (the list of places
    under the hand, or the highlighted place on the layout with ``on_board``); with no tile to
    play, the first other move (draw, pass). Returns what was done."""
    before = state(page)
    tile = page.query_selector("[data-testid=hand] [data-testid^=tile-][data-playable=true]")
    if tile is not None:
        name = tile.get_attribute("data-testid")
        page.locator(f"[data-testid={name}]").click()   # a locator: the page redraws on every update
        if on_board:
            place = page.locator("[data-testid=layout] [data-testid^=place-]").first
        else:
            place = page.locator("[data-testid=places] [data-testid=place]").first
        text = place.get_attribute("data-text", timeout=5000) or place.get_attribute("aria-label")
        place.click()
        played(page, before)
        return f"{name} {text}"
    move = page.locator("[data-testid=moves] [data-testid=move]").first
    text = move.get_attribute("data-text", timeout=5000)
    move.click()
    played(page, before)
    return text


def play_moves(page, seat: int, count: int, timeout: float = 30.0) -> int:
    """Play up to ``count`` moves of the seat; stop at the end of the hand. Returns how many."""
    done = 0
    hand = state(page)["hand"]
    while done < count:
        if not wait_turn(page, seat, timeout) or state(page)["hand"] != hand:
            break
        play_one(page, seat)
        done += 1
    return done


# -- tiles in payloads ------------------------------------------------------------------------------
def tile_id(a: int, b: int) -> int:
    """The id of the tile a-b (domine.engine.tiles: 0-0, 1-0, 1-1, 2-0 ...)."""
    high, low = max(a, b), min(a, b)
    return high * (high + 1) // 2 + low


def tile_of(text: str) -> int:
    a, _, b = text.partition("-")
    return tile_id(int(a), int(b))


_PAIR = re.compile(r"(?<![\w-])(\d{1,2})-(\d{1,2})(?![\w-])")
_SECRET_KEYS = {"table", "id", "token", "commitment", "seed", "link", "spectator", "name"}


def tiles_in(payload) -> set[int]:
    """Every tile a message names: ids under a ``tile`` key (and lists under ``tiles``/``shuffled``),
    pips pairs ([a, b] under ``pips``), and "a-b" in its texts."""
    found: set[int] = set()

    def walk(x, key=None):
        if isinstance(x, dict):
            for k, v in x.items():
                if k != "counter":   # the tile counter lists what the reader has NOT seen
                    walk(v, k)
            pips = x.get("pips")
            if isinstance(pips, list) and len(pips) == 2 and all(isinstance(p, int) and p >= 0 for p in pips):
                found.add(tile_id(*pips))
            if all(isinstance(x.get(k), int) and x.get(k) >= 0 for k in ("first", "second")):
                found.add(tile_id(x["first"], x["second"]))
        elif isinstance(x, list):
            if key in ("tiles", "shuffled") and all(isinstance(v, int) for v in x):
                found.update(v for v in x if v >= 0)
            else:
                for v in x:
                    walk(v, key)
        elif isinstance(x, bool):
            pass
        elif isinstance(x, int):
            if key == "tile" and x >= 0:
                found.add(x)
        elif isinstance(x, str) and key not in _SECRET_KEYS:
            for a, b in _PAIR.findall(x):
                found.add(tile_id(int(a), int(b)))

    walk(payload)
    return found


# -- pictures -------------------------------------------------------------------------------------
PHONE_PICTURES = ("line", "star")   # the families also drawn at 360x740 (web-<family>-phone.png)
MOVES = {"arms": 1}                  # the human's moves before the picture (a slosh hand is short)


def screenshots(out: Path, moves: int = 4) -> list[Path]:
    """Draw a table of each layout family a few moves in, at 1280x900 (and a few at 360x740)."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    server = Server().start()
    try:
        with sync_playwright() as p:
            browser = launch(p)
            for family, game, options, players in FAMILIES:
                made = server.table(game, humans=(0,), players=players, options=options)
                sizes = [((1280, 900), "")] + ([((360, 740), "-phone")] if family in PHONE_PICTURES else [])
                for size, suffix in sizes:
                    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                                  device_scale_factor=1 if not suffix else 2, locale="en")
                    page = context.new_page()
                    page.goto(made["links"][0])
                    ready(page)
                    if not suffix:
                        play_moves(page, 0, MOVES.get(family, moves))
                    if wait_turn(page, 0):
                        # the places of a tile, highlighted, as the picture's last touch
                        tile = page.query_selector("[data-testid=hand] [data-testid^=tile-][data-playable=true]")
                        if tile:
                            page.locator(f"[data-testid={tile.get_attribute('data-testid')}]").click()
                            page.wait_for_selector("[data-testid=places]")
                            page.mouse.move(0, 0)
                    path = out / f"web-{family}{suffix}.png"
                    page.screenshot(path=str(path), full_page=True)
                    written.append(path)
                    context.close()
            browser.close()
    finally:
        server.stop()
    return written


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Pictures of the browser table, one per layout family.")
    parser.add_argument("--screenshots", metavar="FOLDER", required=True, type=Path)
    args = parser.parse_args()
    why = missing()
    if why:
        sys.exit(why)
    for path in screenshots(args.screenshots):
        print(path)
