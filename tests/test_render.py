"""Pictures of layouts: the geometry, its SVG (parsed with xml.etree), its PNG, and ``domine render``.

``SAMPLES`` are fixed layouts of every class (a line, a cross in its opening, a spinner line
with both flanks, seat arms, trains with a marker, a figure with a closed arm); the terminal
picture's tests (tests/test_terminal_picture.py) draw the same ones.
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from domine.games import make_game
from domine.engine.geometry import EAST, NORTH, SOUTH, WEST
from domine.engine.layouts import LAYOUTS
from domine.engine.position import position
from domine.render import CELL, PillowMissing, png, scene, svg
from domine.engine.tiles import HIGH, LOW, parse_tile

from helpers import run

SVG = "{http://www.w3.org/2000/svg}"


def _lay(kind: str, lead: str, arms: dict[int, str], seats: int = 4, max_pip: int = 6):
    """A layout of ``kind`` made directly: the lead, then each arm's tiles from the centre out."""
    game = make_game("bergen", 2, {"set": "double-9"}) if max_pip == 9 else make_game("block", 2)
    cls = LAYOUTS[kind]
    lay = cls(game.set_fits, game.set_mask, seats=seats) if kind in ("seat arms", "trains") else \
        cls(game.set_fits, game.set_mask)
    lay.place_lead(parse_tile(lead))
    for end, text in arms.items():
        for name in text.split():
            t = parse_tile(name)
            v = lay.values[end]
            lay.place(end, t, LOW[t] if HIGH[t] == v else HIGH[t])
    return lay


def sample_line():
    st = position(make_game("block", 2), [["1-2"], ["3-3"]], lead="4-2",
                  placed=["2-5 R", "5-5 R", "4-4 L", "4-6 L", "5-1 R"], rest="aside")
    return st.layout


def sample_cross_opening():
    st = position(make_game("cross", 2), [["1-2"], ["3-3"]], lead="4-4", placed=["4-1 N", "4-6 E"], rest="aside")
    return st.layout


def sample_cross():
    st = position(make_game("cross", 2), [["1-2"], ["3-3"]], lead="4-4",
                  placed=["4-1 N", "4-6 E", "4-5 S", "4-2 W", "6-6 E", "1-3 N"], rest="aside")
    return st.layout


def sample_spinner():
    game = make_game("bergen", 2, {"spinner": "yes", "set": "double-9"})
    st = position(game, [["1-2"], ["3-9"]], lead="4-2",
                  placed=["2-5 R", "5-5 R", "5-3 N", "4-8 L", "3-3 N", "3-9 N", "5-1 S"], rest="aside")
    return st.layout


def sample_seat_arms():
    lay = _lay("seat arms", "5-5", {0: "5-1 1-1 1-4", 1: "5-2", 2: "5-6 6-6 6-0", 3: "5-3 3-4"})
    lay.use_only(1 << 2)
    return lay


def sample_trains():
    lay = _lay("trains", "6-6", {0: "6-1 1-1 1-4", 1: "6-2", 3: "6-5 5-5", 4: "6-3 3-0 0-0 0-2"})
    lay.set_marker(1, True)
    return lay


def sample_figure():
    lay = _lay("figure", "3-3", {0: "3-1 1-1", 1: "3-2 2-2 2-6", 2: "3-5 5-5", 3: "3-4"})
    lay.close(3, parse_tile("0-0"))
    return lay


SAMPLES = {
    "line": sample_line, "cross opening": sample_cross_opening, "cross": sample_cross,
    "spinner": sample_spinner, "seat arms": sample_seat_arms, "trains": sample_trains, "figure": sample_figure,
}


def placed_tiles(lay) -> Counter:
    """The face-up tiles of a layout as (low, high) pairs, with how many face-down ones."""
    tiles = [lay.lead] + [t for arm in lay.arms for t, _ in arm]
    count = Counter((LOW[t], HIGH[t]) for t in tiles)
    count["face down"] = sum(1 for c in lay.closers if c >= 0)
    return +count


