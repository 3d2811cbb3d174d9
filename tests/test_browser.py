"""The browser client against a real ``domine serve``, in Debian's Chromium (issue 21, "Tests
and measures"): whole matches played by clicks, a reload, a server killed and restarted, what a
spectator's page holds, phones, the keyboard alone. Helpers: tests/browser_helpers.py.

Skipped with one line where Playwright or Chromium is missing (``.ci/run`` installs Chromium).
"""

from __future__ import annotations

import json
import time

import pytest
from browser_helpers import (
    FAMILIES,
    Server,
    hand_tiles,
    launch,
    layout_tiles,
    missing,
    my_turn,
    play_moves,
    play_one,
    played,
    ready,
    state,
    tile_of,
    tiles_in,
    wait_turn,
)

why = missing()
if why:
    pytest.skip(why, allow_module_level=True)

from playwright.sync_api import sync_playwright

PHONE = {"width": 360, "height": 740}
MIN_TARGET = 44   # CSS px: the smallest place a finger may have to tap


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("serve")).start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def new_page(browser):
    """Pages, each in a context of its own (its own cookies: another person), closed after the test."""
    contexts = []

    def make(url: str | None = None, viewport=None):
        context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900}, locale="en")
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        if url:
            page.goto(url)
            ready(page)
        return page

    yield make
    for c in contexts:
        c.close()


def test_two_players_and_two_bots_play_a_partners_match_to_its_end(server, new_page):
    made = server.table("partners", humans=(0, 2), players=4, options={"target": 1})
    pages = {s: new_page(made["links"][s]) for s in (0, 2)}
    moves = 0
    deadline = time.monotonic() + 120
    while not all(p.query_selector("[data-testid=match-over]") for p in pages.values()):
        assert time.monotonic() < deadline, {s: state(p) for s, p in pages.items()}
        acted = False
        for seat, page in pages.items():
            if my_turn(page, seat):
                play_one(page, seat, on_board=moves % 2 == 1)   # the place on the layout, or in the list
                moves += 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(50)
    assert moves >= 2
    for page in pages.values():
        assert page.locator("[data-testid=totals]").is_visible()
        assert page.locator("[data-testid=match-over]").is_visible()
    record = server.get(f"/api/tables/{made['table']}/record")
    assert record["hands"][-1].get("result"), record["hands"][-1]
    laid_by_people = sum(1 for h in record["hands"] for m in h["moves"] if m.split(":")[0] in ("0", "2"))
    assert laid_by_people == moves


def test_a_reload_mid_hand_finds_the_same_table(server, new_page):
    made = server.table("draw", players=2)
    page = new_page(made["links"][0])
    play_moves(page, 0, 2)
    assert wait_turn(page, 0)
    before = (state(page)["hand"], hand_tiles(page), layout_tiles(page))
    assert before[2], "the layout is empty"
    page.reload()
    ready(page)
    assert wait_turn(page, 0)
    assert (state(page)["hand"], hand_tiles(page), layout_tiles(page)) == before
    play_one(page, 0)


def test_a_server_killed_mid_hand_comes_back_and_play_goes_on(tmp_path, new_page):
    server = Server(tmp_path).start()
    try:
        made = server.table("draw", players=2)
        page = new_page(made["links"][0])
        play_moves(page, 0, 2)
        assert wait_turn(page, 0)
        before = (state(page)["hand"], hand_tiles(page), layout_tiles(page))
        server.kill()
        page.wait_for_function(
            "() => !/^Connected$/.test(document.querySelector('[data-testid=connection]').textContent)")
        server.start()
        # the open page reconnects by itself and finds the table where it was
        page.wait_for_function(
            "() => document.querySelector('[data-testid=connection]').textContent === 'Connected'", timeout=30_000)
        assert wait_turn(page, 0)
        assert (state(page)["hand"], hand_tiles(page), layout_tiles(page)) == before
        play_one(page, 0)
        # and after a reload too
        assert wait_turn(page, 0)
        page.reload()
        ready(page)
        assert wait_turn(page, 0)
        play_one(page, 0)
    finally:
        server.stop()


