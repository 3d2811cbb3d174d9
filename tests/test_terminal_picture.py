"""The terminal's picture of the table: drawn from the geometry, within 80 columns, every tile once.

The pictures are read back by ``read_tiles``: a row tile is ``[a|b]`` (``{a|b}`` when placed
last), a column tile or a crosswise double a three-line box whose top and bottom lines hold
its pips; face-down tiles are shaded with ``▒``.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from domine.games import make_game
from domine.engine.match import Match
from domine.engine.moves import placements_of
from domine.engine.position import position
from domine.terminal.table import LAST_STYLE, layout_picture, table_lines

from helpers import run
from test_render import SAMPLES, placed_tiles

ROW_TILE = re.compile(r"[\[{] *(\d+|▒+)\| *(\d+)[\]}]|[\[{](▒+)[\]}]")


def read_tiles(lines: list[str]) -> Counter:
    """The tiles a picture shows, as (low, high) pairs, and how many face down."""
    found: Counter = Counter()
    for line in lines:
        for m in ROW_TILE.finditer(line):
            if m.group(3):
                found["face down"] += 1
            else:
                a, b = int(m.group(1)), int(m.group(2))
                found[(min(a, b), max(a, b))] += 1
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch not in "┌╔":
                continue
            close = line.index("┐" if ch == "┌" else "╗", c)
            top = line[c + 1:close].strip()
            bottom = lines[r + 2][c + 1:close].strip()
            assert lines[r + 2][c] in "└╚", (r, c)
            if "▒" in top:
                found["face down"] += 1
            else:
                a, b = int(top), int(bottom)
                found[(min(a, b), max(a, b))] += 1
    return found


def plain(layout, width: int = 80, **kw) -> list[str]:
    return [t.plain for t in layout_picture(layout.geometry(), width, **kw)]


@pytest.mark.parametrize("name", list(SAMPLES))
def test_fixed_positions_fit_and_show_every_tile_once(name):
    lay = SAMPLES[name]()
    lines = plain(lay)
    assert lines and max(len(x) for x in lines) <= 80
    assert read_tiles(lines) == placed_tiles(lay)
    for e in lay.geometry().ends:   # every end labelled with what it needs
        assert e.label in "\n".join(lines)


def test_cross_in_its_opening_exactly():
    lines = [t.plain for t in table_lines(SAMPLES["cross opening"]())]
    assert lines == [
        "    (N:1)",
        "    ┌1┐",
        "    ├─┤",
        "    └4┘",
        "    ┌4┐",
        "W:4 ├─┤{4|6} (E:6)",
        "    └4┘",
        "    S:4",
        "open ends: S 4 · W 4 · not open yet: N 1, E 6",   # (N:1) and (E:6) wait for the opening
    ]


def test_line_with_crosswise_doubles_exactly():
    assert plain(SAMPLES["line"]()) == [
        "         ┌4┐          ┌5┐",
        "L:6 [6|4]├─┤[4|2][2|5]├─┤{5|1} R:1",
        "         └4┘          └5┘",
    ]


def test_figure_with_a_closed_arm_and_trains_with_a_marker():
    figure = "\n".join(plain(SAMPLES["figure"]()))
    assert "W closed {▒▒▒}[4|3]" in figure   # the face-down tile, placed last
    trains = plain(SAMPLES["trains"]())
    assert any(line.endswith("[6|2] T1:2 marker") for line in trains)
    assert any("{0|2} M:2" in line for line in trains)
    seat = plain(SAMPLES["seat arms"]())
    assert seat[0].strip() == "A2:0" and seat[-1].strip() == "(A0:4)"   # only seat 2's arm is usable
    assert "(A3:4) {4|3}" in "\n".join(seat)


def test_last_tile_is_highlighted():
    lines = layout_picture(SAMPLES["cross opening"]().geometry())
    styled = [(line.plain[s.start:s.end], s.style) for line in lines for s in line.spans]
    assert ("{4|6}", LAST_STYLE) in styled


def _played(game_id, players, seed, options=None, steps=10_000):
    game = make_game(game_id, players, options or {})
    state = Match(game, seed=seed).start_hand()
    rnd = random.Random(seed)
    while not state.over and steps:
        moves = state.legal_moves()
        places = [m for m in moves if placements_of(m)]
        state.apply(rnd.choice(places or moves))
        steps -= 1
    return state


@pytest.mark.parametrize("game_id, players, options", [
    ("block", 2, {}), ("draw", 4, {}), ("cross", 4, {}), ("cross", 2, {}),
    ("bergen", 4, {"spinner": "yes", "set": "double-9"}), ("bergen", 4, {"spinner": "yes", "set": "double-12"}),
    ("block", 4, {"double_nine": "yes"}), ("draw", 2, {"set": "double-eight"}),
    ("cross", 4, {"set": "double-twelve"}), ("four-crosses", 2, {"set": "double-twelve"}),
    ("sevastopol", 4, {"set": "double-nine"}), ("all-fives", 3, {"set": "double-twelve"}),
])
@pytest.mark.parametrize("seed", range(4))
def test_played_hands_fit_78_columns_with_every_tile_once(game_id, players, options, seed):
    lay = _played(game_id, players, seed, options).layout
    lines = [t.plain for t in table_lines(lay, 78)]
    assert max(len(x) for x in lines) <= 78
    assert read_tiles(lines[:-1]) == placed_tiles(lay)


def test_a_long_line_folds_into_rows():
    lay = _played("draw", 4, 5).layout
    lines = plain(lay)
    assert len(lines) > 3 and max(len(x) for x in lines) <= 80
    assert lines[1].rstrip().endswith("…") and lines[-2].lstrip().startswith("…")
    assert read_tiles(lines) == placed_tiles(lay)


def long_cross():
    """A cross whose N and E arms are too long for a small picture."""
    return position(make_game("cross", 4), [["0-0"], ["1-1"], [], []], lead="4-4", rest="aside", placed=[
        "4-1 N", "4-6 E", "4-5 S", "4-2 W", "1-3 N", "3-5 N", "5-6 N", "6-2 N", "2-0 N", "0-3 N",
        "6-0 E", "0-1 E", "1-5 E", "5-2 E", "2-3 E", "3-6 E", "6-6 E", "6-1 E", "2-2 W"]).layout


def test_a_long_arm_goes_on_in_a_labelled_row():
    lay = long_cross()
    full = plain(lay, height=40)
    assert not any("…" in x for x in full) and read_tiles(full) == placed_tiles(lay)
    lines = plain(lay, height=12)
    assert max(len(x) for x in lines) <= 80
    assert any(re.match(r"^N… \[1\|3\]", x) for x in lines), lines     # N goes on below, touching half first
    assert any(x.strip() == "N…" for x in lines)                        # where the picture cuts it
    assert read_tiles(lines) == placed_tiles(lay)
    narrow = plain(lay, 40, height=12)
    assert max(len(x) for x in narrow) <= 40 and read_tiles(narrow) == placed_tiles(lay)
    assert any(re.match(r"^E… ", x) for x in narrow)


def test_empty_table():
    lay = make_game("block", 2).new_layout()
    assert [t.plain for t in table_lines(lay)] == ["(empty table: the next tile placed is the lead)"]


def test_position_given_by_ends_only():
    st = position(make_game("block", 2), [["1-2"], ["3-4"]], ends=[5, 3])
    lines = [t.plain for t in table_lines(st.layout)]
    assert lines[-1] == "open ends: L 5 · R 3" and max(len(x) for x in lines) <= 80


def test_play_screen_shows_the_picture_when_piped():
    r = run("play", "cross", "--seats", "greedy,greedy", "--seed", "3", "-o", "target=10")
    assert r.exit_code == 0
    assert "Table at the end:" in r.output and "├─┤" in r.output and "\x1b[" not in r.output
    typed = ["1"] * 200
    r = run("play", "block", "--seed", "1", input="\n".join(typed) + "\n")
    assert "Table:" in r.output and "open ends:" in r.output
    assert all(len(line) <= 80 for line in r.output.splitlines() if "[" in line and "|" in line)


def test_a_picture_too_narrow_for_its_shape_lists_its_arms():
    lay = SAMPLES["spinner"]()   # the flanks hang off the 5-5 on R: R cannot be cut before it
    lines = plain(lay, 14, height=10)
    assert lines[0] == "centre [4|2]" and lines[1] == "L [4|8] L:8"
    assert max(len(x) for x in lines) <= 14 and read_tiles(lines) == placed_tiles(lay)