def tile_groups(doc: str) -> list[ET.Element]:
    root = ET.fromstring(doc)
    return [g for g in root.iter(f"{SVG}g") if "tile" in g.get("class", "").split()]


# -- the geometry ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(SAMPLES))
def test_geometry_pieces_do_not_overlap_and_cover_the_layout(name):
    lay = SAMPLES[name]()
    geo = lay.geometry()
    got = Counter("face down" if p.face_down else (min(p.first, p.second), max(p.first, p.second))
                  for p in geo.pieces)
    assert got == placed_tiles(lay)
    for i, a in enumerate(geo.pieces):
        assert {a.w, a.h} == {1, 2}
        for b in geo.pieces[i + 1:]:
            apart = a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y
            assert apart, (a, b)
    assert sum(p.last for p in geo.pieces) == 1
    assert len(geo.ends) == len(lay.values)
    json.dumps(geo.to_dict())


def test_geometry_directions_and_origins():
    geo = sample_spinner().geometry()
    ends = {e.name: e for e in geo.ends}
    assert [ends[n].direction for n in "LRNS"] == [WEST, EAST, NORTH, SOUTH]
    assert ends["N"].origin == ends["S"].origin == (1, 1)   # the flanks grow from the 5-5 on R
    spinner = next(p for p in geo.pieces if p.end == 1 and p.index == 1)
    assert spinner.crosswise and (spinner.w, spinner.h) == (1, 2)
    seat = sample_seat_arms().geometry()
    assert [e.direction for e in seat.ends] == [SOUTH, EAST, NORTH, WEST]   # play passes to the right
    assert [e.open_now for e in seat.ends] == [False, False, True, False]
    trains = sample_trains().geometry()
    assert trains.markers == [1] and [e.marker for e in trains.ends] == [False, True, False, False, False]
    assert [e.owner for e in trains.ends] == [0, 1, 2, 3, -1]


def test_geometry_hides_the_face_down_tile():
    lay = sample_figure()
    geo = lay.geometry()
    (down,) = [p for p in geo.pieces if p.face_down]
    assert down.tile == -1 and (down.first, down.second) == (-1, -1) and not down.crosswise
    assert down.last   # closing was the last thing done
    assert all(p["tile"] != parse_tile("0-0") for p in geo.to_dict()["pieces"])
    west = geo.ends[3]
    assert west.closed and west.label == "W closed" and west.state == "closed"


def test_end_labels():
    geo = sample_cross_opening().geometry()
    assert [e.label for e in geo.ends] == ["(N:1)", "(E:6)", "S:4", "W:4"]
    line = position(make_game("block", 2), [["1-2"], ["3-3"]], lead="6-6", placed=["6-3 R"]).layout.geometry()
    # rest="layout": every unnamed tile is on the table, so no 6 is left to match; 3-3 is held
    assert [e.label for e in line.ends] == ["L:6 dead", "R:3"]


def test_position_with_ends_only_draws_its_lead():
    st = position(make_game("block", 2), [["1-2"], ["3-4"]], ends=[5, 3])
    geo = st.layout.geometry()
    assert len(geo.pieces) == 1 and {geo.pieces[0].first, geo.pieces[0].second} <= set(range(7))