def test_a_spectators_page_never_holds_a_hidden_tile(server, new_page):
    made = server.table("draw", players=3, pause=60)   # the hand's end stays on the page
    frames: list[str] = []
    watch = new_page()
    watch.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload)))
    watch.goto(made["watch"])
    ready(watch)
    assert watch.query_selector("[data-testid=spectator]")
    player = new_page(made["links"][0])
    snapshots = []   # (the player's own tiles, every tile the spectator's page shows) at each turn
    deadline = time.monotonic() + 60
    while not player.query_selector("[data-testid=result]"):
        assert time.monotonic() < deadline, state(player)
        if my_turn(player, 0):
            mine = {int(t.removeprefix("tile-")) for t in hand_tiles(player)}
            snapshots.append((mine, shown(watch)))
            play_one(player, 0)
        else:
            player.wait_for_timeout(50)
    watch.wait_for_selector("[data-testid=result]")
    hand = server.get(f"/api/tables/{made['table']}/record")["hands"][0]
    dealt = {tile_of(t) for h in hand["deal"]["hands"] for t in h} | {tile_of(t) for t in hand["deal"]["stock"]}
    laid = {tile_of(m.split()[1]) for m in hand["moves"] if ": draw" not in m and len(m.split()) > 1
            and "-" in m.split()[1]}
    never_laid = dealt - laid
    assert never_laid, "every tile was laid: nothing to hide"
    assert snapshots
    for mine, seen in snapshots:
        assert not seen & (mine | never_laid), sorted(seen & (mine | never_laid))
    during = []
    for raw in frames:
        message = json.loads(raw)
        view = message.get("view") or {}
        if message["type"] == "reveal" or view.get("result") or (view.get("hand") or {}).get("number", 1) > 1:
            break   # the hand is over: every hand is shown
        during.append(message)
    assert any(m["type"] == "update" for m in during)
    for message in during:
        assert not tiles_in(message) & never_laid, (message["type"], sorted(tiles_in(message) & never_laid))
        on_layout = {p["tile"] for p in ((message.get("view") or {}).get("layout") or {}).get("pieces", [])}
        assert not (message.get("view") or {}).get("tiles"), "a spectator holds no tiles"
        if message["type"] == "update":
            assert tiles_in(message) <= on_layout | laid, message


def shown(page) -> set[int]:
    """Every tile the page names: tile buttons, the layout's and the rows' pictures, "a-b" in its
    texts (the tile counter aside: it lists what the reader has not seen)."""
    found = page.evaluate("""() => {
        const out = [];
        for (const n of document.querySelectorAll('[data-testid^=tile-]')) out.push(n.dataset.testid);
        for (const n of document.querySelectorAll('title, [aria-label]')) out.push(n.textContent || '', n.getAttribute('aria-label') || '');
        const body = document.body.cloneNode(true);
        for (const n of body.querySelectorAll('[data-testid=counter]')) n.remove();
        out.push(body.innerText || body.textContent);
        return out;
    }""")
    tiles = set()
    for text in found:
        if text.startswith("tile-") and text[5:].isdigit():
            tiles.add(int(text[5:]))
        else:
            tiles |= tiles_in({"text": text})
    return tiles