# -- SVG ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(SAMPLES))
def test_svg_shows_every_tile_once_at_its_cell(name):
    lay = SAMPLES[name]()
    geo = lay.geometry()
    doc = svg(geo, ["a caption"])
    groups = tile_groups(doc)
    assert len(groups) == len(geo.pieces)
    by_cell = Counter((g.get("data-x"), g.get("data-y"), g.get("data-w"), g.get("data-h")) for g in groups)
    assert all(n == 1 for n in by_cell.values())
    # the rectangles are where the cells say, at CELL pixels per cell
    centre = next(g for g in groups if g.get("data-end") == "centre")
    rect = centre.find(f"{SVG}rect")
    ox = float(rect.get("x")) - float(centre.get("data-x")) * CELL
    oy = float(rect.get("y")) - float(centre.get("data-y")) * CELL
    seen = Counter()
    for p in geo.pieces:
        match = [g for g in groups if (float(g.get("data-x")), float(g.get("data-y"))) == (p.x, p.y)]
        assert len(match) == 1, p
        g = match[0]
        r = g.find(f"{SVG}rect")
        assert float(r.get("x")) == pytest.approx(p.x * CELL + ox, abs=0.01)
        assert float(r.get("y")) == pytest.approx(p.y * CELL + oy, abs=0.01)
        assert float(r.get("width")) == pytest.approx(p.w * CELL - 3, abs=0.01)
        pips = g.findall(f"{SVG}circle")
        if p.face_down:
            assert g.get("data-tile") == "face-down" and "face-down" in g.get("class") and not pips
            seen["face down"] += 1
        else:
            assert g.get("data-tile") == f"{p.first}-{p.second}"
            assert len(pips) == p.first + p.second     # real pip dots
            seen[(min(p.first, p.second), max(p.first, p.second))] += 1
        assert ("last" in g.get("class").split()) == p.last
    assert seen == placed_tiles(lay)


@pytest.mark.parametrize("name", list(SAMPLES))
def test_svg_labels_every_end(name):
    geo = SAMPLES[name]().geometry()
    root = ET.fromstring(svg(geo))
    ends = [g for g in root.iter(f"{SVG}g") if g.get("class") == "end"]
    assert [(g.get("data-end"), g.get("data-value"), g.get("data-state")) for g in ends] == \
        [(e.name, str(e.value), e.state) for e in geo.ends]
    assert [g.find(f"{SVG}text").text for g in ends] == [e.label for e in geo.ends]


def test_svg_details():
    geo = sample_trains().geometry()
    doc = svg(geo)
    assert "T1:2 marker" in doc
    root = ET.fromstring(doc)
    assert root.get("width") and root.get("viewBox").startswith("0 0 ")
    # crosswise doubles stand across their row
    doubles = [g for g in tile_groups(doc) if g.get("data-tile") in ("1-1", "5-5", "0-0")]
    assert doubles and all((g.get("data-w"), g.get("data-h")) == ("1", "2") for g in doubles)
    sc = scene(geo)
    assert sc.width > 0 and sc.height > 0


def test_svg_of_an_empty_table_is_valid():
    lay = LAYOUTS["line"](make_game("block", 2).set_fits, make_game("block", 2).set_mask)
    root = ET.fromstring(svg(lay.geometry(), ["empty"]))
    assert not [g for g in root.iter(f"{SVG}g") if "tile" in g.get("class", "")]


def test_svg_pips_of_double_twelve():
    game = make_game("bergen", 2, {"spinner": "yes", "set": "double-12"})
    st = position(game, [["1-2"], ["3-9"]], lead="12-11", placed=["11-10 R", "12-12 L"], rest="aside")
    groups = tile_groups(svg(st.layout.geometry()))
    assert sorted(len(g.findall(f"{SVG}circle")) for g in groups) == [21, 23, 24]


# -- PNG ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["cross", "figure", "trains"])
def test_png_is_readable(name, tmp_path):
    Image = pytest.importorskip("PIL.Image")
    geo = SAMPLES[name]().geometry()
    out = tmp_path / "t.png"
    png(geo, out, ["caption"], scale=1)
    with Image.open(out) as im:
        im.load()
        sc = scene(geo, ["caption"])
        assert im.format == "PNG" and im.size == (sc.width, sc.height)
        # the centre tile's middle is ivory, the table's corner is felt
        centre = next(g for g in sc.groups if g.attrs.get("data-end") == "centre")
        _, x, y, w, h, *_ = centre.items[0]
        r, g, b = im.convert("RGB").getpixel((int(x + w / 2 + 3), int(y + 5)))
        assert min(r, g, b) > 200
        assert im.convert("RGB").getpixel((1, 1)) == (0x23, 0x63, 0x3F)


def test_png_without_pillow_says_what_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "PIL", None)
    with pytest.raises(PillowMissing, match=r"domine\[png\]"):
        png(sample_line().geometry(), tmp_path / "x.png")


# -- domine render ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def record(tmp_path_factory):
    rec = tmp_path_factory.mktemp("render") / "m.json"
    r = run("play", "cross", "--seats", "greedy,greedy,greedy", "--seed", "4", "-o", "target=20",
            "--record", str(rec), "--quiet")
    assert r.exit_code == 0
    return rec


def _final_layouts(path):
    """Every hand's layout after every move, by replaying the record."""
    from domine.records import load_record, replay
    out: dict = {}
    replay(load_record(path), visit=lambda h, m, st: out.__setitem__((h, m), placed_tiles(st.layout)
                                                                          if st.layout.lead >= 0 else Counter()))
    return out


def test_render_svg_default_is_the_last_position(record, tmp_path):
    out = tmp_path / "t.svg"
    r = run("render", str(record), "--svg", str(out))
    assert r.exit_code == 0 and "Wrote" in r.output
    data = json.loads(record.read_text())
    positions = _final_layouts(record)
    last = (len(data["hands"]), len(data["hands"][-1]["moves"]))
    groups = tile_groups(out.read_text())
    got = Counter(tuple(sorted(map(int, g.get("data-tile").split("-")))) for g in groups)
    assert got == positions[last]
    assert f"move {last[1]} of {last[1]}" in out.read_text()


def test_render_a_chosen_position(record, tmp_path):
    out = tmp_path / "t.svg"
    positions = _final_layouts(record)
    r = run("render", str(record), "--hand", "1", "--move", "7", "--svg", str(out))
    assert r.exit_code == 0
    groups = tile_groups(out.read_text())
    got = Counter(tuple(sorted(map(int, g.get("data-tile").split("-")))) for g in groups)
    assert got == positions[(1, 7)] and sum(got.values()) >= 1
    r = run("render", str(record), "--hand", "2", "--move", "0", "--svg", str(out))
    assert r.exit_code == 0 and len(tile_groups(out.read_text())) == sum(positions[(2, 0)].values())


def test_render_png(record, tmp_path):
    Image = pytest.importorskip("PIL.Image")
    out = tmp_path / "t.png"
    r = run("render", str(record), "--hand", "1", "--png", str(out))
    assert r.exit_code == 0
    with Image.open(out) as im:
        assert im.format == "PNG" and im.size[0] > 100


def test_render_png_without_pillow(record, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "PIL", None)
    r = run("render", str(record), "--png", str(tmp_path / "t.png"))
    assert r.exit_code == 2 and "domine[png]" in r.output and not (tmp_path / "t.png").exists()


@pytest.mark.parametrize("args, message", [
    (["--hand", "0"], "--hand 0"),
    (["--hand", "99"], "--hand 99"),
    (["--hand", "1", "--move", "-1"], "--move -1"),
    (["--hand", "1", "--move", "999"], "--move 999"),
    ([], "give --svg FILE or --png FILE"),
])
def test_render_usage_errors(record, tmp_path, args, message):
    extra = [] if not args or args[0] != "--hand" else ["--svg", str(tmp_path / "t.svg")]
    r = run("render", str(record), *args, *extra)
    assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output