@pytest.mark.parametrize("family,game,options,players", FAMILIES, ids=[f[0] for f in FAMILIES])
def test_a_phone_shows_every_tile_and_places_big_enough(server, new_page, family, game, options, players):
    made = server.table(game, players=players, options=options)
    page = new_page(made["links"][0], viewport=PHONE)
    play_moves(page, 0, 3)
    assert wait_turn(page, 0), f"{game}: the match ended before the check"
    kind = page.get_attribute("[data-testid=layout]", "data-kind") if page.query_selector("[data-testid=layout]") else None
    # every tile brought into view (the board scrolls when a layout is wider than a phone)
    # lies wholly on the page and inside the board: none is cut off where no scroll reaches
    boxes = page.evaluate("""() => {
        const width = document.documentElement.clientWidth;
        const board = document.querySelector('.board');
        const out = [];
        for (const n of document.querySelectorAll(
                '[data-testid=layout] g.tile, [data-testid=hand] button, [data-testid=rows] .row-tile')) {
            n.scrollIntoView({ block: 'nearest', inline: 'nearest' });
            const r = n.getBoundingClientRect();
            const inBoard = !board || !board.contains(n) || (() => {
                const b = board.getBoundingClientRect();
                return r.left >= b.left - 0.5 && r.right <= b.right + 0.5;
            })();
            out.push({ what: n.dataset.testid || n.querySelector('title')?.textContent || n.getAttribute('class'),
                       left: r.left, right: r.right, ok: r.left >= -0.5 && r.right <= width + 0.5 && inBoard });
        }
        window.scrollTo(0, 0);
        return out;
    }""")
    assert boxes, f"{game}: no tile drawn"
    width = page.evaluate("() => document.documentElement.clientWidth")
    clipped = [b for b in boxes if not b["ok"]]
    assert not clipped, f"{game} ({kind}): tiles cut off on a {width} px page: {clipped}"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width + 1, f"{game}: the page scrolls sideways"
    tile = page.query_selector("[data-testid=hand] [data-testid^=tile-][data-playable=true]")
    if tile is None:
        targets = page.eval_on_selector_all("[data-testid=moves] [data-testid=move]", IN_VIEW)
    else:
        page.locator(f"[data-testid={tile.get_attribute('data-testid')}]").click()
        page.wait_for_selector("[data-testid=places] [data-testid=place]")
        # a layout drawn small to fit the phone may mark its places small too: the buttons under
        # the hand are then the places to tap, and they must name every place the layout marks
        targets = page.eval_on_selector_all("[data-testid=places] [data-testid=place]", IN_VIEW)
        marked = page.eval_on_selector_all("[data-testid=layout] [data-testid^=place-]", IN_VIEW)
        assert len(targets) >= len(marked), f"{game}: {len(marked)} places marked, {len(targets)} buttons"
    assert targets
    small = [t for t in targets if t["width"] < MIN_TARGET - 0.5 or t["height"] < MIN_TARGET - 0.5]
    assert not small, f"{game}: places smaller than {MIN_TARGET} px: {small}"
    for t in targets:
        assert t["left"] >= -0.5 and t["right"] <= width + 0.5, f"{game}: a place off the page: {t}"


# Each element brought into view (as a finger scrolls to it): its box on the page.
IN_VIEW = """(xs) => xs.map((x) => {
    x.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    return x.getBoundingClientRect().toJSON();
})"""


def test_a_hand_played_with_the_keyboard_alone(server, new_page):
    made = server.table("draw", players=2, pause=60)
    page = new_page(made["links"][0])
    keys = 0
    deadline = time.monotonic() + 60
    while not page.query_selector("[data-testid=result]"):
        assert time.monotonic() < deadline, state(page)
        if not my_turn(page, 0):
            page.wait_for_timeout(50)
            continue
        before = state(page)
        if page.query_selector("[data-testid=hand] [data-testid^=tile-][data-playable=true]"):
            focus(page, "[data-testid=hand] button")
            for _ in range(30):   # along the hand to a playable tile
                if focused(page, "[data-playable=true]"):
                    break
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            assert focused(page, "[data-testid=place]"), "Enter on a tile moves the focus to its places"
            page.keyboard.press("Enter")
        else:
            focus(page, "[data-testid=moves] [data-testid=move]")
            page.keyboard.press("Enter")
        played(page, before)
        keys += 1
    assert keys >= 2
    assert page.locator("[data-testid=points]").is_visible()


def focused(page, selector: str) -> bool:
    return page.evaluate("(s) => !!document.activeElement && document.activeElement.matches(s)", selector)


def focus(page, selector: str, limit: int = 80) -> None:
    """Tab (from wherever the focus is) until an element matching ``selector`` has it."""
    for _ in range(limit):
        if focused(page, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def test_the_tile_counter_is_asked_for_when_its_panel_opens_and_stays_open(server, new_page):
    """The server builds the counter only for a page that shows it (docs/server.md, ``counter``):
    closed, the panel holds nothing; opened, the page asks and the counter comes; it stays open
    across the moves that follow."""
    made = server.table("draw", players=2)
    page = new_page(made["links"][0])
    assert wait_turn(page, 0)
    counter = page.get_by_test_id("counter")
    assert counter.locator("p").count() == 0
    counter.locator("summary").click()
    counter.locator("p").first.wait_for()
    play_one(page, 0)
    assert wait_turn(page, 0)
    assert page.get_by_test_id("counter").get_attribute("open") is not None
    assert page.get_by_test_id("counter").locator("p").count() > 0