def test_render_file_errors(record, tmp_path):
    r = run("render", str(tmp_path / "missing.json"), "--svg", str(tmp_path / "t.svg"))
    assert r.exit_code == 2 and "no such file" in r.output
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    r = run("render", str(bad), "--svg", str(tmp_path / "t.svg"))
    assert r.exit_code == 2 and "invalid record: not JSON" in r.output
    data = json.loads(record.read_text())
    data["hands"][0]["moves"][3] = "0: 9-9"
    bad.write_text(json.dumps(data))
    r = run("render", str(bad), "--svg", str(tmp_path / "t.svg"))
    assert r.exit_code == 2 and "invalid record: hand 1, move 4" in r.output
    r = run("render", str(record), "--svg", str(tmp_path / "no-such-folder" / "t.svg"))
    assert r.exit_code == 2 and "does not exist" in r.output
    r = run("render", str(record), "--svg", str(tmp_path))
    assert r.exit_code == 2 and "is a directory" in r.output
    r = run("render", str(record), "--svg", str(tmp_path / "a.svg"), "--png", str(tmp_path / "b.png"))
    assert r.exit_code == 2 and "one of them" in r.output


PICTURES = sorted((__import__("pathlib").Path(__file__).parent.parent / "docs" / "pictures").glob("*.json"))


@pytest.mark.parametrize("record", PICTURES, ids=[p.stem for p in PICTURES])
def test_the_documented_pictures_are_drawn_from_records_that_replay(record, tmp_path):
    out = tmp_path / "p.svg"
    r = run("render", str(record), "--hand", "1", "--svg", str(out))
    assert r.exit_code == 0, r.output
    assert out.read_text(encoding="utf-8") == record.with_suffix(".svg").read_text(encoding="utf-8")


# -- a long line snakes (issue 20, item 10) -----------------------------------------------------------
def _halves(p):
    """The centres of a piece's two halves, with their pips."""
    if p.w >= p.h:
        return [((p.x + 0.5, p.y + p.h / 2), p.first), ((p.x + p.w - 0.5, p.y + p.h / 2), p.second)]
    return [((p.x + p.w / 2, p.y + 0.5), p.first), ((p.x + p.w / 2, p.y + p.h - 0.5), p.second)]


def _facing(a, b) -> int:
    """The pips of ``a``'s half nearer the middle of ``b``."""
    mx, my = b.x + b.w / 2, b.y + b.h / 2
    return min(_halves(a), key=lambda h: abs(h[0][0] - mx) + abs(h[0][1] - my))[1]


def _touch(a, b) -> bool:
    """Two rectangles share a side (a stretch of positive length), without overlapping."""
    ax1, ay1, bx1, by1 = a.x + a.w, a.y + a.h, b.x + b.w, b.y + b.h
    if ax1 == b.x or bx1 == a.x:
        return min(ay1, by1) - max(a.y, b.y) > 0
    if ay1 == b.y or by1 == a.y:
        return min(ax1, bx1) - max(a.x, b.x) > 0
    return False


def long_lines():
    """Lines at the end of random hands of lightning and double-nine draw (many tiles laid)."""
    import random
    from domine.engine.match import Match
    out = []
    for game_id, players, options in (("lightning", 4, {}), ("lightning", 8, {}), ("bergen", 2, {"set": "double-9"}),
                                      ("all-fives", 2, {})):
        game = make_game(game_id, players, options)
        for seed in range(6):
            state = Match(game, seed=seed).start_hand()
            state.play_random(random.Random(seed).random)
            out.append(state.layout)
    return out


def test_a_long_line_snakes_within_the_width_every_tile_touching_the_next():
    from domine.engine.geometry import snake
    lines = long_lines()
    assert max(len(lay.arms[0]) + len(lay.arms[1]) for lay in lines) >= 20
    snaked = spinners = 0
    for lay in lines:
        geo = lay.geometry()
        out = snake(geo, 14)
        x0, y0, x1, y1 = out.bounds()
        if out is geo:   # a line that fits, or a spinner whose sides have tiles: as it was
            assert x1 - x0 <= 14 or len({p.y + p.h / 2 for p in geo.pieces}) > 1
            continue
        assert x1 - x0 <= 14 + 4          # the rows, a corner column each side, a double's overhang
        assert sorted((p.tile, p.last, p.face_down) for p in out.pieces) == \
            sorted((p.tile, p.last, p.face_down) for p in geo.pieces)
        for i, a in enumerate(out.pieces):
            for b in out.pieces[i + 1:]:
                assert a.x + a.w <= b.x or b.x + b.w <= a.x or a.y + a.h <= b.y or b.y + b.h <= a.y, (a, b)
        chain = out.pieces
        for a, b in zip(chain, chain[1:]):   # in the line's order, each touches the next
            assert _touch(a, b), (a, b)
            # the half of each nearer the other's middle shows the same pips
            assert _facing(a, b) == _facing(b, a), (a, b)
        assert [(e.name, e.value, e.label) for e in out.ends] == [(e.name, e.value, e.label) for e in geo.ends]
        for e in out.ends[2:]:   # a spinner's empty sides: labelled at the spinner, wherever it went
            spinner = next(p for p in out.pieces if (p.end, p.index) == e.origin)
            assert e.x == spinner.x + spinner.w / 2
            assert e.y == (spinner.y if e.direction == NORTH else spinner.y + spinner.h)
            spinners += 1
        if y1 - y0 > 2:
            snaked += 1
            last = out.pieces[-1]
            far = out.ends[1]   # R: the far end of the line
            # the far end's point lies on the last tile's outer side, pointing away from it
            dx, dy = far.direction
            assert far.x == (last.x + last.w if dx > 0 else last.x if dx < 0 else last.x + last.w / 2)
            assert far.y == (last.y + last.h if dy > 0 else last.y if dy < 0 else last.y + last.h / 2)
    assert snaked >= 5 and spinners >= 2


def test_a_short_line_and_other_layouts_keep_their_geometry():
    from domine.engine.geometry import snake
    for name, make in SAMPLES.items():
        geo = make().geometry()
        assert snake(geo, 14) == geo, name


@pytest.fixture(scope="module")
def lightning_record(tmp_path_factory):
    """A match of lightning whose first hand lays 22 tiles in a line (3,118 pixels wide before)."""
    rec = tmp_path_factory.mktemp("render") / "lightning.json"
    r = run("play", "lightning", "--seats", "greedy,greedy,greedy,greedy", "--seed", "14", "-o", "target=20",
            "--record", str(rec), "--quiet")
    assert r.exit_code == 0
    return rec


def test_render_of_a_long_line_keeps_a_table_s_proportions(lightning_record, tmp_path):
    from domine.render import MAX_WIDTH
    out = tmp_path / "t.svg"
    r = run("render", str(lightning_record), "--hand", "1", "--svg", str(out))
    assert r.exit_code == 0, r.output
    positions = _final_layouts(lightning_record)
    data = json.loads(lightning_record.read_text())
    laid = positions[(1, len(data["hands"][0]["moves"]))]
    assert sum(laid.values()) == 22
    root = ET.fromstring(out.read_text())
    width, height = int(root.get("width")), int(root.get("height"))
    assert width <= MAX_WIDTH and height > width / 2   # 1,559 x 206 before: a strip
    groups = tile_groups(out.read_text())
    got = Counter(tuple(sorted(map(int, g.get("data-tile").split("-")))) for g in groups)
    assert got == laid                                 # every tile drawn, once
    cells = {(g.get("data-x"), g.get("data-y")) for g in groups}
    assert len(cells) == len(groups)


def test_render_png_of_a_long_line_is_at_most_1600_pixels_wide(lightning_record, tmp_path):
    Image = pytest.importorskip("PIL.Image")
    out = tmp_path / "t.png"
    r = run("render", str(lightning_record), "--hand", "1", "--png", str(out))
    assert r.exit_code == 0, r.output
    with Image.open(out) as im:
        assert im.size[0] <= 1600 and im.size[1] > im.size[0] / 2
